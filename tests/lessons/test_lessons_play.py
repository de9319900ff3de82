"""Every lesson of every game, played by the engine with its expected moves to its last step:
at each task a wrong legal move gets its hint and an illegal one the rules' reason, and the
numbers of every step are the state's."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import orcz
import pirates
from common import lessons as L
from common.engine import get_game
from common.errors import IllegalAction
from orcz import data as OD
from pirates import data as PD

GAMES = ("orcz", "pirates")
LESSONS = {game: L.read_lessons(game) for game in GAMES}
CASES = [(game, lesson.id) for game in GAMES for lesson in LESSONS[game]]


def _lesson(game: str, lesson_id: str) -> L.Lesson:
    return next(lesson for lesson in LESSONS[game] if lesson.id == lesson_id)


def _illegal_candidates(game: str, seat: int) -> list[Any]:
    if game == "orcz":
        return [orcz.PlaceRank(seat, "urth", "archer-1", "archer-2", "left"),
                orcz.PlaceRank(seat, "urth", "scout", "infantry-1", "left"),
                orcz.Hold(seat, "thirst"), orcz.Scout(seat, "urth", 9, "left")]
    return [pirates.action_from_json(data) for data in (
        {"type": "navigate", "seat": seat, "island": 7},
        {"type": "fire", "seat": seat, "target": seat, "section": "hull"},
        {"type": "bury", "seat": seat, "chests": 99, "bags": 0},
        {"type": "flee", "seat": seat})]


def _an_illegal_move(run: L.Run) -> tuple[Any, str]:
    game = run.game
    for action in _illegal_candidates(run.lesson.game, run.lesson.seat):
        try:
            game.apply(run.state, action)
        except IllegalAction as err:
            return action, str(err)
    raise AssertionError("no illegal move found")


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_lesson_plays_to_its_last_step(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    run = L.start(lesson)
    module = get_game(game)
    while not run.finished:
        step = run.step
        assert step is not None and run.counter == f"step {step.number} of {len(lesson.steps)}"
        assert step.rules and step.board and run.text
        if step.kind == L.READ:
            assert L.check(run, None).kind == L.NOT_A_TASK
            run = L.advance(run)
            continue
        expected = L.expected_action(run)
        assert L.check(run, expected) == L.Verdict(L.OK)
        fitting = set(map(repr, L.matching_actions(run)))
        wrong = [a for a in module.legal_actions(run.state, lesson.seat)
                 if repr(a) not in fitting]
        if wrong:
            assert L.check(run, wrong[0]) == L.Verdict(L.HINT, step.hint)
        illegal, reason = _an_illegal_move(run)
        assert L.check(run, illegal) == L.Verdict(L.ILLEGAL, reason)
        run = L.advance(run, expected)
    assert run.finished and run.step is None


# ---------------------------------------------------------------- the numbers are the state's

def _orcz_truth(state: orcz.State, seat: int, path: str) -> int | None:
    """The value a placeholder path stands for, worked out from the raw state (not the view)."""
    names = state.players
    parts = path.split(".")
    count = state.seat_count
    fields = {f.id: state.fields[f.index] for f in OD.BATTLEFIELDS}
    kind = OD.EVENT_BY_ID[state.event].kind if state.event else ""
    rules: dict[str, Callable[[], int]] = {
        "round": lambda: state.round,
        "rounds": lambda: state.rounds,
        "hand.len": lambda: bin(state.hands[seat]).count("1"),
        "players.len": lambda: count,
        "pending.amount": lambda: state.pending.amount,
    }
    if path in rules:
        return rules[path]()
    if parts[0] == "players" and len(parts) == 3 and parts[2] == "goblins":
        return state.goblins[names.index(parts[1])]
    if parts[0] == "players" and parts[2:] == ["spent_heroes", "len"]:
        return bin(state.spent[names.index(parts[1])]).count("1")
    if parts[0] == "battlefields" and len(parts) >= 3:
        field = fields[parts[1]]
        rest = ".".join(parts[2:])
        enemy = OD.ENEMY_BY_ID[field.enemy] if field.enemy else None
        values: dict[str, Callable[[], int]] = {
            "stack": lambda: len(field.stack),
            "column.len": lambda: len(field.column),
            "aside.len": lambda: len(field.aside),
        }
        if enemy is not None:
            values["needed"] = lambda: enemy.main * count + (count if kind == "reinforcements"
                                                             else 0)
            values["enemy.main"] = lambda: enemy.main
            values["enemy.secondary"] = lambda: enemy.secondary
        if rest in values:
            return values[rest]()
    return None


def _pirates_truth(state: pirates.State, seat: int, path: str) -> int | None:
    """The value a placeholder path stands for, worked out from the raw state (not the view)."""
    parts = path.split(".")
    if path == "month":
        return state.month
    if path == "treasury_chests":
        return state.supply
    if path == "players.len":
        return state.seat_count
    if parts[0] != "players" or len(parts) < 3:
        return None
    ship = state.ships[state.players.index(parts[1])]
    plain = {"gold": ship.gold, "chests": ship.chests, "fame": ship.fame,
             "cards_in_hand": len(ship.hand)}
    if len(parts) == 3 and parts[2] in plain:
        return plain[parts[2]]
    if parts[2] == "speed":
        bonus = ship.parrot != -1 and PD.TAVERN[ship.parrot].effect == PD.TRELAWNEY
        return PD.value(PD.SAILS, ship.levels[PD.SAILS]) + 20 * bonus
    if len(parts) == 4 and parts[3] in PD.SECTION_INDEX:
        section = PD.SECTION_INDEX[parts[3]]
        level = ship.levels[section]
        return level if parts[2] == "levels" else PD.VALUES[section][max(level, 0)]
    return None


_TRUTH: dict[str, Callable[[Any, int, str], int | None]] = {
    "orcz": _orcz_truth, "pirates": _pirates_truth,
}


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_number_in_a_step_is_the_states(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    run = L.start(lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        typed = re.sub(r"\{[^{}]*\}", "", step.text)
        for number in re.findall(r"(?<![\w-])\d+(?![\w-])", typed):
            # A number typed in the text must be a rule's constant or part of a card's name.
            assert _constant(game, number, typed), (
                f"{lesson_id} step {step.number}: {number} typed in")
        for path in L.placeholders(step.text):
            if "@" in path:
                continue
            truth = _TRUTH[game](run.state, lesson.seat, path)
            if truth is not None:
                assert L.fill(lesson, run.state, "{" + path + "}") == str(truth), path
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)


# The numbers a lesson may write: card names and the rules' own constants, never the state's.
_CONSTANTS = {
    "orcz": re.compile(
        r"(Infantry|Archer|Cavalry) \d|\d+ goblins? to the bank|\d goblin: you|pays you 1 goblin|"
        r"pay Bob 1 goblin|\d+ seconds|fewer than \d battlefields|strength of \d to \d|"
        r"\d extra|strength \d to \d|Infantry \d and \d|\d+ and \d+|Cavalry \d|lesson \d|"
        r"round 1 is"),
    "pirates": re.compile(
        r"positions? \d( to \d)?|\d+ gold|\d+ dice|\d+ fame|\d+ Tavern cards|up to \d|"
        r"\d (to|and) \d|\d = \d gold|\+\d+|\d \+ \d|\(\d[^)]*\)|speed \d+|hull \d|island \d|"
        r"\d \{islands|month \d+|[Tt]he box holds \d+|\d+ chests|\d bags|hits? on \d|\d hits|"
        r"\d copies|first two|next two|\d per|only \d+s|month \d+|Bury \d+|"
        r"(on|to|below|his|back to) \d\b|\d , |\d  and|\d  in the|\d or \d|\d card|"
        r"lesson \d+|\d legendary pirate cards|a 6 is rolled"),
}


def _constant(game: str, number: str, text: str) -> bool:
    return any(number in m.group(0) for m in _CONSTANTS[game].finditer(text))


# ---------------------------------------------------------------- coverage

@pytest.mark.parametrize("game", GAMES)
def test_every_rule_and_ruling_id_is_taught_and_no_lesson_names_an_unknown_one(game: str) -> None:
    table = L.coverage(LESSONS[game])
    known = L.known_rule_ids(game)
    assert [rule for rule in known if rule not in table] == []
    assert [rule for rule in table if rule not in known] == []
    assert all(table.values())


# The parts of the board a step may point at: the screen frames exactly these (the exact rank or
# section in one, marked, is checked by tests/lessons/test_lesson_targets.py).
_BOARD = {
    "orcz": re.compile(r"players|battlefields|hand(:\w+)?|goblins|event|"
                       r"battlefield:(lothari|urth|falladir|thirst)"),
    "pirates": re.compile(r"players|islands|hand(:\w+)?|combat|island:[1-7]|ship:\w+"),
}


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_step_points_at_a_part_of_the_board_the_screen_knows(game: str,
                                                                   lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    for step in lesson.steps:
        region = step.target.region
        assert _BOARD[game].fullmatch(region), f"step {step.number}: {step.board}"
        if region.startswith(("ship:", "hand:")):
            assert step.target.which in lesson.players


def test_a_step_that_shows_another_seat_shows_what_that_seat_sees() -> None:
    """Secrecy lessons show another seat's own view beside the learner's, and it hides what the
    learner knows: Bob's scouted card is face down for Cid, face up for Ann."""
    seen = 0
    for game in GAMES:
        module = get_game(game)
        for lesson in LESSONS[game]:
            run = L.start(lesson)
            while not run.finished:
                step = run.step
                assert step is not None
                other = run.other_view()
                if step.show:
                    assert other is not None and other[0] == step.show
                    assert other[1] == module.view(run.state, lesson.players.index(step.show))
                    assert other[1] != run.view()
                    seen += 1
                else:
                    assert other is None
                run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    assert seen >= 3
    scout = next(lesson for lesson in LESSONS["orcz"] if lesson.id == "05_the_scout")
    run = L.start(scout)
    while run.step is not None and not run.step.show:
        step = run.step
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    other = run.other_view()
    assert other is not None
    mine = run.view()["battlefields"][1]["column"][1]["right"]
    theirs = other[1]["battlefields"][1]["column"][1]["right"]
    assert mine["id"] == "infantry-3" and theirs == {"id": None, "face_down": True}
