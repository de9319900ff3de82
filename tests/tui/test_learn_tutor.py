"""A tutor's keys in a lesson: a hint on request that makes no move, "show me" that
plays the task's move on the board and puts it back (never one that would show what the learner
cannot see yet), and Ctrl+R, the step again from its start; keys that no game's table uses."""

from __future__ import annotations

from typing import Any

import pytest
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from common import lessons as L
from common.tui.app import HotseatApp
from common.tui.help import HelpScreen, HelpText
from common.tui.learn_flow import LessonFlow, lesson_table
from common.tui.learn_tutor import HINT_KEY, SHOW_KEY
from orcz.ui.widgets import Board
from pirates.ui.widgets import MatsPanel
from tests.tui.driver import keys, sync, wait_until
from tests.tui.test_learn import counter_shown
from tests.tui.test_learn_screen import _key_bar, _open, _step_text, _to_step

UPGRADE = 4  # Pirate's Cove lesson 1: the task (make your ship roll one more die: raise Crew)


def _shown(widget: Widget) -> str:
    return str(widget.render())


def _status(table: Any) -> str:
    return str(table.query_one("#status", Static).render())


async def _at(pilot: Any, app: HotseatApp, number: int, step: int) -> Any:
    """Lesson ``number`` opened and played on to its step ``step``: its table."""
    table = await _open(pilot, app, number)
    await _to_step(pilot, app, table, step)
    return table


@sync
async def test_a_hint_on_request_nudges_the_idea_then_names_the_whole_move_and_makes_none(
        ) -> None:
    """The first hint is the task's nudge, the idea to look at, naming no choice of the panel;
    the second names the whole move; neither makes it."""
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _at(pilot, app, 0, UPGRADE)
        run = table.session.run
        assert f"{HINT_KEY} Hint" in _key_bar(app) and f"{SHOW_KEY} Show me" in _key_bar(app)
        await keys(pilot, HINT_KEY)
        await wait_until(pilot, lambda: "Hint: You roll the smaller of Crew and Cannons: which "
                         "is smaller?" in _step_text(table), "the first hint: the idea")
        assert "«" not in _step_text(table) and f"{HINT_KEY} again" in _step_text(table)
        await keys(pilot, HINT_KEY)
        await wait_until(pilot, lambda: "«1 Raise crew (ring on 2)» → «2 to 4"
                         in _step_text(table), "the whole move")
        assert table.session.run is run  # no move made
        await keys(pilot, "1", "2")  # the way the hint said
        await wait_until(pilot, lambda: table.session.run.index == UPGRADE + 1, "the task done")


@sync
async def test_a_task_without_a_nudge_first_points_at_where_its_move_begins() -> None:
    """Orcz lesson 7, the shaman placed by a rule of the day, its nudge taken out (a lesson
    may give none): the first hint says the panel's first choice, the second the whole way."""
    from dataclasses import replace

    steps = L.read_lessons("orcz")[6].steps
    shaman = next(i for i, step in enumerate(steps)
                  if step.kind == L.TASK and "shaman" in str(step.expect))
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at(pilot, app, 6, shaman)
        run = table.session.run
        bare = (*steps[:shaman], replace(steps[shaman], nudge=""), *steps[shaman + 1:])
        table.session.run = replace(run, lesson=replace(run.lesson, steps=bare))
        assert table.session.run.step.kind == L.TASK and not table.session.run.nudge
        await keys(pilot, HINT_KEY)
        await wait_until(pilot, lambda: "begin with «" in _step_text(table),
                         "the hint: where the move begins")
        assert "→" not in _step_text(table)  # the first press: only where to begin
        await keys(pilot, HINT_KEY)
        await wait_until(pilot, lambda: "→" in _step_text(table), "the whole move")


@sync
async def test_show_me_plays_the_move_on_the_board_then_puts_it_back() -> None:
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _at(pilot, app, 0, UPGRADE)
        run, mats = table.session.run, table.query_one(MatsPanel)
        before = _shown(mats)
        assert "C2:3" in before and "C4:4" not in before  # Crew on 2, worth 3
        await keys(pilot, SHOW_KEY)
        await wait_until(pilot, lambda: "C4:4" in _shown(mats), "the move on the board")
        assert "Anne raises crew to 4 for 4 gold" in _step_text(table)  # its log line
        assert "Show me" in _status(table) and "Put it back" in _key_bar(app)
        assert table.session.run is run  # shown, not made
        await keys(pilot, "1", "2")  # no panel while the move is shown: nothing happens
        assert table.session.run is run and table.picker is None
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: _shown(mats) == before, "the position put back")
        assert table.session.run is run and table.picker is not None
        assert "C4:4" not in _shown(mats)
        await keys(pilot, "1", "2")  # the learner makes it: only now is the step passed
        await wait_until(pilot, lambda: table.session.run.index == UPGRADE + 1, "the task done")


@sync
async def test_show_me_never_plays_a_move_that_would_reveal_a_card() -> None:
    """Orcz lesson 3: the task attacks Cid, whose face-down card the attack turns over; "show
    me" says the move in words and leaves the board as it is."""
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 2)
        task = next(i for i, s in enumerate(table.session.run.lesson.steps) if s.kind == L.TASK)
        await _to_step(pilot, app, table, task)
        run, board = table.session.run, table.query_one(Board)
        before = [_shown(w) for w in board.query(Static)]
        await keys(pilot, HINT_KEY)  # the idea first
        await wait_until(pilot, lambda: "beating both cards" in _step_text(table), "the nudge")
        await keys(pilot, HINT_KEY)  # one choice: the whole move at once, nothing more to ask
        await wait_until(pilot, lambda: "«1 Attack the rank ahead»" in _step_text(table),
                         "the hint")
        assert f"{HINT_KEY} again" not in _step_text(table)
        await keys(pilot, SHOW_KEY)
        await wait_until(pilot, lambda: "not played on the board" in _step_text(table),
                         "the move in words")
        assert "press a (Attack)" in _step_text(table) or "Attack" in _step_text(table)
        assert not table.flow.tutor.showing_me and table.session.run is run
        assert [_shown(w) for w in board.query(Static)] == before  # no card turned


