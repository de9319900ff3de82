"""Island effects (§5.4): the order of the ships, upgrades, the Tavern, burying, plunder (P-R8),
Pirate's Cove and repairs (§7, P-R10), parrots drawn."""

from __future__ import annotations

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Fire,
    Flee,
    ParrotChoice,
    Pass,
    PlayVolley,
    Privateering,
    TreasureMap,
    Upgrade,
)
from pirates.ui.log_words import describe
from tests.pirates.pirates_helpers import (
    CREW,
    HULL,
    SAIL_ISLAND,
    SAILS,
    act,
    board,
    card,
    dice,
    done_all,
    events,
    fire,
    go,
    hand_ids,
    kinds,
    last,
    legends_at,
    levels,
    navigate,
    new,
    pass_window,
    refused,
    rig,
    rigged,
    sail,
    second_parrot,
    two_at_hull_island,
    until_seat,
)

DRAWS = ["shipowner", "lookout", "escape", "privateering"]


TREASURE = ["4g#1", "1g2c#1", "4g#3", "4g#4", "4g#5"]  # Hull Island: 1 gold, 2 chests


def owned(ship: pirates.state.Ship) -> int:
    """Tavern cards a ship holds: its hand and its parrot."""
    return len(ship.hand) + (ship.parrot != -1)


def finish_effects_until(state: pirates.State, seat: int) -> pirates.State:
    while state.phase == "island_effects" and state.seat != seat:
        state = act(state, Done(state.seat))
    return state


def fled_to_cove(**rig1) -> pirates.State:
    """Seat 1 flees (unhit, no mutiny) from Hull Island and waits in the Cove."""
    state = rigged({0: 2, 1: 2}, {1: rig1} if rig1 else None, draws=DRAWS)
    state = board(state)
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    return until_seat(state, 1, D.COVE)


def crippled_in_cove(gold: int) -> pirates.State:
    """A Full Broadside hit destroys seat 1's Hull and Sails (both on position 0)."""
    rigs = {0: {"cards": ["full_broadside-1"]}, 1: {"levels": (0, 0, 3, 3), "gold": gold}}
    state = rigged({0: 2, 1: 2}, rigs, draws=DRAWS)
    state = act(board(state), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert levels(state, 1) == (-1, -1, 2, 2) and state.ships[1].island == D.COVE
    return until_seat(state, 1, D.COVE)


def test_p_r27_wounded_parrot_heals_in_the_island_effects_phase() -> None:
    state = rig(new(), 1, parrot=D.TRELAWNEY)
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 1, 0, "crew", [1, 1])  # Bart is faster: 7 + 20
    state = fire(state, 0, 1, "sails", [5, 1])
    assert state.ships[1].parrot_wounded
    state = act(dice(state, 6), pirates.actions.Flee(1))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    assert not state.ships[1].parrot_wounded and "parrot_healed" in kinds(state)


def test_privateering_takes_half_of_the_plunder_rounded_up() -> None:
    state = new(rigs={0: {"cards": (D.PRIVATEERING,)}}, treasure=["6g#1", "3g1t#1"])
    assert state.seat == 0
    state = act(state, Privateering(0, 1))
    state = pass_window(state)
    state = pass_window(navigate(state, {0: 6, 1: 2}))
    anne, bart = state.ships[0], state.ships[1]
    assert anne.gold == 11 and bart.gold == 10
    assert last(state, "privateering_loot").get("cards") == 1


def test_p_r20_privateering_shares_burying_fame() -> None:
    state = new(rigs={1: {"chests": 3}, 0: {"cards": (D.PRIVATEERING,)}})
    state = pass_window(act(state, Privateering(0, 1)))
    state = pass_window(navigate(state, {0: 5, 1: 6}))
    while state.seat != 1:
        state = act(state, Done(state.seat))
    state = act(state, pirates.actions.Bury(1, 3, 0))
    assert (state.ships[0].fame, state.ships[1].fame) == (2, 1)


def test_seed_example_sails_five_to_seven_costs_three() -> None:
    assert D.value(D.SAILS, 1) == 5 and D.value(D.SAILS, 3) == 7
    assert D.upgrade_cost(1, 3) == 3
    state = rigged({0: D.SAIL_ISLAND}, rigs={0: {"levels": (1, 1, 1, 1)}})
    assert state.phase == "island_effects" and state.seat == 0
    state = act(state, Upgrade(0, "sails", 3))  # after plundering Sail Island's 4 gold
    assert state.ships[0].gold == 9 + 4 - 3 and state.ships[0].levels[D.SAILS] == 3


