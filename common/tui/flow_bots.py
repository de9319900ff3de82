"""Computer players at the table: their moves are shown to everyone, with a pause and the log
line, and decided away from the screen's thread (a ``hard`` bot may think for a second)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from common.entries import view_lines
from common.errors import IllegalAction
from common.i18n import _
from common.session import data_dir
from common.tui.crash import write_report
from common.tui.flow_base import FlowSteps
from common.tui.flow_window import WindowTurns


class BotTurns:
    """The computer players' turns, for a flow: ``play(seat)``; ``busy`` while one thinks or
    its move is on show (the table's keys wait). A bot's move in a window counts there as
    anyone's (``windows``)."""

    def __init__(self, flow: FlowSteps, windows: WindowTurns) -> None:
        self.flow, self.windows = flow, windows
        self.busy = False

    def play(self, seat: int) -> None:
        table, session = self.flow.table, self.flow.session
        table.hide_private()
        self.busy = True
        table.refresh_keys()
        table.news = _("{name} (computer) is thinking…").format(name=session.players[seat])
        table.refresh_status()
        turn, decide = session.bot_decision(seat)
        table.run_worker(partial(self._think, seat, turn, decide), name="_think", group="bot",
                         exclusive=True, thread=True)

    def _think(self, seat: int, turn: int, decide: Callable[[], Any]) -> None:
        app = self.flow.table.app
        try:
            action = decide()
        except Exception as err:  # a bot's bug must not end the game: a legal move instead
            session = self.flow.session
            action = session.legal(seat)[0]
            # The error's text may name the bot's own hidden cards: it goes to the private
            # report, and the table is told only that the computer player stumbled.
            write_report(err, session.record.game, session.path, data_dir())
            app.call_from_thread(app.notify, _("The computer player stumbled: it plays its "
                                               "first legal move."), severity="warning",
                                 markup=False)
        app.call_from_thread(self._decided, seat, turn, action)

    def _decided(self, seat: int, turn: int, action: Any) -> None:
        flow, table, session = self.flow, self.flow.table, self.flow.session
        if not table.is_attached or session.action_count != turn:
            return  # the table was left, or the game moved on meanwhile
        before = len(session.view(None)["log"])
        window = self.windows.offer_of(seat)
        try:
            applied = flow.apply_and_save(action)
        except IllegalAction:  # a bot's bug: the game goes on with a legal move
            action = session.legal(seat)[0]
            applied = flow.apply_and_save(action)
        if not applied:
            return
        self.windows.moved(seat, action, window)
        lines = view_lines(session.game.NAME, session.view(None), before)
        table.news = bot_news(session.players[seat], lines[0] if lines else _("done."))
        table.refresh_all()
        if table.bot_pause > 0:
            table.set_timer(table.bot_pause, self._shown)
        else:
            table.call_later(self._shown)

    def _shown(self) -> None:
        """The move has been on show: the table's keys act again, and the flow goes on."""
        self.busy = False
        self.flow.advance()


def bot_news(name: str, move: str) -> str:
    """A computer's move on the status line: "Zoé (computer) places rank 3…" when the log line
    names the player first (not "Zoé (computer): Zoé places…"), else "Zoé (computer): …"."""
    if move.startswith(name + " "):
        return f"{name} {_('(computer)')}{move[len(name):]}"
    return _("{name} (computer): {move}").format(name=name, move=move)


__all__ = ["BotTurns", "bot_news"]
