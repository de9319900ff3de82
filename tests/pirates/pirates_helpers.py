"""Helpers for the Pirate's Cove tests: the conservation check and one scenario builder.

``new`` (month 1, Anne to Elsa, both black ships, gold-only Treasure cards), ``rig`` (a ship's
mat, purse, cards, parrot or Mastercraft), ``go`` (both windows and the courses) and ``rigged``
(the three at once) build situations through ``new_game(..., setup=...)`` and the public
actions; what the set-up cannot express is placed with ``_replace`` keeping gold, chests and
cards conserved, so that every later step runs through ``pirates.apply`` alone. ``start`` is the
game before outfitting. Expected numbers in the tests are computed by hand from the rules text,
never read back from the core.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import pirates
from common.errors import IllegalAction
from common.events import kind_names
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, CoveDraw, Done, Fire, Navigate, Outfit, Pass
from pirates.state import COMBAT, NOBODY, State

NAMES = ["Anne", "Bart", "Cora", "Dirk", "Elsa"]


_ALL_TAVERN = frozenset(range(len(D.TAVERN)))
_ALL_TREASURE = frozenset(range(len(D.TREASURES)))
_ALL_LEGENDS = sorted(r.id for r in D.LEGENDS)


def check_invariants(state: State) -> None:
    """Nothing appears or vanishes: gold, chests and every card are in exactly one place."""
    n = state.seat_count
    ships = state.ships
    assert sum(s.gold for s in ships) + state.treasury == D.START_GOLD * n
    overboard = sum(state.combat.overboard) if state.combat else 0
    assert state.supply + sum(s.chests for s in ships) + overboard == D.CHESTS_IN_BOX
    tavern: list[int] = [*state.tavern_deck, *state.tavern_discard]
    for ship in ships:
        tavern += ship.hand
        if ship.parrot != NOBODY:
            tavern.append(ship.parrot)
            assert D.TAVERN[ship.parrot].kind == D.PARROT
        if ship.craft != NOBODY:
            tavern.append(ship.craft)
        tavern += [card for _, card, _ in ship.more_crafts]
        assert not ship.more_crafts or state.multi_craft
        sections = [s for s, _, _ in ship.more_crafts] + [ship.craft_section] * (
            ship.craft != NOBODY)
        assert len(sections) == len(set(sections))  # one Mastercraft a section at most
        assert -1 <= min(ship.levels) and max(ship.levels) <= D.TOP_LEVEL
        assert ship.gold >= 0 and ship.chests >= 0 and ship.fame >= 0
        assert (ship.craft == NOBODY) == (ship.craft_section == NOBODY)
    tavern += [card for _, card in state.parrots]
    if state.combat is not None:
        tavern += state.combat.battle
        tavern += state.combat.volley
    assert len(tavern) == len(_ALL_TAVERN) and set(tavern) == _ALL_TAVERN, Counter(tavern)
    treasure = [c for stack in state.stacks for c in stack]
    treasure += [c for c in state.face_up if c != NOBODY]
    treasure += state.treasure_discard
    assert len(treasure) == len(_ALL_TREASURE) and set(treasure) == _ALL_TREASURE
    legends = [lg.card for lg in state.legends] + [*state.legend_deck, *state.legend_discard]
    assert sorted(legends) == _ALL_LEGENDS
    assert len(state.legends) == (2 if n == 3 else 1)


def start(
    players: list[str] | None = None, *, seed: int = 7, dice: Iterable[int] = (),
    tavern: Iterable[str] = (), treasure: Iterable[str] = (), legendary: Iterable[str] = (),
) -> State:
    setup: dict[str, Any] = {
        "dice": list(dice), "tavern": list(tavern), "treasure": list(treasure),
        "legendary": list(legendary),
    }
    return pirates.new_game(players or NAMES[:4], seed, setup=setup)


def act(state: State, *actions: Action) -> State:
    for action in actions:
        state = pirates.apply(state, action)
        check_invariants(state)
    return state


def refused(state: State, action: Action, code: str) -> str:
    """The words of ``apply``'s refusal of ``action``, which must carry ``code``."""
    with pytest.raises(IllegalAction) as caught:
        pirates.apply(state, action)
    assert caught.value.code == code, (caught.value.code, str(caught.value))
    return str(caught.value)


