"""A whole seeded game played through the interface with keys, to the end and the review."""

from __future__ import annotations

import json

import pytest

from common import i18n
from common.save import decode_actions
from common.session import GameSession, latest_save
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid
from common.tui.end import EndScreen
from common.tui.gameui import key_of
from orcz.ui.picker import DeployPicker
from orcz.ui.render import field_column
from orcz.ui.screens import OrczTable
from orcz.ui.widgets import FieldPanel
from tests.tui.driver import play_to_end, press, screen_text, sync, wait_until
from tests.tui.secrecy import check_screen


@sync
async def test_whole_two_player_game_through_the_keys() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 11)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        trace = await play_to_end(pilot, seed=3)
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Standings" in text
        assert "The game is over" in text
        assert any(t.startswith("place") for t in trace)
        assert any(t.startswith("curtain") for t in trace)
        # the review shows every card, step by step
        await press(pilot, "r", what="the review")
        assert isinstance(app.screen, OrczTable) and app.screen.reviewing
        for key in ("home", "right", "right"):
            await press(pilot, key)
        assert "move 2 of" in screen_text(app)
        await press(pilot, "escape", what="the end screen again")
        assert isinstance(app.screen, EndScreen)
    path = latest_save()
    assert path is not None and path == session.path
    saved = json.loads(path.read_text())
    assert len(decode_actions(saved["actions"])) == session.action_count
    assert GameSession.load(path).is_over()


@pytest.mark.slow  # rounds through the keys; the short key fuzz checks secrecy in the suite
@sync
async def test_three_player_rounds_with_scouts_and_undos_leak_nothing() -> None:
    """Every screen shown on the way holds no other seat's secret (cards, goblins, scouts)."""
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        trace = await play_to_end(pilot, seed=5, extras=True, stop_after=90,
                                  check=lambda: check_screen(app, session))
    assert "scout" in trace
    assert "undo" in trace
    assert any("took back" in n.text for n in session.notes)


@pytest.mark.slow
@sync
async def test_a_whole_four_player_game_through_the_keys_leaks_nothing() -> None:
    """With curtains only before secrets, every screen of a whole 4-player game
    still holds no other seat's secret."""
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid", "Dee"], 11)
    app = HotseatApp(session, bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        trace = await play_to_end(pilot, seed=11, extras=True,
                                  check=lambda: check_screen(app, session))
    assert trace[-1] == "end" and session.is_over()


@pytest.mark.parametrize("language", ["en", "fr"])  # the French scan uses it too
@sync
async def test_the_secrecy_check_catches_a_leak(language: str) -> None:
    """Guard for the guard: a screen that shows another seat's view must fail the check."""
    i18n.set_language(language)
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "enter", what="Bob's panel")
        await press(pilot, "2", "1", "enter", "2", key_of("l", "orcz.left"), "enter",  # French: g
                    what="Bob's placement")
        await press(pilot, "enter", what="Cid's panel")
        game = app.screen
        assert isinstance(game, OrczTable) and game.viewer == 2
        check_screen(app, session)  # Cid's own panel: fine
        # Bob's panel drawn as if his curtain had been lifted, then Cid named the viewer again
        # behind the holder's back: the check must see Bob's panel on Cid's screen
        game.holder.lift(1)
        game.viewer = 1
        game.refresh_all()
        await pilot.pause()
        game.holder.lift(2)
        game._viewer = 2
        with pytest.raises(AssertionError):
            check_screen(app, session)


def _board(table: OrczTable) -> list[str]:
    return [str(panel.render()) for panel in table.query(FieldPanel)]


@sync
async def test_review_reveals_every_card_and_a_click_picks_an_option() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 11)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "enter", what="the first panel")
        game = app.screen
        assert isinstance(game, OrczTable) and isinstance(game.picker, DeployPicker)
        grid = game.query_one(ChoiceGrid)
        # a click lands where the grid is drawn: wait for its layout, not for a while
        await wait_until(pilot, lambda: grid.region.width > 2 * grid.cell and bool(grid.options),
                         "the battlefields on screen")
        await pilot.click(ChoiceGrid, offset=(grid.cell + 2, 0))  # the 2nd battlefield
        await wait_until(pilot, lambda: getattr(game.picker, "field", None) is not None,
                         "the click to pick a battlefield")
        assert isinstance(game.picker, DeployPicker) and game.picker.field == "urth"
        await press(pilot, "escape", what="the battlefields again")
        await play_to_end(pilot, seed=3)
        await press(pilot, "r", what="the review")
        await press(pilot, "home", what="the review's start")
        review = app.screen
        assert isinstance(review, OrczTable) and review.review is not None
        assert review.review.step == 0
        for step in range(1, 7):
            await press(pilot, "right", what=f"move {step} of the review")
            assert review.review.step == step
            expected = [field_column(f, review.orcz.tags).plain
                        for f in review.orcz.revealed_view(step)["battlefields"]]
            await wait_until(pilot, lambda shown=expected: _board(review) == shown,
                             f"the board of move {step}")
            assert any(expected) and "▒" not in "".join(expected)
