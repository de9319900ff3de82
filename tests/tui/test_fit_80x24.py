"""Nothing is cut off at 80×24 (issue 16, §3): every notice of a whole seeded game of each game
can be read to its last line, with the way to go on in sight at every scroll position."""

from __future__ import annotations

import random
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from common.tui.app import HotseatApp
from common.tui.dialogs import NoticeScreen
from common.tui.session import GameSession
from tests.tui.driver import keys, orcz_step, play_to_end, sync, wait_until
from tests.tui_pirates.driver import step as pirates_step

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]
FRAME = " │▁▂▃▄▅▆▇█"  # the box's sides and its scroll bar, around a line of text


def screen_lines(pilot: Pilot[Any]) -> list[str]:
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def body_lines(notice: NoticeScreen) -> list[str]:
    """Every line of the notice's text as the screen lays it out, scrolled out or not."""
    body = notice.query_one("#notice-body", Static)
    width, height = body.outer_size
    strips = body.render_lines(Region(0, 0, width, height))
    return [strip.text.strip() for strip in strips if strip.text.strip()]


async def read_whole(pilot: Pilot[Any], notice: NoticeScreen) -> tuple[list[str], list[str]]:
    """Page down the notice to its end: the lines of its text never seen, and the screens on
    which the way to go on was not in sight."""
    box = notice.query_one("#notice-box")
    seen: set[str] = set()
    blind = []
    while True:
        lines = screen_lines(pilot)
        seen.update(line.strip(FRAME) for line in lines)
        shown = "\n".join(lines)
        if "Press Enter" not in shown:
            blind.append(shown)
        if box.scroll_y >= box.max_scroll_y:
            break
        before = box.scroll_y
        await keys(pilot, "pagedown")
        await wait_until(pilot, lambda start=before: box.scroll_y != start
                         and box.scroll_y == box.scroll_target_y, "the notice to scroll")
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


@sync
async def test_every_notice_of_a_pirates_game_can_be_read_whole_at_80x24() -> None:
    assert await every_notice_readable("pirates", 3, 11, pirates_step) > 20


@sync
async def test_every_notice_of_an_orcz_game_can_be_read_whole_at_80x24() -> None:
    assert await every_notice_readable("orcz", 4, 11, orcz_step) > 5
