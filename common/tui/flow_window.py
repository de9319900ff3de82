"""A window for cards played out of turn: one public question for the whole table.

A turn in such a window ("Anyone playing a card now?") is asked of everyone who may still play
a card in it, with nothing selected; only the seat that claims it gets its curtain, and the
others' turns in the window are passed for them. Who is asked follows from public facts alone
(the offer), never from a hand."""

from __future__ import annotations

from common.i18n import _
from common.offer import Offer
from common.tui.flow_base import FlowBase
from common.tui.window import Claim, WindowPicker


class WindowTurns(FlowBase):
    """The part of the flow that runs a window's turns."""

    def window_turn(self, seat: int, offer: Offer) -> None:
        table = self.table
        if self._claimant is not None:
            if seat == self._claimant:
                self._claimant = None
                self.show_private(seat)  # the claim was public: the curtain comes now
            else:
                self.take_for(seat, offer.public[0])  # the claim went to someone else
            return
        asked = self._askable(offer)
        if seat not in asked:
            self.take_for(seat, offer.public[0])
            return
        table.hide_private()
        table.holder.release()
        table.public_seat, table.offer = seat, offer
        rows = [(s, name, None if s in asked else self._why_not_asked(s, offer))
                for s, name in enumerate(self.session.players)]
        table.picker = WindowPicker(rows, table.window_title(offer))
        table.refresh_all()

    def _why_not_asked(self, seat: int, offer: Offer) -> str:
        name = self.session.players[seat]
        if self.session.is_bot(seat):
            return _("{name} is a computer player: it plays for itself").format(name=name)
        if seat in self._declined:
            return _("{name} said they play nothing: a card played reopens the window").format(
                name=name)
        if seat not in offer.seats:
            return _("{name} has no card to play in this window").format(name=name)
        return _("{name} cannot play now").format(name=name)

    def _askable(self, offer: Offer) -> list[int]:
        """The people who may still play a card in this window (public facts alone)."""
        return [s for s in offer.seats if not self.session.is_bot(s)
                and s not in self._declined]

    def claimed(self, claim: Claim) -> None:
        """The table's answer: who plays a card (None: nobody)."""
        table = self.table
        offer, seat = table.offer, table.public_seat
        assert offer is not None and seat is not None
        asked = self._askable(offer)
        self._declined.update(s for s in asked if s != claim.seat)
        self._claimant = claim.seat
        table.public_seat = table.offer = None
        table.picker = None
        self.window_turn(seat, offer)


__all__ = ["WindowTurns"]
