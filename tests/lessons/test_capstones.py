"""The capstones: one whole Orcz round, one whole Pirate's Cove month, every
decision of the learner's seat a task, the other seats answered by their script while it is
legal and by the ``normal`` bot after that, so that the lesson ends whatever the learner does."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from common import lessons as L
from common.bots import game_bots
from common.engine import get_game

CAPSTONES = {"orcz": "10_a_whole_round", "pirates": "16_a_whole_month"}


def _capstone(game: str) -> L.Lesson:
    (lesson,) = [x for x in L.read_lessons(game) if x.id == CAPSTONES[game]]
    return lesson


def _played(lesson: L.Lesson, choose: Any) -> tuple[L.Run, list[tuple[str, Any]]]:
    """The capstone played to its end, with every move applied in order: ("learner", action)
    at a task, ("reply", action JSON) for each of the other seats' moves. Each move is checked
    legal for its seat, in the state it was played in, and the learner is checked to be the
    seat to act at every task (the task is the learner's decision, not a move made for them)."""
    game = get_game(lesson.game)
    run = L.start(lesson)
    moves: list[tuple[str, Any]] = []
    for _ in range(500):
        step = run.step
        if step is None:
            return run, moves
        state = run.state
        action = None
        if step.kind == L.TASK:
            assert lesson.seat in game.to_act(state)
            fitting = L.matching_actions(run)
            assert fitting == list(game.legal_actions(state, lesson.seat))  # any move is theirs
            action = choose(run, fitting)
            assert L.check(run, action).kind == L.OK
            moves.append(("learner", action))
            state = game.apply(state, action)
        run = L.advance(run, action)
        for move, _lines, after in run.beats:
            seat = move["seat"]
            assert seat != lesson.seat, "a move was played for the learner"
            assert seat in game.to_act(state)
            assert game.action_from_json(dict(move)) in game.legal_actions(state, seat)
            moves.append(("reply", move))
            state = after
        assert state == run.state
    raise AssertionError("the capstone did not end")


def _seeded(seed: int) -> Any:
    rnd = random.Random(seed)
    return lambda _run, fitting: rnd.choice(fitting)


def _the_stage_is_over(lesson: L.Lesson, run: L.Run) -> None:
    game = get_game(lesson.game)
    start = L.start(lesson)
    stage = game_bots(lesson.game).stage
    assert run.finished
    assert game.is_over(run.state) or stage(run.state) == stage(start.state) + 1


@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_the_capstone_loads_and_is_a_capstone(game: str) -> None:
    lesson = _capstone(game)
    assert lesson.capstone
    assert lesson.steps[0].kind == L.READ and lesson.steps[-1].kind == L.READ
    assert sum(step.kind == L.TASK for step in lesson.steps) >= 2
    assert len(lesson.steps) <= 8


@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_the_expected_line_plays_the_whole_stage(game: str) -> None:
    lesson = _capstone(game)
    run, moves = _played(lesson, lambda run, _fitting: L.expected_action(run))
    _the_stage_is_over(lesson, run)
    assert sum(kind == "learner" for kind, _ in moves) >= 3
    assert any(kind == "reply" for kind, _ in moves)


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_any_learner_finishes_the_stage_against_legal_replies(game: str, seed: int) -> None:
    lesson = _capstone(game)
    run, _moves = _played(lesson, _seeded(seed))
    _the_stage_is_over(lesson, run)
    final = L.fill(lesson, run.state, lesson.steps[-1].text)
    assert "{" not in final and final


@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_every_decision_of_the_learner_in_the_stage_is_a_task(game: str) -> None:
    """Replayed from the moves alone: wherever the learner's seat was to act in the stage, the
    next move applied is the learner's own, chosen at a task."""
    lesson = _capstone(game)
    rules = get_game(game)
    stage = game_bots(game).stage
    for seed in (21, 22):
        run, moves = _played(lesson, _seeded(seed))
        state = L.start(lesson).state
        first = stage(state)
        for kind, move in moves:
            if stage(state) == first and lesson.seat in rules.to_act(state):
                assert kind == "learner"
            action = move if kind == "learner" else rules.action_from_json(dict(move))
            state = rules.apply(state, action)
        assert state == run.state
        assert lesson.seat not in rules.to_act(state) or stage(state) != first


@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_the_same_learner_meets_the_same_replies(game: str) -> None:
    lesson = _capstone(game)
    assert _played(lesson, _seeded(5))[1] == _played(lesson, _seeded(5))[1]


def test_the_script_is_followed_while_legal_then_the_bot_takes_over() -> None:
    text = _text("orcz")
    lesson = L.load(text, "script")
    scripted = [dict(move) for move in lesson.steps[0].then]
    replies = [move for move, _, _ in L.advance(L.start(lesson)).beats]
    assert [dict(move) for move in replies] == scripted
    # Cid's move first: not his turn, so the script stops and the bot plays both seats
    swapped = text.replace('seat = 1, battlefield = "urth"', 'seat = 2, battlefield = "urth"', 1)
    assert swapped != text
    lesson = L.load(swapped, "swapped")
    run = L.advance(L.start(lesson))
    assert [move["seat"] for move, _, _ in run.beats] == [1, 2]
    assert dict(run.beats[0][0]) != scripted[0] or dict(run.beats[1][0]) != scripted[1]
    assert run.step is not None and run.step.kind == L.TASK


def _text(game: str) -> str:
    path = Path(__file__).parents[2] / game / "lessons" / f"{CAPSTONES[game]}.toml"
    return path.read_text(encoding="utf-8")


def test_a_capstone_plays_no_move_for_the_learner() -> None:
    text = _text("orcz")
    bad = text.replace('{ type = "place_rank", seat = 1,', '{ type = "place_rank", seat = 0,', 1)
    assert bad != text
    with pytest.raises(L.LessonError, match="every decision"):
        L.load(bad, "bad")


def test_a_capstone_ends_with_a_read_step() -> None:
    text = _text("pirates")
    cut = text[:text.rindex("[[steps]]")]
    with pytest.raises(L.LessonError, match="ends with a read step"):
        L.load(cut, "cut")


@pytest.mark.parametrize("game", sorted(CAPSTONES))
def test_capstone_steps_are_short_and_carry_only_taught_tags(game: str) -> None:
    lesson = _capstone(game)
    for step in lesson.steps:
        assert len(step.text.split()) <= 80
        assert len(step.hint.split()) <= 80
    assert L.untaught(lesson, L.read_observables(game)) == []


# ---------------------------------------------------------------- the verdict

@pytest.mark.parametrize("game", sorted(CAPSTONES))
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_verdict_judges_the_goal_from_the_learners_own_numbers(game: str, seed: int) -> None:
    lesson = _capstone(game)
    run, _ = _played(lesson, _seeded(seed))
    judged = L.judgement(run)
    assert judged is not None and lesson.judge is not None
    before, after = L.start(lesson).view(), run.view()
    rose = [L.lookup(after, path, lesson.players) > L.lookup(before, path, lesson.players)
            for path in lesson.judge.goal]
    assert judged.met == any(rose)
    assert judged.verdict.startswith("Goal met" if any(rose) else "Goal not met")
    assert judged.tries, "a capstone always says what to try"


def test_chests_lost_to_a_small_hold_are_told_as_something_to_try() -> None:
    """Six chests cut to the hold at the month's end once passed without a word."""
    lesson = _capstone("pirates")
    run = L.play_through(lesson, L.random_learner(3))
    lost = [e for e in run.view()["log"] if e["kind"] == "hold_overflow" and e["seat"] == 0]
    judged = L.judgement(run)
    assert lost and judged is not None
    assert any("hold was too small" in line for line in judged.tries)


def test_an_attack_or_hold_decision_offers_both_not_the_bots_choice() -> None:
    """The Orcz capstone's prompt once said "press s (Scout)" at an attack-or-hold decision:
    the kinds a task takes come from the learner's legal moves, never from a suggested move."""
    lesson = _capstone("orcz")
    game = get_game("orcz")
    for seed in (1, 2, 3, 4):
        run = L.start(lesson)
        choose = _seeded(seed)
        while run.step is not None:
            step = run.step
            if step.kind == L.TASK and any(type(a).__name__ == "Attack"
                                           for a in game.legal_actions(run.state, 0)):
                assert {"attack", "hold"} <= L.task_kinds(run)
                return
            action = choose(run, L.matching_actions(run)) if step.kind == L.TASK else None
            run = L.advance(run, action)
    raise AssertionError("no attack-or-hold decision met")
