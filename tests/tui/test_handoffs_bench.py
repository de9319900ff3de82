"""The hand-off benchmark (``tests/bench/handoffs.py``) can fail: a build that puts a public
decision behind a curtain misses its target, the real build meets it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from common.offer import Offer
from common.tui.flow import Flow
from tests.bench import handoffs

SHORT = 45  # policy moves: the outfitting, the first courses and the first public decisions


def test_the_floor_counts_each_opening_of_a_hand_once() -> None:
    tally = handoffs.Tally()
    for seat in range(3):  # three outfittings, one per seat
        tally.move(seat, handoffs.SECRET)
    tally.opened(1)  # Bob claims a window: the passes taken for the others cost nothing
    tally.move(0, handoffs.PUBLIC)
    tally.move(1, handoffs.CARD)  # the card he claimed it for, behind the same curtain
    tally.move(1, handoffs.SECRET)
    tally.public(2)  # Cid decides at the table: Bob's hand went down for it
    tally.move(1, handoffs.CARD)
    tally.public(None)  # the table's question
    tally.move(1, handoffs.SECRET)
    assert (tally.secret_choices, tally.hands_opened, tally.floor) == (4, 2, 6)


def short_game() -> dict[str, Any]:
    return asyncio.run(handoffs.play("pirates", 3, 11, moves=SHORT))


def test_the_real_build_meets_the_target() -> None:
    row = short_game()
    assert row["floor"] == row["secret_choices"] + row["hands_opened"]
    assert row["secret_choices"] >= 6  # 3 outfittings and 3 courses at least, by the rules
    assert row["curtains"] <= handoffs.TARGET * row["floor"], row


@pytest.mark.slow  # the check that the target can fail: CI runs it (-m slow)
def test_a_curtain_before_a_public_decision_fails_the_target(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def behind_a_curtain(flow: Flow, seat: int, offer: Offer) -> None:
        flow.handoff(seat)  # what the table may see, shown only after the seat's curtain

    monkeypatch.setattr(Flow, "show_public", behind_a_curtain)
    row = short_game()
    assert row["ratio"] > handoffs.TARGET, row


@pytest.mark.slow  # whole games through the keys: CI runs it (-m slow)
@pytest.mark.parametrize(("game", "players"), handoffs.GAMES)
def test_whole_games_meet_the_target(game: str, players: int) -> None:
    row = asyncio.run(handoffs.play(game, players, 11))
    assert row["curtains"] <= handoffs.TARGET * row["floor"], row