def test_seed_example_treasure_island_five_to_six_costs_two() -> None:
    state = rigged({}, rigs={0: {"levels": (1, 1, 1, 1)}, 3: {"levels": (1, 0, 1, 1)}})
    assert state.island == D.TREASURE_ISLAND and state.order == (1, 2, 0, 3)
    state = act(state, Done(1), Done(2))
    state = act(state, DoubleUpgrade(0, "sails"))
    assert state.ships[0].gold == 7 and state.ships[0].levels[D.SAILS] == 2
    # only ONE section, ONE level: no second double upgrade this visit
    assert not any(isinstance(a, DoubleUpgrade) for a in pirates.legal_actions(state, 0))


def test_island_effects_fastest_first() -> None:
    state = rigged({0: 6, 1: 6, 2: 6, 3: 6})
    assert state.order == (0, 1, 2, 3)  # sails 8, 7, 6, 5


def test_tavern_island_buys_up_to_three_cards_at_two_gold() -> None:
    state = rigged({0: D.TAVERN_ISLAND}, legend_islands=(5,), rigs={0: {"gold": 10}},
                     treasure=["3c#1"])
    assert state.phase == "island_effects" and state.island == D.TAVERN_ISLAND
    hand = owned(state.ships[0])
    state = act(state, Buy(0), Buy(0), Buy(0))
    assert state.ships[0].gold == 4 and owned(state.ships[0]) == hand + 3
    assert Buy(0) not in pirates.legal_actions(state, 0)


def test_bury_gives_one_fame_per_chest_and_per_three_gold() -> None:
    state = rigged({}, rigs={1: {"chests": 2, "gold": 10}})
    state = act(state, Done(0), Bury(1, 2, 3))
    ship = state.ships[1]
    assert (ship.fame, ship.chests, ship.gold) == (5, 0, 1)
    assert state.supply == D.CHESTS_IN_BOX
    assert not any(isinstance(a, Bury) for a in pirates.legal_actions(state, 1))


def test_hull_upgrade_several_levels_pays_each_step() -> None:
    state = rigged({0: D.HULL_ISLAND})
    state = act(state, Upgrade(0, "hull", 4))  # 1 + 2 + 2, after plundering 4 gold
    assert state.ships[0].gold == 9 + 4 - 5 and state.ships[0].levels[D.HULL] == 4


def test_upgrade_only_the_islands_section() -> None:
    state = rigged({0: D.CREW_ISLAND})
    sections = {a.section for a in pirates.legal_actions(state, 0) if isinstance(a, Upgrade)}
    assert sections == {"crew"}
    with pytest.raises(IllegalAction):
        pirates.apply(state, Upgrade(0, "hull", 2))


def test_tavern_buy_limit_is_three() -> None:
    state = rigged({0: 6, 1: 6, 2: 6, 3: 6})
    assert not any(isinstance(a, Buy) for a in pirates.legal_actions(state, 0))


def test_p_r8_lone_ship_plunders_its_island() -> None:
    state = rigged({0: D.HULL_ISLAND}, treasure=["6g#1", "2g1c#1"])
    ship = state.ships[0]
    assert (ship.gold, ship.chests) == (11, 1)
    assert "plunder" in kinds(state)


def test_p_r8_no_plunder_where_a_legend_is_afloat() -> None:
    state = rigged({0: D.TAVERN_ISLAND}, treasure=["6g#1"])
    state = board(dice(state, *[1] * 6))  # Blackbeard misses
    state = act(state, Flee(0))
    assert state.ships[0].gold <= 9
    assert D.TREASURES[state.face_up[0]].id == "6g#1" and "plunder" not in kinds(state)


def test_cove_draw_two_cards_or_one_card_and_two_gold() -> None:
    state = rigged({0: 2, 1: 2})
    state = board(state)
    state = act(dice(state, 6), Flee(0))
    assert state.ships[0].island == D.COVE
    state = finish_effects_until(state, 0)
    options = pirates.legal_actions(state, 0)
    assert options == [CoveDraw(0, False), CoveDraw(0, True)]
    hand = owned(state.ships[0])
    after = act(state, CoveDraw(0, True))
    assert owned(after.ships[0]) == hand + 1 and after.ships[0].gold == 11
    after = act(state, CoveDraw(0, False))
    assert owned(after.ships[0]) == hand + 2 and after.ships[0].gold == 9


