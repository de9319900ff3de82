"""The value ``hard`` searches by knows what the game costs: a rout is a loss to the routed ship
and a gain to the ship that fires it, an even fight is fought rather than fled, and a seat far
behind the leader still tells its options apart by the places it may win."""

from __future__ import annotations

import random

import orcz
import orcz.bot
import pirates
import pirates.bot
from common.bots import Bot, choose, make_bot
from pirates import data as D
from pirates.actions import Done, Fire, Flee, Navigate, PlayVolley
from pirates.state import State as PiratesState
from tests.pirates.pirates_helpers import (
    act,
    board,
    dice,
    new,
    pass_window,
    rig,
    three_at_hull_island,
    two_at_hull_island,
)


def hard(seed: int) -> Bot:
    """``hard`` at its step budget, the clock's guard out of reach: on a loaded machine the
    one-second guard cut these searches short, and the positions' answers hung on the load."""
    return make_bot("pirates", "hard", seed, seconds=60)


def even_fight(first: tuple[int, int, int, int], second: tuple[int, int, int, int],
               ) -> PiratesState:
    """Seats 0 and 1 fight off Hull Island, 3 dice each, seat 0 faster: it fires first."""
    return board(two_at_hull_island(s0={"levels": first, "gold": 6, "chests": 2},
                                    s1={"levels": second, "gold": 4, "chests": 2}))


def test_hard_fires_the_shot_that_routes_its_rival() -> None:
    # The rival's Sails are at ring 0: a hit there routes it, loses it the month and gives us
    # the island alone; a hit on its Cannons only dents a fight it would go on with. The Cove's
    # repair of the routed Sails to ring 1 made the rout look like the rival's gain.
    state = even_fight((2, 3, 3, 3), (2, 0, 3, 3))
    assert pirates.to_act(state) == (0,)
    for seed in range(3):
        action = choose(hard(seed), state, 0, 30)
        assert action == Fire(0, 1, "sails"), seed


def month_end(state: PiratesState) -> PiratesState:
    """Everyone ends the month as simply as it may (the Cove's cards taken)."""
    month = state.month
    while state.month == month:
        seat = pirates.to_act(state)[0]
        legal = pirates.legal_actions(state, seat)
        state = act(state, Done(seat) if Done(seat) in legal else legal[0])
    return state


def test_a_routed_ship_is_worth_less_than_before_the_shot() -> None:
    before = even_fight((2, 3, 3, 3), (2, 0, 3, 3))
    hit = next(face for face in range(1, 7)
               if act(dice(before, *[face] * 6), Fire(0, 1, "sails")).ships[1].crippled)
    after = month_end(act(dice(before, *[hit] * 6), Fire(0, 1, "sails")))
    assert after.ships[1].island == D.COVE and after.ships[1].levels[D.SAILS] == 1
    left = D.MONTHS - after.month + 1
    assert (pirates.bot.standing(after, 1, left)
            < pirates.bot.standing(before, 1, left))


def test_an_even_fight_is_fought_not_fled_before_a_hit() -> None:
    # Our Hull at ring 0 makes one hit a rout, but the rival throws no more dice than we do and
    # has not hit us: flight would risk a mutiny (all 6 gold and the chests) for nothing.
    state = even_fight((0, 4, 3, 3), (2, 3, 3, 3))
    assert pirates.to_act(state) == (0,) and not state.combat.hit
    for bot in (make_bot("pirates", "normal", 1), hard(1)):
        assert not isinstance(choose(bot, state, 0, 30), Flee), bot.level


def test_far_behind_a_pirate_still_ranks_by_the_places() -> None:
    state = rig(rig(rig(even_fight((2, 3, 3, 3), (2, 3, 3, 3)), 1, fame=40), 2, fame=12), 3,
                fame=11)
    state = state._replace(month=7)
    last, third = rig(state, 0, fame=2), rig(state, 0, fame=14)
    # Passing two rivals is worth a clear step even 26 fame behind the leader.
    assert pirates.bot.value(third, 0) - pirates.bot.value(last, 0) > 0.1


def test_far_behind_an_orc_still_ranks_by_the_places() -> None:
    state = orcz.new_game(["A", "B", "C", "D"], 3)
    fields = tuple(f._replace(enemy=None, stack=()) if i < 2 else f
                   for i, f in enumerate(state.fields))
    state = state._replace(fields=fields)
    last = state._replace(goblins=(2, 30, 10, 9))
    second = state._replace(goblins=(12, 30, 10, 9))
    assert orcz.bot.value(second, 0) - orcz.bot.value(last, 0) > 0.02


