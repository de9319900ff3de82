"""Actions from JSON: one type-checking helper for every game's ``action_from_json``.

Saves and the conformance suite hand ``action_from_json`` whatever a file holds. Each field is
checked for its exact type here, so a list where a name belongs, a bool where a seat belongs or
a megabyte of text is refused with ``IllegalAction`` before any rule code sees it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from common.errors import IllegalAction

MAX_TEXT = 64  # no card, battlefield or section name comes near
MAX_NUMBERS = 16  # a list of whole numbers holds one per seat
_WORDS = {int: "a whole number", bool: "true or false", str: "text",
          tuple: "a list of whole numbers"}


def shorten(text: str, limit: int = 40) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# Characters a name may not hold: controls (an escape sequence sets the terminal's title or wipes
# the screen), format characters (bidirectional overrides that reorder what is shown), line and
# paragraph separators, lone surrogates. Emoji sequences use two kinds of format character,
# the zero-width joiner and the tags of subdivision flags: those are let through.
_UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_JOINER, _TAGS = "\u200d", range(0xE0020, 0xE0080)


def unsafe_character(text: str) -> str | None:
    """The first character of ``text`` that no name or shown text may hold, or None."""
    for char in text:
        if (unicodedata.category(char) in _UNSAFE and char != _JOINER
                and ord(char) not in _TAGS):
            return char
    return None


def clip(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut short, so that a message never echoes a long input back whole."""
    if isinstance(value, list | tuple | dict | set):
        return f"a {type(value).__name__} of {len(value)}"
    if type(value) is int and not -(10**limit) < value < 10**limit:
        return "a very long number"  # repr of a huge int is slow, past 4300 digits an error
    try:
        text = repr(value)
    except ValueError:  # e.g. a record holding an int past the digit limit of str()
        return "a value too long to show"
    return shorten(text, limit)


def of_type(value: Any, want: type) -> bool:
    """Whether ``value`` is exactly of the field type ``want``: ``int`` is never a bool (though
    ``True == 1``), ``tuple`` is a short tuple of such ints."""
    if want is tuple:
        return (type(value) is tuple and len(value) <= MAX_NUMBERS
                and all(type(v) is int for v in value))
    if want is str:
        return type(value) is str and len(value) <= MAX_TEXT
    return type(value) is want


def action_class(data: Any, types: Mapping[str, type]) -> type:
    """The action record named by ``data["type"]``."""
    if not isinstance(data, dict):
        raise IllegalAction("an action must be a JSON object")
    kind = data.get("type")
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"unknown action type {clip(kind)}")
    return cls


def field(data: Mapping[str, Any], key: str, want: type) -> Any:
    """``data[key]`` if it is exactly of type ``want``: ``int`` (never a bool), ``bool``,
    ``str`` (short) or ``tuple`` (a short list of whole numbers, returned as a tuple)."""
    if key not in data:
        raise IllegalAction(f"the action lacks {key!r}")
    value = data[key]
    if want is tuple and type(value) is list:
        value = tuple(value)
    if not of_type(value, want):
        raise _wrong(key, value, want)
    return value


def _type_check(
    typed: tuple[tuple[str, type], ...], refuse: Callable[[Any], None]
) -> Callable[[Any], None]:
    """``of_type`` for every field of one record, written out as one test: ``check`` runs at every
    step of a game, and a loop calling ``of_type`` per field cost four times as much. ``refuse``
    finds the field that fails, and raises."""
    tests = []
    for i, (key, want) in enumerate(typed):
        value = f"action.{key}"
        if want is str:
            tests.append(f"type({value}) is str and len({value}) <= {MAX_TEXT}")
        elif want in (int, bool):
            tests.append(f"type({value}) is {want.__name__}")
        else:
            tests.append(f"of_type({value}, typed[{i}][1])")
    source = (f"def check(action):\n"
              f"    if not ({' and '.join(tests) or 'True'}):\n"
              f"        refuse(action)")
    namespace: dict[str, Any] = {"of_type": of_type, "typed": typed, "refuse": refuse}
    exec(source, namespace)  # our own text, from the codec's field names and types
    check: Callable[[Any], None] = namespace["check"]
    return check


def _wrong(key: str, value: Any, want: type) -> IllegalAction:
    if key == "seat":
        return IllegalAction(f"there is no seat {clip(value)}: a seat is a whole number")
    if want is str and type(value) is str:
        return IllegalAction(f"{key!r} is too long")
    return IllegalAction(f"{key!r} must be {_WORDS[want]}")


class ActionCodec:
    """One game's actions to and from JSON: ``{"type": name, field: value, ...}``.

    ``types`` maps each name to its action record (a slotted dataclass), ``fields`` each field to
    its JSON type for ``field``. ``special`` gives a field its own pair of converters (to JSON,
    from JSON) and ``defaults`` a value for a field an older save may lack, by (record, field).
    Tuples are written as JSON lists.
    """

    def __init__(
        self,
        game: str,
        types: Mapping[str, type],
        fields: Mapping[str, type],
        special: Mapping[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] | None = None,
        defaults: Mapping[tuple[type, str], Any] | None = None,
    ) -> None:
        self.game = game
        self.types = dict(types)
        self.names = {cls: name for name, cls in types.items()}
        self.fields = dict(fields)
        self.special = dict(special or {})
        self.defaults = dict(defaults or {})
        self.slots = {cls: tuple(getattr(cls, "__slots__")) for cls in types.values()}  # noqa: B009
        # What ``check`` looks at: each record's fields with their type (special ones aside).
        self._typed = {cls: tuple((k, self.fields[k]) for k in keys if k in self.fields)
                       for cls, keys in self.slots.items()}
        self._checks = {cls: _type_check(typed, self._refuse) for cls, typed in self._typed.items()}

    def to_json(self, action: Any) -> dict[str, Any]:
        name = self.names.get(type(action))
        if name is None:
            raise IllegalAction(f"not {self.game} action: {clip(action)}")
        out: dict[str, Any] = {"type": name}
        for key in self.slots[type(action)]:
            value = getattr(action, key)
            if key in self.special:
                value = self.special[key][0](value)
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    def check(self, action: Any) -> None:
        """``IllegalAction`` unless every field of ``action`` (one of this game's records) is of
        its exact type. The cores call it first thing in ``apply``: an action built in code may
        hold ``True`` for a seat, which compares equal to seat 1 but no save replays."""
        check = self._checks.get(type(action))
        if check is None:
            raise IllegalAction(f"not {self.game} action: {clip(action)}")
        check(action)

    def _refuse(self, action: Any) -> None:
        """The refusal of the first field of ``action`` not of its type."""
        for key, want in self._typed[type(action)]:
            value = getattr(action, key)
            if not of_type(value, want):
                raise _wrong(key, value, want)

    def from_json(self, data: Any) -> Any:
        cls = action_class(data, self.types)
        return cls(*(self._value(data, cls, key) for key in self.slots[cls]))

    def _value(self, data: Mapping[str, Any], cls: type, key: str) -> Any:
        if key not in data and (cls, key) in self.defaults:
            return self.defaults[(cls, key)]
        if key in self.special:
            if key not in data:
                raise IllegalAction(f"the action lacks {key!r}")
            return self.special[key][1](data[key])
        return field(data, key, self.fields[key])
