"""The message line of a seat's panel names every card it drew since it last saw its panel
(once, at seed 11, month 2, Ann was told two of her three cards)."""

from __future__ import annotations

import random

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from pirates import data as D
from pirates.actions import Buy, Done, Navigate, Outfit
from pirates.ui.render import card_name
from tests.tui.driver import keys, pirates_step, pirates_table, press_route, sync, wait_until


def ann_at_the_tavern_in_month_2() -> GameSession:
    """Seed 11, three people: Ann outfits at the least and sails to Tavern Island; the others
    play at random. Month 2, Ann's island effects (at the public table), 11 gold: she may buy
    three cards."""
    rng = random.Random(5)
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 11)
    while session.action_count < 40:
        seat = session.to_act()[0]
        legal = session.legal(seat)
        mine = [a for a in legal if seat == 0 and (
            (isinstance(a, Navigate) and a.island == D.TAVERN_ISLAND)
            or (isinstance(a, Outfit) and a.levels == (1, 1, 1, 1)))]
        session.apply(mine[0] if mine else rng.choice(legal))
    assert session.view(None)["month"] == 2 and Buy(0) in session.legal(0)
    return session


@sync
async def test_ann_is_told_all_three_cards_she_bought_at_her_next_panel() -> None:
    session = ann_at_the_tavern_in_month_2()
    app = HotseatApp(session)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: (t := pirates_table(app)) is not None and app.screen is t
                         and t.public_seat == 0 and t.picker is not None, "Ann's effects")
        game = pirates_table(app)
        assert game is not None
        await keys(pilot, "o")  # Ann looks at her hand first: her panel, behind her curtain
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "her curtain")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: game.viewer == 0 and game.picker is not None,
                         "Ann's panel")
        start = len(session.view(0)["log"])
        for bought in (1, 2, 3, 4):  # three cards, then Done
            action = Buy(0) if bought < 4 else Done(0)
            await press_route(pilot, game, action, rng)
            await wait_until(pilot, lambda n=bought: session.action_count == 40 + n, "the buy")
            await wait_until(pilot, lambda: app.screen.is_mounted and (
                game.picker is not None or app.screen is not game), "the next screen")
        drawn = [card_name(e["card"]) for e in session.view(0)["log"][start:]
                 if e["kind"] == "drew_card"]
        assert len(drawn) == 3
        for _ in range(200):  # on to Ann's next own panel
            await wait_until(pilot, lambda: app.screen.is_mounted, "a screen")
            if app.screen is game and game.viewer == 0 and game.picker is not None:
                break
            await pirates_step(pilot, rng)
        told = game.game.hint()
        text = told.plain if not isinstance(told, str) else told
        for name in set(drawn):
            assert text.count(name) >= drawn.count(name), (drawn, text)
