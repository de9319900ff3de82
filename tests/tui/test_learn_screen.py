"""The lesson mode as a newcomer meets it, not as the engine says it: every step points at a part
of the board that is there, its text can be read to the end at 80×24, the other seats' moves are
seen one at a time without giving away what the learner may not see, and Ctrl+O shows another
seat's own view, labelled, with what that seat sees in place of the learner's secrets."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Static

from common import lessons as L
from common.tui.app import HotseatApp
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.keybar import KeyBar
from common.tui.learn import LessonListScreen, StepPanel, plain_reason
from common.tui.table import TableScreen
from tests.tui.driver import keys, screen_text, sync, wait_until
from tests.tui.test_learn import (
    _do_task,
    _table,
    menu_downs,
    play_every_lesson,
)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _step_text(table: Any) -> str:
    return _flat(str(table.query_one("#lesson-text", Static).render()))


def _visible(app: HotseatApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _open(pilot: Any, app: HotseatApp, number: int) -> Any:
    """Lesson ``number`` of the app's game, in file order."""
    await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
    await keys(pilot, "home", *(["down"] * menu_downs(str(app.learn), number)), "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
    table = _table(app)
    await wait_until(pilot, lambda: "step 1 of" in _step_text(table) or bool(
        table.query_one("#lesson", StepPanel).border_title), "the first step")
    return table


async def _to_step(pilot: Any, app: HotseatApp, table: Any, index: int) -> None:
    """Play on (the expected moves, Enter, the others' moves) until the step ``index``."""
    for _ in range(400):
        top = app.screen
        if isinstance(top, NoticeScreen | PickPlayerScreen):
            await keys(pilot, "enter")
            continue
        run = table.session.run
        if table.flow.beats.playing is None and run.index == index:
            return
        if table.flow.beats.playing is not None or run.step.kind == L.READ:
            await keys(pilot, "enter")
        else:
            await _do_task(pilot, app)
    raise AssertionError(f"step {index + 1} not reached")


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_every_lesson_at_80x24_shows_each_steps_text_and_highlights_what_is_there(
        game: str) -> None:
    play_every_lesson(game, (80, 24))


@sync
async def test_at_80x24_a_long_step_says_more_follows_and_enter_reads_to_its_end() -> None:
    """Every shipped step fits 80×24 (test_learn_fit), so the Letter of Marque's is written
    three times over: longer than the panel, as a capstone's judgement or a new lesson's."""
    from dataclasses import replace

    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 9)
        await _to_step(pilot, app, table, 2)  # the Letter of Marque, a read step
        run = table.session.run
        steps = run.lesson.steps
        longer = replace(steps[2], text=" ".join([steps[2].text] * 3))
        lesson = replace(run.lesson, steps=(*steps[:2], longer, *steps[3:]))
        table.session.run = replace(run, lesson=lesson)
        table.flow.show_lesson()
        panel = table.query_one("#lesson", StepPanel)
        await wait_until(pilot, lambda: StepPanel.MORE in _visible(app), "the more sign")
        assert "Enter: go on" not in _visible(app)  # the step's own text goes on below
        await keys(pilot, "enter")  # reads on, does not leave the step
        await wait_until(pilot, lambda: "Enter: go on" in _visible(app), "the end of the text")
        assert table.session.run.index == 2
        assert not table.flow.steps.text_goes_on()  # the whole text has been on screen
        await keys(pilot, "pageup")  # back up, then read on again
        await wait_until(pilot, lambda: panel.scroll_y == 0, "the top of the step")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "Enter: go on" in _visible(app), "the end again")
        await keys(pilot, "enter")  # now on to the next step
        await wait_until(pilot, lambda: table.session.run.index == 3, "the next step")


@sync
async def test_the_other_seats_moves_are_shown_one_at_a_time_and_keep_their_secrets() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 0)
        await _to_step(pilot, app, table, _first_task("orcz", 0))  # a rank on Urth; Bob, Cid reply
        await _do_task(pilot, app)
        await wait_until(pilot, lambda: table.flow.beats.playing is not None, "the others' moves")
        run = table.session.run
        (bob, bob_lines, _), (cid, cid_lines, _) = run.beats
        status = str(table.query_one("#status").render())
        assert "Move 1 of 2" in status and bob_lines[0][:40] in status
        board = _visible(app)
        assert "2B" in board and "1C" not in board  # Bob's rank is down, Cid's not yet
        assert "Cavalry 1" not in screen_text(app)  # Bob's face-down card stays hidden
        await keys(pilot, "enter")
        status = str(table.query_one("#status").render())
        assert "Move 2 of 2" in status and cid_lines[0][:40] in status
        assert "1C" in _visible(app)
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: table.flow.beats.playing is None,
                         "the step after the moves")
        assert _flat(plain_reason(run.text)) in _step_text(table)  # ids only with Ctrl+D
        assert bob["seat"] == 1 and cid["seat"] == 2


def _first_task(game: str, number: int) -> int:
    """The index of the first task of a game's lesson (the table's first rank in Orcz's)."""
    return next(i for i, s in enumerate(L.read_lessons(game)[number].steps) if s.kind == L.TASK)


def _key_bar(app: HotseatApp) -> str:
    return str(app.screen.query_one(KeyBar).render())


