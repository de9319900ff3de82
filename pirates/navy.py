"""The Royal Navy (§6, §8, P-R18): sent by Royal Navy in Pursuit, redirected by the Letter of
Marque (both in the window after navigation), fired by its controller, its fame, its leaving."""

from __future__ import annotations

from functools import lru_cache

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, Marque, NavyFire, SendNavy
from pirates.draft import DraftCore
from pirates.legality import SECTION_IDS, fight, holds, island_name, target_refusal
from pirates.numbers import hit_face
from pirates.state import AFTER_NAV, COMBAT, Combat, Navy, Ship, State


class NavyRules(DraftCore):
    """The Royal Navy's volley and its leaving, on the draft."""

    def navy_volley(self, seat: int, target: int, section: int) -> None:
        cb = self.fight()
        need = hit_face(cb, target, 0)
        dice = self.rolls(D.ROYAL_NAVY.dice)
        hits = sum(v >= need for v in dice)
        self.emit(E.NAVY_VOLLEY.record(ship=D.NAVY_SHIP, controller=seat, target=target,
                                       section=SECTION_IDS[section], dice=dice, hits=hits,
                                       cards=()))
        for _ in range(hits):
            self.damage(target, section, by_enemy=True)

    def damage(self, ship: int, section: int, by_enemy: bool) -> None:
        raise NotImplementedError  # combat.py

    def navy_leaves(self, cb: Combat) -> None:
        """After its combat: sunk, its fame is shared, rounded down, among the survivors."""
        survivors = cb.fighters
        if cb.navy_hull <= 0 and survivors:
            share = D.ROYAL_NAVY.fame // len(survivors)
            for seat in survivors:
                self.add_fame(seat, share)
            self.emit(E.NAVY_FAME.record(ships=survivors, share=share))
        self.navy = None
        self.emit(E.NAVY_LEAVES.record())


def navy_turn(cb: Combat) -> bool:
    """The Royal Navy fires next: its controller names the target (not during boarding)."""
    return bool(cb.order) and cb.order[0] == D.NAVY_SHIP


# --------------------------------------------------------------------------- the window

def window_offers(state: State, seat: int, ship: Ship) -> list[Action]:
    """Royal Navy in Pursuit and Letter of Marque, for a seat holding them."""
    out: list[Action] = []
    if holds(ship, D.NAVY):
        out.extend(a for a in (SendNavy(seat, i) for i in D.OUTER)
                   if _send_navy_refusal(state, a) is None)
    if holds(ship, D.MARQUE):
        out.extend(a for a in (Marque(seat, i) for i in D.OUTER)
                   if _marque_refusal(state, a) is None)
    return out


def _island_refusal(state: State, island: int, seat: int) -> Refusal:
    """The Royal Navy goes to an outer island, never its sender's own (P-R18)."""
    if island not in D.OUTER:
        return IllegalAction("the Royal Navy goes to an outer island, 1 to 5, not "
                             f"{island_name(island)}", "navy-outer-island",
                             {"island": island})
    if island == state.ships[seat].island:
        return IllegalAction(f"the Royal Navy is never sent to your own island "
                             f"({island_name(island)})", "navy-own-island",
                             {"island": island})
    return None


def _send_navy_refusal(state: State, a: SendNavy) -> Refusal:
    if state.navy is not None:
        return IllegalAction("the Royal Navy is already at sea this month", "navy-at-sea")
    return _island_refusal(state, a.island, a.seat)


def _marque_refusal(state: State, a: Marque) -> Refusal:
    navy = state.navy
    if navy is None:
        # Short: the panel's message line at 80×24 holds about 42 characters.
        return IllegalAction("no Royal Navy is at sea to redirect", "no-navy")
    if navy.controller == a.seat:
        return IllegalAction("you control the Royal Navy already", "navy-yours")
    if a.island == navy.island:
        return IllegalAction(f"the Royal Navy is at {island_name(a.island)} already: name a new "
                             "island", "navy-already-there", {"island": a.island})
    if a.island == state.ships[navy.sender].island:
        return IllegalAction(f"the Royal Navy never goes to the island of the player who sent "
                             f"it ({island_name(a.island)})", "navy-sender-island",
                             {"island": a.island})
    return _island_refusal(state, a.island, a.seat)


def _h_send_navy(d: NavyRules, a: SendNavy) -> None:
    d.discard_from_hand(a.seat, D.NAVY)
    d.navy = Navy(a.island, a.seat, a.seat)
    d.emit(E.ROYAL_NAVY.record(seat=a.seat, island=a.island))
    d.window_next(passed=False)


def _h_marque(d: NavyRules, a: Marque) -> None:
    d.discard_from_hand(a.seat, D.MARQUE)
    assert d.navy is not None
    d.navy = Navy(a.island, a.seat, d.navy.sender)
    d.emit(E.LETTER_OF_MARQUE.record(seat=a.seat, island=a.island))
    d.window_next(passed=False)


# --------------------------------------------------------------------------- its volley

@lru_cache(maxsize=256)
def fire_options(seat: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(NavyFire(seat, t, name) for t in targets for name in SECTION_IDS)


def _navy_fire_refusal(state: State, a: NavyFire) -> Refusal:
    cb = fight(state)
    if cb.boarding:
        return IllegalAction("the Royal Navy fires in the volleys, after the boarding rounds",
                             "boarding")
    if not navy_turn(cb):
        return IllegalAction("the Royal Navy fires on its own turn in the exchange, not now",
                             "not-navy-turn")
    return target_refusal(cb, a.target)


def _h_navy_fire(d: NavyRules, a: NavyFire) -> None:
    d.pop_turn()
    d.navy_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.volley_fired()


RULES: dict[type, Rule] = {
    SendNavy: Rule((AFTER_NAV,), D.NAVY, _send_navy_refusal, _h_send_navy),
    Marque: Rule((AFTER_NAV,), D.MARQUE, _marque_refusal, _h_marque),
    NavyFire: Rule((COMBAT,), None, _navy_fire_refusal, _h_navy_fire),
}
