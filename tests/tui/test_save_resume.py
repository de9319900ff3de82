"""Autosave after every move; kill and resume; corrupt and hand-edited saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from common.save import decode_actions, encode_actions
from common.session import GameSession, latest_save
from common.storage import previous_of
from common.tui.app import HotseatApp
from common.tui.cli import main
from common.tui.curtain import CurtainScreen
from common.tui.menu import ErrorScreen, ResumeScreen
from orcz.ui.screens import OrczTable
from tests.tui.driver import (
    game_screen,
    keys,
    menu_pick,
    orcz_step,
    play_to_end,
    screen_text,
    settle,
    sync,
    wait_until,
)


@sync
async def test_every_move_is_saved_and_a_killed_game_resumes_at_the_curtain() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        rng = random.Random(1)
        for _ in range(9):
            await settle(pilot)
            await orcz_step(pilot, rng)
            saved = json.loads(session.path.read_text())
            assert len(decode_actions(saved["actions"])) == session.action_count
        before = session.view(None)
        moves = session.action_count
        assert moves >= 3
        # "kill": the app goes away without any goodbye; only the file remains
    path = latest_save()
    assert path == session.path
    resumed = GameSession.load(path)
    assert resumed.action_count == moves
    assert resumed.view(None) == before
    app = HotseatApp(resumed)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                         and app.screen.drawn, "the curtain")
        seat = resumed.to_act()[0]
        assert app.screen.player == resumed.players[seat]
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: game_screen(app).viewer == seat, "the seat's panel")
        await settle(pilot)
        await orcz_step(pilot, random.Random(2))
        assert resumed.action_count == moves + 1


def test_cli_resume_of_a_corrupt_save_prints_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "hotseat-save/1", "game": "orcz", "se')
    assert main(["resume", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "broken.json is not valid JSON" in err
    assert "Traceback" not in err


def test_cli_resume_of_a_hand_edited_save_prints_a_clear_message(
    capsys: pytest.CaptureFixture[str]
) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    session.apply(session.legal(session.to_act()[0])[0])
    data = json.loads(session.path.read_text())
    actions = decode_actions(data["actions"])
    actions[0]["battlefield"] = "nowhere"
    data["actions"] = encode_actions(actions)
    session.path.write_text(json.dumps(data))
    # With its copy of before the last save, the game would resume from it (a checksum cannot
    # tell an edit from damage: tests/common/test_save_generations.py); without one, refused.
    previous_of(session.path).unlink()
    assert main(["resume", str(session.path)]) == 1
    err = capsys.readouterr().err
    assert "checksum" in err and "Traceback" not in err


def test_cli_resume_without_any_save(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume"]) == 1
    assert "no saved game" in capsys.readouterr().err


@sync
async def test_menu_resume_of_a_corrupt_save_shows_the_message() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    session.path.write_text("not json at all")
    app = HotseatApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await menu_pick(pilot, "resume")
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ErrorScreen)
        assert "is not valid JSON" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, ResumeScreen)


@sync
async def test_menu_new_game_then_resume_from_the_menu() -> None:
    app = HotseatApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await menu_pick(pilot, "new:orcz")
        await pilot.press(*"Ann, Bob", "tab", "tab", *"42", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await play_to_end(pilot, seed=1, stop_after=6)
        played = game_screen(app).session.action_count
    app = HotseatApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await menu_pick(pilot, "resume")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await keys(pilot, "enter")
        assert isinstance(app.screen, OrczTable)
        assert game_screen(app).session.action_count == played
        assert game_screen(app).session.record.seed == 42