def outfit_all(state: State, levels: dict[int, tuple[int, int, int, int]] | None = None) -> State:
    levels = levels or {}
    for seat in range(state.seat_count):
        state = act(state, Outfit(seat, levels.get(seat, (1, 1, 1, 1))))
    return state


def sail(state: State, islands: dict[int, int]) -> State:
    """Pass the first window and send every seat to its island (default: Treasure Island)."""
    return navigate(pass_window(state), islands)


def pass_window(state: State) -> State:
    while state.phase in ("before_navigation", "after_navigation"):
        state = act(state, Pass(state.seat))
    return state


def navigate(state: State, islands: dict[int, int]) -> State:
    """Every seat sails to its island (default: Treasure Island)."""
    for seat in range(state.seat_count):
        state = act(state, Navigate(seat, islands.get(seat, D.TREASURE_ISLAND)))
    return state


def kinds(state: State) -> list[str]:
    return [e.kind for e in state.log]


def last(state: State, kind: str) -> Any:
    for event in reversed(state.log):
        if event.kind == kind:
            return event
    raise AssertionError(f"no {kind} event")


def in_combat(state: State) -> bool:
    return state.phase == COMBAT


def fire(state: State, seat: int, target: int, section: str, rolls: Iterable[int]) -> State:
    assert state.seat == seat, f"seat {state.seat} is to act, not {seat}"
    return act(dice(state, *rolls), Fire(seat, target, section))


HULL, SAILS, CREW, CANNONS = "hull", "sails", "crew", "cannons"
# Month-1 Treasure cards for islands 1..5: gold only, so that a plunder is easy to count.
GOLD_ONLY = ["4g#1", "4g#2", "4g#3", "4g#4", "4g#5"]
# Starting hands: harmless fame cards (they only count at the end of the game).
START_HANDS = ["fame1-1", "fame1-2", "fame1-3", "fame1-4", "fame1-5"]


def new(
    players: int = 4, *, draws: Iterable[str] = (), treasure: Iterable[str] | None = None,
    legendary: Iterable[str] = ("blackbeard", "flying_dutchman"), dice: Iterable[int] = (),
    outfits: dict[int, tuple[int, int, int, int]] | None = None, seed: int = 5,
    rigs: dict[int, dict[str, Any]] | None = None, legend_islands: tuple[int, ...] | None = None,
) -> State:
    """A game at the start of month 1 (before-navigation window), every seat outfitted.

    Seat ``s`` starts with ``START_HANDS[s]``; ``draws`` are the next Tavern cards of the deck.
    Seats without an outfit keep 9 gold and rings on 1, except Sails on 4 - seat (speeds
    8, 7, 6, 5, 4), so that no die decides their order. ``rigs`` then sets ships (see ``rig``)
    and ``legend_islands`` moves the black ships."""
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
    for seat, fields in (rigs or {}).items():
        state = rig(state, seat, **fields)
    if legend_islands is not None:
        state = legends_at(state, *legend_islands)
    check_invariants(state)
    return state


def card(card_id: str) -> int:
    return D.TAVERN_BY_ID[card_id].index


def _take(state: State, ids: Iterable[str]) -> tuple[State, list[int]]:
    wanted = [card(c) for c in ids]
    deck = tuple(c for c in state.tavern_deck if c not in wanted)
    assert len(deck) == len(state.tavern_deck) - len(wanted), f"{ids} must be in the deck"
    return state._replace(tavern_deck=deck), wanted


def rig(
    state: State, seat: int, *, levels: tuple[int, int, int, int] | None = None,
    gold: int | None = None, chests: int | None = None, fame: int | None = None,
    cards: Iterable[str] = (), parrot: str | None = None, craft: str | None = None,
    parrot_wounded: bool = False, craft_damaged: bool = False, **fields: Any,
) -> State:
    """Set a ship: gold and chests come from Treasure Island, cards from the Tavern deck.
    ``craft`` is a section name: a Mastercraft card from the deck is fitted there. Other
    ``fields`` of the ship (``hand``, ``island``, ``more_crafts``) are set as given."""
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
        state = state._replace(tavern_deck=tuple(c for c in state.tavern_deck if c != free))
        changes["craft"], changes["craft_section"] = free, D.SECTION_INDEX[craft]
        changes["craft_damaged"] = craft_damaged
    ships[seat] = ship._replace(**changes, **fields)
    return state._replace(ships=tuple(ships), treasury=treasury, supply=supply)


