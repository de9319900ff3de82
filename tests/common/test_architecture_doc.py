"""docs/architecture.md's table of file roles fits both cores: every module of each is in its
column, and the table names no module that does not exist (one table for both: a file has the
same role in each core)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"`([\w/]+\.py|\w+/)`")


def column(game_index: int) -> set[str]:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = doc[doc.index("## One core, two games"):doc.index("## The registry of games")]
    rows = [line.split(" | ") for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| Role")]
    return {name for row in rows for name in NAMED.findall(row[1 + game_index])}


@pytest.mark.parametrize(("index", "game"), [(0, "orcz"), (1, "pirates")])
def test_the_table_of_file_roles_names_every_module_of_each_core(index: int, game: str) -> None:
    files = {p.name for p in (ROOT / game).glob("*.py") if p.name != "__init__.py"}
    files |= {"ui/", "lessons/"}
    assert column(index) == files
