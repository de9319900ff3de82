"""Who is to act and what they may do: the legal-action listing, cached where it repeats, and
why an action it leaves out is refused.

Each rule has one check beside the listing that obeys it, reading the same tables and
predicates; the check gives the refusal (words and a stable code, docs/pirates-actions.md).
``apply`` asks for it only when the action is not in the listing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from common.codec import clip
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    NAMES,
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
    action_from_json,
    action_to_json,
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
Refusal = IllegalAction | None  # what a rule's check gives: None when the rule allows it

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
        return _parrot_options(seat, state.ships[seat].fame >= D.PARROT_SWAP_FAME)
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


def _island(island: int) -> str:
    return D.ISLAND_NAMES.get(island, f"island {island}")


def _card(effect: str) -> str:
    return D.EFFECT_NAMES[effect]


# --------------------------------------------------------------------------- parrots

@lru_cache(maxsize=16)
def _parrot_options(seat: int, can_pay: bool) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (ParrotChoice(seat, False),)
    return (ParrotChoice(seat, True), *keep) if can_pay else keep


def _parrot_refusal(state: State, a: ParrotChoice) -> Refusal:
    fame = state.ships[a.seat].fame
    if a.swap and fame < D.PARROT_SWAP_FAME:
        return IllegalAction(f"swapping parrots costs {D.PARROT_SWAP_FAME} fame and you have "
                             f"{fame}: keep the old one", "parrot-swap-unaffordable")
    return None


# --------------------------------------------------------------------------- outfitting

# Gold to move a ring from the start (1) to each position.
_RING_COST = tuple(D.upgrade_cost(D.START_LEVEL, level) for level in range(D.TOP_LEVEL + 1))
_OUTFIT_LEVELS = range(D.START_LEVEL, D.TOP_LEVEL + 1)


@lru_cache(maxsize=64)
def _outfits(seat: int, gold: int) -> tuple[Action, ...]:
    """Every affordable set of target positions, each 1..7 (the rings start on 1)."""
    cost = _RING_COST
    out: list[Action] = []
    levels = _OUTFIT_LEVELS
    for h in levels:
        for v in levels:
            for c in levels:
                for k in levels:
                    if cost[h] + cost[v] + cost[c] + cost[k] <= gold:
                        out.append(Outfit(seat, (h, v, c, k)))
    return tuple(out)


def _outfit_refusal(state: State, a: Outfit) -> Refusal:
    for name, level in zip(SECTION_IDS, a.levels, strict=True):
        if level not in _OUTFIT_LEVELS:
            return IllegalAction(f"outfitting puts each ring on a position from 1 to 7, not "
                                 f"{name} {level}", "outfit-range")
    cost = sum(_RING_COST[level] for level in a.levels)
    gold = state.ships[a.seat].gold
    if cost > gold:
        return IllegalAction(f"this outfit costs {cost} gold and you have {gold}",
                             "outfit-unaffordable")
    return None


# --------------------------------------------------------------------------- navigation

_COURSES = range(1, D.TREASURE_ISLAND + 1)  # P-R7: the Cove is reached only by flight or rout


@lru_cache(maxsize=16)
def _navigations(seat: int) -> tuple[Action, ...]:
    return tuple(Navigate(seat, island) for island in _COURSES)


def _navigate_refusal(state: State, a: Navigate) -> Refusal:
    if a.island not in _COURSES:
        return IllegalAction(f"a ship sails to an island from 1 to 6 (Tavern to Treasure "
                             f"Island), not {clip(a.island)}", "no-such-course")
    return None


# --------------------------------------------------------------------------- cards in hand

def holds(ship: Ship, effect: str) -> bool:
    return effect in _effects(ship.hand)


@lru_cache(maxsize=8192)
def _effects(hand: tuple[int, ...]) -> frozenset[str]:
    return frozenset(D.TAVERN[c].effect for c in hand)


def _in_play(effect: str) -> IllegalAction:
    return IllegalAction(f"{_card(effect)} is already in play this month", "already-in-play")


def _seat_refusal(state: State, seat: int, role: str) -> Refusal:
    if seat not in range(state.seat_count):
        return IllegalAction(f"there is no seat {clip(seat)} to be {role}", "no-such-seat")
    return None


# --------------------------------------------------------------------------- the window before
# navigation (P-R12): Privateering, Treasure Map, Lookout

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


def _privateering_refusal(state: State, a: Privateering) -> Refusal:
    if state.privateer is not None:
        return _in_play(D.PRIVATEERING)
    if a.victim == a.seat:
        return IllegalAction("Privateering names another player's ship, not yours",
                             "own-ship")
    return _seat_refusal(state, a.victim, "the victim")


def _treasure_map_refusal(state: State, a: TreasureMap) -> Refusal:
    return _in_play(D.TREASURE_MAP) if state.treasure_map is not None else None


def _lookout_refusal(state: State, a: Lookout) -> Refusal:
    if state.lookout != NOBODY:
        return _in_play(D.LOOKOUT)
    return _seat_refusal(state, a.first, "the first to navigate")


# --------------------------------------------------------------------------- the window after
# navigation: Royal Navy in Pursuit, Letter of Marque, Escape

def occupied(state: State, island: int) -> bool:
    return (
        any(s.island == island for s in state.ships)
        or any(lg.island == island and not lg.sunk for lg in state.legends)
        or (state.navy is not None and state.navy.island == island)
    )


def _after_nav_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    out: list[Action] = []
    if holds(ship, D.NAVY):
        out.extend(_offered(state, [SendNavy(seat, i) for i in D.OUTER]))
    if holds(ship, D.MARQUE):
        out.extend(_offered(state, [Marque(seat, i) for i in D.OUTER]))
    if holds(ship, D.ESCAPE):
        out.extend(_offered(state, [Escape(seat, i) for i in _ESCAPES]))
    out.append(PASS[seat])
    return tuple(out)


def _offered(state: State, candidates: list[Any]) -> list[Action]:
    """The candidates their rule's check allows (for cards seldom held: not a hot path)."""
    return [a for a in candidates if _RULES[type(a)](state, a) is None]


