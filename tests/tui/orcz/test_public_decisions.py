"""Orcz's announcements at the public table: attack or hold, the hand-out and the
imposed payments are chosen with no curtain; ``o`` opens the seat's own hidden cards behind its
curtain (the log says it looked, not what); a public notice takes its own key press."""

from __future__ import annotations

from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from orcz.ui.picker import FightPicker, SplitPicker
from orcz.ui.screens import OrczTable
from tests.tui.driver import game_screen, keys, press, screen_text, settle, sync, wait_until
from tests.tui.orcz.test_table_fit import session_until
from tests.tui.secrecy import check_screen


async def _public_decision(app: HotseatApp, pilot: Any, session: GameSession,
                           picker: type) -> OrczTable:
    """The first screen is the table itself, deciding in public: no curtain, nothing private."""
    await settle(pilot)
    table = game_screen(app)
    seat = session.to_act()[0]
    assert app.screen is table, f"not the public table: {type(app.screen).__name__}"
    assert table.viewer is None and table.public_seat == seat
    assert isinstance(table.picker, picker)
    text = screen_text(app)
    assert f"{session.players[seat]} decides at the table (public)" in text
    assert "private panel" not in text
    check_screen(app, session)
    return table


def _curtains(app: HotseatApp) -> list[str]:
    return [s.player for s in app.screen_stack if isinstance(s, CurtainScreen)]


@sync
async def test_attack_or_hold_is_announced_at_the_public_table() -> None:
    session = session_until("fight", 11)
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await _public_decision(app, pilot, session, FightPicker)
        moves = session.action_count
        await keys(pilot, "a")
        await wait_until(pilot, lambda: session.action_count > moves, "the attack")
        assert session.record.actions[-1] == {**session.record.actions[-1], "type": "attack",
                                              "seat": seat}
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen), "the results")
        check_screen(app, session)


@sync
async def test_the_hand_out_is_chosen_at_the_public_table() -> None:
    session = session_until("hand_out", 5)
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _public_decision(app, pilot, session, SplitPicker)
        picker = table.picker
        assert isinstance(picker, SplitPicker)
        moves = session.action_count
        # the first split offered: all to the first candidate (down to its row: Enter confirms)
        await keys(pilot, "down")
        await press(pilot, "enter", what="the hand-out applied")
        assert session.action_count == moves + 1
        assert session.record.actions[-1]["type"] == "hand_out"
        assert session.record.actions[-1]["seat"] == seat
        check_screen(app, session)


@sync
async def test_payments_are_imposed_at_the_public_table() -> None:
    session = session_until("impose", 11)
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await _public_decision(app, pilot, session, SplitPicker)
        moves = session.action_count
        await keys(pilot, "n")  # impose nothing (O-R18)
        await wait_until(pilot, lambda: session.action_count > moves, "the imposition")
        action = session.record.actions[-1]
        assert action["type"] == "impose" and action["seat"] == seat
        assert not any(action["payments"])
        assert not _curtains(app) or _curtains(app)[-1] != session.players[seat]


@sync
async def test_o_opens_the_seats_own_cards_behind_its_curtain_and_the_table_sees_it() -> None:
    session = session_until("fight", 11)
    seat = session.to_act()[0]
    name = session.players[seat]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _public_decision(app, pilot, session, FightPicker)
        assert f"o: {name} looks at their own hidden cards first" in screen_text(app)
        await press(pilot, "o", what="the seat's curtain")
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == name
        await press(pilot, "enter", what="the seat's own panel")
        assert app.screen is table and table.viewer == seat
        assert isinstance(table.picker, FightPicker)
        assert f"{name}'s private panel" in screen_text(app)
        check_screen(app, session)
        lines = session.log_lines()
        assert lines[-1] == f"{name} looked at their own hidden cards behind the curtain."
        moves = session.action_count
        await keys(pilot, "h")  # decided on the private panel: a hold
        await wait_until(pilot, lambda: session.action_count > moves, "the hold")
        assert session.record.actions[-1]["type"] == "hold"


@sync
async def test_a_public_notice_is_not_skipped_by_a_hurried_second_enter() -> None:
    """After a hand-out, a second Enter once skipped "What happened": it must not."""
    session = session_until("hand_out", 5)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):  # a build that asks behind a curtain
            await press(pilot, "enter", what="the panel")
        moves = session.action_count
        await keys(pilot, "down")
        await keys(pilot, "enter", "enter")  # the second one typed before the notice is drawn
        await wait_until(pilot, lambda: session.action_count > moves, "the hand-out")
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                         and getattr(app.screen, "drawn", True), "the results notice, drawn")
        notice = app.screen
        await pilot.pause()
        assert app.screen is notice, "the notice was skipped"
        assert "What happened" in screen_text(app)
        await press(pilot, "enter", what="past the notice")
        assert app.screen is not notice