@sync
async def test_the_key_bar_words_enter_for_what_it_does_and_a_read_step_takes_no_game_key(
) -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 4)  # the scout: Ann may scout from the first step on
        assert table.session.run.step.kind == L.READ
        await wait_until(pilot, lambda: "⏎ Go on" in _key_bar(app), "Enter's word at a read step")
        assert "Choose" not in _key_bar(app) and "Scout" not in _key_bar(app)
        await keys(pilot, "s")  # a game key at a read step does nothing
        assert table.picker is None and table.session.run.index == 0
        await _to_step(pilot, app, table, 1)  # the task: play the scout
        await wait_until(pilot, lambda: "Scout" in _key_bar(app), "the task's keys")
        await keys(pilot, "ctrl+x")
        table = await _open(pilot, app, 0)
        await _to_step(pilot, app, table, _first_task("orcz", 0))  # a task: place a rank
        await wait_until(pilot, lambda: "Pick" in _key_bar(app), "the task's keys")
        assert "Choose" not in _key_bar(app)  # Enter confirms only a choice moved to
        await keys(pilot, "right")
        await wait_until(pilot, lambda: "Choose" in _key_bar(app), "Enter's word at a task")
        await _do_task(pilot, app)
        await wait_until(pilot, lambda: table.flow.beats.playing is not None, "the others' moves")
        await wait_until(pilot, lambda: "Next move" in _key_bar(app), "Enter's word for them")


@pytest.mark.parametrize(("game", "number", "index"), [("orcz", 4, 2), ("pirates", 1, 2)])
@sync
async def test_ctrl_o_shows_another_seats_own_view_labelled(game: str, number: int,
                                                             index: int) -> None:
    app = HotseatApp(learn=game, beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, number)
        await _to_step(pilot, app, table, index)
        run = table.session.run
        name, other = run.other_view()
        learner = run.lesson.players[run.lesson.seat]
        assert "Ctrl+O" in _step_text(table)
        mine_panel = str(table.query_one("#private").border_title)
        assert learner in mine_panel
        mine = screen_text(app)
        await keys(pilot, "ctrl+o")
        await wait_until(pilot, lambda: table.flow.showing_other, "the other view")
        assert name in str(table.query_one("#private").border_title)
        assert f"What {name} sees" in str(table.query_one("#status").render())
        theirs = screen_text(app)
        assert theirs != mine
        own = run.view()
        secret = _secret_of(game, own)  # what only the learner knows is not on their screen
        assert secret and secret in mine and secret not in theirs
        await keys(pilot, "ctrl+o")
        await wait_until(pilot, lambda: not table.flow.showing_other, "the learner's own view")
        assert learner in str(table.query_one("#private").border_title)
        assert other != own


def _secret_of(game: str, view: dict[str, Any]) -> str:
    """A piece of text the learner's screen shows and another seat's must not: the card the
    scout saw (Orcz), the secret outfitting (Pirate's Cove)."""
    if game == "orcz":
        scouted = view.get("scouted") or []
        owner = scouted[-1]["owner"] if scouted else None
        return f"scouted: {view['players'][owner]['name']}'s" if owner is not None else ""
    return "Your secret outfitting" if view.get("my_choice") else ""


@sync
async def test_a_scout_on_the_wrong_card_gets_the_hint_and_shows_nothing_seen() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _open(pilot, app, 4)  # the scout
        await _to_step(pilot, app, table, 1)
        run = table.session.run
        assert "press s (Scout)" in _step_text(table)
        await keys(pilot, "s")
        await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen), "who scouts")
        await keys(pilot, "1", "enter")  # Ann (nothing is selected before the digit)
        await wait_until(pilot, lambda: "which face-down card" in screen_text(app), "the cards")
        await keys(pilot, "1", "enter")  # the first card: Cid's, not the one the task asks for
        await wait_until(pilot, lambda: app.screen is table, "back at the table")
        await wait_until(pilot, lambda: run.step.hint[:30] in _flat(_visible(app)), "the hint")
        assert "saw nothing" not in screen_text(app)
        assert table.session.run is run  # the lesson did not move on


@sync
async def test_at_80x24_a_hint_is_shown_whole_at_the_head_of_the_step() -> None:
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 9)
        await _to_step(pilot, app, table, 1)  # the Royal Navy: send it after Cora, on Crew Island
        run = table.session.run
        assert run.step.kind == L.TASK
        await keys(pilot, "1", "3")  # the Navy card, then Sail Island (key 3): legal, not the task
        await wait_until(pilot, lambda: _flat(run.step.hint) in _step_text(table), "the hint")
        assert _step_text(table).startswith("✋ " + _flat(run.step.hint))
        assert table.query_one("#lesson", StepPanel).scroll_y == 0  # in sight, at the top
        assert table.session.run is run


@sync
async def test_a_game_without_lessons_says_so_in_one_line_and_offers_the_games_that_have_them(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hotseat learn <game>`` for a game that ships no lesson (an outside game) showed an
    empty list: it says the game has none and lists the games that have some, to open."""
    import common.lessons as lessons

    empty = tmp_path / "lessons"
    empty.mkdir()
    real = lessons._lesson_folder
    monkeypatch.setattr(lessons, "_lesson_folder",
                        lambda game: empty if game == "orcz" else real(game))
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        await wait_until(pilot, lambda: "has no lessons" in _visible(app), "the line")
        shown = _visible(app)
        assert "Orcz has no lessons: learn one of these games." in shown
        assert "Pirate's Cove" in shown and "Orcz (" not in shown
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen)
                         and app.screen.ui.name == "pirates" and "Learn Pirate's Cove" in
                         _visible(app), "the Cove's lessons")