def test_cove_repairs_destroyed_sections_at_two_gold_back_to_one() -> None:
    state = rigged({0: 2, 1: 2}, rigs={1: {"levels": (0, 3, 0, 1)}})
    state = board(state)
    state = fire(state, 0, 1, "hull", [6])  # hull 0 -> off: crippled, routed
    assert state.ships[1].island == D.COVE and state.ships[0].fame == 1
    state = finish_effects_until(state, 1)
    assert state.ships[1].levels == (1, 3, 0, 1) and state.ships[1].gold == 7
    assert "repaired" in kinds(state)


def test_p_r10_cove_repair_without_enough_gold_pays_all_and_gets_nothing() -> None:
    state = rigged({0: 2, 1: 2}, rigs={1: {"levels": (0, 3, 1, 1), "gold": 1}})
    state = board(state)
    state = fire(state, 0, 1, "hull", [5])
    state = finish_effects_until(state, 1)
    assert state.ships[1].levels[D.HULL] == 1 and state.ships[1].gold == 0
    assert pirates.legal_actions(state, 1)[-1] == Done(1)
    assert not any(isinstance(a, CoveDraw) for a in pirates.legal_actions(state, 1))


def test_damage_that_did_not_cripple_is_repaired_by_upgrades() -> None:
    state = rigged({0: D.HULL_ISLAND}, rigs={0: {"levels": (0, 4, 1, 1)}})
    state = act(state, Upgrade(0, "hull", 1))  # after plundering Hull Island's 4 gold
    assert state.ships[0].levels[D.HULL] == 1 and state.ships[0].gold == 9 + 4 - 1


def test_p_r24_chests_run_out_when_treasure_island_is_empty() -> None:
    state = new(treasure=["6g#1", "3c#1"])
    state = rig(state, 3, chests=49)
    state = go(state, {0: 2})
    assert state.ships[0].chests == 1 and state.supply == 0


def test_p_r29_cove_choice_comes_first() -> None:
    state = board(go(new(rigs={0: {"cards": (D.SHIPOWNER,)}}), {0: 2, 1: 2}))
    state = act(dice(state, 6), Flee(0))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    assert pirates.legal_actions(state, 0) == [CoveDraw(0, False), CoveDraw(0, True)]


def test_seed_example_sails_five_to_seven_costs_three_at_outfitting() -> None:
    state = new(outfits={0: (1, 3, 1, 1)})
    assert D.value(D.SAILS, 1) == 5 and D.value(D.SAILS, 3) == 7
    assert state.ships[0].gold == 9 - 3


def test_seed_example_sails_five_to_seven_costs_three_on_sail_island() -> None:
    state = new()
    state = rig(state, 0, levels=(1, 1, 1, 1))  # Sails 5
    state = rig(state, 3, levels=(1, 0, 1, 1))  # keep speeds apart
    state = act(sail(state, {0: SAIL_ISLAND}), *(Pass(s) for s in (1, 2, 0, 3)))
    # Alone on Sail Island: plunders its 4 gold, then the island effects.
    assert state.phase == "island_effects" and state.seat == 0
    assert state.ships[0].gold == 9 + 4
    state = act(state, Upgrade(0, SAILS, 3))
    assert state.ships[0].gold == 13 - 3 and levels(state, 0)[D.SAILS] == 3
    assert last(state, "upgraded").get("cost") == 3


def test_upgrade_from_five_to_twelve_sails_pays_every_step() -> None:
    # 1 -> 7: 1 + 2 + 2 + 3 + 3 + 4 = 15 gold.
    state = new()
    state = rig(state, 0, levels=(1, 1, 1, 1), gold=15)
    state = rig(state, 3, levels=(1, 0, 1, 1))
    state = act(sail(state, {0: SAIL_ISLAND}), *(Pass(s) for s in (1, 2, 0, 3)))
    assert Upgrade(0, SAILS, 7) in pirates.legal_actions(state, 0)
    state = act(state, Upgrade(0, SAILS, 7))
    assert state.ships[0].gold == 15 + 4 - 15
    assert D.value(D.SAILS, levels(state, 0)[D.SAILS]) == 12


