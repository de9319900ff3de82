"""The mutable working copy of an Orcz state that ``apply`` runs the rules on, then freezes.

``DraftCore`` holds the copy (built from the state's own field list by common/draft.py) and what
every chapter uses (paying goblins, the event in play); each chapter of the rules adds its steps as
a mixin (deployment.py, fights.py, battle.py, rounds.py), combined into ``rules.Draft``. The steps
one chapter calls in another are declared here, so that each chapter reads on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from common.draft import Draft
from common.rules import Emitter
from orcz import event_kinds as E
from orcz.data import MAX_PLAYERS
from orcz.state import BANK, DEPLOY, Field, Pending, State
from orcz.tables import EVENT_KIND, FIELD_ID


class DraftCore(Emitter, Draft):
    """A mutable working copy of a state for the length of one ``apply``: every field of the state
    as an attribute of the same name (common/draft.py), the per-seat and per-battlefield tuples as
    lists. The fields are declared in the state alone: mypy reads them from there
    (common/mypy_draft.py)."""

    __slots__ = State._fields
    STATE = State
    LISTS = ("fields", "hands", "spent", "goblins")

    state: State

    # The steps of one chapter that another calls (each defined by its chapter's mixin).
    next_deployment: Callable[[], None]  # deployment.py
    begin_resolution: Callable[[], None]  # fights.py
    resolve: Callable[[], None]  # fights.py
    battle: Callable[[int], bool]  # battle.py
    finish_field: Callable[[int], None]  # battle.py
    end_round: Callable[[], None]  # rounds.py

    @property
    def count(self) -> int:
        return len(self.players)

    def freeze(self) -> State:  # replaced by the one common/draft.py writes; this gives its type
        state: State = super().freeze()
        return state

    def event_kind(self) -> str:
        return EVENT_KIND[self.event]

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
        where = FIELD_ID[field]  # -1: None, a payment on no battlefield
        self.emit(E.PAYMENT.record(payer=payer, payee=payee, amount=paid, owed=amount,
                                   reason=reason, battlefield=where, ruined=paid < amount))
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
