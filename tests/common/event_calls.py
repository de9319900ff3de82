"""The source check both cores' event-kind tests share: every logging call in a package names a
declared kind (``E.KIND``) and gives its keys, as keywords, in the declared order. ``emit`` and
``record`` (common/rules.py) do not check at run time, so the check is made on the source."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

from common.events import EventKind

ROOT = Path(__file__).resolve().parents[2]


def declared(kinds: ModuleType) -> dict[str, EventKind]:
    """The kinds a game's ``event_kinds`` module declares, by their names there."""
    return {name: kind for name, kind in vars(kinds).items() if isinstance(kind, EventKind)}


def logging_calls(package: str, names: tuple[str, ...] = ("emit",)) -> list[
        tuple[str, int, ast.Call]]:
    """Every call of a method or function named in ``names`` in the package's modules."""
    calls = []
    for path in sorted((ROOT / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and _name(node.func) in names:
                calls.append((path.name, node.lineno, node))
    return calls


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def check_calls(calls: list[tuple[str, int, ast.Call]], kinds: dict[str, EventKind]) -> None:
    for file, line, call in calls:
        where = f"{file}:{line}"
        assert len(call.args) == 1, where
        kind = call.args[0]
        assert isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name), where
        assert kind.value.id == "E" and kind.attr in kinds, where
        keys = tuple(k.arg for k in call.keywords)
        assert None not in keys, f"{where}: no **mapping, the keys must be visible"
        assert keys == kinds[kind.attr].keys, f"{where}: {keys} != {kinds[kind.attr].keys}"


def kinds_used(calls: list[tuple[str, int, ast.Call]]) -> set[str]:
    return {call.args[0].attr for _, _, call in calls if isinstance(call.args[0], ast.Attribute)}
