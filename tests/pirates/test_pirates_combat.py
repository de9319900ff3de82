"""Combat between players (§6): dice, hits, absorption, flight, mutiny, rout, the order of fire
(P-R1), the seed's examples."""

from __future__ import annotations

import pirates
from pirates import data as D
from pirates.actions import (
    Done,
    Fire,
    Flee,
    Navigate,
    Pass,
    PlayBattle,
    PlayVolley,
)
from tests.pirates.pirates_helpers import (
    CREW,
    HULL,
    HULL_ISLAND,
    SAILS,
    _tie_winner,
    act,
    board,
    dice,
    events,
    fire,
    kinds,
    last,
    levels,
    new,
    outfit_all,
    pass_to_navigation,
    pass_window,
    rig,
    rigged,
    sail,
    start,
    three_at_hull_island,
    two_at_hull_island,
    volleys,
)


def test_combat_on_an_outer_island_with_two_players() -> None:
    state = rigged({0: 2, 1: 2})
    assert state.phase == "combat" and state.combat is not None
    assert state.combat.island == 2 and state.combat.fighters == (0, 1)
    state = board(state)
    assert state.combat is not None and state.combat.order == (0, 1) and state.seat == 0


def test_hits_are_fives_and_sixes() -> None:
    state = board(rigged({0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [4, 5])
    assert last(state, "volley").get("hits") == 1
    assert state.ships[1].levels[D.SAILS] == 2


def test_rout_crippled_ship_goes_to_cove_and_witnesses_gain_fame() -> None:
    state = board(rigged({0: 2, 1: 2, 2: 2}))
    state = fire(state, 0, 2, "hull", [5, 6])  # Cora's hull 1 -> 0 -> off
    assert state.ships[2].island == D.COVE and state.ships[2].crippled
    assert [s.fame for s in state.ships[:3]] == [1, 1, 0]
    assert state.combat is not None and state.combat.fighters == (0, 1)


def test_slow_ship_can_be_routed_before_it_ever_fires() -> None:
    state = board(rigged({0: 2, 1: 2}, rigs={1: {"levels": (0, 3, 1, 1)}}))
    state = fire(state, 0, 1, "hull", [6, 1])
    assert state.phase != "combat"
    assert [ship for ship, _ in volleys(state)] == [0]
    assert "plunder" in kinds(state) and state.ships[0].fame == 1


def test_flee_when_hit_gives_witnesses_fame_and_mutiny_on_one() -> None:
    state = board(rigged({0: 2, 1: 2, 2: 2}, rigs={2: {"chests": 2}}))
    state = fire(state, 0, 2, "crew", [5, 1])
    state = fire(state, 1, 0, "sails", [1, 1])
    state = act(dice(state, 1), Flee(2))
    cora = state.ships[2]
    assert cora.island == D.COVE and (cora.gold, cora.chests, cora.fame) == (0, 0, 0)
    assert [s.fame for s in state.ships[:2]] == [1, 1]
    assert last(state, "fled").get("mutiny") is True


def test_flee_unhit_gives_no_fame_and_mutiny_spares_on_other_dice() -> None:
    state = board(rigged({0: 2, 1: 2}))
    state = act(dice(state, 2), Flee(0))
    assert state.ships[0].island == D.COVE and state.ships[0].gold == 9
    assert state.ships[1].fame == 0 and last(state, "fled").get("mutiny") is False


def test_p_r26_every_flight_rolls_for_mutiny_even_unhit() -> None:
    # A ship never flees crippled, so no flight escapes the mutiny roll: unhit, a 1 still mutinies.
    state = board(rigged({0: 2, 1: 2}, rigs={0: {"chests": 2}}))
    state = act(dice(state, 1), Flee(0))
    anne = state.ships[0]
    assert anne.island == D.COVE and (anne.gold, anne.chests) == (0, 0)
    assert last(state, "fled").get("mutiny") is True
    assert state.ships[1].fame == 0  # not hit: no witness fame


def test_no_combat_between_players_on_treasure_island() -> None:
    state = rigged({0: 6, 1: 6})
    assert state.phase == "island_effects" and "combat_start" not in kinds(state)


def test_seed_example_three_cannons_two_crew_roll_two_dice() -> None:
    # cannons on position 2 (value 3), crew on position 1 (value 2): min is 2 dice
    state = rigged({0: 2, 1: 2}, rigs={0: {"levels": (1, 4, 1, 2)}})
    state = board(state)
    state = fire(state, 0, 1, "hull", [1, 1])
    assert last(state, "volley").get("dice") == (1, 1)


def test_seed_example_three_cannons_three_crew_roll_three_dice() -> None:
    state = rigged({0: 2, 1: 2}, rigs={0: {"levels": (1, 4, 2, 2)}})
    state = board(state)
    state = fire(state, 0, 1, "hull", [1, 1, 1])
    assert last(state, "volley").get("dice") == (1, 1, 1)


def test_p_r1_equal_speed_ordered_by_dice_rolled_again_on_equal_dice() -> None:
    state = pass_window(outfit_all(start()))
    # all sails equal: after the reveal the window order is rolled: 4,4 tie again
    state = dice(state, 4, 4, 2, 1, 3, 5)
    state = act(state, *(Navigate(s, 6) for s in range(4)))
    rolls = [e for e in state.log if e.kind == "tie_roll"]
    assert rolls[-1].get("ships") == (0, 1) and rolls[-1].get("dice") == (3, 5)
    assert state.order == (1, 0, 2, 3)


def test_p_r25_equal_speeds_roll_fresh_dice_for_every_exchange() -> None:
    state = new(rigs={0: {"levels": (1, 3, 1, 1)}, 1: {"levels": (1, 3, 1, 1)}})
    state = dice(pass_window(state), *[4, 3, 2, 5])  # window: Anne first; boarding: Bart
    state = pass_window(act(state, *(Navigate(s, 2 if s < 2 else 6) for s in range(4))))
    assert state.combat is not None and state.combat.order == (1, 0)
    state = act(state, Pass(1))
    assert state.seat == 0
    state = act(dice(state, 6, 1), Pass(0))  # the first exchange: Anne first
    assert state.combat is not None and state.combat.order == (0, 1)
    state = fire(state, 0, 1, "hull", [1, 1])
    state = fire(state, 1, 0, "hull", [1, 1, 3, 4])  # the second exchange: Bart first
    assert state.combat is not None and state.combat.order == (1, 0)
    rolls = [e.get("dice") for e in state.log if e.kind == "tie_roll"]
    assert rolls[-4:] == [(4, 3), (2, 5), (6, 1), (3, 4)]


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


def test_flee_after_a_hit_gives_one_fame_to_every_other_ship_still_there() -> None:
    state = three_at_hull_island(s1={"levels": (2, 3, 1, 1)})
    state = act(dice(state, 5, 1), Fire(0, 1, HULL))
    assert state.seat == 1
    state = act(dice(state, 3), Flee(1))
    assert [s.fame for s in state.ships] == [1, 0, 1, 0]
    assert state.ships[1].island == D.COVE
    assert state.combat is not None and state.combat.fighters == (0, 2)
    fled = last(state, "fled")
    assert fled.get("witnesses") == (0, 2) and fled.get("mutiny") is False


def test_flee_without_being_hit_gives_no_fame() -> None:
    state = three_at_hull_island()
    state = act(dice(state, 1, 1), Fire(0, 2, HULL))
    state = act(dice(state, 4), Flee(1))
    assert [s.fame for s in state.ships] == [0, 0, 0, 0]
    assert state.ships[1].island == D.COVE


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


def test_crippled_ship_is_routed_and_every_ship_still_there_gains_one_fame() -> None:
    state = three_at_hull_island(s2={"levels": (0, 2, 1, 1)})
    state = act(dice(state, 6, 1), Fire(0, 2, HULL))
    assert levels(state, 2)[D.HULL] == -1 and state.ships[2].crippled
    assert state.ships[2].island == D.COVE
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
    assert state.ships[1].island == D.COVE and state.ships[1].gold == 9


def test_a_ring_at_zero_is_not_crippled() -> None:
    state = board(two_at_hull_island(s1={"levels": (1, 3, 1, 1)}))
    state = act(dice(state, 5, 1), Fire(0, 1, HULL))
    assert levels(state, 1)[D.HULL] == 0 and not state.ships[1].crippled
    assert state.combat is not None and state.seat == 1


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
    assert order == [(HULL_ISLAND, 2), (4, 0), (D.COVE, 1), (D.COVE, 3)]


def test_fame_from_a_rout_and_from_sinking_in_one_combat_add_up() -> None:
    # Seats 0 and 1 with Blackbeard: seat 0 sinks him (6 // 2 = 3 each), then routs seat 1 (+1).
    rigs = {0: {"levels": (1, 4, 7, 7)}, 1: {"levels": (0, 3, 1, 1)}}
    state = rigged({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, D.LEGEND_SHIP, HULL))
    state = act(dice(state, 1, 1, *[1] * 12), Fire(1, D.LEGEND_SHIP, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert last(state, "legend_sunk").get("share") == 3
    assert state.seat == 1
    state = act(dice(state, 1, 1), Fire(1, 0, HULL))
    state = act(dice(state, 5, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert state.combat is None
    assert [s.fame for s in state.ships[:2]] == [3 + 1, 3]
    assert state.ships[0].gold == 9 + 4


def test_blackbeard_hits_hull_and_a_rout_by_him_gives_fame_to_the_players_left() -> None:
    rigs = {0: {"levels": (2, 4, 1, 3)}, 1: {"levels": (2, 3, 1, 1)},
            2: {"levels": (0, 2, 1, 5)}}
    state = rigged({0: 1, 1: 1, 2: 1}, rigs)
    state = board(dice(state, 5, 6, 1, 1, 1, 1, 6, *[1] * 5, *[1] * 6))
    assert levels(state, 2)[D.HULL] == -1 and state.ships[2].island == D.COVE
    assert levels(state, 0)[D.HULL] == 1  # one 6 among his dice at seat 0
    assert [s.fame for s in state.ships[:3]] == [1, 1, 0]


def test_sinking_shares_the_fame_rounded_down_then_the_survivors_fight_on() -> None:
    # Four ships against Blackbeard (hull 8): 6 fame // 4 ships = 1 each.
    rigs = {s: {"levels": (1, 4 - s, 7, 7)} for s in range(4)}
    state = rigged({0: 1, 1: 1, 2: 1, 3: 1}, rigs)
    state = board(dice(state, *[1] * 24))
    state = act(dice(state, 5, 5, 5, 5, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 4
    state = act(dice(state, 6, 6, 6, 6, 1), Fire(1, D.LEGEND_SHIP, HULL))
    assert [s.fame for s in state.ships] == [1, 1, 1, 1]
    assert last(state, "legend_sunk").get("share") == 1
    # Not over: the players now fight each other, seat 2 is next.
    assert state.combat is not None and state.seat == 2
    assert Fire(2, 0, HULL) in pirates.legal_actions(state, 2)


def test_sinking_shared_by_two_gives_three_each() -> None:
    rigs = {0: {"levels": (1, 4, 7, 7)}, 1: {"levels": (1, 3, 7, 7)}}
    state = rigged({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, D.LEGEND_SHIP, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(1, D.LEGEND_SHIP, HULL))
    assert [s.fame for s in state.ships[:2]] == [3, 3]


def test_sinking_with_a_shot_that_cripples_oneself_still_earns_the_fame() -> None:
    # Grappling Hooks: 5 dice from Crew 5 despite Cannons 2; Grapeshot 3-6 hits 5 times the
    # Flying Dutchman (hull 5); the recoil destroys Cannons (position 1 -> off).
    rigs = {0: {"levels": (1, 4, 7, 1), "cards": ["grappling_hooks-1", "grapeshot-1"]}}
    state = rigged({0: 1}, rigs, legendary=("flying_dutchman", "blackbeard"))
    state = act(state, PlayBattle(0, "grappling_hooks"))
    state = act(dice(state, 1, 1, 1, 1), Pass(0))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 3, 3, 3, 3), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.ships[0].fame == 6
    assert state.ships[0].island == D.COVE and levels(state, 0)[D.CANNONS] == -1
    assert state.legends[0].sunk