def _navy_island_refusal(state: State, island: int, seat: int) -> Refusal:
    """The Royal Navy goes to an outer island, never its sender's own (P-R18)."""
    if island not in D.OUTER:
        return IllegalAction("the Royal Navy goes to an outer island, 1 to 5, not "
                             f"{_island(island)}", "navy-outer-island")
    if island == state.ships[seat].island:
        return IllegalAction(f"the Royal Navy is never sent to your own island "
                             f"({_island(island)})", "navy-own-island")
    return None


def _send_navy_refusal(state: State, a: SendNavy) -> Refusal:
    if state.navy is not None:
        return IllegalAction("the Royal Navy is already at sea this month", "navy-at-sea")
    return _navy_island_refusal(state, a.island, a.seat)


def _marque_refusal(state: State, a: Marque) -> Refusal:
    navy = state.navy
    if navy is None:
        return IllegalAction("Letter of Marque answers a Royal Navy in Pursuit, and none is at "
                             "sea", "no-navy")
    if navy.controller == a.seat:
        return IllegalAction("you control the Royal Navy already", "navy-yours")
    if a.island == navy.island:
        return IllegalAction(f"the Royal Navy is at {_island(a.island)} already: name a new "
                             "island", "navy-already-there")
    if a.island == state.ships[navy.sender].island:
        return IllegalAction(f"the Royal Navy never goes to the island of the player who sent "
                             f"it ({_island(a.island)})", "navy-sender-island")
    return _navy_island_refusal(state, a.island, a.seat)


_ESCAPES = (*D.OUTER, D.TREASURE_ISLAND)


def _escape_refusal(state: State, a: Escape) -> Refusal:
    if a.island not in _ESCAPES:
        return IllegalAction(f"Escape takes a ship to an outer island or Treasure Island, not "
                             f"{_island(a.island)}", "escape-island")
    if a.island == state.ships[a.seat].island:
        return IllegalAction(f"your ship is at {_island(a.island)} already", "escape-own-island")
    if a.island != D.TREASURE_ISLAND and occupied(state, a.island):
        return IllegalAction(f"Escape goes to an empty island, and a ship is at "
                             f"{_island(a.island)}", "escape-occupied")
    return None


