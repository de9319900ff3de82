"""The Orcz table at 80×24 (as a player sees them): the results
notice after an attack, the share picker with its instructions and "impose nothing", and card
keys that keep their meaning from the LEFT to the RIGHT card."""

from __future__ import annotations

import random

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from orcz.actions import Impose, PlaceRank
from orcz.ui.picker import DeployPicker, SplitPicker
from orcz.ui.screens import OrczTable
from tests.tui.driver import game_screen, keys, screen_text, sync, wait_until


def session_until(kind: str, seed: int) -> GameSession:
    """A 3-player game played at random (no scouts) until ``kind`` is to be decided."""
    rnd = random.Random(seed)
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], seed)
    for _ in range(2000):
        view = session.view(None)
        if view["pending"]["kind"] == kind:
            return session
        seat = session.to_act()[0]
        legal = [a for a in session.legal(seat) if type(a).__name__ != "Scout"]
        session.apply(rnd.choice(legal))
    raise AssertionError(f"no {kind} reached")


async def open_panel(app: HotseatApp, pilot) -> OrczTable:
    """The decision to act on: a placement behind its curtain, an announcement (a fight, a
    split) at the public table with none."""

    def ready() -> bool:
        screen = app.screen
        return isinstance(screen, CurtainScreen) or getattr(screen, "picker", None) is not None

    await wait_until(pilot, ready, "the curtain or the table's decision")
    if isinstance(app.screen, CurtainScreen):
        await keys(pilot, "enter")
    game = game_screen(app)
    # a loaded machine draws the panel later: its picker is what the tests read
    await wait_until(pilot, lambda: app.screen is game and game.picker is not None,
                     "the panel's picker")
    return game


@sync
async def test_card_keys_are_the_same_for_left_and_right_and_heroes_have_keys() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        await keys(pilot, "2")  # Valley of Urth
        text = screen_text(app)
        assert "11 Champion" in text and "12 Shaman" in text  # the 11th and 12th cards
        await keys(pilot, "1", "1")  # the number typed in full
        assert isinstance(game.picker, DeployPicker) and game.picker.left == "champion"
        await keys(pilot, "escape")
        assert game.picker.step == "left"
        await keys(pilot, "1", "enter")  # infantry 1 as the LEFT card ("1" waits: 10, 11, 12)
        assert isinstance(game.picker, DeployPicker) and game.picker.step == "right"
        assert "12 Shaman" in screen_text(app)  # every card still on screen, keys unchanged
        await keys(pilot, "1", "enter")  # the same number again: infantry 1 is already used
        assert game.picker.step == "right"
        assert "already your LEFT card" in screen_text(app)
        await keys(pilot, "2", "l", "enter")  # infantry 2, as key 2 meant at the LEFT step
        assert session.record.actions[-1]["left"] == "infantry-1"
        assert session.record.actions[-1]["right"] == "infantry-2"


@sync
async def test_after_an_attack_everyone_sees_the_fight_before_the_next_curtain() -> None:
    session = session_until("fight", 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_panel(app, pilot)
        await keys(pilot, "a")
        assert isinstance(app.screen, NoticeScreen)
        text = screen_text(app)
        assert "What happened" in text and "attacks" in text
        assert " wins" in text or "tie" in text or "cancelled" in text or "skipped" in text


@sync
async def test_the_share_picker_is_readable_at_80x24_and_can_impose_nothing() -> None:
    session = session_until("impose", 11)
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        picker = game.picker
        assert isinstance(picker, SplitPicker)
        text = screen_text(app)
        assert "Who pays" in text
        assert "↑↓ player · ←→ or +/− share · Enter: confirm" in text  # whole, not cut
        assert "n or the last row: impose nothing" in text
        assert "Impose nothing" in text
        # a wrong total is refused; the reason goes away as soon as the shares change
        await keys(pilot, "down", "plus", "enter")
        assert "must add up to exactly" in screen_text(app)
        await keys(pilot, "minus")
        assert "must add up" not in screen_text(app)
        before = session.action_count
        await keys(pilot, "up", *["down"] * len(picker.candidates), "enter")
        assert session.action_count == before + 1
        action = session.record.actions[-1]
        assert action["type"] == "impose" and not any(action["payments"])
        assert action["seat"] == seat
        for _ in range(50):  # the notice comes once the move is applied
            if isinstance(app.screen, NoticeScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "imposes no payment" in screen_text(app)


def test_impose_nothing_is_a_legal_action_of_the_session() -> None:
    session = session_until("impose", 11)
    seat = session.to_act()[0]
    field = session.view(None)["pending"]["battlefield"]
    assert Impose(seat, field, (0, 0, 0)) in session.legal(seat)
    assert not [a for a in session.legal(seat) if isinstance(a, PlaceRank)]
