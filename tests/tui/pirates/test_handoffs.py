"""Hand-offs only where a secret needs them, at the Pirate's Cove table.

A window nobody plays in costs one key and no curtain; a claim brings only the claimant's curtain;
a volley is chosen at the public table; the flow is the same whatever the hands hold; Enter
confirms only a choice made on the panel."""

from __future__ import annotations

import random
from typing import Any

import pirates
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.keybar import KeyBar
from common.tui.table import StatusLine
from common.tui.window import WindowPicker
from pirates.actions import Bury, Fire, Pass, PlayVolley
from pirates.ui.screens import PiratesTable
from tests.tui.driver import keys, pirates_step, pirates_table, press_route, sync, wait_until
from tests.tui.keyclock import Clock, typed

NAMES = ["Ann", "Bob", "Cid"]


def outfitted(tavern: list[str], seed: int = 11) -> GameSession:
    """Three people, every ship outfitted alike: the first window of month 1 is next."""
    session = GameSession.new("pirates", NAMES, seed, setup={"tavern": tavern})
    for seat in range(3):
        session.apply(pirates.actions.Outfit(seat, (2, 1, 1, 1)))
    return session


class Screens:
    """What the table showed, as a sequence: curtains (whose), window questions (who may
    claim), public decisions (whose) and private panels (whose)."""

    def __init__(self, app: HotseatApp) -> None:
        self.app = app
        self.seen: list[tuple[str, Any]] = []

    def look(self) -> None:
        top = self.app.screen
        game = pirates_table(self.app)
        if isinstance(top, CurtainScreen):
            moment: tuple[str, Any] = ("curtain", top.player)
        elif game is None or top is not game or game.picker is None:
            return
        elif isinstance(game.picker, WindowPicker):
            moment = ("window", tuple(seat for seat, _ in game.picker.seats))
        elif game.viewer is None:
            moment = ("public", game.public_seat)
        else:
            moment = ("private", game.viewer)
        if not self.seen or self.seen[-1] != moment:
            self.seen.append(moment)

    def curtains(self) -> int:
        return sum(kind == "curtain" for kind, _ in self.seen)


async def at_window(pilot: Any, app: HotseatApp) -> PiratesTable:
    await wait_until(pilot, lambda: (t := pirates_table(app)) is not None and app.screen is t
                     and isinstance(t.picker, WindowPicker), "the window's question")
    game = pirates_table(app)
    assert game is not None
    return game


async def anns_panel(pilot: Any, app: HotseatApp) -> PiratesTable:
    """Past Ann's curtain, her panel with its decision."""
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
    await keys(pilot, "enter")
    game = pirates_table(app)
    assert game is not None
    await wait_until(pilot, lambda: game.viewer == 0 and game.picker is not None, "Ann's panel")
    return game


@sync
async def test_a_window_nobody_plays_in_costs_one_key_and_no_curtain() -> None:
    session = outfitted(["smoke-1", "bones", "flint"])
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_window(pilot, app)
        screens = Screens(app)
        assert game.viewer is None  # nothing private on the table
        status = str(game.query_one(StatusLine).content)  # the whole line, shortened or not
        # the question is the table's: no seat is named as the one waited for
        assert "asked of the whole table" in status and "waiting for" not in status
        moves = session.action_count
        await keys(pilot, "n")

        def closed() -> bool:  # every screen on the way is looked at
            screens.look()
            return session.view(None)["phase"] == "navigation"

        await wait_until(pilot, closed, "the window to close")
        assert list(session.record.actions[moves:]) == [
            pirates.action_to_json(Pass(seat)) for seat in (0, 1, 2)]
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        # the first curtain after the window is the secret navigation's
        assert screens.curtains() <= 1 and session.view(None)["phase"] == "navigation"


@sync
async def test_a_claim_brings_only_the_claimants_curtain_and_a_pass_ends_their_turn() -> None:
    session = outfitted(["privateering", "bones", "flint"])
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        game = await at_window(pilot, app)
        assert [seat for seat, _ in game.picker.seats] == [0]  # only Ann holds a card
        await keys(pilot, "2")  # each key is a seat's number: Bob's row is there, greyed
        await wait_until(pilot, lambda: "Bob has no card" in str(
            game.query_one("#message").render()), "why Bob cannot claim")
        assert not isinstance(app.screen, CurtainScreen)
        await keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        assert app.screen.player == "Ann"
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: game.viewer == 0 and game.picker is not None,
                         "Ann's panel")
        assert "Privateering" in str(game.query_one("#hand").render())
        moves = session.action_count
        await press_route(pilot, game, Pass(0), random.Random(0))
        await wait_until(pilot, lambda: session.view(None)["phase"] == "navigation",
                         "the window to close")
        assert list(session.record.actions[moves:]) == [
            pirates.action_to_json(Pass(seat)) for seat in (0, 1, 2)]


