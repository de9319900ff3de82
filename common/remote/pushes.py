"""What a move made at another terminal does to this one's table (the host's own terminal, a
remote seat's): the parts the two flows share, so that neither flow grows past pass and play's.

A move made elsewhere arrives as a push. If it changes nothing this terminal shows (another
seat chose while a person here decides), the public side is drawn again and the panel keeps its
decision and cursor; if it does, the flow goes on from it; and under a curtain or a notice it
waits until that is closed, so that nobody's news is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.tui.flow import Flow
from common.tui.log_panel import LogPanel
from common.tui.table import TableScreen


class Pushes:
    """A flow's handling of pushes. ``moment`` is what this terminal's screen depends on;
    ``viewer`` is the seat whose view the public side is drawn from (None: the public one)."""

    def __init__(self, flow: Flow, moment: Callable[[], tuple[Any, ...]],
                 viewer: Callable[[], int | None]) -> None:
        self.flow = flow
        self.moment = moment
        self.viewer = viewer
        self.shown: tuple[Any, ...] | None = None  # the moment the screen was drawn for
        self.stale = False  # a push came while a curtain or a notice was up

    def drawn(self) -> None:
        """The flow is about to draw its next screen: remember what it depends on."""
        self.shown = self.moment()

    def take(self) -> None:
        """A push arrived: after the curtain or the notice up, the public side alone if it
        changes nothing shown, else the flow goes on from it."""
        flow = self.flow
        table = flow.table
        if not table.is_attached:
            return
        if not isinstance(table.app.screen, TableScreen) or flow.bots.busy:
            self.stale = True
            return
        if self.moment() == self.shown:
            self.redraw_public()
            return
        flow.advance()

    def caught_up(self) -> bool:
        """A curtain or a notice closed: True when a push came under it and the flow went on
        from it (its own news first), False when nothing did."""
        if not self.stale:
            return False
        self.stale = False
        self.flow.advance()
        return True

    def redraw_public(self) -> None:
        """The table, the log and the status as they are now; the panel with its decision and
        cursor as they were, its seat's side as it is now (another seat's challenge took a
        goblin)."""
        table, session = self.flow.table, self.flow.session
        seat = self.viewer()
        view = session.view(seat)
        table.game.draw_public(view)
        table.query_one(LogPanel).show(session.log_lines())
        table.refresh_status(view)
        if seat is not None and table.viewer == seat and table.picker is not None:
            table.refresh_private(view, keep=True)


class Teller:
    """Tells the host when a change was made at this terminal (a move, an undo, a note), once
    a change."""

    def __init__(self, flow: Flow, told: Callable[[], None]) -> None:
        self.flow = flow
        self.told = told
        self.mark = self.changes()

    def changes(self) -> tuple[int, int]:
        """What a change here moves: the moves, and the public notes among the log's lines."""
        session = self.flow.session
        return session.action_count, len(session.log_lines())

    def tell(self) -> None:
        now = self.changes()
        if now != self.mark:
            self.mark = now
            self.told()


__all__ = ["Pushes", "Teller"]
