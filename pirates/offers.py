"""Which part of a seat's decision the whole table may see (``common.offer``).

Only the Tavern cards in a hand are secret once the month's choices are revealed (reference §10),
so every action that does not play a card follows from public facts and may be chosen at the
public table; whether the seat may also play a card is known from public facts too: it holds
cards (their number is on its mat) and the rules allow some card now. The outfitting and the
navigation without Lookout are secret choices, wholly behind each seat's curtain; so is the rest
of a volley turn once a Volley card is readied (a public fact): the captain, already behind the
curtain, may ready more before firing, and sending the panel to the table would cost a curtain
for each further card.
"""

from __future__ import annotations

from functools import cache

from common.offer import PRIVATE, Offer
from pirates import data as D
from pirates.actions import Action
from pirates.options import RULES, _listlegal, legal, to_act
from pirates.state import AFTER_NAV, BEFORE_NAV, COMBAT, NOBODY, State

WINDOWS = (BEFORE_NAV, AFTER_NAV)  # the event windows around navigation


def plays_card(action: Action) -> bool:
    """Whether ``action`` plays a card from the hand (offering it shows the card is held)."""
    return (RULES[type(action)].card or getattr(action, "card", None)) is not None


def offer(state: State, seat: int) -> Offer:
    if seat not in to_act(state):
        return Offer((), False)
    if state.seat == NOBODY and not state.parrots:
        return PRIVATE  # outfitting, or navigation without Lookout: secret choices
    if _readying(state):
        return PRIVATE  # mid-way through readying Volley cards: the panel stays private
    public = tuple(a for a in legal(state, seat) if not plays_card(a))
    secret = bool(state.ships[seat].hand) and _cards_allowed(state, seat)
    window = _window(state)
    if window is None:
        return Offer(public, secret)
    seats = tuple(s for s in _window_seats(state) if state.ships[s].hand)
    return Offer(public, secret, window, seats)


def _readying(state: State) -> bool:
    """A Volley card is readied for the volley to come (only the captain to fire may have)."""
    combat = state.combat
    return state.phase == COMBAT and combat is not None and bool(combat.volley)


def _window(state: State) -> tuple[str, int, int] | None:
    """The window this decision is a turn of: the same key for every turn of it."""
    if state.parrots:
        return None
    if state.phase in WINDOWS:
        return (state.phase, state.month, 0)
    combat = state.combat
    if state.phase == COMBAT and combat is not None and combat.boarding:
        return (COMBAT, state.month, combat.island)
    return None


def _window_seats(state: State) -> tuple[int, ...]:
    if state.phase in WINDOWS:
        return state.order
    assert state.combat is not None
    return state.combat.order


def _cards_allowed(state: State, seat: int) -> bool:
    """Whether the rules let some card be played now, whatever the hand: the seat's listing with
    one card of every kind in its hand offers a card."""
    ship = state.ships[seat]
    full = ship._replace(hand=_every_card())
    ships = (*state.ships[:seat], full, *state.ships[seat + 1:])
    return any(plays_card(a) for a in _listlegal(state._replace(ships=ships), seat))


@cache
def _every_card() -> tuple[int, ...]:
    first: dict[str, int] = {}
    for index, card in enumerate(D.TAVERN):
        first.setdefault(card.effect, index)
    return tuple(first.values())


__all__ = ["offer", "plays_card"]
