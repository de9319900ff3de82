"""Legendary pirates (§3, §6, P-R5, P-R6, P-R13, P-R30, P-R32): how they fire, sink, win, move
and come back."""

from __future__ import annotations

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Fire,
    Flee,
    Pass,
    PlayBattle,
    PlayVolley,
)
from pirates.ui.log_words import describe
from tests.pirates.pirates_helpers import (
    CREW,
    HULL,
    SAILS,
    act,
    board,
    check_invariants,
    dice,
    done_all,
    events,
    fire,
    go,
    kinds,
    last,
    legend_volleys,
    legends_at,
    levels,
    new,
    pass_window,
    refused,
    rig,
    rigged,
    sail,
    to_month_end,
    volleys,
)

NO = [1] * 12  # dice that never hit


FIVE_DICE = (1, 4, 7, 7)  # Crew 5, Cannons 5


def finish_month(state: pirates.State) -> pirates.State:
    state = done_all(state)
    assert state.phase == "before_navigation"
    return state


def test_players_must_fire_at_the_legendary_pirate_first_and_only_its_hull() -> None:
    state = dice(rigged({0: 1, 1: 1}), *NO)
    state = board(state)
    assert state.seat == 0
    assert pirates.legal_actions(state, 0) == [Fire(0, -1, "hull"), Flee(0)]


def test_p_r6_blackbeard_fires_six_dice_at_hulls_most_cannons_first() -> None:
    state = rigged({0: 1, 1: 1}, rigs={1: {"levels": (1, 3, 1, 2)}})
    state = board(dice(state, *[6, 6, 1, 1, 1, 1, *[1] * 6]))
    assert volleys(state) == [(-1, 1), (-1, 0)]
    first = next(e for e in state.log if e.kind == "legend_volley")
    assert len(first.get("dice")) == 6 and first.get("section") == "hull"
    assert state.ships[1].island == D.COVE and state.ships[0].fame == 1


def test_flying_dutchman_fires_at_largest_crew_and_regains_two_hull() -> None:
    state = rigged({0: 1, 1: 1}, legendary=("flying_dutchman",),
                     rigs={0: {"levels": (1, 4, 2, 1)}, 1: {"levels": (1, 3, 4, 1)}})
    state = board(dice(state, *NO[:8]))
    assert volleys(state) == [(-1, 1), (-1, 0)]
    assert [e.get("section") for e in state.log if e.kind == "legend_volley"] == ["crew"] * 2
    state = fire(state, 0, -1, "hull", [5, 6])
    state = fire(state, 1, -1, "hull", [5, 1, *NO[:8]])
    assert last(state, "legend_regains").get("hull") == 4  # 5 - 3 + 2
    assert state.combat is not None and state.combat.legend_hull == 4


def test_legendary_pirate_on_treasure_island_attacks_players() -> None:
    state = rigged({0: 6, 1: 6}, legend_islands=(6,))
    assert state.phase == "combat" and state.combat is not None
    assert state.combat.island == D.TREASURE_ISLAND


def test_p_r31_legend_sunk_fame_shared_rounded_down_then_survivors_fight_on() -> None:
    state = rigged({0: 1, 1: 1, 2: 1, 3: 1})
    assert state.combat is not None
    state = state._replace(combat=state.combat._replace(legend_hull=2, exchange_hull=2))
    state = board(dice(state, *NO * 2))
    state = fire(state, 0, -1, "hull", [5, 6])
    assert [s.fame for s in state.ships] == [1, 1, 1, 1]  # 6 // 4
    assert state.phase == "combat" and state.seat == 1
    assert Fire(1, 0, "crew") in pirates.legal_actions(state, 1)


def test_p_r31_sinking_a_legend_with_a_shot_that_cripples_you_still_earns_the_fame() -> None:
    state = new(rigs={0: {"levels": (0, 4, 1, 1), "cards": (D.POWDER_KEG + "-1",)}})
    state = go(state, {0: 1})
    assert state.combat is not None
    state = state._replace(combat=state.combat._replace(legend_hull=1, exchange_hull=1))
    state = board(dice(state, *NO[:6]))
    state = act(state, pirates.actions.PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, -1, "hull", [6, 1])
    anne = state.ships[0]
    assert anne.fame == 6 and anne.island == D.COVE
    assert "legend_sunk" in kinds(state) and state.legends[0].sunk


