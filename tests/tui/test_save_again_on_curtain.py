"""After a refused save the notice says "Press w": it stays up over the screens that follow (the
next player's curtain, a public notice), where ``w`` must work too (it did nothing there)."""

from __future__ import annotations

import errno
from typing import Any

import pytest

import common.session as session_module
from common.save import load_file
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from tests.tui.driver import keys, sync, wait_until


@sync
async def test_w_writes_the_save_again_from_the_curtain(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    real_write = session_module.write_atomic

    def full(*_: Any, **__: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys(pilot, "enter")
        monkeypatch.setattr(session_module, "write_atomic", full)
        await keys(pilot, "2", "1", "enter", "2", "l", "enter")
        await wait_until(pilot, lambda: session.unsaved and isinstance(app.screen, CurtainScreen),
                         "the refused save and the next curtain")
        curtain = app.screen
        assert any("Press w" in n.message for n in app._notifications)  # shown here
        monkeypatch.setattr(session_module, "write_atomic", real_write)
        await keys(pilot, "w")
        await wait_until(pilot, lambda: not session.unsaved, "the save to be written")
        assert app.screen is curtain  # still the curtain: nobody's panel was shown
    assert len(load_file(session.path)[0].actions) == 1


@sync
async def test_w_on_a_curtain_with_nothing_to_write_does_nothing() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        curtain = app.screen
        await keys(pilot, "w")
        assert app.screen is curtain and not app._notifications


@sync
async def test_w_writes_the_save_again_from_a_public_notice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    real_write = session_module.write_atomic

    def full(*_: Any, **__: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys(pilot, "enter")
        monkeypatch.setattr(session_module, "write_atomic", full)
        await keys(pilot, "2", "1", "enter", "2", "l", "enter")
        await wait_until(pilot, lambda: session.unsaved, "the refused save")
        monkeypatch.setattr(session_module, "write_atomic", real_write)
        notice = NoticeScreen("Battle", "Everyone reads this.", public=True)
        await app.push_screen(notice)
        await wait_until(pilot, lambda: notice.drawn, "the notice")
        await keys(pilot, "w")
        await wait_until(pilot, lambda: not session.unsaved, "the save to be written")
        assert app.screen is notice
    assert len(load_file(session.path)[0].actions) == 1
