"""A remote seat's table: the ordinary table, fed only by its seat's channel.

The app holds a ``RemoteSession`` (the snapshots sent for its seat) in place of a game session;
``SeatFlow`` is the flow of a table with one person at it: that seat's panel always and no
curtain, since nobody else looks at this terminal. It never asks about another seat's private
side: when another seat is to act, it shows its own panel with nothing to choose and says whom
the game waits for. The host's moves (other seats', computer players') arrive as pushed
snapshots and redraw the table.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, cast

from textual.driver import Driver
from textual.message import Message

from common.i18n import _, said_by
from common.remote.client import TOKEN_ENV, HostGone, RemoteSession
from common.remote.pushes import Pushes
from common.remote.terminal import hang_up_safe
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from common.tui.flow import Flow
from common.tui.flow_here import play_here
from common.tui.gameui import ui_for
from common.tui.messages import BackToMenu
from common.tui.table import TableScreen, table_for
from common.tui.table_api import Table


class SeatFlow(Flow):
    """The flow of a remote seat's table (see the module's docstring)."""

    mark_again: ClassVar[bool] = False  # one person at this terminal: every panel is theirs

    def __init__(self, table: Table) -> None:
        # before the flow's own set-up, so that any method of this class it calls can read it
        self.remote = cast(RemoteSession, table.session)
        super().__init__(table)
        play_here(table, {self.remote.seat})  # its own seat only: no other seat's side is read
        self.pushes = Pushes(self, lambda: seat_moment(self.remote), lambda: self.remote.seat)

    def go_on(self) -> None:
        if self.pushes.caught_up():  # what was pushed under the notice has its own news first
            return
        remote = self.remote
        if remote.is_over():
            table = self.table
            table.hide_private()
            standings = table.game.standings(remote.view(None), remote.result())
            table.app.push_screen(SeatEndScreen(self.session, standings, remote.finished_game()))
            return
        self.pushes.drawn()
        mine = remote.seat
        if mine in remote.to_act():
            self._alone(mine, remote.offer(mine))
        else:
            self.wait()

    def wait(self) -> None:
        """Another seat is to act: this seat's own panel, nothing to choose."""
        table = self.table
        table.picker = None
        table.public_seat = table.offer = None
        table.holder.alone(self.remote.seat)
        table.viewer = self.remote.seat
        table.message = ""
        view = self.remote.view(self.remote.seat)
        table.refresh_all(view)
        table.game.on_waiting(view)

    def status_text(self, view: dict[str, Any]) -> Any:
        """The game's status (it names whom the game waits for), then who is away."""
        text = super().status_text(view)
        remote = self.remote
        away = [name for seat, name in enumerate(remote.players)
                if seat not in remote.present and not remote.is_bot(seat)
                and seat != remote.seat]
        if away:
            text.append("  · " + _("away: {names}").format(names=", ".join(away)))
        return text

    def handoff(self, seat: int) -> None:
        """Only this seat's person looks at this terminal: its panel, with no curtain; another
        seat's turn goes on at its own terminal, and this one waits (its own panel)."""
        if seat == self.remote.seat:
            self.table.holder.alone(seat)
            self.table.show_for(seat)
        else:
            self.go_on()

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        if seat == self.remote.seat:
            self.table.holder.alone(seat)
            then()


def seat_moment(remote: RemoteSession) -> tuple[Any, ...]:
    """What a seat's panel depends on: a push that changes none of it (another seat moved
    while this one decides) redraws the public parts and keeps the panel as it is, its cursor
    too."""
    mine = remote.seat in remote.to_act()
    return (mine, remote.is_over(), remote.legal_json() if mine else remote.action_count)


class SeatEndScreen(EndScreen):
    """The end at a remote seat: the standings, the log and the review of ``game``, the whole
    game the host sends once it is over (None: no review, as from a host that sends none)."""

    def __init__(self, session: GameSession, standings: Any,
                 game: GameSession | None) -> None:
        super().__init__(session, standings, lambda: table_for(cast(GameSession, game),
                                                               review=True))
        self.game = game

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review" and self.game is None:
            return False
        return super().check_action(action, parameters)


class SeatApp(HotseatApp):
    """The app at a remote seat's terminal: its table, from its channel only."""

    def __init__(self, remote: RemoteSession, **options: Any) -> None:
        # The table reads a session through the calls RemoteSession answers (its docstring);
        # anything else it asked would fail loudly rather than reach another seat's side.
        # No tips yet: a tip remembered is the seat's own (RemoteSession.remember_tip), but
        # the tip line's keys would open a lesson and switch tips off in the host user's
        # settings, which are not a seat's to change.
        super().__init__(cast(GameSession, remote), **{**options, "no_tips": True})
        self.remote = remote

    def get_driver_class(self) -> type[Driver]:
        return hang_up_safe(super().get_driver_class())  # an SSH session may end mid-frame

    def _table(self, session: GameSession) -> TableScreen:
        make: Callable[..., TableScreen] = ui_for(session.record.game).table_class()
        table = make(session, flow=SeatFlow)
        table.configure(self.table_options)
        return table

    def on_mount(self) -> None:
        # Textual runs every class's own on_mount in turn: HotseatApp's comes after this one
        # and starts the table. Calling it here too started a second table under the first,
        # a second flow on the same channel that no push ever reached.
        # From the channel's reader thread: posting a message is thread-safe and never waits.
        def pushed() -> None:
            self.post_message(self.Pushed())

        self.remote.on_push = pushed

    class Pushed(Message):
        """The host sent this seat a newer snapshot."""

    def on_seat_app_pushed(self, _message: Pushed) -> None:
        self._pushed()

    def on_back_to_menu(self, message: BackToMenu) -> None:
        """Never the menu at a remote seat: it would open the host's saves and lessons (this
        process runs on the host's machine, as its user). Leaving the end ends the session."""
        message.prevent_default()  # the shell's own handler would push the menu
        self.exit(0)

    def _pushed(self) -> None:
        """The host sent a newer snapshot: the table goes on from it (or the host is gone)."""
        table = self.table_screen()
        flow = table.flow if table is not None and isinstance(table.flow, SeatFlow) else None
        if flow is not None and self.remote.take_push():
            flow.pushes.take()
        elif self.remote.gone:
            self.exit(0)


def stopped_words(farewell: dict[str, Any]) -> str:
    """The one line a seat is left with when its host stops: how the game goes on."""
    if farewell.get("over"):
        return _("the host stopped; the game is over, and saved at the host.")
    return _("the host stopped; the game is saved there and goes on when the host serves it "
             "again (hotseat host --resume {path}): join then with the new code.").format(
                 path=farewell.get("save", "?"))


def run_seat(socket: Path) -> int:
    """``hotseat seat``: join the host's channel with the token the SSH door gave this process,
    and run the seat's table; a refusal is said in one clear line."""
    try:
        remote = RemoteSession.connect(socket, os.environ.get(TOKEN_ENV, ""))
    except HostGone as err:
        print(said_by("hotseat") + str(err), file=sys.stderr, flush=True)
        return 1
    app = SeatApp(remote)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            app.run()
    finally:
        remote.close()
    if remote.stopped is not None:
        print(said_by("hotseat") + stopped_words(remote.stopped), flush=True)
    elif remote.gone:
        print(said_by("hotseat") + _("the host ended the game or the connection; the game is "
                                     "saved at the host."), flush=True)
    return app.return_code or 0


__all__ = ["SeatApp", "SeatFlow", "run_seat", "stopped_words"]
