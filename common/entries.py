"""The log as a seat may read it: each event as JSON with its line of text, for both games.

A game gives its ``describe(event, players)`` once, ``ENTRIES = Entries(describe)``, and its
``events(state, seat)`` is ``ENTRIES.events``: a seat's log is read from the state's chained log,
converting only the records added since a log read lately, and each entry is worded once for
every seat that may read it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

from common.engine import check_view_seat
from common.events import Event, event_of, visible_to
from common.i18n import language
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
        self._kept = kept
        self._reader = Reader(kept=kept)
        self._worded = lru_cache(maxsize=1 << 16)(self._word)

    def word_with(self, describe: Describe) -> None:
        """Word the entries with ``describe`` from now on: the game's interface, which words the
        log in the language in use, in place of the core's English (the same sentences)."""
        self._describe = describe
        self._worded.cache_clear()
        self._reader = Reader(kept=self._kept)  # forget the entries worded before

    def _word(self, event: Event, players: tuple[str, ...], lang: str) -> dict[str, Any]:
        out = event.as_dict()
        out["text"] = self._describe(event, players)
        return out

    def entry(self, event: Event, players: tuple[str, ...]) -> dict[str, Any]:
        """One event as an entry; a fresh copy, so callers may change it freely."""
        return dict(self._worded(event, tuple(players), language()))

    def events(self, state: Logged, seat: int | None) -> list[dict[str, Any]]:
        """The game log as ``seat`` (``None``: a spectator) may read it, as fresh entries."""
        check_view_seat(seat, state.seat_count)
        players, lang = state.players, language()  # entries are worded in the language in use

        def readable(record: Record) -> dict[str, Any] | None:
            event = event_of(record)
            return self._worded(event, players, lang) if visible_to(event, seat) else None

        read = self._reader.read(state.history, (seat, players, lang), readable)
        return [dict(d) for d in read]
