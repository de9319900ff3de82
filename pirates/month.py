"""The month (§4, §5): outfitting, the event windows and passing in them, navigation, combats
in island order, plunder, the order of island effects, the end of the month and of the game.
The decisions of each part are with their rules: event_cards.py, navy.py, combat.py,
islands.py, parrots.py; this module has outfitting, navigation and passing."""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

from common.codec import clip
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, Navigate, Outfit, Pass
from pirates.draft import DraftCore
from pirates.legality import SECTION_IDS, fight, unaffordable
from pirates.state import (
    AFTER_NAV,
    BEFORE_NAV,
    COMBAT,
    EFFECTS,
    NAVIGATE,
    NOBODY,
    OUTFIT,
    PLUNDER,
    Legend,
    State,
)

T = TypeVar("T")


class MonthRules(DraftCore):
    """The month's flow, on the draft: the chapters' steps it calls are declared on
    ``DraftCore``; ``rules.Draft`` combines it with them."""

    # ---- outfitting, months and windows

    def reveal_outfits(self) -> None:
        for seat, choice in enumerate(self.outfits):
            assert choice is not None
            self.pay(seat, D.outfit_cost(choice))
            self.set_ship(seat, levels=choice)
        self.emit(E.OUTFITS_REVEALED.record(levels=tuple(
            ",".join(str(v) for v in c) for c in self.outfits if c is not None)))
        self.start_month()

    def start_month(self) -> None:
        self.month += 1
        self.emit(E.MONTH_START.record(month=self.month))
        stacks = list(self.stacks)
        for i, stack in enumerate(stacks):
            if stack:
                self.face_up[i] = stack[0]
                stacks[i] = stack[1:]
                self.emit(E.TREASURE_UP.record(island=i + 1, card=D.TREASURES[stack[0]].kind))
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
        self.headings = (None,) * self.count
        if self.lookout != NOBODY:
            first = self.lookout
            self.order = tuple((first + i) % self.count for i in range(self.count))
            self.turn = 0
            self.seat = self.order[0]
        else:
            self.seat = NOBODY

    def reveal_navigation(self) -> None:
        islands = []
        for seat, choice in enumerate(self.headings):
            assert choice is not None
            self.set_ship(seat, island=choice)
            islands.append(choice)
        self.headings = (None,) * self.count  # nothing secret is left: the ships show it
        self.emit(E.NAVIGATION_REVEALED.record(islands=tuple(islands)))
        speed = {s: self.base_speed(s) for s in range(self.count)}
        self.open_window(AFTER_NAV, self.speed_order(list(range(self.count)), speed))

    # ---- combat

    def start_combats(self) -> None:
        self.phase = COMBAT
        self.island = 0  # a count: the loop takes island 1 first
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

    def after_combat(self, island: int, survivors: tuple[int, ...]) -> None:
        if island == D.TIEBREAK:  # P-R11
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
        # The log says what is taken: the box may hold fewer chests than the card gives.
        self.emit(E.PLUNDER.record(seat=seat, island=island, card=t.kind,
                                   doubled=chests != t.chests, chests=min(chests, self.supply)))
        if self.privateer is not None and self.privateer[1] == seat:
            taken, parts = self.privateering_loot(seat, parts)
            self.give(self.privateer[0], taken)
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
        self.heal_parrot(seat)
        if self.island == D.COVE:
            self.repair(seat)

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
            self.emit(E.LEGEND_MOVES.record(legend=card, island=island, replaced=lg.sunk))
        for seat, ship in enumerate(self.ships):
            flint = ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.FLINT
            room = D.value(D.HULL, ship.levels[D.HULL])
            if not flint and ship.chests > room:
                self.supply += ship.chests - room
                self.emit(E.HOLD_OVERFLOW.record(seat=seat, lost=ship.chests - room))
                self.set_ship(seat, chests=room)
        for i, left in enumerate(self.face_up):
            if left != NOBODY:
                self.treasure_discard = (*self.treasure_discard, left)
                self.face_up[i] = NOBODY
        self.navy = None
        self.privateer = None
        self.treasure_map = None
        self.lookout = NOBODY
        self.emit(E.MONTH_END.record(month=self.month, fame=tuple(s.fame for s in self.ships)))
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
            self.emit(E.FAME_CARDS.record(seat=seat, cards=tuple(c.effect for c in cards),
                                          fame=total))
        best = max(s.fame for s in self.ships)
        tied = tuple(s for s in range(self.count) if self.ships[s].fame == best)
        if len(tied) > 1:
            self.start_tiebreak(tied)
            return
        self.winner = tied[0]
        self.finish_game()


