"""The Pirate's Cove table at work: a click picks, a refused choice shows the rules' reason, the
review shows every hand, a card bought is named on the buyer's panel only."""

from __future__ import annotations

import random
from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from pirates.actions import Navigate
from pirates.ui.log_words import describe
from pirates.ui.render import card_name
from pirates.ui.screens import PiratesTable
from tests.tui.driver import keys, screen_text, sync, wait_until


def session_until(seed: int, test: Any) -> GameSession:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], seed)
    rng = random.Random(seed)
    while not test(session.view(None)):
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    return session


async def open_table(pilot: Any) -> PiratesTable:
    """Pass the first curtain and wait for the seat's panel."""
    for _ in range(50):
        await pilot.pause()
        if isinstance(pilot.app.screen, CurtainScreen):
            break
    await keys(pilot, "enter")
    for _ in range(50):
        table = pilot.app.screen
        if isinstance(table, PiratesTable) and table.picker is not None:
            return table
        await pilot.pause()
    raise AssertionError("the seat's panel did not open")


@sync
async def test_a_click_on_an_island_sets_the_course() -> None:
    session = session_until(4, lambda v: v["phase"] == "navigation")
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await open_table(pilot)
        grid = table.query_one("#choices", ChoiceGrid)
        index = [c.value for c in grid.options].index(Navigate(seat, 2))
        offset = ((index % grid.columns) * grid.cell + 3, index // grid.columns)
        moves = session.action_count
        await pilot.click("#choices", offset=offset)
        await pilot.pause()
        assert session.action_count == moves + 1
        assert session.record.actions[-1] == {"type": "navigate", "seat": seat, "island": 2}


@sync
async def test_an_outfit_beyond_9_gold_shows_the_rules_reason_and_is_not_made() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await keys(pilot, *["plus"] * 6, "down", "right", "enter")  # hull 7, sails 2: 16 gold
        message = str(table.query_one("#message").render())
        assert "this outfit costs 16 gold and you have 9" in message
        assert session.action_count == 0
        await keys(pilot, "up", *["minus"] * 4, "enter")  # hull 3, sails 2: 4 gold
        assert session.action_count == 0  # Enter shows the whole outfit first
        prompt = str(table.query_one("#prompt").render())
        assert "Hull 3 · Sails 2 · Crew 1 · Cannons 1" in prompt
        assert "Enter outfits: 4 of 9 gold" in str(table.query_one("#choices").render())
        await keys(pilot, "enter")
        assert session.record.actions[-1]["levels"] == {"hull": 3, "sails": 2, "crew": 1,
                                                        "cannons": 1}


@sync
async def test_the_review_shows_every_hand_on_the_mats() -> None:
    session = session_until(9, lambda v: bool(v["over"]))
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "r")
        table = app.screen
        assert isinstance(table, PiratesTable) and table.reviewing
        await keys(pilot, "home", "right", "right", "right", "right")
        text = screen_text(app)
        assert "move 4 of" in text
        view = table.game.revealed_view(4)
        for player in view["players"]:
            assert player["revealed_hand"] == session.view_at(4, player["seat"])["hand"]
        mats = str(table.query_one("#mats").render())
        assert mats.count("· cards:") == 3


@sync
async def test_a_card_bought_on_tavern_island_is_named_on_the_buyers_panel_only() -> None:
    def buying(view: dict[str, Any]) -> bool:
        if view["phase"] != "island_effects" or view["parrot_choice"] or not view["to_act"]:
            return False
        me = view["players"][view["to_act"][0]]
        return bool(me["island"] == 1 and me["gold"] >= 2 and view["tavern_deck"] > 3)
    for seed in range(30):
        try:
            session = session_until(seed, buying)
            break
        except IndexError:
            continue
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PiratesTable)
                         and app.screen.picker is not None, "the public decision")
        table = app.screen
        assert isinstance(table, PiratesTable) and table.public_seat == seat
        labels = [c.label for c in table.query_one("#choices", ChoiceGrid).options]
        moves = session.action_count
        await keys(pilot, str(labels.index("Buy a Tavern card (2 gold)") + 1))
        await wait_until(pilot, lambda: session.action_count > moves, "the purchase")
        drawn = [describe(e, session.players) for e in session.view(seat)["log"]
                 if e["kind"] == "drew_card"][-1]
        assert drawn not in "\n".join(session.log_lines())  # the public log never names it
        if session.to_act() and session.to_act()[0] == seat and table.public_seat == seat:
            assert drawn not in screen_text(app)  # bought at the public table: not shown there
            await keys(pilot, "o")  # the buyer looks at it behind a curtain
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
            await keys(pilot, "enter")
            await wait_until(pilot, lambda: table.viewer == seat, "the buyer's panel")
        card = [e["card"] for e in session.view(seat)["log"] if e["kind"] == "drew_card"][-1]
        assert f"Drawn since your last turn: {card_name(card)}" in str(
            table.query_one("#message").render())


@sync
async def test_the_review_of_five_ships_at_80x24_scrolls_to_every_hand() -> None:
    """The review shows whole hands; with five ships at 80×24 they need more rows
    than the panel has, and ↑ ↓ bring every line into sight."""
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid", "Dee", "Eve"], 9)
    rng = random.Random(9)
    while not session.is_over():
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, PiratesTable)
                         and app.screen.reviewing, "the review")
        table = app.screen
        await keys(pilot, "end")
        panel = table.query_one("#private")
        await wait_until(pilot, lambda: panel.max_scroll_y >= 0, "the panel laid out")
        for _ in range(int(panel.max_scroll_y) + 2):
            await keys(pilot, "down")
        await wait_until(pilot, lambda: panel.scroll_y >= panel.max_scroll_y, "the panel's end")
        assert panel.max_scroll_y > 0 and panel.scroll_y == panel.max_scroll_y
        assert table.review is not None
        step = table.review.step
        await keys(pilot, "up")
        await wait_until(pilot, lambda: panel.scroll_y < panel.max_scroll_y, "scrolled up")
        assert table.review.step == step  # ↑ ↓ scroll; ← → step through the moves
