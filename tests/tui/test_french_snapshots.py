"""Snapshots of the main screens in French, at 80×24 and 100×32: the menu, and for
each game a curtain, a table with a seat's private panel, the log paged back, the end screen.

Every game is dealt with a fixed seed and fixed names, and brought to its moment through the
rules core with seeded choices, so a snapshot changes only when a screen does. After changing
French texts, look at the screens again and regenerate them with::

    nice -n 19 pytest -p no:cacheprovider tests/tui/test_french_snapshots.py --snapshot-update
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from common import i18n
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.menu import MenuScreen
from common.tui.table import TableScreen
from tests.tui.driver import keys, settle, wait_until
from tests.tui.test_fit_reachable import session_until

SIZES = {"80x24": (80, 24), "100x32": (100, 32)}
GAMES = ["orcz", "pirates"]
# game: (players, deal, moves in): ranks, ships and log lines on the table, and a seat's
# private decision next (a curtain first)
DEALS = {"orcz": (3, 7, 8), "pirates": (3, 7, 8)}


def dealt(game: str, moves: str) -> GameSession:
    """The game of ``game`` freshly dealt ("dealt"), a few moves in ("in"), or at its end."""
    players, seed, moves_in = DEALS[game]
    until: dict[str, Callable[[GameSession], bool]] = {
        "dealt": lambda s: True, "in": lambda s: s.action_count >= moves_in,
        "over": lambda s: s.is_over()}
    return session_until(game, players, seed, until[moves])


async def past_the_curtain(pilot: Pilot[Any]) -> None:
    """Lift the curtain in front of the table: the holder's private panel."""
    app = pilot.app
    await curtain(pilot)
    await keys(pilot, "enter")
    await settle(pilot, "the holder's panel")
    assert isinstance(app.screen, TableScreen) and app.screen.viewer is not None


async def log_paged_back(pilot: Pilot[Any]) -> None:
    await past_the_curtain(pilot)
    await keys(pilot, "pageup")
    await pilot.pause()


async def curtain(pilot: Pilot[Any]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen), "a curtain")


async def end_screen(pilot: Pilot[Any]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, EndScreen), "the end screen")


SCREENS: dict[str, tuple[str, Any]] = {  # screen: (the game's moment, what brings it)
    "curtain": ("dealt", curtain),
    "panel": ("in", past_the_curtain),
    "log": ("in", log_paged_back),
    "end": ("over", end_screen),
}


@pytest.fixture(autouse=True)
def french() -> None:
    """French before the app is made; tests/conftest.py puts English back after."""
    i18n.set_language("fr")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.usefixtures("shipped_games")
def test_the_french_menu(snap_compare: Any, size: str) -> None:
    async def menu(pilot: Pilot[Any]) -> None:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")

    assert snap_compare(HotseatApp(), run_before=menu, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", GAMES)
def test_a_french_game_screen(snap_compare: Any, game: str, screen: str, size: str) -> None:
    moment, bring = SCREENS[screen]
    app = HotseatApp(dealt(game, moment))
    assert snap_compare(app, run_before=bring, terminal_size=SIZES[size])