def test_legend_that_wins_is_repaired_in_full() -> None:
    state = board(dice(rigged({0: 1}), *NO[:6]))
    state = fire(state, 0, -1, "hull", [5, 5, *[6] * 6])
    assert state.ships[0].island == D.COVE
    assert state.legends[0].hull == 8 and not state.legends[0].sunk


def test_legendary_pirate_moves_one_island_each_month() -> None:
    state = to_month_end(pass_window(sail(new(), {})))
    assert state.legends[0].island == 2 and state.month == 2


def test_legendary_pirate_sails_from_treasure_island_back_to_tavern_island() -> None:
    state = new(legend_islands=(6,))
    state = pass_window(sail(state, {0: 2, 1: 3, 2: 4, 3: 5}))
    state = to_month_end(state)
    assert state.legends[0].island == 1


def test_p_r5_p_r16_sunk_legend_is_replaced_by_the_next_card_of_the_deck() -> None:
    state = pass_window(sail(new(legendary=("blackbeard", "flying_dutchman")), {0: 1}))
    assert state.combat is not None
    state = state._replace(combat=state.combat._replace(legend_hull=1, exchange_hull=1))
    state = board(dice(state, *[1] * 6))
    state = fire(state, 0, -1, "hull", [6, 1])
    assert state.ships[0].fame == 6
    state = to_month_end(state)
    assert (state.legends[0].card, state.legends[0].island) == ("flying_dutchman", 2)
    assert state.legends[0].hull == 5 and state.legend_discard == ("blackbeard",)
    moved = [describe(e, state.players) for e in pirates.view(state, None)["log"]
             if e["kind"] == "legend_moves" and e.get("replaced")]
    assert moved[-1] == "The Flying Dutchman appears off Hull Island."


def test_p_r5_empty_legend_deck_is_refilled_from_the_discards() -> None:
    state = new(players=3, legendary=("blackbeard", "flying_dutchman"))
    assert state.legend_deck == ()
    state = pass_window(sail(state, {0: 1}))
    assert state.combat is not None
    state = state._replace(combat=state.combat._replace(legend_hull=1, exchange_hull=1))
    state = board(dice(state, *[1] * 6))
    state = fire(state, 0, -1, "hull", [6, 1])
    state = to_month_end(state)
    assert [(lg.card, lg.island) for lg in state.legends] == [
        ("blackbeard", 2), ("flying_dutchman", 5)]
    check_invariants(state)


def test_p_r13_legend_ties_fire_at_the_faster_ship_first() -> None:
    state = go(new(), {0: 1, 1: 1})  # equal cannons; Anne (8) is faster than Bart (7)
    state = board(dice(state, *[1] * 12))
    targets = [e.get("target") for e in state.log if e.kind == "legend_volley"]
    assert targets == [0, 1]


def test_p_r23_full_broadside_on_a_legend_is_one_hull_hit_per_hit() -> None:
    state = new(rigs={0: {"cards": ("full_broadside-1",)}})
    state = board(dice(go(state, {0: 1}), *[1] * 6))
    state = act(state, PlayVolley(0, D.BROADSIDE))
    state = fire(state, 0, -1, "hull", [5, 6, *[1] * 6])
    assert state.combat is not None and state.combat.legend_hull == 6


def test_p_r30_grappling_hooks_leave_the_legends_dice_alone() -> None:
    state = go(new(rigs={0: {"levels": (1, 4, 7, 1), "cards": ("grappling_hooks-1",)}}), {0: 1})
    state = act(state, PlayBattle(0, D.HOOKS), Pass(0))
    first = next(e for e in state.log if e.kind == "legend_volley")
    assert first.get("ship") == -1 and len(first.get("dice")) == 6