def test_seed_example_treasure_island_five_to_six_costs_two_once() -> None:
    state = new()
    state = rig(state, 0, levels=(1, 1, 1, 1))  # Sails 5
    state = rig(state, 3, levels=(1, 0, 1, 1))
    state = act(sail(state, {1: 5, 2: 4, 3: 2}), *(Pass(s) for s in (1, 2, 0, 3)))
    # Islands 2, 4, 5 are plundered by their lone ships; Treasure Island comes after them.
    while state.seat != 0:
        state = act(state, Done(state.seat))
    assert state.island == D.TREASURE_ISLAND
    options = pirates.legal_actions(state, 0)
    assert not any(isinstance(a, Upgrade) for a in options)  # no ordinary upgrade here
    state = act(state, DoubleUpgrade(0, SAILS))
    assert state.ships[0].gold == 9 - 2
    assert D.value(D.SAILS, levels(state, 0)[D.SAILS]) == 6
    # One section, one level: no second double-cost upgrade, of any section.
    for section in (HULL, SAILS, CREW, "cannons"):
        with pytest.raises(IllegalAction):
            pirates.apply(state, DoubleUpgrade(0, section))


def test_p_r27_wounded_parrot_heals_in_the_island_effects() -> None:
    state = two_at_hull_island(s1={"levels": (1, 3, 1, 1), "parrot": "bones"})
    state = act(dice(board(state), 6, 1), Fire(0, 1, "cannons"))
    assert state.ships[1].parrot_wounded
    state = act(dice(state, 3), Flee(1))  # no mutiny on a 3
    state = done_all(state)
    assert not state.ships[1].parrot_wounded
    assert state.ships[1].parrot == D.TAVERN_BY_ID["bones"].index


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
    assert "first choose" in refused(state, Done(1), "cove-first")


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


def test_tavern_island_sells_up_to_three_cards_at_two_gold() -> None:
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


def test_treasure_island_burying_one_fame_per_chest_and_per_three_gold() -> None:
    state = rig(new(), 0, gold=10, chests=3)
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    supply, treasury = state.supply, state.treasury
    assert Bury(0, 0, 4) not in pirates.legal_actions(state, 0)  # 10 gold: 3 bags
    state = act(state, Bury(0, 3, 3))
    ship = state.ships[0]
    assert (ship.fame, ship.gold, ship.chests) == (6, 1, 0)
    assert state.supply == supply + 3 and state.treasury == treasury + 9


def test_island_effects_fastest_first_trelawney_adds_twenty() -> None:
    state = rig(new(), 3, parrot="trelawney")  # 5 + 20 = 25: first
    state = pass_window(sail(state, {}))
    assert state.island == 6
    order = []
    while state.phase == "island_effects":
        order.append(state.seat)
        state = act(state, Done(state.seat))
    assert order == [3, 0, 1, 2]


def test_p_r8_plunder_gives_gold_chests_tavern_cards_and_fame() -> None:
    treasure = ["4g#1", "2c1f#1", "3g1t#1", "4g#4", "4g#5"]
    state = rigged({0: 2, 1: 3}, treasure=treasure, draws=DRAWS)
    s0, s1 = state.ships[0], state.ships[1]
    assert (s0.gold, s0.chests, s0.fame) == (9, 2, 1)
    assert (s1.gold, s1.chests, s1.fame) == (12, 0, 0)
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner"])
    assert D.TREASURE_BY_ID["2c1f#1"].index in state.treasure_discard


def test_no_plunder_of_an_empty_or_unwon_island_and_leftover_cards_discarded() -> None:
    state = rigged({})
    up = list(state.face_up)
    state = done_all(state)
    assert state.month == 2
    assert all(c in state.treasure_discard for c in up)  # nobody plundered month 1's cards
    assert [s.gold for s in state.ships] == [9, 9, 9, 9]


def test_privateering_shares_the_victims_burying_fame() -> None:
    state = rig(new(), 1, cards=["privateering"])
    state = rig(state, 0, chests=3)
    state = act(state, Pass(0), Privateering(1, 0))
    state = until_seat(pass_window(sail(state, {})), 0, 6)
    state = act(state, Bury(0, 3, 0))
    assert state.ships[0].fame == 1 and state.ships[1].fame == 2


def test_p_r15_no_parrot_swap_without_fame() -> None:
    state = second_parrot(0)
    assert pirates.legal_actions(state, 1) == [ParrotChoice(1, False)]


