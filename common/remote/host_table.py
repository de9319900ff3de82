"""The host's own terminal when some seats play there: pass and play among them, beside the
remote seats and the computer players the host plays.

The host's table is the ordinary table with ``HostFlow``: it plays only the seats at this
terminal (``Flow.play_here``: the holder never hands this terminal to a remote seat, no curtain
ever goes up for one, a window's question is asked of the people here only, and nothing here
reads a remote seat's options). When only other seats are to act, the public table (one person
here: their own panel, nothing to choose) and the status line say whom the game waits for. A
move made here is told to the host (the remote seats' snapshots, the computer players); a move
made elsewhere arrives as a push and redraws this table, keeping the panel on screen when the
move changes nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from rich.text import Text
from textual.driver import Driver
from textual.message import Message

from common.i18n import _
from common.remote.pushes import Pushes, Teller
from common.remote.terminal import hang_up_safe
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.dialogs import NoticeScreen
from common.tui.flow import Flow
from common.tui.flow_here import play_here, seat_now
from common.tui.gameui import ui_for
from common.tui.messages import BackToMenu
from common.tui.table import TableScreen
from common.tui.table_api import Table


class HostFlow(Flow):
    """The flow of the host's table (see the module's docstring); ``told`` tells the host
    that the game changed here."""

    def __init__(self, table: Table, seats: Collection[int], told: Callable[[], None],
                 present: Callable[[], Collection[int]]) -> None:
        super().__init__(table)
        play_here(table, seats)
        self.teller = Teller(self, told)
        self.present = present  # the seats someone plays now (here, or connected)
        self.pushes = Pushes(self, lambda: host_moment(self), lambda: self.table.viewer)

    def apply_and_save(self, action: Any) -> bool:
        try:
            return super().apply_and_save(action)
        finally:
            self.teller.tell()  # the remote seats see it at once, before any notice is read

    def advance(self) -> None:
        self.teller.tell()
        super().advance()

    def go_on(self) -> None:
        self.teller.tell()  # an undo or a note here
        if self.pushes.caught_up():  # what was pushed under a curtain or a notice: its news
            return
        self.pushes.drawn()
        super().go_on()

    def status_text(self, view: dict[str, Any]) -> Text:
        """The game's status (it names whom the game waits for), then who is away."""
        text = super().status_text(view)
        session, present = self.session, self.present()
        away = [name for seat, name in enumerate(session.players)
                if seat not in present and not session.is_bot(seat)]
        if away:
            text.append("  · " + _("away: {names}").format(names=", ".join(away)))
        return text

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        def lifted() -> None:
            if not self.pushes.caught_up():  # else the game moved behind the curtain
                then()

        super().push_curtain(seat, lifted)


def host_moment(flow: Flow) -> tuple[Any, ...]:
    """What the host's screen depends on: a push that changes none of it (a remote seat chose
    while a person here decides) redraws the public parts only."""
    session = flow.session
    if session.is_over():
        return (True,)
    seat = seat_now(flow.table)
    if seat is None:
        return (False, None, session.action_count)
    return (False, seat, tuple(session.legal(seat)))


class HostApp(HotseatApp):
    """The app at the host's terminal: the join lines first, then the table of the seats
    played here. ``told`` tells the host the game changed here; ``present``: the seats someone
    plays now."""

    def __init__(self, session: GameSession, seats: Collection[int], told: Callable[[], None],
                 present: Callable[[], Collection[int]], join_lines: list[str],
                 **options: Any) -> None:
        super().__init__(session, **options)
        self.seats = frozenset(seats)
        self.told, self.present = told, present
        self.join_lines = join_lines

    def get_driver_class(self) -> type[Driver]:
        return hang_up_safe(super().get_driver_class())  # its terminal may hang up mid-game

    class Pushed(Message):
        """The game changed elsewhere (a remote seat, a computer player) or a seat came or
        went."""

    def start_game(self, session: GameSession) -> None:
        """The join lines (public: everyone here may read them), then the table."""
        self.session = session
        text = Text("\n".join(self.join_lines))
        self.push_screen(NoticeScreen(_("Hosting: each remote player joins with their line"),
                                      text, public=True),
                         callback=lambda _: self.push_screen(self._table(session)))

    def _table(self, session: GameSession) -> TableScreen:
        make: Callable[..., TableScreen] = ui_for(session.record.game).table_class()
        table = make(session, flow=lambda t: HostFlow(t, self.seats, self.told, self.present))
        table.configure(self.table_options)
        return table

    def on_host_app_pushed(self, _message: Pushed) -> None:
        table = self.table_screen()
        if table is not None and isinstance(table.flow, HostFlow):
            table.flow.pushes.take()

    def on_back_to_menu(self, message: BackToMenu) -> None:
        """The game is over: the host's terminal leaves with it (no menu while hosting)."""
        message.prevent_default()
        self.exit(0)


__all__ = ["HostApp", "HostFlow"]
