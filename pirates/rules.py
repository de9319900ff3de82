"""The Pirate's Cove rules: set-up, the twelve months and their phases, combat, the end.

``apply`` checks the action against the legal list (``options.py``, which also words and codes
a refusal), copies the state into a
``Draft`` (``month.py`` on ``combat.py`` on ``draft.py``), runs the rules on it (everything
automatic that follows, up to the next decision) and freezes it again.
Rulings P-R1 … are named where they apply; see docs/pirates-rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.engine import check_players, check_seat_type
from common.errors import IllegalAction
from common.log import records
from common.rng import Rng
from pirates import data as D
from pirates import event_kinds as E
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
from pirates.month import PLUNDER, Draft
from pirates.options import double_cost, legal, refusal, to_act
from pirates.state import (
    COMBAT,
    NOBODY,
    OUTFIT,
    OVER,
    Navy,
    Ship,
    State,
)

MIN_PLAYERS, MAX_PLAYERS = D.MIN_PLAYERS, D.MAX_PLAYERS
_SETUP_KEYS = {"treasure", "tavern", "legendary", "dice"}
# The set-up keys that state a position to start from (pirates/position.py).
POSITION_KEYS = frozenset({"month", "phase", "ships", "legends", "navy", "tavern_discard"})


# --------------------------------------------------------------------------- set-up

def new_game(
    players: list[str], seed: int, *, setup: Mapping[str, Any] | None = None, **options: Any
) -> State:
    """A fresh game. ``setup`` may fix the decks and the dice (docs/pirates-actions.md)."""
    names = check_players(players, "Pirate's Cove", MIN_PLAYERS, MAX_PLAYERS)
    if options:
        raise IllegalAction(f"unknown option(s): {', '.join(sorted(options))}")
    if type(seed) is not int:
        raise IllegalAction("the seed must be a whole number")
    if setup is not None and not isinstance(setup, Mapping):
        raise IllegalAction("the set-up must be a JSON object")
    given = dict(setup or {})
    bad = set(given) - _SETUP_KEYS - POSITION_KEYS
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
        combat=None, bought=0, done=frozenset(), parrots=(), winner=NOBODY, history=(),
    )
    if POSITION_KEYS & set(given):  # a stated position (pirates/position.py)
        from pirates import position

        return position.start(state, given, treasure)
    d = Draft(state)
    d.emit(E.GAME_START, players=names)
    for seat in range(count):
        d.draw(seat, 1)
    d.place_legend(D.TAVERN_ISLAND)
    if count == 3:  # with 3 players a second legendary pirate starts on Cannon Island
        d.place_legend(D.CANNON_ISLAND)
    d.emit(E.OUTFITTING)
    return d.freeze()


def _deck(value: Any, by_id: Mapping[str, Any], size: int, rng: Rng) -> tuple[list[Any], Rng]:
    """A deck whose top cards are fixed by the set-up and the rest shuffled by the RNG."""
    if value is not None and not isinstance(value, list | tuple):
        raise IllegalAction("a set-up deck must be a list of card ids")
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
    if value is not None and not isinstance(value, list | tuple):
        raise IllegalAction("set-up dice must be a list")
    dice = tuple(value or ())
    if not all(type(v) is int and 1 <= v <= 6 for v in dice):
        raise IllegalAction("set-up dice must be whole numbers from 1 to 6")
    return dice


# --------------------------------------------------------------------------- public queries

def is_over(state: State) -> bool:
    return state.phase == OVER


def legal_actions(state: State, seat: int) -> list[Action]:
    check_seat_type(seat)
    if seat not in to_act(state):  # the seats waited for are seats of this game
        return []
    return list(legal(state, seat))


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"not a Pirate's Cove action: {action!r}")
    seat = action.seat
    # The seats waited for are seats of this game, and none once it is over.
    if type(seat) is not int or seat not in to_act(state) or action not in legal(state, seat):
        raise refusal(state, action)
    d = Draft(state)
    handler(d, action)
    return d.freeze()


# --------------------------------------------------------------------------- handlers

def _h_outfit(d: Draft, a: Action) -> None:
    assert isinstance(a, Outfit)
    d.choices[a.seat] = a.levels
    d.emit(E.OUTFIT_CHOSEN, seat=a.seat)
    d.emit(E.OUTFIT_SECRET, seat=a.seat, levels=a.levels)
    if all(c is not None for c in d.choices):
        d.reveal_outfits()


def _h_navigate(d: Draft, a: Action) -> None:
    assert isinstance(a, Navigate)
    d.choices[a.seat] = a.island
    if d.lookout != NOBODY:  # open navigation, one player after another
        d.emit(E.NAVIGATED_OPENLY, seat=a.seat, island=a.island)
        d.turn += 1
        if d.turn < len(d.order):
            d.seat = d.order[d.turn]
            return
    else:
        d.emit(E.NAVIGATION_CHOSEN, seat=a.seat)
        d.emit(E.NAVIGATION_SECRET, seat=a.seat, island=a.island)
        if any(c is None for c in d.choices):
            return
    d.reveal_navigation()


def _h_pass(d: Draft, a: Action) -> None:
    if d.phase == COMBAT:
        d.emit(E.BOARDING_PASS, seat=a.seat)
        d.boarding_next(played=False)
        return
    d.emit(E.WINDOW_PASS, seat=a.seat)
    d.window_next(passed=True)


def _h_privateering(d: Draft, a: Action) -> None:
    assert isinstance(a, Privateering)
    d.discard_from_hand(a.seat, D.PRIVATEERING)
    d.privateer = (a.seat, a.victim)
    d.emit(E.PRIVATEERING, seat=a.seat, victim=a.victim)
    d.window_next(passed=False)


def _h_treasure_map(d: Draft, a: Action) -> None:
    d.discard_from_hand(a.seat, D.TREASURE_MAP)
    rolls = [d.roll()]
    while rolls[-1] == 6:  # a 6 is rolled again: only islands 1..5 can be marked
        rolls.append(d.roll())
    d.treasure_map = (rolls[-1], a.seat)
    d.emit(E.TREASURE_MAP, seat=a.seat, dice=tuple(rolls), island=rolls[-1])
    d.window_next(passed=False)


def _h_lookout(d: Draft, a: Action) -> None:
    assert isinstance(a, Lookout)
    d.discard_from_hand(a.seat, D.LOOKOUT)
    d.lookout = a.first
    d.emit(E.LOOKOUT, seat=a.seat, first=a.first)
    d.window_next(passed=False)


def _h_send_navy(d: Draft, a: Action) -> None:
    assert isinstance(a, SendNavy)
    d.discard_from_hand(a.seat, D.NAVY)
    d.navy = Navy(a.island, a.seat, a.seat)
    d.emit(E.ROYAL_NAVY, seat=a.seat, island=a.island)
    d.window_next(passed=False)


def _h_marque(d: Draft, a: Action) -> None:
    assert isinstance(a, Marque)
    d.discard_from_hand(a.seat, D.MARQUE)
    assert d.navy is not None
    d.navy = Navy(a.island, a.seat, d.navy.sender)
    d.emit(E.LETTER_OF_MARQUE, seat=a.seat, island=a.island)
    d.window_next(passed=False)


def _h_escape(d: Draft, a: Action) -> None:
    assert isinstance(a, Escape)
    d.discard_from_hand(a.seat, D.ESCAPE)
    old = d.ships[a.seat].island
    d.set_ship(a.seat, island=a.island)
    d.emit(E.ESCAPE, seat=a.seat, island=a.island, old=old)
    if d.privateer is not None and d.privateer[1] == a.seat:
        d.emit(E.PRIVATEERING_CANCELLED, seat=a.seat, privateer=d.privateer[0])
        d.privateer = None
    d.window_next(passed=False)


def _h_battle(d: Draft, a: Action) -> None:
    assert isinstance(a, PlayBattle)
    d.play_battle(a.seat, a.card, a.chests)
    d.boarding_next(played=True)


def _h_volley_card(d: Draft, a: Action) -> None:
    assert isinstance(a, PlayVolley)
    cb = d.fight()
    card = d.take_from_hand(a.seat, a.card)
    d.combat = cb._replace(volley=(*cb.volley, card))
    d.emit(E.VOLLEY_CARD, seat=a.seat, card=a.card)


def _h_fire(d: Draft, a: Action) -> None:
    assert isinstance(a, Fire)
    d.pop_turn()
    d.player_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.after_volley()
    d.run_combat()


def _h_navy_fire(d: Draft, a: Action) -> None:
    assert isinstance(a, NavyFire)
    d.pop_turn()
    d.navy_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.after_volley()
    d.run_combat()


def _h_flee(d: Draft, a: Action) -> None:
    d.pop_turn()
    d.flee(a.seat)
    d.run_combat()


def _h_reload(d: Draft, a: Action) -> None:
    d.pop_turn()
    d.emit(E.RELOAD, seat=a.seat)
    d.run_combat()


def _h_parrot(d: Draft, a: Action) -> None:
    assert isinstance(a, ParrotChoice)
    seat, card = d.parrots[0]
    d.parrots = d.parrots[1:]
    ship = d.ships[seat]
    if a.swap:
        old = ship.parrot
        d.set_ship(seat, parrot=card, parrot_wounded=False)
        d.add_fame(seat, -D.PARROT_SWAP_FAME)
        d.return_to_deck(old)
        d.emit(E.PARROT_SWAPPED, seat=seat, card=D.TAVERN[card].id, old=D.TAVERN[old].id)
    else:
        d.return_to_deck(card)
        d.emit(E.PARROT_KEPT, seat=seat, card=D.TAVERN[card].id)
    if not d.parrots and d.phase == PLUNDER:
        d.run_plunder()


def _h_buy(d: Draft, a: Action) -> None:
    d.pay(a.seat, D.TAVERN_PRICE)
    d.bought += 1
    d.emit(E.BOUGHT, seat=a.seat)
    d.draw(a.seat, 1)


def _h_upgrade(d: Draft, a: Action) -> None:
    assert isinstance(a, Upgrade)
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = D.upgrade_cost(now, a.level)
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, a.level)
    d.emit(E.UPGRADED, seat=a.seat, section=a.section, level=a.level, cost=cost)


def _h_double(d: Draft, a: Action) -> None:
    assert isinstance(a, DoubleUpgrade)
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = double_cost(now)
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, now + 1)
    d.done = d.done | {"double"}
    d.emit(E.UPGRADED, seat=a.seat, section=a.section, level=now + 1, cost=cost)


def _h_bury(d: Draft, a: Action) -> None:
    assert isinstance(a, Bury)
    ship = d.ships[a.seat]
    d.set_ship(a.seat, chests=ship.chests - a.chests)
    d.supply += a.chests
    d.pay(a.seat, D.BAG * a.bags)
    d.done = d.done | {"bury"}
    fame = a.chests + a.bags
    d.emit(E.BURIED, seat=a.seat, chests=a.chests, gold=D.BAG * a.bags, fame=fame)
    d.share_gain(a.seat, fame)


def _h_cove(d: Draft, a: Action) -> None:
    assert isinstance(a, CoveDraw)
    d.done = d.done | {"cove"}
    d.emit(E.COVE_DRAW, seat=a.seat, gold=a.gold)
    if a.gold:
        d.receive_gold(a.seat, 2)
        d.draw(a.seat, 1)
    else:
        d.draw(a.seat, 2)


def _h_mastercraft(d: Draft, a: Action) -> None:
    assert isinstance(a, Mastercraft)
    card = d.take_from_hand(a.seat, D.MASTERCRAFT)
    d.set_ship(a.seat, craft=card, craft_section=D.SECTION_INDEX[a.section],
               craft_damaged=False)
    d.emit(E.MASTERCRAFT, seat=a.seat, section=a.section)


def _h_mend(d: Draft, a: Action) -> None:
    d.pay(a.seat, D.MEND_COST)
    d.set_ship(a.seat, craft_damaged=False)
    d.emit(E.MASTERCRAFT_MENDED, seat=a.seat)


def _h_shipowner(d: Draft, a: Action) -> None:
    assert isinstance(a, Shipowner)
    d.discard_from_hand(a.seat, D.SHIPOWNER)
    section = D.SECTION_INDEX[a.section]
    level = d.ships[a.seat].levels[section] + 1
    d.set_level(a.seat, section, level)
    d.emit(E.SHIPOWNER, seat=a.seat, section=a.section, level=level)


def _h_done(d: Draft, a: Action) -> None:
    d.emit(E.EFFECTS_DONE, seat=a.seat)
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


# --------------------------------------------------------------------------- result

def result(state: State) -> dict[str, Any]:
    """Standings by fame; the tie-break winner (P-R11) first among the tied."""
    def key(seat: int) -> tuple[int, int]:
        return (-state.ships[seat].fame, 0 if seat == state.winner else 1)

    ranking = sorted(range(state.seat_count), key=key)
    tiebreak = any(r[0] is E.TIEBREAK_START for r in records(state.history))
    return {
        "over": state.phase == OVER,
        "winner": state.winner if state.phase == OVER else None,
        "tie_break": tiebreak,
        "standings": [
            {"seat": s, "name": state.players[s], "fame": state.ships[s].fame}
            for s in ranking
        ],
    }
