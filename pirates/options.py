"""Who is to act and what they may do: the legal-action listing, cached where it repeats."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pirates import data as D
from pirates.actions import (
    Action,
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Escape,
    Fire,
    Flee,
    Lookout,
    Marque,
    Mastercraft,
    Mend,
    Navigate,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    Privateering,
    Reload,
    SendNavy,
    Shipowner,
    TreasureMap,
    Upgrade,
)
from pirates.state import (
    AFTER_NAV,
    BEFORE_NAV,
    COMBAT,
    EFFECTS,
    NAVIGATE,
    NOBODY,
    OUTFIT,
    OVER,
    Combat,
    Ship,
    State,
    afloat_raiders,
)

SECTION_IDS = D.SECTIONS

# The actions offered at nearly every listing, built once: a frozen dataclass costs a
# microsecond or so to build, and a listing offers several.
_SEATS = range(D.MAX_PLAYERS)
PASS = tuple(Pass(seat) for seat in _SEATS)
DONE = tuple(Done(seat) for seat in _SEATS)
FLEE = tuple(Flee(seat) for seat in _SEATS)
RELOAD_OR_FLEE = tuple((Reload(seat), Flee(seat)) for seat in _SEATS)


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.parrots:
        return (state.parrots[0][0],)
    if state.seat == NOBODY:  # simultaneous secret choices
        return tuple(s for s, c in enumerate(state.choices) if c is None)
    return (state.seat,)


# The last listing, kept with a strong reference to its state so that ``apply`` right after
# ``legal_actions`` (the usual pattern) does not list again; states are immutable. One tuple,
# replaced whole: a computer player thinking in another thread never reads half of one.
_last: tuple[Any, int, tuple[Action, ...]] = (None, -1, ())


def legal(state: State, seat: int) -> tuple[Action, ...]:
    global _last
    last = _last
    if last[0] is state and last[1] == seat:
        return last[2]
    out = _listlegal(state, seat)
    _last = (state, seat, out)
    return out


def _listlegal(state: State, seat: int) -> tuple[Action, ...]:
    if state.parrots:
        return _parrot_options(seat, state.ships[seat].fame >= 1)
    phase = state.phase
    ship = state.ships[seat]
    if phase == OUTFIT:
        return _outfits(seat, ship.gold)
    if phase == NAVIGATE:
        return _navigations(seat)
    if phase == BEFORE_NAV:
        return _before_nav_options(state, seat)
    if phase == AFTER_NAV:
        return _after_nav_options(state, seat)
    if phase == COMBAT:
        return _combat_options(state, seat)
    if phase == EFFECTS:
        return _effect_options(state, seat)
    return ()


@lru_cache(maxsize=16)
def _parrot_options(seat: int, can_pay: bool) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (ParrotChoice(seat, False),)
    return (ParrotChoice(seat, True), *keep) if can_pay else keep


@lru_cache(maxsize=64)
def _outfits(seat: int, gold: int) -> tuple[Action, ...]:
    """Every affordable set of target positions, each 1..7 (the rings start on 1)."""
    cost = [D.upgrade_cost(1, level) for level in range(8)]
    out: list[Action] = []
    levels = range(1, D.TOP_LEVEL + 1)
    for h in levels:
        for v in levels:
            for c in levels:
                for k in levels:
                    if cost[h] + cost[v] + cost[c] + cost[k] <= gold:
                        out.append(Outfit(seat, (h, v, c, k)))
    return tuple(out)


@lru_cache(maxsize=16)
def _navigations(seat: int) -> tuple[Action, ...]:
    return tuple(Navigate(seat, island) for island in range(1, D.TREASURE_ISLAND + 1))


def holds(ship: Ship, effect: str) -> bool:
    return effect in _effects(ship.hand)


@lru_cache(maxsize=8192)
def _effects(hand: tuple[int, ...]) -> frozenset[str]:
    return frozenset(D.TAVERN[c].effect for c in hand)


def _before_nav_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    out: list[Action] = []
    if state.privateer is None and holds(ship, D.PRIVATEERING):
        out.extend(Privateering(seat, v) for v in range(state.seat_count) if v != seat)
    if state.treasure_map is None and holds(ship, D.TREASURE_MAP):
        out.append(TreasureMap(seat))
    if state.lookout == NOBODY and holds(ship, D.LOOKOUT):
        out.extend(Lookout(seat, first) for first in range(state.seat_count))
    out.append(PASS[seat])
    return tuple(out)


def occupied(state: State, island: int) -> bool:
    return (
        any(s.island == island for s in state.ships)
        or any(lg.island == island and not lg.sunk for lg in state.legends)
        or (state.navy is not None and state.navy.island == island)
    )


def _after_nav_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    out: list[Action] = []
    if state.navy is None and holds(ship, D.NAVY):
        out.extend(SendNavy(seat, i) for i in D.OUTER if i != ship.island)
    navy = state.navy
    if navy is not None and navy.controller != seat and holds(ship, D.MARQUE):
        sender = state.ships[navy.sender].island
        out.extend(
            Marque(seat, i) for i in D.OUTER if i not in (ship.island, navy.island, sender)
        )
    if holds(ship, D.ESCAPE):
        out.extend(
            Escape(seat, i) for i in D.OUTER if i != ship.island and not occupied(state, i)
        )
        if ship.island != D.TREASURE_ISLAND:
            out.append(Escape(seat, D.TREASURE_ISLAND))
    out.append(PASS[seat])
    return tuple(out)


def _combat_options(state: State, seat: int) -> tuple[Action, ...]:
    cb = state.combat
    assert cb is not None
    ship = state.ships[seat]
    if cb.boarding:
        out: list[Action] = [PASS[seat]]
        for effect in D.BATTLE_EFFECTS:
            if not holds(ship, effect):
                continue
            if effect == D.OVERBOARD:
                out.extend(PlayBattle(seat, effect, n) for n in range(1, ship.chests + 1))
            else:
                out.append(PlayBattle(seat, effect))
        return tuple(out)
    if cb.order and cb.order[0] == D.NAVY_SHIP:
        return _navy_fire(seat, cb.fighters)
    return _volley_options(state, cb, seat, ship)


@lru_cache(maxsize=256)
def _navy_fire(seat: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(NavyFire(seat, t, name) for t in targets for name in SECTION_IDS)


@lru_cache(maxsize=1024)
def _fire(seat: int, targets: tuple[int, ...], raiders: tuple[int, ...]) -> tuple[Action, ...]:
    """While a raider is afloat, only its hull is a target; else every section of the others."""
    if raiders:
        return tuple(Fire(seat, r, "hull") for r in raiders)
    return tuple(Fire(seat, t, name) for t in targets if t != seat for name in SECTION_IDS)


def _volley_options(state: State, cb: Combat, seat: int, ship: Ship) -> tuple[Action, ...]:
    tiebreak = cb.island == 0
    if cb.reload[seat] == cb.exchange and not cb.volley:
        return RELOAD_OR_FLEE[seat]
    out: list[Action] = list(_fire(seat, cb.fighters, tuple(afloat_raiders(cb))))
    if not (cb.becalmed or tiebreak):  # any number of Volley cards, copies included
        out.extend(PlayVolley(seat, e) for e in D.VOLLEY_EFFECTS if holds(ship, e))
    if not (cb.volley or tiebreak):
        out.append(FLEE[seat])
    return tuple(out)


def _effect_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    island = state.island
    if island == D.COVE and "cove" not in state.done:
        return (CoveDraw(seat, False), CoveDraw(seat, True))
    out: list[Action] = []
    deck_left = bool(state.tavern_deck or state.tavern_discard)
    buying = island == D.TAVERN_ISLAND and state.bought < D.TAVERN_BUYS and deck_left
    if buying and ship.gold >= D.TAVERN_PRICE:
        out.append(Buy(seat))
    section = D.ISLAND_SECTION.get(island)
    if section is not None:
        out.extend(_upgrades(seat, section, ship.levels[section], ship.gold))
    if island == D.TREASURE_ISLAND:
        out.extend(_treasure_island_options(state, seat, ship))
    out.extend(_any_island_options(seat, ship))
    out.append(DONE[seat])
    return tuple(out)


@lru_cache(maxsize=1024)
def _upgrades(seat: int, section: int, now: int, gold: int) -> tuple[Action, ...]:
    """The ring of ``section`` moved up from ``now`` to any position the gold pays for."""
    out = []
    for level in range(now + 1, D.TOP_LEVEL + 1):
        if D.upgrade_cost(now, level) > gold:
            break
        out.append(Upgrade(seat, SECTION_IDS[section], level))
    return tuple(out)


def _treasure_island_options(state: State, seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if "double" not in state.done:
        for i, name in enumerate(SECTION_IDS):
            level = ship.levels[i]
            if level < D.TOP_LEVEL and 2 * D.COST_INTO[level + 1] <= ship.gold:
                out.append(DoubleUpgrade(seat, name))
    if "bury" not in state.done:
        out.extend(_burials(seat, ship.chests, ship.gold // 3))
    return out


@lru_cache(maxsize=4096)
def _burials(seat: int, chests: int, bags: int) -> tuple[Action, ...]:
    return tuple(
        Bury(seat, c, b) for c in range(chests + 1) for b in range(bags + 1) if c or b
    )


def _any_island_options(seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if ship.craft == NOBODY and holds(ship, D.MASTERCRAFT):
        out.extend(Mastercraft(seat, name) for name in SECTION_IDS)
    if ship.craft_damaged and ship.gold >= 1:
        out.append(Mend(seat))
    if holds(ship, D.SHIPOWNER):
        out.extend(
            Shipowner(seat, name)
            for i, name in enumerate(SECTION_IDS)
            if 0 <= ship.levels[i] < D.TOP_LEVEL
        )
    return out


