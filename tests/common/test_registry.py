"""The registry of games (common/registry.py): a game registered by an entry point is listed by
the shell with no edit in common/, and a broken one is said, not a crash."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import ClassVar

import pytest

from common import registry
from common.registry import GAMES, GROUP, GameLoadError
from common.tui import gameui

DATA = Path(__file__).parent / "data"


def installed() -> list[str]:
    """The games the project registers itself (its entry points), in the registry's order: the
    tests below hold for any set of games, so adding a game breaks none of them."""
    GAMES.reset()
    names = list(GAMES)
    GAMES.reset()
    assert {"orcz", "pirates"} <= set(names)
    return names


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """Entry points of the group as installed, plus those a test appends to the list given."""
    extra: list[EntryPoint] = []
    real = registry.entry_points

    def points(*, group: str) -> list[EntryPoint]:
        return [*real(group=group), *extra]

    monkeypatch.syspath_prepend(str(DATA))
    monkeypatch.setattr(registry, "entry_points", points)
    GAMES.reset()
    yield extra
    GAMES.reset()


def test_a_third_game_registered_by_an_entry_point_is_in_the_shells_game_list(
        registered: list[EntryPoint]) -> None:
    games = installed()
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    uis = gameui.all_uis()
    assert [ui.name for ui in uis] == sorted([*games, "tinynim"])
    nim = gameui.ui_for("tinynim")
    assert nim.title == "Tiny Nim" and nim.players_hint() == "2 to 3 players"
    assert DATA / "tinynim" / "ui" / "tinynim.tcss" in gameui.stylesheets()

    from common.tui.cli import build_parser

    args = build_parser(uis).parse_args(["tinynim", "--players", "Ann,Bob"])
    assert args.command == "tinynim" and args.players == "Ann,Bob"
    from common.engine import get_game

    core = get_game("tinynim")
    state = core.apply(core.apply(core.new_game(["Ann", "Bob"], 1), 2), 2)
    assert core.legal_actions(state, 0) == [1, 2] and not core.is_over(state)


def test_a_game_without_a_bots_module_gets_random_seats_and_no_openspiel_game(
        registered: list[EntryPoint], capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """Tiny Nim declares no ``bots`` or ``sampler``: its computer players are ``random`` ones,
    at the table and in ``simulate`` (random over the legal actions needs nothing of a game);
    asking for a level it cannot play says which it has, and OpenSpiel is not offered a game it
    could not resample."""
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    from common.bots import choose, game_bots, make_bot
    from common.engine import get_game
    from common.openspiel import playable_games
    from common.simulate import play_game
    from common.tui.cli import main
    from common.tui.names import parse_table

    assert not GAMES["tinynim"].has_bots and GAMES["orcz"].has_bots
    assert game_bots("tinynim").levels == ("random",)
    for level in ("normal", "hard"):
        with pytest.raises(ValueError, match=f"Tiny Nim has no {level} computer players"):
            make_bot("tinynim", level, 1)
        with pytest.raises(ValueError, match=f"Tiny Nim has no {level} computer players: its "
                                             "levels are random"):
            parse_table("Ann", level, get_game("tinynim"))
    assert parse_table("Ann,Bob", "", get_game("tinynim")) == (["Ann", "Bob"], [None, None])
    assert parse_table("Ann", "random", get_game("tinynim"))[1] == [None, "random"]
    core = get_game("tinynim")
    state = core.new_game(["Ann", "Hal"], 1)
    assert choose(make_bot("tinynim", "random", 3), state, 0, 0) in (1, 2)
    record = play_game("tinynim", ["random", "random", "random"], 5)
    assert len(record.winners) == 1 and record.length >= 4 and sum(record.points) == 7
    assert main(["simulate", "tinynim", "--seats", "random,normal"]) == 2
    assert "has no normal computer players" in capsys.readouterr().err
    from common.session import GameSession  # at the table, through the session

    with GameSession.new("tinynim", ["Ann", "Hal"], 1, bots=[None, "random"],
                         path=tmp_path / "nim.json") as session:
        session.apply(2)
        _turn, decide = session.bot_decision(1)
        session.apply(decide())
        assert session.action_count == 2 and session.view(None)["pile"] < 5
    assert "tinynim" not in playable_games() and {"orcz", "pirates"} <= set(playable_games())


def test_a_game_that_fails_to_import_is_said_and_the_others_stay(
        registered: list[EntryPoint]) -> None:
    games = installed()
    registered.append(EntryPoint("ghost", "no_such_package_here:GAME", GROUP))
    registered.append(EntryPoint("wrong", "tinynim:TITLE", GROUP))
    assert [ui.name for ui in gameui.all_uis()] == games
    problems = gameui.problems()
    assert any("'ghost'" in p and "no_such_package_here" in p for p in problems)
    assert any("'wrong'" in p and "not a GameEntry" in p for p in problems)
    with pytest.raises(GameLoadError, match="ghost"):
        GAMES["ghost"]
    with pytest.raises(KeyError, match="unknown game"):
        GAMES["chess"]


def test_the_checkouts_pyproject_finds_the_games_when_the_installed_metadata_has_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # An editable install made before the entry points existed: its metadata names no game. The
    # checkout's own games are found; an outside game (installed on its own) is not among them.
    installed()
    project = tomllib.loads((Path(registry.__file__).parents[1] / "pyproject.toml").read_text())
    games = sorted(project["project"]["entry-points"][GROUP])
    assert {"orcz", "pirates"} <= set(games)
    monkeypatch.setattr(registry, "entry_points", lambda *, group: [])
    GAMES.reset()
    try:
        assert list(GAMES) == games
        assert [e.core for e in GAMES.working()] == games
    finally:
        GAMES.reset()


def test_the_menu_says_which_game_failed_to_load(registered: list[EntryPoint]) -> None:
    registered.append(EntryPoint("ghost", "no_such_package_here:GAME", GROUP))
    import asyncio

    from textual.widgets import OptionList

    from common.tui.app import HotseatApp

    async def run() -> list[str]:
        app = HotseatApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]

    prompts = asyncio.run(run())
    # every game that loads, in the registry's order, each with its key and then its words
    playable = [f"{i + 1} New game {ui.title_of} ({ui.players_hint()})"
                for i, ui in enumerate(gameui.all_uis())]
    assert {"orcz", "pirates"} <= {ui.name for ui in gameui.all_uis()}
    # numbers are right-aligned once a menu has ten entries or more
    assert [p.strip() for p in prompts[:len(playable)]] == playable
    assert any("Not available" in p and "ghost" in p for p in prompts)


def test_the_lessons_and_the_saves_open_from_the_menu_beside_a_broken_game(broken: Path) -> None:
    import asyncio

    from textual.widgets import OptionList

    from common.tui.app import HotseatApp
    from common.tui.learn_screens import LearnGamesScreen
    from common.tui.menu import ResumeScreen

    async def run() -> list[str]:
        app = HotseatApp(learn="")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnGamesScreen)
            menu = app.screen.query_one("#menu", OptionList)
            games = [str(menu.get_option_at_index(i).id) for i in range(menu.option_count)]
            app.push_screen(ResumeScreen())
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            return games

    games = asyncio.run(run())
    assert {"orcz", "pirates"} <= set(games) and "liarsdice" not in games


def test_each_games_acting_keys_are_actions_of_its_tables_bindings() -> None:
    # A lesson's read step blocks these by name: a misspelt one would let its key act.
    from textual.binding import Binding

    assert "scout" in gameui.ui_for("orcz").acting_keys
    for ui in gameui.all_uis():
        actions = {binding.action.partition("(")[0]
                   for cls in ui.table_class().__mro__ for binding in getattr(cls, "BINDINGS", ())
                   if isinstance(binding, Binding)}
        assert ui.acting_keys <= actions, (ui.name, ui.acting_keys - actions)


def test_tiny_nim_is_a_folder_and_one_line_and_passes_check_game(
        registered: list[EntryPoint]) -> None:
    """The example third game, registered as a real one would be: its rules text and rulings
    come from its own folder, and the one check a game's author runs passes."""
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    from common.conformance import Spec, check_game
    from common.engine import get_game
    from common.lessons import known_rule_ids
    from common.tui.help import load_doc

    core = get_game("tinynim")
    assert check_game(Spec(game=core, player_counts=(2, 3)), seeds=(1, 2))
    rules = load_doc("rules.md", "tinynim")
    assert rules.startswith("# Tiny Nim") and "last stone wins" in rules
    assert "N:play/the-pile" in known_rule_ids("tinynim") and "N-R1" in known_rule_ids("tinynim")
    assert gameui.ui_for("tinynim").help_docs == ("rules.md", "rulings.md")


