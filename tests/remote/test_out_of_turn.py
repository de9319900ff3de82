"""Orcz out of turn in a hosted game, over the real channel: a remote seat scouts from its own
terminal while another seat is to act (``s``, as at one table), and may challenge the slow
player (``c``) from its own terminal once the clock there ran out."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from common.remote.client import RemoteSession
from common.remote.host_table import HostApp
from common.remote.seat_app import SeatApp
from common.session import GameSession
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.table import TableScreen
from orcz.actions import Challenge, Scout
from orcz.ui.scout import ScoutScreen
from orcz.ui.screens import OrczTable
from tests.remote.hosting import serve
from tests.tui.driver import ready, screen_text, sync, wait_until


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _ann_may_act_out_of_turn(seed: int, slow: int | None = None) -> GameSession:
    """An Orcz game (the orc challenge on) played on until Ann (seat 0) may scout and challenge
    while another seat (``slow``, if given) places a rank."""
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], seed, {"orc_challenge": True})
    rng = random.Random(seed)
    while True:
        to_act = session.to_act()
        mine = session.legal(0)
        if 0 not in to_act and slow in (None, to_act[0]) and \
                any(isinstance(a, Scout) for a in mine) and \
                any(isinstance(a, Challenge) for a in mine):
            return session
        seat = to_act[0]
        session.apply(rng.choice([a for a in session.legal(seat)
                                  if not isinstance(a, Scout | Challenge)]))


def _waiting(app: SeatApp, count: int) -> bool:
    """Ann's table, her own panel with nothing to choose, as of move ``count``."""
    table = app.screen
    return isinstance(table, TableScreen) and table.viewer == 0 and table.picker is None \
        and app.remote.action_count == count


@sync
async def test_a_remote_seat_scouts_out_of_turn_from_its_own_terminal(data: Path) -> None:
    session = _ann_may_act_out_of_turn(3)
    slow = session.to_act()[0]
    count = session.action_count
    with serve(session, data / "host.sock") as (_hub, loop, _sent):
        app = SeatApp(RemoteSession.connect(data / "host.sock", "t0"), bot_pause=0.0)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: _waiting(app, count), "Ann's table, waiting")
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen),
                             "who plays a scout")
            assert app.screen.players == [(0, "Ann")]  # type: ignore[attr-defined]
            await pilot.press("1", "enter")  # the pick opens with nothing chosen
            await wait_until(pilot, lambda: isinstance(app.screen, ScoutScreen),
                             "Ann's scout screen")
            await pilot.press("1", "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                             and ready(app), "the card Ann's scout saw")
            done = loop.call(lambda: [session.game.action_from_json(a)
                                      for a in session.record.actions[count:]])
            assert len(done) == 1 and isinstance(done[0], Scout) and done[0].seat == 0
            assert loop.call(session.to_act) == (slow,)  # the slow one still places
            await pilot.press("enter")
            await wait_until(pilot, lambda: _waiting(app, count + 1), "Ann's table again")


def _clock_ran_out(app: SeatApp) -> bool:
    table = app.screen
    return isinstance(table, OrczTable) and table.orcz.clock.expired


@sync
async def test_a_remote_seat_challenges_the_slow_player_from_its_own_terminal(
        data: Path) -> None:
    """Bob places a rank at his terminal and takes his time: at Ann's, the clock runs while she
    waits, and once it ran out she calls him out (``c``), her own action; she waits on."""
    session = _ann_may_act_out_of_turn(4)
    slow = session.to_act()[0]
    count = session.action_count
    with serve(session, data / "host.sock") as (_hub, loop, _sent):
        app = SeatApp(RemoteSession.connect(data / "host.sock", "t0"), bot_pause=0.0,
                      challenge_seconds=0.5)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: _waiting(app, count), "Ann's table, waiting")
            await wait_until(pilot, lambda: _clock_ran_out(app), "Ann's clock to run out")
            await pilot.press("c")
            await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen),
                             "who challenges the slow player")
            assert app.screen.players == [(0, "Ann")]  # type: ignore[attr-defined]
            await pilot.press("1", "enter")
            await wait_until(pilot, lambda: _waiting(app, count + 1), "Ann's table again")
            done = loop.call(lambda: [session.game.action_from_json(a)
                                      for a in session.record.actions[count:]])
            assert done == [Challenge(0, slow)]
            assert loop.call(session.to_act) == (slow,)  # the slow one places now
            assert not _clock_ran_out(app)  # one challenge a turn: the clock is off


