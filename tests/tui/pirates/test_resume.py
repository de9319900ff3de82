"""A saved Pirate's Cove game rebuilt from its file resumes at the right curtain: mid-combat and
in the middle of the secret navigation (only the seats still to choose are called)."""

from __future__ import annotations

import random
from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from pirates.ui.picker import TreePicker
from pirates.ui.screens import PiratesTable
from tests.tui.driver import keys, pirates_step, screen_text, sync, wait_until
from tests.tui.secrecy import check_screen


def session_until(players: list[str], seed: int, test: Any) -> GameSession:
    """A saved game advanced through the rules core (seeded random moves) until ``test``."""
    session = GameSession.new("pirates", players, seed)
    rng = random.Random(seed)
    while not test(session.view(None)):
        assert not session.is_over()
        seat = rng.choice(session.to_act())  # secret choices in any order
        session.apply(rng.choice(session.legal(seat)))
    return session


async def resume(session: GameSession, expect_seat: int) -> tuple[HotseatApp, Any]:
    loaded = GameSession.load(session.path)
    assert loaded.action_count == session.action_count
    assert loaded.view(None) == session.view(None)
    return HotseatApp(loaded), loaded


@sync
async def test_resume_mid_combat_lands_on_the_public_volley_of_the_ship_to_fire() -> None:
    """A volley is chosen at the public table: the resumed game shows it with no
    curtain and nothing private, and ``o`` brings the curtain before the hand."""
    def volleys(view: dict[str, Any]) -> bool:
        cb = view["combat"]
        return bool(cb and cb["stage"] == "volleys" and cb["exchange"] >= 1
                    and view["to_act"] and not view["parrot_choice"]
                    and view["players"][view["to_act"][0]]["cards_in_hand"] > 0)
    session = session_until(["Ann", "Bob", "Cid", "Dan"], 5, volleys)
    seat = session.to_act()[0]
    app, loaded = await resume(session, seat)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PiratesTable)
                         and app.screen.picker is not None, "the public volley")
        table = app.screen
        assert isinstance(table, PiratesTable)
        assert table.viewer is None and table.public_seat == seat
        assert isinstance(table.picker, TreePicker)
        island = loaded.view(None)["combat"]["island"]
        text = screen_text(app)
        assert "volleys, exchange" in text
        assert f"Combat off {loaded.view(None)['islands'][island - 1]['name']}" in text
        assert "decides at the table" in text
        check_screen(app, loaded)
        await keys(pilot, "o")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert app.screen.player == loaded.players[seat]
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: table.viewer == seat, "the hand")
        check_screen(app, loaded)
        moves = loaded.action_count
        await pirates_step(pilot, random.Random(4))
        assert loaded.action_count > moves


@sync
async def test_resume_mid_secret_navigation_calls_only_the_seats_still_to_choose() -> None:
    def half_chosen(view: dict[str, Any]) -> bool:
        chosen = [p["has_chosen"] for p in view["players"]]
        return view["phase"] == "navigation" and view["month"] >= 2 and \
            view["lookout_first"] is None and any(chosen) and not chosen[0]
    session = session_until(["Ann", "Bob", "Cid", "Dan", "Eve"], 2, half_chosen)
    waiting = list(session.to_act())
    chosen = [s for s in range(5) if s not in waiting]
    assert chosen and 0 in waiting
    app, loaded = await resume(session, waiting[0])
    async with app.run_test(size=(100, 32)) as pilot:
        called = []
        rng = random.Random(3)
        while loaded.view(None)["phase"] == "navigation":
            await pilot.pause()
            check_screen(app, loaded)
            if isinstance(app.screen, CurtainScreen):
                called.append(loaded.players.index(app.screen.player))
            await pirates_step(pilot, rng)
        assert called == waiting
        await pilot.pause()
        assert "Courses revealed" in screen_text(app)  # the public notice of the reveal
