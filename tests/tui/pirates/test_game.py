"""Whole Pirate's Cove games played through the keys to the end screen, every screen checked
for other seats' secrets."""

from __future__ import annotations

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from tests.tui.driver import pirates_step, play_to_end, screen_text, sync
from tests.tui.secrecy import check_screen


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@sync
async def test_a_whole_three_player_game_at_80x24_through_the_keys_leaks_nothing() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        trace = await play_to_end(pilot, seed=3, extras=True, step=pirates_step,
                                  check=lambda: check_screen(app, session))
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Standings" in text and "fame cards:" in text
    assert session.is_over()
    assert "undo" in trace and "notice" in trace
    assert {"Outfit", "Navigate", "Fire", "Done"} <= set(trace)


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@sync
async def test_a_whole_five_player_game_through_the_keys_leaks_nothing() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid", "Dan", "Eve"], 12)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        trace = await play_to_end(pilot, seed=8, extras=True, step=pirates_step,
                                  check=lambda: check_screen(app, session))
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert all(name in text for name in session.players)
    assert session.is_over()
    assert {"Outfit", "Navigate", "Pass", "Done"} <= set(trace)
