"""Screen snapshots of the main states (fixed seeds, 100×32). Update with --snapshot-update."""

from __future__ import annotations

import random
from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp

SIZE = (100, 32)


def _session_until(kind: str, players: list[str], seed: int) -> GameSession:
    """A game advanced through the rules core (random legal moves) until ``kind`` is pending."""
    session = GameSession.new("orcz", players, seed)
    rng = random.Random(seed)
    while not session.is_over() and session.view(None)["pending"]["kind"] != kind:
        seat = session.to_act()[0]
        session.apply(rng.choice([a for a in session.legal(seat) if a.seat == seat
                                  and type(a).__name__ != "Scout"]))
    return session


def test_curtain(snap_compare: Any) -> None:
    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    assert snap_compare(app, terminal_size=SIZE)


def test_deployment_left_card(snap_compare: Any) -> None:
    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    assert snap_compare(app, press=["enter", "2"], terminal_size=SIZE)


def test_deployment_preview_with_a_rank_on_the_board(snap_compare: Any) -> None:
    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    press = ["enter", "2", "1", "enter", "2", "l", "enter", "enter", "2", "5", "1", "enter", "r"]
    assert snap_compare(app, press=press, terminal_size=SIZE)


def test_fight_decision(snap_compare: Any) -> None:
    """Attack or hold is announced at the public table: no curtain, nothing private."""
    app = HotseatApp(_session_until("fight", ["Ann", "Bob"], 4))
    assert snap_compare(app, terminal_size=SIZE)


def test_end_screen(snap_compare: Any) -> None:
    app = HotseatApp(_session_until("over", ["Ann", "Bob", "Cid"], 9))
    assert snap_compare(app, terminal_size=SIZE)


def test_a_long_notice_at_80x24_scrolls_with_the_way_on_in_sight(snap_compare: Any) -> None:
    from rich.text import Text

    from common.tui.dialogs import NoticeScreen

    lines = [f"Volley exchange {n}: Ann fires at Bob's hull: dice 4 5 5 1, 2 hits."
             for n in range(1, 31)]

    async def notice(pilot: Any) -> None:
        pilot.app.push_screen(NoticeScreen("What happened", Text("\n".join(lines)),
                                           public=True))
        await pilot.pause()

    app = HotseatApp(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    assert snap_compare(app, run_before=notice, press=["pagedown"], terminal_size=(80, 24))
