"""Coverage that checks teaching, not tags: every rule and ruling id has an
observable (common/lessons/observables.py, ``Observable``: words, and an event, an action or a
view), and every step tagged with an id shows it at work when the lesson is played; a tag moved
to a step that has nothing to do with it fails. Steps are short; the rules the seeds state that
the lessons once missed are taught."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from common import lessons as L

GAMES = ("orcz", "pirates")
LESSONS = {game: L.read_lessons(game) for game in GAMES}
OBSERVABLES = {game: L.read_observables(game) for game in GAMES}
FOLDER = {game: Path(__file__).parents[2] / game / "lessons" for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_has_an_observable_and_no_observable_names_an_unknown_id(game: str) -> None:
    known = L.known_rule_ids(game)
    assert [rule for rule in known if rule not in OBSERVABLES[game]] == []
    assert [rule for rule in OBSERVABLES[game] if rule not in known] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_tagged_step_shows_its_rule_at_work(game: str) -> None:
    missing = [line for lesson in LESSONS[game] for line in L.untaught(lesson, OBSERVABLES[game])]
    assert missing == []


def _lesson_text(game: str, lesson_id: str) -> str:
    return (FOLDER[game] / f"{lesson_id}.toml").read_text(encoding="utf-8")


def test_the_storm_tag_moved_to_the_first_step_of_the_table_fails() -> None:
    text = _lesson_text("orcz", "01_the_table").replace(
        'rules = ["O:what-you-have", "O:what-is-secret"]',
        'rules = ["O:what-you-have", "O:what-is-secret", "O:events/storm"]', 1)
    moved = L.load(text, "01_the_table")
    assert moved.steps[0].rules == ("O:what-you-have", "O:what-is-secret", "O:events/storm")
    (line,) = L.untaught(moved, OBSERVABLES["orcz"])
    assert line.startswith("01_the_table#1 O:events/storm: lacks")


def test_the_fog_step_cut_to_press_enter_fails() -> None:
    original = _lesson_text("orcz", "07_events")
    fog = original.index('rules = ["O:events/fog"')
    cut = original[:fog] + original[fog:].replace("{event.name}: {event.text}", "Press Enter.", 1)
    assert cut != original
    lines = L.untaught(L.load(cut, "07_events"), OBSERVABLES["orcz"])
    number = original[:fog].count("[[steps]]")  # the fog step's own heading is before it
    assert [line.split(":", 1)[0] for line in lines] == [f"07_events#{number} O"]
    assert "O:events/fog: lacks the words" in lines[0]


def test_a_letter_of_marque_tag_on_a_step_with_no_letter_fails() -> None:
    text = _lesson_text("pirates", "03_a_month").replace(
        'rules = ["P:a-month/island-effects"]', 'rules = ["P:a-month/island-effects", "P-R18"]', 1)
    lines = L.untaught(L.load(text, "03_a_month"), OBSERVABLES["pirates"])
    assert len(lines) == 1 and "P-R18: lacks" in lines[0]


def test_an_observable_needs_words_and_a_sign() -> None:
    with pytest.raises(ValueError):
        L.parse_observables('"O:x" = { words = "x" }')
    with pytest.raises(ValueError):
        L.parse_observables('"O:x" = { event = "battle" }')
    parsed = L.parse_observables(
        '"O:x" = [{ words = "a", event = "b" }, { words = "c", view = { d = 1 } }]')
    assert len(parsed["O:x"].signs) == 2


def test_an_observable_naming_an_unknown_test_is_refused_when_read() -> None:
    with pytest.raises(ValueError, match=r"unknown test\(s\) more_than"):
        L.parse_observables('"O:x" = { words = "a", view = { d = { more_than = 3 } } }')
    parsed = L.parse_observables('"O:x" = { words = "a", view = { d = { at_least = 3 } } }')
    assert parsed["O:x"].signs[0].view == {"d": {"at_least": 3}}


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_at_most_80_words(game: str) -> None:
    long = []
    for lesson in LESSONS[game]:
        for window, step in zip(L.windows(lesson), lesson.steps, strict=True):
            if len(window.text.split()) > 80:
                long.append(f"{lesson.id}#{step.number}: {len(window.text.split())} words")
    assert long == []


# The seeds' rules no lesson once taught: each is said, in the lesson named.
SEED_RULES = [
    ("orcz", "01_the_table", r"first player of round 1 is drawn at random"),
    ("orcz", "03_fights", r"in a random order"),
    ("orcz", "02_placing_ranks", r"no limit .* ranks .* battlefield may stay empty"),
    ("pirates", "02_outfitting", r"Gold spent goes to Treasure Island"),
    ("pirates", "09_legendary_pirates", r"plays no card, and no card is ever played for it \(nor "
                                        r"for the Navy\)"),
    ("pirates", "06_combat", r"discarded when it ends"),
    ("pirates", "09_legendary_pirates", r"It never flees"),
    ("pirates", "10_the_royal_navy", r"the Navy itself never flees"),
    ("pirates", "05_the_islands", r"empty Tavern deck is reshuffled"),
    ("pirates", "09_legendary_pirates", r"wrecks one of its own sections .* still gets its share"),
    ("pirates", "12_event_cards", r"a 6 is rolled again"),
    ("pirates", "11_battle_and_volley_cards", r"had it destroyed them, you would retreat"),
]


@pytest.mark.parametrize(("game", "lesson_id", "words"), SEED_RULES)
def test_a_rule_of_the_seed_is_taught(game: str, lesson_id: str, words: str) -> None:
    lesson = next(x for x in LESSONS[game] if x.id == lesson_id)
    said = " ".join(w.text for w in L.windows(lesson))
    assert re.search(words, said), words


def test_a_goal_is_checked_on_the_state_the_move_makes() -> None:
    """Pirate's Cove lesson 15: "win the final combat" takes any volley that cripples Bart (his
    Hull on 0, his Crew and Cannons on 1: two hits push them off), not one at his Sails (on 2)."""
    import pirates

    lesson = next(x for x in LESSONS["pirates"] if x.id == "15_the_end")
    run = L.start(lesson)
    while run.step is not None and not run.step.goal:
        step = run.step
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    step = run.step
    assert step is not None

    def fire(section: str) -> L.Verdict:
        return L.check(run, pirates.action_from_json(
            {"type": "fire", "seat": 0, "target": 1, "section": section}))

    assert fire("crew") == fire("hull") == fire("cannons") == L.Verdict(L.OK)
    assert fire("sails") == L.Verdict(L.HINT, step.hint)
