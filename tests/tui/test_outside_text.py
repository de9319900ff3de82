"""Text from outside (paths, names) reaches the terminal as text: no escape sequence acts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import common.tui.app as app_module
from common.session import GameSession
from common.tui.cli import main

PAINT = "\x1b[2J\x1b[41m"  # clear the screen, paint it red


class QuietApp:
    """Stands in for the Textual app: only the command's own messages are tested here."""

    def __init__(self, session: GameSession | None = None, **_: Any) -> None:
        self.session = session
        self.return_code: int | None = 0

    def run(self) -> None:
        pass


def test_shown_writes_controls_out_and_keeps_letters_and_emoji() -> None:
    from common.words import shown

    assert shown(f"/x/{PAINT}X.json") == "/x/\\x1b[2J\\x1b[41mX.json"
    assert shown("a\u202eb\x9bc\u2028") == "a\\u202eb\\x9bc\\u2028"
    assert shown("Zoë 👨‍👩‍👧") == "Zoë 👨‍👩‍👧"  # joiners of an emoji family stay


def test_a_path_with_escapes_is_echoed_as_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["resume", str(tmp_path / f"{PAINT}X.json")]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "\\x1b[2J\\x1b[41mX.json" in err


def test_the_exit_line_shows_a_data_folder_with_escapes_as_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / f"d{PAINT}"))
    monkeypatch.setattr(app_module, "HotseatApp", QuietApp)
    assert main(["orcz", "--players", "Ann,Bob,Cid", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "game is saved in" in out
    assert "\x1b" not in out and "d\\x1b[2J" in out


def test_the_resume_list_shows_a_file_name_with_escapes_as_text(data_dir: Path) -> None:
    from textual.widgets import OptionList

    from common.tui.app import HotseatApp
    from common.tui.menu import ResumeScreen
    from tests.tui.driver import sync, wait_until

    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    (saves / f"{PAINT}X.json").write_text("not a save")

    @sync
    async def look() -> None:
        app = HotseatApp()
        async with app.run_test(size=(100, 32)) as pilot:
            app.push_screen(ResumeScreen())
            await wait_until(pilot, lambda: app.screen.query_one("#saves", OptionList)
                             .option_count == 1, "the list of saves")
            option = app.screen.query_one("#saves", OptionList).get_option_at_index(0)
            prompt = str(option.prompt)
            assert "\x1b" not in prompt and "\\x1b[2J\\x1b[41mX.json" in prompt

    look()

