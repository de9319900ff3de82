"""Nothing is cut off at 80×24: every notice of a whole seeded game of each game
can be read to its last line, with the way to go on in sight at every scroll position."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from common import i18n
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from tests.tui.driver import keys, orcz_step, pirates_step, play_to_end, sync, wait_until

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]
FRAME = " │▁▂▃▄▅▆▇█"  # the box's sides and its scroll bar, around a line of text
GO_ON = {"en": "Press Enter", "fr": "Entrée"}  # the way on, in a notice's own words


def screen_lines(pilot: Pilot[Any]) -> list[str]:
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def body_lines(notice: NoticeScreen) -> list[str]:
    """Every line of the notice's text as the screen lays it out, scrolled out or not."""
    body = notice.query_one("#notice-body", Static)
    width, height = body.outer_size
    strips = body.render_lines(Region(0, 0, width, height))
    return [strip.text.strip() for strip in strips if strip.text.strip()]


def in_view(notice: NoticeScreen) -> list[str]:
    """The lines of the notice's text its box shows at its scroll position, as laid out."""
    box = notice.query_one("#notice-box")
    body = notice.query_one("#notice-body", Static)
    width, height = body.outer_size
    strips = body.render_lines(Region(0, 0, width, height))
    top = round(box.scroll_y)
    shown = strips[top:top + box.scrollable_content_region.height]
    return [strip.text.strip() for strip in shown if strip.text.strip()]


async def read_whole(pilot: Pilot[Any], notice: NoticeScreen) -> tuple[list[str], list[str]]:
    """Page down the notice to its end: the lines of its text never seen, and the screens on
    which the way to go on was not in sight."""
    box = notice.query_one("#notice-box")
    seen: set[str] = set()
    blind = []
    while True:
        # the screen drawn at this scroll position (a scroll is over before it is painted)
        await wait_until(pilot, lambda: all(any(line in row for row in screen_lines(pilot))
                                            for line in in_view(notice)), "the scroll painted")
        lines = screen_lines(pilot)
        seen.update(line.strip(FRAME) for line in lines)
        shown = "\n".join(lines)
        if GO_ON[i18n.language()] not in shown:
            blind.append(shown)
        if box.scroll_y >= box.max_scroll_y:
            break
        before = box.scroll_y
        await keys(pilot, "pagedown")
        # the scroll is over at its target, or at the bottom (Textual may aim past the end, and
        # the end may come nearer if the box grows as it gets there)
        await wait_until(pilot, lambda start=before: box.scroll_y >= box.max_scroll_y
                         or (box.scroll_y != start
                             and box.scroll_y == min(box.scroll_target_y, box.max_scroll_y)),
                         "the notice to scroll")
    return [line for line in body_lines(notice) if line not in seen], blind


