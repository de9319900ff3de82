"""Every interface test writes its saves to a temporary folder, never the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def tips_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tips in real games (``common.tui.tips``) are off unless a test turns them on: the other
    tests' screens and snapshots stay as they are. ``tests/tui/test_tips.py`` and the key fuzzer
    turn them on."""
    from common.tui import settings

    monkeypatch.setitem(settings.DEFAULTS, "tips", False)