# --------------------------------------------------------------------------- combat

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
    if navy_turn(cb):
        return _navy_fire(seat, cb.fighters)
    return _volley_options(state, cb, seat, ship)


def navy_turn(cb: Combat) -> bool:
    """The Royal Navy fires next: its controller names the target (not during boarding)."""
    return bool(cb.order) and cb.order[0] == D.NAVY_SHIP


def reload_turn(cb: Combat, seat: int) -> bool:
    """Full Broadside: the ship may not fire in the next exchange, only reload or flee."""
    return cb.reload[seat] == cb.exchange and not cb.volley


def tiebreak(cb: Combat) -> bool:
    return cb.island == 0  # P-R11: without cards and without fleeing


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
    if reload_turn(cb, seat):
        return RELOAD_OR_FLEE[seat]
    out: list[Action] = list(_fire(seat, cb.fighters, tuple(afloat_raiders(cb))))
    final = tiebreak(cb)
    if not (cb.becalmed or final):  # any number of Volley cards, copies included
        out.extend(PlayVolley(seat, e) for e in D.VOLLEY_EFFECTS if holds(ship, e))
    if not (cb.volley or final):
        out.append(FLEE[seat])
    return tuple(out)


def _volley_turn_refusal(cb: Combat, what: str) -> Refusal:
    """``what`` is done on one's own volley turn only."""
    if cb.boarding:
        return IllegalAction(f"{what} on your volley turn, after the boarding rounds",
                             "boarding")
    if navy_turn(cb):
        return IllegalAction("it is the Royal Navy's volley: name its target and section",
                             "navy-turn")
    return None


def _fight(state: State) -> Combat:
    cb = state.combat
    assert cb is not None
    return cb


def _pass_refusal(state: State, a: Pass) -> Refusal:
    if state.phase == COMBAT and not _fight(state).boarding:
        return IllegalAction("nobody passes a volley turn: fire, flee or reload",
                             "boarding-over")
    return None


def _battle_refusal(state: State, a: PlayBattle) -> Refusal:
    if not _fight(state).boarding:
        return IllegalAction("Battle cards are played in the boarding rounds, and the volleys "
                             "have begun", "boarding-over")
    if a.card not in D.BATTLE_EFFECTS:
        return IllegalAction(f"{_card(a.card)} is not a Battle card", "not-a-battle-card")
    chests = state.ships[a.seat].chests
    if a.card != D.OVERBOARD and a.chests:
        return IllegalAction("only Overboard throws chests overboard", "overboard-chests")
    if a.card == D.OVERBOARD and a.chests not in range(1, chests + 1):
        return IllegalAction(f"Overboard throws 1 chest or more, up to the {chests} aboard",
                             "overboard-chests")
    return None


def _cards_refusal(cb: Combat) -> Refusal:
    if tiebreak(cb):
        return IllegalAction("the final tie-break is fought without cards (P-R11)",
                             "tiebreak-no-cards")
    if cb.becalmed:
        return IllegalAction("Becalmed: no more cards may be played in this combat",
                             "becalmed")
    return None


def _reload_refusal(cb: Combat, seat: int) -> Refusal:
    if reload_turn(cb, seat):
        return IllegalAction("after a Full Broadside your ship may not fire in this exchange: "
                             "reload or flee", "must-reload")
    return None


def _volley_refusal(state: State, a: PlayVolley) -> Refusal:
    cb = _fight(state)
    for found in (_volley_turn_refusal(cb, "Volley cards are played"),
                  _reload_refusal(cb, a.seat), _cards_refusal(cb)):
        if found is not None:
            return found
    if a.card not in D.VOLLEY_EFFECTS:
        return IllegalAction(f"{_card(a.card)} is not a Volley card", "not-a-volley-card")
    return None


