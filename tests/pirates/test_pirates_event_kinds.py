"""Every event the Pirates rules log is one of the declared kinds, with its keys in order
(pirates/event_kinds.py). ``Draft.emit`` does not check at run time: it runs a few times per
step, so the check is made here, on the source, for every call."""

from __future__ import annotations

import ast
from pathlib import Path

from common.events import EventKind
from pirates import event_kinds as E
from pirates.view import _DESCRIBERS

PIRATES = Path(__file__).resolve().parents[2] / "pirates"
DECLARED = {name: kind for name, kind in vars(E).items() if isinstance(kind, EventKind)}


def emit_calls() -> list[tuple[str, int, ast.Call]]:
    calls = []
    for path in sorted(PIRATES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit"):
                calls.append((path.name, node.lineno, node))
    return calls


def test_every_emit_names_a_declared_kind_and_gives_its_keys_in_order() -> None:
    calls = emit_calls()
    assert len(calls) > 60
    for file, line, call in calls:
        where = f"{file}:{line}"
        assert len(call.args) == 1, where
        kind = call.args[0]
        assert isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name), where
        assert kind.value.id == "E" and kind.attr in DECLARED, where
        keys = tuple(k.arg for k in call.keywords)
        assert None not in keys, f"{where}: no **mapping, the keys must be visible"
        assert keys == DECLARED[kind.attr].keys, f"{where}: {keys} != {DECLARED[kind.attr].keys}"


def test_every_declared_kind_is_logged_somewhere() -> None:
    used = {call.args[0].attr for _, _, call in emit_calls()
            if isinstance(call.args[0], ast.Attribute)}
    assert set(DECLARED) == used


def test_private_kinds_are_read_by_the_seat_they_name() -> None:
    private = {name for name, kind in DECLARED.items() if kind.private >= 0}
    assert private == {"OUTFIT_SECRET", "NAVIGATION_SECRET", "DREW_CARD"}
    assert all(DECLARED[name].keys[DECLARED[name].private] == "seat" for name in private)


def test_every_kind_has_its_words_in_the_log() -> None:
    assert {kind.name for kind in DECLARED.values()} <= set(_DESCRIBERS)
