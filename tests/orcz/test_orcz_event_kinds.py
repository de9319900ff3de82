"""Every event the Orcz rules log is one of the declared kinds, with its keys in order
(orcz/event_kinds.py): ``emit`` and ``record`` (common/rules.py) do not check at run time, so
the check is made here, on the source, for every call."""

from __future__ import annotations

import ast
from pathlib import Path

from common.events import EventKind
from orcz import event_kinds as E

ORCZ = Path(__file__).resolve().parents[2] / "orcz"
DECLARED = {name: kind for name, kind in vars(E).items() if isinstance(kind, EventKind)}


def logging_calls() -> list[tuple[str, int, ast.Call]]:
    calls = []
    for path in sorted(ORCZ.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr == "emit")
                    or (isinstance(node.func, ast.Name) and node.func.id == "record")):
                calls.append((path.name, node.lineno, node))
    return calls


def test_every_event_logged_names_a_declared_kind_and_gives_its_keys_in_order() -> None:
    calls = logging_calls()
    assert len(calls) > 25
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
    used = {call.args[0].attr for _, _, call in logging_calls()
            if isinstance(call.args[0], ast.Attribute)}
    assert set(DECLARED) == used


def test_no_rule_appends_a_record_by_hand() -> None:
    for path in sorted(ORCZ.glob("*.py")):
        assert "records.append((" not in path.read_text(), path.name
