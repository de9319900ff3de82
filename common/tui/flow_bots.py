"""Computer players at the table: their moves are shown to everyone, with a pause and the log
line, and decided away from the screen's thread (a ``hard`` bot may think for a second)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from common.entries import view_lines
from common.errors import IllegalAction
from common.i18n import _
from common.tui.flow_base import FlowBase
from common.words import shown


class BotTurns(FlowBase):
    """The part of the flow that plays the computer players' turns."""

    def play_bot(self, seat: int) -> None:
        table = self.table
        table.hide_private()
        self.bot_busy = True
        table.refresh_keys()
        table.news = _("{name} (computer) is thinking…").format(name=self.session.players[seat])
        table.refresh_status()
        turn, decide = self.session.bot_decision(seat)
        table.run_worker(partial(self._think, seat, turn, decide), name="_think", group="bot",
                         exclusive=True, thread=True)

    def _think(self, seat: int, turn: int, decide: Callable[[], Any]) -> None:
        app = self.table.app
        try:
            action = decide()
        except Exception as err:  # a bot's bug must not end the game: a legal move instead
            action = self.session.legal(seat)[0]
            app.call_from_thread(app.notify, _("The computer player stumbled ({reason}); it "
                                               "plays its first legal move.").format(
                                                   reason=shown(err)), severity="warning",
                                 markup=False)
        app.call_from_thread(self._bot_decided, seat, turn, action)

    def _bot_decided(self, seat: int, turn: int, action: Any) -> None:
        table = self.table
        if not table.is_attached or self.session.action_count != turn:
            return  # the table was left, or the game moved on meanwhile
        before = len(self.session.view(None)["log"])
        window = self.window_offer(seat)
        try:
            applied = self.apply_and_save(action)
        except IllegalAction:  # a bot's bug: the game goes on with a legal move
            action = self.session.legal(seat)[0]
            applied = self.apply_and_save(action)
        if not applied:
            return
        self.window_moved(seat, action, window)
        lines = view_lines(self.session.game.NAME, self.session.view(None), before)
        table.news = _("{name} (computer): {move}").format(
            name=self.session.players[seat], move=lines[0] if lines else _("done."))
        table.refresh_all()

        def go_on() -> None:
            self.bot_busy = False
            self.advance()

        if table.bot_pause > 0:
            table.set_timer(table.bot_pause, go_on)
        else:
            table.call_later(go_on)


__all__ = ["BotTurns"]
