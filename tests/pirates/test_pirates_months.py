"""The end of a month (§5.6), the end of the game (§9) and the tie-break combat (P-R11)."""

from __future__ import annotations

import random

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    CoveDraw,
    Done,
    Fire,
    Flee,
    PlayVolley,
)
from tests.pirates.pirates_helpers import (
    HULL,
    act,
    board,
    dice,
    done_all,
    events,
    fire,
    hand_ids,
    kinds,
    last,
    navigate,
    new,
    pass_window,
    rig,
    rigged,
    sail,
    to_month_end,
)


def end_with(rigs: dict[int, dict]) -> pirates.State:
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, seat, **fields)
    state = last_month(state)
    return done_all(pass_window(sail(state, {})))  # everyone on Treasure Island


def last_month(state: pirates.State) -> pirates.State:
    """Jump to month 12: this month ends the game."""
    assert state.phase == "before_navigation"
    return state._replace(month=12)


def test_chests_above_hull_capacity_go_back_to_treasure_island() -> None:
    state = new(rigs={0: {"chests": 5, "levels": (2, 4, 1, 1)}})
    state = to_month_end(pass_window(sail(state, {})))
    assert state.ships[0].chests == 4 and "hold_overflow" in kinds(state)


def test_face_up_treasure_cards_left_are_discarded() -> None:
    state = to_month_end(pass_window(sail(new(), {})))
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
    state = new(rigs={0: {"fame": 5}, 1: {"fame": 5}})
    state = state._replace(month=12)
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
    state = new(rigs={2: {"fame": 4}})._replace(month=12)
    state = pass_window(navigate(pass_window(state), {}))
    while not pirates.is_over(state):
        state = act(state, Done(state.seat))
    assert pirates.result(state)["winner"] == 2 and "tiebreak_start" not in kinds(state)
    assert D.MONTHS == 12


def test_end_of_month_chests_above_hull_capacity_go_back_to_treasure_island() -> None:
    state = rig(rig(new(), 0, chests=5), 1, chests=5, parrot="flint")
    state = rig(state, 2, chests=5, levels=(4, 2, 1, 1))  # Hull 6
    supply = state.supply
    state = done_all(pass_window(sail(state, {})))
    assert state.month == 2
    assert [s.chests for s in state.ships[:3]] == [3, 5, 5]  # Hull 3; Flint; room for 6
    assert state.supply == supply + 2


def test_end_of_game_fame_cards_are_revealed_and_added_most_fame_wins() -> None:
    # Starting hands are one Fame 1 card each (pirates_scenarios_helpers.START_HANDS).
    state = end_with({
        0: {"fame": 4},  # 4 + 1 = 5
        1: {"fame": 2, "cards": ["fame3"]},  # 2 + 1 + 3 = 6
        2: {"cards": ["fame2-1"], "gold": 30, "chests": 3},  # 0 + 1 + 2 = 3: gold is worthless
        3: {"fame": 3},  # 3 + 1 = 4
    })
    assert pirates.is_over(state)
    assert [s.fame for s in state.ships] == [5, 6, 3, 4]
    result = pirates.result(state)
    assert result["winner"] == 1 and result["tie_break"] is False
    assert [r["seat"] for r in result["standings"]] == [1, 0, 3, 2]
    assert [e.get("fame") for e in events(state, "fame_cards")] == [1, 4, 3, 1]
    assert not events(state, "tiebreak_start")


def test_p_r11_tie_for_most_fame_settled_by_a_final_combat_without_cards_or_flight() -> None:
    state = end_with({
        0: {"fame": 4, "cards": ["grapeshot-1"]},  # 5
        1: {"fame": 4, "levels": (0, 3, 1, 1)},  # 5, Hull on position 0
        2: {"fame": 1},  # 2
    })
    assert not pirates.is_over(state)
    assert last(state, "tiebreak_start").get("ships") == (0, 1)
    assert state.phase == "combat" and state.seat == 0  # the faster tied ship fires first
    options = pirates.legal_actions(state, 0)
    assert options and all(isinstance(a, Fire) for a in options)
    assert {a.target for a in options} == {1}
    with pytest.raises(IllegalAction):
        pirates.apply(state, Flee(0))
    with pytest.raises(IllegalAction):
        pirates.apply(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert pirates.is_over(state)
    result = pirates.result(state)
    assert result["winner"] == 0 and result["tie_break"] is True
    assert [r["seat"] for r in result["standings"]][:2] == [0, 1]
    assert [s.fame for s in state.ships[:2]] == [5, 5]  # P-R21: no fame won in the tie-break


def test_p_r11_the_slower_tied_ship_can_win_the_final_combat() -> None:
    state = end_with({0: {"fame": 4, "levels": (0, 4, 1, 1)}, 1: {"fame": 4}})
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 5, 1), Fire(1, 0, HULL))
    assert pirates.is_over(state)
    result = pirates.result(state)
    assert result["winner"] == 1
    assert result["standings"][0]["seat"] == 1


def test_p_r11_a_long_final_combat_is_still_reported_as_a_tie_break() -> None:
    state = end_with({0: {"fame": 4}, 1: {"fame": 4, "levels": (0, 3, 1, 1)}})
    for _ in range(150):  # 150 exchanges of misses: some 450 log events
        state = act(dice(state, 1, 1), Fire(0, 1, HULL))
        state = act(dice(state, 1, 1), Fire(1, 0, HULL))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    result = pirates.result(state)
    assert result["winner"] == 0
    assert result["tie_break"] is True


def test_p_r11_three_tied_fight_until_one_is_left_and_p_r21_no_fame_changes() -> None:
    state = end_with({
        0: {"fame": 4},
        1: {"fame": 4, "levels": (0, 3, 1, 1), "parrot": "bones"},
        2: {"fame": 4, "levels": (0, 2, 1, 1)},
    })
    assert last(state, "tiebreak_start").get("ships") == (0, 1, 2)
    state = act(dice(state, 6, 6), Fire(0, 1, "cannons"))  # Bones wounded, then killed
    assert state.ships[1].parrot == -1 and state.ships[1].fame == 5  # no fame lost (P-R21)
    state = act(dice(state, 5, 1), Fire(1, 2, HULL))  # seat 2 leaves the final combat
    assert state.combat.fighters == (0, 1) and state.ships[1].fame == 5
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert pirates.is_over(state)
    assert pirates.result(state)["winner"] == 0
    assert [s.fame for s in state.ships[:3]] == [5, 5, 5]


def test_empty_tavern_deck_is_made_again_from_the_discards() -> None:
    state = rigged({0: 2, 1: 2})
    state = board(state)
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    while not (state.seat == 1 and state.island == D.COVE):
        state = act(state, Done(state.seat))
    rest = state.tavern_deck
    state = state._replace(tavern_deck=(), tavern_discard=state.tavern_discard + rest)
    state = act(state, CoveDraw(1, False))
    assert len(hand_ids(state, 1)) == 3
    assert events(state, "tavern_reshuffled")
    assert state.tavern_discard == ()
    assert len(state.tavern_deck) == len(rest) - 2


def test_five_players_a_month_goes_round() -> None:
    state = new(players=5)
    assert len(state.legends) == 1
    state = pass_window(sail(state, {0: 2, 1: 3, 2: 4, 3: 5, 4: 6}))
    assert [s.gold for s in state.ships] == [13, 13, 13, 13, 9]
    state = done_all(state)
    assert state.month == 2 and state.legends[0].island == 2
