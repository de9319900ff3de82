"""Scenarios computed by hand from the rules: the seed's examples and combat between players.

Default mats (pirates_scenarios_helpers.new): rings on 1 (Hull 3, Crew 2, Cannons 2: 2 dice),
Sails of seat s on 4 - s (speeds 8, 7, 6, 5). Month 1's Treasure cards are 4 gold on every island.
"""

from __future__ import annotations

import pytest
from pirates_scenarios_helpers import (
    COVE,
    CREW,
    HULL,
    SAILS,
    act,
    board,
    dice,
    done_all,
    events,
    last,
    levels,
    new,
    pass_window,
    rig,
    sail,
)

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Buy,
    Done,
    DoubleUpgrade,
    Fire,
    Flee,
    Navigate,
    Pass,
    Upgrade,
)

HULL_ISLAND, SAIL_ISLAND = 2, 3


def two_at_hull_island(**rigs: dict) -> pirates.State:
    """Seats 0 and 1 fight off Hull Island; seats 2 and 3 sail to Treasure Island."""
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, int(seat[1:]), **fields)
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND})
    state = pass_window(state)  # the window after navigation
    assert state.phase == "combat" and state.combat.island == HULL_ISLAND
    return state


# ------------------------------------------------------------------------- the seed's examples


def test_seed_example_three_cannons_and_two_crew_roll_two_dice() -> None:
    # Outfitting: Sails 1 -> 5 costs 1+2+2+3 = 8, Cannons 1 -> 2 (value 3) costs 1: all 9 gold.
    state = new(outfits={0: (1, 5, 1, 2)})
    assert state.ships[0].gold == 0 and state.treasury == 9
    assert D.value(D.CANNONS, 2) == 3 and D.value(D.CREW, 1) == 2
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND})
    state = board(act(state, *(Pass(s) for s in (0, 1, 2, 3))))
    assert state.seat == 0  # speed 9 against 7
    state = act(dice(state, 5, 1, 6), Fire(0, 1, HULL))
    volley = last(state, "volley")
    assert volley.get("dice") == (5, 1) and volley.get("hits") == 1
    assert state.dice == (6,)  # the third die was not rolled
    assert levels(state, 1)[D.HULL] == 0


def test_seed_example_two_cannons_and_three_crew_roll_two_dice() -> None:
    state = board(two_at_hull_island(s0={"levels": (1, 4, 2, 1)}))
    state = act(dice(state, 1, 1, 1), Fire(0, 1, HULL))
    assert last(state, "volley").get("dice") == (1, 1)


def test_seed_example_three_cannons_and_three_crew_roll_three_dice() -> None:
    state = board(two_at_hull_island(s0={"levels": (1, 4, 2, 2)}))
    state = act(dice(state, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert last(state, "volley").get("dice") == (1, 1, 1)


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


# ------------------------------------------------------------------------- volleys and hits


def test_hits_on_five_and_six_only() -> None:
    state = board(two_at_hull_island(s0={"levels": (1, 4, 7, 7)}, s1={"levels": (1, 3, 4, 1)}))
    state = act(dice(state, 1, 2, 3, 4, 5), Fire(0, 1, CREW))  # 5 dice: Crew 5, Cannons 5
    assert last(state, "volley").get("hits") == 1
    assert levels(state, 1) == (1, 3, 3, 1)
    state = act(dice(state, 6, 6), Fire(1, 0, SAILS))
    assert last(state, "volley").get("hits") == 2
    assert levels(state, 0) == (1, 2, 7, 7)


def test_firer_chooses_target_ship_and_section() -> None:
    state = new()
    state = rig(state, 2, levels=(1, 2, 3, 3))
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND, 2: HULL_ISLAND})
    state = board(act(state, *(Pass(s) for s in (0, 1, 2, 3))))
    state = act(dice(state, 6, 5), Fire(0, 2, "cannons"))
    assert levels(state, 2) == (1, 2, 3, 1)
    assert levels(state, 1) == (1, 3, 1, 1)  # the other ship is untouched
    assert last(state, "volley").get("target") == 2


