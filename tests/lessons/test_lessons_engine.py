"""The lesson engine (common/lessons/): refusals at load, moving around, the coverage table."""

from __future__ import annotations

import pytest

import orcz
from common import lessons as L

BOB_MOVE = ('{ type = "place_rank", seat = 1, battlefield = "urth", left = "infantry-1", '
            'right = "archer-1", face_down = "left" }')
GOOD = '''
title = "A test lesson"
teaches = "placing"
game = "orcz"
players = ["Ann", "Bob"]
seat = 0
seed = 3

[setup]
first_player = 0
event = "favour-thirst"

[[steps]]
rules = ["O:deployment"]
board = "hand"
text = "You own {players.Ann.goblins} goblins and hold {hand.len} cards."

[[steps]]
rules = ["O:deployment"]
board = "battlefield:urth"
text = "Place a rank on the Valley of Urth."
expect = { type = "place_rank", battlefield = "urth" }
hint = "On the Valley of Urth, please."
then = [BOB_MOVE]

[[steps]]
rules = ["O:what-is-secret"]
board = "battlefield:urth"
text = "The Valley holds {battlefields.urth.column.len} ranks."
'''.replace("BOB_MOVE", BOB_MOVE)


def test_a_good_lesson_loads_and_fills_its_numbers_from_the_state() -> None:
    lesson = L.load(GOOD, "good")
    run = L.start(lesson)
    assert run.counter == "step 1 of 3"
    goblins, cards = run.state.goblins[0], bin(run.state.hands[0]).count("1")
    assert run.text == f"You own {goblins} goblins and hold {cards} cards."


def test_a_tasks_nudge_is_read_with_its_numbers_filled_in() -> None:
    nudged = 'hint = "Urth."\nnudge = "Which of your {hand.len} cards?"'
    lesson = L.load(GOOD.replace('hint = "On the Valley of Urth, please."', nudged), "good")
    run = L.start(lesson)
    assert run.nudge == ""  # a read step has none
    run = L.advance(run)
    assert run.nudge == f"Which of your {bin(run.state.hands[0]).count('1')} cards?"


