"""Screens and keys: too small, help, undo, illegal choices, scout, orc challenge, splits."""

from __future__ import annotations

import random
from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.choices import Chosen, Refused
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.help import HelpScreen, load_doc
from common.tui.small import TooSmall, too_small
from orcz.actions import HandOut
from orcz.ui.picker import SplitPicker
from orcz.ui.screens import OrczTable, ScoutScreen
from tests.tui.driver import (
    game_screen,
    keys,
    orcz_step,
    press,
    ready,
    screen_text,
    settle,
    sync,
    wait_until,
)


def _body_shown(app: HotseatApp) -> bool:
    return all(w.display for w in app.screen.query(".body"))


@sync
async def test_a_too_small_terminal_shows_a_clear_message_then_the_game() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 5)
    app = HotseatApp(session)
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_until(pilot, lambda: too_small(app.screen), "the too-small notice")
        assert "The terminal is too small" in screen_text(app)
        await keys(pilot, "enter")  # no key acts on a hidden screen: the curtain stays
        assert isinstance(app.screen, CurtainScreen)
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: not too_small(app.screen), "the curtain at 80×24")
        await press(pilot, "enter", what="the table")
        assert isinstance(app.screen, OrczTable)
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: app.screen.query_one(TooSmall).display,
                         "the too-small notice over the table")
        assert not _body_shown(app)
        await keys(pilot, "2", "1", "enter", "2", "l", "enter")  # nothing is placed blind
        assert session.action_count == 0
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: not app.screen.query_one(TooSmall).display,
                         "the table at 80×24")
        assert _body_shown(app)
        text = screen_text(app)
        assert "Forest of Lothari" in text and "private panel" in text


@sync
async def test_help_screen_shows_keys_and_the_rules_from_docs() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 5)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        assert "Orcz keys" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


def test_rules_text_comes_from_the_games_folder_with_a_fallback() -> None:
    assert "Orcz" in load_doc("orcz-rules.md", "orcz")
    missing = load_doc("no-such-file.md", "orcz")
    assert "not installed" in missing and "no-such-file.md" in missing


@sync
async def test_undo_of_ones_own_placement_at_the_next_curtain() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await keys(pilot, "u")  # nothing to undo yet: the curtain stays (or comes back)
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and ready(app),
                         "the first curtain")
        first = session.to_act()[0]
        await press(pilot, "enter", what="the first panel")
        await press(pilot, "2", "1", "enter", "2", "l", "enter", what="the placement")
        assert session.action_count == 1
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "u", what="the undo")
        assert session.action_count == 0
        # The key may have been pressed by the next player already: a curtain comes first.
        assert isinstance(app.screen, CurtainScreen)
        assert session.players[first] in screen_text(app)
        await press(pilot, "enter", what="the panel of the player who took back")
        assert app.screen is game_screen(app) and app.screen.viewer == first
        assert "took back their last move" in screen_text(app)


@sync
async def test_an_illegal_choice_shows_the_reason_and_the_preview_comes_before_placing() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="the first panel")
        await press(pilot, "4", what="Desert of Thirst")  # an Anti-magic Zone this round
        game = game_screen(app)
        assert game.picker is not None
        await keys(pilot, "1", "2")  # the shaman, 12th card: its number typed in full
        assert "No shaman may be placed on Desert of Thirst" in screen_text(app).split(
            "private panel")[1]
        await press(pilot, "1", "enter", "2", "r", what="the preview")  # "1" waits for Enter
        text = screen_text(app)
        assert "you see:" in text and "others see:" in text
        assert session.action_count == 0
        await press(pilot, "escape", "escape", what="two steps back")
        assert "Choose the RIGHT card" in screen_text(app)


@sync
async def test_scout_any_player_curtain_peek_and_back() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="Bob's panel")
        await press(pilot, "2", "1", "enter", "2", "l", "enter", what="Bob's placement")
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cid"
        await press(pilot, "s", what="who scouts")
        assert isinstance(app.screen, PickPlayerScreen)
        assert "Ann" in screen_text(app) and "Bob" not in screen_text(app).split("listed.")[1]
        await press(pilot, "enter", "1", "enter", what="Ann's curtain")  # Ann scouts
        # (nothing selected: the first Enter did nothing, the digit chose Ann)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
        await press(pilot, "enter", what="the scout's choice")
        assert isinstance(app.screen, ScoutScreen)
        await press(pilot, "1", "enter", what="what the scout sees")
        assert isinstance(app.screen, NoticeScreen)
        assert "Your scout sees Bob's hidden card on Valley of Urth: Infantry 1" in \
            screen_text(app)
        await press(pilot, "enter", what="Cid's curtain again")
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cid"
        assert "Ann sends a scout" in "\n".join(session.log_lines())
        await press(pilot, "enter", what="Cid's panel")
        board = screen_text(app).split("Log")[0].split("2 Urth")[1]  # titles are short at 100
        assert "Inf1" not in board and "Infantry 1" not in board


