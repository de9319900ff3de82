"""Undo, as a game answers the engine contract's ``may_undo(before, action, after)``.

A seat may take back its own last move (with the computer moves after it) only while nothing new
was shown to anyone: no chance was drawn and no log line that reveals something was added, in the
public log or the seat's own. A game whose log marks such lines by kind answers with
``revealed_nothing``; the shell asks the game and reads none of this itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def revealed_nothing(view: Callable[[Any, int | None], Mapping[str, Any]], before: Any,
                     after: Any, seat: int, revealing: frozenset[str]) -> bool:
    """Whether the log from ``before`` to ``after`` shows nothing new of kind ``revealing``,
    to the table or to ``seat``."""
    for who in (None, seat):
        old = len(view(before, who)["log"])
        added = view(after, who)["log"][old:]
        if any(entry.get("kind") in revealing for entry in added):
            return False
    return True
