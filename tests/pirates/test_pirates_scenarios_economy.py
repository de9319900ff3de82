"""Pirate's Cove, island effects, plunder, parrots and the end of the month, by hand (§5, §7, §8,
P-R8, P-R10). Default mats: rings on 1 (Hull 3), Sails of seat s on 4 - s (8, 7, 6, 5)."""

from __future__ import annotations

import pytest
from pirates_scenarios_helpers import (
    COVE,
    HULL,
    act,
    board,
    card,
    dice,
    done_all,
    events,
    hand_ids,
    last,
    legends_at,
    levels,
    new,
    pass_window,
    rig,
    sail,
    scenario,
)

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Bury,
    Buy,
    CoveDraw,
    Done,
    Escape,
    Fire,
    Flee,
    Mastercraft,
    Mend,
    Navigate,
    ParrotChoice,
    Pass,
    PlayVolley,
    Privateering,
    Shipowner,
    TreasureMap,
    Upgrade,
)

DRAWS = ["shipowner", "lookout", "escape", "privateering"]


def until_seat(state: pirates.State, seat: int, island: int) -> pirates.State:
    """Every other ship ends its island-effects turn until ``seat`` acts on ``island``."""
    while not (state.seat == seat and state.island == island):
        assert state.phase == "island_effects"
        options = pirates.legal_actions(state, state.seat)
        draw = CoveDraw(state.seat, False)
        state = act(state, draw if draw in options else Done(state.seat))
    return state


# ------------------------------------------------------------------------- Pirate's Cove


def fled_to_cove(**rig1) -> pirates.State:
    """Seat 1 flees (unhit, no mutiny) from Hull Island and waits in the Cove."""
    state = scenario({0: 2, 1: 2}, {1: rig1} if rig1 else None, draws=DRAWS)
    state = board(state)
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    return until_seat(state, 1, COVE)


def test_cove_two_tavern_cards() -> None:
    state = fled_to_cove()
    assert set(pirates.legal_actions(state, 1)) == {CoveDraw(1, False), CoveDraw(1, True)}
    state = act(state, CoveDraw(1, False))
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner", "lookout"])
    assert state.ships[1].gold == 9


def test_cove_one_tavern_card_and_two_gold() -> None:
    state = act(fled_to_cove(), CoveDraw(1, True))
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner"])
    assert state.ships[1].gold == 9 + 2


def test_cove_choice_comes_first() -> None:
    state = fled_to_cove()
    with pytest.raises(IllegalAction, match="first choose"):
        pirates.apply(state, Done(1))


