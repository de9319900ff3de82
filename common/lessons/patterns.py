"""How a lesson's data is compared with a game's: a pattern over an action's or an event's
JSON (``fits``), and a wanted value with its named tests (``holds``: ``{ at_least = 3 }``), which
tasks' goals, capstones' notes and observables share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def fits(pattern: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether ``data`` has every key of ``pattern`` with its value, or, where the pattern gives
    a list for a value that is not a list, one of them."""
    for key, want in pattern.items():
        if key not in data:
            return False
        have = data[key]
        if isinstance(want, list) and not isinstance(have, list):
            if have not in want:
                return False
        elif plain(have) != plain(want):
            return False
    return True


def plain(value: Any) -> Any:
    """A tuple as the list TOML and JSON give, so that the two compare equal."""
    return list(value) if isinstance(value, tuple) else value


def holds(have: Any, want: Any) -> bool:
    """Whether a value of a view is what a goal or an observable wants: ``true`` (anything but
    nothing, false, 0 or empty), a table of tests, one of a list, or that value."""
    if want is True:
        return bool(have) and have is not None
    if isinstance(want, dict):
        return _compares(have, want)
    if isinstance(want, list) and not isinstance(have, list):
        return have in want
    return bool(plain(have) == plain(want))


# A value's tests by name, for goals and observables that are not one value: at least so many
# fame, a list that holds a card.
_TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "at_least": lambda have, bound: is_number(have) and have >= bound,
    "at_most": lambda have, bound: is_number(have) and have <= bound,
    "contains": lambda have, item: isinstance(have, list) and plain(item) in map(plain, have),
}


def unknown_tests(want: Any) -> str:
    """What is wrong with a value's table of tests (``{ at_least = 3 }``): "" when every name
    is a test, or is no table."""
    unknown = sorted(set(want) - set(_TESTS)) if isinstance(want, Mapping) else []
    if not unknown:
        return ""
    return f"unknown test(s) {', '.join(unknown)}; tests: {', '.join(_TESTS)}"


def is_number(value: Any) -> bool:
    """An int or a float, not a bool (which Python counts as an int)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _compares(have: Any, tests: Mapping[str, Any]) -> bool:
    """``have`` passes every test of ``tests`` (``{ at_least = 3 }``); a goal or observable
    naming an unknown test is refused at load."""
    return all(_TESTS[name](have, bound) for name, bound in tests.items())
