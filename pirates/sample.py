"""Worlds sampled from what one seat has seen of a Pirate's Cove game (for computer players).

``sample(state, seat, rnd)`` redraws everything hidden from ``seat`` (§10 of the reference): the
other players' Tavern cards (dealt again, hand sizes kept, from those cards and the Tavern deck;
parrots never stay in a hand; after a reshuffle of the discards, each card stays among those of
the deck it was drawn from, so the deck holds only cards it could hold), the orders of the
Tavern, Treasure and legendary-pirate decks (the Treasure cards still face down are dealt again
over the five stacks), the dice to come, and the other seats' secret outfitting or navigation
choices not yet revealed (drawn among their legal choices). Other seats' private log entries are
dropped. The result looks the same to ``seat``:
``view(sample(s, seat, r), seat) == view(s, seat)``.

Pools are sorted before they are shuffled, so that two states that differ only in what the seat
may not know give the very same world for one ``rnd``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from common.log import records, seen_by
from common.rng import Rng
from pirates import data as D
from pirates import event_kinds as E
from pirates.options import legal
from pirates.state import NAVIGATE, NOBODY, OUTFIT, OVER, State


def sample(state: State, seat: int, rnd: random.Random) -> State:
    """A world drawn at random among those ``seat`` cannot tell from ``state``."""
    state = _deal_hands(state, seat, rnd)
    state = _treasure_stacks(state, rnd)
    legends = sorted(state.legend_deck)
    rnd.shuffle(legends)
    state = state._replace(legend_deck=tuple(legends), dice=(), rng=Rng(rnd.getrandbits(64)),
                    history=seen_by(state.history, seat))
    return _choices(state, seat, rnd)


def _deal_hands(state: State, seat: int, rnd: random.Random) -> State:
    # At the end the fame cards in hand are shown: then only the deck is shuffled.
    others = [p for p in range(state.seat_count) if p != seat and state.phase != OVER]
    parrots = [c for c in state.tavern_deck if D.TAVERN[c].kind == D.PARROT]
    drawn_in = _deck_drawn_from(state)
    latest = drawn_in.get(-1, 0)
    # A card in hand stays among the cards of the deck it was drawn from (public: every card
    # that joins the discards is shown, and the reshuffles are logged); the deck now holds only
    # cards of the latest.
    pools: dict[int, list[int]] = {latest: [c for c in state.tavern_deck
                                            if D.TAVERN[c].kind != D.PARROT]}
    for p in others:
        for c in state.ships[p].hand:
            pools.setdefault(drawn_in.get(c, 0), []).append(c)
    for pool in pools.values():
        pool.sort()
        rnd.shuffle(pool)
    ships = list(state.ships)
    for p in others:
        counts = Counter(drawn_in.get(c, 0) for c in ships[p].hand)
        hand: list[int] = []
        for deck_number, count in sorted(counts.items()):  # as many from each deck as before
            hand += pools[deck_number][:count]
            pools[deck_number] = pools[deck_number][count:]
        ships[p] = ships[p]._replace(hand=tuple(sorted(hand)))
    deck = sorted(pools[latest] + parrots)
    rnd.shuffle(deck)
    return state._replace(ships=tuple(ships), tavern_deck=tuple(deck))


_DREWS: dict[int, tuple[Any, dict[int, int]]] = {}


def _deck_drawn_from(state: State) -> dict[int, int]:
    """For each card in a hand, the number of Tavern reshuffles before it was drawn; under key
    -1, the number of reshuffles so far. Read from the log (remembered for the last few logs)."""
    log = state.history
    hit = _DREWS.get(id(log))
    if hit is not None and hit[0] is log:
        return hit[1]
    out: dict[int, int] = {}
    shuffles = 0
    for record in records(log):
        if record[0] is E.TAVERN_RESHUFFLED:
            shuffles += 1
        elif record[0] is E.DREW_CARD:
            out[D.TAVERN_BY_ID[record[2]].index] = shuffles
    out[-1] = shuffles
    if len(_DREWS) >= 16:
        _DREWS.clear()
    _DREWS[id(log)] = (log, out)
    return out


def _treasure_stacks(state: State, rnd: random.Random) -> State:
    cards = sorted(c for stack in state.stacks for c in stack)
    rnd.shuffle(cards)
    stacks = []
    for stack in state.stacks:
        stacks.append(tuple(cards[:len(stack)]))
        cards = cards[len(stack):]
    return state._replace(stacks=tuple(stacks))


def _choices(state: State, seat: int, rnd: random.Random) -> State:
    """Other seats' secret choices, made but not revealed, drawn again among their legal ones."""
    if state.seat != NOBODY or state.phase not in (OUTFIT, NAVIGATE):
        return state
    choices = list(state.choices)
    for p, choice in enumerate(state.choices):
        if p == seat or choice is None:
            continue
        open_ = state._replace(choices=(*state.choices[:p], None, *state.choices[p + 1:]))
        action = rnd.choice(legal(open_, p))
        choices[p] = getattr(action, "levels", None) or getattr(action, "island", None)
    return state._replace(choices=tuple(choices))
