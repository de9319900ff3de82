"""The mutable working copy of an Orcz state that ``apply`` runs the rules on, then freezes.

``DraftBase`` holds the copy and what every chapter uses (paying goblins, the event in play); each
chapter of the rules adds its steps as a mixin (deployment.py, fights.py, battle.py, rounds.py),
combined into ``rules._Draft``. The steps one chapter calls in another are declared here, so that
each chapter reads on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from orcz.data import MAX_PLAYERS
from orcz.log_kinds import _PAYMENT
from orcz.state import BANK, DEPLOY, Field, Pending, State, logged, make
from orcz.tables import _EVENT_KIND, _FIELD_ID


class DraftBase:
    """A mutable working copy of a state for the length of one ``apply``."""

    __slots__ = ("bank", "challenged", "count", "event", "event_pile", "fields", "first",
                 "goblins", "hands", "order", "pending", "records", "rng", "round", "scouted",
                 "spent", "state", "turn")

    # The steps of one chapter that another calls (each defined by its chapter's mixin).
    next_deployment: Callable[[], None]  # deployment.py
    begin_resolution: Callable[[], None]  # fights.py
    resolve: Callable[[], None]  # fights.py
    battle: Callable[[int], bool]  # battle.py
    finish_field: Callable[[int], None]  # battle.py
    end_round: Callable[[], None]  # rounds.py

    def __init__(self, state: State) -> None:
        self.state = state
        # One unpacking instead of a named-tuple attribute lookup per field.
        (_, _, self.rng, self.round, _, self.first, self.event, self.event_pile, fields, hands,
         spent, goblins, self.bank, self.turn, self.order, self.pending, self.scouted,
         self.challenged, _, _) = state
        self.fields = list(fields)
        self.hands = list(hands)
        self.spent = list(spent)
        self.goblins = list(goblins)
        self.count = len(hands)
        # Events as compact records (common.events.EventKind), appended inline where they happen:
        # cheaper than building an Event per call, and read only when someone reads the log.
        self.records: list[tuple[Any, ...]] = []

    def freeze(self) -> State:
        s = self.state
        state: State = make(State, (
            s.players, s.challenge_rule, self.rng, self.round, s.rounds, self.first, self.event,
            self.event_pile, tuple(self.fields), tuple(self.hands), tuple(self.spent),
            tuple(self.goblins), self.bank, self.turn, self.order, self.pending,
            self.scouted, self.challenged, s.orders,
            logged(s.history, tuple(self.records)),
        ))
        return state

    def event_kind(self) -> str:
        return _EVENT_KIND[self.event]

    def pay(self, payer: int, payee: int, amount: int, reason: str, field: int) -> int:
        """Move goblins; a payer who cannot pay in full pays what they have (O-R3, ruin)."""
        paid = amount if payer == BANK else min(amount, self.goblins[payer])
        if payer == BANK:
            self.bank -= paid
        else:
            self.goblins[payer] -= paid
        if payee == BANK:
            self.bank += paid
        else:
            self.goblins[payee] += paid
        where = _FIELD_ID[field]  # -1: None, a payment on no battlefield
        self.records.append((_PAYMENT, payer, payee, paid, amount, reason, where, paid < amount))
        return paid


def with_field(field: Field, **changes: Any) -> Field:
    return Field(
        changes.get("enemy", field.enemy),
        changes.get("stack", field.stack),
        changes.get("defeated", field.defeated),
        changes.get("column", field.column),
        changes.get("aside", field.aside),
    )


@cache
def simple_pending(kind: str, seat: int, field: int) -> Pending:
    """Shared records for the decisions asked again and again (they are immutable)."""
    return Pending(kind, seat, field)


DEPLOY_PENDING = tuple(Pending(DEPLOY, seat) for seat in range(MAX_PLAYERS))  # shared