def test_tiny_nim_undo_takes_back_a_move_through_the_contract(
        registered: list[EntryPoint], tmp_path: Path) -> None:
    """Undo asks the game whose move it was (``actor``) and whether it may go (``may_undo``): it
    reads no key of the action's JSON, so Tiny Nim's actions, which name no seat, undo too."""
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    from common.session import GameSession

    with GameSession.new("tinynim", ["Ann", "Bob"], 1, path=tmp_path / "nim.json") as session:
        session.apply(2)
        session.apply(1)
        assert not session.can_undo(0) and session.can_undo(1)  # only one's own last move
        session.undo(1)
        assert session.action_count == 1 and session.view(None)["pile"] == 5
        assert session.can_undo(0)
        session.undo(0)
        assert session.view(None)["pile"] == 7
        again = GameSession.load(tmp_path / "nim.json")
        assert again.action_count == 0  # the save was written without the moves taken back


def test_a_game_lacking_part_of_the_contract_is_refused_naming_it(
        registered: list[EntryPoint], monkeypatch: pytest.MonkeyPatch) -> None:
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    import tinynim  # type: ignore[import-not-found]

    monkeypatch.delattr(tinynim, "may_undo")
    with pytest.raises(GameLoadError, match="lacks part of the engine contract: may_undo"):
        GAMES["tinynim"]
    assert "tinynim" not in [ui.name for ui in gameui.all_uis()]
    assert any("may_undo" in p for p in gameui.problems())


