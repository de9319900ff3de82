"""The end of the game (§9, P-R11) and what is secret (§10), computed by hand from the rules."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pirates_scenarios_helpers import (
    HULL,
    NAMES,
    act,
    dice,
    done_all,
    events,
    last,
    new,
    pass_window,
    rig,
    sail,
)

import pirates
from common.errors import IllegalAction
from pirates.actions import Fire, Flee, Lookout, Navigate, Outfit, Pass, PlayVolley


def last_month(state: pirates.State) -> pirates.State:
    """Jump to month 12: this month ends the game."""
    assert state.phase == "before_navigation"
    return replace(state, month=12)


def end_with(rigs: dict[int, dict]) -> pirates.State:
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, seat, **fields)
    state = last_month(state)
    return done_all(pass_window(sail(state, {})))  # everyone on Treasure Island


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


# ------------------------------------------------------------------------- secrets


def fresh() -> pirates.State:
    return pirates.new_game(NAMES[:4], 9, setup={"tavern": ["fame1-1", "smoke-1", "lookout"]})


def others_views(state: pirates.State, me: int) -> list:
    return [pirates.view(state, s) for s in range(state.count) if s != me] + [
        pirates.view(state, None)]


def test_outfitting_is_not_visible_to_others_before_the_reveal() -> None:
    a = act(fresh(), Outfit(0, (1, 3, 1, 1)))
    b = act(fresh(), Outfit(0, (2, 1, 2, 2)))
    assert others_views(a, 0) == others_views(b, 0)
    assert pirates.view(a, 0)["my_choice"] == {"hull": 1, "sails": 3, "crew": 1,
                                               "cannons": 1}
    assert pirates.view(a, 1)["players"][0]["levels"] == {"hull": 1, "sails": 1, "crew": 1,
                                                          "cannons": 1}
    # Revealed together once every seat has chosen.
    for seat in (1, 2, 3):
        a = act(a, Outfit(seat, (1, 1, 1, 1)))
    assert pirates.view(a, 1)["players"][0]["levels"]["sails"] == 3
    assert a.ships[0].gold == 9 - 3


def test_navigation_is_not_visible_to_others_before_the_reveal() -> None:
    state = pass_window(new())
    a = act(state, Navigate(0, 2))
    b = act(state, Navigate(0, 3))
    assert others_views(a, 0) == others_views(b, 0)
    assert pirates.view(a, 0)["my_choice"] == 2
    with pytest.raises(IllegalAction):
        pirates.apply(a, Navigate(0, 4))  # a course once set is not set again


def test_tavern_hands_and_deck_order_are_secret() -> None:
    state = new()
    other = replace(state, tavern_deck=tuple(reversed(state.tavern_deck)))
    for seat in (0, 1, 2, 3, None):
        assert pirates.view(state, seat) == pirates.view(other, seat)
    theirs = pirates.view(state, 1)["players"][0]
    assert theirs["cards_in_hand"] == 1 and theirs["fame_cards"] is None
    assert "fame1-1" not in str(pirates.view(state, 1))
    assert pirates.view(state, 0)["hand"] == ["fame1-1"]


def test_lookout_makes_navigation_open_one_after_another_from_the_named_player() -> None:
    state = rig(new(), 2, cards=["lookout"])
    state = act(state, Pass(0), Pass(1), Lookout(2, 1))
    state = pass_window(state)
    assert state.phase == "navigation" and pirates.to_act(state) == (1,)
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, Navigate(0, 2))
    state = act(state, Navigate(1, 4))
    seen = [e for e in pirates.view(state, 3)["log"] if e["kind"] == "navigated_openly"]
    assert seen and seen[-1]["seat"] == 1 and seen[-1]["island"] == 4
    order = [1]
    for island in (5, 2, 3):
        order.append(state.seat)
        state = act(state, Navigate(state.seat, island))
    assert order == [1, 2, 3, 0]
    assert state.phase == "after_navigation"
    assert [s.island for s in state.ships] == [3, 4, 5, 2]


def test_an_opponents_hidden_hand_does_not_change_my_view() -> None:
    state = new()
    mine, deck_card = state.ships[0].hand[0], state.tavern_deck[5]
    ships = list(state.ships)
    ships[0] = replace(ships[0], hand=(deck_card,))
    deck = list(state.tavern_deck)
    deck[5] = mine
    other = replace(state, ships=tuple(ships), tavern_deck=tuple(deck))
    for seat in (1, 2, 3, None):
        assert pirates.view(state, seat) == pirates.view(other, seat)
    assert pirates.view(state, 0) != pirates.view(other, 0)


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
