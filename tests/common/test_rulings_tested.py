"""Every ruling id the docs name (O-R…, P-R…) is named by at least one test, so that
`pytest -k p_r20` runs the tests of that ruling (so that the docs stay true)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULING = re.compile(r"\b([OP])-R(\d+)\b")


def ruling_ids() -> set[str]:
    """Every ruling id written in docs/, as pytest's -k spells it: ``o_r16``."""
    found: set[str] = set()
    for doc in (ROOT / "docs").glob("*.md"):
        text = doc.read_text(encoding="utf-8")
        found |= {f"{game.lower()}_r{number}" for game, number in RULING.findall(text)}
    return found


def all_test_names() -> set[str]:
    """The names of every test function in tests/ (read from the source, not collected)."""
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.name.startswith("test_")}
    return names


def named_by_a_test(ruling: str, names: set[str]) -> bool:
    # o_r1 must not count as named by o_r16's tests: the id ends where its digits end.
    pattern = re.compile(rf"(^|_){ruling}(_|$)")
    return any(pattern.search(name) for name in names)


def test_every_ruling_in_the_docs_is_named_by_a_test() -> None:
    rulings, names = ruling_ids(), all_test_names()
    assert len(rulings) > 40  # both games' tables were read
    missing = sorted(r for r in rulings if not named_by_a_test(r, names))
    assert not missing, f"rulings named by no test (pytest -k finds nothing): {missing}"


def test_a_ruling_prefix_is_not_taken_for_another_ruling() -> None:
    assert not named_by_a_test("p_r1", {"test_p_r16_sunk_legend"})
    assert named_by_a_test("p_r16", {"test_p_r5_p_r16_sunk_legend"})
