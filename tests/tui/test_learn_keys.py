"""Keys never act for the learner: Enter after a read step never plays the task
that follows, a task's key bar shows Enter only once a choice was moved to, a hint or reason is
cleared by Esc, Ctrl+B and a new step, rule ids stay hidden unless asked for, and a finished
lesson offers the next one."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from common import lessons as L
from common.tui.app import HotseatApp
from common.tui.learn import LessonDone, LessonListScreen, lessons_done, plain_reason
from common.tui.table import TableScreen
from tests.tui.driver import keys, sync, wait_until
from tests.tui.keyclock import Clock, typed
from tests.tui.test_learn import _table
from tests.tui.test_learn_screen import _key_bar, _open, _step_text, _to_step


def _first_task_after_a_read(game: str, number: int) -> int:
    lesson = L.read_lessons(game)[number]
    return next(i for i, s in enumerate(lesson.steps)
                if s.kind == L.TASK and i and lesson.steps[i - 1].kind == L.READ)



@pytest.mark.parametrize(("game", "number"), [("orcz", 1), ("orcz", 2), ("pirates", 1),
                                              ("pirates", 5), ("pirates", 8)])
@sync
async def test_enter_pressed_on_after_a_read_step_never_plays_the_task(
        game: str, number: int, guard: Clock) -> None:
    """The Enters typed on out of habit come before the task could be read: on a pre-filled
    task (Pirate's Cove's outfit) the key guard refuses them; elsewhere Enter needs a move."""
    task = _first_task_after_a_read(game, number)
    app = HotseatApp(learn=game, beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, number)
        await _to_step(pilot, app, table, task - 1)
        for _ in range(4):  # Enter, and Enter again out of habit
            await typed(pilot, guard, "enter")
        await wait_until(pilot, lambda: table.flow.beats.playing is None, "the others' moves")
        await wait_until(pilot, lambda: table.session.run.index == task, "the task")
        picker = table.picker
        step = getattr(picker, "step", None)
        await typed(pilot, guard, "enter", "enter")
        assert table.session.run.index == task  # nothing played
        assert table.picker is picker and getattr(picker, "step", None) == step  # nor moved on
        assert "Choose" not in _key_bar(app)


@sync
async def test_a_hint_is_cleared_by_esc_ctrl_b_and_a_new_step() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 2)  # fights: the task attacks Cid
        task = _first_task_after_a_read("orcz", 2)
        await _to_step(pilot, app, table, task)
        hint = table.session.run.step.hint
        await keys(pilot, "h")  # hold: legal, not the task's
        await wait_until(pilot, lambda: hint[:30] in _step_text(table), "the hint")
        await keys(pilot, "escape")
        assert hint[:30] not in _step_text(table)
        await keys(pilot, "h")
        await wait_until(pilot, lambda: hint[:30] in _step_text(table), "the hint again")
        await keys(pilot, "ctrl+b")
        await wait_until(pilot, lambda: table.session.run.index == task - 1, "the step before")
        assert hint[:30] not in _step_text(table) and not str(table.message)


@sync
async def test_rule_ids_are_hidden_unless_asked_for() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 0)
        notes = table.query_one("#lesson-notes", Static)
        assert "Teaches" not in str(notes.render()) and "O:" not in _step_text(table)
        await keys(pilot, "ctrl+d")
        assert "Teaches: O:" in str(notes.render())
    assert plain_reason("nobody flees the final tie-break (P-R11)") == (
        "nobody flees the final tie-break")


def _finished_but_one(run: L.Run) -> L.Run:
    while run.index < len(run.lesson.steps) - 1:
        step = run.step
        assert step is not None
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    return run


@sync
async def test_a_finished_lesson_offers_the_next_one(data_dir: Any) -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    lessons = list(L.read_tracks("orcz").all)  # the menu's order: the next is the menu's next
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 0)
        table.session.run = _finished_but_one(table.session.run)
        table.flow.show_lesson()
        for _ in range(6):  # the last step is a read step, maybe longer than the panel
            if isinstance(app.screen, LessonDone):
                break
            await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonDone), "the end")
        assert lessons[1].title in str(app.screen.query(Static).last().render())
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and _table(app).session.run.lesson.id == lessons[1].id, "lesson 2")
        assert lessons_done("orcz") == {lessons[0].id}
        await keys(pilot, "ctrl+x")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        from textual.widgets import OptionList
        box = app.screen.query_one("#lessons", OptionList)
        assert box.highlighted is not None
        assert box.get_option_at_index(box.highlighted).id == lessons[1].id


@sync
async def test_a_choice_typed_on_to_its_next_part_does_not_arm_enter_there() -> None:
    """Pirates lesson 1's task (raise the Crew): 1 picks "Raise crew", and the level that follows
    is not chosen by an Enter; the key bar says so."""
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 0)
        task = next(i for i, s in enumerate(L.read_lessons("pirates")[0].steps)
                    if s.kind == L.TASK)
        await _to_step(pilot, app, table, task)
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "to 4" in str(table.query_one("#choices").render()),
                         "the levels")
        assert "Choose" not in _key_bar(app)
        await keys(pilot, "enter")
        assert table.session.run.index == task and "to 4" in str(
            table.query_one("#choices").render())
        await keys(pilot, "2")  # to 4: Crew worth 4, one more die
        await wait_until(pilot, lambda: table.session.run.index == task + 1, "the consequence")
