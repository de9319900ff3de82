"""Right on every statement: what a step says is what the learner's own view shows
at that step, and a lesson never moves on while a decision of the learner's is pending."""

from __future__ import annotations

import re
from typing import Any

import pytest

import pirates
from common import lessons as L

LESSONS = {game: {x.id: x for x in L.read_lessons(game)} for game in ("orcz", "pirates")}
CASES = [(game, lesson_id) for game, table in LESSONS.items()
         for lesson_id, lesson in table.items() if not lesson.capstone]


def _steps(lesson: L.Lesson) -> list[tuple[L.Run, L.Run]]:
    """Each step as the learner meets it, with the run right after its move and replies (before
    a next scene is set up): the lesson played with its expected moves."""
    out = []
    run = L.start(lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        moved = L._moved(run, L.expected_action(run) if step.kind == L.TASK else None)
        out.append((run, moved))
        run = L._entered(moved)
    return out


# ---------------------------------------------------------------- no decision skipped

# A deployment turn and a month's opening (the event window, the course) are the game's
# ordinary next moves; any other decision the learner owes (a fight, a hand-out, an imposed
# payment, a combat's volley) must be offered before the board is set up anew.
ORDINARY_TURN = {"deploy", "before_navigation", "navigation", "after_navigation"}


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_a_lesson_never_moves_past_a_decision_pending_for_the_learner(
        game: str, lesson_id: str) -> None:
    lesson = LESSONS[game][lesson_id]
    for before, moved in _steps(lesson):
        following = moved.step
        if following is None or following.position is None:
            continue
        kind = _decision(moved.game.view(moved.state, lesson.seat))
        owed = lesson.seat in moved.game.to_act(moved.state)
        assert not owed or kind in ORDINARY_TURN, (
            f"{lesson_id}: after step {before.index + 1} the learner still owes {kind!r}, "
            f"and step {following.number} sets a new position")


def _decision(view: dict[str, Any]) -> str:
    """The kind of decision the learner's view says is pending (Orcz: ``pending.kind``;
    Pirate's Cove: the phase)."""
    return str((view.get("pending") or {}).get("kind") or view.get("phase"))


# ---------------------------------------------------------------- cards named

_CARD = r"(Infantry|Archer|Cavalry) (\d)"


def _seen_cards(view: dict[str, Any]) -> dict[int, set[str]]:
    """Every troop card the learner's view shows as a player's: face up in a column or set
    aside, turned up or placed face up in the log, and the learner's own hand."""
    seen: dict[int, set[str]] = {}
    for field in view["battlefields"]:
        for rank in [*field["column"], *field["aside"]]:
            for side in ("left", "right"):
                card = rank.get(side) or {}
                if card.get("id") and not card.get("face_down"):
                    seen.setdefault(rank["owner"], set()).add(card["id"])
    for entry in view["log"]:
        if entry["kind"] == "revealed":
            seen.setdefault(entry["owner"], set()).add(entry["card"])
        elif entry["kind"] == "placed":
            seen.setdefault(entry["seat"], set()).add(entry["up_card"])
        elif entry["kind"] in ("placed_hidden", "scout_seen") and entry.get("card"):
            seen.setdefault(entry.get("owner", entry["seat"]), set()).add(entry["card"])
    seen.setdefault(view["seat"], set()).update(c for c in view.get("hand", ()) if c)
    return seen


def _named(text: str, players: tuple[str, ...], learner: int) -> list[tuple[int, str]]:
    """(seat, card id) for every "Bob's Archer 1", "his Archer 1" (the last player named) and
    "your Archer 1" the text states."""
    names = "|".join(players)
    pattern = (rf"\b(?P<who>{names})'s {_CARD}|\b(?P<pron>[Hh]is|[Yy]our) {_CARD}"
               rf"|\b(?P<name>{names})\b")
    out = []
    owner = learner
    for match in re.finditer(pattern, text):
        if match.group("name"):
            owner = players.index(match.group("name"))
            continue
        kind, number = match.group(0).rsplit(" ", 2)[-2:]
        if match.group("who"):
            owner = players.index(match.group("who"))
        seat = learner if (match.group("pron") or "").lower() == "your" else owner
        out.append((seat, f"{kind.lower()}-{number}"))
    return out


@pytest.mark.parametrize("lesson_id", sorted(x for g, x in CASES if g == "orcz"))
def test_every_card_a_step_names_is_in_the_learners_own_view(lesson_id: str) -> None:
    lesson = LESSONS["orcz"][lesson_id]
    for run, _ in _steps(lesson):
        seen = _seen_cards(run.view())
        for seat, card in _named(run.text, lesson.players, lesson.seat):
            assert card in seen.get(seat, set()), (
                f"{lesson_id} step {run.index + 1} names {lesson.players[seat]}'s {card}, "
                "which the learner cannot see")


def test_the_others_goblins_are_never_told_in_orcz() -> None:
    """Goblins are secret (the learner's view shows none but their own): no step may rank the
    other players by goblins (lesson 8, step 3 once did)."""
    for lesson in LESSONS["orcz"].values():
        for run, _ in _steps(lesson):
            assert not re.search(r"(most|fewest|more|fewer) goblins \(", run.text), lesson.id
            assert "owns the most goblins" not in run.text, (lesson.id, run.index + 1)


@pytest.mark.parametrize("section", ["hull", "sails", "crew", "cannons"])
def test_shipowner_is_told_on_the_section_the_learner_chose(section: str) -> None:
    """Pirate's Cove lesson 5, step 5 once said "Your Cannons are on 1 now" after Shipowner on
    Sails: the step now states what the learner's view shows of their own choice."""
    run = L.start(LESSONS["pirates"]["05_the_islands"])
    while run.step is not None and run.step.number < 4:  # to the Shipowner task
        run = L.advance(run, L.expected_action(run) if run.step.kind == L.TASK else None)
    chosen = pirates.action_from_json({"type": "shipowner", "seat": 0, "section": section})
    run = L.advance(run, chosen)
    level = run.view()["players"][0]["levels"][section]
    assert f"{section} up to {level}" in run.text
    others = {"hull", "sails", "crew", "cannons"} - {section}
    assert not any(re.search(rf"\b{other}\b", run.text, re.IGNORECASE) for other in others)


def test_orcz_lesson_6s_tie_names_the_enemy_that_fought_and_says_it_is_gone() -> None:
    """The tie of the Desert of Thirst: its enemy was beaten, so the board no longer shows it;
    the step says so, and the values it gives are that enemy's (the battle's own)."""
    lesson = LESSONS["orcz"]["06_the_battle"]
    run = next(run for run, _ in _steps(lesson)
               if run.step is not None and run.step.board == "battlefield:thirst")
    battle = [e for e in run.game.events(run.state, 0) if e["kind"] == "battle"][-1]
    _, main, secondary = battle["enemy"].rsplit("-", 2)
    thirst = next(x for x in run.view()["battlefields"] if x["id"] == "thirst")
    assert thirst["enemy"] != battle["enemy"]  # beaten: the board no longer shows it
    assert f"(now gone) was worth {main} and {secondary}" in run.text
