"""The log as a seat may read it, for both games: each event as JSON data, and the game's wording
that puts an entry in words.

A game's ``events(state, seat)`` is ``ENTRIES.events`` (``ENTRIES = Entries()``): a seat's log is
read from the state's chained log, converting only the records added since a log read lately.
An entry is ``{"kind", its keys, "private"}``: data, with no words, so that the rules cores stay
language-free and their output never depends on what was imported. Whoever shows a log line
words it explicitly, with the wording the game's registration names (``GameEntry.words``, one
template per event kind): ``log_lines(game, entries, players)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from common.engine import GameModule, check_view_seat
from common.events import EventKind, event_of
from common.log import Log, Reader, Record
from common.registry import GAMES


class Entry(Protocol):
    """A log entry as a wording reads it: its ``kind`` and its keys, by ``get`` (a dict)."""

    def get(self, key: str, default: Any = None, /) -> Any: ...


# An entry in words, with the players' names, in the language in use.
Wording = Callable[[Entry, tuple[str, ...]], str]


class Logged(Protocol):
    """What a state shows of its log (both games' states have these)."""

    @property
    def history(self) -> Log: ...

    @property
    def seat_count(self) -> int: ...


class Entries:
    """A game's log entries: ``{"kind", its keys, "private"}`` per event a seat may read."""

    def __init__(self, kept: int = 64) -> None:
        self._reader = Reader(kept=kept)

    def events(self, state: Logged, seat: int | None) -> list[dict[str, Any]]:
        """The game log as ``seat`` (``None``: a spectator) may read it, as fresh entries."""
        check_view_seat(seat, state.seat_count)
        # every record converted once for all seats (a table reads each seat's view in turn)
        return [dict(entry) for entry, owner in self._reader.read(state.history, None, _entry)
                if owner is None or owner == seat]


def _entry(record: Record) -> tuple[dict[str, Any], Any]:
    """A record as an entry, and the seat that alone may read it (None: everyone)."""
    kind: EventKind = record[0]
    return event_of(record).as_dict(), None if kind.private < 0 else record[kind.private + 1]


def own_text(entry: Entry, players: tuple[str, ...]) -> str:
    """The wording of a game that names none: its entries carry their words (``text``)."""
    return str(entry.get("text", entry.get("kind", "")))


def wording(game: str) -> Wording:
    """The wording of ``game``'s log (its ``GameEntry.words``, "module:function"), in the
    language in use; a game that names none words its entries itself (``own_text``)."""
    try:
        entry = GAMES[game]
    except (KeyError, ImportError):  # not registered (a test's own game), or broken
        return own_text
    if not entry.words:
        return own_text
    module, name = entry.words.split(":")
    found: Wording = getattr(importlib.import_module(module), name)
    return found


def players_of(view: Mapping[str, Any]) -> tuple[str, ...]:
    """The players' names a view gives, in seat order (what a log line names them by)."""
    return tuple(str(p["name"]) for p in view["players"])


def log_lines(game: str, entries: Iterable[Entry], players: Sequence[str]) -> list[str]:
    """``entries`` of ``game``'s log, each in words."""
    word, names = wording(game), tuple(players)
    return [word(entry, names) for entry in entries]


def view_lines(game: str, view: Mapping[str, Any], start: int = 0) -> list[str]:
    """The log a view carries, from its ``start``-th entry, in words."""
    return log_lines(game, view["log"][start:], players_of(view))


def lines_since(game: GameModule, state: Any, seat: int | None, seen: int) -> tuple[str, ...]:
    """The lines of the log ``seat`` may read in ``state`` after its ``seen`` first, in words."""
    return tuple(view_lines(game.NAME, game.view(state, seat), seen))


def worded(game: str, view: Mapping[str, Any]) -> dict[str, Any]:
    """``view`` with each log entry's words as its ``text``, for a text that quotes a log line
    by its path (a lesson's ``{log.kind=battle.-1.text}``)."""
    lines = view_lines(game, view)
    return {**view, "log": [{**e, "text": line} for e, line in zip(view["log"], lines,
                                                                    strict=True)]}
