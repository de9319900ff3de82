"""A capstone's prompt is never built from the engine's suggested move (the Orcz
capstone once said "press s (Scout)" at an attack-or-hold decision), and its last step judges
the goal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from common import lessons as L
from common.i18n import _
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


async def _at_verdict(pilot: Any, app: HotseatApp) -> Any:
    """The capstone's table at its last step, its round played: the verdict drawn."""
    table = await _open(pilot, app, CAPSTONE)
    table.session.run = _played_until(lambda run: run.index == len(run.lesson.steps) - 1)
    table.flow.steps.draw()
    return table


@sync
async def test_the_capstones_last_step_gives_a_verdict() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_verdict(pilot, app)
        await wait_until(pilot, lambda: "Goal " in _step_text(table), "the verdict")
        read = _step_text(table)
        while table.flow.steps.next_page():  # the verdict's pages, if it has several
            read += _step_text(table)
        assert "What to try:" in read


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_at_80x24_the_verdict_reads_on_pages_that_enter_turns(lang: str) -> None:
    """The round's verdict is longer than the step panel at 80×24: it comes on pages, each
    read whole (no "▼ more" over the step's own text), the key bar says Enter turns them, and
    only the last page's Enter ends the lesson."""
    from common.i18n import set_language
    from common.tui.learn import LessonDone, StepPanel
    from tests.tui.driver import keys
    from tests.tui.test_learn_screen import _key_bar

    set_language(lang)
    try:
        app = HotseatApp(learn="orcz", beat_seconds=600)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _at_verdict(pilot, app)
            steps = table.flow.steps
            await wait_until(pilot, lambda: steps.pages > 1, "the verdict's pages")
            pages, read = steps.pages, []
            for page in range(1, pages + 1):
                await wait_until(pilot, lambda p=page: steps.page == p - 1, f"page {page}")
                await pilot.pause()
                assert not table.query_one("#lesson", StepPanel).text_goes_on(), page
                word = _("Next page") if page < pages else _("Go on")
                await wait_until(pilot, lambda w=word: w in _key_bar(app), f"{word!r}")
                read.append(_step_text(table))
                await keys(pilot, "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, LessonDone), "the end")
        whole = " ".join(read)
        heads = [_(s).split("{")[0].replace("\xa0", " ")  # the step's text is read flat
                 for s in ("Goal met: {numbers}.", "Goal not met: {numbers}.", "What to try:")]
        assert (heads[0] in whole or heads[1] in whole) and heads[2] in whole
    finally:
        set_language("en")


async def _pages_read(pilot: Any, table: Any) -> list[str]:
    """The verdict's pages from the one shown on, each checked to be read whole."""
    from common.tui.learn import StepPanel

    steps, read = table.flow.steps, []
    while True:
        await pilot.pause()
        await wait_until(pilot, lambda: not table.query_one("#lesson", StepPanel).text_goes_on(),
                         f"page {steps.page + 1} of {steps.pages} whole")
        read.append(_step_text(table))
        if not steps.next_page():
            return read


@sync
async def test_a_verdict_is_paged_again_when_the_terminal_is_resized_on_it() -> None:
    """Its pages were made once, for the panel's room when it was drawn: shrunk to 80×24, the
    pages made at 100×32 went on under the panel's foot. Paged again, each page is whole, none
    is lost, and the page shown is the one with what was at the top of the page read."""
    from common.tui.learn import StepPanel

    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_verdict(pilot, app)
        steps = table.flow.steps
        await wait_until(pilot, lambda: "Goal " in _step_text(table), "the verdict")
        tall = steps.pages
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: steps.pages > tall, "paged again, more pages")
        assert steps.page == 0  # the step's own text, at the top of the page read, still first
        read = " ".join(await _pages_read(pilot, table))
        heads = [_(s).split("{")[0].replace("\xa0", " ")  # the step's text is read flat
                 for s in ("Goal met: {numbers}.", "Goal not met: {numbers}.", "What to try:")]
        assert (heads[0] in read or heads[1] in read) and heads[2] in read
        top = _step_text(table)[:40]  # the last page's first words (read flat)
        await pilot.resize_terminal(100, 32)
        await wait_until(pilot, lambda: steps.pages == tall, "paged again, fewer pages")
        await pilot.pause()
        assert top in _step_text(table)
        assert not table.query_one("#lesson", StepPanel).text_goes_on()
