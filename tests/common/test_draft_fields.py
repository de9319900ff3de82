"""A state's fields are declared once, in the state: a draft gets them at run time from the
state's field list (common/draft.py) and, for mypy, from the plugin common/mypy_draft.py,
so a field added to a state needs no edit in the draft."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

from common.draft import Draft
from orcz.state import State as OrczState
from pirates.state import State as PiratesState

ROOT = Path(__file__).resolve().parents[2]


def declared(path: Path, class_name: str) -> set[str]:
    """The names a class's own body annotates."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == class_name).body
    return {node.target.id for node in ast.walk(ast.Module(body=body, type_ignores=[]))
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


@pytest.mark.parametrize(("game", "state"), [("orcz", OrczState), ("pirates", PiratesState)])
def test_no_draft_declares_a_field_of_its_state_again(game: str, state: type) -> None:
    again = declared(ROOT / game / "draft.py", "DraftCore") & set(state._fields)
    assert again == set(), f"{game}/draft.py declares fields of the state: {sorted(again)}"


class Before(NamedTuple):
    round: int
    seats: tuple[int, ...]
    history: tuple[object, ...]


class After(NamedTuple):  # Before with one more field, and nothing else changed
    round: int
    seats: tuple[int, ...]
    name: str
    history: tuple[object, ...]


def test_a_field_added_to_the_state_is_copied_by_the_same_draft() -> None:
    def draft_of(state: type[NamedTuple]) -> type[Draft]:
        # the same body for both states: only the state named differs
        return type("Copy", (Draft,), {"__slots__": state._fields, "STATE": state,
                                       "LISTS": ("seats",)})

    before = draft_of(Before)(Before(1, (2, 3), ()))
    after = draft_of(After)(After(1, (2, 3), "new", ()))
    assert (before.round, before.seats) == (1, [2, 3])
    assert (after.round, after.seats, after.name) == (1, [2, 3], "new")
    after.name = "changed"
    assert after.freeze() == After(1, (2, 3), "changed", ())


PROBE = '''
from typing import NamedTuple
from common.draft import Draft

class State(NamedTuple):
    round: int
    seats: tuple[int, ...]
    name: str  # the field just added: the draft below names no field
    history: tuple[object, ...]

class Copy(Draft):
    __slots__ = State._fields
    STATE = State
    LISTS = ("seats",)

def rules(d: Copy) -> None:
    reveal_type(d.name)
    reveal_type(d.seats)
    d.round = "three"
'''


def test_mypy_types_a_draft_from_its_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """The plugin gives the draft each field of the state, with its type (a list for a field
    in LISTS), and mypy refuses a value of the wrong type."""
    api = pytest.importorskip("mypy.api")
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    monkeypatch.chdir(ROOT)
    out, _, _ = api.run([str(probe), "--config-file", str(ROOT / "pyproject.toml"),
                         "--cache-dir", str(tmp_path / "cache")])
    # older mypy names builtins in full: builtins.str
    lines = [line.split(": ", 1)[1].replace("builtins.", "") for line in out.splitlines()
             if line.startswith(str(probe))]
    assert lines == [
        'note: Revealed type is "str"',
        'note: Revealed type is "list[int]"',
        'error: Incompatible types in assignment (expression has type "str", variable has type '
        '"int")  [assignment]',
    ], out
