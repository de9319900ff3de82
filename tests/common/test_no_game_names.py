"""``common/`` names no game outside its docstrings and comments: each game registers what the
shell needs (common/registry.py), so a third game needs no edit there."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

COMMON = Path(__file__).resolve().parents[2] / "common"
NAMES = re.compile(r"orcz|pirate", re.IGNORECASE)


def docstrings(source: str) -> set[tuple[int, int]]:
    """Where each string standing alone as a statement starts (docstrings and the like)."""
    return {(node.lineno, node.col_offset) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def code_naming_games(source: str) -> list[tuple[int, str]]:
    """(line, token) for every token of code, not of a comment or docstring, that names a game."""
    skipped = docstrings(source)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and token.start in skipped:
            continue
        if NAMES.search(token.string):
            found.append((token.start[0], token.string))
    return found


def test_the_check_sees_code_and_spares_docstrings_and_comments() -> None:
    source = ('"""Orcz and Pirate\'s Cove."""\n'
              'x = 1  # as in Orcz\n'
              'def f():\n    """Pirates."""\n    return "orcz"\n'
              'GAMES = {"pirates": 1}\n')
    assert code_naming_games(source) == [(5, '"orcz"'), (6, '"pirates"')]


def test_common_names_no_game_in_its_code() -> None:
    found = [f"{path.relative_to(COMMON.parent)}:{line}: {text}"
             for path in sorted(COMMON.rglob("*.py"))
             for line, text in code_naming_games(path.read_text(encoding="utf-8"))]
    assert not found, "common/ names a game:\n" + "\n".join(found)
