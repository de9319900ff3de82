"""A curtain and a notice count a key from when it was pressed, not from when a stalled app got
round to it (``common.tui.keyguard``).

Found at a table of four on a loaded machine, reproduced on an idle one: the app stalls 0.6 s
right after a curtain appears; Enter, then Enter 0.1 s later, and the curtain was lifted without
ever being drawn: the next player's hand showed to the table. Here the guard is on (real time,
its real half second), the loop really blocks right after each curtain and notice mounts, and
the keys come from a thread at real moments, as a terminal's driver reads them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.keyguard import KeyGuard
from orcz.actions import PlaceRank
from orcz.ui.picker import DeployPicker
from orcz.ui.screens import OrczTable
from tests.tui.driver import pick_option, ready, settle, sync, wait_until
from tests.tui.fuzz import Table, fuzz
from tests.tui.stall import Typist, stalls

STALL = 0.6
HURRY = 0.1  # the habit's second Enter


@pytest.fixture(autouse=True)
def guard_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(KeyGuard, "SECONDS", 0.5)


@pytest.mark.parametrize("painted", [False, True], ids=["stall-at-mount", "stall-after-paint"])
@sync
async def test_enter_twice_typed_during_a_stall_never_lifts_the_curtain(
        tmp_path: Path, painted: bool) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7, path=tmp_path / "game.json")
    app = HotseatApp(session, bot_pause=0)
    typist = Typist(app)
    curtains: list[Screen[Any]] = []

    def hurry(screen: Screen[Any]) -> None:
        curtains.append(screen)
        if len(curtains) == 1:  # the first curtain: typed at while the app stalls
            typist.type(["enter", "enter"], [0.05, HURRY])

    with stalls(lambda screen: STALL, hurry, painted=painted):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: typist.done and len(curtains) == 1,
                             "the keys typed during the stall handled")
            first = curtains[0]
            assert isinstance(first, CurtainScreen)
            assert app.screen is first and first.holder.seat is None, \
                "Enter typed before the curtain was drawn lifted it"
            await wait_until(pilot, first.guard.ready, "the curtain on screen a while")
            typist.type(["enter"], [0])  # typed once it was on screen: it acts
            await wait_until(pilot, lambda: isinstance(app.screen, OrczTable) and ready(app),
                             "the first panel")
            table = app.screen
            assert isinstance(table, OrczTable) and first.holder.seat == first.seat

            # A move's Enter, then the habit's Enter 0.1 s later: the next curtain stalls.
            picker = table.picker
            assert isinstance(picker, DeployPicker)
            action = random.Random(7).choice(picker.legal)
            assert isinstance(action, PlaceRank)
            for value in (action.battlefield, action.left, action.right):
                await pick_option(pilot, table, value)
            typist.type(["l" if action.face_down == "left" else "r"], [0])
            await wait_until(pilot, lambda: table.picker is not None
                             and table.picker.confirming(), "the placement to confirm")
            # the preview takes only an Enter typed once it could be read
            await wait_until(pilot, table.panel.fresh, "the preview on screen a while")
            typist.type(["enter", "enter"], [0, HURRY])
            await wait_until(pilot, lambda: typist.done and len(curtains) == 2,
                             "the move's keys handled")
            second = curtains[1]
            assert isinstance(second, CurtainScreen) and second.seat != first.seat
            assert app.screen is second and second.holder.seat is None, \
                "the habit's second Enter lifted the next player's curtain"
            assert session.action_count == 1
    typist.join()


@pytest.mark.parametrize("painted", [False, True], ids=["stall-at-mount", "stall-after-paint"])
@sync
async def test_enter_typed_during_a_stall_never_closes_a_notice(
        tmp_path: Path, painted: bool) -> None:
    """A notice stalled as it appears: an Enter typed then is not a reading of it."""
    session = GameSession.new("orcz", ["Ann", "Bob"], 7, path=tmp_path / "game.json")
    app = HotseatApp(session, bot_pause=0)
    typist = Typist(app)
    notices: list[Screen[Any]] = []

    def hurry(screen: Screen[Any]) -> None:
        if isinstance(screen, NoticeScreen):
            notices.append(screen)
            typist.type(["enter", "escape"], [0.05, HURRY])

    with stalls(lambda screen: STALL if isinstance(screen, NoticeScreen) else 0.0, hurry,
                painted=painted):
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            app.push_screen(NoticeScreen("What happened", "Ann placed a rank.", public=True))
            await wait_until(pilot, lambda: typist.done and len(notices) == 1,
                             "the keys typed during the stall handled")
            assert app.screen is notices[0], "a key typed before the notice was drawn closed it"
            notice = notices[0]
            assert isinstance(notice, NoticeScreen)
            await wait_until(pilot, notice.guard.ready, "the notice on screen a while")
            typist.type(["enter"], [0])
            await wait_until(pilot, lambda: not isinstance(app.screen, NoticeScreen),
                             "the notice to close")
    typist.join()


# The key fuzzer on a loaded machine (``tests/tui/fuzz.py``, ``stall``): the guard on, random
# stalls up to twice its time as curtains and notices appear, Enter in bursts; no curtain may
# be lifted that the fuzzer never saw drawn, and the secrecy scan runs at every screen.
@pytest.mark.parametrize(("game", "seats", "seed"), [
    ("orcz", ("Ann", "Bob", "Cid", "Dan"), 5),
    ("pirates", ("Ann", "Bob", "Cid"), 6),
])
@sync
async def test_a_key_fuzz_with_stalls_lifts_no_curtain_before_it_is_drawn(
        game: str, seats: tuple[str, ...], seed: int) -> None:
    run = await fuzz(Table(game, seats, seed=seed), seed, 120, stall=0.1)
    assert run.moves >= 10, "the keys made too few moves to say anything"
    assert run.kinds["CurtainScreen"] >= 5, "too few curtains to say anything"


# Each stall waits out the guard's time as a player would (about 5 minutes a 1,000 screens):
# 400 a game keeps the soak inside CI's budget beside the unstalled long fuzz.
LONG_STALLED_SCREENS = 400


@pytest.mark.slow
@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_a_long_key_fuzz_with_stalls_lifts_no_curtain_before_it_is_drawn(
        game: str) -> None:
    seats = ("Ann", "Bob", "Cid", "Dan")
    runs = 0
    screens = 0
    while screens < LONG_STALLED_SCREENS:
        run = await fuzz(Table(game, seats, seed=40 + runs), 40 + runs,
                         LONG_STALLED_SCREENS - screens,
                         stall=0.1)
        screens += run.screens
        runs += 1