async def flow_until_anns_choice(card: str) -> list[tuple[str, Any]]:
    """The screens of a game where Ann holds ``card``, nobody playing in any window, until
    Ann's own next panel."""
    app = HotseatApp(outfitted([card, "bones", "flint"]))
    async with app.run_test(size=(100, 32)) as pilot:
        screens = Screens(app)
        rng = random.Random(5)
        for _ in range(60):
            await wait_until(pilot, lambda: app.screen.is_mounted, "a screen")
            screens.look()
            if screens.seen and screens.seen[-1] == ("private", 0):
                break
            game = pirates_table(app)
            if game is not None and isinstance(game.picker, WindowPicker):
                await keys(pilot, "n")  # nobody plays: the keys do not depend on the hand
            else:
                await pirates_step(pilot, rng)
    return screens.seen


@sync
async def test_the_flow_is_the_same_whatever_the_hands_hold() -> None:
    """The secrecy property of the flow: two games that differ only in Ann's hidden card show
    the same curtains, questions and panels for the same keys, up to Ann's next own choice."""
    flows = [await flow_until_anns_choice(card) for card in ("smoke-1", "privateering")]
    assert flows[0] == flows[1]
    assert ("private", 0) in flows[0] and any(kind == "window" for kind, _ in flows[0])


@sync
async def test_enter_sets_no_course_until_a_choice_is_moved_to() -> None:
    session = outfitted(["smoke-1", "bones", "flint"])
    session.apply(Pass(0))
    session.apply(Pass(1))
    session.apply(Pass(2))
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await anns_panel(pilot, app)
        moves = session.action_count
        await keys(pilot, "enter", "enter")  # a hurried player's habit
        assert session.action_count == moves
        bar = game.query_one(KeyBar)
        assert "Choose" not in str(bar.render()) and "Pick" in str(bar.render())
        await keys(pilot, "right", "right")  # the first arrow selects the first island
        await wait_until(pilot, lambda: "Choose" in str(bar.render()), "Enter to act")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: session.action_count == moves + 1, "the course")
        assert session.record.actions[-1] == {"type": "navigate", "seat": 0, "island": 2}


@sync
async def test_a_public_move_that_revealed_nothing_can_be_taken_back_at_the_table() -> None:
    """Undo stays: an upgrade chosen at the public table, then ``u``."""
    def upgrading(session: GameSession) -> bool:
        view = session.view(None)
        seats = session.to_act()
        if view["phase"] != "island_effects" or not seats or view["parrot_choice"]:
            return False
        offer = session.offer(seats[0])
        return any(type(a).__name__ == "Upgrade" for a in offer.public)
    rng = random.Random(8)
    session = GameSession.new("pirates", NAMES, 21)
    while not upgrading(session):
        session.apply(rng.choice(session.legal(rng.choice(session.to_act()))))
    seat = session.to_act()[0]
    upgrade = next(a for a in session.offer(seat).public if type(a).__name__ == "Upgrade")
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: (t := pirates_table(app)) is not None and app.screen is t
                         and t.public_seat == seat and t.picker is not None, "the effects")
        game = pirates_table(app)
        assert game is not None
        moves = session.action_count
        await press_route(pilot, game, upgrade, random.Random(1))
        await wait_until(pilot, lambda: session.action_count > moves, "the upgrade")
        assert session.action_count == moves + 1 and session.can_undo(seat)
        await wait_until(pilot, lambda: game.picker is not None, "the next decision")
        assert game.flow.asides.undo_seat == seat and game.viewer is None
        await keys(pilot, "u")
        await wait_until(pilot, lambda: session.action_count == moves, "the undo")
        await wait_until(pilot, lambda: game.public_seat == seat, "the effects again")
        assert not isinstance(app.screen, CurtainScreen)


