"""How a seat's decision may be taken at a screen the whole table sees.

A curtain costs the whole table a pause, so the shell shows one only before something private
(docs/design: hand-offs, as few as the secrets need). Which of a seat's legal actions anyone may
know it has is a rule about information, so the game says it: ``offer(state, seat)`` returns an
``Offer``, worked out from public facts alone (a test changes every secret and checks the offer
stays the same), so that whether a seat gets a curtain, a public prompt or is skipped never tells
the table anything about a hand.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple


class Offer(NamedTuple):
    """``public``: the seat's legal actions that follow from public facts (they may be chosen at
    the public table). ``secret``: the seat may also have actions that only its secrets decide
    (its hand), which need its curtain. ``window``: not None when the decision is a turn in a
    window for cards played out of turn (the public part is its one "play nothing"); the same
    for every turn of that window. ``seats``: in a window, the seats that may play in it."""

    public: tuple[Any, ...] = ()
    secret: bool = True
    window: Hashable | None = None
    seats: tuple[int, ...] = ()

    @property
    def private(self) -> bool:
        """Nothing of the decision can be shown before the seat's curtain."""
        return not self.public

    @property
    def forced(self) -> bool:
        """One possible answer, which follows from public facts: nobody need be asked."""
        return len(self.public) == 1 and not self.secret


PRIVATE = Offer()  # a decision wholly behind the seat's curtain (a game without ``offer``)


def offer_of(game: Any, state: Any, seat: int) -> Offer:
    """The game's offer for ``seat``'s decision; every decision is private for a game that does
    not declare ``offer``."""
    find = getattr(game, "offer", None)
    if find is None:
        return PRIVATE
    found: Offer = find(state, seat)
    return found


def public_view_of(game: Any, state: Any, seat: int) -> dict[str, Any]:
    """What a public decision of ``seat`` is drawn from: the game's ``public_view``, else the
    spectator's view with the deciding seat named."""
    find = getattr(game, "public_view", None)
    if find is not None:
        found: dict[str, Any] = find(state, seat)
        return found
    out: dict[str, Any] = dict(game.view(state, None))
    out["seat"] = seat
    return out


__all__ = ["PRIVATE", "Offer", "offer_of", "public_view_of"]
