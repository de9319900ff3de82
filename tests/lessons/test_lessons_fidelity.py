"""Statements of the lessons checked against the French seed (/work/shared/seeds/): each test
names the place of the rules it holds a lesson to."""

from __future__ import annotations

import pirates
from common import lessons as L

LESSONS = {lesson.id: lesson for lesson in L.read_lessons("pirates")}


def _texts(lesson_id: str) -> list[str]:
    """Every step's text as the learner reads it, playing the expected moves."""
    run = L.start(LESSONS[lesson_id])
    out = []
    while not run.finished:
        step = run.step
        assert step is not None
        out.append(run.text)
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    return out


def _at(lesson_id: str, number: int) -> L.Run:
    run = L.start(LESSONS[lesson_id])
    while run.step is not None and run.step.number < number:
        step = run.step
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    return run


def test_p_r19_escape_never_joins_an_occupied_island_in_lesson_4() -> None:
    said = " ".join(_texts("04_secret_navigation"))
    assert "Escape to join" not in said and "no ship on it" in said


def test_shipowner_is_played_in_the_island_effects_in_lesson_12() -> None:
    first = _texts("12_event_cards")[0]
    assert "around navigation" not in first and "Shipowner in the island effects" in first


def test_fame_cards_make_a_last_month_purchase_worth_it_in_lesson_15() -> None:
    said = " ".join(_texts("15_the_end"))
    assert "Fame card" in said and "you could buy cards, but" not in said


def test_lesson_15_never_invites_a_purchase_its_task_refuses() -> None:
    """It said "in a game, buying can still pay", then turned a purchase down: the task says
    the lesson skips the Tavern before it asks to end the turn."""
    lesson = next(x for x in L.read_lessons("pirates", "en") if x.id == "15_the_end")
    task = next(step for step in lesson.steps if step.kind == L.TASK)
    assert "can still pay" not in task.text and "skips the Tavern" in task.text
    assert task.expect == ({"type": "done"},)


def test_burying_everything_is_the_goal_on_treasure_island_in_lesson_14() -> None:
    run = _at("14_treasure_island_and_fame", 2)
    ship = run.state.ships[0]
    everything = pirates.action_from_json(
        {"type": "bury", "seat": 0, "chests": ship.chests, "bags": ship.gold // 3})
    assert L.check(run, everything) == L.Verdict(L.OK)
    less = pirates.action_from_json({"type": "bury", "seat": 0, "chests": 10, "bags": 2})
    verdict = L.check(run, less)
    assert verdict.kind == L.HINT and "unburied" in verdict.message


def test_p_r5_the_box_has_six_legendary_cards_two_described_in_lesson_9() -> None:
    first = _texts("09_legendary_pirates")[0]
    assert "6 legendary pirate cards" in first and "describe only two" in first


def test_lesson_8_never_calls_a_repaired_hull_destroyed() -> None:
    run = _at("08_pirates_cove", 1)
    assert run.state.ships[0].levels[pirates.data.HULL] >= 0  # repaired before step 1
    assert "Hull was destroyed" not in run.text and "already shows the Hull repaired" in run.text


def test_no_step_carries_a_note_for_developers() -> None:
    """O-R1/O-R2 (troop and enemy strengths), P-R2 (the mat's track) and the parrots' sections
    are reconstructed from the rules; that is said in the rulings (``hotseat rules --rulings``),
    not to a learner on the board, in either language; nor the seed's Mastercraft variant."""
    notes = ("reconstructed", "reconstitu", "the rules print", "variant", "variante")
    for game in ("orcz", "pirates"):
        for lang in ("en", "fr"):
            for lesson in L.read_lessons(game, lang):
                for step in lesson.steps:
                    assert not any(note in step.text for note in notes), (lesson.id, step.text)


def test_plunder_is_told_in_numbers_from_the_state_not_the_card_in_lessons_12_and_14() -> None:
    """The log names the Treasure card (2 chests, doubled; 3 chests when 2 were left): the lesson
    states what the ship holds instead."""
    assert "log.kind=plunder" not in LESSONS["12_event_cards"].steps[3].text
    assert "log.kind=plunder" not in LESSONS["14_treasure_island_and_fame"].steps[0].text


def test_lesson_3_states_the_plunder_the_card_gave_not_the_ships_total() -> None:
    """Seed (Pillage): the ship takes the island's Treasure card (here 1 gold, 2 chests); it had
    5 gold before, so a total of 6 must never read as the plunder."""
    text = _at("03_a_month", 5).text
    assert "6 gold, 2 chests" not in text
    assert "2 chests came to you" in text and "your gold is now 6" in text


def test_the_first_lesson_of_each_game_points_to_the_glossary_key() -> None:
    """The board speaks in short forms ("H2:4 1c 3d", "▒▒B▒▒▒"): g explains them (l in French,
    where g puts the left card face down), and the first lesson says so, in both languages."""
    for game, first in (("orcz", "01_the_table"), ("pirates", "01_your_ship")):
        for lang, words in (("en", "The key g explains"),
                            ("fr", "La touche l explique")):
            lesson = next(x for x in L.read_lessons(game, lang) if x.id == first)
            assert any(words in step.text for step in lesson.steps), (game, lang)
