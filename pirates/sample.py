"""Worlds sampled from what one seat has seen of a Pirate's Cove game (for computer players).

``sample(state, seat, rnd)`` redraws everything hidden from ``seat`` (§10 of the reference): the
other players' Tavern cards (dealt again, hand sizes kept; parrots never stay in a hand), the
orders of the Tavern, Treasure and legendary-pirate decks (the Treasure cards still face down are
dealt again over the five stacks), the dice to come, and the other seats' secret outfitting or
navigation choices not yet revealed (chosen again as the heuristic, ``normal``, would choose in
the world dealt so far). Other seats' private log entries are dropped. The result looks the
same to ``seat``: ``view(sample(s, seat, r), seat) == view(s, seat)``.

Copies of a Tavern or Treasure card are one card: what a seat reads names kinds only,
so the hands and the Treasure stacks are dealt by kind, and each kind's copies are handed out in
order. A world is one some history of the same moves leads to
(tests/bots/test_bots_worlds_pirates.py): each deck (the first, then one
per reshuffle of the discards, whose kinds the log shows) holds what its record says; each card
another seat played is given one of that seat's earlier draws, at random among those from a deck
that still held such a card, and its other draws are its hand, dealt from what is left of each
deck. Once the fame cards are shown (the end, or before a final tie-break) they stay where they
are, and the rest is dealt again. A hand is dealt a fame card more readily than another
(``KEPT_FAME``): players keep those and play the rest. The sampler reads the log only as ``seat``
may read it, so a world's own log (``seen_by``) leads to worlds just as possible.

Pools are sorted before they are shuffled, so that two states that differ only in what the seat
may not know give the very same world for one ``rnd``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from common.log import records, seen_by
from common.rng import Rng
from pirates import data as D
from pirates import event_kinds as E
from pirates.bot import normal
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
    sizes = {p: len(state.ships[p].hand) - len(kept[p]) for p in others}
    unseen = [c for p in others for c in state.ships[p].hand if not stays(c)]
    unseen += state.tavern_deck
    dealt = _dealt_effects(_past(state, seat), sizes, Counter(
        D.TAVERN[c].effect for c in unseen), rnd)
    copies: dict[str, list[int]] = {}  # copies are one card: each effect's are handed out in order
    for c in sorted(unseen):
        copies.setdefault(D.TAVERN[c].effect, []).append(c)
    ships = list(state.ships)
    for p in others:
        hand = [copies[e].pop(0) for e in dealt[p]]
        ships[p] = ships[p]._replace(hand=tuple(sorted((*hand, *kept[p]))))
    deck = sorted(c for cards in copies.values() for c in cards)
    rnd.shuffle(deck)
    return state._replace(ships=tuple(ships), tavern_deck=tuple(deck))


_DEALS = 50  # deals tried for hands that fit every seat's draws


def _dealt_effects(past: _Past, sizes: dict[int, int], unseen: Counter[str],
                   rnd: random.Random) -> dict[int, list[str]]:
    """The effects dealt to each other seat, each drawn from a deck that could give it. When the
    log cannot account for the cards (a stated position, no fitting deal found), the hands are
    dealt from all the cards ``seat`` does not see."""
    played = Counter(e for plays in past.plays.values() for _, e in plays)
    fits = sum(past.pools.values(), Counter()) - played == unseen and all(
        len(past.draws.get(p, ())) - len(past.plays.get(p, ())) == n for p, n in sizes.items())
    for _ in range(_DEALS if fits else 0):
        hands = _deal_by_deck(past, sizes, rnd)
        if hands is not None:
            return hands
    pool = _hand_first(_dealable(unseen, past.shown), rnd)
    out = {}
    for p, n in sizes.items():
        out[p], pool = pool[:n], pool[n:]
    return out


def _deal_by_deck(past: _Past, sizes: dict[int, int],
                  rnd: random.Random) -> dict[int, list[str]] | None:
    """One deal: each card a seat played (or showed) is given one of its earlier draws from a
    deck that still had such a card; its other draws are its hand, dealt from what is left of
    each deck. None when the deal does not fit."""
    left = {k: Counter(pool) for k, pool in past.pools.items()}
    slots: dict[int, list[int]] = {}
    for p in sizes:
        decks = _matched_decks(past.draws.get(p, []), past.plays.get(p, []), left, rnd)
        if decks is None:
            return None
        slots[p] = decks
    shuffled = {}
    for k, pool in left.items():  # hands pop from the end
        shuffled[k] = _hand_first(_dealable(pool, past.shown), rnd)[::-1]
    hands: dict[int, list[str]] = {p: [] for p in sizes}
    for p in sizes:
        for k in slots[p]:
            if not shuffled[k]:
                return None
            hands[p].append(shuffled[k].pop())
    if any(cards for k, cards in shuffled.items() if k != max(shuffled)):
        return None  # an older deck's card left over: it cannot be in the deck now
    return hands


# How much likelier a rival is to hold a given fame card than another card it could hold: a fame
# card is never played, the others mostly are when they help, so a hand kept is richer in fame
# than the cards unseen (in games of ``normal`` players a hand held in the last month showed
# 1.5 times the fame of hands dealt evenly (40 games)). Dealing evenly made a rival's hidden fame
# look smaller than it was, and ``hard`` thought itself further ahead than it was.
KEPT_FAME = 2.0


def _hand_first(effects: list[str], rnd: random.Random) -> list[str]:
    """``effects`` (sorted) in a random order, the first dealt to a hand: a fame card is
    ``KEPT_FAME`` times as likely to come before another card (weighted sampling without
    replacement: each card keyed by a uniform draw raised to one over its weight)."""
    keyed = [(rnd.random() ** (1 / _weight(e)), e) for e in effects]
    keyed.sort(reverse=True)
    return [e for _, e in keyed]


def _weight(effect: str) -> float:
    return KEPT_FAME if D.TAVERN_BY_EFFECT[effect].kind == D.FAME else 1.0


def _dealable(cards: Counter[str], shown: bool) -> list[str]:
    """The effects a hand may be dealt, sorted: no parrot (on a mat when drawn), and no fame card
    once they are shown."""
    return sorted(e for e in cards.elements() if D.TAVERN_BY_EFFECT[e].kind != D.PARROT
                  and not (shown and D.TAVERN_BY_EFFECT[e].kind == D.FAME))


def _matched_decks(draws: list[tuple[int, int]], plays: list[tuple[int, str]],
                   left: dict[int, Counter[str]], rnd: random.Random) -> list[int] | None:
    """Each play given an earlier draw, at random among those from a deck that still holds its
    effect (taken from ``left``); the decks of the draws left over, which give the hand."""
    free = list(draws)
    for n, effect in plays:
        fits = [d for d in free if d[0] < n and left[d[1]][effect] > 0]
        if not fits:
            return None
        draw = rnd.choice(fits)
        free.remove(draw)
        left[draw[1]][effect] -= 1
    return [k for _, k in free]


class _Past(NamedTuple):
    """What ``seat`` has read of the Tavern cards: for each deck (0: the first, then one per
    reshuffle of the discards) the effects it held and were not drawn openly, or by ``seat``;
    for each other seat its secret draws (position in the log, deck) and the cards it played or
    showed (position, effect); whether the fame cards are shown."""

    pools: dict[int, Counter[str]]
    draws: dict[int, list[tuple[int, int]]]
    plays: dict[int, list[tuple[int, str]]]
    shown: bool


# The log's records of a card played from a hand, face up: the effect each plays.
_PLAYED = {E.PRIVATEERING: D.PRIVATEERING, E.TREASURE_MAP: D.TREASURE_MAP, E.LOOKOUT: D.LOOKOUT,
           E.ROYAL_NAVY: D.NAVY, E.LETTER_OF_MARQUE: D.MARQUE, E.ESCAPE: D.ESCAPE,
           E.MASTERCRAFT: D.MASTERCRAFT, E.SHIPOWNER: D.SHIPOWNER}
_PLAYED_CARD = (E.BATTLE_CARD, E.VOLLEY_CARD)  # these name the card played in their ``card``

_PASTS: dict[tuple[int, int], tuple[Any, _Past]] = {}


def _past(state: State, seat: int) -> _Past:
    """The log read once (remembered for the last few logs), only what ``seat`` may read, so
    that a world's log (``seen_by``) says the same as the game's."""
    log = state.history
    hit = _PASTS.get((id(log), seat))
    if hit is not None and hit[0] is log:
        return hit[1]
    pools = {0: Counter(c.effect for c in D.TAVERN)}
    deck = 0
    draws: dict[int, list[tuple[int, int]]] = {p: [] for p in range(state.seat_count)}
    plays: dict[int, list[tuple[int, str]]] = {p: [] for p in range(state.seat_count)}
    shown = False
    for n, record in enumerate(records(log)):
        kind = record[0]
        who: int = record[1] if len(record) > 1 else NOBODY
        if kind.private >= 0 and record[kind.private + 1] != seat:
            continue
        if kind is E.TAVERN_RESHUFFLED:
            deck += 1
            pools[deck] = Counter(record[1])
        elif kind is E.DREW and who != seat:
            draws[who].append((n, deck))
        elif kind in (E.DREW_CARD, E.PARROT_DRAWN):  # the seat's own, a parrot: seen
            pools[deck][record[2]] -= 1
        elif kind in (E.PARROT_SWAPPED, E.PARROT_KEPT):  # back into the deck
            pools[deck][record[3] if kind is E.PARROT_SWAPPED else record[2]] += 1
        elif kind in _PLAYED or kind in _PLAYED_CARD:
            plays[who].append((n, _PLAYED.get(kind) or record[2]))
        elif kind is E.FAME_CARDS:  # shown, and kept in hand
            shown = True
            plays[who] += [(_END, card) for card in record[2]]
    others = [p for p in draws if p != seat]
    past = _Past(pools, {p: draws[p] for p in others}, {p: plays[p] for p in others}, shown)
    if len(_PASTS) >= 16:
        _PASTS.clear()
    _PASTS[(id(log), seat)] = (log, past)
    return past


_END = 1 << 60  # a position after every record: the cards still held


def _treasure_stacks(state: State, rnd: random.Random) -> State:
    """The face-down Treasure cards dealt again by kind, each kind's copies handed out in order:
    copies are one card, so which copy lies face up or in the discard tells nothing."""
    unseen = sorted(c for stack in state.stacks for c in stack)
    kinds = [D.TREASURES[c].kind for c in unseen]
    rnd.shuffle(kinds)
    copies: dict[str, list[int]] = {}
    for c in unseen:
        copies.setdefault(D.TREASURES[c].kind, []).append(c)
    cards = [copies[kind].pop(0) for kind in kinds]
    stacks = []
    for stack in state.stacks:
        stacks.append(tuple(cards[:len(stack)]))
        cards = cards[len(stack):]
    return state._replace(stacks=tuple(stacks))


def _choices(state: State, seat: int, rnd: random.Random) -> State:
    """Other seats' secret choices, made but not revealed, chosen again in the world as the
    heuristic would choose them. Drawn evenly among the legal ones, a rival's course was any of
    the six islands, where a player heads for the one its mat, purse and the face-up Treasure
    make worth most: a seat that chose after the others then misjudged where the fights and the
    Treasure would be, and ``hard`` in the third seat won 55 of 100 games against two
    ``normal``s, where in the first it wins about 80 (docs/balance.md, Round 13)."""
    if state.seat != NOBODY or state.phase not in (OUTFIT, NAVIGATE):
        return state
    outfitting = state.phase == OUTFIT
    made: tuple[Any, ...] = state.outfits if outfitting else state.headings
    # The heuristic chooses on a table where no other seat's choice is made yet: the real ones
    # are hidden from ``seat`` and must not reach the world through it.
    blank = _with_choices(state, outfitting,
                          tuple(choice if p == seat else None for p, choice in enumerate(made)))
    redrawn = list(made)
    for p, choice in enumerate(made):
        if p == seat or choice is None:
            continue
        action = normal(blank, p, legal(blank, p), rnd)
        redrawn[p] = getattr(action, "levels" if outfitting else "island")
    return _with_choices(state, outfitting, tuple(redrawn))


def _with_choices(state: State, outfitting: bool, choices: tuple[Any, ...]) -> State:
    return state._replace(outfits=choices) if outfitting else state._replace(headings=choices)
