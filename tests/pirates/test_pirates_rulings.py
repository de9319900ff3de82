"""The rulings added in docs/pirates-rulings.md (P-R12 onwards), one test each at least."""

from __future__ import annotations

from dataclasses import replace

from pirates_helpers import (
    act,
    check_invariants,
    fire,
    kinds,
    last,
    mount,
    pass_window,
    prepare,
    sail,
    set_dice,
    skip_boarding,
    with_ship,
)

import pirates
from common.save import Record, replay
from pirates import data as D
from pirates.actions import (
    CoveDraw,
    Done,
    Flee,
    Marque,
    Navigate,
    Pass,
    PlayBattle,
    PlayVolley,
    SendNavy,
)
from pirates.state import State


def go(state: State, islands: dict[int, int]) -> State:
    return pass_window(sail(state, islands))


def test_p_r12_window_before_navigation_starts_one_seat_later_each_month() -> None:
    state = prepare()
    assert state.order == (0, 1, 2, 3)
    state = go(state, {})
    while state.month == 1:
        state = act(state, Done(state.seat))
    assert state.phase == "before_navigation" and state.order == (1, 2, 3, 0)


def test_p_r12_every_player_is_asked_even_without_a_card() -> None:
    state = prepare()
    for seat in range(4):
        assert pirates.to_act(state) == (seat,)
        assert pirates.legal_actions(state, seat) == [Pass(seat)]
        state = act(state, Pass(seat))
    assert state.phase == "navigation"


def test_p_r13_legend_ties_fire_at_the_faster_ship_first() -> None:
    state = go(prepare(), {0: 1, 1: 1})  # equal cannons; Anne (8) is faster than Bart (7)
    state = skip_boarding(set_dice(state, [1] * 12))
    targets = [e.get("target") for p in state.log for e in p if e.kind == "volley"]
    assert targets == [0, 1]


def test_p_r14_volley_card_copies_add_up_and_no_flight_after_playing_one() -> None:
    state = prepare(cards={0: ("grapeshot-1", "grapeshot-2", "powder_keg-1")})
    state = mount(state, 0, craft="cannons")
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    options = pirates.legal_actions(state, 0)
    assert PlayVolley(0, D.GRAPESHOT) in options and PlayVolley(0, D.POWDER_KEG) in options
    assert Flee(0) not in options
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1, 1])
    # two Grapeshots: 4 recoil hits, the first two on the Mastercraft, then the ring 1 -> -1
    assert state.ships[0].craft == -1 and state.ships[0].island == D.COVE


def test_p_r15_fame_never_goes_below_zero_and_a_swap_needs_one_fame() -> None:
    state = mount(prepare(), 1, parrot=D.FLINT)
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "hull", [5, 5])
    assert state.ships[1].parrot == -1 and state.ships[1].fame == 0
    state = replace(state, parrots=((1, D.TAVERN_BY_ID[D.SILVER].index),),
                    tavern_deck=tuple(c for c in state.tavern_deck
                                      if c != D.TAVERN_BY_ID[D.SILVER].index))
    check_invariants(state)
    assert pirates.legal_actions(state, 1) == [pirates.actions.ParrotChoice(1, False)]


def test_p_r18_one_royal_navy_at_a_time_and_marque_not_by_its_controller() -> None:
    state = prepare(cards={0: ("royal_navy_in_pursuit-1", D.MARQUE),
                           1: ("royal_navy_in_pursuit-2",)})
    state = act(sail(state, {0: 2, 1: 3, 2: 4}), SendNavy(0, 3))
    options = pirates.legal_actions(state, 1)
    assert not any(isinstance(a, SendNavy) for a in options)
    state = act(state, Pass(1), Pass(2), Pass(3))
    assert not any(isinstance(a, Marque) for a in pirates.legal_actions(state, 0))


def test_p_r18_the_navy_leaves_at_the_end_of_the_month_without_a_combat() -> None:
    state = prepare(cards={0: ("royal_navy_in_pursuit-1",)})
    state = act(sail(state, {0: 2}), SendNavy(0, 5))
    state = pass_window(state)
    assert state.navy is not None and "combat_start" not in kinds(state)
    while state.month == 1:
        state = act(state, Done(state.seat) if state.phase == "island_effects" else Pass(0))
    assert state.navy is None


def test_p_r22_own_powder_keg_damage_is_no_hit_for_witnesses() -> None:
    state = prepare(cards={0: ("powder_keg-1",)})
    state = skip_boarding(go(state, {0: 2, 1: 2, 2: 2}))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, 1, "sails", [1, 1])  # no hit at all
    state = fire(state, 1, 2, "sails", [1, 1])
    state = fire(state, 2, 1, "sails", [1, 1])
    state = act(set_dice(state, [6]), Flee(0))
    assert [s.fame for s in state.ships[:3]] == [0, 0, 0]


