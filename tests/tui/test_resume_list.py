"""The resume list: players, game, how far it went or "finished", and a way
to delete finished games; a save open in another window is refused with a clear message."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from common.session import GameSession, list_saves
from common.tui.app import HotseatApp
from common.tui.menu import ErrorScreen, ResumeScreen, describe_save
from tests.tui.driver import menu_pick, screen_text, sync, wait_until


def _finished(game: str, players: list[str], seed: int) -> GameSession:
    session = GameSession.new(game, players, seed)
    pick = random.Random(seed)
    while not session.is_over():
        seat = session.to_act()[0]
        session.apply(pick.choice(session.legal(seat)))
    return session


def test_a_save_is_described_by_its_game_players_and_progress() -> None:
    ongoing = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 4)
    words, over = describe_save(ongoing.path)
    assert words.startswith("Pirate's Cove: Ann, Bob, Cid — before month 1") and not over
    done = _finished("orcz", ["Dan", "Eve"], 5)
    words, over = describe_save(done.path)
    assert words.startswith("Orcz: Dan, Eve — finished") and over


@sync
async def test_the_list_deletes_finished_games_only() -> None:
    ongoing = GameSession.new("orcz", ["Ann", "Bob"], 3)
    done = _finished("orcz", ["Dan", "Eve"], 5)
    ongoing.release()
    done.release()
    app = HotseatApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await menu_pick(pilot, "resume")
        await wait_until(pilot, lambda: "finished" in screen_text(app), "the list")
        assert "Orcz: Ann, Bob — round 1 of 2" in screen_text(app)
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        saves = screen.query_one("#saves")
        rows = [str(saves.get_option_at_index(i).id) for i in range(saves.option_count)]
        saves.highlighted = rows.index(str(ongoing.path))
        await pilot.press("d")
        assert ongoing.path.exists()  # a game in progress is never deleted here
        saves.highlighted = rows.index(str(done.path))
        await pilot.press("d")
        await wait_until(pilot, lambda: not done.path.exists(), "the deletion")
        assert list_saves() == [ongoing.path]


HOLD = """
import sys
from pathlib import Path
from common.session import GameSession
session = GameSession.load(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


@sync
async def test_a_game_open_elsewhere_is_refused_from_the_menu() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    session.release()
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(session.path)], text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             cwd=Path(__file__).resolve().parents[2])
    assert other.stdout is not None and other.stdout.readline().strip() == "holding"
    app = HotseatApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await menu_pick(pilot, "resume")
        await wait_until(pilot, lambda: "Ann, Bob" in screen_text(app), "the list")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ErrorScreen), "the refusal")
        assert "open in another hotseat" in screen_text(app)
    other.communicate("")
    assert other.returncode == 0
