"""Every text a player typed is shown literally: names that look like Rich
markup neither crash a screen nor vanish from it."""

from __future__ import annotations

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.menu import ErrorScreen
from tests.tui.driver import keys, play_to_end, screen_text, sync, wait_until
from tests.tui.secrecy import check_screen

MARKUP_NAMES = ["[/]", "[b]x", "Ann [link=x]"]


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@sync
async def test_a_whole_orcz_game_with_markup_names_shows_them_literally() -> None:
    session = GameSession.new("orcz", MARKUP_NAMES, 7)
    app = HotseatApp(session)
    seen_on_curtains: set[str] = set()

    def check() -> None:
        check_screen(app, session)
        if isinstance(app.screen, CurtainScreen):
            text = screen_text(app)
            seen_on_curtains.update(n for n in MARKUP_NAMES if f"to {n} —" in text)

    async with app.run_test(size=(100, 32)) as pilot:
        await play_to_end(pilot, seed=4, extras=True, check=check)
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        for name in MARKUP_NAMES:
            assert name in text  # the standings
        assert any(name in line for line in session.log_lines() for name in MARKUP_NAMES)
    assert seen_on_curtains == set(MARKUP_NAMES)


@sync
async def test_resuming_a_game_of_markup_names_works_every_time() -> None:
    session = GameSession.new("orcz", ["Bob", "[/bold]"], 3)
    for _ in range(3):
        session.apply(session.legal(session.to_act()[0])[0])
    path = session.path
    session.release()
    for _ in range(2):
        resumed = GameSession.load(path)
        await _resume_and_look(resumed)
        resumed.release()


async def _resume_and_look(resumed: GameSession) -> None:
    app = HotseatApp(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        assert resumed.players[resumed.to_act()[0]] in screen_text(app)
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "[/bold]'s private panel" in screen_text(app) or
                         "[/bold]" in screen_text(app).split("Log")[0], "the table")


@sync
async def test_the_error_screen_shows_a_message_literally() -> None:
    app = HotseatApp(error="[/] cannot be resumed: [bold]x")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ErrorScreen), "the error")
        assert "[/] cannot be resumed: [bold]x" in screen_text(app)


@pytest.mark.parametrize("raw", ["Ann,Bob,[", "Ann,Bob,]"])
def test_brackets_alone_are_names_too(raw: str) -> None:
    import orcz
    from common.tui.names import parse_names

    assert parse_names(raw, orcz)[-1] in ("[", "]")
