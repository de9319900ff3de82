"""A whole seeded game of each game played through the keys in French at 80×24: no
screen shows an English interface word (``english_words.py``) nor another seat's secret
(``secrecy.py``). ``python -m tests.tui.french_scan`` lists every English word left."""

from __future__ import annotations

import pytest

from common import i18n
from common.session import GameSession
from common.tui import settings
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from tests.tui.driver import sync, wait_until
from tests.tui.english_words import KEPT, english_on, report, stop_list, words
from tests.tui.french_scan import GAMES, play_in_french
from tests.tui.secrecy import rendered


@pytest.mark.slow  # a whole game of each, every screen scanned: CI runs it (-m slow)
@pytest.mark.parametrize("game", list(GAMES))
@sync
async def test_a_whole_french_game_shows_no_english_word_and_no_secret(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(settings.DEFAULTS, "tips", True)  # as players have them: scanned too
    scan = await play_in_french(game)
    assert scan.screens > 100  # a whole game, its end screen and review
    assert not scan.found, scan.failure()


def test_the_stop_list_holds_the_interfaces_english_and_not_its_french() -> None:
    stop = stop_list()
    # from the catalog's ids, and from a text of a game's interface
    assert {"saved", "pass", "goblins", "hull", "standings"} <= stop
    assert not stop & KEPT
    assert not stop & words("Passez le terminal à {name} — appuyez sur Entrée quand l'écran "
                            "n'est visible que par {name}. Reprendre une partie")
    found = english_on("╭─ Journal ─╮\n│ Standings: a saved game │\n▶ 1 Nouvelle partie")
    line = "│ Standings: a saved game │"
    assert found == [("game", line), ("saved", line), ("standings", line)]
    assert report(found).splitlines() == ["English words: game, saved, standings",
                                          f"  game saved standings     | {line}"]


@pytest.mark.parametrize(("language", "english"), [("en", True), ("fr", False)])
@sync
async def test_the_scan_sees_an_english_curtain_and_passes_a_french_one(
        language: str, english: bool) -> None:
    """Guard for the guard: the same curtain, English words found in English only."""
    i18n.set_language(language)
    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        await pilot.pause()
        assert bool(english_on(rendered(app))) is english
