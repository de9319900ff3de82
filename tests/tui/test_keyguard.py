"""A hurried second Enter never lifts the next player's curtain nor closes an unread notice
(``common.tui.keyguard``; found in tmux by the hand-off benchmark's playtest).

Orcz, seed 11, four people: the last hand-out of round 1 brings the public notice of what
happened, then the next seat's curtain. Enter Enter typed at once at the notice must leave the
curtain up: the table must not see that player's goblins and hidden cards.

The guard's clock is the test's: it moves only when the test says a player took their time, and
every key is stamped on it as it is typed (a driver stamps a key when it reads it), so a loaded
machine (where handling a key can take longer than the guard) decides nothing."""

from __future__ import annotations

import asyncio
import random

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.table import TableScreen
from tests.tui import driver
from tests.tui.keyclock import Clock, typed

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def round_one_but_its_last_move(tmp_path) -> tuple[GameSession, object]:
    probe = GameSession.new("orcz", NAMES, 11, path=tmp_path / "probe.json")
    rnd, actions = random.Random(1), []
    while probe.view(None)["round"] == 1:
        seat = probe.to_act()[0]
        action = rnd.choice([a for a in probe.legal(seat) if type(a).__name__ != "Scout"])
        probe.apply(action)
        actions.append(action)
    probe.release()
    session = GameSession.new("orcz", NAMES, 11, path=tmp_path / "game.json")
    for action in actions[:-1]:
        session.apply(action)
    return session, actions[-1]


@pytest.fixture
def clock(guard: Clock) -> Clock:
    return guard


def test_a_hurried_double_enter_at_a_notice_leaves_the_next_curtain_up(
        tmp_path, clock: Clock) -> None:
    session, last = round_one_but_its_last_move(tmp_path)

    async def run() -> None:
        app = HotseatApp(session, bot_pause=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await driver.settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                clock.wait()
                await typed(pilot, clock, "enter")
                await driver.settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            table.flow.act(last)
            await driver.wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                                    and app.screen.drawn, "the notice")
            await typed(pilot, clock, "enter", "enter")  # at once: a habit, not a reading
            assert isinstance(app.screen, NoticeScreen), "the unread notice was closed"
            clock.wait()
            await typed(pilot, clock, "enter", "enter")  # read now: the second Enter is the habit
            await driver.wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                                    and app.screen.drawn, "the next curtain")
            await pilot.pause()
            curtain = app.screen
            assert isinstance(curtain, CurtainScreen), "a hurried Enter lifted the curtain"
            assert table.holder.seat is None
            await typed(pilot, clock, "enter")  # still hurried: the curtain stays
            assert app.screen is curtain and table.holder.seat is None
            clock.wait()
            await typed(pilot, clock, "enter")
            await driver.wait_until(pilot, lambda: app.screen is table, "the table")
            assert app.screen is table and table.holder.seat == curtain.seat

    asyncio.run(run())