def test_p_r23_full_broadside_on_a_legend_is_one_hull_hit_per_hit() -> None:
    state = prepare(cards={0: ("full_broadside-1",)})
    state = skip_boarding(set_dice(go(state, {0: 1}), [1] * 6))
    state = act(state, PlayVolley(0, D.BROADSIDE))
    state = fire(state, 0, -1, "hull", [5, 6, *[1] * 6])
    assert state.combat is not None and state.combat.legend_hull == 6


def test_p_r24_chests_run_out_when_treasure_island_is_empty() -> None:
    state = prepare(treasure=["6g#1", "3c#1"])
    state = with_ship(state, 3, chests=49)
    state = go(state, {0: 2})
    assert state.ships[0].chests == 1 and state.supply == 0


def test_p_r28_overboard_needs_a_chest() -> None:
    state = go(prepare(cards={1: ("overboard",)}), {0: 2, 1: 2})
    state = act(state, Pass(0))
    assert pirates.legal_actions(state, 1) == [Pass(1)]


def test_p_r29_cove_choice_comes_first() -> None:
    state = skip_boarding(go(prepare(cards={0: (D.SHIPOWNER,)}), {0: 2, 1: 2}))
    state = act(set_dice(state, [6]), Flee(0))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    assert pirates.legal_actions(state, 0) == [CoveDraw(0, False), CoveDraw(0, True)]


def test_p_r30_grappling_hooks_leave_the_legends_dice_alone() -> None:
    state = go(prepare(cards={0: ("grappling_hooks-1",)},
                       ships={0: {"levels": (1, 4, 7, 1)}}), {0: 1})
    state = act(state, PlayBattle(0, D.HOOKS), Pass(0))
    first = next(e for p in state.log for e in p if e.kind == "volley")
    assert first.get("ship") == -1 and len(first.get("dice")) == 6


def test_p_r32_combat_on_treasure_island_ends_when_the_legend_sinks() -> None:
    state = go(prepare(legend_islands=(6,)), {0: 6, 1: 6, 2: 2, 3: 3})
    assert state.combat is not None
    state = replace(state, combat=replace(state.combat, legend_hull=1, exchange_hull=1))
    state = skip_boarding(set_dice(state, [1] * 12))
    state = fire(state, 0, -1, "hull", [6, 1])
    assert state.phase == "island_effects" and [s.fame for s in state.ships[:2]] == [3, 3]


def test_a_whole_seeded_game_replays_from_a_save_record() -> None:
    import random

    rnd = random.Random(11)
    state = pirates.new_game(["A", "B", "C", "D", "E"], 11)
    actions = []
    while not pirates.is_over(state):
        seat = rnd.choice(pirates.to_act(state))
        action = rnd.choice(pirates.legal_actions(state, seat))
        actions.append(pirates.action_to_json(action))
        state = pirates.apply(state, action)
    record = Record("pirates", 11, ("A", "B", "C", "D", "E"), None, {}, tuple(actions))
    _, states = replay(record)
    assert states[-1] == state and pirates.result(state)["over"]
    assert last(state, "game_over").get("winner") == pirates.result(state)["winner"]


def test_navigation_json_matches_the_contract() -> None:
    state = pass_window(prepare())
    action = pirates.action_from_json({"type": "navigate", "seat": 1, "island": 4})
    assert action == Navigate(1, 4)
    state = act(state, action)
    assert pirates.view(state, 1)["my_choice"] == 4
    assert pirates.view(state, 0)["players"][1]["has_chosen"] is True


def test_p_r25_equal_speeds_roll_fresh_dice_for_every_exchange() -> None:
    state = prepare(ships={0: {"levels": (1, 3, 1, 1)}, 1: {"levels": (1, 3, 1, 1)}})
    state = set_dice(pass_window(state), [4, 3, 2, 5])  # window: Anne first; boarding: Bart
    state = pass_window(act(state, *(Navigate(s, 2 if s < 2 else 6) for s in range(4))))
    assert state.combat is not None and state.combat.order == (1, 0)
    state = act(state, Pass(1))
    assert state.seat == 0
    state = act(set_dice(state, [6, 1]), Pass(0))  # the first exchange: Anne first
    assert state.combat is not None and state.combat.order == (0, 1)
    state = fire(state, 0, 1, "hull", [1, 1])
    state = fire(state, 1, 0, "hull", [1, 1, 3, 4])  # the second exchange: Bart first
    assert state.combat is not None and state.combat.order == (1, 0)
    rolls = [e.get("dice") for p in state.log for e in p if e.kind == "tie_roll"]
    assert rolls[-4:] == [(4, 3), (2, 5), (6, 1), (3, 4)]
