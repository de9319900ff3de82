"""The persistent game log both cores keep in their states.

A log is linked chunks: ``()`` when empty, else ``(earlier log, records of one apply)``. Appending
shares the earlier log instead of copying it, so an apply costs the same at move 1 and move 900.
The chain is one link per apply (a few hundred in a game), shallow enough for the recursive hash,
``==``, ``repr`` and pickle of a state.

A record is one tuple per event, ``(kind, value, value, ...)``, its kind an ``EventKind`` that
declares the keys: cheaper to build than an Event, and turned into one only when someone reads
the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any, TypeVar

from common.events import Event, EventKind, event_of

Log = tuple[Any, ...]
Record = tuple[Any, ...]
T = TypeVar("T")

EMPTY: Log = ()


def append(log: Log, records: tuple[Record, ...]) -> Log:
    """``log`` with the ``records`` of one apply added (the same log when there are none)."""
    return (log, records) if records else log


def chunks(log: Log) -> list[tuple[Record, ...]]:
    """The chunks of ``log``, oldest first."""
    out = []
    node = log
    while node:
        node, records = node
        out.append(records)
    out.reverse()
    return out


def records(log: Log) -> Iterator[Record]:
    """Every record of ``log``, oldest first."""
    return chain.from_iterable(chunks(log))


def seen_by(log: Log, seat: int) -> Log:
    """``log`` as ``seat`` may read it, in one chunk: the others' private records dropped."""
    kept = tuple(r for r in records(log) if _readable(r, seat))
    return append(EMPTY, kept)


def _readable(record: Record, seat: int) -> bool:
    kind: EventKind = record[0]
    return kind.private < 0 or record[kind.private + 1] == seat


class Reader:
    """Reads logs into tuples, remembering the last few logs read: an interface reads the log of
    each new state, and then only the records added since a log it read before are converted.

    Each entry keeps the log itself, so that its identity cannot be reused while it is here.
    """

    def __init__(self, kept: int = 16) -> None:
        self._kept = kept
        self._read: dict[tuple[int, Any], tuple[Log, tuple[Any, ...]]] = {}

    def read(self, log: Log, key: Any, convert: Callable[[Record], T | None]) -> tuple[T, ...]:
        """The records of ``log`` converted, the ``None`` results left out; ``key`` names the
        conversion (the same key must always mean the same ``convert``)."""
        pending = []
        node = log
        known: tuple[T, ...] = ()
        while node:
            hit = self._read.get((id(node), key))
            if hit is not None and hit[0] is node:
                known = hit[1]
                break
            node, chunk = node
            pending.append(chunk)
        if not pending:
            return known
        converted = map(convert, chain.from_iterable(reversed(pending)))
        out = known + tuple(item for item in converted if item is not None)
        if len(self._read) >= self._kept:
            self._read.clear()
        self._read[(id(log), key)] = (log, out)
        return out


_EVENTS = Reader()


def events(log: Log) -> tuple[Event, ...]:
    """Every event of ``log``, oldest first."""
    return _EVENTS.read(log, None, event_of)
