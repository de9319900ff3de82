"""Nothing cut at 80×24: every card's text, every island and every rank can be
brought on screen, with a sign where something is out of sight; the status line, the key bar
and the panel's hint end at a whole word; the review's log wraps its lines."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from common import i18n
from common import lessons as L
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.keymap import key_name
from common.tui.learn import LessonListScreen, lesson_table
from common.tui.log_panel import LogPanel
from common.tui.table import StatusLine, TableScreen
from pirates.ui.render import card_text
from tests.tui.driver import keys, sync, wait_until

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]
SMALL = (80, 24)


def screen_rows(app: HotseatApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def laid_out(widget: Widget) -> list[str]:
    """The widget's lines as it draws them in the room it has."""
    width, height = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def session_until(game: str, players: int, seed: int, test: Any) -> GameSession:
    session = GameSession.new(game, NAMES[:players], seed)
    rng = random.Random(seed)
    while not test(session):
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    return session


def _big_hand_at_navigation(session: GameSession) -> bool:
    seat = session.to_act()[0]
    view = session.view(seat)
    return bool(view["phase"] == "navigation" and len(view.get("hand") or []) >= 4)


async def open_panel(pilot: Pilot[Any], app: HotseatApp, seat: int) -> TableScreen:
    """Past the seat's curtain, its panel with its decision."""
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
    await keys(pilot, "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                     and app.screen.viewer == seat and app.screen.picker is not None,
                     "the panel")
    await pilot.pause()
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def read_the_grid(pilot: Pilot[Any], table: TableScreen, presses: int) -> list[str]:
    """The grid's rows as shown, at every ↓ from its first option down (and past its last)."""
    grid = table.query_one(ChoiceGrid)
    seen: list[str] = []
    for _ in range(presses):
        seen.extend(laid_out(grid))
        await keys(pilot, "down")
        await pilot.pause()
    seen.extend(laid_out(grid))
    return seen


@sync
async def test_every_card_of_a_four_card_hand_and_every_island_can_be_read_at_80x24() -> None:
    session = session_until("pirates", 5, 5, _big_hand_at_navigation)
    seat = session.to_act()[0]
    hand = session.view(seat)["hand"]
    app = HotseatApp(session)
    async with app.run_test(size=SMALL) as pilot:
        table = await open_panel(pilot, app, seat)
        grid = table.query_one(ChoiceGrid)
        first = "\n".join(laid_out(grid))
        assert "more" in first  # a sign that something is out of sight
        seen = await read_the_grid(pilot, table, 20)
        words = set(" ".join(seen).split())
        for card in hand:  # every word of every card's text was on screen at some point
            missing = [w for w in card_text(card).plain.split() if w not in words]
            assert not missing, (card, missing, seen)
        for number, name in enumerate(["Tavern", "Hull", "Sail", "Cannon", "Crew",
                                       "Treasure"], start=1):
            assert any(f"{number} {name} Island" in row for row in seen), (name, seen)


def lesson_runs(game: str, prefix: str, number: int) -> list[L.Run]:
    """A lesson's runs up to its step ``number``: one per move made, the last shows the step
    (a task of several moves, e.g. a combat's volleys, has a run per move)."""
    lesson = next(x for x in L.read_lessons(game) if x.id.startswith(prefix))
    runs = [L.start(lesson)]
    while runs[-1].step is not None and runs[-1].step.number <= number:
        run = runs[-1]
        step = run.step
        assert step is not None
        runs.append(L.advance(run, L.expected_action(run) if step.kind == L.TASK else None))
    return runs[:-1]


async def lesson_step(pilot: Pilot[Any], app: Any, game: str, prefix: str,
                      number: int, again: int = 0) -> TableScreen:
    """A lesson's step shown as the learner reaches it, after the step before it on the same
    table; ``again``: that many of its moves made too."""
    await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
    runs = lesson_runs(game, prefix, number)
    first = next(i for i, run in enumerate(runs) if run.step and run.step.number == number)
    table = lesson_table(runs[0])
    await app.push_screen(table)
    await wait_until(pilot, lambda: bool(table.query_one("#lesson").border_title), "the lesson")
    for run in runs[max(0, first - 1):first + again + 1]:  # the table redrawn, as it is played
        table.session.run = run
        table.flow.show_lesson()
        await pilot.pause()
        await wait_until(pilot, lambda: not table.flow.fit.fitting, "the part fitted")
    await pilot.pause()
    return table


@sync
async def test_a_course_that_needs_a_long_label_keeps_every_island_in_reach() -> None:
    """Pirate's Cove lesson 16, step 3: "Sail Island (3ch) ✠ map: 2× chests" took two rows
    and pushed Treasure Island out of the grid, with no sign."""
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=SMALL) as pilot:
        table = await lesson_step(pilot, app, "pirates", "16", 3)
        grid = table.query_one(ChoiceGrid)
        rows = laid_out(grid)
        assert all("Island" in row or "more" in row or not row.strip() for row in rows), rows
        seen = await read_the_grid(pilot, table, 6)
        assert any("6 Treasure Island" in row for row in seen), seen