def legends_at(state: State, *islands: int) -> State:
    """Move the black ships (in the order of ``state.legends``) to ``islands``."""
    legends = tuple(lg._replace(island=i) for lg, i in zip(state.legends, islands, strict=True))
    return state._replace(legends=legends)


def dice(state: State, *values: int) -> State:
    """The dice to come, in order (what ``setup["dice"]`` fixes at the start)."""
    return state._replace(dice=tuple(values))


def board(state: State) -> State:
    """Everyone passes the boarding round(s)."""
    while state.combat is not None and state.combat.boarding:
        state = act(state, Pass(state.seat))
    return state


def done_all(state: State) -> State:
    """Every ship ends its island-effects turn (those in the Cove take 2 cards)."""
    while state.phase == "island_effects" and not state.parrots:
        options = pirates.legal_actions(state, state.seat)
        cove = CoveDraw(state.seat, False)
        state = act(state, cove if cove in options else Done(state.seat))
    return state


def events(state: State, kind: str) -> list[Any]:
    return [e for e in state.log if e.kind == kind]


def new_events(before: State, after: State, kind: str) -> list[Any]:
    return events(after, kind)[len(events(before, kind)):]


def levels(state: State, seat: int) -> tuple[int, int, int, int]:
    return state.ships[seat].levels


def hand_ids(state: State, seat: int) -> list[str]:
    return [D.TAVERN[c].id for c in state.ships[seat].hand]


def legend_index(state: State, card_id: str) -> int:
    return next(i for i, lg in enumerate(state.legends) if lg.card == card_id)


def rigged(islands: dict[int, int], rigs: dict[int, dict[str, Any]] | None = None,
           **options: Any) -> State:
    """Month 1 after both windows: ``new(rigs=rigs, **options)`` with courses set by
    ``islands`` (default Treasure Island). The state is at the first decision after them."""
    return go(new(rigs=rigs, **options), islands)


# Shared by the subject files (they were copies after the scenario files were merged).

HULL_ISLAND, SAIL_ISLAND = 2, 3


def go(state: State, islands: dict[int, int]) -> State:
    return pass_window(sail(state, islands))


def two_at_hull_island(**rigs: dict) -> pirates.State:
    """Seats 0 and 1 fight off Hull Island; seats 2 and 3 sail to Treasure Island."""
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, int(seat[1:]), **fields)
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND})
    state = pass_window(state)  # the window after navigation
    assert state.phase == "combat" and state.combat.island == HULL_ISLAND
    return state


def pass_to_navigation(state: pirates.State) -> pirates.State:
    while state.phase == "before_navigation":
        state = act(state, Pass(state.seat))
    return state


def _tie_winner(event) -> int:
    ships, rolled = event.get("ships"), event.get("dice")
    assert len(set(rolled)) == len(rolled)
    return ships[max(range(len(ships)), key=lambda i: rolled[i])]


def three_at_hull_island(**rigs: dict) -> pirates.State:
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, int(seat[1:]), **fields)
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND, 2: HULL_ISLAND})
    return board(pass_window(state))


def until_seat(state: pirates.State, seat: int, island: int) -> pirates.State:
    """Every other ship ends its island-effects turn until ``seat`` acts on ``island``."""
    while not (state.seat == seat and state.island == island):
        assert state.phase == "island_effects"
        options = pirates.legal_actions(state, state.seat)
        draw = CoveDraw(state.seat, False)
        state = act(state, draw if draw in options else Done(state.seat))
    return state


def second_parrot(fame: int) -> pirates.State:
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = new(treasure=treasure, draws=["trelawney"])
    state = rig(state, 1, parrot="flint", fame=fame)
    state = pass_window(sail(state, {1: 3}))
    assert pirates.to_act(state) == (1,)
    return state


def volleys(state: State) -> list[tuple[int, int]]:
    """Every volley fired, by a captain, the Royal Navy or a legendary pirate."""
    fired = kind_names(E.VOLLEY, E.NAVY_VOLLEY, E.LEGEND_VOLLEY)
    return [(e.get("ship"), e.get("target")) for e in state.log if e.kind in fired]


def to_month_end(state: State) -> State:
    month = state.month
    while state.month == month and not pirates.is_over(state):
        state = act(state, Done(state.seat))
    return state


def legend_volleys(state: pirates.State) -> list:
    return events(state, E.LEGEND_VOLLEY.name)