def _fire_refusal(state: State, a: Fire) -> Refusal:
    cb = _fight(state)
    found = _volley_turn_refusal(cb, "you fire") or _reload_refusal(cb, a.seat)
    if found is not None:
        return found
    raiders = afloat_raiders(cb)
    if raiders and a.target not in raiders:
        return IllegalAction("while a legendary pirate or the Royal Navy is afloat here, fire "
                             "at it first", "raider-first")
    if raiders:
        if a.section != "hull":
            return IllegalAction("a legendary pirate or the Royal Navy is fired at on its hull "
                                 "only", "raider-hull-only")
        return None
    return _target_refusal(cb, a.target, a.seat)


def _target_refusal(cb: Combat, target: int, seat: int) -> Refusal:
    if target == seat:
        return IllegalAction("a ship does not fire at itself", "own-ship")
    if target not in cb.fighters:
        return IllegalAction(f"there is no ship {clip(target)} in this combat", "not-in-combat")
    return None


def _flee_refusal(state: State, a: Flee) -> Refusal:
    cb = _fight(state)
    found = _volley_turn_refusal(cb, "a ship flees")
    if found is not None:
        return found
    if tiebreak(cb):
        return IllegalAction("nobody flees the final tie-break (P-R11)", "tiebreak-no-flight")
    if cb.volley:
        return IllegalAction("you have played Volley cards: you must fire",
                             "must-fire-after-volley")
    return None


def _reload_action_refusal(state: State, a: Reload) -> Refusal:
    cb = _fight(state)
    found = _volley_turn_refusal(cb, "a ship reloads")
    if found is not None:
        return found
    if not reload_turn(cb, a.seat):
        return IllegalAction("only a ship that fired a Full Broadside in the last exchange "
                             "reloads", "no-reload")
    return None


def _navy_fire_refusal(state: State, a: NavyFire) -> Refusal:
    cb = _fight(state)
    if cb.boarding:
        return IllegalAction("the Royal Navy fires in the volleys, after the boarding rounds",
                             "boarding")
    if not navy_turn(cb):
        return IllegalAction("the Royal Navy fires on its own turn in the exchange, not now",
                             "not-navy-turn")
    if a.target not in cb.fighters:
        return IllegalAction(f"there is no ship {clip(a.target)} in this combat",
                             "not-in-combat")
    return None


# --------------------------------------------------------------------------- island effects

def _effect_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    island = state.island
    if cove_first(state):
        return (CoveDraw(seat, False), CoveDraw(seat, True))
    out: list[Action] = []
    if island == D.TAVERN_ISLAND and _buy_refusal(state, Buy(seat)) is None:
        out.append(Buy(seat))
    section = D.ISLAND_SECTION.get(island)
    if section is not None:
        out.extend(_upgrades(seat, section, ship.levels[section], ship.gold))
    if island == D.TREASURE_ISLAND:
        out.extend(_treasure_island_options(state, seat, ship))
    out.extend(_any_island_options(seat, ship))
    out.append(DONE[seat])
    return tuple(out)


def cove_first(state: State) -> bool:
    """In Pirate's Cove the cards (or card and gold) come before anything else."""
    return state.island == D.COVE and "cove" not in state.done


def _cove_first_refusal(state: State) -> Refusal:
    if cove_first(state):
        return IllegalAction("in Pirate's Cove, first choose 2 Tavern cards or 1 card and 2 gold",
                             "cove-first")
    return None


def _wrong_island(state: State, what: str) -> IllegalAction:
    return IllegalAction(f"{what}, and you are at {_island(state.island)}", "wrong-island")


def _buy_refusal(state: State, a: Buy) -> Refusal:
    if state.island != D.TAVERN_ISLAND:
        return _wrong_island(state, "Tavern cards are bought on Tavern Island only")
    if state.bought >= D.TAVERN_BUYS:
        return IllegalAction(f"{D.TAVERN_BUYS} Tavern cards at most are bought in one visit",
                             "buy-limit")
    if not (state.tavern_deck or state.tavern_discard):
        return IllegalAction("the Tavern deck and its discard pile are empty", "tavern-empty")
    gold = state.ships[a.seat].gold
    if gold < D.TAVERN_PRICE:
        return IllegalAction(f"a Tavern card costs {D.TAVERN_PRICE} gold and you have {gold}",
                             "buy-unaffordable")
    return None


