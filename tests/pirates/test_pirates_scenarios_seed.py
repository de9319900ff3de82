"""Cases where the French seed (which wins over the English reference) says more than the
reference: the Treasure Map, the Letter of Marque, any number of Volley cards (P-R14). These
were strict xfails until the core followed the seed (8ad2a5c)."""

from __future__ import annotations

import pytest
from pirates_scenarios_helpers import (
    act,
    board,
    dice,
    last,
    new,
    pass_window,
    rig,
    sail,
    scenario,
)

import pirates
from common.errors import IllegalAction
from pirates.actions import Fire, Marque, Pass, PlayVolley, SendNavy, TreasureMap

TREASURE = ["4g#1", "1g2c#1", "4g#3", "4g#4", "4g#5"]  # Hull Island: 1 gold, 2 chests


def test_treasure_map_owner_plundering_the_marked_island_gets_double_chests() -> None:
    state = rig(new(treasure=TREASURE), 0, cards=["treasure_map"])
    state = act(dice(state, 2), TreasureMap(0))
    state = pass_window(sail(state, {0: 2}))
    assert (state.ships[0].gold, state.ships[0].chests) == (10, 4)


def test_treasure_map_doubles_only_for_the_player_of_the_card() -> None:
    state = rig(new(treasure=TREASURE), 1, cards=["treasure_map"])
    state = act(state, Pass(0))
    state = act(dice(state, 2), TreasureMap(1))
    assert last(state, "treasure_map").get("island") == 2
    state = pass_window(sail(state, {0: 2, 1: 3}))
    assert state.ships[0].chests == 2  # seat 0 did not play the Map: no double


def test_letter_of_marque_never_sends_the_navy_to_the_first_senders_island() -> None:
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["letter_of_marque"])
    state = sail(state, {0: 2, 1: 5, 2: 3, 3: 4})
    state = act(state, SendNavy(0, 3))
    marques = {a.island for a in pirates.legal_actions(state, 1) if isinstance(a, Marque)}
    assert 2 not in marques
    with pytest.raises(IllegalAction):
        pirates.apply(state, Marque(1, 2))


def test_any_number_of_volley_cards_including_two_copies() -> None:
    state = scenario({0: 2, 1: 2}, {0: {"cards": ["powder_keg-1", "powder_keg-2"]}})
    state = act(board(state), PlayVolley(0, "powder_keg"))
    assert PlayVolley(0, "powder_keg") in pirates.legal_actions(state, 0)


def test_royal_navy_never_sent_to_the_senders_island() -> None:
    state = rig(new(), 0, cards=["royal_navy_in_pursuit-1"])
    state = sail(state, {0: 4, 1: 4})
    with pytest.raises(IllegalAction):
        pirates.apply(state, SendNavy(0, 4))


def test_legendary_pirate_hit_only_on_its_hull_and_other_sections_unchanged() -> None:
    state = scenario({0: 1}, {0: {"levels": (1, 4, 7, 7)}})
    state = board(dice(state, *[1] * 6))
    for section in ("sails", "crew", "cannons"):
        with pytest.raises(IllegalAction):
            pirates.apply(state, Fire(0, -1, section))


# P-R14 (revised after the seed): copies of a Volley card add their effects.


def test_p_r14_two_powder_kegs_two_hull_breaches_per_hit_on_every_ship() -> None:
    rigs = {0: {"levels": (5, 4, 1, 1), "cards": ["powder_keg-1", "powder_keg-2"]},
            1: {"levels": (5, 3, 3, 1)}}
    state = board(scenario({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "powder_keg"), PlayVolley(0, "powder_keg"))
    state = act(dice(state, 6, 1), Fire(0, 1, "crew"))
    assert state.ships[1].levels == (3, 3, 2, 1)  # 1 Crew hit, 2 Hull breaches
    assert state.ships[0].levels == (3, 4, 1, 1)


def test_p_r14_two_grapeshots_four_recoil_hits_on_your_cannons() -> None:
    rigs = {0: {"levels": (1, 4, 1, 5), "cards": ["grapeshot-1", "grapeshot-2"]},
            1: {"levels": (3, 3, 1, 1)}}
    state = board(scenario({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "grapeshot"), PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 2), Fire(0, 1, "hull"))
    assert state.ships[1].levels[0] == 2  # hits on 3-6, counted once
    assert state.ships[0].levels[3] == 1


def test_p_r14_two_full_broadsides_every_section_twice_per_hit() -> None:
    rigs = {0: {"cards": ["full_broadside-1", "full_broadside-2"]},
            1: {"levels": (4, 3, 4, 4)}}
    state = board(scenario({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "full_broadside"), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 5, 1), Fire(0, 1, "hull"))
    assert state.ships[1].levels == (2, 1, 2, 2)
