"""Dotted paths into a seat's view (``lookup``), and the ``{placeholders}`` of a step's text
that name such paths and are filled from the game's view (``fill``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from common.engine import get_game
from common.entries import worded
from common.lessons.model import Lesson

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def fill(lesson: Lesson, state: Any, text: str) -> str:
    """``text`` with every ``{path}`` or ``{path@Name}`` replaced by the value at ``path`` in
    the learner's view (or in Name's own view), read through the game's public ``view``."""
    game = get_game(lesson.game)
    views: dict[int, dict[str, Any]] = {}

    def value(match: re.Match[str]) -> str:
        path, _, name = match.group(1).partition("@")
        seat = lesson.players.index(name.strip()) if name else lesson.seat
        if seat not in views:
            views[seat] = worded(game.NAME, game.view(state, seat))  # "log.kind=x.-1.text"
        found = lookup(views[seat], path.strip(), lesson.players)
        if found is None or isinstance(found, dict | list):
            raise KeyError(f"{{{match.group(1)}}} names no single value")
        return _shown(found)

    return _PLACEHOLDER.sub(value, text)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def lookup(data: Any, path: str, players: Sequence[str] = ()) -> Any:
    """Follow a dotted ``path`` through JSON data. In a list a part is an index (negative from the
    end), ``key=value`` (the items with that value, a list again), or an item's ``id``, ``name``
    or player name (the seat of a player named so); ``len`` is a list's length, ``sum`` its sum.
    ``None`` when the path leads nowhere."""
    for part in path.split("."):
        data = _part(data, part, players)
        if data is None:
            return None
    return data


def _part(data: Any, part: str, players: Sequence[str]) -> Any:
    if isinstance(data, dict):
        return data.get(part)
    if not isinstance(data, list):
        return None
    if part == "len":
        return len(data)
    if part == "sum":
        return sum(v for v in data if isinstance(v, int))
    if re.fullmatch(r"-?\d+", part):
        index = int(part)
        return data[index] if -len(data) <= index < len(data) else None
    if "=" in part:
        key, _, want = part.partition("=")
        return [item for item in data if isinstance(item, dict) and str(item.get(key)) == want]
    if part in players:
        seat = list(players).index(part)
        if all(not isinstance(item, dict) for item in data):  # a list per seat
            return data[seat] if seat < len(data) else None
        return next((item for item in data if isinstance(item, dict)
                     and item.get("seat") == seat), None)
    return next((item for item in data if isinstance(item, dict)
                 and part in (item.get("id"), item.get("name"))), None)


def placeholders(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)