@lru_cache(maxsize=1024)
def _upgrades(seat: int, section: int, now: int, gold: int) -> tuple[Action, ...]:
    """The ring of ``section`` moved up from ``now`` to any position the gold pays for."""
    out = []
    for level in range(now + 1, D.TOP_LEVEL + 1):
        if D.upgrade_cost(now, level) > gold:
            break
        out.append(Upgrade(seat, SECTION_IDS[section], level))
    return tuple(out)


def _upgrade_refusal(state: State, a: Upgrade) -> Refusal:
    section = D.ISLAND_SECTION.get(state.island)
    if section is None:
        return _wrong_island(state, "rings are upgraded on Hull, Sail, Cannon or Crew Island")
    if a.section != SECTION_IDS[section]:
        return IllegalAction(f"{_island(state.island)} upgrades the {SECTION_IDS[section]} "
                             "only", "wrong-island")
    ship = state.ships[a.seat]
    now = ship.levels[section]
    if a.level not in range(now + 1, D.TOP_LEVEL + 1):
        return IllegalAction(f"your {a.section} ring is on {now}: name a position from "
                             f"{now + 1} to {D.TOP_LEVEL}", "upgrade-level")
    cost = D.upgrade_cost(now, a.level)
    if cost > ship.gold:
        return IllegalAction(f"a {a.section} ring from {now} to {a.level} costs {cost} gold and "
                             f"you have {ship.gold}", "upgrade-unaffordable")
    return None


def double_cost(level: int) -> int:
    """Treasure Island: one position up at double the mat's cost."""
    return 2 * D.COST_INTO[level + 1]


