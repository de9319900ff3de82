"""Every interface test writes its saves to a temporary folder, never the user's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


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
