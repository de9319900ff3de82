"""The end of a game in pictures: each player's score through the game, read from
the public log, ends where the standings end; the end screen and the review draw it."""

from __future__ import annotations

import random
from typing import Any

from textual.geometry import Region
from textual.widgets import Static

import orcz
import pirates
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from common.tui.gameui import ui_for
from orcz.data import START_GOBLINS
from orcz.ui.render import card_short
from tests.tui.driver import screen_text, sync, wait_until

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def finished(module: Any, players: int, seed: int) -> Any:
    state = module.new_game(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    while not module.is_over(state):
        seat = module.to_act(state)[0]
        state = module.apply(state, rng.choice(module.legal_actions(state, seat)))
    return state


def test_o_r3_goblins_round_by_round_follow_the_public_payments_to_the_final_counts() -> None:
    for seed in range(6):
        players = 2 + seed % 3
        end = orcz.view(finished(orcz, players, seed), None)
        series = ui_for("orcz").score_series(end["log"], players)
        assert series is not None
        rounds = sum(1 for e in end["log"] if e["kind"] == "round_end")
        assert series.labels == ["start", *(f"round {r}" for r in range(1, rounds + 1))]
        assert [row[0] for row in series.rows] == [START_GOBLINS] * players
        assert [row[-1] for row in series.rows] == [p["goblins"] for p in end["players"]]


def test_pirates_fame_month_by_month_ends_on_the_final_fame_with_the_fame_cards() -> None:
    for seed in range(3):
        players = 3 + seed
        end = pirates.view(finished(pirates, players, seed), None)
        series = ui_for("pirates").score_series(end["log"], players)
        assert series is not None
        assert series.labels[0] == "start" and series.labels[-1] == "fame cards"
        assert len(series.labels) == 12 + 2
        start = pirates.view(pirates.new_game(NAMES[:players], seed=seed), None)
        assert [row[0] for row in series.rows] == [p["fame"] for p in start["players"]]
        assert [row[-1] for row in series.rows] == [p["fame"] for p in end["players"]]
        cards = {e["seat"]: e["fame"] for e in end["log"] if e["kind"] == "fame_cards"}
        assert [row[-1] - row[-2] for row in series.rows] == [
            cards.get(seat, 0) for seat in range(players)]


def test_no_chart_before_the_first_round_is_over() -> None:
    view = orcz.view(orcz.new_game(NAMES[:3], seed=1), None)
    assert ui_for("orcz").score_series(view["log"], 3) is None


@sync
async def test_the_end_screen_and_the_review_draw_the_chart_and_every_hand_at_80x24() -> None:
    session = GameSession.new("orcz", NAMES[:4], 5)
    rng = random.Random(5)
    while not session.is_over():
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen)
                         and "round by round" in screen_text(app), "the end screen's chart")
        text = screen_text(app)
        final = session.view(None)["players"]
        for player in final:  # a row of bars per player, ending on the final count
            assert any(line.strip().startswith(player["name"] + " ")
                       and line.rstrip(" │").endswith(f" {player['goblins']}")
                       for line in text.splitlines()), player
        await pilot.press("r")
        await wait_until(pilot, lambda: "Goblins, round by round" in screen_text(app),
                         "the review's chart")
        await pilot.press("home", *["right"] * 40)
        review = app.screen
        shown = getattr(review, "review", None)  # the table's review part
        await wait_until(pilot, lambda: getattr(shown, "step", None) == 40,
                         "move 40 of the review")
        await pilot.pause()
        panel = review.query_one("#hand", Static)
        written = panel.render().plain if hasattr(panel.render(), "plain") else ""
        for seat in range(4):
            hand = " ".join(card_short(c) for c in session.view_at(40, seat)["hand"])
            assert hand in written, (seat, hand, written)
        width, height = panel.outer_size
        lines = [strip.text.strip() for strip in panel.render_lines(Region(0, 0, width, height))]
        screen = [strip.text for strip in app.screen._compositor.render_strips()]
        for line in filter(None, lines):  # the whole of it on screen, nothing cut
            assert any(line in row for row in screen), (line, screen)
