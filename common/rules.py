"""The rule contract both cores are written on: one ``Rule`` per action type (when it may be
taken, the card it plays, why it is refused, what it does), and ``Emitter``, the draft's way to
log an event, built by its declared kind with its keys named (common/events.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from common.errors import IllegalAction
from common.log import Record

Refusal = IllegalAction | None  # what a rule's check gives: None when the rule allows it


class Rule(NamedTuple):
    """One action's rule, declared by the module of its chapter and read by the core's listing
    checks and its ``apply`` (the handler)."""

    phases: tuple[str, ...]  # when it may be taken
    card: str | None  # the card it plays from the hand, when the action's type names it
    check: Callable[[Any, Any], Refusal]  # why it is refused (None: this rule allows it)
    handler: Callable[..., Any]  # what it does: on the draft, as a rule, or (a fast path) more


class Emitter:
    """A mixin for a draft (common/draft.py) that logs into its ``records``."""

    __slots__ = ()
    records: list[Record]

    def emit(self, record: Record) -> None:
        """Log one event, built by its kind: ``emit(E.KIND.record(key=value, ...))``."""
        self.records.append(record)
