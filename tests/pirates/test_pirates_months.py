"""End of month (§5.6), end of the game (§9) and the tie-break combat (P-R11)."""

from __future__ import annotations

import random
from dataclasses import replace

from pirates_helpers import (
    act,
    check_invariants,
    fire,
    kinds,
    navigate,
    pass_window,
    prepare,
    sail,
    set_dice,
    skip_boarding,
)

import pirates
from pirates import data as D
from pirates.actions import Done, Fire
from pirates.state import State


def to_month_end(state: State) -> State:
    month = state.month
    while state.month == month and not pirates.is_over(state):
        state = act(state, Done(state.seat))
    return state


def test_legendary_pirate_moves_one_island_each_month() -> None:
    state = to_month_end(pass_window(sail(prepare(), {})))
    assert state.legends[0].island == 2 and state.month == 2


def test_legendary_pirate_sails_from_treasure_island_back_to_tavern_island() -> None:
    state = prepare(legend_islands=(6,))
    state = pass_window(sail(state, {0: 2, 1: 3, 2: 4, 3: 5}))
    state = to_month_end(state)
    assert state.legends[0].island == 1


def test_p_r5_sunk_legend_is_replaced_by_the_next_card_of_the_deck() -> None:
    state = pass_window(sail(prepare(legendary=("blackbeard", "flying_dutchman")), {0: 1}))
    assert state.combat is not None
    state = replace(state, combat=replace(state.combat, legend_hull=1, exchange_hull=1))
    state = skip_boarding(set_dice(state, [1] * 6))
    state = fire(state, 0, -1, "hull", [6, 1])
    assert state.ships[0].fame == 6
    state = to_month_end(state)
    assert (state.legends[0].card, state.legends[0].island) == ("flying_dutchman", 2)
    assert state.legends[0].hull == 5 and state.legend_discard == ("blackbeard",)


def test_p_r5_empty_legend_deck_is_refilled_from_the_discards() -> None:
    state = prepare(players=3, legendary=("blackbeard", "flying_dutchman"))
    assert state.legend_deck == ()
    state = pass_window(sail(state, {0: 1}))
    assert state.combat is not None
    state = replace(state, combat=replace(state.combat, legend_hull=1, exchange_hull=1))
    state = skip_boarding(set_dice(state, [1] * 6))
    state = fire(state, 0, -1, "hull", [6, 1])
    state = to_month_end(state)
    assert [(lg.card, lg.island) for lg in state.legends] == [
        ("blackbeard", 2), ("flying_dutchman", 5)]
    check_invariants(state)


def test_chests_above_hull_capacity_go_back_to_treasure_island() -> None:
    state = prepare(ships={0: {"chests": 5, "levels": (2, 4, 1, 1)}})
    state = to_month_end(pass_window(sail(state, {})))
    assert state.ships[0].chests == 4 and "hold_overflow" in kinds(state)


def test_face_up_treasure_cards_left_are_discarded() -> None:
    state = to_month_end(pass_window(sail(prepare(), {})))
    assert state.face_up != (-1,) * 5  # month 2's cards are up
    assert len(state.treasure_discard) == 5  # nobody plundered in month 1


def test_twelve_months_use_every_treasure_card() -> None:
    rnd = random.Random(3)
    state = pirates.new_game(["A", "B", "C", "D"], 3)
    while not pirates.is_over(state):
        seat = rnd.choice(pirates.to_act(state))
        state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
    assert state.month == 12 and all(not s for s in state.stacks)
    assert len(state.treasure_discard) == 60


def test_p_r11_tie_for_most_fame_is_settled_by_a_final_combat() -> None:
    state = prepare(ships={0: {"fame": 5}, 1: {"fame": 5}})
    state = replace(state, month=12)
    state = pass_window(navigate(pass_window(state), {}))
    while state.phase == "island_effects":
        state = act(state, Done(state.seat))
    assert state.phase == "combat" and state.combat is not None and state.combat.island == 0
    assert state.combat.fighters == (0, 1) and "tiebreak_start" in kinds(state)
    assert pirates.legal_actions(state, 0) == [
        Fire(0, 1, s) for s in ("hull", "sails", "crew", "cannons")]  # no flight, no cards
    state = fire(state, 0, 1, "hull", [5, 6])
    assert pirates.is_over(state)
    result = pirates.result(state)
    assert result["winner"] == 0 and result["standings"][0]["seat"] == 0
    assert [s.fame for s in state.ships] == [6, 6, 1, 1]  # P-R21: no fame in the tie-break


def test_no_tie_break_when_the_most_fame_is_unique() -> None:
    state = replace(prepare(ships={2: {"fame": 4}}), month=12)
    state = pass_window(navigate(pass_window(state), {}))
    while not pirates.is_over(state):
        state = act(state, Done(state.seat))
    assert pirates.result(state)["winner"] == 2 and "tiebreak_start" not in kinds(state)
    assert D.MONTHS == 12