@sync
async def test_replay_shows_the_step_again_from_its_start_and_back_goes_a_step_back() -> None:
    """Orcz lesson 1, the step after the first rank: Bob and Cid answered it. Ctrl+R shows their
    moves again and stays at this step; Ctrl+B goes to the step before."""
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _at(pilot, app, 0, 6)
        run = table.session.run
        assert run.beats  # the others' replies led to this step
        await keys(pilot, "ctrl+r")
        await wait_until(pilot, lambda: table.flow.beats.playing is not None, "their moves again")
        assert table.session.run is run
        for _ in range(len(run.beats)):
            await keys(pilot, "enter")
        await wait_until(pilot, lambda: table.flow.beats.playing is None, "the step again")
        assert table.session.run is run and run.counter in counter_shown(table)
        await keys(pilot, "ctrl+b")
        await wait_until(pilot, lambda: table.session.run.index == 5, "the step before")


@sync
async def test_the_intro_and_the_help_say_the_tutors_keys_and_a_read_step_takes_none() -> None:
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 0)
        # step 1, the lesson's intro: a note under the step's text, which fits 80×24 without it
        notes = str(table.query_one("#lesson-notes", Static).render())
        assert f"{HINT_KEY}: a hint" in notes and f"{HINT_KEY}: a hint" not in _step_text(table)
        assert "Replay step" in _key_bar(app) and "Hint" not in _key_bar(app)
        run = table.session.run
        await keys(pilot, HINT_KEY, SHOW_KEY)  # a read step: no move to hint at
        assert table.session.run is run and "💡" not in _step_text(table)
        await keys(pilot, "f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        help_text = "\n".join(line.text for line in app.screen.query_one(HelpText).lines)
        assert "In a lesson" in help_text and "show me" in help_text


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_the_tutors_keys_are_no_key_of_the_games_table_or_pickers(game: str) -> None:
    table = lesson_table(L.start(L.read_lessons(game)[0]))
    own = {b.key for b in LessonFlow.BINDINGS if isinstance(b, Binding)}
    others = {key.strip() for cls in type(table).__mro__[1:] for b in getattr(cls, "BINDINGS", ())
              if isinstance(b, Binding) for key in b.key.split(",")}
    others |= {key.strip() for b in HotseatApp.BINDINGS if isinstance(b, Binding)
               for key in b.key.split(",")}
    assert {HINT_KEY, SHOW_KEY, "ctrl+r", "ctrl+b"} <= own
    assert not {HINT_KEY, SHOW_KEY, "ctrl+r", "ctrl+b"} & others


@sync
async def test_no_ruling_id_in_a_steps_text_unless_asked_and_the_other_view_words_enter() -> None:
    """Pirate's Cove lesson 3's second step says "one window (P-R12)": ruling ids are for developers
    (Ctrl+D). Lesson 2's last step shows Bart's view (Ctrl+O): Enter there goes back, and the
    key bar says so."""
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 2)
        await _to_step(pilot, app, table, 1)  # the month's first window
        assert "(P-R12)" in table.session.run.text
        assert "P-R12" not in _step_text(table) and "one window for" in _step_text(table)
        await keys(pilot, "ctrl+d")
        await wait_until(pilot, lambda: "(P-R12)" in _step_text(table), "the ids, asked for")
        await keys(pilot, "ctrl+x")
        table = await _at(pilot, app, 1, 2)
        await keys(pilot, "ctrl+o")
        await wait_until(pilot, lambda: table.flow.showing_other, "Bart's view")
        await wait_until(pilot, lambda: "⏎ Back" in _key_bar(app), "Enter worded: back")


@sync
async def test_enter_before_a_choice_says_why_it_confirms_nothing() -> None:
    """The key guard: at a task, Enter confirms only a choice moved to or typed. A newcomer's
    Enter before that plays nothing, and is told why rather than met with silence."""
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _at(pilot, app, 0, UPGRADE)
        run = table.session.run
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "Enter confirms a choice you moved to" in _step_text(
            table), "why Enter did nothing")
        assert table.session.run is run and "Choose" not in _key_bar(app)
        # the panel's message line, two rows of a narrow panel, says it short and whole
        message = str(table.query_one("#message").render())
        assert "Choose first" in message and "…" not in message
        await keys(pilot, "down", "up", "enter")  # moved to "Raise crew": Enter confirms it
        await wait_until(pilot, lambda: "to 4" in str(table.query_one("#choices").render()),
                         "the levels")


@sync
async def test_in_french_the_panels_word_on_an_early_enter_is_whole_at_80x24() -> None:
    """"✋ Entrée valide le choix…": the message line cut the step panel's long sentence."""
    from common.i18n import set_language

    set_language("fr")
    try:
        app = HotseatApp(learn="pirates", beat_seconds=600)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _at(pilot, app, 0, UPGRADE)
            await keys(pilot, "enter")
            await wait_until(pilot, lambda: "Choisissez" in str(
                table.query_one("#message").render()), "the word on the panel")
            await pilot.pause()
            assert "…" not in str(table.query_one("#message").render())
    finally:
        set_language("en")
