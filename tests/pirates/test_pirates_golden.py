"""Golden playthroughs must not change unless a rule change is intended (then regenerate)."""

from __future__ import annotations

import difflib

import pytest
from golden_pirates import GAMES, ROOT, playthrough


@pytest.mark.parametrize("name", sorted(GAMES))
def test_pirates_playthrough_is_unchanged(name: str) -> None:
    players, seed = GAMES[name]
    expected = (ROOT / name).read_text()
    actual = playthrough(players, seed)
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{name} changed; if intended, run python tests/pirates/golden_pirates.py\n"
                    + diff[:4000])