def crippled_in_cove(gold: int) -> pirates.State:
    """A Full Broadside hit destroys seat 1's Hull and Sails (both on position 0)."""
    rigs = {0: {"cards": ["full_broadside-1"]}, 1: {"levels": (0, 0, 3, 3), "gold": gold}}
    state = scenario({0: 2, 1: 2}, rigs, draws=DRAWS)
    state = act(board(state), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert levels(state, 1) == (-1, -1, 2, 2) and state.ships[1].island == COVE
    return until_seat(state, 1, COVE)


def test_cove_repairs_each_destroyed_section_for_two_gold_back_to_position_one() -> None:
    state = crippled_in_cove(9)
    assert levels(state, 1) == (1, 1, 2, 2)  # only destroyed sections come back, to 1
    assert state.ships[1].gold == 9 - 4
    assert last(state, "repaired").get("paid") == 4
    state = act(state, CoveDraw(1, False))  # and still draws
    assert len(state.ships[1].hand) == 3


def test_cove_repair_with_exactly_enough_gold_still_draws() -> None:
    state = crippled_in_cove(4)
    assert state.ships[1].gold == 0
    assert CoveDraw(1, True) in pirates.legal_actions(state, 1)


def test_p_r10_cannot_pay_repaired_anyway_pays_all_and_gets_nothing() -> None:
    state = crippled_in_cove(3)
    treasury = state.treasury
    assert levels(state, 1) == (1, 1, 2, 2)
    assert state.ships[1].gold == 0
    assert last(state, "repaired").get("paid") == 3
    assert pirates.legal_actions(state, 1) == [Done(1)]
    state = act(state, Done(1))
    assert hand_ids(state, 1) == ["fame1-2"] and state.ships[1].gold == 0
    assert state.treasury == treasury


# ------------------------------------------------------------------------- island effects


def test_tavern_island_buys_up_to_three_cards_at_two_gold() -> None:
    state = new(draws=DRAWS)
    state = legends_at(state, 5)
    state = pass_window(sail(state, {0: 1}))
    state = until_seat(state, 0, 1)
    assert state.ships[0].gold == 9 + 4  # plundered first
    state = act(state, Buy(0), Buy(0), Buy(0))
    assert state.ships[0].gold == 13 - 6
    assert sorted(hand_ids(state, 0)) == sorted(["fame1-1", "shipowner", "lookout", "escape"])
    with pytest.raises(IllegalAction):
        pirates.apply(state, Buy(0))


def test_tavern_island_purchase_needs_two_gold() -> None:
    state = new(treasure=["3c#1", "4g#2", "4g#3", "4g#4", "4g#5"])
    state = rig(legends_at(state, 5), 0, gold=1)
    state = until_seat(pass_window(sail(state, {0: 1})), 0, 1)
    assert state.ships[0].gold == 1 and state.ships[0].chests == 3
    assert Buy(0) not in pirates.legal_actions(state, 0)


@pytest.mark.parametrize(("island", "section"), [(2, "hull"), (4, "cannons"), (5, "crew")])
def test_outer_islands_upgrade_their_own_section_at_the_mats_cost(island, section) -> None:
    # Position 1 -> 4: 1 + 2 + 2 = 5 gold.
    state = new()
    state = until_seat(pass_window(sail(state, {0: island})), 0, island)
    index = D.SECTION_INDEX[section]
    others = [s for s in D.SECTIONS if s != section]
    for other in others:
        assert not any(isinstance(a, Upgrade) and a.section == other
                       for a in pirates.legal_actions(state, 0))
    state = act(state, Upgrade(0, section, 4))
    assert state.ships[0].gold == 9 + 4 - 5
    assert levels(state, 0)[index] == 4


def test_upgrades_beyond_the_purse_are_refused() -> None:
    state = rig(new(), 0, gold=0)
    state = until_seat(pass_window(sail(state, {0: 2})), 0, 2)  # 4 gold from the plunder
    assert Upgrade(0, "hull", 3) in pirates.legal_actions(state, 0)  # 1 + 2 = 3
    assert Upgrade(0, "hull", 4) not in pirates.legal_actions(state, 0)  # 5
    with pytest.raises(IllegalAction, match="afford"):
        pirates.apply(state, Upgrade(0, "hull", 4))


def test_treasure_island_burying_one_fame_per_chest_and_per_three_gold() -> None:
    state = rig(new(), 0, gold=10, chests=3)
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    supply, treasury = state.supply, state.treasury
    assert Bury(0, 0, 4) not in pirates.legal_actions(state, 0)  # 10 gold: 3 bags
    state = act(state, Bury(0, 3, 3))
    ship = state.ships[0]
    assert (ship.fame, ship.gold, ship.chests) == (6, 1, 0)
    assert state.supply == supply + 3 and state.treasury == treasury + 9


def test_shipowner_raises_one_section_one_level_free_from_any_island() -> None:
    state = rig(new(), 0, cards=["shipowner"])
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    state = act(state, Shipowner(0, "crew"))
    assert levels(state, 0) == (1, 4, 2, 1) and state.ships[0].gold == 9
    assert card("shipowner") in state.tavern_discard


def test_mastercraft_from_any_island_one_per_ship_and_mended_for_one_gold() -> None:
    state = rig(new(), 0, cards=["mastercraft-1", "mastercraft-2"])
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    state = act(state, Mastercraft(0, "sails"))
    assert state.ships[0].craft_section == D.SAILS
    assert not any(isinstance(a, Mastercraft) for a in pirates.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        pirates.apply(state, Mastercraft(0, "hull"))
    state = rig(new(), 0, craft="sails", craft_damaged=True)
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    state = act(state, Mend(0))
    assert not state.ships[0].craft_damaged and state.ships[0].gold == 8


def test_island_effects_fastest_first_trelawney_adds_twenty() -> None:
    state = rig(new(), 3, parrot="trelawney")  # 5 + 20 = 25: first
    state = pass_window(sail(state, {}))
    assert state.island == 6
    order = []
    while state.phase == "island_effects":
        order.append(state.seat)
        state = act(state, Done(state.seat))
    assert order == [3, 0, 1, 2]


# ------------------------------------------------------------------------- plunder


def test_p_r8_plunder_gives_gold_chests_tavern_cards_and_fame() -> None:
    treasure = ["4g#1", "2c1f#1", "3g1t#1", "4g#4", "4g#5"]
    state = scenario({0: 2, 1: 3}, treasure=treasure, draws=DRAWS)
    s0, s1 = state.ships[0], state.ships[1]
    assert (s0.gold, s0.chests, s0.fame) == (9, 2, 1)
    assert (s1.gold, s1.chests, s1.fame) == (12, 0, 0)
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner"])
    assert D.TREASURE_BY_ID["2c1f#1"].index in state.treasure_discard


def test_no_plunder_of_an_empty_or_unwon_island_and_leftover_cards_discarded() -> None:
    state = scenario({})
    up = list(state.face_up)
    state = done_all(state)
    assert state.month == 2
    assert all(c in state.treasure_discard for c in up)  # nobody plundered month 1's cards
    assert [s.gold for s in state.ships] == [9, 9, 9, 9]


def test_treasure_map_rerolls_a_six_and_doubles_the_chests_there() -> None:
    treasure = ["4g#1", "1g2c#1", "4g#3", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure), 0, cards=["treasure_map"])
    state = act(dice(state, 6, 2), TreasureMap(0))
    assert last(state, "treasure_map").get("island") == 2
    state = pass_window(sail(state, {0: 2}))
    ship = state.ships[0]
    assert (ship.gold, ship.chests) == (9 + 1, 4)


def test_privateering_takes_half_of_each_part_rounded_in_the_privateers_favour() -> None:
    treasure = ["4g#1", "3g1t#1", "1g2c#1", "2g1f#1", "4g#5"]
    state = rig(new(treasure=treasure, draws=DRAWS), 1, cards=["privateering"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = pass_window(sail(state, {0: 2, 1: 6}))
    # 3 gold and 1 card: the privateer takes 2 gold and the card, the victim 1 gold.
    assert state.ships[0].gold == 9 + 1 and hand_ids(state, 0) == ["fame1-1"]
    assert state.ships[1].gold == 9 + 2
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner"])


def test_privateering_halves_chests_and_fame_too() -> None:
    treasure = ["4g#1", "2c1f#1", "4g#3", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure), 1, cards=["privateering"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = pass_window(sail(state, {0: 2}))
    assert (state.ships[0].chests, state.ships[0].fame) == (1, 0)
    assert (state.ships[1].chests, state.ships[1].fame) == (1, 1)


def test_privateering_shares_the_victims_burying_fame() -> None:
    state = rig(new(), 1, cards=["privateering"])
    state = rig(state, 0, chests=3)
    state = act(state, Pass(0), Privateering(1, 0))
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    state = act(state, Bury(0, 3, 0))
    assert state.ships[0].fame == 1 and state.ships[1].fame == 2


def test_escape_cancels_privateering() -> None:
    state = rig(new(), 1, cards=["privateering"])
    state = rig(state, 0, cards=["escape"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = sail(state, {0: 2, 1: 2})
    state = act(state, Escape(0, 4))
    state = pass_window(state)
    assert state.ships[0].island == 4 and state.ships[0].gold == 9 + 4
    assert state.privateer is None
    assert state.ships[1].gold == 9 + 4  # alone on Hull Island now: no combat, its plunder


# ------------------------------------------------------------------------- parrots


def test_a_parrot_drawn_sits_on_the_mat_at_once_and_is_public() -> None:
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = scenario({1: 3}, treasure=treasure, draws=["trelawney"])
    assert state.ships[1].parrot == card("trelawney")
    assert hand_ids(state, 1) == ["fame1-2"]
    assert pirates.view(state, 2)["players"][1]["parrot"] == "trelawney"
    assert last(state, "parrot_drawn").visible is None


def second_parrot(fame: int) -> pirates.State:
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = new(treasure=treasure, draws=["trelawney"])
    state = rig(state, 1, parrot="flint", fame=fame)
    state = pass_window(sail(state, {1: 3}))
    assert pirates.to_act(state) == (1,)
    return state


def test_second_parrot_swapped_for_one_fame_old_one_back_in_the_deck() -> None:
    state = act(second_parrot(2), ParrotChoice(1, True))
    ship = state.ships[1]
    assert ship.parrot == card("trelawney") and ship.fame == 1
    assert card("flint") in state.tavern_deck
    assert hand_ids(state, 1) == ["fame1-2"]  # no replacement draw


def test_second_parrot_kept_old_new_one_back_face_down_no_replacement() -> None:
    state = second_parrot(2)
    deck = len(state.tavern_deck)
    state = act(state, ParrotChoice(1, False))
    ship = state.ships[1]
    assert ship.parrot == card("flint") and ship.fame == 2
    assert card("trelawney") in state.tavern_deck and len(state.tavern_deck) == deck + 1
    assert hand_ids(state, 1) == ["fame1-2"]


def test_p_r15_no_parrot_swap_without_fame() -> None:
    state = second_parrot(0)
    assert pirates.legal_actions(state, 1) == [ParrotChoice(1, False)]


# ------------------------------------------------------------------------- end of month


def test_end_of_month_chests_above_hull_capacity_go_back_to_treasure_island() -> None:
    state = rig(rig(new(), 0, chests=5), 1, chests=5, parrot="flint")
    state = rig(state, 2, chests=5, levels=(4, 2, 1, 1))  # Hull 6
    supply = state.supply
    state = done_all(pass_window(sail(state, {})))
    assert state.month == 2
    assert [s.chests for s in state.ships[:3]] == [3, 5, 5]  # Hull 3; Flint; room for 6
    assert state.supply == supply + 2


def test_navigation_is_to_one_of_the_six_islands_never_the_cove() -> None:
    state = pass_window(new())
    for island in (0, 7):
        with pytest.raises(IllegalAction):
            pirates.apply(state, Navigate(0, island))
    assert not events(state, "navigation_revealed")