def test_raising_a_ring_from_position_zero_back_to_one_costs_one() -> None:
    state = rig(new(), 0, levels=(0, 4, 1, 1), gold=0)
    state = pass_window(sail(state, {0: 2}))  # 4 gold from Hull Island
    assert state.seat == 0
    options = {a.level for a in pirates.legal_actions(state, 0) if isinstance(a, Upgrade)}
    assert options == {1, 2, 3}  # 1, 1 + 1, 1 + 1 + 2 = 4
    state = act(state, Upgrade(0, "hull", 1))
    assert state.ships[0].gold == 3 and levels(state, 0)[D.HULL] == 1


def test_parrot_decision_pauses_the_plunder_which_then_goes_on() -> None:
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = new(treasure=treasure, draws=["trelawney"])
    state = rig(state, 1, parrot="flint", fame=1)
    state = pass_window(sail(state, {1: 3, 2: 4}))
    assert pirates.to_act(state) == (1,) and state.ships[2].gold == 9  # island 4 waits
    state = act(state, ParrotChoice(1, True))
    assert state.ships[1].fame == 0 and state.ships[1].parrot == card("trelawney")
    assert state.ships[2].gold == 9 + 4
    assert state.phase == "island_effects"


def test_second_parrot_drawn_in_the_cove_then_the_effects_go_on() -> None:
    state = rigged({0: 2, 1: 2}, {1: {"parrot": "bones", "fame": 3}},
                     draws=["silver", "shipowner"])
    state = act(dice(board(state), 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    while not (state.seat == 1 and state.island == D.COVE):
        state = act(state, Done(state.seat))
    state = act(state, CoveDraw(1, False))
    assert pirates.to_act(state) == (1,)
    state = act(state, ParrotChoice(1, False))
    assert state.ships[1].parrot == card("bones") and state.ships[1].fame == 3
    assert sorted(hand_ids(state, 1)) == ["fame1-2", "shipowner"]
    state = act(state, Done(1))
    assert state.month == 2


def test_p_r25_equal_speeds_in_the_island_effects_by_fresh_dice() -> None:
    state = new()
    state = rig(rig(state, 0, levels=(1, 6, 1, 1)), 1, levels=(1, 6, 1, 1))
    state = pass_window(sail(state, {2: 2, 3: 3}))
    # Seats 0 and 1 (Sails 10) share Treasure Island: fresh dice order them there.
    state = act(state, Done(2))
    assert state.island == 3 and state.seat == 3
    state = act(dice(state, 2, 2, 6, 3), Done(3))
    ties = events(state, "tie_roll")[-2:]
    assert [t.get("dice") for t in ties] == [(2, 2), (6, 3)]
    assert state.island == 6 and state.seat == ties[1].get("ships")[0]
    state = act(state, Done(state.seat))
    assert state.seat == ties[1].get("ships")[1]


def test_treasure_map_owner_plundering_the_marked_island_gets_double_chests() -> None:
    state = rig(new(treasure=TREASURE), 0, cards=["treasure_map"])
    state = act(dice(state, 2), TreasureMap(0))
    state = pass_window(sail(state, {0: 2}))
    assert (state.ships[0].gold, state.ships[0].chests) == (10, 4)


def _plunder_line(state: pirates.State) -> str:
    return [describe(e, state.players) for e in pirates.events(state, 0)
            if e["kind"] == "plunder"][-1]


def test_p_r8_the_plunder_line_says_the_chests_taken_doubled_by_the_treasure_map() -> None:
    # Hull Island's card is 1 gold, 2 chests; the map doubles the chests for its player: 4.
    state = rig(new(treasure=TREASURE), 0, cards=["treasure_map"])
    state = act(dice(state, 2), TreasureMap(0))
    state = pass_window(sail(state, {0: 2}))
    assert _plunder_line(state) == ("Anne plunders Hull Island: 1 gold, 4 chests "
                                    "(Treasure Map: chests doubled).")


def test_p_r24_the_plunder_line_says_the_box_ran_short() -> None:
    # Bart holds all but one chest of the box: Anne's 2 chests on Hull Island are only 1.
    state = rig(new(treasure=TREASURE), 1, chests=D.CHESTS_IN_BOX - 1)
    state = pass_window(sail(state, {0: 2}))
    assert state.ships[0].chests == 1
    assert _plunder_line(state) == ("Anne plunders Hull Island: 1 gold, 1 chest "
                                    "(the box held only 1 chest).")
