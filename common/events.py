"""Game log records with a visibility, shared by both games.

An event is public (``visible is None``) or visible to a set of seats only. The same filter serves
the log panel, the views and anything shown to a player from a save.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from keyword import iskeyword
from typing import Any, NamedTuple, TypeVar

JsonScalar = str | int | bool | None
T = TypeVar("T")


class Event(NamedTuple):
    """One thing that happened. ``data`` holds JSON scalars or tuples of them, as (key, value).

    A named tuple rather than a frozen dataclass: just as immutable, and several times faster to
    build, which matters because every step of a game logs a few of them.
    """

    kind: str
    data: tuple[tuple[str, Any], ...] = ()
    visible: frozenset[int] | None = None

    @classmethod
    def make(cls, kind: str, visible: Iterable[int] | None = None, **data: Any) -> Event:
        return cls(kind, tuple(data.items()), None if visible is None else frozenset(visible))

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.data:
            if name == key:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name, value in self.data:
            out[name] = list(value) if isinstance(value, tuple) else value
        out["private"] = self.visible is not None
        return out


class EventKind:
    """The shape of one kind of event, for logs kept as compact records.

    A record is ``(kind, value, value, ...)`` with the values in the order of ``keys``: one tuple
    per event instead of an Event and a pair per key, which matters in a game engine that logs a
    few events per step and seldom reads them. ``kind.record(key=value, ...)`` builds one, each
    key given by name; ``event`` turns a record into its Event. ``private`` is the index of the
    key whose seat alone may read the event, or -1 when public.

    ``record`` is generated from the keys, like a named tuple's constructor: a function taking
    ``**keys`` builds a dictionary at each call, and rules log a few events at every step. A
    kind is declared once (``of``); it compares by identity, and a pickle of it is read back as
    the same kind.
    """

    __slots__ = ("keys", "name", "private", "record")
    name: str
    keys: tuple[str, ...]
    private: int
    record: Callable[..., tuple[Any, ...]]  # (*, key=value, ...) -> (kind, value, ...)

    @classmethod
    def of(cls, name: str, *keys: str, private_to: str | None = None) -> EventKind:
        private = -1 if private_to is None else keys.index(private_to)
        declared = _DECLARED.get((name, keys, private))
        if declared is None:
            declared = _DECLARED[name, keys, private] = cls._declare(name, keys, private)
        return declared

    @classmethod
    def _declare(cls, name: str, keys: tuple[str, ...], private: int) -> EventKind:
        if len(set(keys)) < len(keys) or not all(k.isidentifier() and not iskeyword(k)
                                                 and k != "KIND" for k in keys):
            raise ValueError(f"the keys of {name!r} must be distinct names: {keys}")
        kind = object.__new__(cls)
        kind.name, kind.keys, kind.private = name, keys, private
        values = "".join(f", {k}" for k in keys)
        namespace: dict[str, Any] = {"KIND": kind}
        source = f"def record({'*' if keys else ''}{values}):\n    return (KIND{values},)"
        exec(source, namespace)  # our own text, from the declared keys
        kind.record = namespace["record"]
        kind.record.__qualname__ = f"{name}.record"  # in a wrong call's message
        return kind

    def event(self, record: tuple[Any, ...]) -> Event:
        values = record[1:]
        visible = None if self.private < 0 else frozenset((values[self.private],))
        return Event(self.name, tuple(zip(self.keys, values, strict=True)), visible)

    def __repr__(self) -> str:
        return f"EventKind({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_declared, (self.name, self.keys, self.private))


_DECLARED: dict[tuple[str, tuple[str, ...], int], EventKind] = {}


def _declared(name: str, keys: tuple[str, ...], private: int) -> EventKind:
    """The kind declared so, for a pickle read back (declared again if need be)."""
    return EventKind.of(name, *keys, private_to=None if private < 0 else keys[private])


def kind_names(*kinds: EventKind) -> frozenset[str]:
    """The names of ``kinds``: what an interface matches a log entry's ``kind`` against."""
    return frozenset(kind.name for kind in kinds)


def by_name(table: Mapping[EventKind, T]) -> dict[str, T]:
    """A table keyed by kinds (the log's words, say) keyed by their names, as entries carry."""
    return {kind.name: value for kind, value in table.items()}


def event_of(record: tuple[Any, ...]) -> Event:
    """The Event a compact record stands for (see ``EventKind``)."""
    kind: EventKind = record[0]
    return kind.event(record)


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may read ``event``."""
    return event.visible is None or (seat is not None and seat in event.visible)


def filter_log(log: Iterable[Event], seat: int | None) -> list[Event]:
    return [e for e in log if visible_to(e, seat)]
