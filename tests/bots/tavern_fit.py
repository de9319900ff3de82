"""Whether the Tavern cards of a Pirate's Cove world fit what a seat read of the game:
an exhaustive search, written apart from the sampler's random construction, to check it.

Copies are one card: what a seat reads names kinds only. Each deck (the first, then one per
reshuffle of the discards) holds the kinds its record names (and the parrots put back into it);
the seat saw its own draws and the parrots drawn. Each other seat's secret draws must give it the
cards it played (each drawn before it was played), the fame cards it showed and the world's hand,
each from a deck that still held such a card; the world's Tavern deck is what is left of the
latest deck, and nothing is left of an older one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from common.log import records
from pirates import data as D
from pirates import event_kinds as E
from pirates.state import State

PLAYED = {E.PRIVATEERING: D.PRIVATEERING, E.TREASURE_MAP: D.TREASURE_MAP, E.LOOKOUT: D.LOOKOUT,
          E.ROYAL_NAVY: D.NAVY, E.LETTER_OF_MARQUE: D.MARQUE, E.ESCAPE: D.ESCAPE,
          E.MASTERCRAFT: D.MASTERCRAFT, E.SHIPOWNER: D.SHIPOWNER}
END = 1 << 60
SEARCH = 200_000  # steps of the search before it gives up (never met in the tests' games)


def tavern_misfit(state: State, world: State, seat: int) -> str | None:
    """Why no deal of the Tavern cards that ``seat`` read of ``state`` leads to ``world``'s
    hands and deck; None when one does."""
    dealt = tavern_deal(state, world, seat)
    return dealt if isinstance(dealt, str) else None


def tavern_deal(state: State, world: State, seat: int) -> dict[int, str] | str:
    """A deal that leads to ``world``: the kind each other seat's secret draw gives, by the
    position of its ``drew`` record in the log; or why there is none."""
    decks, draws, items = _read(state, seat)
    for p, ship in enumerate(world.ships):
        if p != seat:
            shown = Counter(e for n, e in items[p] if n == END)
            held = Counter(D.TAVERN[c].effect for c in ship.hand) - shown
            items[p] += [(END, e) for e in sorted(held.elements())]
    for p in items:
        if len(items[p]) != len(draws[p]):
            return f"P{p} holds or played {len(items[p])} cards and drew {len(draws[p])}"
    wanted = Counter(D.TAVERN[c].effect for c in world.tavern_deck)
    todo = [(p, n, e) for p in sorted(items) for n, e in sorted(items[p])]
    budget, dealt = [SEARCH], {}
    if _search(todo, 0, {p: list(d) for p, d in draws.items()}, decks, wanted, budget, dealt):
        return dealt
    return "the search gave up" if budget[0] <= 0 else "no deal of the decks gives the world"


def _read(state: State, seat: int) -> tuple[dict[int, Counter[str]],
                                            dict[int, list[tuple[int, int]]],
                                            dict[int, list[tuple[int, str]]]]:
    decks = {0: Counter(c.effect for c in D.TAVERN)}
    deck = 0
    draws: dict[int, list[tuple[int, int]]] = {p: [] for p in range(state.seat_count) if p != seat}
    items: dict[int, list[tuple[int, str]]] = {p: [] for p in draws}
    for n, r in enumerate(records(state.history)):
        kind: Any = r[0]
        if kind.private >= 0 and r[kind.private + 1] != seat:
            continue
        if kind is E.TAVERN_RESHUFFLED:
            deck += 1
            decks[deck] = Counter(r[1])
        elif kind is E.DREW and r[1] != seat:
            draws[r[1]].append((n, deck))
        elif kind in (E.DREW_CARD, E.PARROT_DRAWN):
            decks[deck][r[2]] -= 1
        elif kind is E.PARROT_SWAPPED:
            decks[deck][r[3]] += 1
        elif kind is E.PARROT_KEPT:
            decks[deck][r[2]] += 1
        elif (kind in PLAYED or kind in (E.BATTLE_CARD, E.VOLLEY_CARD)) and r[1] != seat:
            items[r[1]].append((n, PLAYED.get(kind) or r[2]))
        elif kind is E.FAME_CARDS and r[1] != seat:
            items[r[1]] += [(END, e) for e in r[2]]
    return decks, draws, items


def _search(todo: list[tuple[int, int, str]], i: int, free: dict[int, list[tuple[int, int]]],
            left: dict[int, Counter[str]], wanted: Counter[str], budget: list[int],
            dealt: dict[int, str]) -> bool:
    budget[0] -= 1
    if budget[0] <= 0:
        return False
    if i == len(todo):
        latest = max(left)
        return (all(not +left[k] for k in left if k != latest)
                and +left[latest] == wanted)
    p, before, effect = todo[i]
    for deck in sorted({k for n, k in free[p] if n < before}):
        if left[deck][effect] <= 0:
            continue
        draw = next(d for d in free[p] if d[0] < before and d[1] == deck)  # the earliest
        free[p].remove(draw)
        left[deck][effect] -= 1
        dealt[draw[0]] = effect
        if _search(todo, i + 1, free, left, wanted, budget, dealt):
            return True
        left[deck][effect] += 1
        free[p].append(draw)
        free[p].sort()
    return False
