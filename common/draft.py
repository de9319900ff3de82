"""The working copy a core's ``apply`` runs its rules on, copied from and frozen back into a state.

A state is a named tuple whose last field is its log (``history``, see ``common/log.py``). The
draft holds each field as an attribute of the same name, found from the state's own field list,
so that adding a field to a state means no edit here nor in the draft: mypy learns the draft's
attributes and their types from the state too (common/mypy_draft.py). The fields named in
``LISTS`` are held as lists while drafting, to change item by item. Rules log into ``records``,
and ``freeze`` appends them to the history.

The copy runs once per apply, for every field. As ``dataclasses`` and ``namedtuple`` do, its code
is generated from the field list: a loop over the fields costs about three times as much.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, NamedTuple, TypeVar

from common.log import Record, append

# ``make(Record, (field, ...))`` builds a named tuple from every field in order, skipping the
# Python-level ``__new__`` that checks its arguments: for records a rule builds at every step.
make: Callable[[type[Any], Iterable[Any]], Any] = tuple.__new__

T = TypeVar("T", bound=tuple[Any, ...])


def replacer(record_class: type[T], *names: str) -> Callable[..., T]:
    """``f(record, name=value, ...)``, the same as ``record._replace(name=value, ...)`` for just
    these ``names``, all of them given. Generated like the draft's copy: ``_replace`` builds a
    dictionary and walks every field at each call, which costs three times as much, for the one
    step a game takes most often."""
    fields: tuple[str, ...] = getattr(record_class, "_fields")  # noqa: B009
    if not names or not set(names) <= set(fields):
        raise TypeError(f"{record_class.__name__} has no field among {names}")
    values = [name if name in names else f"record[{i}]" for i, name in enumerate(fields)]
    source = (f"def replaced(record, *, {', '.join(names)}):\n"
              f"    return new(cls, ({', '.join(values)},))")
    namespace: dict[str, Any] = {"new": tuple.__new__, "cls": record_class}
    exec(source, namespace)  # our own text, from a class's field names
    function: Callable[..., T] = namespace["replaced"]
    return function


def quick_replace(record_class: type[T]) -> type[T]:
    """A class decorator for a named tuple: a ``_replace`` that does what the standard one does
    in half the time, for the records a rule replaces at most steps (a ship, a combat).

    The standard one pops every field's name from the changes, so its cost grows with the
    fields; this one copies the values and sets just the fields changed."""
    fields: tuple[str, ...] = getattr(record_class, "_fields")  # noqa: B009
    index = {name: i for i, name in enumerate(fields)}
    new = tuple.__new__

    def _replace(record: T, /, **changes: Any) -> T:
        values = list(record)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            unknown = sorted(set(changes) - set(fields))
            raise ValueError(f"Got unexpected field names: {unknown}") from None
        replaced: T = new(record_class, values)
        return replaced

    setattr(record_class, "_replace", _replace)  # noqa: B010  (mypy reads NamedTuple's own)
    return record_class


class Draft:
    """A mutable working copy of a state for the length of one ``apply``.

    A subclass names its ``STATE`` and declares ``__slots__ = STATE._fields``: a copy with slots
    is built in half the time of one with an attribute dictionary, past 30 names.
    """

    __slots__ = ("records", "state")
    STATE: ClassVar[type[NamedTuple]]  # the state's class
    LISTS: ClassVar[tuple[str, ...]] = ()  # fields held as lists while drafting
    state: Any  # the state drafted
    records: list[Record]  # the events logged in this apply, as common/log.py records

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "STATE" in cls.__dict__:
            fields = cls.STATE._fields
            slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
            if fields[-1] != "history" or not set(cls.LISTS) <= set(fields) <= slots:
                raise TypeError(f"{cls.__name__}: the last field of the state must be 'history', "
                                "LISTS must name fields and __slots__ hold them")
            cls.__init__, cls.freeze = _copy_functions(cls.STATE, fields, cls.LISTS)  # type: ignore[method-assign]

    def __init__(self, state: Any) -> None:  # generated for each subclass naming its STATE
        raise TypeError(f"{type(self).__name__} names no STATE")

    def freeze(self) -> Any:  # generated for each subclass naming its STATE
        raise TypeError(f"{type(self).__name__} names no STATE")


def _copy_functions(
    state_class: type, fields: tuple[str, ...], lists: tuple[str, ...]
) -> tuple[Any, Any]:
    """``__init__`` and ``freeze`` for the fields, as written out by hand."""
    copy_in = [f"    self.{name} = list(self.{name})" for name in lists]
    copy_out = [f"tuple(self.{name})" if name in lists else f"self.{name}"
                for name in fields[:-1]]
    source = "\n".join([
        "def __init__(self, state):",
        f"    ({', '.join(f'self.{name}' for name in fields)},) = state",
        *copy_in,
        "    self.state = state",
        "    self.records = []",
        "def freeze(self):",
        f"    return new(cls, ({', '.join(copy_out)},",
        "                     append(self.history, tuple(self.records))))",
    ])
    namespace: dict[str, Any] = {"new": tuple.__new__, "cls": state_class, "append": append}
    exec(source, namespace)  # our own text, from a class's field names
    return namespace["__init__"], namespace["freeze"]
