"""The asides of a turn: undo, and actions a seat takes while another is to act.

Undo (``u``, on one's own panel or at the next curtain) takes back one's own last move while it
revealed nothing (the game's ``may_undo``). Out of turn (Orcz's scout): the game calls
``request_out_of_turn(title, accepts, note, run)``; the players who may are asked who wants to
act (a public question), that seat's curtain comes up unless it holds the terminal, ``run(seat)``
shows its private screen and then calls the flow's ``out_of_turn_done(seat)``; the seat to act
gets the terminal back through the holder rule (its curtain, since another person holds it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.i18n import _
from common.tui.dialogs import PickPlayerScreen
from common.tui.flow_base import AsideSteps
from common.tui.window import WindowPicker


class Asides:
    """Undo and out-of-turn actions, for a flow."""

    def __init__(self, flow: AsideSteps) -> None:
        self.flow = flow

    def request_undo(self, *, from_curtain: bool = False,
                     back: Callable[[], None] | None = None) -> None:
        """Take back the last move of the seat at the terminal (or, from a curtain, of the seat
        that was there before it)."""
        table, session = self.flow.table, self.flow.session
        who = table.last_viewer if from_curtain else self.undo_seat
        if table.reviewing or session.is_over():
            return
        if not session.can_undo(who):
            if back is not None:
                back()  # a curtain shows nothing but the hand-off: it comes back as it was
                return
            table.app.notify(_("Nothing to undo: only your own last move, while it revealed "
                               "nothing, can be taken back."), severity="warning", markup=False)
            return
        text = session.undo(who)
        self.flow.announced_all()
        # From a curtain, whoever pressed the key may already be the next player: the panel
        # that comes back goes behind a curtain of its own.
        # A public decision's move comes back to the public table (its offer says so).
        table.viewer = None if from_curtain or table.viewer is None else who
        table.app.notify(text, markup=False)
        self.flow.go_on()

    @property
    def undo_seat(self) -> int | None:
        """Whose last move ``u`` takes back here: the seat whose panel is shown, or the seat
        deciding at the public table (not the whole table's window question)."""
        table = self.flow.table
        if table.viewer is not None:
            return table.viewer
        return None if isinstance(table.picker, WindowPicker) else table.public_seat

    def request_out_of_turn(self, title: str, accepts: Callable[[Any], bool], note: str,
                            run: Callable[[int], None], *, none_note: str,
                            back: Callable[[], None] | None = None) -> None:
        """Ask who takes an action ``accepts`` out of turn, then that seat's curtain and
        ``run(seat)``; ``run`` ends with ``out_of_turn_done(seat)``."""
        flow, table, session = self.flow, self.flow.table, self.flow.session
        players = session.players
        # a person here asks for it: a computer player's out-of-turn moves are its own to make,
        # a remote seat's are asked at its own terminal (this one never reads its options)
        seats = [s for s in range(len(players)) if table.holder.here(s) and not session.is_bot(s)
                 and any(accepts(a) for a in session.legal(s))]
        if not seats:
            if back is not None:
                back()  # from a curtain: it shows nothing but the hand-off
            else:
                table.app.notify(none_note, severity="warning", markup=False)
            return
        table.hide_private()

        def chosen(seat: int | None) -> None:
            if seat is None:
                flow.go_on()  # the panel shown before, if its seat still holds the terminal
            elif table.holder.holds(seat):
                run(seat)
            else:
                flow.push_curtain(seat, lambda: run(seat))

        table.app.push_screen(PickPlayerScreen(title, [(s, players[s]) for s in seats], note),
                              callback=chosen)


__all__ = ["Asides"]
