"""Set-up (§4), outfitting, the windows before and after navigation (P-R12) and navigation
(§5.1-5.3, P-R7)."""

from __future__ import annotations

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Done,
    Fire,
    Flee,
    Navigate,
    Outfit,
    Pass,
)
from tests.pirates.pirates_helpers import (
    HULL,
    HULL_ISLAND,
    NAMES,
    act,
    board,
    check_invariants,
    events,
    go,
    last,
    levels,
    new,
    outfit_all,
    pass_window,
    refused,
    rig,
    sail,
    start,
)


def test_setup_every_player_has_nine_gold_one_card_rings_on_one() -> None:
    state = start()
    for ship in state.ships:
        assert ship.gold == 9 and ship.levels == (1, 1, 1, 1) and ship.fame == 0
        assert len(ship.hand) + (ship.parrot != -1) == 1
    check_invariants(state)


def test_setup_three_players_second_legend_on_cannon_island() -> None:
    state = start(["A", "B", "C"], legendary=["flying_dutchman", "blackbeard"])
    assert [(lg.card, lg.island) for lg in state.legends] == [
        ("flying_dutchman", 1), ("blackbeard", 4)]
    state4 = start(legendary=["blackbeard"])
    assert [(lg.card, lg.island) for lg in state4.legends] == [("blackbeard", 1)]
    assert state4.legend_deck == ("flying_dutchman",)


def test_setup_treasure_stacks_twelve_per_outer_island() -> None:
    state = start(treasure=["6g#1", "4g#1"])
    assert [len(s) for s in state.stacks] == [12] * 5
    assert D.TREASURES[state.stacks[0][0]].id == "6g#1"
    assert D.TREASURES[state.stacks[1][0]].id == "4g#1"


def test_outfitting_is_secret_and_simultaneous_then_paid() -> None:
    state = start()
    assert pirates.to_act(state) == (0, 1, 2, 3)
    state = act(state, Outfit(0, (1, 3, 2, 2)))  # 3 + 1 + 1 = 5 gold
    assert pirates.to_act(state) == (1, 2, 3)
    other = pirates.view(state, 1)
    assert other["players"][0]["levels"] == {"hull": 1, "sails": 1, "crew": 1, "cannons": 1}
    assert pirates.view(state, 0)["my_choice"] == {"hull": 1, "sails": 3, "crew": 2,
                                                   "cannons": 2}
    state = act(state, Outfit(1, (1, 1, 1, 1)), Outfit(2, (1, 1, 1, 1)), Outfit(3, (1, 1, 1, 1)))
    assert state.ships[0].levels == (1, 3, 2, 2) and state.ships[0].gold == 4
    assert state.treasury == 5 and state.month == 1


def test_outfitting_beyond_nine_gold_is_refused() -> None:
    state = start()
    words = refused(state, Outfit(0, (4, 4, 1, 1)), "outfit-unaffordable")  # 5 + 5 = 10
    assert words == "this outfit costs 10 gold and you have 9"


def test_p_r7_navigation_is_to_islands_one_to_six_only() -> None:
    state = pass_window(outfit_all(start()))
    assert {a.island for a in pirates.legal_actions(state, 0)} == {1, 2, 3, 4, 5, 6}
    with pytest.raises(IllegalAction):
        pirates.apply(state, Navigate(0, 7))


def test_navigation_choice_is_secret_until_all_have_chosen() -> None:
    state = pass_window(outfit_all(start()))
    state = act(state, Navigate(0, 3))
    assert pirates.view(state, 1)["players"][0]["island"] == 0
    assert pirates.view(state, 1)["players"][0]["has_chosen"] is True
    assert pirates.view(state, 0)["my_choice"] == 3
    state = act(state, Navigate(1, 6), Navigate(2, 6), Navigate(3, 6))
    assert state.ships[0].island == 3


def test_p_r12_window_before_navigation_starts_one_seat_later_each_month() -> None:
    state = new()
    assert state.order == (0, 1, 2, 3)
    state = go(state, {})
    while state.month == 1:
        state = act(state, Done(state.seat))
    assert state.phase == "before_navigation" and state.order == (1, 2, 3, 0)


def test_p_r12_every_player_is_asked_even_without_a_card() -> None:
    state = new()
    for seat in range(4):
        assert pirates.to_act(state) == (seat,)
        assert pirates.legal_actions(state, seat) == [Pass(seat)]
        state = act(state, Pass(seat))
    assert state.phase == "navigation"


def test_setup_dice_are_the_dice_to_come() -> None:
    # Fixed through new_game(setup={"dice": ...}) alone: the first volley rolls 6 and 5.
    state = new(dice=[6, 5, 1, 1, 3])
    state = rig(state, 1, levels=(2, 3, 1, 1))
    state = board(pass_window(sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND})))
    state = act(state, Fire(0, 1, HULL))
    assert last(state, "volley").get("dice") == (6, 5)
    assert levels(state, 1)[D.HULL] == 0
    state = act(state, Fire(1, 0, HULL))
    assert last(state, "volley").get("dice") == (1, 1)
    state = act(state, Flee(0))
    assert last(state, "fled").get("die") == 3


def test_navigation_is_to_one_of_the_six_islands_never_the_cove() -> None:
    state = pass_window(new())
    for island in (0, 7):
        with pytest.raises(IllegalAction):
            pirates.apply(state, Navigate(0, island))
    assert not events(state, "navigation_revealed")


@pytest.mark.parametrize(("players", "islands"), [(3, [1, 4]), (4, [1]), (5, [1])])
def test_setup_legendary_pirates_on_tavern_island_and_cannon_island_at_three(
    players, islands
) -> None:
    state = pirates.new_game(NAMES[:players], 1)
    assert [lg.island for lg in state.legends] == islands
    assert all(s.gold == 9 and len(s.hand) == 1 and s.levels == (1, 1, 1, 1)
               for s in state.ships)
    assert all(s.fame == 0 and s.chests == 0 for s in state.ships)


def test_setup_deck_tops_starting_cards_in_seat_order() -> None:
    state = pirates.new_game(NAMES[:3], 1, setup={"tavern": ["smoke-2", "lookout", "fame3"]})
    assert [D.TAVERN[s.hand[0]].id for s in state.ships] == ["smoke-2", "lookout", "fame3"]


def test_outfitting_over_nine_gold_is_refused() -> None:
    state = pirates.new_game(NAMES[:3], 1)
    # Sails 1 -> 5 costs 8, Hull 1 -> 3 costs 3: 11 > 9.
    assert "costs 11 gold" in refused(state, Outfit(0, (3, 5, 1, 1)), "outfit-unaffordable")
    state = pirates.apply(state, Outfit(0, (2, 5, 1, 1)))  # 1 + 8 = 9
    assert state.outfits[0] == (2, 5, 1, 1)
