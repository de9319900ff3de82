"""The Pirate's Cove rules: set-up, the twelve months and their phases, combat, the end.

``apply`` checks the action against the legal list, copies the state into a ``_Draft``, runs the
rules on it (everything automatic that follows, up to the next decision) and freezes it again.
Rulings P-R1 … are named where they apply; see docs/pirates-rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from common.errors import IllegalAction
from common.events import Event
from common.rng import Rng
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
    Legend,
    Navy,
    Ship,
    State,
    append_log,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 5
PLUNDER = "plunder"  # automatic; only paused by a parrot decision
SECTION_IDS = D.SECTIONS
_SETUP_KEYS = {"treasure", "tavern", "legendary", "dice"}


# --------------------------------------------------------------------------- set-up

def new_game(
    players: list[str], seed: int, *, setup: Mapping[str, Any] | None = None, **options: Any
) -> State:
    """A fresh game. ``setup`` may fix the decks and the dice (docs/pirates-actions.md)."""
    names = _check_players(players)
    if options:
        raise IllegalAction(f"unknown option(s): {', '.join(sorted(options))}")
    if type(seed) is not int:
        raise IllegalAction("the seed must be a whole number")
    given = dict(setup or {})
    bad = set(given) - _SETUP_KEYS
    if bad:
        raise IllegalAction(f"unknown set-up key(s): {', '.join(sorted(bad))}")
    rng = Rng.from_seed(seed)
    treasure, rng = _deck(given.get("treasure"), D.TREASURE_BY_ID, len(D.TREASURES), rng)
    tavern, rng = _deck(given.get("tavern"), D.TAVERN_BY_ID, len(D.TAVERN), rng)
    legend_ids = [r.id for r in D.LEGENDS]
    legends, rng = _deck(given.get("legendary"), {i: i for i in legend_ids}, 0, rng)
    count = len(names)
    # Card k goes to island k % 5 + 1 at depth k // 5: the first five are month 1's cards.
    stacks = tuple(tuple(treasure[i::5]) for i in range(5))
    state = State(
        players=names, rng=rng, dice=_dice(given.get("dice")), month=0, phase=OUTFIT,
        seat=NOBODY,
        ships=tuple(Ship((1, 1, 1, 1), D.START_GOLD, 0, 0, ()) for _ in names),
        treasury=0, supply=D.CHESTS_IN_BOX, stacks=stacks, face_up=(NOBODY,) * 5,
        treasure_discard=(), tavern_deck=tuple(tavern), tavern_discard=(), legends=(),
        legend_deck=tuple(legends), legend_discard=(), navy=None, privateer=None, treasure_map=None,
        lookout=NOBODY, choices=(None,) * count, order=(), turn=0, passes=0, island=0,
        combat=None, bought=0, done=frozenset(), parrots=(), winner=NOBODY, log=(),
    )
    d = _Draft(state)
    d.emit("game_start", players=names)
    for seat in range(count):
        d.draw(seat, 1)
    d.place_legend(D.TAVERN_ISLAND)
    if count == 3:  # with 3 players a second legendary pirate starts on Cannon Island
        d.place_legend(D.CANNON_ISLAND)
    d.emit("outfitting")
    return d.freeze()


def _check_players(players: list[str]) -> tuple[str, ...]:
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise IllegalAction("players must be a list of names")
    names = tuple(p.strip() for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Pirate's Cove is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    if any(not n for n in names) or len(set(names)) != len(names):
        raise IllegalAction("every player needs a name of their own")
    return names


def _deck(value: Any, by_id: Mapping[str, Any], size: int, rng: Rng) -> tuple[list[Any], Rng]:
    """A deck whose top cards are fixed by the set-up and the rest shuffled by the RNG."""
    top = list(value or ())
    if not all(isinstance(c, str) and c in by_id for c in top) or len(set(top)) != len(top):
        raise IllegalAction(f"a set-up deck lists unknown or repeated cards: {top!r}")
    ids = list(by_id)
    rest, rng = rng.shuffled([c for c in ids if c not in top])
    cards = top + list(rest)
    if size:  # Tavern and Treasure cards are kept as indices
        cards = [by_id[c].index for c in cards]
    return cards, rng


def _dice(value: Any) -> tuple[int, ...]:
    dice = tuple(value or ())
    if not all(type(v) is int and 1 <= v <= 6 for v in dice):
        raise IllegalAction("set-up dice must be whole numbers from 1 to 6")
    return dice


# --------------------------------------------------------------------------- public queries

def is_over(state: State) -> bool:
    return state.phase == OVER


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.parrots:
        return (state.parrots[0][0],)
    if state.seat == NOBODY:  # simultaneous secret choices
        return tuple(s for s, c in enumerate(state.choices) if c is None)
    return (state.seat,)


def legal_actions(state: State, seat: int) -> list[Action]:
    if type(seat) is not int or not 0 <= seat < state.count or seat not in to_act(state):
        return []
    return list(_legal(state, seat))


# The last listing, kept with a strong reference to its state so that ``apply`` right after
# ``legal_actions`` (the usual pattern) does not list again; states are immutable.
_last: list[Any] = [None, -1, ()]


def _legal(state: State, seat: int) -> tuple[Action, ...]:
    if _last[0] is state and _last[1] == seat:
        cached: tuple[Action, ...] = _last[2]
        return cached
    out = _list_legal(state, seat)
    _last[0], _last[1], _last[2] = state, seat, out
    return out


def _list_legal(state: State, seat: int) -> tuple[Action, ...]:
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


def _holds(ship: Ship, effect: str) -> bool:
    return effect in _effects(ship.hand)


@lru_cache(maxsize=8192)
def _effects(hand: tuple[int, ...]) -> frozenset[str]:
    return frozenset(D.TAVERN[c].effect for c in hand)


def _before_nav_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    out: list[Action] = []
    if state.privateer is None and _holds(ship, D.PRIVATEERING):
        out.extend(Privateering(seat, v) for v in range(state.count) if v != seat)
    if state.treasure_map is None and _holds(ship, D.TREASURE_MAP):
        out.append(TreasureMap(seat))
    if state.lookout == NOBODY and _holds(ship, D.LOOKOUT):
        out.extend(Lookout(seat, first) for first in range(state.count))
    out.append(Pass(seat))
    return tuple(out)


def _occupied(state: State, island: int) -> bool:
    return (
        any(s.island == island for s in state.ships)
        or any(lg.island == island and not lg.sunk for lg in state.legends)
        or (state.navy is not None and state.navy.island == island)
    )


def _after_nav_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    out: list[Action] = []
    if state.navy is None and _holds(ship, D.NAVY):
        out.extend(SendNavy(seat, i) for i in D.OUTER if i != ship.island)
    navy = state.navy
    if navy is not None and navy.controller != seat and _holds(ship, D.MARQUE):
        sender = state.ships[navy.sender].island
        out.extend(
            Marque(seat, i) for i in D.OUTER if i not in (ship.island, navy.island, sender)
        )
    if _holds(ship, D.ESCAPE):
        out.extend(
            Escape(seat, i) for i in D.OUTER if i != ship.island and not _occupied(state, i)
        )
        if ship.island != D.TREASURE_ISLAND:
            out.append(Escape(seat, D.TREASURE_ISLAND))
    out.append(Pass(seat))
    return tuple(out)


def _afloat_raiders(cb: Combat) -> list[int]:
    out = []
    if cb.legend != NOBODY and cb.legend_hull > 0:
        out.append(D.LEGEND_SHIP)
    if cb.navy_in and cb.navy_hull > 0:
        out.append(D.NAVY_SHIP)
    return out


def _combat_options(state: State, seat: int) -> tuple[Action, ...]:
    cb = state.combat
    assert cb is not None
    ship = state.ships[seat]
    if cb.boarding:
        out: list[Action] = [Pass(seat)]
        for effect in D.BATTLE_EFFECTS:
            if not _holds(ship, effect):
                continue
            if effect == D.OVERBOARD:
                out.extend(PlayBattle(seat, effect, n) for n in range(1, ship.chests + 1))
            else:
                out.append(PlayBattle(seat, effect))
        return tuple(out)
    if cb.order and cb.order[0] == D.NAVY_SHIP:
        return tuple(
            NavyFire(seat, t, name) for t in cb.fighters for name in SECTION_IDS
        )
    return _volley_options(state, cb, seat, ship)


def _volley_options(state: State, cb: Combat, seat: int, ship: Ship) -> tuple[Action, ...]:
    tiebreak = cb.island == 0
    if cb.reload[seat] == cb.exchange and not cb.volley:
        return (Reload(seat), Flee(seat))
    out: list[Action] = []
    raiders = _afloat_raiders(cb)
    if raiders:
        out.extend(Fire(seat, r, "hull") for r in raiders)
    else:
        out.extend(
            Fire(seat, t, name) for t in cb.fighters if t != seat for name in SECTION_IDS
        )
    if not (cb.becalmed or tiebreak):  # any number of Volley cards, copies included
        out.extend(PlayVolley(seat, e) for e in D.VOLLEY_EFFECTS if _holds(ship, e))
    if not (cb.volley or tiebreak):
        out.append(Flee(seat))
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
        now = ship.levels[section]
        for level in range(now + 1, D.TOP_LEVEL + 1):
            if D.upgrade_cost(now, level) > ship.gold:
                break
            out.append(Upgrade(seat, SECTION_IDS[section], level))
    if island == D.TREASURE_ISLAND:
        out.extend(_treasure_island_options(state, seat, ship))
    out.extend(_any_island_options(seat, ship))
    out.append(Done(seat))
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
    if ship.craft == NOBODY and _holds(ship, D.MASTERCRAFT):
        out.extend(Mastercraft(seat, name) for name in SECTION_IDS)
    if ship.craft_damaged and ship.gold >= 1:
        out.append(Mend(seat))
    if _holds(ship, D.SHIPOWNER):
        out.extend(
            Shipowner(seat, name)
            for i, name in enumerate(SECTION_IDS)
            if 0 <= ship.levels[i] < D.TOP_LEVEL
        )
    return out


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"not a Pirate's Cove action: {action!r}")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.count:
        raise IllegalAction(f"there is no seat {seat!r} in this game")
    if seat not in to_act(state) or action not in _legal(state, seat):
        raise IllegalAction(why_illegal(state, action))
    d = _Draft(state)
    handler(d, action)
    return d.freeze()


_PHASE_OF: dict[type, tuple[str, ...]] = {
    Outfit: (OUTFIT,), Navigate: (NAVIGATE,), Pass: (BEFORE_NAV, AFTER_NAV, COMBAT),
    Privateering: (BEFORE_NAV,), TreasureMap: (BEFORE_NAV,), Lookout: (BEFORE_NAV,),
    SendNavy: (AFTER_NAV,), Marque: (AFTER_NAV,), Escape: (AFTER_NAV,),
    PlayBattle: (COMBAT,), PlayVolley: (COMBAT,), Fire: (COMBAT,), Flee: (COMBAT,),
    Reload: (COMBAT,), NavyFire: (COMBAT,), Buy: (EFFECTS,), Upgrade: (EFFECTS,),
    DoubleUpgrade: (EFFECTS,), Bury: (EFFECTS,), CoveDraw: (EFFECTS,),
    Mastercraft: (EFFECTS,), Mend: (EFFECTS,), Shipowner: (EFFECTS,), Done: (EFFECTS,),
}
_CARD_OF: dict[type, str] = {
    Privateering: D.PRIVATEERING, TreasureMap: D.TREASURE_MAP, Lookout: D.LOOKOUT,
    SendNavy: D.NAVY, Marque: D.MARQUE, Escape: D.ESCAPE, Shipowner: D.SHIPOWNER,
    Mastercraft: D.MASTERCRAFT,
}


def why_illegal(state: State, action: Action) -> str:
    """Why ``action`` is refused, in words a player can read."""
    waiting = to_act(state)
    name = state.players[action.seat]
    if action.seat not in waiting:
        who = ", ".join(state.players[s] for s in waiting)
        return f"it is not {name}'s turn: the game waits for {who}"
    if state.parrots:
        return "first decide about the parrot just drawn: swap it or keep the old one"
    if isinstance(action, ParrotChoice):
        return "there is no parrot to decide about"
    kind = NAMES[type(action)]
    if state.phase not in _PHASE_OF.get(type(action), ()):
        return f"'{kind}' is not possible during {state.phase.replace('_', ' ')}"
    ship = state.ships[action.seat]
    card = _CARD_OF.get(type(action)) or getattr(action, "card", None)
    if isinstance(card, str):
        if card not in D.EFFECT_NAMES:
            return f"there is no card {card!r}"
        if not _holds(ship, card):
            return f"you hold no {D.EFFECT_NAMES[card]} card"
    section = getattr(action, "section", None)
    if isinstance(section, str) and section not in D.SECTION_INDEX:
        return f"there is no section {section!r}"
    return _detail(state, action)


def _detail(state: State, action: Action) -> str:
    cb = state.combat
    if isinstance(action, Fire) and cb is not None and _afloat_raiders(cb):
        return "while a legendary pirate or the Royal Navy is afloat here, fire at its hull"
    if isinstance(action, Outfit):
        return "outfit with rings on 1..7 whose cost is within your 9 gold"
    if isinstance(action, Upgrade | DoubleUpgrade | Buy | Mend):
        return "you cannot afford that, or it is not offered on this island"
    if isinstance(action, Done) and state.island == D.COVE:
        return "in Pirate's Cove, first choose 2 Tavern cards or 1 card and 2 gold"
    if isinstance(action, Flee) and cb is not None and cb.volley:
        return "you have played Volley cards: you must fire"
    return f"'{NAMES[type(action)]}' is not legal now with those details"


# --------------------------------------------------------------------------- handlers

def _h_outfit(d: _Draft, a: Action) -> None:
    assert isinstance(a, Outfit)
    d.choices[a.seat] = a.levels
    d.emit("outfit_chosen", seat=a.seat)
    d.emit("outfit_secret", visible=(a.seat,), seat=a.seat, levels=a.levels)
    if all(c is not None for c in d.choices):
        d.reveal_outfits()


def _h_navigate(d: _Draft, a: Action) -> None:
    assert isinstance(a, Navigate)
    d.choices[a.seat] = a.island
    if d.lookout != NOBODY:  # open navigation, one player after another
        d.emit("navigated_openly", seat=a.seat, island=a.island)
        d.turn += 1
        if d.turn < len(d.order):
            d.seat = d.order[d.turn]
            return
    else:
        d.emit("navigation_chosen", seat=a.seat)
        d.emit("navigation_secret", visible=(a.seat,), seat=a.seat, island=a.island)
        if any(c is None for c in d.choices):
            return
    d.reveal_navigation()


def _h_pass(d: _Draft, a: Action) -> None:
    if d.phase == COMBAT:
        d.emit("boarding_pass", seat=a.seat)
        d.boarding_next(played=False)
        return
    d.emit("window_pass", seat=a.seat)
    d.window_next(passed=True)


def _h_privateering(d: _Draft, a: Action) -> None:
    assert isinstance(a, Privateering)
    d.discard_from_hand(a.seat, D.PRIVATEERING)
    d.privateer = (a.seat, a.victim)
    d.emit("privateering", seat=a.seat, victim=a.victim)
    d.window_next(passed=False)


def _h_treasure_map(d: _Draft, a: Action) -> None:
    d.discard_from_hand(a.seat, D.TREASURE_MAP)
    rolls = [d.roll()]
    while rolls[-1] == 6:  # a 6 is rolled again: only islands 1..5 can be marked
        rolls.append(d.roll())
    d.treasure_map = (rolls[-1], a.seat)
    d.emit("treasure_map", seat=a.seat, dice=tuple(rolls), island=rolls[-1])
    d.window_next(passed=False)


def _h_lookout(d: _Draft, a: Action) -> None:
    assert isinstance(a, Lookout)
    d.discard_from_hand(a.seat, D.LOOKOUT)
    d.lookout = a.first
    d.emit("lookout", seat=a.seat, first=a.first)
    d.window_next(passed=False)


def _h_send_navy(d: _Draft, a: Action) -> None:
    assert isinstance(a, SendNavy)
    d.discard_from_hand(a.seat, D.NAVY)
    d.navy = Navy(a.island, a.seat, a.seat)
    d.emit("royal_navy", seat=a.seat, island=a.island)
    d.window_next(passed=False)


def _h_marque(d: _Draft, a: Action) -> None:
    assert isinstance(a, Marque)
    d.discard_from_hand(a.seat, D.MARQUE)
    assert d.navy is not None
    d.navy = Navy(a.island, a.seat, d.navy.sender)
    d.emit("letter_of_marque", seat=a.seat, island=a.island)
    d.window_next(passed=False)


def _h_escape(d: _Draft, a: Action) -> None:
    assert isinstance(a, Escape)
    d.discard_from_hand(a.seat, D.ESCAPE)
    old = d.ships[a.seat].island
    d.set_ship(a.seat, island=a.island)
    d.emit("escape", seat=a.seat, island=a.island, old=old)
    if d.privateer is not None and d.privateer[1] == a.seat:
        d.emit("privateering_cancelled", seat=a.seat, privateer=d.privateer[0])
        d.privateer = None
    d.window_next(passed=False)


def _h_battle(d: _Draft, a: Action) -> None:
    assert isinstance(a, PlayBattle)
    d.play_battle(a.seat, a.card, a.chests)
    d.boarding_next(played=True)


def _h_volley_card(d: _Draft, a: Action) -> None:
    assert isinstance(a, PlayVolley)
    cb = d.fight()
    card = d.take_from_hand(a.seat, a.card)
    d.cb = _fight_with(cb, volley=(*cb.volley, card))
    d.emit("volley_card", seat=a.seat, card=a.card)


def _h_fire(d: _Draft, a: Action) -> None:
    assert isinstance(a, Fire)
    d.pop_turn()
    d.player_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.after_volley()
    d.run_combat()


def _h_navy_fire(d: _Draft, a: Action) -> None:
    assert isinstance(a, NavyFire)
    d.pop_turn()
    d.navy_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.after_volley()
    d.run_combat()


def _h_flee(d: _Draft, a: Action) -> None:
    d.pop_turn()
    d.flee(a.seat)
    d.run_combat()


def _h_reload(d: _Draft, a: Action) -> None:
    d.pop_turn()
    d.emit("reload", seat=a.seat)
    d.run_combat()


def _h_parrot(d: _Draft, a: Action) -> None:
    assert isinstance(a, ParrotChoice)
    seat, card = d.parrots[0]
    d.parrots = d.parrots[1:]
    ship = d.ships[seat]
    if a.swap:
        old = ship.parrot
        d.set_ship(seat, parrot=card, parrot_wounded=False)
        d.add_fame(seat, -1)
        d.return_to_deck(old)
        d.emit("parrot_swapped", seat=seat, card=D.TAVERN[card].id, old=D.TAVERN[old].id)
    else:
        d.return_to_deck(card)
        d.emit("parrot_kept", seat=seat, card=D.TAVERN[card].id)
    if not d.parrots and d.phase == PLUNDER:
        d.run_plunder()


def _h_buy(d: _Draft, a: Action) -> None:
    d.pay(a.seat, D.TAVERN_PRICE)
    d.bought += 1
    d.emit("bought", seat=a.seat)
    d.draw(a.seat, 1)


def _h_upgrade(d: _Draft, a: Action) -> None:
    assert isinstance(a, Upgrade)
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = D.upgrade_cost(now, a.level)
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, a.level)
    d.emit("upgraded", seat=a.seat, section=a.section, level=a.level, cost=cost)


def _h_double(d: _Draft, a: Action) -> None:
    assert isinstance(a, DoubleUpgrade)
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = 2 * D.COST_INTO[now + 1]
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, now + 1)
    d.done = d.done | {"double"}
    d.emit("upgraded", seat=a.seat, section=a.section, level=now + 1, cost=cost)


def _h_bury(d: _Draft, a: Action) -> None:
    assert isinstance(a, Bury)
    ship = d.ships[a.seat]
    d.set_ship(a.seat, chests=ship.chests - a.chests)
    d.supply += a.chests
    d.pay(a.seat, 3 * a.bags)
    d.done = d.done | {"bury"}
    fame = a.chests + a.bags
    d.emit("buried", seat=a.seat, chests=a.chests, gold=3 * a.bags, fame=fame)
    d.share_gain(a.seat, fame)


def _h_cove(d: _Draft, a: Action) -> None:
    assert isinstance(a, CoveDraw)
    d.done = d.done | {"cove"}
    d.emit("cove_draw", seat=a.seat, gold=a.gold)
    if a.gold:
        d.receive_gold(a.seat, 2)
        d.draw(a.seat, 1)
    else:
        d.draw(a.seat, 2)


def _h_mastercraft(d: _Draft, a: Action) -> None:
    assert isinstance(a, Mastercraft)
    card = d.take_from_hand(a.seat, D.MASTERCRAFT)
    d.set_ship(a.seat, craft=card, craft_section=D.SECTION_INDEX[a.section],
               craft_damaged=False)
    d.emit("mastercraft", seat=a.seat, section=a.section)


def _h_mend(d: _Draft, a: Action) -> None:
    d.pay(a.seat, 1)
    d.set_ship(a.seat, craft_damaged=False)
    d.emit("mastercraft_mended", seat=a.seat)


def _h_shipowner(d: _Draft, a: Action) -> None:
    assert isinstance(a, Shipowner)
    d.discard_from_hand(a.seat, D.SHIPOWNER)
    section = D.SECTION_INDEX[a.section]
    level = d.ships[a.seat].levels[section] + 1
    d.set_level(a.seat, section, level)
    d.emit("shipowner", seat=a.seat, section=a.section, level=level)


def _h_done(d: _Draft, a: Action) -> None:
    d.emit("effects_done", seat=a.seat)
    d.turn += 1
    if d.turn < len(d.order):
        d.begin_effects_turn()
    else:
        d.next_effects_island()


_HANDLERS: dict[type, Any] = {
    Outfit: _h_outfit, Navigate: _h_navigate, Pass: _h_pass, Privateering: _h_privateering,
    TreasureMap: _h_treasure_map, Lookout: _h_lookout, SendNavy: _h_send_navy,
    Marque: _h_marque, Escape: _h_escape, PlayBattle: _h_battle, PlayVolley: _h_volley_card,
    Fire: _h_fire, NavyFire: _h_navy_fire, Flee: _h_flee, Reload: _h_reload,
    ParrotChoice: _h_parrot, Buy: _h_buy, Upgrade: _h_upgrade, DoubleUpgrade: _h_double,
    Bury: _h_bury, CoveDraw: _h_cove, Mastercraft: _h_mastercraft, Mend: _h_mend,
    Shipowner: _h_shipowner, Done: _h_done,
}


# --------------------------------------------------------------------------- the draft

_SHIP_FIELDS: tuple[str, ...] = getattr(Ship, "__slots__")  # noqa: B009
_COMBAT_FIELDS: tuple[str, ...] = getattr(Combat, "__slots__")  # noqa: B009


def _fight_with(cb: Combat, **changes: Any) -> Combat:
    """``dataclasses.replace`` without its overhead (it shows in the step time)."""
    return Combat(*[changes[f] if f in changes else getattr(cb, f) for f in _COMBAT_FIELDS])


class _Draft:
    """A mutable working copy of a state for the length of one ``apply``."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.rng = s.rng
        self.dice = s.dice
        self.month = s.month
        self.phase = s.phase
        self.seat = s.seat
        self.ships = list(s.ships)
        self.treasury = s.treasury
        self.supply = s.supply
        self.stacks = s.stacks
        self.face_up = list(s.face_up)
        self.treasure_discard = s.treasure_discard
        self.tavern_deck = s.tavern_deck
        self.tavern_discard = s.tavern_discard
        self.legends = list(s.legends)
        self.legend_deck = s.legend_deck
        self.legend_discard = s.legend_discard
        self.navy = s.navy
        self.privateer = s.privateer
        self.treasure_map = s.treasure_map
        self.lookout = s.lookout
        self.choices: list[object] = list(s.choices)
        self.order = s.order
        self.turn = s.turn
        self.passes = s.passes
        self.island = s.island
        self.cb = s.combat
        self.bought = s.bought
        self.done = s.done
        self.parrots = s.parrots
        self.winner = s.winner
        self.new: list[Event] = []

    @property
    def count(self) -> int:
        return len(self.ships)

    def freeze(self) -> State:
        s = self.s
        return State(
            s.players, self.rng, self.dice, self.month, self.phase, self.seat, tuple(self.ships),
            self.treasury, self.supply, self.stacks, tuple(self.face_up), self.treasure_discard,
            self.tavern_deck, self.tavern_discard, tuple(self.legends), self.legend_deck,
            self.legend_discard, self.navy, self.privateer, self.treasure_map, self.lookout,
            tuple(self.choices), self.order, self.turn, self.passes, self.island, self.cb,
            self.bought, self.done, self.parrots, self.winner, append_log(s.log, self.new),
        )

    def emit(self, kind: str, visible: tuple[int, ...] | None = None, **data: Any) -> None:
        # Event.make's work, inlined: this runs a few times per step.
        seats = None if visible is None else frozenset(visible)
        items = tuple(sorted(data.items())) if len(data) > 1 else tuple(data.items())
        self.new.append(Event(kind, items, seats))

    # ---- chance

    def roll(self) -> int:
        """One die: from the set-up's fixed dice first, then from the generator."""
        if self.dice:
            value, self.dice = self.dice[0], self.dice[1:]
            return value
        value, self.rng = self.rng.die()
        return value

    def rolls(self, n: int) -> tuple[int, ...]:
        return tuple(self.roll() for _ in range(n))

    def speed_order(self, ships: list[int], speed: Mapping[int, int]) -> tuple[int, ...]:
        """Fastest first; equal speeds by a die roll, highest first (P-R1: equal dice again)."""
        ordered = sorted(ships, key=lambda s: -speed[s])
        out: list[int] = []
        i = 0
        while i < len(ordered):
            j = i + 1
            while j < len(ordered) and speed[ordered[j]] == speed[ordered[i]]:
                j += 1
            group = ordered[i:j]
            out.extend(group if len(group) == 1 else self.tie_order(group))
            i = j
        return tuple(out)

    def tie_order(self, group: list[int]) -> list[int]:
        dice = {s: self.roll() for s in group}
        self.emit("tie_roll", ships=tuple(group), dice=tuple(dice[s] for s in group))
        return list(self.speed_order(group, dice))

    # ---- ships, gold, fame and cards

    def set_ship(self, seat: int, **changes: Any) -> None:
        ship = self.ships[seat]
        self.ships[seat] = Ship(*[
            changes[f] if f in changes else getattr(ship, f) for f in _SHIP_FIELDS
        ])

    def set_level(self, seat: int, section: int, level: int) -> None:
        levels = list(self.ships[seat].levels)
        levels[section] = level
        self.set_ship(seat, levels=(levels[0], levels[1], levels[2], levels[3]))

    def pay(self, seat: int, amount: int) -> int:
        """Pay gold to Treasure Island; a player who cannot pays what they have."""
        paid = min(amount, self.ships[seat].gold)
        self.set_ship(seat, gold=self.ships[seat].gold - paid)
        self.treasury += paid
        return paid

    def receive_gold(self, seat: int, amount: int) -> None:
        self.set_ship(seat, gold=self.ships[seat].gold + amount)
        self.treasury -= amount

    def receive_chests(self, seat: int, amount: int) -> int:
        given = min(amount, self.supply)  # the box holds 50 chests
        self.supply -= given
        self.set_ship(seat, chests=self.ships[seat].chests + given)
        return given

    def add_fame(self, seat: int, amount: int) -> None:
        """P-R15: the fame track starts at 0 and never goes below it."""
        if self.cb is not None and self.cb.island == 0:
            return  # P-R11: the tie-break decides the winner; fame is final by then
        self.set_ship(seat, fame=max(0, self.ships[seat].fame + amount))

    def share_gain(self, seat: int, fame: int) -> None:
        """Fame gained by ``seat``; under Privateering the privateer takes half, rounded up."""
        if self.privateer is not None and self.privateer[1] == seat and fame:
            taker = self.privateer[0]
            part = (fame + 1) // 2
            self.add_fame(taker, part)
            self.add_fame(seat, fame - part)
            self.emit("privateering_share", seat=taker, victim=seat, fame=part)
        else:
            self.add_fame(seat, fame)

    def take_from_hand(self, seat: int, effect: str) -> int:
        hand = self.ships[seat].hand
        card = next(c for c in hand if D.TAVERN[c].effect == effect)
        rest = list(hand)
        rest.remove(card)
        self.set_ship(seat, hand=tuple(rest))
        return card

    def discard_from_hand(self, seat: int, effect: str) -> None:
        self.tavern_discard = (*self.tavern_discard, self.take_from_hand(seat, effect))

    def discard(self, cards: tuple[int, ...]) -> None:
        self.tavern_discard = self.tavern_discard + cards

    def return_to_deck(self, card: int) -> None:
        """A parrot goes back face down into the Tavern deck, shuffled in (P-R17)."""
        self.tavern_deck, self.rng = self.rng.shuffled((*self.tavern_deck, card))

    def draw(self, seat: int, n: int) -> None:
        for _ in range(n):
            if not self.tavern_deck:
                if not self.tavern_discard:
                    self.emit("tavern_empty", seat=seat)
                    return
                self.tavern_deck, self.rng = self.rng.shuffled(self.tavern_discard)
                self.tavern_discard = ()
                self.emit("tavern_reshuffled")
            card = self.tavern_deck[0]
            self.tavern_deck = self.tavern_deck[1:]
            self.take_card(seat, card)

    def take_card(self, seat: int, card: int) -> None:
        spec = D.TAVERN[card]
        ship = self.ships[seat]
        if spec.kind == D.PARROT:  # parrots work as soon as drawn: public
            self.emit("parrot_drawn", seat=seat, card=spec.id)
            if ship.parrot == NOBODY:
                self.set_ship(seat, parrot=card, parrot_wounded=False)
            else:
                self.parrots = (*self.parrots, (seat, card))
            return
        self.set_ship(seat, hand=tuple(sorted((*ship.hand, card))))
        self.emit("drew", seat=seat)
        self.emit("drew_card", visible=(seat,), seat=seat, card=spec.id)

    def place_legend(self, island: int) -> None:
        if not self.legend_deck:
            self.legend_deck, self.rng = self.rng.shuffled(self.legend_discard)
            self.legend_discard = ()
        card = self.legend_deck[0]
        self.legend_deck = self.legend_deck[1:]
        self.legends.append(Legend(card, island, D.LEGEND_BY_ID[card].hull))
        self.emit("legend_placed", legend=card, island=island)

    # ---- outfitting, months and windows

    def reveal_outfits(self) -> None:
        for seat, choice in enumerate(self.choices):
            assert isinstance(choice, tuple)
            cost = sum(D.upgrade_cost(1, level) for level in choice)
            self.pay(seat, cost)
            self.set_ship(seat, levels=choice)
        self.emit("outfits_revealed", levels=tuple(
            ",".join(str(v) for v in c) for c in self.choices if isinstance(c, tuple)))
        self.start_month()

    def start_month(self) -> None:
        self.month += 1
        self.emit("month_start", month=self.month)
        stacks = list(self.stacks)
        for i, stack in enumerate(stacks):
            if stack:
                self.face_up[i] = stack[0]
                stacks[i] = stack[1:]
                self.emit("treasure_up", island=i + 1, card=D.TREASURES[stack[0]].id)
        self.stacks = tuple(stacks)
        # P-R12: one window before navigation, asking players in seat order from a seat that
        # moves on every month, for Privateering, Treasure Map and Lookout.
        first = (self.month - 1) % self.count
        self.open_window(BEFORE_NAV, tuple((first + i) % self.count for i in range(self.count)))

    def open_window(self, phase: str, order: tuple[int, ...]) -> None:
        self.phase = phase
        self.order = order
        self.turn = 0
        self.passes = 0
        self.seat = order[0]

    def window_next(self, passed: bool) -> None:
        """Round and round until every player has passed in a row."""
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= len(self.order):
            if self.phase == BEFORE_NAV:
                self.start_navigation()
            else:
                self.start_combats()
            return
        self.turn = (self.turn + 1) % len(self.order)
        self.seat = self.order[self.turn]

    def start_navigation(self) -> None:
        self.phase = NAVIGATE
        self.choices = [None] * self.count
        if self.lookout != NOBODY:
            first = self.lookout
            self.order = tuple((first + i) % self.count for i in range(self.count))
            self.turn = 0
            self.seat = self.order[0]
        else:
            self.seat = NOBODY

    def reveal_navigation(self) -> None:
        islands = []
        for seat, choice in enumerate(self.choices):
            assert isinstance(choice, int)
            self.set_ship(seat, island=choice)
            islands.append(choice)
        self.choices = [0] * self.count  # nothing secret is left
        self.emit("navigation_revealed", islands=tuple(islands))
        speed = {s: self.base_speed(s) for s in range(self.count)}
        self.open_window(AFTER_NAV, self.speed_order(list(range(self.count)), speed))

    def base_speed(self, seat: int) -> int:
        ship = self.ships[seat]
        bonus = 20 if ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.TRELAWNEY else 0
        return D.value(D.SAILS, ship.levels[D.SAILS]) + bonus

    # ---- combat

    def fight(self) -> Combat:
        assert self.cb is not None
        return self.cb

    def start_combats(self) -> None:
        self.phase = COMBAT
        self.island = 0
        self.next_combat()

    def next_combat(self) -> None:
        while self.island < D.TREASURE_ISLAND:
            self.island += 1
            if self.start_combat(self.island):
                self.run_combat()
                return
        self.phase = PLUNDER
        self.island = 0
        self.run_plunder()

    def legend_at(self, island: int) -> int:
        for i, lg in enumerate(self.legends):
            if lg.island == island and not lg.sunk:
                return i
        return NOBODY

    def start_combat(self, island: int) -> bool:
        """Set up the combat on ``island`` if there is one (§5.3)."""
        fighters = tuple(s for s in range(self.count) if self.ships[s].island == island)
        legend = self.legend_at(island)
        navy = self.navy is not None and self.navy.island == island
        if not fighters:
            return False
        if island == D.TREASURE_ISLAND and legend == NOBODY:
            return False  # no combat between players on Treasure Island
        if len(fighters) < 2 and legend == NOBODY and not navy:
            return False
        hull = self.legends[legend].hull if legend != NOBODY else 0
        n = self.count
        self.cb = Combat(
            island=island, boarding=True, fighters=fighters, order=(), turn=0, played=False,
            exchange=0, legend=legend, legend_hull=hull, exchange_hull=hull,
            navy_hull=D.ROYAL_NAVY.hull if navy else 0, navy_in=navy, battle=(),
            becalmed=False, hooks=False, winds=(0,) * n, smoke=frozenset(), overboard=(0,) * n,
            hit=frozenset(), reload=(-1,) * n, volley=(),
        )
        self.emit("combat_start", island=island, ships=fighters,
                  legend=self.legends[legend].card if legend != NOBODY else None, navy=navy)
        speed = {s: self.base_speed(s) for s in fighters}
        self.cb = _fight_with(self.cb, order=self.speed_order(list(fighters), speed))
        return True

    def start_tiebreak(self, tied: tuple[int, ...]) -> None:
        """P-R11: the tied ships fight as they stand, without cards or fleeing."""
        n = self.count
        self.phase = COMBAT
        self.island = 0
        self.cb = Combat(
            island=0, boarding=False, fighters=tied, order=(), turn=0, played=False,
            exchange=0, legend=NOBODY, legend_hull=0, exchange_hull=0, navy_hull=0,
            navy_in=False, battle=(), becalmed=True, hooks=False, winds=(0,) * n,
            smoke=frozenset(), overboard=(0,) * n, hit=frozenset(), reload=(-1,) * n, volley=(),
        )
        self.emit("tiebreak_start", ships=tied)
        self.start_exchange()
        self.run_combat()

    def play_battle(self, seat: int, effect: str, chests: int) -> None:
        cb = self.fight()
        card = self.take_from_hand(seat, effect)
        changes: dict[str, Any] = {"battle": (*cb.battle, card), "played": True}
        if effect == D.BECALMED:
            changes["becalmed"] = True
        elif effect == D.WINDS:
            winds = list(cb.winds)
            winds[seat] += 6
            changes["winds"] = tuple(winds)
        elif effect == D.HOOKS:
            changes["hooks"] = True
        elif effect == D.SMOKE:
            changes["smoke"] = cb.smoke | {seat}
        elif effect == D.OVERBOARD:
            over = list(cb.overboard)
            over[seat] += chests
            changes["overboard"] = tuple(over)
            self.set_ship(seat, chests=self.ships[seat].chests - chests)
        self.cb = _fight_with(cb, **changes)
        self.emit("battle_card", seat=seat, card=effect, chests=chests)

    def boarding_next(self, played: bool) -> None:
        cb = self.fight()
        turn = cb.turn + 1
        any_played = cb.played or played
        if cb.becalmed:  # Becalmed: no more cards of any kind in this combat
            self.end_boarding()
            return
        if turn >= len(cb.order):
            if not any_played:
                self.end_boarding()
                return
            turn, any_played = 0, False
        self.cb = _fight_with(cb, turn=turn, played=any_played)
        self.seat = cb.order[turn]

    def end_boarding(self) -> None:
        self.cb = _fight_with(self.fight(), boarding=False)
        self.start_exchange()
        self.run_combat()

    def combat_speed(self, ship: int) -> int:
        cb = self.fight()
        if ship == D.LEGEND_SHIP:
            return D.LEGEND_BY_ID[self.legends[cb.legend].card].speed
        if ship == D.NAVY_SHIP:
            return D.ROYAL_NAVY.speed
        return self.base_speed(ship) + cb.winds[ship] + 2 * cb.overboard[ship]

    def start_exchange(self) -> None:
        cb = self.fight()
        ships = list(cb.fighters) + _afloat_raiders(cb)
        speed = {s: self.combat_speed(s) for s in ships}
        order = self.speed_order(ships, speed)
        self.cb = _fight_with(cb, exchange=cb.exchange + 1, order=order,
                          exchange_hull=cb.legend_hull)
        self.emit("exchange", number=cb.exchange + 1, order=order)

    def end_exchange(self) -> None:
        """The Flying Dutchman regains up to ``regain`` hull lost in this exchange."""
        cb = self.fight()
        if cb.legend == NOBODY or cb.legend_hull <= 0:
            return
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        lost = cb.exchange_hull - cb.legend_hull
        if raider.regain and lost > 0:
            hull = min(raider.hull, cb.legend_hull + min(raider.regain, lost))
            self.cb = _fight_with(cb, legend_hull=hull)
            self.emit("legend_regains", legend=raider.id, hull=hull)

    def present(self, ship: int) -> bool:
        cb = self.fight()
        if ship >= 0:
            return ship in cb.fighters
        return ship in _afloat_raiders(cb)

    def combat_over(self) -> bool:
        cb = self.fight()
        if not cb.fighters:
            return True
        if _afloat_raiders(cb):
            return False
        if cb.island == D.TREASURE_ISLAND:
            return True  # the pirate is sunk: players never fight each other here
        return len(cb.fighters) <= 1

    def pop_turn(self) -> None:
        cb = self.fight()
        self.cb = _fight_with(cb, order=cb.order[1:])

    def run_combat(self) -> None:
        """Run the volley exchanges until a player must decide or the combat ends."""
        while True:
            if self.combat_over():
                self.finish_combat()
                return
            cb = self.fight()
            if not cb.order:
                self.end_exchange()
                self.start_exchange()
                continue
            ship = cb.order[0]
            if not self.present(ship):
                self.pop_turn()
                continue
            if ship == D.LEGEND_SHIP:
                self.legend_turn()
                self.pop_turn()
                continue
            if ship == D.NAVY_SHIP:
                assert self.navy is not None
                self.seat = self.navy.controller
                return
            self.seat = ship
            return

    def legend_turn(self) -> None:
        """A legendary pirate fires one volley at every opponent, by its card's section."""
        cb = self.fight()
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        speed = {s: self.combat_speed(s) for s in cb.fighters}
        # P-R13: highest value of the card's section first; then the faster ship; then seat.
        targets = sorted(
            cb.fighters,
            key=lambda s: (-D.value(raider.order_by, self.ships[s].levels[raider.order_by]),
                           -speed[s], s),
        )
        for target in targets:
            if self.combat_over():
                return
            if target not in self.fight().fighters:
                continue
            need = 6 if target in self.fight().smoke else 5
            dice = self.rolls(raider.dice)
            hits = sum(v >= need for v in dice)
            self.emit("volley", ship=D.LEGEND_SHIP, target=target,
                      section=SECTION_IDS[raider.fires_at], dice=dice, hits=hits, cards=())
            for _ in range(hits):
                self.damage(target, raider.fires_at, by_enemy=True)
            self.after_volley()

    def dice_count(self, seat: int) -> int:
        ship = self.ships[seat]
        crew = D.value(D.CREW, ship.levels[D.CREW])
        cannons = D.value(D.CANNONS, ship.levels[D.CANNONS])
        parrot = D.TAVERN[ship.parrot].effect if ship.parrot != NOBODY else ""
        if parrot == D.SILVER:
            return 6
        if parrot == D.BONES:
            return cannons
        if self.fight().hooks:
            return crew
        return min(crew, cannons)

    def player_volley(self, seat: int, target: int, section: int) -> None:
        cb = self.fight()
        played = [D.TAVERN[c].effect for c in cb.volley]
        copies = {effect: played.count(effect) for effect in D.VOLLEY_EFFECTS}
        # Grapeshot hits on 3-6 and overrides Smoke for this volley.
        need = 3 if copies[D.GRAPESHOT] else 6 if target >= 0 and target in cb.smoke else 5
        dice = self.rolls(self.dice_count(seat))
        hits = sum(v >= need for v in dice)
        self.emit("volley", ship=seat, target=target, section=SECTION_IDS[section], dice=dice,
                  hits=hits, cards=tuple(sorted(played)))
        # P-R14: copies of a Volley card add their effects.
        sections: tuple[int, ...] = (section,)
        if copies[D.BROADSIDE]:  # each hit damages every section of the target
            every = (0, 1, 2, 3) if target >= 0 else (D.HULL,)
            sections = every * copies[D.BROADSIDE]
        for _ in range(hits):
            for sec in sections:
                self.damage(target, sec, by_enemy=True)
            for _ in range(copies[D.POWDER_KEG]):
                for ship in (*self.fight().fighters, *_afloat_raiders(self.fight())):
                    self.damage(ship, D.HULL, by_enemy=ship != seat)
        cb = self.fight()
        if copies[D.BROADSIDE]:
            reload = list(cb.reload)
            reload[seat] = cb.exchange + 1
            cb = _fight_with(cb, reload=tuple(reload))
        self.discard(cb.volley)
        self.cb = _fight_with(cb, volley=())
        if copies[D.GRAPESHOT]:
            self.grapeshot_recoil(seat, copies[D.GRAPESHOT])

    def grapeshot_recoil(self, seat: int, copies: int) -> None:
        ship = self.ships[seat]
        silver = ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.SILVER
        if silver and ship.craft_section != D.CANNONS:  # P-R9: the recoil kills the parrot
            self.kill_parrot(seat)
        self.emit("grapeshot_recoil", seat=seat)
        for _ in range(2 * copies):
            self.damage(seat, D.CANNONS, by_enemy=False)

    def navy_volley(self, seat: int, target: int, section: int) -> None:
        cb = self.fight()
        need = 6 if target in cb.smoke else 5
        dice = self.rolls(D.ROYAL_NAVY.dice)
        hits = sum(v >= need for v in dice)
        self.emit("volley", ship=D.NAVY_SHIP, controller=seat, target=target,
                  section=SECTION_IDS[section], dice=dice, hits=hits, cards=())
        for _ in range(hits):
            self.damage(target, section, by_enemy=True)

    def damage(self, ship: int, section: int, by_enemy: bool) -> None:
        """One hit: Mastercraft absorbs first, then the parrot advising it, then the ring."""
        cb = self.fight()
        if ship == D.LEGEND_SHIP:
            self.damage_legend()
            return
        if ship == D.NAVY_SHIP:
            if cb.navy_hull > 0:
                self.cb = _fight_with(cb, navy_hull=cb.navy_hull - 1)
                if cb.navy_hull == 1:
                    self.emit("navy_sunk", island=cb.island)
            return
        if by_enemy and ship not in cb.hit:
            self.cb = _fight_with(cb, hit=cb.hit | {ship})
        s = self.ships[ship]
        name = SECTION_IDS[section]
        if s.craft != NOBODY and s.craft_section == section:
            if not s.craft_damaged:
                self.set_ship(ship, craft_damaged=True)
                self.emit("mastercraft_damaged", seat=ship, section=name)
            else:
                self.discard((s.craft,))
                self.set_ship(ship, craft=NOBODY, craft_section=NOBODY, craft_damaged=False)
                self.emit("mastercraft_destroyed", seat=ship, section=name)
            return
        if s.parrot != NOBODY and D.TAVERN[s.parrot].section == section:
            if not s.parrot_wounded:
                self.set_ship(ship, parrot_wounded=True)
                self.emit("parrot_wounded", seat=ship, card=D.TAVERN[s.parrot].id)
            else:
                self.kill_parrot(ship)
            return
        level = s.levels[section]
        if level < 0:
            return
        self.set_level(ship, section, level - 1)
        self.emit("damaged", seat=ship, section=name, level=level - 1)

    def damage_legend(self) -> None:
        cb = self.fight()
        if cb.legend_hull <= 0:
            return
        self.cb = _fight_with(cb, legend_hull=cb.legend_hull - 1)
        if cb.legend_hull > 1:
            return
        # Sunk: its fame is shared, rounded down, among the player ships still here, even one
        # crippled by the same shot (routing comes after the volley).
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        share = raider.fame // len(cb.fighters) if cb.fighters else 0
        for seat in cb.fighters:
            self.add_fame(seat, share)
        self.emit("legend_sunk", legend=raider.id, island=cb.island, ships=cb.fighters,
                  share=share)

    def kill_parrot(self, seat: int) -> None:
        ship = self.ships[seat]
        self.discard((ship.parrot,))
        self.emit("parrot_killed", seat=seat, card=D.TAVERN[ship.parrot].id)
        self.set_ship(seat, parrot=NOBODY, parrot_wounded=False)
        self.add_fame(seat, -2)

    def after_volley(self) -> None:
        """Crippled ships are routed to Pirate's Cove; each witness still here gains 1 fame."""
        cb = self.fight()
        routed = [s for s in cb.fighters if self.ships[s].crippled]
        if not routed:
            return
        stay = tuple(s for s in cb.fighters if s not in routed)
        self.cb = _fight_with(cb, fighters=stay)
        tiebreak = cb.island == 0
        for seat in routed:
            if not tiebreak:
                self.set_ship(seat, island=D.COVE)
                for witness in stay:
                    self.add_fame(witness, 1)
            self.emit("routed", seat=seat, witnesses=() if tiebreak else stay)

    def flee(self, seat: int) -> None:
        cb = self.fight()
        stay = tuple(s for s in cb.fighters if s != seat)
        self.cb = _fight_with(cb, fighters=stay)
        self.set_ship(seat, island=D.COVE)
        witnesses = stay if seat in cb.hit else ()
        for witness in witnesses:
            self.add_fame(witness, 1)
        die = self.roll()  # a ship that flees uncrippled risks a mutiny
        self.emit("fled", seat=seat, witnesses=witnesses, die=die, mutiny=die == 1)
        if die == 1:
            ship = self.ships[seat]
            self.pay(seat, ship.gold)
            self.supply += ship.chests
            self.set_ship(seat, chests=0)
            self.add_fame(seat, -2)

    def finish_combat(self) -> None:
        cb = self.fight()
        survivors = cb.fighters
        if cb.navy_in:
            if cb.navy_hull <= 0 and survivors:
                share = D.ROYAL_NAVY.fame // len(survivors)
                for seat in survivors:
                    self.add_fame(seat, share)
                self.emit("navy_fame", ships=survivors, share=share)
            self.navy = None
            self.emit("navy_leaves")
        if cb.legend != NOBODY:
            lg = self.legends[cb.legend]
            raider = D.LEGEND_BY_ID[lg.card]
            if cb.legend_hull <= 0:
                self.legends[cb.legend] = Legend(lg.card, lg.island, 0, True)
            else:  # a pirate that wins is repaired in full
                self.legends[cb.legend] = Legend(lg.card, lg.island, raider.hull)
        self.discard(cb.battle + cb.volley)
        self.supply += sum(cb.overboard)
        self.cb = None
        self.emit("combat_end", island=cb.island, survivors=survivors)
        if cb.island == 0:
            self.winner = survivors[0] if survivors else NOBODY
            self.finish_game()
            return
        self.next_combat()

    # ---- plunder

    def run_plunder(self) -> None:
        while self.island < len(D.OUTER):
            self.island += 1
            self.plunder(self.island)
            if self.parrots:
                return
        self.start_effects()

    def plunder(self, island: int) -> None:
        """P-R8: the one player ship left on an outer island takes its Treasure card."""
        card = self.face_up[island - 1]
        here = [s for s in range(self.count) if self.ships[s].island == island]
        if card == NOBODY or len(here) != 1 or self.legend_at(island) != NOBODY:
            return
        if self.navy is not None and self.navy.island == island:
            return
        seat = here[0]
        t = D.TREASURES[card]
        # The seed: "if YOU capture the marked island, you win double treasures".
        doubled = self.treasure_map == (island, seat)
        chests = t.chests * (2 if doubled else 1)
        parts = (t.gold, chests, t.cards, t.fame)
        self.face_up[island - 1] = NOBODY
        self.treasure_discard = (*self.treasure_discard, card)
        self.emit("plunder", seat=seat, island=island, card=t.id, doubled=chests != t.chests)
        if self.privateer is not None and self.privateer[1] == seat:
            taker = self.privateer[0]
            taken = ((parts[0] + 1) // 2, (parts[1] + 1) // 2, (parts[2] + 1) // 2,
                     (parts[3] + 1) // 2)  # rounded in the privateer's favour
            self.emit("privateering_share", seat=taker, victim=seat, gold=taken[0],
                      chests=taken[1], cards=taken[2], fame=taken[3])
            self.give(taker, taken)
            parts = (parts[0] - taken[0], parts[1] - taken[1], parts[2] - taken[2],
                     parts[3] - taken[3])
        self.give(seat, parts)

    def give(self, seat: int, parts: tuple[int, ...]) -> None:
        gold, chests, cards, fame = parts
        self.receive_gold(seat, gold)
        self.receive_chests(seat, chests)
        self.add_fame(seat, fame)
        self.draw(seat, cards)

    # ---- island effects

    def start_effects(self) -> None:
        self.phase = EFFECTS
        self.island = 0
        self.next_effects_island()

    def next_effects_island(self) -> None:
        while self.island < D.COVE:
            self.island += 1
            here = [s for s in range(self.count) if self.ships[s].island == self.island]
            if here:
                speed = {s: self.base_speed(s) for s in here}
                self.order = self.speed_order(here, speed)
                self.turn = 0
                self.begin_effects_turn()
                return
        self.end_month()

    def begin_effects_turn(self) -> None:
        seat = self.order[self.turn]
        self.seat = seat
        self.bought = 0
        self.done = frozenset()
        ship = self.ships[seat]
        if ship.parrot_wounded:
            self.set_ship(seat, parrot_wounded=False)
            self.emit("parrot_healed", seat=seat)
        if self.island == D.COVE:
            self.repair(seat)

    def repair(self, seat: int) -> None:
        """Every destroyed section back to 1 at 2 gold each; P-R10: short of gold, pay all."""
        ship = self.ships[seat]
        broken = [i for i in range(4) if ship.levels[i] < 0]
        if not broken:
            return
        cost = D.REPAIR_COST * len(broken)
        paid = self.pay(seat, cost)
        for section in broken:
            self.set_level(seat, section, D.START_LEVEL)
        short = paid < cost
        self.emit("repaired", seat=seat, sections=tuple(SECTION_IDS[i] for i in broken),
                  paid=paid, short=short)
        if short:  # repaired all the same, but neither gold nor Tavern cards
            self.done = self.done | {"cove"}

    # ---- end of month and of the game

    def end_month(self) -> None:
        for i, lg in enumerate(self.legends):
            card = lg.card
            if lg.sunk:  # replaced by the next card of the deck
                self.legend_discard = (*self.legend_discard, lg.card)
                if not self.legend_deck:
                    self.legend_deck, self.rng = self.rng.shuffled(self.legend_discard)
                    self.legend_discard = ()
                card, self.legend_deck = self.legend_deck[0], self.legend_deck[1:]
            island = lg.island % D.TREASURE_ISLAND + 1  # 1→2→…→6→1, never the Cove
            self.legends[i] = Legend(card, island, D.LEGEND_BY_ID[card].hull)
            self.emit("legend_moves", legend=card, island=island, replaced=lg.sunk)
        for seat, ship in enumerate(self.ships):
            flint = ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.FLINT
            room = D.value(D.HULL, ship.levels[D.HULL])
            if not flint and ship.chests > room:
                self.supply += ship.chests - room
                self.emit("hold_overflow", seat=seat, lost=ship.chests - room)
                self.set_ship(seat, chests=room)
        for i, left in enumerate(self.face_up):
            if left != NOBODY:
                self.treasure_discard = (*self.treasure_discard, left)
                self.face_up[i] = NOBODY
        self.navy = None
        self.privateer = None
        self.treasure_map = None
        self.lookout = NOBODY
        self.emit("month_end", month=self.month)
        if self.month >= D.MONTHS:
            self.end_game()
        else:
            self.start_month()

    def end_game(self) -> None:
        for seat, ship in enumerate(self.ships):
            cards = tuple(D.TAVERN[c] for c in ship.hand if D.TAVERN[c].kind == D.FAME)
            total = sum(c.fame for c in cards)
            if cards:
                self.add_fame(seat, total)
            self.emit("fame_cards", seat=seat, cards=tuple(c.id for c in cards), fame=total)
        best = max(s.fame for s in self.ships)
        tied = tuple(s for s in range(self.count) if self.ships[s].fame == best)
        if len(tied) > 1:
            self.start_tiebreak(tied)
            return
        self.winner = tied[0]
        self.finish_game()

    def finish_game(self) -> None:
        self.phase = OVER
        self.seat = NOBODY
        self.emit("game_over", winner=self.winner,
                  fame=tuple(s.fame for s in self.ships))


# --------------------------------------------------------------------------- result

def result(state: State) -> dict[str, Any]:
    """Standings by fame; the tie-break winner (P-R11) first among the tied."""
    def key(seat: int) -> tuple[int, int]:
        return (-state.ships[seat].fame, 0 if seat == state.winner else 1)

    ranking = sorted(range(state.count), key=key)
    tiebreak = any(e.kind == "tiebreak_start" for page in state.log for e in page)
    return {
        "over": state.phase == OVER,
        "winner": state.winner if state.phase == OVER else None,
        "tie_break": tiebreak,
        "standings": [
            {"seat": s, "name": state.players[s], "fame": state.ships[s].fame}
            for s in ranking
        ],
    }