@sync
async def test_orc_challenge_clock_and_challenge_key() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7, {"orc_challenge": True})
    app = HotseatApp(session, challenge_seconds=0.3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="the first panel")
        assert "⏱" in screen_text(app)
        await wait_until(pilot, lambda: "time's up" in screen_text(app), "the clock to run out")
        slow = game_screen(app).viewer
        await press(pilot, "c", what="who challenges")
        assert isinstance(app.screen, PickPlayerScreen)
        await press(pilot, "1", "enter", what="the challenged player's curtain")
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == session.players[slow]
        assert any("challenges" in line for line in session.log_lines())


@sync
async def test_a_computer_player_challenges_a_slow_person() -> None:
    """The computer players use the orc challenge at the table too: when a person's
    clock runs out, a computer seat may challenge them, publicly."""
    session = GameSession.new("orcz", ["Ann", "Hal", "Kit"], 7, {"orc_challenge": True},
                              bots=[None, "normal", "normal"])
    app = HotseatApp(session, challenge_seconds=0.2, bot_pause=0)
    rng = random.Random(3)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(12):
            await settle(pilot)
            game = game_screen(app)
            moves = session.action_count
            clock = game.orcz.clock
            await wait_until(pilot, lambda clock=clock, moves=moves: clock.expired
                             or session.action_count > moves or not clock.left,
                             "the clock or a challenge")
            if any(a.get("type") == "challenge" for a in session.record.actions):
                break
            await orcz_step(pilot, rng)
        challenges = [a for a in session.record.actions if a.get("type") == "challenge"]
        assert challenges and all(session.is_bot(a["seat"]) for a in challenges)
        assert challenges[0]["target"] == 0
        assert any("challenges" in line for line in session.log_lines())


def test_split_picker_must_total_the_amount() -> None:
    view: dict[str, Any] = {
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
        "pending": {"kind": "hand_out", "seat": 0, "amount": 2, "candidates": [1, 2]},
    }
    legal = [HandOut(0, "urth", s) for s in ((0, 2, 0), (0, 1, 1), (0, 0, 2))]
    picker = SplitPicker(view, legal)
    assert picker.pick(0) == Chosen(legal[0])
    picker.adjust(1, 1)
    assert isinstance(refused := picker.pick(0), Refused) and "exactly 2" in refused.reason
    picker.adjust(0, -1)
    assert picker.pick(0) == Chosen(legal[1])


@sync
async def test_scout_from_the_first_curtain_of_a_resumed_game() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    session.apply(session.legal(session.to_act()[0])[0])  # Bob places a rank
    app = HotseatApp(GameSession.load(session.path))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cid"
        await press(pilot, "s", what="who scouts")
        assert isinstance(app.screen, PickPlayerScreen)
        await press(pilot, "escape", what="Cid's curtain again")
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cid"


def _scouts_spent() -> GameSession:
    """A 2-player game in which each scout is played as soon as it may be, until neither seat
    may scout and a rank is to be placed."""
    from orcz.actions import PlaceRank, Scout

    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    rng = random.Random(3)
    while True:
        assert not session.is_over()
        legal = session.legal(session.to_act()[0])
        scouts = [a for s in (0, 1) for a in session.legal(s) if isinstance(a, Scout)]
        if scouts:
            session.apply(scouts[0])
        elif session.action_count > 8 and any(isinstance(a, PlaceRank) for a in legal):
            return session
        else:
            session.apply(rng.choice(legal))


@sync
async def test_the_key_bar_shows_scout_only_while_someone_may_scout() -> None:
    """The key bar shows only keys that act; once every scout is spent, s is
    neither shown nor does anything."""
    from common.tui.keybar import KeyBar

    session = _scouts_spent()
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="the panel")
        table = game_screen(app)
        assert table.viewer is not None and table.picker is not None
        assert "Scout" not in str(app.screen.query_one(KeyBar).render())
        await keys(pilot, "s")
        await settle(pilot)
        assert app.screen is table and table.viewer is not None
