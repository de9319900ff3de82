"""Golden playthroughs must not change unless a rule change is intended (then regenerate)."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.golden import GAMES, ROOT, render


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_is_unchanged(name: str) -> None:
    expected = (ROOT / name).read_text()
    actual = render(name)
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{name} changed; if intended, run python tests/golden/golden.py\n"
                    + diff[:4000])