def _treasure_island_options(state: State, seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if "double" not in state.done:
        for i, name in enumerate(SECTION_IDS):
            level = ship.levels[i]
            if level < D.TOP_LEVEL and double_cost(level) <= ship.gold:
                out.append(DoubleUpgrade(seat, name))
    if "bury" not in state.done:
        out.extend(_burials(seat, ship.chests, ship.gold // D.BAG))
    return out


def _once_here(state: State, key: str, what: str) -> Refusal:
    if state.island != D.TREASURE_ISLAND:
        return _wrong_island(state, f"{what} on Treasure Island only")
    if key in state.done:
        return IllegalAction(f"{what} once per visit, and you have", "once-per-visit")
    return None


def _double_refusal(state: State, a: DoubleUpgrade) -> Refusal:
    found = _once_here(state, "double", "a ring goes up at double cost")
    if found is not None:
        return found
    ship = state.ships[a.seat]
    level = ship.levels[D.SECTION_INDEX[a.section]]
    if level >= D.TOP_LEVEL:
        return _at_top(a.section)
    cost = double_cost(level)
    if cost > ship.gold:
        return IllegalAction(f"your {a.section} one position up at double cost is {cost} gold "
                             f"and you have {ship.gold}", "upgrade-unaffordable")
    return None


@lru_cache(maxsize=4096)
def _burials(seat: int, chests: int, bags: int) -> tuple[Action, ...]:
    return tuple(
        Bury(seat, c, b) for c in range(chests + 1) for b in range(bags + 1) if c or b
    )


def _bury_refusal(state: State, a: Bury) -> Refusal:
    found = _once_here(state, "bury", "treasure is buried")
    if found is not None:
        return found
    ship = state.ships[a.seat]
    if a.chests < 0 or a.bags < 0 or not (a.chests or a.bags):
        return IllegalAction("bury 1 chest or 1 bag of 3 gold at least", "bury-nothing")
    if a.chests > ship.chests:
        return IllegalAction(f"you have {ship.chests} chests to bury, not {a.chests}",
                             "bury-chests")
    if a.bags * D.BAG > ship.gold:
        return IllegalAction(f"{a.bags} bags of {D.BAG} gold are {a.bags * D.BAG} gold and you "
                             f"have {ship.gold}", "bury-unaffordable")
    return None


def _cove_refusal(state: State, a: CoveDraw) -> Refusal:
    if state.island != D.COVE:
        return _wrong_island(state, "Tavern cards and gold are taken in Pirate's Cove only")
    if not cove_first(state):
        return IllegalAction("you have had your cards in Pirate's Cove this visit", "cove-done")
    return None


def _any_island_options(seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if ship.craft == NOBODY and holds(ship, D.MASTERCRAFT):
        out.extend(Mastercraft(seat, name) for name in SECTION_IDS)
    if ship.craft_damaged and ship.gold >= D.MEND_COST:
        out.append(Mend(seat))
    if holds(ship, D.SHIPOWNER):
        out.extend(
            Shipowner(seat, name)
            for i, name in enumerate(SECTION_IDS)
            if 0 <= ship.levels[i] < D.TOP_LEVEL
        )
    return out


def _mastercraft_refusal(state: State, a: Mastercraft) -> Refusal:
    ship = state.ships[a.seat]
    if ship.craft != NOBODY:
        return IllegalAction(f"your ship has a Mastercraft already, on the "
                             f"{SECTION_IDS[ship.craft_section]}", "mastercraft-fitted")
    return None


def _mend_refusal(state: State, a: Mend) -> Refusal:
    ship = state.ships[a.seat]
    if not ship.craft_damaged:
        return IllegalAction("you have no damaged Mastercraft to mend", "nothing-to-mend")
    if ship.gold < D.MEND_COST:
        return IllegalAction(f"mending costs {D.MEND_COST} gold and you have {ship.gold}",
                             "mend-unaffordable")
    return None


def _at_top(section: str) -> IllegalAction:
    return IllegalAction(f"your {section} is at the top already", "section-at-top")


def _shipowner_refusal(state: State, a: Shipowner) -> Refusal:
    level = state.ships[a.seat].levels[D.SECTION_INDEX[a.section]]
    if level >= D.TOP_LEVEL:
        return _at_top(a.section)
    if level < 0:
        return IllegalAction(f"your {a.section} is destroyed: Pirate's Cove repairs it",
                             "section-destroyed")
    return None


# --------------------------------------------------------------------------- refusals

_PHASE_OF: dict[type, tuple[str, ...]] = {
    Outfit: (OUTFIT,), Navigate: (NAVIGATE,), Pass: (BEFORE_NAV, AFTER_NAV, COMBAT),
    Privateering: (BEFORE_NAV,), TreasureMap: (BEFORE_NAV,), Lookout: (BEFORE_NAV,),
    SendNavy: (AFTER_NAV,), Marque: (AFTER_NAV,), Escape: (AFTER_NAV,),
    PlayBattle: (COMBAT,), PlayVolley: (COMBAT,), Fire: (COMBAT,), Flee: (COMBAT,),
    Reload: (COMBAT,), NavyFire: (COMBAT,), Buy: (EFFECTS,), Upgrade: (EFFECTS,),
    DoubleUpgrade: (EFFECTS,), Bury: (EFFECTS,), CoveDraw: (EFFECTS,),
    Mastercraft: (EFFECTS,), Mend: (EFFECTS,), Shipowner: (EFFECTS,), Done: (EFFECTS,),
}
# The card an action plays from the hand, when its type names it.
_CARD_OF: dict[type, str] = {
    Privateering: D.PRIVATEERING, TreasureMap: D.TREASURE_MAP, Lookout: D.LOOKOUT,
    SendNavy: D.NAVY, Marque: D.MARQUE, Escape: D.ESCAPE, Shipowner: D.SHIPOWNER,
    Mastercraft: D.MASTERCRAFT,
}


def _done_refusal(state: State, a: Done) -> Refusal:
    return None  # only the Cove's cards come first (cove_first, checked for every effect)


_RULES: dict[type, Callable[[State, Any], Refusal]] = {
    Outfit: _outfit_refusal, Navigate: _navigate_refusal, Pass: _pass_refusal,
    Privateering: _privateering_refusal, TreasureMap: _treasure_map_refusal,
    Lookout: _lookout_refusal, SendNavy: _send_navy_refusal, Marque: _marque_refusal,
    Escape: _escape_refusal, PlayBattle: _battle_refusal, PlayVolley: _volley_refusal,
    Fire: _fire_refusal, Flee: _flee_refusal, Reload: _reload_action_refusal,
    NavyFire: _navy_fire_refusal, ParrotChoice: _parrot_refusal, Buy: _buy_refusal,
    Upgrade: _upgrade_refusal, DoubleUpgrade: _double_refusal, Bury: _bury_refusal,
    CoveDraw: _cove_refusal, Mastercraft: _mastercraft_refusal, Mend: _mend_refusal,
    Shipowner: _shipowner_refusal, Done: _done_refusal,
}


def check(state: State, action: Action) -> Refusal:
    """The first rule ``action`` breaks, with its code; None when it is legal. The listing
    offers exactly what this allows (tests/pirates/test_pirates_refusal_codes.py)."""
    found = _malformed(action) or _turn_refusal(state, action) or _hand_refusal(state, action)
    return found or _RULES[type(action)](state, action)


def refusal(state: State, action: Action) -> IllegalAction:
    """Why ``action``, which the listing does not offer, is refused."""
    # The fallback is unreached while the checks and the listing agree.
    return check(state, action) or IllegalAction(f"'{NAMES[type(action)]}' is not offered now",
                                                 "not-offered")


def _malformed(action: Action) -> Refusal:
    """An action built in code, not read from JSON, may hold fields of the wrong type."""
    if type(action) not in _RULES:
        return IllegalAction(f"not a Pirate's Cove action: {clip(action)}")
    try:
        action_from_json(action_to_json(action))
    except (TypeError, ValueError) as err:
        return err if isinstance(err, IllegalAction) else IllegalAction(str(err))
    return None


def _turn_refusal(state: State, action: Action) -> Refusal:
    """The game, the seat, the decision awaited and the phase."""
    seat = action.seat
    if state.phase == OVER:
        return IllegalAction("the game is over", "game-over")
    if seat not in range(state.seat_count):
        return IllegalAction(f"there is no seat {clip(seat)} in this game", "no-such-seat")
    waiting = to_act(state)
    if seat not in waiting:
        who = ", ".join(state.players[s] for s in waiting)
        return IllegalAction(f"it is not {state.players[seat]}'s turn: the game waits for {who}",
                             "not-your-turn")
    if state.parrots and type(action) is not ParrotChoice:
        return IllegalAction("first decide about the parrot just drawn: swap it or keep the "
                             "old one", "parrot-first")
    if not state.parrots and type(action) is ParrotChoice:
        return IllegalAction("there is no parrot to decide about", "no-parrot")
    if state.parrots:
        return None
    if state.phase not in _PHASE_OF[type(action)]:
        return IllegalAction(f"'{NAMES[type(action)]}' is not possible during "
                             f"{state.phase.replace('_', ' ')}", "wrong-phase")
    if state.phase == EFFECTS and type(action) is not CoveDraw:
        return _cove_first_refusal(state)
    return None


def _hand_refusal(state: State, action: Action) -> Refusal:
    """The card played, and the section named, exist; the card is in the hand."""
    card = _CARD_OF.get(type(action)) or getattr(action, "card", None)
    if isinstance(card, str):
        if card not in D.EFFECT_NAMES:
            return IllegalAction(f"there is no card {clip(card)}", "no-such-card")
        if not holds(state.ships[action.seat], card):
            return IllegalAction(f"you hold no {_card(card)} card", "card-not-held")
    section = getattr(action, "section", None)
    if isinstance(section, str) and section not in D.SECTION_INDEX:
        return IllegalAction(f"there is no section {clip(section)}", "no-such-section")
    return None
