"""A newcomer's first five minutes: where the rules are, the digits of the menus, q at
the table, stable card keys, the new-game form at 80 columns, the glossary key."""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, OptionList

import orcz
from common.registry import GAMES, package_dirs
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.choices import Moved, Refused
from common.tui.cli import build_parser, main
from common.tui.gameui import all_uis, ui_for
from common.tui.help import HelpScreen, HelpText
from common.tui.learn import LearnGamesScreen, LessonListScreen
from common.tui.learn_screens import learnable
from common.tui.menu import MenuScreen, NewGameScreen, ResumeScreen
from orcz import data as D
from orcz.ui.picker import DeployPicker
from orcz.ui.render import card_short
from tests.orcz.orcz_scenario import game
from tests.tui.driver import menu_pick, settle, sync, wait_until
from tests.tui.test_learn_screen import _open

# ---- the command line


def test_hotseat_rules_prints_the_rules_of_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The rules first, for players: no note on ruling numbers, no ruling number, no refusal
    code; those only with --rulings, which adds the rulings."""
    for ui in all_uis():
        assert main(["rules", ui.name]) == 0
        out = capsys.readouterr().out
        assert out.strip().splitlines()[0].strip() == f"{ui.title} — the rules", out[:80]
        assert f"hotseat rules {ui.name} --rulings" in out
        for talk in ("Ruling numbers", "O-R", "P-R", "refusal", "mastercraft-section-fitted"):
            assert talk not in out, (ui.name, talk)
    assert main(["rules", "pirates", "--rulings"]) == 0
    out = capsys.readouterr().out
    assert "P-R9" in out and "mastercraft-section-fitted" in out and "P-R33" in out


def test_hotseat_rules_fits_80_columns_and_breaks_no_word(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Drawn to the terminal's width by rich's markdown: at 80 columns every line fits and
    every word printed is a word of the page ("tr / easure" would be two that are not)."""
    import re

    from common.registry import read_doc

    monkeypatch.setenv("COLUMNS", "80")
    for ui in all_uis():
        assert main(["rules", ui.name]) == 0
        out = capsys.readouterr().out
        assert max(len(line) for line in out.splitlines()) <= 80
        # the line added, which names the game: "… hotseat rules orcz --rulings"
        said = f" The rulings and the program's codes hotseat rules {ui.name}"
        page = read_doc(ui.help_docs[0], ui.name, "en") + said
        words = set(re.findall(r"[A-Za-z]+", page))
        assert set(re.findall(r"[A-Za-z]+", out)) <= words


def test_help_says_where_the_rules_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    names = "|".join(ui.name for ui in all_uis())  # every game, in the registry's order
    assert f"hotseat rules {{{names}}}" in out and "F1" in out


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def test_every_subcommand_has_a_description_and_every_argument_its_help() -> None:
    for name, sub in _subparsers(build_parser(all_uis())).items():
        assert sub.description, f"`hotseat {name} --help` has no description"
        for action in sub._actions:
            assert action.help, f"`hotseat {name}`: {action.dest} has no help text"


# ---- the menus


def _menu_index(app: HotseatApp, option_id: str) -> int:
    menu = app.screen.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)].index(option_id)


async def _type_number(pilot: Pilot[Any], app: HotseatApp, number: int) -> None:
    """An entry's number typed in full, as a player does: its digits, then Enter only where a
    longer number could still follow (a menu of ten entries or more waits after "1")."""
    menu = app.screen.query_one("#menu", OptionList)
    await pilot.press(*str(number))
    if any(str(other).startswith(str(number)) and other != number
           for other in range(1, menu.option_count + 1)):
        await pilot.press("enter")


@sync
async def test_menus_pick_with_digits_as_the_table_does() -> None:
    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert _menu_index(app, f"new:{all_uis()[0].name}") == 0
        await _type_number(pilot, app, 1)  # 1 = the first entry
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await _type_number(pilot, app, _menu_index(app, "resume") + 1)
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the saves")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await _type_number(pilot, app, _menu_index(app, "learn") + 1)
        await wait_until(pilot, lambda: isinstance(app.screen, LearnGamesScreen), "learn")
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "lessons")
        screen = app.screen
        assert isinstance(screen, LessonListScreen) and screen.ui.name == learnable()[0].name