def test_p_r32_combat_on_treasure_island_ends_when_the_legend_sinks() -> None:
    state = go(new(legend_islands=(6,)), {0: 6, 1: 6, 2: 2, 3: 3})
    assert state.combat is not None
    state = state._replace(combat=state.combat._replace(legend_hull=1, exchange_hull=1))
    state = board(dice(state, *[1] * 12))
    state = fire(state, 0, -1, "hull", [6, 1])
    assert state.phase == "island_effects" and [s.fame for s in state.ships[:2]] == [3, 3]


def test_powder_keg_hits_a_legendary_pirates_hull_too() -> None:
    # Alone against Blackbeard (hull 8): 2 hits + 2 keg damage leave him 4.
    rigs = {0: {"levels": (3, 4, 1, 1), "cards": ["powder_keg-1"]}}
    state = rigged({0: 1}, rigs)
    state = act(dice(state, *[1] * 6), Pass(0))  # boarding; then Blackbeard (24) misses
    assert state.seat == 0 and state.combat.legend_hull == 8
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 6, *[1] * 6), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 4
    assert levels(state, 0)[D.HULL] == 1


def test_a_hit_by_a_legendary_pirate_counts_for_a_flight() -> None:
    state = new()
    state = rig(state, 0, levels=(2, 4, 1, 3))  # most Cannons: Blackbeard's first target
    state = pass_window(sail(state, {0: 1, 1: 1}))
    state = board(dice(state, 6, 1, 1, 1, 1, 1, *[1] * 6))
    assert levels(state, 0)[D.HULL] == 1
    state = act(dice(state, 5), Flee(0))
    assert [s.fame for s in state.ships[:2]] == [0, 1]
    assert state.combat is not None and state.combat.fighters == (1,)


def test_blackbeard_met_again_next_month_one_island_further() -> None:
    state = done_all(rigged({}))  # month 1: nobody meets him on Tavern Island
    assert state.month == 2 and state.legends[0].island == 2
    state = pass_window(sail(state, {3: 2}))  # seat 3 alone with him on Hull Island
    assert state.combat is not None and state.combat.island == 2
    assert state.combat.legend_hull == 8
    state = act(dice(state, *[1] * 6), Pass(3))
    assert [e.get("target") for e in events(state, "legend_volley")] == [3]
    assert Fire(3, D.LEGEND_SHIP, HULL) in pirates.legal_actions(state, 3)


def test_p_r13_blackbeard_equal_cannons_faster_ship_first() -> None:
    state = rigged({0: 1, 1: 1, 2: 1})  # all Cannons 2; speeds 8, 7, 6
    state = board(dice(state, *[1] * 18))
    volleys = events(state, "legend_volley")
    assert [v.get("target") for v in volleys] == [0, 1, 2]