async def every_notice_readable(game: str, players: int, seed: int, step: Any) -> int:
    app = HotseatApp(GameSession.new(game, NAMES[:players], seed))
    count = 0

    async def reading_step(pilot: Pilot[Any], rng: random.Random, extras: bool) -> str:
        nonlocal count
        top = pilot.app.screen
        if isinstance(top, NoticeScreen):
            count += 1
            unseen, blind = await read_whole(pilot, top)
            assert not unseen, (top.text.plain, unseen)
            assert not blind, blind[0]
        done: str = await step(pilot, rng, extras)
        return done

    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot, seed, step=reading_step, limit=20000)
    return count


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("language", [
    "en",
    "fr",
])  # French runs about a fifth longer
@sync
async def test_every_notice_of_a_pirates_game_can_be_read_whole_at_80x24(language: str) -> None:
    i18n.set_language(language)
    assert await every_notice_readable("pirates", 3, 11, pirates_step) > 20


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("language", ["en", "fr"])
@sync
async def test_every_notice_of_an_orcz_game_can_be_read_whole_at_80x24(language: str) -> None:
    i18n.set_language(language)
    assert await every_notice_readable("orcz", 4, 11, orcz_step) > 5


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("language", ["en", "fr"])
@sync
async def test_a_long_notice_keeps_its_height_from_top_to_bottom_at_80x24(
        language: str, public: bool) -> None:
    """The note above a notice says "↓ PgDn: more below" only while there is more. Were the
    note to take two lines with it and one without (French did), the box would grow as it
    reached its end, and a PageDown aimed at the old end would never arrive."""
    i18n.set_language(language)
    app = HotseatApp(GameSession.new("orcz", NAMES[:2], 7))
    notice = NoticeScreen("Title", "\n".join(f"line {n}" for n in range(40)), public=public)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        app.push_screen(notice)
        await wait_until(pilot, lambda: app.screen is notice and notice.is_mounted
                         and "↓" in "\n".join(screen_lines(pilot)), "the notice, more below")
        box = notice.query_one("#notice-box")
        height = box.size.height
        await keys(pilot, "end")
        await wait_until(pilot, lambda: box.scroll_y > 0 and box.scroll_y >= box.max_scroll_y
                         and "↓" not in "\n".join(screen_lines(pilot)), "the notice's end")
        assert box.size.height == height
        assert "line 39" in "\n".join(screen_lines(pilot))


def whole_on_screen(pilot: Pilot[Any], widget: Static) -> list[str]:
    """The lines of ``widget`` as laid out that the screen does not show."""
    width, height = widget.outer_size
    lines = [strip.text.strip() for strip in widget.render_lines(Region(0, 0, width, height))]
    screen = screen_lines(pilot)
    return [line for line in lines if line and not any(line in row for row in screen)]


@sync
async def test_every_card_of_a_big_pirates_hand_is_on_the_private_panel_at_80x24() -> None:
    from common.tui.table import TableScreen
    from pirates.ui.render import card_name
    from tests.tui.driver import ready

    session = GameSession.new("pirates", NAMES[:3], 7)
    rng = random.Random(7)
    while len(session.view(session.to_act()[0]).get("hand") or []) < 6 or \
            session.offer(session.to_act()[0]).window is not None:
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or ready(app),
                         "a curtain or the table")
        if not isinstance(app.screen, CurtainScreen):  # a decision at the public table
            await keys(pilot, "o")  # the hand, behind its curtain
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and ready(app)
                         and app.screen.viewer == seat, "the panel")
        await pilot.pause()
        hand = app.screen.query_one("#hand", Static)
        width, height = hand.outer_size
        laid_out = " ".join(strip.text.strip()
                            for strip in hand.render_lines(Region(0, 0, width, height)))
        for card in session.view(seat)["hand"]:  # every card as laid out: none cut off
            assert card_name(card) in laid_out, (card, laid_out)
        assert not whole_on_screen(pilot, hand)


@sync
async def test_the_status_line_shows_a_computers_whole_move_at_80x24() -> None:
    from common.tui.table import StatusLine, TableScreen

    session = GameSession.new("pirates", ["Hal", "Ann", "Kit"], 7,
                              bots=["normal", None, "normal"])  # a computer moves first
    app = HotseatApp(session)

    def table() -> TableScreen | None:
        found = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        return found[0] if found else None

    def moved() -> bool:
        game = table()
        if game is None:
            return False
        game.bot_pause = 60  # the move stays on show while the test reads it
        return "(computer)" in game.news

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: table() is not None, "the table")
        await wait_until(pilot, moved, "a computer's move")
        game = table()
        assert game is not None
        status = game.query_one(StatusLine)
        await wait_until(pilot, lambda: status.size.height > 1, "the status line to wrap")
        width, height = status.outer_size
        laid_out = " ".join(strip.text.strip()
                            for strip in status.render_lines(Region(0, 0, width, height)))
        assert " ".join(game.news.split()) in " ".join(laid_out.split())
        assert not whole_on_screen(pilot, status)