async def open_from_menu(pilot: Pilot[Any], option_id: str, kind: type[Screen[Any]]) -> None:
    """The menu's entry ``option_id`` chosen with the arrows (no digit: main lacks them)."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    await menu_pick(pilot, option_id)
    await wait_until(pilot, lambda: isinstance(app.screen, kind), f"the screen of {option_id}")


@sync
async def test_the_menus_rules_entry_opens_on_the_rules() -> None:
    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_menu(pilot, "help:orcz", HelpScreen)
        shown = app.screen.query_one("#help-title").render()
        assert str(shown).startswith("Rules of Orcz")
        pages = app.screen.query_one(HelpText).pages
        assert pages[0].startswith("# Orcz — the rules")
        assert pages[-1] == ui_for("orcz").keys_markdown  # the keys are still there, last


@sync
async def test_the_new_game_form_fits_80_columns() -> None:
    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_menu(pilot, "new:pirates", NewGameScreen)
        await pilot.pause()
        for field in app.screen.query(Input):
            room = field.content_region.width
            assert len(field.placeholder) <= room, (field.placeholder, room)


# ---- the table


def _orcz_session() -> GameSession:
    return GameSession.new("orcz", ["Ann", "Bob"], 5, {}, bots=[])


@sync
async def test_q_mid_game_quits_with_the_game_saved() -> None:
    session = _orcz_session()
    moves = session.action_count
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # the first curtain
        await settle(pilot, "the table")
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert app.return_code == 0
    assert GameSession.load(session.path).action_count == moves  # nothing lost, nothing played


@sync
async def test_q_in_a_lesson_goes_back_to_its_list_not_out_of_the_app() -> None:
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(100, 32)) as pilot:
        await _open(pilot, app, 0)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        assert app.return_code is None  # still running


@sync
async def test_g_shows_the_glossary_of_the_game_on_the_table() -> None:
    app = HotseatApp(_orcz_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot, "the table")
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the glossary")
        assert str(app.screen.query_one("#help-title").render()) == "Orcz glossary"
        await pilot.press("escape")
        await settle(pilot, "the table again")


def test_each_games_glossary_explains_its_short_forms() -> None:
    orcz_words = ui_for("orcz").glossary_markdown
    for card in D.CARDS:
        short = card_short(card.id).rstrip("0123456789")
        assert f"**{short}" in orcz_words, short
    pirates_words = ui_for("pirates").glossary_markdown
    for short in ("H S C G", "3g", "ch", "1c", "3d", "★", "+MC", "+P", "☠", "⚓", "⚔"):
        assert short in pirates_words, short


# ---- Orcz's card keys


def _picker(hand_without: tuple[str, ...]) -> DeployPicker:
    s = game(2)
    view = orcz.view(s, 0)
    view["hand"] = [c for c in view["hand"] if c not in hand_without]
    legal = [a for a in orcz.legal_actions(s, 0)
             if not {getattr(a, "left", ""), getattr(a, "right", "")} & set(hand_without)]
    return DeployPicker(view, legal, lambda a: "")


def test_each_orcz_card_keeps_its_key_when_others_are_spent() -> None:
    full, spent = _picker(()), _picker(("infantry-1", "archer-2"))
    for picker in (full, spent):
        assert picker.pick(0) == Moved()  # a battlefield: now the LEFT card
    # the cards (the scout's row, last, holds the rules' refusal rather than a card)
    keys = {c.value: i for i, c in enumerate(full.choices()) if isinstance(c.value, str)}
    after = {c.value: i for i, c in enumerate(spent.choices()) if isinstance(c.value, str)}
    assert after == keys  # the same card, the same key, all game long
    rows = {c.value: c for c in spent.choices() if isinstance(c.value, str)}
    assert not rows["infantry-1"].enabled and not rows["archer-2"].enabled
    reason = spent.pick(keys["archer-2"])
    assert isinstance(reason, Refused) and "not in your hand now" in reason.reason
    assert spent.step == "left"


@pytest.mark.parametrize(("typed", "lesson"), [("3", "03_fights"), ("1⏎", "01_the_table"),
                                               ("4", "11_heroes_in_brief"),
                                               ("10", "09_the_orc_challenge"),
                                               ("11", "10_a_whole_round")])
def test_a_digit_in_the_lesson_list_opens_the_lesson_of_that_number(typed: str,
                                                                      lesson: str) -> None:
    """The list is grouped by track (essentials first, under a heading) and numbered in its
    order: a number typed in full opens the lesson whose number the row shows (lesson 10 is the
    challenge, the fourth of those for when it happens), not the row at that place."""
    async def run() -> str:
        app = HotseatApp(learn="orcz")
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen),
                             "the lesson list")
            await pilot.press(*("enter" if c == "⏎" else c for c in typed))
            await wait_until(pilot, lambda: hasattr(app.screen, "session"), "the lesson")
            return str(app.screen.session.run.lesson.id)  # type: ignore[attr-defined]

    assert asyncio.run(run()) == lesson


def _ships_french(game: str) -> bool:
    rules = GAMES[game].docs.rules
    page = f"{rules.removesuffix('.md')}.fr.md"
    return any((folder / page).is_file() for folder in package_dirs(GAMES[game].core))


def test_hotseat_rules_in_french_prints_the_french_page_without_its_hidden_marks(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The French pages mark each rule id with an HTML comment for the lessons; F1's markdown
    hides it, and the plain text printed by ``hotseat rules`` leaves it out too. (A game that
    ships no French page prints its English one: its own French is its author's.)"""
    french = [ui for ui in all_uis() if _ships_french(ui.name)]
    assert {"orcz", "pirates"} <= {ui.name for ui in french}
    for ui in french:
        assert main(["--lang", "fr", "rules", ui.name]) == 0
        out = capsys.readouterr().out
        assert "règles" in out.strip().splitlines()[0], out[:80]
        assert "<!--" not in out and "-->" not in out


