"""The log as a seat may read it: each event as JSON with its line of text, for both games.

A game gives its ``describe(event, players)`` once, ``ENTRIES = Entries(describe)``, and its
``events(state, seat)`` is ``ENTRIES.events``: a seat's log is read from the state's chained log,
converting only the records added since a log read lately, and each entry is worded once for
every seat that may read it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, Protocol

from common.engine import check_view_seat
from common.events import Event, event_of, visible_to
from common.log import Log, Reader, Record

Describe = Callable[[Event, tuple[str, ...]], str]


class Logged(Protocol):
    """What a state shows of its log (both games' states have these)."""

    @property
    def history(self) -> Log: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def seat_count(self) -> int: ...


class Entries:
    """A game's log entries: ``{"kind", its keys, "private", "text"}`` per event."""

    def __init__(self, describe: Describe, kept: int = 64) -> None:
        self._describe = describe
        self._interface: tuple[Describe, Callable[[], Hashable]] | None = None
        self._reader = Reader(kept=kept)
        self._worded = lru_cache(maxsize=1 << 16)(self._word)

    def word_with(self, describe: Describe, context: Callable[[], Hashable]) -> None:
        """Word the entries with an interface's ``describe`` (in the player's language) instead
        of the core's English; ``context()`` names the wording in use (the language), so an
        entry worded in one language is never served in another."""
        self._interface = (describe, context)

    def _context(self) -> Hashable:
        return self._interface[1]() if self._interface else None

    def _word(self, event: Event, players: tuple[str, ...], context: Hashable) -> dict[str, Any]:
        out = event.as_dict()
        describe = self._interface[0] if self._interface else self._describe
        out["text"] = describe(event, players)
        return out

    def entry(self, event: Event, players: tuple[str, ...]) -> dict[str, Any]:
        """One event as an entry; a fresh copy, so callers may change it freely."""
        return dict(self._worded(event, tuple(players), self._context()))

    def events(self, state: Logged, seat: int | None) -> list[dict[str, Any]]:
        """The game log as ``seat`` (``None``: a spectator) may read it, as fresh entries."""
        check_view_seat(seat, state.seat_count)
        players = state.players
        context = self._context()

        def readable(record: Record) -> dict[str, Any] | None:
            event = event_of(record)
            return self._worded(event, players, context) if visible_to(event, seat) else None

        key = (seat, players, context)
        return [dict(d) for d in self._reader.read(state.history, key, readable)]
