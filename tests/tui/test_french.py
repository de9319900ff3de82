"""The app in French: ``--lang fr`` or a French locale gives the French menu and
``--lang en`` the English one, through the command itself; the French menu, the new-game forms
and a curtain fit 80×24 with nothing cut."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, OptionList, Static

import common.tui.app as app_module
from common import i18n
from common.engine import MAX_NAME_LENGTH
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.cli import main
from common.tui.crash import Report, RuleCrashScreen
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.gameui import all_uis, ui_for
from common.tui.menu import MenuScreen, NewGameScreen
from tests.tui.driver import sync, wait_until

FRENCH_MENU = ["Nouvelle partie d'Orcz (de\u00a02 à 4\u00a0joueurs)",
               "Nouvelle partie de la Crique des Pirates (de\u00a03 à 5\u00a0joueurs)",
               "Reprendre une partie sauvegardée",
               "Apprendre à jouer (leçons sur un vrai plateau)",
               "Règles d'Orcz", "Règles de la Crique des Pirates", "Quitter"]


def screen_lines(pilot: Pilot[Any]) -> list[str]:
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def shown_whole(text: str, lines: list[str]) -> bool:
    """``text`` is on one line of the screen, whole (not wrapped, not shortened with "…")."""
    return any(text in line for line in lines)


class MenuProbe:
    """Stands in for the app that ``hotseat`` runs: runs the real one at 80×24 and keeps the
    menu's lines, in the language that the command chose."""

    seen: ClassVar[list[list[str]]] = []

    def __init__(self, session: Any = None, **_: Any) -> None:
        self.session = session
        self.return_code = 0

    def run(self) -> None:
        asyncio.run(self._look())

    async def _look(self) -> None:
        app = HotseatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen)
                             and app.screen.query(OptionList).first().option_count > 0,
                             "the menu")
            await pilot.pause()
            MenuProbe.seen.append(screen_lines(pilot))


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> type[MenuProbe]:
    MenuProbe.seen = []
    monkeypatch.setattr(app_module, "HotseatApp", MenuProbe)
    return MenuProbe


@pytest.mark.parametrize(("locale", "argv", "french"), [
    ("C.UTF-8", ["--lang", "fr"], True),
    ("fr_FR.UTF-8", [], True),
    ("fr_FR.UTF-8", ["--lang", "en"], False),
    ("C.UTF-8", [], False),
])
def test_the_command_chooses_the_menus_language(
    probe: type[MenuProbe], monkeypatch: pytest.MonkeyPatch, locale: str, argv: list[str],
    french: bool
) -> None:
    monkeypatch.setenv("LANG", locale)
    assert main(argv) == 0
    [lines] = probe.seen
    screen = "\n".join(lines)
    if french:
        assert [label for label in FRENCH_MENU if not shown_whole(label, lines)] == []
        assert "Quitter" in lines[-1] and "Aide" in lines[-1]  # the key bar too
        assert not re.search(r"\b(New game|Quit|Help|Resume)\b", screen)
    else:
        first = all_uis()[0]  # the registry's first game, whichever games are installed
        assert f"1 New game {first.title_of} ({first.players_hint()})" in screen
        assert "Quit" in lines[-1] and "Nouvelle" not in screen


@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_the_french_new_game_forms_fit_80x24(game: str) -> None:
    i18n.set_language("fr")
    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.push_screen(NewGameScreen(ui_for(game)))
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await pilot.pause()
        lines = screen_lines(pilot)
        form = app.screen
        texts = [str(form.query_one("#menu-title", Static).render()),
                 *(str(box.label) for box in form.query(Checkbox))]
        texts += [field.placeholder for field in form.query(Input)]
        assert "Nouvelle partie" in texts[0] and "joueurs" in texts[0]
        assert [text for text in texts if not shown_whole(text, lines)] == []
        assert "Commencer" in "\n".join(lines)
        await pilot.press(*"Ann", "enter")  # too few players: the form says why, in full
        error = form.query_one("#newgame-error", Static)
        await wait_until(pilot, lambda: bool(str(error.render())), "the refusal")
        await pilot.pause()
        said = " ".join(" ".join(screen_lines(pilot)).split())
        assert f"{ui_for(game).title} se joue de " in said
        assert " ".join(str(error.render()).split()) in said


@pytest.mark.parametrize("name", ["Zoé", "W" * MAX_NAME_LENGTH])
@sync
async def test_a_french_curtain_fits_80x24_with_the_name_whole(name: str) -> None:
    i18n.set_language("fr")
    session = GameSession.new("pirates", [name, "Bob", "Cid"], 7, {})
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        player = curtain.player
        words = " ".join(line.strip(" ┃━┏┓┗┛") for line in screen_lines(pilot)).split()
        expected = (f"Passez le terminal à {player} — appuyez sur Entrée quand l'écran n'est "
                    f"visible que par {player}.")
        assert " ".join(words) == expected


def test_the_crash_screen_and_a_notice_speak_french() -> None:
    i18n.set_language("fr")
    save = Path("/tmp/parties/orcz-1.json")
    words = RuleCrashScreen(save, Report(None, "disk full")).words()
    assert words.splitlines() == [
        "C'est un bogue de hotseat, pas un coup interdit\u00a0: le coup n'a pas été joué.",
        f"La partie est sauvegardée jusqu'au coup d'avant, dans {save}.",
        "Aucun rapport n'a pu être écrit\u00a0: disk full.",
        "",
        "Appuyez sur Entrée pour revenir au menu."]
    assert NoticeScreen("Éclaireur", "…", public=True).note().plain == (
        "Pour toute la table. Entrée pour continuer.")