def test_mastercraft_absorbs_two_hits_then_parrot_two_then_the_ring() -> None:
    # Five hits on Crew: Mastercraft damaged, destroyed; Silver's parrot wounded, dead (-2 fame);
    # the fifth hit moves the ring.
    state = two_at_hull_island(
        s0={"levels": (1, 4, 7, 7)},
        s1={"levels": (1, 3, 2, 1), "fame": 3, "parrot": "silver", "craft": CREW},
    )
    state = board(state)
    craft = state.ships[1].craft
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, 1, CREW))
    kinds = [e.kind for e in state.log[-1] if e.kind in (
        "mastercraft_damaged", "mastercraft_destroyed", "parrot_wounded", "parrot_killed",
        "damaged")]
    assert kinds == ["mastercraft_damaged", "mastercraft_destroyed", "parrot_wounded",
                     "parrot_killed", "damaged"]
    ship = state.ships[1]
    assert ship.levels == (1, 3, 1, 1)
    assert ship.fame == 3 - 2
    assert ship.parrot == -1 and ship.craft == -1
    assert craft in state.tavern_discard and D.TAVERN_BY_ID["silver"].index in state.tavern_discard


def test_mastercraft_on_another_section_does_not_protect() -> None:
    state = board(two_at_hull_island(s1={"levels": (2, 3, 1, 1), "craft": CREW}))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert levels(state, 1) == (1, 3, 1, 1)
    assert not state.ships[1].craft_damaged


def test_wounded_parrot_heals_in_the_island_effects() -> None:
    state = two_at_hull_island(s1={"levels": (1, 3, 1, 1), "parrot": "bones"})
    state = act(dice(board(state), 6, 1), Fire(0, 1, "cannons"))
    assert state.ships[1].parrot_wounded
    state = act(dice(state, 3), Flee(1))  # no mutiny on a 3
    state = done_all(state)
    assert not state.ships[1].parrot_wounded
    assert state.ships[1].parrot == D.TAVERN_BY_ID["bones"].index


# ------------------------------------------------------------------------- flight and mutiny


def three_at_hull_island(**rigs: dict) -> pirates.State:
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, int(seat[1:]), **fields)
    state = sail(state, {0: HULL_ISLAND, 1: HULL_ISLAND, 2: HULL_ISLAND})
    return board(pass_window(state))


def test_flee_after_a_hit_gives_one_fame_to_every_other_ship_still_there() -> None:
    state = three_at_hull_island(s1={"levels": (2, 3, 1, 1)})
    state = act(dice(state, 5, 1), Fire(0, 1, HULL))
    assert state.seat == 1
    state = act(dice(state, 3), Flee(1))
    assert [s.fame for s in state.ships] == [1, 0, 1, 0]
    assert state.ships[1].island == COVE
    assert state.combat is not None and state.combat.fighters == (0, 2)
    fled = last(state, "fled")
    assert fled.get("witnesses") == (0, 2) and fled.get("mutiny") is False


def test_flee_without_being_hit_gives_no_fame() -> None:
    state = three_at_hull_island()
    state = act(dice(state, 1, 1), Fire(0, 2, HULL))
    state = act(dice(state, 4), Flee(1))
    assert [s.fame for s in state.ships] == [0, 0, 0, 0]
    assert state.ships[1].island == COVE


def test_mutiny_on_a_one_loses_all_gold_all_chests_and_two_fame() -> None:
    state = three_at_hull_island(s1={"gold": 7, "chests": 2, "fame": 5})
    supply, treasury = state.supply, state.treasury
    state = act(dice(state, 1, 1), Fire(0, 2, HULL))
    state = act(dice(state, 1), Flee(1))
    ship = state.ships[1]
    assert (ship.gold, ship.chests, ship.fame) == (0, 0, 3)
    assert state.supply == supply + 2 and state.treasury == treasury + 7
    assert last(state, "fled").get("mutiny") is True


def test_no_mutiny_on_two_to_six() -> None:
    state = three_at_hull_island(s1={"gold": 7, "chests": 2, "fame": 5})
    state = act(dice(state, 1, 1), Fire(0, 2, HULL))
    state = act(dice(state, 2), Flee(1))
    ship = state.ships[1]
    assert (ship.gold, ship.chests, ship.fame) == (7, 2, 5)


