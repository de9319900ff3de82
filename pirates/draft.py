"""The mutable working copy of a state used inside ``apply``: fields, chance, purses, cards.

``rules.apply`` copies the state into a ``Draft`` (assembled in ``rules.py``), runs the rules on
it and freezes it again. This base holds what every phase uses; ``month.py`` (the month's flow),
``navy.py``, ``battle_cards.py``, ``combat.py``, ``parrots.py``, ``islands.py`` and
``event_cards.py`` add their rules to it as mixins (``*Rules``). The steps one chapter calls in
another are declared here, so that no chapter imports one above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from common.draft import Draft
from common.rules import Emitter
from pirates import data as D
from pirates import event_kinds as E
from pirates.numbers import base_speed
from pirates.state import NOBODY, OVER, Combat, Legend, State

__all__ = ["NOBODY", "DraftCore", "Parts"]

Parts = tuple[int, int, int, int]  # a Treasure card's gold, chests, Tavern cards and fame


class DraftCore(Emitter, Draft):
    """A mutable working copy of a state for the length of one ``apply``: every field of the state
    is an attribute of the same name (common/draft.py), declared in the state alone (mypy reads
    them from there: common/mypy_draft.py); ``emit`` logs an event built by its kind
    (pirates/event_kinds.py, common/rules.py)."""

    __slots__ = State._fields
    STATE = State
    LISTS = ("ships", "face_up", "legends")

    if TYPE_CHECKING:  # the steps one chapter calls in another, each defined by its mixin
        # (so that each chapter reads on its own and imports none of those above it)
        def window_next(self, passed: bool) -> None: ...  # month.py
        def run_plunder(self) -> None: ...  # month.py
        def next_effects_island(self) -> None: ...  # month.py
        def begin_effects_turn(self) -> None: ...  # month.py
        def start_combat(self, island: int) -> bool: ...  # combat.py
        def run_combat(self) -> None: ...  # combat.py
        def start_tiebreak(self, tied: tuple[int, ...]) -> None: ...  # combat.py
        def boarding_next(self, played: bool) -> None: ...  # combat.py
        def volley_fired(self) -> None: ...  # combat.py
        def pop_turn(self) -> None: ...  # combat.py
        def share_gain(self, seat: int, fame: int) -> None: ...  # event_cards.py
        def privateering_loot(self, victim: int, parts: Parts) -> tuple[Parts, Parts]: ...
        def repair(self, seat: int) -> None: ...  # islands.py
        def heal_parrot(self, seat: int) -> None: ...  # parrots.py

    @property
    def count(self) -> int:
        return len(self.ships)

    def freeze(self) -> State:
        state: State = super().freeze()
        return state

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
        self.emit(E.TIE_ROLL.record(ships=tuple(group), dice=tuple(dice[s] for s in group)))
        return list(self.speed_order(group, dice))

    # ---- ships, gold, fame and cards

    def set_ship(self, seat: int, **changes: Any) -> None:
        self.ships[seat] = self.ships[seat]._replace(**changes)

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
        if self.combat is not None and self.combat.island == D.TIEBREAK:
            return  # P-R11: the tie-break decides the winner; fame is final by then
        self.set_ship(seat, fame=max(0, self.ships[seat].fame + amount))

    def take_from_hand(self, seat: int, effect: str) -> int:
        hand = self.ships[seat].hand
        card = next(c for c in hand if D.TAVERN[c].effect == effect)
        rest = list(hand)
        rest.remove(card)
        self.set_ship(seat, hand=tuple(rest))
        return card

    def discard_from_hand(self, seat: int, effect: str) -> None:
        """The lowest copy held goes face up to the discards (the log names only its effect)."""
        card = self.take_from_hand(seat, effect)
        self.tavern_discard = (*self.tavern_discard, card)

    def discard(self, cards: tuple[int, ...]) -> None:
        self.tavern_discard = self.tavern_discard + cards

    def return_to_deck(self, card: int) -> None:
        """A parrot goes back face down into the Tavern deck, shuffled in (P-R17)."""
        self.tavern_deck, self.rng = self.rng.shuffled((*self.tavern_deck, card))

    def draw(self, seat: int, n: int) -> None:
        for _ in range(n):
            if not self.tavern_deck:
                if not self.tavern_discard:
                    self.emit(E.TAVERN_EMPTY.record(seat=seat))
                    return
                cards = tuple(sorted(D.TAVERN[c].effect for c in self.tavern_discard))
                self.tavern_deck, self.rng = self.rng.shuffled(self.tavern_discard)
                self.tavern_discard = ()
                self.emit(E.TAVERN_RESHUFFLED.record(cards=cards))  # the public discards, by effect
            card = self.tavern_deck[0]
            self.tavern_deck = self.tavern_deck[1:]
            self.take_card(seat, card)

    def take_card(self, seat: int, card: int) -> None:
        """A drawn card goes to the hand, secret (a parrot is on the table: parrots.py)."""
        ship = self.ships[seat]
        self.set_ship(seat, hand=tuple(sorted((*ship.hand, card))))
        self.emit(E.DREW.record(seat=seat))
        self.emit(E.DREW_CARD.record(seat=seat, card=D.TAVERN[card].effect))

    def place_legend(self, island: int) -> None:
        if not self.legend_deck:
            self.legend_deck, self.rng = self.rng.shuffled(self.legend_discard)
            self.legend_discard = ()
        card = self.legend_deck[0]
        self.legend_deck = self.legend_deck[1:]
        self.legends.append(Legend(card, island, D.LEGEND_BY_ID[card].hull))
        self.emit(E.LEGEND_PLACED.record(legend=card, island=island))

    def legend_at(self, island: int) -> int:
        for i, lg in enumerate(self.legends):
            if lg.island == island and not lg.sunk:
                return i
        return NOBODY

    def base_speed(self, seat: int) -> int:
        return base_speed(self.ships[seat])

    def fight(self) -> Combat:
        assert self.combat is not None
        return self.combat

    def finish_game(self) -> None:
        self.phase = OVER
        self.seat = NOBODY
        self.emit(E.GAME_OVER.record(winner=self.winner,
                                     fame=tuple(s.fame for s in self.ships)))
