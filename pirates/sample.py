"""Worlds sampled from what one seat has seen of a Pirate's Cove game (for computer players).

``sample(state, seat, rnd)`` redraws everything hidden from ``seat`` (§10 of the reference): the
other players' Tavern cards (dealt again, hand sizes kept, from those cards and the Tavern deck;
parrots never stay in a hand; after a reshuffle of the discards, each card stays among those of
the deck it was drawn from, so the deck holds only cards it could hold), the orders of the
Tavern, Treasure and legendary-pirate decks (the Treasure cards still face down are dealt again
over the five stacks), the dice to come, and the other seats' secret outfitting or navigation
choices not yet revealed (drawn among their legal choices). Other seats' private log entries are
dropped. The result looks the same to ``seat``:
``view(sample(s, seat, r), seat) == view(s, seat)``; and it is a world some history of the same
moves leads to (tests/bots/test_bots_worlds_pirates.py): as the rules play the lowest copy of a
card held, the hands are dealt again until each other seat's draws can give it the cards it
played and its new hand, none held when a higher copy was played. Once the fame cards are shown
(the end, or before a final tie-break) they stay where they are, and the rest is dealt again.
Those checks read only the public log (the draws' drawers, the copy of each card played, the
cards of each reshuffle), so a world's own log, without the others' draws, leads to worlds just
as possible.

Pools are sorted before they are shuffled, so that two states that differ only in what the seat
may not know give the very same world for one ``rnd``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from common.events import EventKind
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
    # At the end the fame cards in hand are shown, before a final tie-break (P-R11): from then
    # on they stay in their hands, and no fame card is dealt into one; the rest is dealt again.
    shown = state.phase == OVER or (state.combat is not None
                                    and state.combat.island == D.TIEBREAK)

    def stays(card: int) -> bool:  # in its place: a parrot (on the table), a fame card shown
        kind = D.TAVERN[card].kind
        return kind == D.PARROT or (shown and kind == D.FAME)

    others = [p for p in range(state.seat_count) if p != seat]
    kept = {p: [c for c in state.ships[p].hand if stays(c)] for p in others}
    past = _past(state)
    latest = past.drawn_in.get(-1, 0)
    # A card in hand stays among the cards of the deck it was drawn from (public: every card
    # that joins the discards is shown, and each reshuffle logs its cards); the deck now holds
    # only cards of the latest.
    pools: dict[int, list[int]] = {latest: [c for c in state.tavern_deck if not stays(c)]}
    for p in others:
        for c in state.ships[p].hand:
            if not stays(c):
                pools.setdefault(past.drawn_in.get(c, 0), []).append(c)
    for pool in pools.values():
        pool.sort()
    counts = {p: sorted(Counter(past.drawn_in.get(c, 0) for c in state.ships[p].hand
                                if not stays(c)).items())
              for p in others}
    # Not met in practice: after the last deal tried, its hands are kept, possible or not,
    # rather than the game's own, which would show the seat what it may not know.
    for _ in range(_DEALS):
        dealt, hands, left = _deal(pools, counts, rnd)
        dealt.update((c, past.drawn_in.get(c, 0)) for p in others for c in kept[p])
        hands = {p: tuple(sorted((*hands[p], *kept[p]))) for p in others}
        if all(_could_hold(past, p, hands[p], dealt) for p in others):
            break
    ships = list(state.ships)
    for p in others:
        ships[p] = ships[p]._replace(hand=hands[p])
    deck = sorted(left + [c for c in state.tavern_deck if stays(c)])
    rnd.shuffle(deck)
    return state._replace(ships=tuple(ships), tavern_deck=tuple(deck))


_DEALS = 200  # deals tried for hands that fit every seat's draws


def _deal(pools: dict[int, list[int]], counts: dict[int, list[tuple[int, int]]],
          rnd: random.Random) -> tuple[dict[int, int], dict[int, tuple[int, ...]], list[int]]:
    """One deal of the pools: each card's deck, the hands, and what is left of the latest."""
    shuffled = {}
    for number, pool in pools.items():
        shuffled[number] = list(pool)
        rnd.shuffle(shuffled[number])
    dealt: dict[int, int] = {}
    hands = {}
    for p, per_deck in counts.items():
        hand: list[int] = []
        for number, count in per_deck:  # as many from each deck as before
            cards, shuffled[number] = shuffled[number][:count], shuffled[number][count:]
            dealt.update((c, number) for c in cards)
            hand += cards
        hands[p] = tuple(sorted(hand))
    return dealt, hands, shuffled[max(pools)]


