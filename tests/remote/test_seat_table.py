"""A remote seat's table, driven by keys: the ordinary table, fed by its channel only, shows
its own panel with no curtain and never another seat's secret."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from common.remote.client import RemoteSession
from common.remote.seat_app import SeatApp
from common.session import GameSession
from common.tui.dialogs import NoticeScreen
from common.tui.table import TableScreen
from tests.remote.hosting import LoopThread, serve
from tests.tui.driver import press_route, sync, wait_until
from tests.tui.secrecy import check_screen


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@sync
async def test_a_remote_seat_plays_its_turns_at_its_own_table(data: Path) -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 5)
    with serve(session, data / "host.sock") as (hub, loop, _sent):
        others = {s: RemoteSession.connect(data / "host.sock", f"t{s}") for s in (1, 2)}
        app = SeatApp(RemoteSession.connect(data / "host.sock", "t0"), bot_pause=0.0)
        rng = random.Random(4)
        async with app.run_test(size=(100, 32)) as pilot:
            mine = 0
            for _ in range(200):
                if mine == 3 or loop.call(session.is_over):
                    break
                await wait_until(pilot, lambda: _settled(app, loop, session), "the seat's table")
                if isinstance(app.screen, NoticeScreen):  # everyone reads it: Enter
                    await pilot.press("enter")
                    continue
                seat = loop.call(session.to_act)[0]
                if seat != 0:
                    others[seat].take_push()
                    others[seat].apply(rng.choice(others[seat].legal(seat)))
                    continue
                table = app.screen
                assert isinstance(table, TableScreen) and table.viewer == 0
                check_screen(app, session, holder=0)
                count = loop.call(lambda: session.action_count)
                await press_route(pilot, table, rng.choice(app.remote.legal(0)), rng)
                await wait_until(pilot, lambda c=count: loop.call(
                    lambda: session.action_count) > c, "seat 0's move at the host")
                mine += 1
            assert mine == 3
            for remote in others.values():
                remote.close()
        assert hub.session.action_count >= 3


def _settled(app: SeatApp, loop: LoopThread, session: GameSession) -> bool:
    """The seat's app holds the host's newest moves and waits for a key: a notice, its own
    decision, or its panel while another seat is to act."""
    if app.remote.action_count != loop.call(lambda: session.action_count):
        return False
    screen = app.screen
    if isinstance(screen, NoticeScreen):
        return True
    if not isinstance(screen, TableScreen) or screen.viewer != 0:
        return False
    return screen.picker is not None or loop.call(session.to_act)[0] != 0