@sync
async def test_outfitting_ends_on_a_summary_that_only_enter_there_commits(
        guard: Clock) -> None:
    """The rings open filled in: Enter takes them as shown, once they could be read, and shows
    the whole outfit; only an Enter typed once the summary is on screen outfits (a double Enter
    never skips it), and at 80×24 the key bar says how to change a section."""
    session = GameSession.new("pirates", NAMES, 11)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await anns_panel(pilot, app)
        bar = game.query_one(KeyBar)
        await wait_until(pilot, lambda: "As shown" in str(bar.render()), "⏎ As shown")
        await typed(pilot, guard, "enter")  # with the curtain's Enter: not read yet
        assert game.picker.step == "rings" and session.action_count == 0
        await typed(pilot, guard, "plus")
        guard.wait()
        await typed(pilot, guard, "enter", "enter")  # the second Enter comes with the first
        await wait_until(pilot, lambda: "Change a section" in str(bar.render()), "the summary")
        assert "Hull 2" in str(game.query_one("#prompt").render())
        assert session.action_count == 0
        guard.wait()
        await typed(pilot, guard, "enter")
        await wait_until(pilot, lambda: session.action_count == 1, "the outfit")
        assert session.record.actions[0]["levels"]["hull"] == 2



def at_volley_with_two_cards() -> GameSession:
    """Three people, seeded play (no Volley card readied) until a captain to fire holds two
    Volley cards it may ready: Bob, at move 97."""
    rng = random.Random(1)
    session = GameSession.new("pirates", NAMES, 11)
    while session.action_count < 97:
        seat = session.to_act()[0]
        moves = [a for a in session.legal(seat) if not isinstance(a, PlayVolley)]
        session.apply(rng.choice(moves))
    return session


def test_the_rest_of_a_volley_turn_is_private_once_a_card_is_readied() -> None:
    session = at_volley_with_two_cards()
    seat = session.to_act()[0]
    assert not session.offer(seat).private  # the volley itself is public
    card = next(a for a in session.legal(seat) if isinstance(a, PlayVolley))
    session.apply(card)
    assert session.to_act()[0] == seat and session.offer(seat).private


@sync
async def test_readying_two_volley_cards_costs_one_curtain() -> None:
    """The captain stays on the private panel while readying cards, until firing."""
    session = at_volley_with_two_cards()
    seat = session.to_act()[0]
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: (t := pirates_table(app)) is not None and app.screen is t
                         and t.public_seat == seat and t.picker is not None, "the volley")
        game = pirates_table(app)
        assert game is not None
        screens = Screens(app)
        await keys(pilot, "o")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        await keys(pilot, "enter")
        rng = random.Random(2)
        for readied in (1, 2):
            await wait_until(pilot, lambda: game.viewer == seat and game.picker is not None,
                             "the captain's panel")
            screens.look()
            card = next(a for a in session.legal(seat) if isinstance(a, PlayVolley))
            await press_route(pilot, game, card, rng)
            await wait_until(pilot, lambda n=readied: len(session.view(None)["combat"]
                                                         ["volley_cards"]) == n, "a card readied")
        await wait_until(pilot, lambda: game.viewer == seat and game.picker is not None,
                         "the captain's panel, to fire")
        screens.look()
        assert not isinstance(app.screen, CurtainScreen)
        fire = next(a for a in session.legal(seat) if isinstance(a, Fire))
        await press_route(pilot, game, fire, rng)
        await wait_until(pilot, lambda: session.record.actions[-1]["type"] == "fire", "the shot")
        assert screens.seen == [("private", seat)]


def at_a_burial() -> GameSession:
    """Seeded play until a seat may bury on Treasure Island with chests and gold (move 93)."""
    rng = random.Random(0)
    session = GameSession.new("pirates", NAMES, 11)
    while True:
        seat = session.to_act()[0]
        legal = session.legal(seat)
        ship = session.view(None)["players"][seat]
        if any(isinstance(a, Bury) for a in legal) and ship["chests"] and ship["gold"] >= 3:
            return session
        session.apply(rng.choice(legal))


@sync
async def test_enter_on_the_amounts_shown_sums_up_and_enter_there_buries_them() -> None:
    """The sign says "Enter buries": Enter on the amounts filled in shows them
    summed up, and Enter there buries them; nothing is buried by the first Enter."""
    session = at_a_burial()
    seat = session.to_act()[0]
    ship = session.view(None)["players"][seat]
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: (t := pirates_table(app)) is not None and app.screen is t
                         and t.public_seat == seat and t.picker is not None, "the effects")
        game = pirates_table(app)
        assert game is not None and game.picker is not None
        index = next(i for i, c in enumerate(game.picker.choices())
                     if c.label.startswith("Bury treasure"))
        await keys(pilot, str(index + 1))
        await wait_until(pilot, lambda: game.picker is not None and game.picker.adjustable,
                         "the amounts")
        moves = session.action_count
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "fame?" in str(game.query_one("#prompt").render()),
                         "the burial summed up")
        assert session.action_count == moves
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: session.action_count == moves + 1, "the burial")
        assert session.record.actions[moves] == pirates.action_to_json(
            Bury(seat, ship["chests"], ship["gold"] // 3))
