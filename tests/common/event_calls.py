"""The source check both cores' event-kind tests share. Every event is built by its declared kind,
``E.KIND.record(key=value, ...)``: the record's signature refuses a missing or unknown key when
the call runs, and this check reads every call on the source, run or not, so that a call a game
seldom reaches is checked too, and its keys read in the declared order."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

from common.events import EventKind

ROOT = Path(__file__).resolve().parents[2]


def declared(kinds: ModuleType) -> dict[str, EventKind]:
    """The kinds a game's ``event_kinds`` module declares, by their names there."""
    return {name: kind for name, kind in vars(kinds).items() if isinstance(kind, EventKind)}


Call = tuple[str, int, ast.Call]


def logging_calls(package: str) -> list[Call]:
    """Every ``E.KIND.record(...)`` call in the package's modules."""
    return [(file, call.lineno, call) for file, call in _calls(package) if _kind(call.func)]


def emits(package: str) -> list[Call]:
    """Every ``emit(...)`` call in the package's modules."""
    return [(file, call.lineno, call) for file, call in _calls(package)
            if isinstance(call.func, ast.Attribute) and call.func.attr == "emit"]


def _calls(package: str) -> list[tuple[str, ast.Call]]:
    return [(path.name, node) for path in sorted((ROOT / package).glob("*.py"))
            for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Call)]


def _kind(func: ast.expr) -> str | None:
    """``KIND`` when ``func`` is ``E.KIND.record``."""
    if isinstance(func, ast.Attribute) and func.attr == "record":
        kind = func.value
        if (isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name)
                and kind.value.id == "E"):
            return kind.attr
    return None


def check_logging(package: str, kinds: dict[str, EventKind]) -> list[Call]:
    """Check every record built and every ``emit`` in the package; the record calls checked."""
    calls = logging_calls(package)
    check_calls(calls, kinds)
    check_emits(emits(package))
    return calls


def check_calls(calls: list[Call], kinds: dict[str, EventKind]) -> None:
    for file, line, call in calls:
        where = f"{file}:{line}"
        kind = _kind(call.func)
        assert kind in kinds, f"{where}: {kind} is not declared"
        assert not call.args, f"{where}: every key by name"
        keys = tuple(k.arg for k in call.keywords)
        assert None not in keys, f"{where}: no **mapping, the keys must be visible"
        assert keys == kinds[kind].keys, f"{where}: {keys} != {kinds[kind].keys}"


def check_emits(calls: list[Call]) -> None:
    """Each ``emit`` logs one record built by its kind, not a tuple made by hand."""
    for file, line, call in calls:
        assert len(call.args) == 1 and not call.keywords, f"{file}:{line}"
        built = call.args[0]
        assert isinstance(built, ast.Call) and _kind(built.func), f"{file}:{line}"


def kinds_used(calls: list[Call]) -> set[str]:
    return {kind for _, _, call in calls if (kind := _kind(call.func))}