def test_in_the_last_months_hard_weighs_playing_a_card_it_holds() -> None:
    # The heuristic plays Grapeshot only with Cannons at 4 or more; kept to the end of the year
    # the card is worth nothing, so near the end the search plays it out against the shots.
    state = three_at_hull_island(
        s0={"levels": (3, 4, 3, 3), "gold": 6, "fame": 10, "cards": ["grapeshot-1"]},
        s1={"levels": (3, 3, 3, 3), "gold": 6, "fame": 11},
        s2={"levels": (3, 2, 3, 3), "gold": 6, "fame": 9})
    legal = pirates.legal_actions(state, 0)
    assert PlayVolley(0, "grapeshot") in legal
    assert PlayVolley(0, "grapeshot") not in pirates.bot.shortlist(state, 0, legal, 6)
    last = state._replace(month=D.MONTHS)
    assert PlayVolley(0, "grapeshot") in pirates.bot.shortlist(last, 0, legal, 6)
    assert pirates.bot.normal(last, 0, legal, random.Random(1)) != PlayVolley(0, "grapeshot")


def test_far_behind_in_the_last_month_hard_buries_for_second_place() -> None:
    # Thirty fame behind the leader, one behind two rivals, two chests aboard in the last month:
    # burying them at Treasure Island wins second place; an island's three chests could never be
    # buried. Every option used to be worth 0 (no win in sight), so hard took the heuristic's
    # island.
    state = new(treasure=["3c#1", "3c#2", "3c#3", "3c#4", "3c#5"], legend_islands=(5,),
                rigs={0: {"chests": 2, "gold": 0, "fame": 10, "levels": (5, 4, 1, 1)},
                      1: {"fame": 40}, 2: {"fame": 11}, 3: {"fame": 11}})
    state = pass_window(state._replace(month=D.MONTHS))
    legal = pirates.legal_actions(state, 0)
    assert pirates.bot.normal(state, 0, legal, random.Random(1)) != Navigate(0, D.TREASURE_ISLAND)
    for seed in range(2):
        assert choose(hard(seed), state, 0, 20) == Navigate(
            0, D.TREASURE_ISLAND)


def month_eleven(legends: tuple[int, int]) -> PiratesState:
    """Month 11 of a 3-player game: seat 0 holds 2 chests, a fame behind both rivals; every
    outer island's Treasure is 3 chests; the black ships at ``legends``."""
    treasure = [f"3c#{i}" for i in range(1, 6)] + [f"4g#{i}" for i in range(1, 7)]
    state = new(3, treasure=treasure, legend_islands=legends,
                rigs={0: {"chests": 2, "gold": 0, "fame": 10, "levels": (5, 4, 3, 3)},
                      1: {"fame": 11, "levels": (3, 3, 3, 3)},
                      2: {"fame": 11, "levels": (3, 2, 3, 3)}})
    return pass_window(state._replace(month=D.MONTHS - 1))


def test_hard_buries_before_a_legendary_pirate_sails_onto_treasure_island() -> None:
    # Blackbeard lies off island 5 and sails onto Treasure Island at the month's end: the last
    # month's burial is out of reach, so the 2 chests aboard must be buried now; an island's
    # 3 chests could never be. A rollout cut at the month's end counted the chests as fame to
    # come and sent the ship for more.
    state = month_eleven((5, 2))
    legal = pirates.legal_actions(state, 0)
    assert pirates.bot.normal(state, 0, legal, random.Random(1)) != Navigate(
        0, D.TREASURE_ISLAND)
    for seed in range(2):
        assert choose(hard(seed), state, 0, 20) == Navigate(
            0, D.TREASURE_ISLAND), seed


def test_hard_plunders_first_when_treasure_island_stays_free() -> None:
    # The same month with Blackbeard off island 3 (island 4 next month): Treasure Island stays
    # open, so the chests of an island this month and the hold's are buried together next month.
    state = month_eleven((3, 2))
    for seed in range(2):
        action = choose(hard(seed), state, 0, 20)
        assert isinstance(action, Navigate) and action.island in D.OUTER, (seed, action)


def test_hard_outfits_dice_that_survive_a_hit() -> None:
    # 9 gold buys 3 dice at most (Crew and Cannons at 2, or at 3; 4 dice cost 10). At 2 each is
    # on the lower of its value's two positions: the first hit on either costs a die for every
    # fight until it is paid for again; at 3 that hit costs nothing. Hull 4 with Crew and
    # Cannons at 2 (a ship one hit from 2 dice) was hard's opening in every game.
    for seed in (1012, 1013):
        state = pirates.new_game(["A", "B", "C"], seed)
        seat = pirates.to_act(state)[0]
        hull, sails, crew, cannons = choose(hard(seed * 8), state, seat, 0).levels
        assert D.value(D.CREW, crew - 1) == 3 and D.value(D.CANNONS, cannons - 1) == 3
        assert min(hull, sails) >= 2, "a ring at 1 is two hits from a rout"
