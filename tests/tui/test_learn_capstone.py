"""A capstone's prompt is never built from the engine's suggested move (the Orcz
capstone once said "press s (Scout)" at an attack-or-hold decision), and its last step judges
the goal."""

from __future__ import annotations

import random

from common import lessons as L
from common.tui.app import HotseatApp
from tests.tui.driver import sync, wait_until
from tests.tui.test_learn_screen import _open, _step_text

CAPSTONE = 9  # the Orcz capstone's place in the list, from 0


def _played_until(stop: object, seed: int = 1) -> L.Run:
    """The Orcz capstone played by a seeded random learner until ``stop(run)``."""
    lesson = L.read_lessons("orcz")[CAPSTONE]
    rnd = random.Random(seed)
    run = L.start(lesson)
    while run.step is not None:
        if stop(run):  # type: ignore[operator]
            return run
        fitting = L.matching_actions(run) if run.step.kind == L.TASK else []
        run = L.advance(run, rnd.choice(fitting) if fitting else None)
    raise AssertionError("the capstone ended first")


def _at_attack_or_hold() -> L.Run:
    """Seed 6 meets one where the ``normal`` bot would send Ann's scout."""
    return _played_until(lambda run: run.step.kind == L.TASK
                         and {"attack", "hold"} <= L.task_kinds(run)
                         and run.game.action_to_json(L.expected_action(run))["type"] == "scout",
                         seed=6)


@sync
async def test_the_capstone_prompt_at_attack_or_hold_prescribes_no_scout() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, CAPSTONE)
        assert table.session.run.lesson.capstone
        table.session.run = _at_attack_or_hold()
        table.flow.steps.draw()
        await wait_until(pilot, lambda: "Resolution" in _step_text(table), "the task")
        text = _step_text(table)
        assert "Your move: press s" not in text
        assert "in your panel" in text


@sync
async def test_the_capstones_last_step_gives_a_verdict() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, CAPSTONE)
        table.session.run = _played_until(
            lambda run: run.index == len(run.lesson.steps) - 1)
        table.flow.steps.draw()
        await wait_until(pilot, lambda: "Goal " in _step_text(table), "the verdict")
        assert "What to try:" in _step_text(table)
