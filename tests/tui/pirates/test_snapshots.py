"""Screen snapshots of the Pirate's Cove table (fixed seeds, 100×32 and 80×24): the map and the
mats at the secret navigation, the outfitting mat, a combat, the end screen.
Update with --snapshot-update."""

from __future__ import annotations

import random
from typing import Any

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp

SIZE = (100, 32)
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def session_until(players: int, seed: int, test: Any) -> GameSession:
    session = GameSession.new("pirates", NAMES[:players], seed)
    rng = random.Random(seed)
    while not test(session.view(None)):
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    return session


def _navigation(view: dict[str, Any]) -> bool:
    return bool(view["phase"] == "navigation" and view["month"] == 3)


def _combat(view: dict[str, Any]) -> bool:
    cb = view["combat"]
    return bool(cb and cb["stage"] == "volleys" and len(cb["fighters"]) >= 2
                and not view["parrot_choice"] and view["month"] >= 3)


def test_outfitting_mat(snap_compare: Any) -> None:
    app = HotseatApp(GameSession.new("pirates", NAMES[:3], 7))
    assert snap_compare(app, press=["enter", "plus", "plus", "down", "right"],
                        terminal_size=SIZE)


def test_map_and_mats_at_the_secret_navigation(snap_compare: Any) -> None:
    app = HotseatApp(session_until(4, 3, _navigation))
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)


def test_combat_of_five_ships(snap_compare: Any) -> None:
    app = HotseatApp(session_until(5, 3, _combat))
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)


def test_combat_at_80x24(snap_compare: Any) -> None:
    app = HotseatApp(session_until(5, 3, _combat))
    assert snap_compare(app, press=["enter"], terminal_size=(80, 24))


def test_end_screen(snap_compare: Any) -> None:
    app = HotseatApp(session_until(3, 9, lambda v: bool(v["over"])))
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.slow  # 120 steps of the review drawn one by one: CI runs it (-m slow)
def test_review_at_80x24_every_hand_beside_the_fame_so_far(snap_compare: Any) -> None:
    app = HotseatApp(session_until(4, 9, lambda v: bool(v["over"])))
    assert snap_compare(app, press=["r", "home", *["right"] * 120], terminal_size=(80, 24))