def test_the_last_ship_left_wins_when_the_other_flees() -> None:
    state = board(two_at_hull_island())
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 6), Flee(1))
    assert state.combat is None
    # Seat 0 is alone: it plunders Hull Island's 4 gold.
    assert state.ships[0].gold == 9 + 4
    assert last(state, "plunder").get("seat") == 0


# ------------------------------------------------------------------------- rout


def test_crippled_ship_is_routed_and_every_ship_still_there_gains_one_fame() -> None:
    state = three_at_hull_island(s2={"levels": (0, 2, 1, 1)})
    state = act(dice(state, 6, 1), Fire(0, 2, HULL))
    assert levels(state, 2)[D.HULL] == -1 and state.ships[2].crippled
    assert state.ships[2].island == COVE
    assert [s.fame for s in state.ships] == [1, 1, 0, 0]
    assert last(state, "routed").get("witnesses") == (0, 1)
    assert state.combat.fighters == (0, 1)


def test_slow_ship_routed_before_it_ever_fires() -> None:
    state = three_at_hull_island(s2={"levels": (0, 2, 1, 1)})
    state = act(dice(state, 6, 1), Fire(0, 2, HULL))
    state = act(dice(state, 1, 1), Fire(1, 0, HULL))
    # Exchange 2 begins with seat 0 again: the slowest ship never fired.
    assert state.seat == 0 and state.combat.exchange == 2
    assert all(e.get("ship") != 2 for e in events(state, "volley"))


def test_rout_of_the_only_opponent_ends_the_combat_and_the_winner_plunders() -> None:
    state = board(two_at_hull_island(s1={"levels": (0, 3, 1, 1)}))
    state = act(dice(state, 5, 5), Fire(0, 1, HULL))
    assert state.combat is None
    assert state.ships[0].fame == 1  # witness of the rout
    assert state.ships[0].gold == 9 + 4  # plunder of Hull Island
    assert state.ships[1].island == COVE and state.ships[1].gold == 9


def test_a_ring_at_zero_is_not_crippled() -> None:
    state = board(two_at_hull_island(s1={"levels": (1, 3, 1, 1)}))
    state = act(dice(state, 5, 1), Fire(0, 1, HULL))
    assert levels(state, 1)[D.HULL] == 0 and not state.ships[1].crippled
    assert state.combat is not None and state.seat == 1


# ------------------------------------------------------------------------- speed order, P-R1


def test_faster_ship_fires_first_whatever_its_seat() -> None:
    state = board(two_at_hull_island(s1={"levels": (1, 7, 1, 1)}))
    assert state.seat == 1


def test_damage_to_sails_changes_the_order_of_later_exchanges() -> None:
    # Seat 0 Sails 8 (level 4), seat 1 Sails 7: seat 1 knocks seat 0's Sails down to 6.
    state = board(two_at_hull_island())
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 6, 6), Fire(1, 0, SAILS))
    assert levels(state, 0)[D.SAILS] == 2
    assert state.combat.exchange == 2 and state.seat == 1


def _tie_winner(event) -> int:
    ships, rolled = event.get("ships"), event.get("dice")
    assert len(set(rolled)) == len(rolled)
    return ships[max(range(len(ships)), key=lambda i: rolled[i])]


def test_p_r1_equal_speed_by_die_highest_first_and_equal_dice_rolled_again() -> None:
    state = new()
    state = rig(state, 0, levels=(1, 6, 1, 1))
    state = rig(state, 1, levels=(1, 6, 1, 1))  # both Sails 10
    state = pass_to_navigation(state)
    for seat in (0, 1, 2):
        state = act(state, Navigate(seat, HULL_ISLAND if seat < 2 else 6))
    state = act(dice(state, 4, 4, 2, 5), Navigate(3, 6))
    ties = events(state, "tie_roll")
    assert [e.get("dice") for e in ties] == [(4, 4), (2, 5)]
    assert set(ties[1].get("ships")) == {0, 1}
    assert state.phase == "after_navigation" and state.seat == _tie_winner(ties[1])


