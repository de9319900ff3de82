"""The exit line of a finished game: nothing is left to continue."""

from __future__ import annotations

from typing import Any

import pytest

import common.tui.app as app_module
from common.session import GameSession
from common.tui.cli import main


class PlayToTheEnd:
    """Stands in for the app: plays the game to its end with each seat's first legal move."""

    def __init__(self, session: GameSession | None = None, **_: Any) -> None:
        self.session = session
        self.return_code: int | None = 0

    def run(self) -> None:
        session = self.session
        assert session is not None
        while not session.is_over():
            session.apply(session.legal(session.to_act()[0])[0])


def test_quitting_a_finished_game_does_not_say_it_continues(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app_module, "HotseatApp", PlayToTheEnd)
    assert main(["orcz", "--players", "Ann,Bob", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "the game is over" in out and "continues it" not in out
