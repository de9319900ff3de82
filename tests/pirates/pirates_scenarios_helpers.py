"""Scenario builder for the independent Pirate's Cove scenario tests.

Situations are built through ``new_game(..., setup=...)`` (deck tops, dice) and the public
actions; what the set-up cannot express (a mat, a purse, a card in hand, a black ship's island)
is placed with ``dataclasses.replace`` while keeping gold, chests and cards conserved, so that
every later step runs through ``pirates.apply`` alone. Expected numbers in the tests are computed
by hand from the rules text, never read back from the core.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pirates
from pirates import data as D
from pirates.actions import Action, Done, Navigate, Outfit, Pass
from pirates.state import State

NAMES = ["Anne", "Bart", "Cora", "Dirk", "Elsa"]
HULL, SAILS, CREW, CANNONS = "hull", "sails", "crew", "cannons"
LEGEND, NAVY = -1, -2
COVE = 7
# Month-1 Treasure cards for islands 1..5: gold only, so that a plunder is easy to count.
GOLD_ONLY = ["4g#1", "4g#2", "4g#3", "4g#4", "4g#5"]
# Starting hands: harmless fame cards (they only count at the end of the game).
START_HANDS = ["fame1-1", "fame1-2", "fame1-3", "fame1-4", "fame1-5"]


def new(
    players: int = 4, *, draws: Iterable[str] = (), treasure: Iterable[str] | None = None,
    legendary: Iterable[str] = ("blackbeard", "flying_dutchman"), dice: Iterable[int] = (),
    outfits: dict[int, tuple[int, int, int, int]] | None = None, seed: int = 5,
) -> State:
    """A game at the start of month 1 (before-navigation window), every seat outfitted.

    Seat ``s`` starts with ``START_HANDS[s]``; ``draws`` are the next Tavern cards of the deck.
    Seats without an outfit keep 9 gold and rings on 1, except Sails on 4 - seat (speeds
    8, 7, 6, 5, 4), so that no die decides their order."""
    setup: dict[str, Any] = {
        "tavern": [*START_HANDS[:players], *draws],
        "treasure": list(GOLD_ONLY if treasure is None else treasure),
        "legendary": list(legendary),
        "dice": list(dice),
    }
    state = pirates.new_game(NAMES[:players], seed, setup=setup)
    outfits = outfits or {}
    for seat in range(players):
        state = act(state, Outfit(seat, outfits.get(seat, (1, 1, 1, 1))))
    for seat in range(players):
        if seat not in outfits:  # sails 8, 7, 6, 5, 4: no die is needed to order the ships
            state = rig(state, seat, levels=(1, 4 - seat, 1, 1))
    return state


def act(state: State, *actions: Action) -> State:
    for action in actions:
        state = pirates.apply(state, action)
        conserved(state)
    return state


def conserved(state: State) -> None:
    """Gold and chests neither appear nor vanish."""
    assert sum(s.gold for s in state.ships) + state.treasury == D.START_GOLD * state.count
    overboard = sum(state.combat.overboard) if state.combat else 0
    assert state.supply + sum(s.chests for s in state.ships) + overboard == D.CHESTS_IN_BOX


def card(card_id: str) -> int:
    return D.TAVERN_BY_ID[card_id].index


def _take(state: State, ids: Iterable[str]) -> tuple[State, list[int]]:
    wanted = [card(c) for c in ids]
    deck = tuple(c for c in state.tavern_deck if c not in wanted)
    assert len(deck) == len(state.tavern_deck) - len(wanted), f"{ids} must be in the deck"
    return replace(state, tavern_deck=deck), wanted


def rig(
    state: State, seat: int, *, levels: tuple[int, int, int, int] | None = None,
    gold: int | None = None, chests: int | None = None, fame: int | None = None,
    cards: Iterable[str] = (), parrot: str | None = None, craft: str | None = None,
    parrot_wounded: bool = False, craft_damaged: bool = False,
) -> State:
    """Set a ship: gold and chests come from Treasure Island, cards from the Tavern deck.
    ``craft`` is a section name: a Mastercraft card from the deck is fitted there."""
    ships = list(state.ships)
    ship = ships[seat]
    changes: dict[str, Any] = {}
    if levels is not None:
        changes["levels"] = levels
    if fame is not None:
        changes["fame"] = fame
    treasury, supply = state.treasury, state.supply
    if gold is not None:
        treasury -= gold - ship.gold
        changes["gold"] = gold
    if chests is not None:
        supply -= chests - ship.chests
        changes["chests"] = chests
    state, hand = _take(state, cards)
    if hand:
        changes["hand"] = tuple(sorted((*ship.hand, *hand)))
    if parrot is not None:
        state, (p,) = _take(state, [parrot])
        changes["parrot"], changes["parrot_wounded"] = p, parrot_wounded
    if craft is not None:
        free = next(c for c in state.tavern_deck if D.TAVERN[c].effect == D.MASTERCRAFT)
        state = replace(state, tavern_deck=tuple(c for c in state.tavern_deck if c != free))
        changes["craft"], changes["craft_section"] = free, D.SECTION_INDEX[craft]
        changes["craft_damaged"] = craft_damaged
    ships[seat] = replace(ship, **changes)
    return replace(state, ships=tuple(ships), treasury=treasury, supply=supply)


def legends_at(state: State, *islands: int) -> State:
    """Move the black ships (in the order of ``state.legends``) to ``islands``."""
    legends = tuple(replace(lg, island=i) for lg, i in zip(state.legends, islands, strict=True))
    return replace(state, legends=legends)


def dice(state: State, *values: int) -> State:
    """The dice to come, in order (what ``setup["dice"]`` fixes at the start)."""
    return replace(state, dice=tuple(values))


def pass_window(state: State) -> State:
    while state.phase in ("before_navigation", "after_navigation"):
        state = act(state, Pass(state.seat))
    return state


def sail(state: State, islands: dict[int, int]) -> State:
    """Everyone passes the first window and sets course (default: Treasure Island); the state is
    then in the window after navigation."""
    state = pass_window(state)
    for seat in range(state.count):
        state = act(state, Navigate(seat, islands.get(seat, D.TREASURE_ISLAND)))
    assert state.phase == "after_navigation"
    return state


def board(state: State) -> State:
    """Everyone passes the boarding round(s)."""
    while state.combat is not None and state.combat.boarding:
        state = act(state, Pass(state.seat))
    return state


def done_all(state: State) -> State:
    """Every ship ends its island-effects turn (those in the Cove take 2 cards)."""
    from pirates.actions import CoveDraw

    while state.phase == "island_effects" and not state.parrots:
        options = pirates.legal_actions(state, state.seat)
        cove = CoveDraw(state.seat, False)
        state = act(state, cove if cove in options else Done(state.seat))
    return state


def events(state: State, kind: str) -> list[Any]:
    return [e for page in state.log for e in page if e.kind == kind]


def last(state: State, kind: str) -> Any:
    found = events(state, kind)
    assert found, f"no {kind} event"
    return found[-1]


def new_events(before: State, after: State, kind: str) -> list[Any]:
    return events(after, kind)[len(events(before, kind)):]


def levels(state: State, seat: int) -> tuple[int, int, int, int]:
    return state.ships[seat].levels


def hand_ids(state: State, seat: int) -> list[str]:
    return [D.TAVERN[c].id for c in state.ships[seat].hand]


def legend_index(state: State, card_id: str) -> int:
    return next(i for i, lg in enumerate(state.legends) if lg.card == card_id)



def scenario(
    islands: dict[int, int], rigs: dict[int, dict[str, Any]] | None = None, *,
    legend_islands: tuple[int, ...] | None = None, **options: Any,
) -> State:
    """Month 1 after both windows: ships rigged, black ships moved, courses set by ``islands``
    (default Treasure Island). The state is at the first decision after the windows."""
    state = new(**options)
    for seat, fields in (rigs or {}).items():
        state = rig(state, seat, **fields)
    if legend_islands is not None:
        state = legends_at(state, *legend_islands)
    return pass_window(sail(state, islands))
