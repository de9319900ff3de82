"""A lesson played through before it is accepted: with its expected moves, from every other
move that fits a task (one level of branches), and a capstone with a few seeded random
learners, each step's texts filled on the way. A fault is a ``LessonError`` naming its step."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from common.errors import IllegalAction
from common.lessons.model import READ, TASK, Lesson, LessonError, Step
from common.lessons.paths import fill
from common.lessons.runner import (
    Run,
    accepts,
    entered,
    expected_action,
    matching_actions,
    move_on,
    start,
)

CAPSTONE_CHECK_SEEDS = (1, 2)  # the random learners a capstone is played with when it loads



def random_learner(seed: int) -> Any:
    """A learner for ``play_through`` who takes a fitting move at random (seeded)."""
    rnd = random.Random(seed)
    return lambda _run, fitting: fitting[int(rnd.random() * len(fitting))]


def play_through(lesson: Lesson, choose: Any, limit: int = 400) -> Run:
    """A capstone played to its end, the learner's move at each task chosen by
    ``choose(run, fitting)``; ``LessonError`` if it does not end within ``limit`` steps."""
    run = start(lesson)
    for _turn in range(limit):
        step = run.step
        if step is None:
            return run
        _check_text(run, step)
        action = None
        if step.kind == TASK:
            fitting = matching_actions(run)
            if not fitting:
                raise LessonError(lesson.id, step.number, "no legal move can satisfy this task")
            action = choose(run, fitting)
        run = _guarded(run, action, step)
    raise LessonError(lesson.id, 0, f"the capstone does not end within {limit} moves")


def rehearse(lesson: Lesson) -> None:
    """Play the lesson through with its expected moves, and once more from every other move
    that fits a task, checking every step on the way."""
    try:
        run = start(lesson)
    except IllegalAction as err:
        raise LessonError(lesson.id, 0, f"the position or an opening move is refused: {err}"
                          ) from err
    if not lesson.capstone:
        _walk(run, 0)
        return
    # A capstone's tasks take any sensible move, so its branches are beyond counting: the
    # expected line, and a few lines of random fitting moves, each played to the end.
    _walk(run, len(lesson.steps))
    for seed in CAPSTONE_CHECK_SEEDS:
        play_through(lesson, random_learner(seed))


def _walk(run: Run, branch_from: int) -> None:
    """Check every step from ``run`` on; at tasks from ``branch_from`` on, try every other
    fitting move as a branch played on with the expected moves (one level: branches do not
    branch again)."""
    lesson = run.lesson
    while not run.finished:
        step = run.step
        assert step is not None
        _check_text(run, step)
        if step.kind == READ:
            run = _guarded(run, None, step)
            continue
        if run.index < branch_from:  # a branch: any fitting move leads on
            run = _guarded(run, _one_fitting(run, step), step)
            continue
        fitting = matching_actions(run)
        if not fitting:
            raise LessonError(lesson.id, step.number, "no legal move can satisfy this task")
        try:
            expected = expected_action(run)
        except IllegalAction as err:
            raise LessonError(lesson.id, step.number, "the expected move does not fit the "
                              f"task or is not legal: {err}") from err
        if expected not in fitting:
            raise LessonError(lesson.id, step.number, "the expected move does not fit the "
                              "task or is not legal")
        for other in fitting:
            if other != expected:
                _walk(_guarded(run, other, step), len(lesson.steps))
        run = _guarded(run, expected, step)


def _one_fitting(run: Run, step: Step) -> Any:
    """On a branch, the expected move if the task accepts it, else the first legal one it does
    (looked for one at a time: a loose goal may accept hundreds of moves)."""
    legal = run.game.legal_actions(run.state, run.lesson.seat)
    with contextlib.suppress(IllegalAction):
        expected = expected_action(run)
        if expected in legal and accepts(run, expected):
            return expected
    found = next((a for a in legal if accepts(run, a)), None)
    if found is None:
        raise LessonError(run.lesson.id, step.number, "no legal move can satisfy this task")
    return found


def _guarded(run: Run, action: Any, step: Step) -> Run:
    """``advance``, with a refusal blamed on the step at fault: this one for a scripted move,
    the next one for the position or opening moves of its new scene."""
    try:
        moved = move_on(run, action)
    except IllegalAction as err:
        raise LessonError(run.lesson.id, step.number,
                          f"a scripted move is illegal: {err}") from err
    try:
        return entered(moved)
    except IllegalAction as err:
        raise LessonError(run.lesson.id, step.number + 1,
                          f"the scene's position or an opening move is refused: {err}") from err


def _check_text(run: Run, step: Step) -> None:
    for text in (step.text, step.hint, step.nudge):
        try:
            fill(run.lesson, run.state, text)
        except (KeyError, ValueError) as err:
            raise LessonError(run.lesson.id, step.number, str(err).strip('"')) from err
