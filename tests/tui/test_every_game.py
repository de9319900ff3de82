"""The screen-level guarantees for every registered game, found from the entry points: whole
games played through the keys with the secrecy scan at every screen, at 80×24. A game nobody
here wrote gets them with no test of its own; what is secret is derived from its views and its
own table (``tests/tui/secrecy.py``), not listed per game."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from common.engine import get_game
from common.registry import GAMES
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from common.tui.table import TableScreen
from tests.tui import secrecy
from tests.tui.driver import keys, play_to_end, settle, step_for, sync, wait_until
from tests.tui.secrecy import check_screen

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve")


def people(game: str) -> list[str]:
    """A table of people only, as many as the game takes at most: the most curtains."""
    return list(NAMES[:get_game(game).MAX_PLAYERS])


async def scan_a_game(game: str, seed: int, *, stop_after: int | None) -> list[str]:
    session = GameSession.new(game, people(game), seed, None)
    app = HotseatApp(session, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        trace = await play_to_end(pilot, seed, step=step_for(game), extras=True,
                                  check=lambda: check_screen(app, session),
                                  stop_after=stop_after)
        if stop_after is None:
            await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
    return trace


@pytest.mark.parametrize("game", sorted(GAMES))
@sync
async def test_the_first_moves_of_every_game_show_no_secret_through_the_keys(game: str) -> None:
    trace = await scan_a_game(game, 5, stop_after=25)
    assert sum(step.startswith("curtain") for step in trace) >= 2, trace


# The shipped games play whole games with this scan in their own folders (tests/tui/orcz,
# tests/tui/pirates, with their own drivers' extras): not twice in CI's time.
OWN_WHOLE_GAMES = frozenset({"orcz", "pirates"})


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(set(GAMES) - OWN_WHOLE_GAMES))
@sync
async def test_a_whole_game_of_every_game_shows_no_secret_through_the_keys(game: str) -> None:
    trace = await scan_a_game(game, 11, stop_after=None)
    assert trace[-1] == "end"


@pytest.fixture
def generic_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan without the shipped games' own lists of secrets: what is left is derived."""
    for check in ("check_orcz_seat", "check_board", "check_pirates_seat"):
        monkeypatch.setattr(secrecy, check, lambda *args: None)


@pytest.mark.usefixtures("generic_only")
@pytest.mark.parametrize("game", sorted(GAMES))
@sync
async def test_the_derived_secrets_alone_catch_a_panel_or_a_line_shown_to_the_wrong_seat(
        game: str) -> None:
    """Guard for the guard, for any game: another seat's panel shown with no curtain, and a
    line of another seat's private panel written on the public status line, both fail the
    scan with no list of the game's secrets."""
    session = GameSession.new(game, people(game), 3, None)
    app = HotseatApp(session, bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await keys(pilot, "enter")  # the first curtain
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer is not None
        check_screen(app, session)  # the seat at the terminal, on its own panel: fine
        table.refresh_all()  # a drawing the scan saw, to draw the others' beside
        check_screen(app, session)
        other = (table.viewer + 1) % len(session.players)
        drawings = secrecy.private_drawings(app, session, secrecy.Views(session))
        theirs = secrecy.drawn_secrets(drawings, other, table.viewer)
        # (Orcz deals every seat the same hand: its secrets are on the board, not the panel.)
        assert theirs or game == "orcz", "the table draws nothing private for a seat"
        for line in sorted(theirs)[:1]:
            status = table.query_one("#status", Static)
            status.update(line)
            with pytest.raises(AssertionError, match="private panel line"):
                check_screen(app, session)
            table.refresh_status()
            check_screen(app, session)
        # What a flow bug would do: the terminal handed over with no curtain.
        table.holder.lift(other)
        table.show_for(other)
        await wait_until(pilot, lambda: table.viewer == other, "the other panel")
        with pytest.raises(AssertionError):
            check_screen(app, session, holder=(other - 1) % len(session.players))
