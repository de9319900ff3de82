"""The event cards played in the windows around navigation (§5, §8, P-R12): Privateering,
Treasure Map and Lookout before it, Escape after it. (Royal Navy in Pursuit and Letter of Marque
are in navy.py, Shipowner with the island effects in islands.py.)"""

from __future__ import annotations

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, Escape, Lookout, Privateering, TreasureMap
from pirates.draft import DraftCore, Parts
from pirates.legality import holds, in_play, island_name, seat_refusal
from pirates.state import AFTER_NAV, BEFORE_NAV, NOBODY, Ship, State


class EventCardsRules(DraftCore):
    def share_gain(self, seat: int, fame: int) -> None:
        """Fame gained by ``seat``; under Privateering the privateer takes half, rounded up."""
        if self.privateer is not None and self.privateer[1] == seat and fame:
            taker = self.privateer[0]
            part = (fame + 1) // 2
            self.add_fame(taker, part)
            self.add_fame(seat, fame - part)
            self.emit(E.PRIVATEERING_FAME.record(seat=taker, victim=seat, fame=part))
        else:
            self.add_fame(seat, fame)

    def privateering_loot(self, victim: int, parts: Parts) -> tuple[Parts, Parts]:
        """The victim's plunder: the privateer takes half of each part, rounded in its favour;
        (taken, left)."""
        assert self.privateer is not None
        gold, chests, cards, fame = ((p + 1) // 2 for p in parts)
        self.emit(E.PRIVATEERING_LOOT.record(seat=self.privateer[0], victim=victim, gold=gold,
                                             chests=chests, cards=cards, fame=fame))
        taken = (gold, chests, cards, fame)
        left = (parts[0] - gold, parts[1] - chests, parts[2] - cards, parts[3] - fame)
        return taken, left


# --------------------------------------------------------------------------- before navigation

def before_nav_offers(state: State, seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if state.privateer is None and holds(ship, D.PRIVATEERING):
        out.extend(Privateering(seat, v) for v in range(state.seat_count) if v != seat)
    if state.treasure_map is None and holds(ship, D.TREASURE_MAP):
        out.append(TreasureMap(seat))
    if state.lookout == NOBODY and holds(ship, D.LOOKOUT):
        out.extend(Lookout(seat, first) for first in range(state.seat_count))
    return out


def _privateering_refusal(state: State, a: Privateering) -> Refusal:
    if state.privateer is not None:
        return in_play(D.PRIVATEERING)
    if a.victim == a.seat:
        return IllegalAction("Privateering names another player's ship, not yours", "own-ship",
                             {"task": "privateering"})
    return seat_refusal(state, a.victim, "the victim")


def _h_privateering(d: EventCardsRules, a: Privateering) -> None:
    d.discard_from_hand(a.seat, D.PRIVATEERING)
    d.privateer = (a.seat, a.victim)
    d.emit(E.PRIVATEERING.record(seat=a.seat, victim=a.victim))
    d.window_next(passed=False)


def _treasure_map_refusal(state: State, a: TreasureMap) -> Refusal:
    return in_play(D.TREASURE_MAP) if state.treasure_map is not None else None


def _h_treasure_map(d: EventCardsRules, a: TreasureMap) -> None:
    d.discard_from_hand(a.seat, D.TREASURE_MAP)
    rolls = [d.roll()]
    while rolls[-1] == D.TREASURE_ISLAND:  # rolled again: only the outer islands are marked
        rolls.append(d.roll())
    d.treasure_map = (rolls[-1], a.seat)
    d.emit(E.TREASURE_MAP.record(seat=a.seat, dice=tuple(rolls), island=rolls[-1]))
    d.window_next(passed=False)


def _lookout_refusal(state: State, a: Lookout) -> Refusal:
    if state.lookout != NOBODY:
        return in_play(D.LOOKOUT)
    return seat_refusal(state, a.first, "the first to navigate")


def _h_lookout(d: EventCardsRules, a: Lookout) -> None:
    d.discard_from_hand(a.seat, D.LOOKOUT)
    d.lookout = a.first
    d.emit(E.LOOKOUT.record(seat=a.seat, first=a.first))
    d.window_next(passed=False)


# --------------------------------------------------------------------------- after navigation

_ESCAPES = (*D.OUTER, D.TREASURE_ISLAND)


def occupied(state: State, island: int) -> bool:
    return (
        any(s.island == island for s in state.ships)
        or any(lg.island == island and not lg.sunk for lg in state.legends)
        or (state.navy is not None and state.navy.island == island)
    )


def escape_offers(state: State, seat: int, ship: Ship) -> list[Action]:
    if not holds(ship, D.ESCAPE):
        return []
    return [a for a in (Escape(seat, i) for i in _ESCAPES) if _escape_refusal(state, a) is None]


def _escape_refusal(state: State, a: Escape) -> Refusal:
    if a.island not in _ESCAPES:
        return IllegalAction(f"Escape takes a ship to an outer island or Treasure Island, not "
                             f"{island_name(a.island)}", "escape-island", {"island": a.island})
    if a.island == state.ships[a.seat].island:
        return IllegalAction(f"your ship is at {island_name(a.island)} already",
                             "escape-own-island", {"island": a.island})
    if a.island != D.TREASURE_ISLAND and occupied(state, a.island):
        return IllegalAction(f"Escape goes to an empty island, and a ship is at "
                             f"{island_name(a.island)}", "escape-occupied", {"island": a.island})
    return None


def _h_escape(d: EventCardsRules, a: Escape) -> None:
    d.discard_from_hand(a.seat, D.ESCAPE)
    old = d.ships[a.seat].island
    d.set_ship(a.seat, island=a.island)
    d.emit(E.ESCAPE.record(seat=a.seat, island=a.island, old=old))
    if d.privateer is not None and d.privateer[1] == a.seat:  # Escape cancels Privateering
        d.emit(E.PRIVATEERING_CANCELLED.record(seat=a.seat, privateer=d.privateer[0]))
        d.privateer = None
    d.window_next(passed=False)


RULES: dict[type, Rule] = {
    Privateering: Rule((BEFORE_NAV,), D.PRIVATEERING, _privateering_refusal, _h_privateering),
    TreasureMap: Rule((BEFORE_NAV,), D.TREASURE_MAP, _treasure_map_refusal, _h_treasure_map),
    Lookout: Rule((BEFORE_NAV,), D.LOOKOUT, _lookout_refusal, _h_lookout),
    Escape: Rule((AFTER_NAV,), D.ESCAPE, _escape_refusal, _h_escape),
}
