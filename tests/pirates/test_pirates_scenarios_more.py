"""More hand-computed cases: set-up, upgrades from position 0, decks running out, damaged
Mastercraft, a black ship met again next month, P-R13, P-R15, P-R18, JSON actions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pirates_scenarios_helpers import (
    COVE,
    HULL,
    LEGEND,
    NAMES,
    act,
    board,
    card,
    dice,
    done_all,
    events,
    hand_ids,
    last,
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
    CoveDraw,
    Done,
    Fire,
    Flee,
    Navigate,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    SendNavy,
    Upgrade,
)


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


def test_outfitting_beyond_nine_gold_is_refused() -> None:
    state = pirates.new_game(NAMES[:3], 1)
    # Sails 1 -> 5 costs 8, Hull 1 -> 3 costs 3: 11 > 9.
    with pytest.raises(IllegalAction, match="9 gold"):
        pirates.apply(state, Outfit(0, (3, 5, 1, 1)))
    state = pirates.apply(state, Outfit(0, (2, 5, 1, 1)))  # 1 + 8 = 9
    assert state.choices[0] == (2, 5, 1, 1)


def test_raising_a_ring_from_position_zero_back_to_one_costs_one() -> None:
    state = rig(new(), 0, levels=(0, 4, 1, 1), gold=0)
    state = pass_window(sail(state, {0: 2}))  # 4 gold from Hull Island
    assert state.seat == 0
    options = {a.level for a in pirates.legal_actions(state, 0) if isinstance(a, Upgrade)}
    assert options == {1, 2, 3}  # 1, 1 + 1, 1 + 1 + 2 = 4
    state = act(state, Upgrade(0, "hull", 1))
    assert state.ships[0].gold == 3 and levels(state, 0)[D.HULL] == 1


def test_empty_tavern_deck_is_made_again_from_the_discards() -> None:
    state = scenario({0: 2, 1: 2})
    state = board(state)
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    while not (state.seat == 1 and state.island == COVE):
        state = act(state, Done(state.seat))
    rest = state.tavern_deck
    state = replace(state, tavern_deck=(), tavern_discard=state.tavern_discard + rest)
    state = act(state, CoveDraw(1, False))
    assert len(hand_ids(state, 1)) == 3
    assert events(state, "tavern_reshuffled")
    assert state.tavern_discard == ()
    assert len(state.tavern_deck) == len(rest) - 2


def test_a_damaged_mastercraft_absorbs_only_one_more_hit() -> None:
    state = scenario({0: 2, 1: 2}, {1: {"levels": (2, 3, 1, 1), "craft": "hull",
                                        "craft_damaged": True}})
    craft = state.ships[1].craft
    state = act(dice(board(state), 6, 6), Fire(0, 1, HULL))
    assert state.ships[1].craft == -1 and levels(state, 1)[D.HULL] == 1
    assert craft in state.tavern_discard


def test_blackbeard_met_again_next_month_one_island_further() -> None:
    state = done_all(scenario({}))  # month 1: nobody meets him on Tavern Island
    assert state.month == 2 and state.legends[0].island == 2
    state = pass_window(sail(state, {3: 2}))  # seat 3 alone with him on Hull Island
    assert state.combat is not None and state.combat.island == 2
    assert state.combat.legend_hull == 8
    state = act(dice(state, *[1] * 6), Pass(3))
    assert [e.get("target") for e in events(state, "volley")] == [3]
    assert Fire(3, LEGEND, HULL) in pirates.legal_actions(state, 3)


def test_p_r13_blackbeard_equal_cannons_faster_ship_first() -> None:
    state = scenario({0: 1, 1: 1, 2: 1})  # all Cannons 2; speeds 8, 7, 6
    state = board(dice(state, *[1] * 18))
    volleys = [e for e in events(state, "volley") if e.get("ship") == LEGEND]
    assert [v.get("target") for v in volleys] == [0, 1, 2]


def test_blackbeard_reorders_his_targets_each_exchange() -> None:
    # Exchange 1: Cannons 4 (seat 1) before 3 (seat 0). Seat 1's Grapeshot recoil takes its
    # Cannons from position 5 to 3 (value 3): equal, so the faster seat 0 comes first (P-R13).
    rigs = {0: {"levels": (3, 4, 2, 3)},
            1: {"levels": (3, 3, 2, 5), "cards": ["grapeshot-1"]}}
    state = scenario({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    first = [e.get("target") for e in events(state, "volley") if e.get("ship") == LEGEND]
    assert first == [1, 0]
    state = act(dice(state, 1, 1, 1), Fire(0, LEGEND, HULL))
    state = act(state, PlayVolley(1, "grapeshot"))
    state = act(dice(state, 1, 1, 1, *[1] * 12), Fire(1, LEGEND, HULL))
    assert levels(state, 1)[D.CANNONS] == 3
    assert state.combat.exchange == 2
    second = [e.get("target") for e in events(state, "volley") if e.get("ship") == LEGEND]
    assert second[2:] == [0, 1]


def test_p_r15_mutiny_never_takes_fame_below_zero() -> None:
    state = scenario({0: 2, 1: 2}, {1: {"fame": 1}})
    state = act(dice(board(state), 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 1), Flee(1))
    assert state.ships[1].fame == 0 and state.ships[1].gold == 0


def test_p_r18_one_royal_navy_at_sea() -> None:
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["royal_navy_in_pursuit-2"])
    state = act(sail(state, {0: 2, 1: 3, 2: 4}), SendNavy(0, 4))
    assert state.seat == 1
    assert not any(isinstance(a, SendNavy) for a in pirates.legal_actions(state, 1))


def test_json_actions_for_navigation_and_outfitting() -> None:
    nav = pirates.action_from_json({"type": "navigate", "seat": 2, "island": 6})
    assert nav == Navigate(2, 6)
    assert pirates.action_to_json(nav) == {"type": "navigate", "seat": 2, "island": 6}
    levels_json = {"hull": 1, "sails": 3, "crew": 1, "cannons": 2}
    out = pirates.action_from_json({"type": "outfit", "seat": 0, "levels": levels_json})
    assert out == Outfit(0, (1, 3, 1, 2))
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "navigate", "seat": 0})


def test_fame_from_a_rout_and_from_sinking_in_one_combat_add_up() -> None:
    # Seats 0 and 1 with Blackbeard: seat 0 sinks him (6 // 2 = 3 each), then routs seat 1 (+1).
    rigs = {0: {"levels": (1, 4, 7, 7)}, 1: {"levels": (0, 3, 1, 1)}}
    state = scenario({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, LEGEND, HULL))
    state = act(dice(state, 1, 1, *[1] * 12), Fire(1, LEGEND, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(0, LEGEND, HULL))
    assert last(state, "legend_sunk").get("share") == 3
    assert state.seat == 1
    state = act(dice(state, 1, 1), Fire(1, 0, HULL))
    state = act(dice(state, 5, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert state.combat is None
    assert [s.fame for s in state.ships[:2]] == [3 + 1, 3]
    assert state.ships[0].gold == 9 + 4


# ------------------------------------------------------------------------- cards against raiders


def test_smoke_protects_against_a_legendary_pirate_too() -> None:
    state = scenario({0: 1}, {0: {"levels": (3, 4, 1, 1), "cards": ["smoke-1"]}})
    state = act(state, PlayBattle(0, "smoke"))
    state = act(dice(state, 5, 5, 5, 5, 5, 6), Pass(0))
    assert [e.get("hits") for e in events(state, "volley")] == [1]
    assert levels(state, 0)[D.HULL] == 2


def test_smoke_protects_against_the_royal_navy() -> None:
    state = rig(new(), 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["smoke-1"])
    state = act(sail(state, {0: 2, 1: 3}), SendNavy(0, 3))
    state = pass_window(state)
    state = act(state, PlayBattle(1, "smoke"), Pass(1))
    assert state.seat == 0
    state = act(dice(state, 5, 5, 5, 6), NavyFire(0, 1, "crew"))
    assert last(state, "volley").get("hits") == 1


def test_p_r23_full_broadside_on_a_legendary_pirate_one_hull_point_per_hit() -> None:
    state = scenario({0: 1}, {0: {"cards": ["full_broadside-1"]}})
    state = act(dice(state, *[1] * 6), Pass(0))
    state = act(state, PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 5), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 8 - 2


def test_p_r30_grappling_hooks_do_not_change_a_legendary_pirates_dice() -> None:
    state = scenario({0: 1}, {0: {"cards": ["grappling_hooks-1"]}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = act(state, PlayBattle(0, "grappling_hooks"))
    state = act(dice(state, *[1] * 8), Pass(0))
    assert len(last(state, "volley").get("dice")) == 4


# ------------------------------------------------------------------------- parrot decisions


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
    state = scenario({0: 2, 1: 2}, {1: {"parrot": "bones", "fame": 3}},
                     draws=["silver", "shipowner"])
    state = act(dice(board(state), 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 4), Flee(1))
    while not (state.seat == 1 and state.island == COVE):
        state = act(state, Done(state.seat))
    state = act(state, CoveDraw(1, False))
    assert pirates.to_act(state) == (1,)
    state = act(state, ParrotChoice(1, False))
    assert state.ships[1].parrot == card("bones") and state.ships[1].fame == 3
    assert sorted(hand_ids(state, 1)) == ["fame1-2", "shipowner"]
    state = act(state, Done(1))
    assert state.month == 2


def test_five_players_a_month_goes_round() -> None:
    state = new(players=5)
    assert len(state.legends) == 1
    state = pass_window(sail(state, {0: 2, 1: 3, 2: 4, 3: 5, 4: 6}))
    assert [s.gold for s in state.ships] == [13, 13, 13, 13, 9]
    state = done_all(state)
    assert state.month == 2 and state.legends[0].island == 2


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


def test_readable_refusals_for_phase_parrot_and_game_over() -> None:
    state = pirates.new_game(NAMES[:3], 1)
    with pytest.raises(IllegalAction, match="not possible during outfit"):
        pirates.apply(state, Navigate(0, 2))
    # A parrot decision comes before anything else.
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure, draws=["trelawney"]), 1, parrot="flint", fame=1)
    state = pass_window(sail(state, {1: 3}))
    with pytest.raises(IllegalAction, match="parrot"):
        pirates.apply(state, Done(1))
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, ParrotChoice(0, True))
    # After the end, nothing more.
    state = rig(replace(new(), month=12), 0, fame=1)  # no tie for most fame
    state = done_all(pass_window(sail(state, {0: 2})))
    assert pirates.is_over(state) and pirates.to_act(state) == ()
    with pytest.raises(IllegalAction, match="over"):
        pirates.apply(state, Done(0))
