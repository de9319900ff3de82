"""The host's own terminal beside remote seats: it plays its own seats pass-and-play (curtains
among them), never puts up a remote seat's curtain nor shows its panel, waits on the public
table while only a remote seat is to act, tells the host every move made here, and redraws when
a remote seat moves."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from common.offer import Offer
from common.remote.host_table import HostApp, HostFlow
from common.session import GameSession
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.end import EndScreen
from common.tui.flow_window import WindowTurns
from common.tui.holder import Holder
from common.tui.table import TableScreen
from tests.tui import driver
from tests.tui.driver import ready, step_for, sync, table_of, wait_until
from tests.tui.secrecy import check_screen

HERE = {0, 2}  # Ann and Cid at the host's terminal; Bob joins over SSH


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _waiting(app: HostApp, session: GameSession) -> bool:
    """The host's table waits for the remote seat: drawn, nothing to choose, and the game as it
    is now (no push left unread)."""
    table = app.screen
    if not isinstance(table, TableScreen) or not isinstance(table.flow, HostFlow):
        return False
    flow = table.flow
    return table.picker is None and flow.pushes.shown == flow.pushes.moment() and \
        not any(s in HERE for s in session.to_act())


@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_the_hosts_terminal_plays_its_seats_and_waits_for_the_remote_one(
        game: str, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new(game, ["Ann", "Bob", "Cid"], 5)
    # a key here may end on the table waiting for Bob: that too is the app waiting for a player
    monkeypatch.setattr(driver, "ready", lambda app: ready(app) or _waiting(app, session))
    told: list[int] = []
    app = HostApp(session, HERE, lambda: told.append(session.action_count),
                  lambda: [0, 1, 2], ["Bob: ssh -p 2222 bob@here   code: ABCD2345"],
                  bot_pause=0.0)
    rng = random.Random(2)
    here = remote = 0
    curtains: set[str] = set()
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen), "the join lines")
        assert "bob@here" in str(app.screen.text)  # type: ignore[attr-defined]
        for _ in range(400):
            if (here >= 8 and remote >= 4) or session.is_over():
                break
            await wait_until(pilot, lambda: ready(app) or _waiting(app, session),
                             "the host's table")
            top: Any = app.screen
            if isinstance(top, CurtainScreen):
                curtains.add(top.player)
            if isinstance(top, EndScreen):
                break
            if _waiting(app, session):
                assert top.viewer is None and top.holder.seat is None  # the public table
                check_screen(app, session, holder=None)
                session.apply(rng.choice(session.legal(1)))  # Bob's move, at his terminal
                app.post_message(HostApp.Pushed())
                remote += 1
                await wait_until(pilot, lambda t=top: app.screen is not t or
                                 t.flow.pushes.shown == t.flow.pushes.moment(), "Bob's move shown")
                continue
            check_screen(app, session)
            table = table_of(app)  # none yet under the join lines
            assert table is None or table.holder.seat in (None, 0, 2)
            before = session.action_count
            await step_for(game)(pilot, rng, False)
            if session.action_count != before:
                here += 1
                assert told and told[-1] == session.action_count  # the host knows at once
    assert here >= 8 and remote >= 4, (here, remote)
    assert "Bob" not in curtains and curtains <= {"Ann", "Cid"}


def test_a_window_asks_only_the_people_at_this_terminal() -> None:
    """Bob, remote, may play a card in the window too: he is asked at his own terminal in his
    turn, never by the host's one question (nor is Hal, a computer player)."""

    class Session:
        players = ("Ann", "Bob", "Cid", "Hal")

        @staticmethod
        def is_bot(seat: int) -> bool:
            return seat == 3

    class Table:
        holder = Holder(2, HERE)

    class Steps:
        table, session = Table(), Session()

    turns = WindowTurns(Steps())  # type: ignore[arg-type]
    offer = Offer(("pass",), True, "window", (0, 1, 2, 3))
    assert turns._askable(offer) == [0, 2]
    assert turns._why_not_asked(1, offer) == "Bob answers at their own terminal"