# --------------------------------------------------------------------------- a broken game

BROKEN = EntryPoint("liarsdice", "liarsdice_not_installed:GAME", GROUP)


@pytest.fixture
def broken(registered: list[EntryPoint], monkeypatch: pytest.MonkeyPatch,
           tmp_path: Path) -> Path:
    """A registered game whose module is not installed (its line added, `pip install` not run
    again), and a data folder of the test's own."""
    registered.append(BROKEN)
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


class _NoApp:
    """Stands in for the Textual app: what the command does before it is what is tested."""

    started: ClassVar[list[object]] = []

    def __init__(self, session: object = None, **_: object) -> None:
        self.session = session
        self.return_code = 0
        _NoApp.started.append(session)

    def run(self) -> None:
        return None


def _said_once(err: str) -> None:
    lines = [line for line in err.splitlines() if "liarsdice" in line]
    assert len(lines) == 1 and "liarsdice_not_installed" in lines[0], err


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["orcz", "--help"]])
def test_help_works_and_names_the_broken_game(
        broken: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    from common.tui.cli import main

    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out, err = capsys.readouterr()
    assert "usage: hotseat" in out
    _said_once(err)


def test_every_command_works_beside_a_broken_game(
        broken: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import common.tui.app as app_module
    from common.tui.cli import main

    monkeypatch.setattr(app_module, "HotseatApp", _NoApp)
    _NoApp.started.clear()
    assert main(["rules", "orcz"]) == 0
    out, err = capsys.readouterr()
    assert "Orcz" in out.strip().splitlines()[0]
    _said_once(err)
    assert main(["orcz", "--players", "Ann,Bob", "--seed", "3"]) == 0
    _said_once(capsys.readouterr().err)
    for argv in (["resume"], ["learn"], []):  # the latest save, the lessons, the menu
        assert main(argv) == 0
        _said_once(capsys.readouterr().err)
    assert len(_NoApp.started) == 4 and _NoApp.started[0] is not None
    assert main(["simulate", "pirates", "--games", "2", "--seats", "random,random,random",
                 "--workers", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"games": 2' in out
    _said_once(err)
    with pytest.raises(SystemExit):  # not offered: it cannot be played
        main(["simulate", "liarsdice", "--seats", "random,random"])
    assert "liarsdice_not_installed" in capsys.readouterr().err


def test_a_save_of_a_game_that_no_longer_loads_is_said_not_a_crash(
        registered: list[EntryPoint], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Tiny Nim saved, then its module gone: resuming it says why, and the list of saves
    shows it among the others."""
    from common.session import GameSession
    from common.tui.cli import main
    from common.tui.menu import describe_save

    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    with GameSession.new("tinynim", ["Ann", "Bob"], 1) as session:
        session.apply(2)
        path = session.path
    registered[:] = [EntryPoint("tinynim", "tinynim_gone:GAME", GROUP)]
    GAMES.reset()
    words, over = describe_save(path)
    assert "tinynim" in words and "Ann, Bob" in words and not over
    assert main(["resume"]) == 1
    err = capsys.readouterr().err
    assert "cannot be resumed" in err and "tinynim_gone" in err


def test_an_open_ended_game_words_its_own_stage_in_the_list_of_saves(
        registered: list[EntryPoint], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny Nim has no fixed number of turns: its ``summary`` says ``stage("turn", 3)`` and its
    ``GameUI.stage_words`` word it, with no edit in common/."""
    from common.session import GameSession
    from common.tui.menu import STAGE_WORDS, describe_save

    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    assert "turn" not in STAGE_WORDS
    with GameSession.new("tinynim", ["Ann", "Bob"], 1) as session:
        path = session.path
        assert "— turn 1 (" in describe_save(path)[0]
        session.apply(2)
        session.apply(1)
        words, over = describe_save(path)
    assert "Tiny Nim: Ann, Bob — turn 3 (" in words and not over


def test_the_default_standings_name_each_place_and_its_points(
        registered: list[EntryPoint]) -> None:
    """A game without standings of its own (Tiny Nim) gets them readable and translated, never
    the rows' dicts."""
    registered.append(EntryPoint("tinynim", "tinynim:GAME", GROUP))
    from common import i18n
    from common.engine import get_game
    from common.tui.table_game import TableGame

    core = get_game("tinynim")
    state = core.new_game(["Ann", "Bob", "Cid"], 1)
    for take in (2, 2, 1, 1, 1):  # Ann 2+1, Bob 2+1, Cid 1: Bob takes the last stone
        state = core.apply(state, take)
    view, result = core.view(state, None), core.result(state)
    text = TableGame.standings(None, view, result).plain  # type: ignore[arg-type]
    assert text == "1. Bob — 3 points\n2. Ann — 3 points\n3. Cid — 1 point"
    assert "{" not in text and "seat" not in text
    i18n.set_language("fr")
    french = TableGame.standings(None, view, result).plain  # type: ignore[arg-type]
    assert french.splitlines()[2] == "3. Cid — 1\u00a0point"
