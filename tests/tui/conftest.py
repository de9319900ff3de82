"""Every interface test writes its saves to a temporary folder, never the user's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.keyclock import Clock


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def shipped_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Only the games this checkout ships (its own pyproject's entry points), for a snapshot of
    a screen that lists the games: it looks the same whatever game is installed beside them."""
    from common import registry

    monkeypatch.setattr(registry, "entry_points", lambda *, group: [])
    registry.GAMES.reset()
    yield
    registry.GAMES.reset()


@pytest.fixture
def guard(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The key guard on, on a clock that moves only when the test says so."""
    from common.tui.keyguard import KeyGuard

    fake = Clock()
    monkeypatch.setattr(KeyGuard, "SECONDS", 0.4)
    monkeypatch.setattr(KeyGuard, "clock", fake)
    return fake