@sync
async def test_the_hosts_terminal_challenges_a_remote_slow_player_among_its_own_people(
        data: Path) -> None:
    """Ann and Cid at the host's terminal, Bob placing at his own: the public table's clock
    runs, and once it ran out ``c`` asks the people here who calls Bob out; no curtain of
    Bob's ever comes up here."""
    session = _ann_may_act_out_of_turn(3, slow=1)
    count = session.action_count
    told: list[int] = []
    app = HostApp(session, {0, 2}, lambda: told.append(session.action_count),
                  lambda: [0, 1, 2], ["Bob: ssh -p 2222 bob@here   code: ABCD2345"],
                  bot_pause=0.0, challenge_seconds=0.5)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen) and ready(app),
                         "the join lines")
        await pilot.press("enter")
        await wait_until(pilot, lambda: _clock_ran_out(app), "the host's clock to run out")
        table = app.screen
        assert isinstance(table, OrczTable) and table.viewer is None  # the public table
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen),
                         "who challenges Bob")
        assert app.screen.players == [(0, "Ann"), (2, "Cid")]  # type: ignore[attr-defined]
        await pilot.press("2", "enter")
        await wait_until(pilot, lambda: app.screen is table and told == [count + 1],
                         "the public table again, the host told")
        done = [session.game.action_from_json(a) for a in session.record.actions[count:]]
        assert done == [Challenge(2, 1)]
        assert session.to_act() == (1,) and not table.orcz.clock.expired
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


@sync
async def test_the_slow_player_sees_the_challenge_at_their_own_terminal(data: Path) -> None:
    """Ann calls Bob out from her terminal while Bob chooses at his: Bob's panel shows the
    goblin he paid, his choice so far kept (the cursor where he left it)."""
    session = _ann_may_act_out_of_turn(3, slow=1)
    with serve(session, data / "host.sock") as (_hub, loop, _sent):
        ann = RemoteSession.connect(data / "host.sock", "t0")
        app = SeatApp(RemoteSession.connect(data / "host.sock", "t1"), bot_pause=0.0)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, OrczTable)
                             and app.screen.picker is not None, "Bob's decision")
            table = app.screen
            assert isinstance(table, OrczTable)
            goblins = loop.call(lambda: session.view(1)["players"][1]["goblins"])
            await pilot.press("right")  # Bob's cursor on his second battlefield
            picker, cursor = table.picker, table.panel.grid.index
            assert f"{goblins} goblins" in screen_text(app)
            ann.apply(Challenge(0, 1))
            await wait_until(pilot, lambda: f"{goblins - 1} goblins" in screen_text(app),
                             "Bob's panel with the goblin he paid")
            assert table.picker is picker and table.panel.grid.index == cursor
        ann.close()


@sync
async def test_a_challenge_made_first_at_another_terminal_is_said_and_the_table_waits_on(
        data: Path) -> None:
    """Ann and Cid call Bob out at once from two terminals: Cid's reaches the host first, Ann's
    is refused in words (one challenge a turn), and her table waits on."""
    session = _ann_may_act_out_of_turn(3, slow=1)
    count = session.action_count
    with serve(session, data / "host.sock") as (_hub, _loop, _sent):
        cid = RemoteSession.connect(data / "host.sock", "t2")
        app = SeatApp(RemoteSession.connect(data / "host.sock", "t0"), bot_pause=0.0,
                      challenge_seconds=0.5)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: _clock_ran_out(app), "Ann's clock to run out")
            await pilot.press("c")
            await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen),
                             "who challenges Bob")
            cid.apply(Challenge(2, 1))
            await pilot.press("1", "enter")
            await wait_until(pilot, lambda: _waiting(app, count + 1), "Ann's table again")
            assert "already been challenged" in " ".join(
                str(n.message) for n in app._notifications)
        cid.close()
    done = [session.game.action_from_json(a) for a in session.record.actions[count:]]
    assert done == [Challenge(2, 1)]