def test_p_r1_fresh_dice_for_the_boarding_and_for_each_exchange() -> None:
    state = new()
    state = rig(state, 0, levels=(1, 6, 1, 1))
    state = rig(state, 1, levels=(1, 6, 1, 1))
    state = pass_to_navigation(state)
    for seat in (0, 1, 2):
        state = act(state, Navigate(seat, HULL_ISLAND if seat < 2 else 6))
    state = act(dice(state, 2, 5), Navigate(3, 6))
    window_first = state.seat
    state = act(dice(state, 6, 1), *(Pass(s) for s in state.order))
    boarding = last(state, "tie_roll")
    assert boarding.get("dice") == (6, 1)
    assert state.seat == _tie_winner(boarding)
    state = act(dice(state, 3, 4), Pass(state.seat), Pass(state.combat.order[1]))
    exchange = last(state, "tie_roll")
    assert exchange.get("dice") == (3, 4)
    assert state.combat.exchange == 1 and state.seat == _tie_winner(exchange)
    assert window_first in (0, 1)


def pass_to_navigation(state: pirates.State) -> pirates.State:
    while state.phase == "before_navigation":
        state = act(state, Pass(state.seat))
    return state


# ------------------------------------------------------------------------- readable refusals


def test_wrong_seat_is_refused_with_the_name_of_the_seat_awaited() -> None:
    state = board(two_at_hull_island())
    assert state.seat == 0
    with pytest.raises(IllegalAction, match="Anne"):
        pirates.apply(state, Fire(1, 0, HULL))
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, Fire(1, 0, HULL))


def test_wrong_phase_is_refused_with_the_phase_named() -> None:
    state = board(two_at_hull_island())
    with pytest.raises(IllegalAction, match="combat"):
        pirates.apply(state, Buy(0))


def test_firing_at_oneself_is_refused() -> None:
    state = board(two_at_hull_island())
    with pytest.raises(IllegalAction):
        pirates.apply(state, Fire(0, 0, HULL))


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


def test_a_hit_absorbed_by_mastercraft_still_counts_as_hit_for_a_flight() -> None:
    state = three_at_hull_island(s1={"craft": HULL})
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert state.ships[1].craft_damaged and levels(state, 1)[D.HULL] == 1
    state = act(dice(state, 2), Flee(1))
    assert [s.fame for s in state.ships[:3]] == [1, 0, 1]


def test_a_hit_by_a_legendary_pirate_counts_for_a_flight() -> None:
    state = new()
    state = rig(state, 0, levels=(2, 4, 1, 3))  # most Cannons: Blackbeard's first target
    state = pass_window(sail(state, {0: 1, 1: 1}))
    state = board(dice(state, 6, 1, 1, 1, 1, 1, *[1] * 6))
    assert levels(state, 0)[D.HULL] == 1
    state = act(dice(state, 5), Flee(0))
    assert [s.fame for s in state.ships[:2]] == [0, 1]
    assert state.combat is not None and state.combat.fighters == (1,)


def test_combats_run_island_by_island_in_island_order() -> None:
    # Two duels, off Cannon Island (4) and Hull Island (2): Hull Island's is fought first.
    state = new()
    state = sail(state, {0: 4, 1: 4, 2: HULL_ISLAND, 3: HULL_ISLAND})
    state = board(pass_window(state))
    assert state.combat.island == HULL_ISLAND and state.seat == 2
    state = act(dice(state, 1, 1), Fire(2, 3, HULL))
    state = act(dice(state, 5), Flee(3))
    assert state.combat.island == 4
    assert [e.get("island") for e in events(state, "combat_start")] == [HULL_ISLAND, 4]
    state = act(dice(board(state), 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 5), Flee(1))
    assert state.phase == "island_effects"
    # Island effects in island order too: Hull Island, Cannon Island, then Pirate's Cove.
    order = []
    while state.phase == "island_effects":
        if not order or order[-1] != (state.island, state.seat):
            order.append((state.island, state.seat))
        options = pirates.legal_actions(state, state.seat)
        draw = [a for a in options if type(a).__name__ == "CoveDraw"]
        state = act(state, draw[0] if draw else Done(state.seat))
    assert order == [(HULL_ISLAND, 2), (4, 0), (COVE, 1), (COVE, 3)]
