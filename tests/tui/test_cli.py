"""The ``hotseat`` command around the app: new games of every game, the farewell, exit codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import common.tui.app as app_module
from common.session import GameSession
from common.tui.cli import main


class FakeApp:
    """Stands in for the Textual app: the command's own work is what is tested here."""

    crash = False
    spoil_save = False

    def __init__(self, session: GameSession | None = None, **_: Any) -> None:
        self.session = session
        self.return_code: int | None = None

    def run(self) -> None:
        if FakeApp.spoil_save and self.session is not None:
            self.session._unsaved = True
        self.return_code = 1 if FakeApp.crash else 0


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> type[FakeApp]:
    FakeApp.crash = FakeApp.spoil_save = False
    monkeypatch.setattr(app_module, "HotseatApp", FakeApp)
    return FakeApp


def test_the_farewell_is_the_same_however_the_game_was_started(
    fake_app: type[FakeApp], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["orcz", "--players", "Ann,Bob", "--seed", "3"]) == 0
    started = capsys.readouterr().out
    assert main(["resume"]) == 0
    resumed = capsys.readouterr().out
    assert "the game is saved in" in started
    assert started == resumed


def test_saved_is_printed_only_when_it_is_true(
    fake_app: type[FakeApp], capsys: pytest.CaptureFixture[str]
) -> None:
    fake_app.spoil_save = True
    main(["orcz", "--players", "Ann,Bob", "--seed", "3"])
    out, err = capsys.readouterr()
    assert "the game is saved" not in out + err
    assert "could NOT be saved" in out + err


def test_a_crash_exits_non_zero(fake_app: type[FakeApp]) -> None:
    fake_app.crash = True
    assert main(["orcz", "--players", "Ann,Bob", "--seed", "3"]) == 1


@pytest.mark.parametrize("game,players", [("orcz", "Ann,Bob"), ("pirates", "Ann,Bob,Cid")])
def test_every_registered_game_starts_from_the_command(
    fake_app: type[FakeApp], data_dir: Path, game: str, players: str
) -> None:
    assert main([game, "--players", players, "--seed", "7"]) == 0
    saves = list((data_dir / "saves").glob(f"{game}-*.json"))
    assert len(saves) == 1
    assert GameSession.load(saves[0]).players == tuple(players.split(","))


@pytest.mark.parametrize("players,words", [
    ("Ann", "2 to 4 players"), ("Ann,ann", "different name"), ("Ann," + "x" * 200, "at most"),
])
def test_bad_names_are_refused_with_a_reason(
    fake_app: type[FakeApp], capsys: pytest.CaptureFixture[str], players: str, words: str
) -> None:
    assert main(["orcz", "--players", players]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_the_app_finds_every_games_stylesheet_without_importing_the_games() -> None:
    from common.tui.gameui import all_uis, stylesheets

    assert sorted(stylesheets()) == sorted(ui.css for ui in all_uis())
