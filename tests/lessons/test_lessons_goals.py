"""Tasks state a goal, not the move: most tasks have a goal checked on the state, or
accept several moves; a legal move that misses a goal is told the hint; and every task is followed
by a step that shows what it did (a number or a log line that changed) before a new scene."""

from __future__ import annotations

from typing import Any

import pytest

from common import lessons as L

GAMES = ("orcz", "pirates")
LESSONS = {game: L.read_lessons(game) for game in GAMES}
CASES = [(game, lesson.id) for game in GAMES for lesson in LESSONS[game]]


def _lesson(game: str, lesson_id: str) -> L.Lesson:
    return next(lesson for lesson in LESSONS[game] if lesson.id == lesson_id)


def _runs(lesson: L.Lesson) -> list[L.Run]:
    """The run at the start of every step, the lesson played with its expected moves."""
    run = L.start(lesson)
    out = [run]
    while not run.finished:
        step = run.step
        assert step is not None
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
        out.append(run)
    return out


def _states_a_goal(run: L.Run) -> bool:
    step = run.step
    assert step is not None
    return bool(step.goal) or len(L.matching_actions(run)) > 1


@pytest.mark.parametrize("game", GAMES)
def test_at_least_two_thirds_of_the_tasks_have_a_goal_or_take_several_moves(game: str) -> None:
    tasks = [run for lesson in LESSONS[game] for run in _runs(lesson)
             if run.step is not None and run.step.kind == L.TASK]
    with_goal = [run for run in tasks if _states_a_goal(run)]
    assert len(tasks) >= 10
    assert 3 * len(with_goal) >= 2 * len(tasks), [f"{r.lesson.id} {r.counter}" for r in tasks
                                                  if r not in with_goal]


def _fits_but_misses(run: L.Run) -> list[Any]:
    """Legal moves that fit the task's patterns but not its goal."""
    step = run.step
    assert step is not None
    game = run.game
    return [a for a in game.legal_actions(run.state, run.lesson.seat)
            if L.matches(step, game.action_to_json(a), run.lesson.seat)
            and not L.meets_goal(run, step, game.apply(run.state, a))]


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_a_legal_move_that_misses_the_goal_is_told_the_hint(game: str, lesson_id: str) -> None:
    for run in _runs(_lesson(game, lesson_id)):
        step = run.step
        if step is None or not step.goal:
            continue
        accepted = list(map(repr, L.matching_actions(run)))
        assert accepted, f"{lesson_id}#{step.number}: no move meets the goal"
        legal = run.game.legal_actions(run.state, run.lesson.seat)
        for action in legal:
            verdict = L.check(run, action)
            if repr(action) in accepted:
                assert verdict == L.Verdict(L.OK)
            else:
                assert verdict == L.Verdict(L.HINT, step.hint), (lesson_id, step.number, action)


@pytest.mark.parametrize("game", GAMES)
def test_some_goals_turn_down_a_move_that_fits_the_task_otherwise(game: str) -> None:
    """A goal is not a decoration of ``expect``: in each game some task accepts a kind of move
    only when it meets the goal (Orcz: a scout on the wrong card; Pirate's Cove: a volley at a
    section that stays on the mat)."""
    missed = [run for lesson in LESSONS[game] for run in _runs(lesson)
              if run.step is not None and run.step.goal and _fits_but_misses(run)]
    assert len(missed) >= 3
    for run in missed:
        step = run.step
        assert step is not None
        for action in _fits_but_misses(run):
            assert L.check(run, action) == L.Verdict(L.HINT, step.hint)


def _filled(run: L.Run, path: str) -> str | None:
    try:
        return L.fill(run.lesson, run.state, "{" + path + "}")
    except (KeyError, ValueError):
        return None


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_task_shows_its_consequence_before_a_new_scene(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    runs = _runs(lesson)
    if lesson.capstone:
        # One scene, decision after decision: each move's consequence is the others' moves
        # that follow it, shown one at a time, and the last step sums the round or month up.
        last = lesson.steps[-1]
        assert last.kind == L.READ and all(s.position is None for s in lesson.steps[1:])
        assert [p for p in L.placeholders(last.text)
                if _filled(runs[-1], p) != _filled(runs[0], p)], "the summary shows no change"
        return
    for index, step in enumerate(lesson.steps):
        if step.kind != L.TASK:
            continue
        where = f"{lesson_id}#{step.number}"
        assert index + 1 < len(lesson.steps), f"{where}: the lesson ends on a task"
        following = lesson.steps[index + 1]
        assert following.position is None, f"{where}: a new scene follows the task"
        before, after = runs[index], runs[index + 1]
        changed = [path for path in L.placeholders(following.text)
                   if _filled(after, path) != _filled(before, path)]
        assert changed, f"{where}: the step after shows nothing the task changed"
        rest = lesson.steps[index + 1:]
        scene_end = next((i for i, s in enumerate(rest) if s.position is not None), len(rest))
        assert any(s.kind == L.READ for s in rest[:scene_end]), (
            f"{where}: no read step before the next scene")