def _broken(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


@pytest.mark.parametrize(("text", "step", "words"), [
    (_broken('seat = 1, battlefield = "urth", left = "infantry-1", right = "archer-1"',
             'seat = 1, battlefield = "urth", left = "archer-2", right = "archer-1"'),
     2, "two archers may not share a rank"),
    (_broken('rules = ["O:what-is-secret"]', 'rules = ["O-R99"]'), 3, "unknown rule id(s) O-R99"),
    (_broken('expect = { type = "place_rank", battlefield = "urth" }',
             'expect = { type = "hold" }'), 2, "no legal move can satisfy this task"),
    (_broken("{battlefields.urth.column.len}", "{battlefields.urth.nothing}"), 3, "names no"),
    (_broken('hint = "On the Valley of Urth, please."\n', ""), 2, "needs a hint"),
    (_broken('text = "The Valley holds', 'nudge = "Which valley?"\ntext = "The Valley holds'), 3,
     "'nudge' (the task's first hint) belongs to a task"),
    (_broken('hint = "On the Valley of Urth, please."', 'hint = "Urth."\nnudge = "{nothing.here}"'),
     2, "names no"),
    (_broken('rules = ["O:what-is-secret"]', 'rules = "O:what-is-secret"'), 3, "list of rule ids"),
    (_broken("seed = 3", 'seed = "three"'), 0, "seed must be a whole number"),
    (_broken('event = "favour-thirst"', 'event = "favour-thirst"\ngoblins = [9, -1]'), 0,
     "goblins cannot be negative"),
    (_broken('game = "orcz"', 'game = "chess"'), 0, "unknown game"),
    (_broken('rules = ["O:what-is-secret"]',
             'rules = ["O:what-is-secret"]\nposition = { round = 9 }'), 3, "round must be"),
])
def test_a_lesson_with_a_mistake_is_refused_at_load_naming_its_step(
    text: str, step: int, words: str
) -> None:
    with pytest.raises(L.LessonError) as caught:
        L.load(text, "broken")
    assert caught.value.step == step
    assert words in caught.value.reason


def test_a_task_that_one_other_fitting_move_makes_impossible_is_refused() -> None:
    # Step 3 needs Ann's Infantry 1: on the branch where she placed it at step 2, no move can do.
    task = 'expect = { type = "place_rank", left = "infantry-1" }'
    text = GOOD.replace('text = "The Valley holds', f'''{task}
hint = "Infantry 1, please."
text = "The Valley holds''')
    with pytest.raises(L.LessonError) as caught:
        L.load(text, "branch")
    assert caught.value.step == 3


def test_check_says_ok_hint_or_the_rules_reason() -> None:
    run = L.advance(L.start(L.load(GOOD, "good")))
    right = orcz.PlaceRank(0, "urth", "infantry-2", "archer-2", "left")
    wrong = orcz.PlaceRank(0, "lothari", "infantry-2", "archer-2", "left")
    illegal = orcz.PlaceRank(0, "urth", "archer-1", "archer-2", "left")
    assert L.check(run, right) == L.Verdict(L.OK)
    assert L.check(run, wrong) == L.Verdict(L.HINT, "On the Valley of Urth, please.")
    assert L.check(run, illegal) == L.Verdict(L.ILLEGAL, "two archers may not share a rank")
    with pytest.raises(ValueError):
        L.advance(run, wrong)


def test_back_restart_and_the_same_lesson_twice() -> None:
    lesson = L.load(GOOD, "good")
    first = L.start(lesson)
    second = L.advance(first)
    third = L.advance(second, orcz.PlaceRank(0, "urth", "infantry-2", "archer-2", "left"))
    assert third.counter == "step 3 of 3" and third.said  # Bob's scripted move, in words
    assert "Bob places" in third.said[0]
    assert L.back(third) is second and L.back(L.back(third)) is first
    assert L.back(first) is first
    assert L.restart(third).state == first.state == L.start(lesson).state
    assert L.advance(third).finished


def test_rule_ids_come_from_the_headings_bold_items_tables_and_rulings() -> None:
    rules = "# T\n## The game\n### 2. Deployment\n- **Forbidden pairs:** x\n  **not** this\n"
    rulings = "| O-R1 | a |\n| O-R2 | b |\n"
    assert L.rule_ids("O", rules, rulings) == [
        "O:the-game", "O:deployment", "O:deployment/forbidden-pairs", "O-R1", "O-R2"]
    assert L.rule_ids("P", "", "P-R1 … P-R3 are set") == ["P-R1", "P-R2", "P-R3"]


def test_placeholder_paths() -> None:
    data = {"players": [{"seat": 0, "name": "Ann", "goblins": 4}, {"seat": 1, "name": "Bob"}],
            "log": [{"kind": "a", "n": 1}, {"kind": "b", "n": 2}, {"kind": "a", "n": 3}],
            "strengths": [5, 7]}
    players = ("Ann", "Bob")
    assert L.lookup(data, "players.Ann.goblins", players) == 4
    assert L.lookup(data, "log.kind=a.-1.n") == 3
    assert L.lookup(data, "log.len") == 3
    assert L.lookup(data, "strengths.Bob", players) == 7
    assert L.lookup(data, "log.kind=c.0") is None


def _with_goal(goal: str) -> str:
    task = 'expect = { type = "place_rank", battlefield = "urth" }'
    return _broken(task, f"{task}\ngoal = {{ {goal} }}")


def test_a_goal_may_compare_a_number_or_look_in_a_list() -> None:
    """``at_least``, ``at_most`` and ``contains``: keep Infantry 4 in hand and leave at most 11
    cards (every rank that keeps it is ok; one that spends it gets the hint)."""
    lesson = L.load(_with_goal('"hand" = { contains = "infantry-4" }, '
                               '"hand.len" = { at_most = 11, at_least = 1 }'), "goal")
    run = L.advance(L.start(lesson))
    keeps = orcz.PlaceRank(0, "urth", "infantry-2", "archer-2", "left")
    spends = orcz.PlaceRank(0, "urth", "infantry-4", "archer-2", "left")
    assert L.check(run, keeps) == L.Verdict(L.OK)
    assert L.check(run, spends) == L.Verdict(L.HINT, "On the Valley of Urth, please.")


@pytest.mark.parametrize(("goal", "words"), [
    ('"hand.len" = { at_least = 40 }', "no legal move can satisfy this task"),
    ('"hand" = { contains = "champion-9" }', "no legal move can satisfy this task"),
    ('"hand.len" = { more_than = 3 }', "unknown test(s) more_than"),
])
def test_a_goal_no_move_can_meet_or_with_an_unknown_test_is_refused_at_load(
        goal: str, words: str) -> None:
    with pytest.raises(L.LessonError) as caught:
        L.load(_with_goal(goal), "goal")
    assert caught.value.step == 2 and words in caught.value.reason


def test_a_capstones_repeated_task_starts_at_its_first_decision_and_back_leaves_the_step() -> None:
    """The Orcz round's deployment is one step taken five times: replay (``step_start``) goes
    to its first rank, back (Ctrl+B) to the step before it, not to the rank before."""
    lesson = next(x for x in L.read_lessons("orcz") if x.capstone)
    run = L.advance(L.start(lesson))  # the read step, then the deployment
    first = run
    for _ in range(2):
        run = L.advance(run, L.expected_action(run))
    assert run.index == first.index and run.step is not None and run.step.repeat
    assert L.step_start(run) is first and L.step_start(first) is first
    assert L.back(run).index == first.index - 1 and L.back(run) is L.back(first)


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_every_task_nudges_the_idea_before_the_hint_names_the_move(game: str) -> None:
    english, french = L.read_lessons(game, "en"), L.read_lessons(game, "fr")
    missing = [f"{en.id} step {step.number}" for en, fr in zip(english, french, strict=True)
               for step, twin in zip(en.steps, fr.steps, strict=True)
               if step.kind == L.TASK and not (step.nudge and twin.nudge != step.nudge)]
    assert missing == [], "a task without its nudge, in English or in French"