def test_blackbeard_reorders_his_targets_each_exchange() -> None:
    # Exchange 1: Cannons 4 (seat 1) before 3 (seat 0). Seat 1's Grapeshot recoil takes its
    # Cannons from position 5 to 3 (value 3): equal, so the faster seat 0 comes first (P-R13).
    rigs = {0: {"levels": (3, 4, 2, 3)},
            1: {"levels": (3, 3, 2, 5), "cards": ["grapeshot-1"]}}
    state = rigged({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    first = [e.get("target") for e in events(state, "legend_volley")]
    assert first == [1, 0]
    state = act(dice(state, 1, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    state = act(state, PlayVolley(1, "grapeshot"))
    state = act(dice(state, 1, 1, 1, *[1] * 12), Fire(1, D.LEGEND_SHIP, HULL))
    assert levels(state, 1)[D.CANNONS] == 3
    assert state.combat.exchange == 2
    second = [e.get("target") for e in events(state, "legend_volley")]
    assert second[2:] == [0, 1]


def test_smoke_protects_against_a_legendary_pirate_too() -> None:
    state = rigged({0: 1}, {0: {"levels": (3, 4, 1, 1), "cards": ["smoke-1"]}})
    state = act(state, PlayBattle(0, "smoke"))
    state = act(dice(state, 5, 5, 5, 5, 5, 6), Pass(0))
    assert [e.get("hits") for e in events(state, "legend_volley")] == [1]
    assert levels(state, 0)[D.HULL] == 2


def test_p_r23_full_broadside_on_a_legendary_pirate_one_hull_point_per_hit() -> None:
    state = rigged({0: 1}, {0: {"cards": ["full_broadside-1"]}})
    state = act(dice(state, *[1] * 6), Pass(0))
    state = act(state, PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 5), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 8 - 2


def test_p_r30_grappling_hooks_do_not_change_a_legendary_pirates_dice() -> None:
    state = rigged({0: 1}, {0: {"cards": ["grappling_hooks-1"]}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = act(state, PlayBattle(0, "grappling_hooks"))
    state = act(dice(state, *[1] * 8), Pass(0))
    assert len(last(state, "legend_volley").get("dice")) == 4


def test_p_r6_blackbeard_fires_first_at_the_most_cannons_then_down() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3)}, 1: {"levels": (1, 3, 1, 1)},
            2: {"levels": (1, 2, 1, 5)}}
    state = rigged({0: 1, 1: 1, 2: 1}, rigs)
    state = board(dice(state, *[1] * 18))
    volleys = legend_volleys(state)
    assert [v.get("target") for v in volleys] == [2, 0, 1]  # Cannons 4, 3, 2
    assert all(v.get("section") == HULL and len(v.get("dice")) == 6 for v in volleys)
    assert state.seat == 0  # Blackbeard (24) fired before every player


def test_players_must_fire_at_the_legendary_pirates_hull_first() -> None:
    state = rigged({0: 1, 1: 1})
    state = board(dice(state, *[1] * 12))
    assert set(pirates.legal_actions(state, 0)) >= {Fire(0, D.LEGEND_SHIP, HULL)}
    assert not any(isinstance(a, Fire) and a.target != D.LEGEND_SHIP
                   for a in pirates.legal_actions(state, 0))
    refused(state, Fire(0, 1, HULL), "raider-first")
    assert "hull only" in refused(state, Fire(0, D.LEGEND_SHIP, SAILS), "raider-hull-only")


def test_a_legendary_pirate_that_wins_is_repaired_in_full() -> None:
    state = rigged({0: 1}, {0: {"levels": (0, 4, 7, 7)}})
    state = board(dice(state, *[1] * 6))
    state = act(dice(state, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    # Exchange 2: Blackbeard's 6 cripples seat 0's Hull (position 0).
    assert state.combat is None
    assert state.ships[0].island == D.COVE
    bb = state.legends[0]
    assert bb.card == "blackbeard" and bb.hull == 8 and not bb.sunk
    assert state.ships[0].gold == 9  # nobody plunders where the pirate won


def test_flying_dutchman_fires_at_the_largest_crew_first() -> None:
    rigs = {0: {"levels": (1, 4, 1, 1)}, 1: {"levels": (1, 3, 5, 1)},
            2: {"levels": (1, 2, 3, 1)}}
    state = rigged({0: 1, 1: 1, 2: 1}, rigs, legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 6, 1, 1, 1, *[1] * 8))
    volleys = legend_volleys(state)
    assert [v.get("target") for v in volleys] == [1, 2, 0]  # Crew 4, 3, 2
    assert all(v.get("section") == CREW and len(v.get("dice")) == 4 for v in volleys)
    assert levels(state, 1)[D.CREW] == 4


def test_flying_dutchman_regains_up_to_two_lost_in_the_exchange_never_earlier_losses() -> None:
    state = rigged({0: 1}, {0: {"levels": FIVE_DICE}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 1, 1, 1, 1))
    # Exchange 1: 3 hits, 5 -> 2; regains 2 -> 4. Exchange 2 begins with its volley (misses).
    state = act(dice(state, 5, 5, 5, 1, 1, 1, 1, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 4 and state.combat.exchange == 2
    # Exchange 2: 1 hit, 4 -> 3; regains only that 1 -> 4 (not the earlier loss).
    state = act(dice(state, 5, 1, 1, 1, 1, 1, 1, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 4
    # Exchange 3: 4 hits sink it: 6 fame, and seat 0 plunders Tavern Island.
    state = act(dice(state, 5, 5, 5, 5, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat is None
    assert state.ships[0].fame == 6
    assert state.ships[0].gold == 9 + 4


def test_flying_dutchman_regain_never_above_five() -> None:
    state = rigged({0: 1}, {0: {"levels": FIVE_DICE}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 1, 1, 1, 1))
    state = act(dice(state, 6, 6, 1, 1, 1, 1, 1, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.combat.legend_hull == 5


def test_legendary_pirate_attacks_on_treasure_island_and_players_never_fight_there() -> None:
    rigs = {0: {"levels": (1, 4, 7, 7)}, 1: {"levels": (1, 3, 7, 7)}}
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, seat, **fields)
    state = pass_window(sail(state, {0: 6, 1: 6, 2: 2, 3: 3}))
    assert state.phase == "island_effects"  # no combat among players on Treasure Island
    # Now with Blackbeard there (P-R32: the combat ends when he sinks).
    state = new()
    for seat, fields in rigs.items():
        state = rig(state, seat, **fields)
    state = pass_window(sail(legends_at(state, 6), {0: 6, 1: 6, 2: 2, 3: 3}))
    assert state.combat is not None and state.combat.island == 6
    state = board(dice(state, *[1] * 12))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, D.LEGEND_SHIP, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(1, D.LEGEND_SHIP, HULL))
    assert state.combat is None
    assert [s.fame for s in state.ships[:2]] == [3, 3]
    assert state.ships[0].island == 6 and state.ships[1].island == 6


def test_no_combat_where_a_black_ship_lies_alone() -> None:
    state = rigged({})  # everyone on Treasure Island, Blackbeard alone off Tavern Island
    assert state.phase == "island_effects"
    assert not events(state, "combat_start")


def test_p_r5_sunk_pirate_replaced_by_the_next_card_and_black_ships_move_on() -> None:
    state = rigged({0: 1}, {0: {"levels": FIVE_DICE}})
    state = board(dice(state, *[1] * 6))
    state = act(dice(state, 6, 6, 6, 6, 6, *[1] * 6), Fire(0, D.LEGEND_SHIP, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.ships[0].fame == 6
    state = finish_month(state)
    (lg,) = state.legends
    assert (lg.card, lg.island, lg.hull, lg.sunk) == ("flying_dutchman", 2, 5, False)
    assert "blackbeard" in state.legend_discard


def test_p_r5_empty_legend_deck_refilled_from_the_discards() -> None:
    # Three players: both pirates at sea (Tavern and Cannon Islands), the deck is empty.
    state = rigged({0: 4}, {0: {"levels": FIVE_DICE}}, players=3)
    assert state.legend_deck == ()
    state = board(dice(state, 1, 1, 1, 1))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, D.LEGEND_SHIP, HULL))
    assert state.ships[0].fame == 6
    state = finish_month(state)
    assert sorted((lg.card, lg.island, lg.hull) for lg in state.legends) == [
        ("blackbeard", 2, 8), ("flying_dutchman", 5, 5)]


def test_black_ships_move_one_island_and_from_treasure_island_to_tavern_island() -> None:
    state = new(players=3)
    state = legends_at(state, 5, 6)
    state = pass_window(sail(state, {0: 2, 1: 3, 2: 4}))
    state = finish_month(state)
    assert [lg.island for lg in state.legends] == [6, 1]  # never into Pirate's Cove


def test_legendary_pirate_hit_only_on_its_hull_and_other_sections_unchanged() -> None:
    state = rigged({0: 1}, {0: {"levels": (1, 4, 7, 7)}})
    state = board(dice(state, *[1] * 6))
    for section in ("sails", "crew", "cannons"):
        with pytest.raises(IllegalAction):
            pirates.apply(state, Fire(0, -1, section))