# --------------------------------------------------------------------------- outfitting (§4)

# Gold to move a ring from the start (1) to each position.
_RING_COST = tuple(D.upgrade_cost(D.START_LEVEL, level) for level in range(D.TOP_LEVEL + 1))
_OUTFIT_LEVELS = range(D.START_LEVEL, D.TOP_LEVEL + 1)


@lru_cache(maxsize=64)
def outfits(seat: int, gold: int) -> tuple[Action, ...]:
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
    return unaffordable("this outfit", cost, state.ships[a.seat].gold, "outfit-unaffordable")


def _chosen(choices: tuple[T, ...], seat: int, choice: T) -> tuple[T, ...]:
    """``choices`` with ``seat``'s made: kept as a tuple, not drafted as a list, since only
    the two simultaneous choices write it (a list would be copied at every apply)."""
    return (*choices[:seat], choice, *choices[seat + 1:])


def _h_outfit(d: MonthRules, a: Outfit) -> None:
    d.outfits = _chosen(d.outfits, a.seat, a.levels)
    d.emit(E.OUTFIT_CHOSEN.record(seat=a.seat))
    d.emit(E.OUTFIT_SECRET.record(seat=a.seat, levels=a.levels))
    if all(c is not None for c in d.outfits):
        d.reveal_outfits()


# --------------------------------------------------------------------------- navigation

_COURSES = range(1, D.TREASURE_ISLAND + 1)  # P-R7: the Cove is reached only by flight or rout


@lru_cache(maxsize=16)
def navigations(seat: int) -> tuple[Action, ...]:
    return tuple(Navigate(seat, island) for island in _COURSES)


def _navigate_refusal(state: State, a: Navigate) -> Refusal:
    if a.island not in _COURSES:
        return IllegalAction(f"a ship sails to an island from 1 to 6 (Tavern to Treasure "
                             f"Island), not {clip(a.island)}", "no-such-course")
    return None


def _h_navigate(d: MonthRules, a: Navigate) -> None:
    d.headings = _chosen(d.headings, a.seat, a.island)
    if d.lookout != NOBODY:  # open navigation, one player after another
        d.emit(E.NAVIGATED_OPENLY.record(seat=a.seat, island=a.island))
        d.turn += 1
        if d.turn < len(d.order):
            d.seat = d.order[d.turn]
            return
    else:
        d.emit(E.NAVIGATION_CHOSEN.record(seat=a.seat))
        d.emit(E.NAVIGATION_SECRET.record(seat=a.seat, island=a.island))
        if any(c is None for c in d.headings):
            return
    d.reveal_navigation()


# --------------------------------------------------------------------------- passing

def _pass_refusal(state: State, a: Pass) -> Refusal:
    if state.phase == COMBAT and not fight(state).boarding:
        return IllegalAction("nobody passes a volley turn: fire, flee or reload",
                             "boarding-over")
    return None


def _h_pass(d: MonthRules, a: Pass) -> None:
    if d.phase == COMBAT:  # a boarding round
        d.emit(E.BOARDING_PASS.record(seat=a.seat))
        d.boarding_next(played=False)
        return
    d.emit(E.WINDOW_PASS.record(seat=a.seat))
    d.window_next(passed=True)


RULES: dict[type, Rule] = {
    Outfit: Rule((OUTFIT,), None, _outfit_refusal, _h_outfit),
    Navigate: Rule((NAVIGATE,), None, _navigate_refusal, _h_navigate),
    Pass: Rule((BEFORE_NAV, AFTER_NAV, COMBAT), None, _pass_refusal, _h_pass),
}
