"""A frozen copy of the heuristic before its search and habits were tuned (the benchmark's
``baseline`` level, which the new ``normal`` must beat).
The ``normal`` Pirate's Cove computer player: a heuristic of good play, fast enough for rollouts.

It reads a world sampled for its seat (``pirates.sample``), and of that only what the seat knows:
its own ship and cards, the mats, purses and fame of all, the face-up Treasure cards and where the
legendary pirates are.

- **Outfitting:** dice first (Crew and Cannons together), then speed, then hold.
- **Navigation:** to Treasure Island to bury when the hold is worth it, else to the outer island
  whose face-up Treasure (and its upgrade) is worth most; away from a legendary pirate that would
  outgun the ship. A little noise keeps two such players from always meeting.
- **Windows:** Escape from a legendary pirate on the ship's island; otherwise pass.
- **Combat:** Smoke and Favourable Winds when boarding; fire at the weakest section of the ship
  nearest to being crippled (raiders: their hull); flee when one more hit would cripple the ship.
- **Island effects:** bury everything, upgrade while gold lasts (less near the end), mend, put a
  Mastercraft on the weakest section, keep the old parrot, draw two cards in the Cove.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pirates import data as D
from pirates.actions import (
    Bury,
    CoveDraw,
    Done,
    Escape,
    Fire,
    Flee,
    Mastercraft,
    Mend,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    Reload,
    Shipowner,
    Upgrade,
)
from pirates.state import COMBAT, NAVIGATE, NOBODY, OUTFIT, Ship, State

HARD_STEPS = 6_000  # rollout steps of one hard decision: under half a second on 2 cores
_KEEP = {D.SMOKE, D.WINDS}  # the Battle cards worth playing whatever the fight


def normal(world: State, seat: int, legal: Sequence[Any], rnd: random.Random) -> Any:
    return shortlist(world, seat, legal, 1, rnd)[0]


def shortlist(
    world: State, seat: int, legal: Sequence[Any], k: int, rnd: random.Random | None = None
) -> list[Any]:
    """The ``k`` most promising of ``legal``, best first (the first is ``normal``'s choice)."""
    score = _scorer(world, seat, rnd)
    options = list(legal)
    if rnd is not None:  # ties go any way, not to the lowest seat (the figures by seat show it)
        rnd.shuffle(options)
    options.sort(key=lambda a: -score(a))
    return options[:k]


def _scorer(world: State, seat: int, rnd: random.Random | None) -> Any:
    ship = world.ships[seat]
    if world.phase == OUTFIT:
        return _outfit_score
    if world.phase == NAVIGATE and not world.parrots:
        noise = [0.0] * 8 if rnd is None else [rnd.random() * 0.6 for _ in range(8)]
        return lambda a: _island_value(world, seat, a.island) + noise[a.island]
    if world.phase == COMBAT and not world.parrots:
        return lambda a: _combat_score(world, seat, ship, a)
    return lambda a: _other_score(world, ship, a)


# --------------------------------------------------------------------------- set-up and sailing

def _outfit_score(action: Any) -> float:
    if not isinstance(action, Outfit):
        return 0.0
    hull, sails, crew, cannons = action.levels
    dice = min(D.value(D.CREW, crew), D.value(D.CANNONS, cannons))
    waste = abs(D.value(D.CREW, crew) - D.value(D.CANNONS, cannons))
    return (3 * dice - waste + 0.5 * D.value(D.SAILS, sails) + 0.4 * D.value(D.HULL, hull))


def _dice(ship: Ship) -> int:
    return min(D.value(D.CREW, ship.levels[D.CREW]), D.value(D.CANNONS, ship.levels[D.CANNONS]))


def _island_value(world: State, seat: int, island: int) -> float:
    ship = world.ships[seat]
    danger = _legend_danger(world, ship, island)
    if island == D.TREASURE_ISLAND:
        buried = ship.chests + ship.gold // 3
        return buried - 0.5 - danger
    card = world.face_up[island - 1]
    value = 0.0
    if card != NOBODY:
        t = D.TREASURES[card]
        capacity = D.value(D.HULL, ship.levels[D.HULL]) - ship.chests
        value = t.gold / 3 + min(t.chests, max(capacity, 0)) + 0.4 * t.cards + t.fame
    section = D.ISLAND_SECTION.get(island)
    if section is not None and ship.gold >= 2 and ship.levels[section] < D.TOP_LEVEL:
        value += 0.6 if section in (D.CREW, D.CANNONS) else 0.3
    if ship.chests >= 3:  # a full hold is better buried than risked
        value -= 1.0
    return value - danger


def _legend_danger(world: State, ship: Ship, island: int) -> float:
    for legend in world.legends:
        if legend.island == island and not legend.sunk:
            raider = D.LEGEND_BY_ID[legend.card]
            return 4.0 if raider.dice >= _dice(ship) else 1.5
    return 0.0


# --------------------------------------------------------------------------- combat

def _combat_score(world: State, seat: int, ship: Ship, action: Any) -> float:
    if isinstance(action, PlayBattle):
        return 1.0 if action.card in _KEEP else -1.0
    if isinstance(action, Pass | Reload):
        return 0.0
    if isinstance(action, Flee):
        return 2.0 if min(ship.levels) <= 0 else -2.0
    if isinstance(action, Fire | NavyFire):
        return _target_score(world, seat, action)
    return -1.0  # Volley cards: kept for a plainer heuristic


def _target_score(world: State, seat: int, action: Fire | NavyFire) -> float:
    if action.target < 0:
        return 1.0  # a raider: only by its hull
    target = world.ships[action.target]
    level = target.levels[D.SECTION_INDEX[action.section]]
    guarded = target.craft != NOBODY and target.craft_section == D.SECTION_INDEX[action.section]
    leader = 0.1 * target.fame
    return 1.0 - 0.2 * level - (0.6 if guarded else 0.0) + leader


# --------------------------------------------------------------------------- everything else

def _other_score(world: State, ship: Ship, action: Any) -> float:
    if isinstance(action, ParrotChoice):
        return 0.0 if action.swap else 1.0
    if isinstance(action, CoveDraw):
        return 0.5 if action.gold else 1.0
    if isinstance(action, Bury):
        return 2.0 + action.chests + action.bags
    if isinstance(action, Mend):
        return 1.5
    if isinstance(action, Mastercraft | Shipowner):
        return 1.5 - 0.1 * ship.levels[D.SECTION_INDEX[action.section]]
    if isinstance(action, Upgrade):
        return _upgrade_score(world, ship, action)
    if isinstance(action, Escape):
        here = _legend_danger(world, ship, ship.island)
        return 1.0 if here >= 4.0 else -1.0
    if isinstance(action, Done | Pass):
        return 0.0
    return -0.5  # other cards and Tavern purchases: not worth their price to this heuristic


def _upgrade_score(world: State, ship: Ship, action: Upgrade) -> float:
    section = D.SECTION_INDEX[action.section]
    cost = D.upgrade_cost(ship.levels[section], action.level)
    if world.month > 9 and cost > 1:
        return -1.0  # late in the game gold is worth more buried
    steps = action.level - ship.levels[section]
    return 0.5 + 0.3 * steps - (0.5 if cost > ship.gold - 1 else 0.0)


# --------------------------------------------------------------------------- results

def winners(state: State) -> list[int]:
    return [] if state.winner == NOBODY else [state.winner]


def points(state: State, seat: int) -> int:
    return state.ships[seat].fame


__all__ = ["HARD_STEPS", "normal", "points", "shortlist", "winners"]
