"""A failed write is said, not hidden: the move stays on screen marked as not
saved, ``w`` writes it once the disk has room, and nothing is lost."""

from __future__ import annotations

import errno
from typing import Any

import pytest

import common.session as session_module
from common.save import load_file
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from tests.tui.driver import game_screen, keys, screen_text, sync, wait_until


@sync
async def test_a_full_disk_keeps_the_move_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    real_write = session_module.write_atomic

    def full(*_: Any, **__: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys(pilot, "enter")
        monkeypatch.setattr(session_module, "write_atomic", full)
        await keys(pilot, "2", "1", "enter", "2", "l", "enter")
        assert session.action_count == 1 and session.unsaved
        assert isinstance(app.screen, CurtainScreen)  # the game goes on
        await keys(pilot, "enter")
        text = screen_text(app)
        assert "not saved" in text
        assert len(load_file(session.path)[0].actions) == 0  # the file has not got it yet
        await keys(pilot, "w")  # still full: said again, nothing lost
        assert session.unsaved
        monkeypatch.setattr(session_module, "write_atomic", real_write)
        await keys(pilot, "w")
        await wait_until(pilot, lambda: not session.unsaved, "the save to be written")
        assert "not saved" not in screen_text(app).split("Log")[0]
        assert game_screen(app).viewer is not None
    assert len(load_file(session.path)[0].actions) == 1