@pytest.mark.parametrize("language", ["en", "fr"])  # French runs about a fifth longer
@sync
async def test_the_status_line_and_the_key_bar_end_at_a_whole_word_at_80_columns(
        language: str) -> None:
    i18n.set_language(language)
    # the first course of five captains: every name waited for, a long status
    session = session_until("pirates", 5, 5, lambda s: s.view(None)["phase"] == "navigation")
    app = HotseatApp(session)
    async with app.run_test(size=SMALL) as pilot:
        table = await open_panel(pilot, app, session.to_act()[0])
        status = table.query_one(StatusLine)
        full = status.content.plain if isinstance(status.content, Text) else str(status.content)
        shown = screen_rows(app)[0].strip()
        assert shown != full  # the status is longer than 80 columns: it is shortened…
        # …by leaving out its last parts whole, what is decided (the first part) kept
        assert full.startswith(shown) and full[len(shown):].startswith(" · "), (shown, full)
        assert full.split(" · ")[0] in shown and "…" not in shown, (shown, full)
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=SMALL) as pilot:
        await lesson_step(pilot, app, "orcz", "10", 2)
        bar = screen_rows(app)[-1].rstrip()
        assert not re.search(r"[^\W\d_]…", bar), bar  # no key's word cut in two
        help_key = key_name("f1") or "f1"  # French key bars name it as the keyboard does: F1
        assert bar.endswith(help_key + " " + i18n._("Help")), bar  # and the help, every key


@pytest.mark.parametrize("language", ["en", "fr"])
@sync
async def test_the_outfits_hint_is_shown_whole_at_80_columns(language: str) -> None:
    """The gold left on one line, the keys on the next: "←→ or −/+ its ring · Enter: the
    whole…" was cut."""
    i18n.set_language(language)
    app = HotseatApp(GameSession.new("pirates", NAMES, 5))
    async with app.run_test(size=SMALL) as pilot:
        table = await open_panel(pilot, app, 0)
        await keys(pilot, "down", "up")  # the outfit's hint: the gold left and the keys
        await pilot.pause()
        message = table.query_one("#message")
        full = message.content.plain if isinstance(message.content, Text) else ""
        assert "↑↓" in full, full
        shown = [row.strip() for row in laid_out(message) if row.strip()]
        assert shown == full.split("\n"), (shown, full)


@sync
async def test_a_battlefield_taller_than_its_frame_says_so_and_scrolls_to_every_rank() -> None:
    """Orcz lesson 10 at 80×24: the board has two rows a column; Urth holds four ranks."""
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=SMALL) as pilot:
        table = await lesson_step(pilot, app, "orcz", "10", 3)
        tall = [i for i in range(4) if table.query_one(f"#field-{i}").outer_size.height
                > table.query_one(f"#scroll-{i}").size.height]
        assert tall, "no column taller than its frame: the test shows nothing"
        for i in tall:
            frame = table.query_one(f"#frame-{i}")
            assert "↑" in str(frame.border_subtitle), frame.border_subtitle
            scroll = table.query_one(f"#scroll-{i}")
            scroll.scroll_home(animate=False)
            await wait_until(pilot, lambda s=scroll: s.scroll_y == 0, "the front rank")
            await pilot.pause()
            assert "↓" in str(frame.border_subtitle), frame.border_subtitle
            front = laid_out(table.query_one(f"#field-{i}"))[0].strip()
            assert front.startswith("1") and any(front in row for row in screen_rows(app))


@sync
async def test_every_ship_of_the_capstones_combat_is_on_its_panel() -> None:
    """Pirate's Cove lesson 16, step 4 at 80×24: Cora's row dropped off the combat panel."""
    from pirates.ui.widgets import CombatPanel

    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=SMALL) as pilot:
        table = await lesson_step(pilot, app, "pirates", "16", 4, again=2)
        combat = table.query_one(CombatPanel)
        assert combat.display
        text = combat.content.plain if isinstance(combat.content, Text) else ""
        shown = " ".join(" ".join(laid_out(combat)).split())
        assert " ".join(text.split()) in shown, (text, shown)  # all of it, wrapped or not
        assert "Cora" in shown


@sync
async def test_the_reviews_log_goes_back_to_the_start_and_wraps_after_a_resize() -> None:
    session = session_until("orcz", 4, 7, lambda s: bool(s.view(None)["over"]))
    app = HotseatApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen)
                         and app.screen.is_mounted, "the end screen")
        await keys(pilot, "r", "end")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.query_one("#private").border_title == "Review",
                         "the review")
        log = app.screen.query_one(LogPanel)
        await keys(pilot, "home")  # the start: a few lines, none hidden
        await pilot.pause()
        assert log.shown == log.lines_given and log.shown, log.shown
        await keys(pilot, "end")
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.resize_terminal(*SMALL)
        await wait_until(pilot, lambda: log.wrap_width == log.text_width(), "the log wrapped")
        await pilot.pause()
        assert all(strip.cell_length <= log.text_width() for strip in log.lines)
