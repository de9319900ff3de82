"""A window for cards played out of turn: one public question for the whole table.

A turn in such a window ("Anyone playing a card now?") is asked of everyone who may still play
a card in it, with nothing selected; only the seat that claims it gets its curtain, and the
others' turns in the window are passed for them. Who is asked follows from public facts alone
(the offer), never from a hand."""

from __future__ import annotations

from typing import Any

from common.i18n import _
from common.offer import Offer
from common.tui.flow_base import FlowSteps
from common.tui.window import Claim, WindowPicker


class WindowTurns:
    """A window's turns, for a flow. It keeps the window under way: its key, the people who
    said they play nothing since the last card played in it, and the seat that claimed it."""

    def __init__(self, flow: FlowSteps) -> None:
        self.flow = flow
        self._window: Any = None
        self._declined: set[int] = set()
        self._claimant: int | None = None

    def follow(self, offer: Offer) -> None:
        """The turn now is ``offer``'s: a new window (or none) forgets the last one's answers."""
        if offer.window != self._window:
            self._window, self._declined, self._claimant = offer.window, set(), None

    def turn(self, seat: int, offer: Offer) -> None:
        """``seat``'s turn in the window: its curtain if it claimed it, passed for it if
        another did or it may not play, else the table's one question."""
        flow = self.flow
        if self._claimant is not None:
            if seat == self._claimant:
                self._claimant = None
                flow.show_private(seat)  # the claim was public: the curtain comes now
            else:
                flow.take_for(seat, offer.public[0])  # the claim went to someone else
            return
        asked = self._askable(offer)
        if seat not in asked:
            flow.take_for(seat, offer.public[0])
            return
        table = flow.table
        table.hide_private()
        table.holder.release()
        table.public_seat, table.offer = seat, offer
        rows = [(s, name, None if s in asked else self._why_not_asked(s, offer))
                for s, name in enumerate(flow.session.players)]
        table.picker = WindowPicker(rows, table.game.window_title(offer))
        table.refresh_all()

    def _why_not_asked(self, seat: int, offer: Offer) -> str:
        session = self.flow.session
        name = session.players[seat]
        if session.is_bot(seat):
            return _("{name} is a computer player: it plays for itself").format(name=name)
        if not self.flow.table.holder.here(seat):
            return _("{name} answers at their own terminal").format(name=name)
        if seat in self._declined:
            return _("{name} said they play nothing: a card played reopens the window").format(
                name=name)
        if seat not in offer.seats:
            return _("{name} has no card to play in this window").format(name=name)
        return _("{name} cannot play now").format(name=name)

    def _askable(self, offer: Offer) -> list[int]:
        """The people here who may still play a card in this window (public facts alone): a
        remote seat answers at its own terminal, in its turn."""
        session, holder = self.flow.session, self.flow.table.holder
        return [s for s in offer.seats
                if holder.here(s) and not session.is_bot(s) and s not in self._declined]

    def claimed(self, claim: Claim) -> None:
        """The table's answer: who plays a card (None: nobody)."""
        table = self.flow.table
        offer, seat = table.offer, table.public_seat
        assert offer is not None and seat is not None
        asked = self._askable(offer)
        self._declined.update(s for s in asked if s != claim.seat)
        self._claimant = claim.seat
        table.public_seat = table.offer = None
        table.picker = None
        self.turn(seat, offer)

    def offer_of(self, seat: int) -> Offer | None:
        """The offer of ``seat``'s turn now when it is a window's (before its move)."""
        table = self.flow.table
        offer = table.offer if table.public_seat == seat else self.flow.session.offer(seat)
        return offer if offer is not None and offer.window is not None else None

    def moved(self, seat: int, action: Any, offer: Offer | None) -> None:
        """A card played reopens the window for everyone; a claimant who plays nothing is
        done with it."""
        if offer is None:
            return
        if action in offer.public:
            self._declined.add(seat)
        else:
            self._declined.clear()


__all__ = ["WindowTurns"]