class _Past(NamedTuple):
    """What the public log says of the Tavern cards: for each card, the number of the latest
    deck it was shuffled into (0: the first; under key -1, the number of reshuffles so far),
    which is the deck a card now held was drawn from; and for each seat that played a copy
    above the lowest, its draws (position in the log, deck number) and the cards it played
    (position, card, deck number of its draw)."""

    drawn_in: dict[int, int]
    draws: dict[int, list[tuple[int, int]]]
    plays: dict[int, list[tuple[int, int, int]]]


# The log's records of a card played from a hand, face up: the kinds that name the copy, with
# its place in a record.
_COPY = {kind: kind.keys.index("copy") + 1 for kind in vars(E).values()
         if isinstance(kind, EventKind) and "copy" in kind.keys}

_PASTS: dict[int, tuple[Any, _Past]] = {}
_LOWEST = {card.effect: card.index for card in reversed(D.TAVERN)}  # each effect's lowest copy


def _past(state: State) -> _Past:
    """The log read once (remembered for the last few logs), its public records only, so that a
    world's log (``seen_by``) says the same as the game's. A card is in a new deck when it was
    among the discards reshuffled: a card held was drawn from the latest deck it went into."""
    log = state.history
    hit = _PASTS.get(id(log))
    if hit is not None and hit[0] is log:
        return hit[1]
    deck_of: dict[int, int] = {}
    shuffles = 0
    draws: dict[int, list[tuple[int, int]]] = {p: [] for p in range(state.seat_count)}
    plays: dict[int, list[tuple[int, int, int]]] = {p: [] for p in range(state.seat_count)}
    for n, record in enumerate(records(log)):
        kind = record[0]
        if kind is E.TAVERN_RESHUFFLED:
            shuffles += 1
            deck_of.update((D.TAVERN_BY_ID[c].index, shuffles) for c in record[1])
        elif kind is E.DREW:
            draws[record[1]].append((n, shuffles))
        elif kind in _COPY:
            card = D.TAVERN_BY_ID[record[_COPY[kind]]].index
            plays[record[1]].append((n, card, deck_of.get(card, 0)))
    deck_of[-1] = shuffles
    # Only a seat that played a copy above the lowest can be dealt a hand its draws cannot give.
    named = [p for p in plays if any(c > _LOWEST[D.TAVERN[c].effect] for _, c, _ in plays[p])]
    past = _Past(deck_of, {p: draws[p] for p in named}, {p: plays[p] for p in named})
    if len(_PASTS) >= 16:
        _PASTS.clear()
    _PASTS[id(log)] = (log, past)
    return past


def _could_hold(past: _Past, seat: int, hand: tuple[int, ...], deck_of: dict[int, int]) -> bool:
    """Whether ``seat``'s draws can give it the cards it played and ``hand``: each from its deck,
    drawn before it was played and, as the rules play the lowest copy held, after the seat
    played a higher copy (earliest deadline first). Always so when it never played a copy above
    the lowest: then the draws that gave the cards it holds give the new ones, deck by deck."""
    draws = past.draws.get(seat)
    if draws is None:
        return True
    plays = past.plays[seat]
    stays = list(plays)
    stays += [(_END, c, deck_of[c]) for c in hand]
    open_ = []
    for before, card, deck in stays:
        effect = D.TAVERN[card].effect
        first = max((n for n, c, _ in plays if n < before and c > card
                     and D.TAVERN[c].effect == effect), default=-1)
        open_.append((before, first, deck))
    for n, deck in draws:
        fits = [s for s in open_ if s[1] < n < s[0] and s[2] == deck]
        if not fits:
            return False
        open_.remove(min(fits))
    return not open_


_END = 1 << 60  # a position after every record: the cards still held


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