class _Latin1Terminal(io.TextIOWrapper):
    """A terminal whose locale is ISO-8859-1 (``LANG=fr_FR.ISO-8859-1``)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="latin-1")

    def isatty(self) -> bool:
        return True


def test_a_latin1_terminal_gets_utf8_and_one_line_saying_so_never_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = _Latin1Terminal(), _Latin1Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["rules", "pirates"]) == 0  # its "—" and table rules are not Latin-1
    out.flush()
    err.flush()
    printed = out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert "Pirate's Cove — the rules" in printed and "─" in printed
    said = err.buffer.getvalue().decode("utf-8").splitlines()  # type: ignore[attr-defined]
    assert len(said) == 1 and "not UTF-8" in said[0], said


@sync
async def test_the_menus_key_bar_has_one_quit_and_the_tables_shows_the_glossary() -> None:
    """The menu's q and the app's Ctrl+C both quit: one Quit on the bar. At a table, whose
    board speaks in short forms ("H2:4 1c 3d", "▒▒B▒▒▒"), g (the glossary) is on the bar."""
    from textual.widgets._footer import FooterKey

    from common.session import GameSession
    from common.tui.curtain import CurtainScreen
    from common.tui.keybar import KeyBar
    from common.tui.table import TableScreen

    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        def quits() -> list[str]:
            return [str(key.description) for key in app.screen.query(FooterKey)
                    if key.description == "Quit"]

        await wait_until(pilot, lambda: bool(quits()), "the key bar")
        assert len(quits()) == 1
        await pilot.press("q")  # still quits, unshown
        await wait_until(pilot, lambda: not app.is_running, "the app to end")
    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob"], 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await wait_until(pilot, lambda: "g Glossary" in app.screen.query_one(KeyBar).text,
                         "g on the table's bar")
