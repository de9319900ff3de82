"""Rule tests named after the reference's sections and rulings, with the seed's examples."""

from __future__ import annotations

import pytest
from pirates_helpers import (
    act,
    check_invariants,
    fire,
    kinds,
    last,
    outfit_all,
    pass_window,
    scenario,
    set_dice,
    skip_boarding,
    start,
    with_ship,
)

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
    Navigate,
    Outfit,
    Pass,
    Upgrade,
)

# --------------------------------------------------------------------- the seed's own examples


def test_seed_example_three_cannons_two_crew_roll_two_dice() -> None:
    # cannons on position 2 (value 3), crew on position 1 (value 2): min is 2 dice
    state = scenario({0: 2, 1: 2}, ships={0: {"levels": (1, 4, 1, 2)}})
    state = skip_boarding(state)
    state = fire(state, 0, 1, "hull", [1, 1])
    assert last(state, "volley").get("dice") == (1, 1)


def test_seed_example_three_cannons_three_crew_roll_three_dice() -> None:
    state = scenario({0: 2, 1: 2}, ships={0: {"levels": (1, 4, 2, 2)}})
    state = skip_boarding(state)
    state = fire(state, 0, 1, "hull", [1, 1, 1])
    assert last(state, "volley").get("dice") == (1, 1, 1)


def test_seed_example_sails_five_to_seven_costs_three() -> None:
    assert D.value(D.SAILS, 1) == 5 and D.value(D.SAILS, 3) == 7
    assert D.upgrade_cost(1, 3) == 3
    state = scenario({0: D.SAIL_ISLAND}, ships={0: {"levels": (1, 1, 1, 1)}})
    assert state.phase == "island_effects" and state.seat == 0
    state = act(state, Upgrade(0, "sails", 3))
    assert state.ships[0].gold == 6 and state.ships[0].levels[D.SAILS] == 3


def test_seed_example_treasure_island_five_to_six_costs_two() -> None:
    state = scenario({}, ships={0: {"levels": (1, 1, 1, 1)}, 3: {"levels": (1, 0, 1, 1)}})
    assert state.island == D.TREASURE_ISLAND and state.order == (1, 2, 0, 3)
    state = act(state, Done(1), Done(2))
    state = act(state, DoubleUpgrade(0, "sails"))
    assert state.ships[0].gold == 7 and state.ships[0].levels[D.SAILS] == 2
    # only ONE section, ONE level: no second double upgrade this visit
    assert not any(isinstance(a, DoubleUpgrade) for a in pirates.legal_actions(state, 0))


# --------------------------------------------------------------------- set-up and outfitting


def test_setup_every_player_has_nine_gold_one_card_rings_on_one() -> None:
    state = start()
    for ship in state.ships:
        assert ship.gold == 9 and ship.levels == (1, 1, 1, 1) and ship.fame == 0
        assert len(ship.hand) + (ship.parrot != -1) == 1
    check_invariants(state)


def test_setup_three_players_second_legend_on_cannon_island() -> None:
    state = start(["A", "B", "C"], legendary=["flying_dutchman", "blackbeard"])
    assert [(lg.card, lg.island) for lg in state.legends] == [
        ("flying_dutchman", 1), ("blackbeard", 4)]
    state4 = start(legendary=["blackbeard"])
    assert [(lg.card, lg.island) for lg in state4.legends] == [("blackbeard", 1)]
    assert state4.legend_deck == ("flying_dutchman",)


def test_setup_treasure_stacks_twelve_per_outer_island() -> None:
    state = start(treasure=["6g#1", "4g#1"])
    assert [len(s) for s in state.stacks] == [12] * 5
    assert D.TREASURES[state.stacks[0][0]].id == "6g#1"
    assert D.TREASURES[state.stacks[1][0]].id == "4g#1"


def test_p_r3_treasure_deck_has_sixty_reconstructed_cards() -> None:
    assert len(D.TREASURES) == 60
    assert sum(t.gold for t in D.TREASURES) == 10 * 2 + 8 * 4 + 8 + 18 + 10 + 24


def test_p_r4_tavern_deck_has_forty_two_cards_with_two_royal_navies() -> None:
    assert len(D.TAVERN) == 42
    count = {k: sum(c.kind == k for c in D.TAVERN) for k in
             (D.PARROT, D.MASTERCRAFT, D.BATTLE, D.VOLLEY, D.EVENT, D.FAME)}
    assert count == {D.PARROT: 4, D.MASTERCRAFT: 7, D.BATTLE: 8, D.VOLLEY: 6, D.EVENT: 8,
                     D.FAME: 9}
    assert sum(c.effect == D.NAVY for c in D.TAVERN) == 2
    assert sorted(c.fame for c in D.TAVERN if c.kind == D.FAME) == [1] * 5 + [2] * 3 + [3]


def test_outfitting_is_secret_and_simultaneous_then_paid() -> None:
    state = start()
    assert pirates.to_act(state) == (0, 1, 2, 3)
    state = act(state, Outfit(0, (1, 3, 2, 2)))  # 3 + 1 + 1 = 5 gold
    assert pirates.to_act(state) == (1, 2, 3)
    other = pirates.view(state, 1)
    assert other["players"][0]["levels"] == {"hull": 1, "sails": 1, "crew": 1, "cannons": 1}
    assert pirates.view(state, 0)["my_choice"] == {"hull": 1, "sails": 3, "crew": 2,
                                                   "cannons": 2}
    state = act(state, Outfit(1, (1, 1, 1, 1)), Outfit(2, (1, 1, 1, 1)), Outfit(3, (1, 1, 1, 1)))
    assert state.ships[0].levels == (1, 3, 2, 2) and state.ships[0].gold == 4
    assert state.treasury == 5 and state.month == 1


def test_outfitting_beyond_nine_gold_is_refused() -> None:
    state = start()
    with pytest.raises(IllegalAction, match="9 gold"):
        pirates.apply(state, Outfit(0, (4, 4, 1, 1)))  # 5 + 5 = 10


# --------------------------------------------------------------------- navigation and order


def test_p_r7_navigation_is_to_islands_one_to_six_only() -> None:
    state = pass_window(outfit_all(start()))
    assert {a.island for a in pirates.legal_actions(state, 0)} == {1, 2, 3, 4, 5, 6}
    with pytest.raises(IllegalAction):
        pirates.apply(state, Navigate(0, 7))


def test_navigation_choice_is_secret_until_all_have_chosen() -> None:
    state = pass_window(outfit_all(start()))
    state = act(state, Navigate(0, 3))
    assert pirates.view(state, 1)["players"][0]["island"] == 0
    assert pirates.view(state, 1)["players"][0]["has_chosen"] is True
    assert pirates.view(state, 0)["my_choice"] == 3
    state = act(state, Navigate(1, 6), Navigate(2, 6), Navigate(3, 6))
    assert state.ships[0].island == 3


def test_p_r1_equal_speed_ordered_by_dice_rolled_again_on_equal_dice() -> None:
    state = pass_window(outfit_all(start()))
    # all sails equal: after the reveal the window order is rolled: 4,4 tie again
    state = set_dice(state, [4, 4, 2, 1, 3, 5])
    state = act(state, *(Navigate(s, 6) for s in range(4)))
    rolls = [e for page in state.log for e in page if e.kind == "tie_roll"]
    assert rolls[-1].get("ships") == (0, 1) and rolls[-1].get("dice") == (3, 5)
    assert state.order == (1, 0, 2, 3)


def test_island_effects_fastest_first() -> None:
    state = scenario({0: 6, 1: 6, 2: 6, 3: 6})
    assert state.order == (0, 1, 2, 3)  # sails 8, 7, 6, 5


# --------------------------------------------------------------------- island effects


def test_tavern_island_buys_up_to_three_cards_at_two_gold() -> None:
    state = scenario({0: D.TAVERN_ISLAND}, legend_islands=(5,), ships={0: {"gold": 10}},
                     treasure=["3c#1"])
    assert state.phase == "island_effects" and state.island == D.TAVERN_ISLAND
    hand = owned(state.ships[0])
    state = act(state, Buy(0), Buy(0), Buy(0))
    assert state.ships[0].gold == 4 and owned(state.ships[0]) == hand + 3
    assert Buy(0) not in pirates.legal_actions(state, 0)


def owned(ship: pirates.state.Ship) -> int:
    """Tavern cards a ship holds: its hand and its parrot."""
    return len(ship.hand) + (ship.parrot != -1)


def test_bury_gives_one_fame_per_chest_and_per_three_gold() -> None:
    state = scenario({}, ships={1: {"chests": 2, "gold": 10}})
    state = act(state, Done(0), Bury(1, 2, 3))
    ship = state.ships[1]
    assert (ship.fame, ship.chests, ship.gold) == (5, 0, 1)
    assert state.supply == D.CHESTS_IN_BOX
    assert not any(isinstance(a, Bury) for a in pirates.legal_actions(state, 1))


def test_hull_upgrade_several_levels_pays_each_step() -> None:
    state = scenario({0: D.HULL_ISLAND})
    state = act(state, Upgrade(0, "hull", 4))  # 1 + 2 + 2
    assert state.ships[0].gold == 4 and state.ships[0].levels[D.HULL] == 4


def test_upgrade_only_the_islands_section() -> None:
    state = scenario({0: D.CREW_ISLAND})
    sections = {a.section for a in pirates.legal_actions(state, 0) if isinstance(a, Upgrade)}
    assert sections == {"crew"}
    with pytest.raises(IllegalAction):
        pirates.apply(state, Upgrade(0, "hull", 2))


def test_tavern_buy_limit_is_three() -> None:
    state = scenario({0: 6, 1: 6, 2: 6, 3: 6})
    assert not any(isinstance(a, Buy) for a in pirates.legal_actions(state, 0))


# --------------------------------------------------------------------- plunder (P-R8)


def test_p_r8_lone_ship_plunders_its_island() -> None:
    state = scenario({0: D.HULL_ISLAND}, treasure=["6g#1", "2g1c#1"])
    ship = state.ships[0]
    assert (ship.gold, ship.chests) == (11, 1)
    assert "plunder" in kinds(state)


def test_p_r8_no_plunder_where_a_legend_is_afloat() -> None:
    state = scenario({0: D.TAVERN_ISLAND}, treasure=["6g#1"])
    state = skip_boarding(set_dice(state, [1] * 6))  # Blackbeard misses
    state = act(state, Flee(0))
    assert state.ships[0].gold <= 9
    assert D.TREASURES[state.face_up[0]].id == "6g#1" and "plunder" not in kinds(state)


# --------------------------------------------------------------------- Pirate's Cove (§7)


def test_cove_draw_two_cards_or_one_card_and_two_gold() -> None:
    state = scenario({0: 2, 1: 2})
    state = skip_boarding(state)
    state = act(set_dice(state, [6]), Flee(0))
    assert state.ships[0].island == D.COVE
    state = finish_effects_until(state, 0)
    options = pirates.legal_actions(state, 0)
    assert options == [CoveDraw(0, False), CoveDraw(0, True)]
    hand = owned(state.ships[0])
    after = act(state, CoveDraw(0, True))
    assert owned(after.ships[0]) == hand + 1 and after.ships[0].gold == 11
    after = act(state, CoveDraw(0, False))
    assert owned(after.ships[0]) == hand + 2 and after.ships[0].gold == 9


def finish_effects_until(state: pirates.State, seat: int) -> pirates.State:
    while state.phase == "island_effects" and state.seat != seat:
        state = act(state, Done(state.seat))
    return state


def test_cove_repairs_destroyed_sections_at_two_gold_back_to_one() -> None:
    state = scenario({0: 2, 1: 2}, ships={1: {"levels": (0, 3, 0, 1)}})
    state = skip_boarding(state)
    state = fire(state, 0, 1, "hull", [6])  # hull 0 -> off: crippled, routed
    assert state.ships[1].island == D.COVE and state.ships[0].fame == 1
    state = finish_effects_until(state, 1)
    assert state.ships[1].levels == (1, 3, 0, 1) and state.ships[1].gold == 7
    assert "repaired" in kinds(state)


def test_p_r10_cove_repair_without_enough_gold_pays_all_and_gets_nothing() -> None:
    state = scenario({0: 2, 1: 2}, ships={1: {"levels": (0, 3, 1, 1), "gold": 1}})
    state = skip_boarding(state)
    state = fire(state, 0, 1, "hull", [5])
    state = finish_effects_until(state, 1)
    assert state.ships[1].levels[D.HULL] == 1 and state.ships[1].gold == 0
    assert pirates.legal_actions(state, 1)[-1] == Done(1)
    assert not any(isinstance(a, CoveDraw) for a in pirates.legal_actions(state, 1))


def test_damage_that_did_not_cripple_is_repaired_by_upgrades() -> None:
    state = scenario({0: D.HULL_ISLAND}, ships={0: {"levels": (0, 4, 1, 1)}})
    state = act(state, Upgrade(0, "hull", 1))
    assert state.ships[0].levels[D.HULL] == 1 and state.ships[0].gold == 8


# --------------------------------------------------------------------- refusals


def test_apply_refuses_wrong_seat_phase_and_garbage() -> None:
    state = outfit_all(start())
    with pytest.raises(IllegalAction, match="turn"):
        pirates.apply(state, Pass((state.seat + 1) % 4))
    with pytest.raises(IllegalAction, match="not possible"):
        pirates.apply(state, Fire(state.seat, 1, "hull"))
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "fire", "seat": 0, "target": "x", "section": "hull"})
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "outfit", "seat": 0, "levels": {"hull": 1}})
    with pytest.raises(IllegalAction):
        pirates.apply(state, Pass(9))


def test_json_round_trip_of_outfit_and_navigate() -> None:
    data = {"type": "outfit", "seat": 1, "levels": {"hull": 2, "sails": 3, "crew": 1,
                                                    "cannons": 1}}
    assert pirates.action_to_json(pirates.action_from_json(data)) == data
    nav = {"type": "navigate", "seat": 2, "island": 5}
    assert pirates.action_from_json(nav) == Navigate(2, 5)


def test_with_ship_helper_keeps_other_seats() -> None:
    state = with_ship(start(), 2, gold=3)
    assert state.ships[2].gold == 3 and state.ships[1].gold == 9


def test_every_log_line_is_worded_for_the_players() -> None:
    import random

    from pirates.view import _DESCRIBERS

    seen: set[str] = set()
    for seed in range(12):
        rnd = random.Random(seed)
        state = pirates.new_game(["A", "B", "C", "D", "E"][: 3 + seed % 3], seed)
        while not pirates.is_over(state):
            seat = rnd.choice(pirates.to_act(state))
            state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
        for entry in pirates.events(state, 0):
            seen.add(entry["kind"])
            assert entry["text"] and "?" not in entry["text"], entry
    assert seen <= set(_DESCRIBERS), seen - set(_DESCRIBERS)
    assert len(seen) > 40


@pytest.mark.parametrize(
    ("players", "kwargs", "reason"),
    [
        (["A", "B"], {}, "3 to 5 players"),
        (["A", "B", "C", "D", "E", "F"], {}, "3 to 5 players"),
        (["A", "A", "B"], {}, "name of their own"),
        (["A", "B", "C"], {"variant": True}, "unknown option"),
        (["A", "B", "C"], {"setup": {"decks": []}}, "unknown set-up key"),
        (["A", "B", "C"], {"setup": {"tavern": ["no-such-card"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"treasure": ["6g#1", "6g#1"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"legendary": ["kidd"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"dice": [0, 7]}}, "from 1 to 6"),
        (["A", "B", "C"], {"setup": {"dice": 6}}, "must be a list"),
        (["A", "B", "C"], {"setup": {"tavern": "smoke-1"}}, "must be a list"),
        (["A", "B", "C"], {"setup": ["dice"]}, "JSON object"),
    ],
)
def test_new_game_refuses_bad_players_options_and_setups(
    players: list[str], kwargs: dict[str, object], reason: str
) -> None:
    with pytest.raises(IllegalAction, match=reason):
        pirates.new_game(players, 1, **kwargs)  # type: ignore[arg-type]


def test_new_game_refuses_a_seed_that_is_not_a_whole_number() -> None:
    with pytest.raises(IllegalAction, match="whole number"):
        pirates.new_game(["A", "B", "C"], "7")  # type: ignore[arg-type]


def test_refusal_reasons_name_the_problem() -> None:
    window = outfit_all(start())
    with pytest.raises(IllegalAction, match="hold no Privateering"):
        pirates.apply(window, pirates.actions.Privateering(window.seat, (window.seat + 1) % 4))
    state = pass_window(window)
    with pytest.raises(IllegalAction, match="not possible during navigation"):
        pirates.apply(state, Buy(0))
    over = replace_phase(state, "over")
    with pytest.raises(IllegalAction, match="game is over"):
        pirates.apply(over, Navigate(0, 1))


def replace_phase(state: pirates.State, phase: str) -> pirates.State:
    from dataclasses import replace

    return replace(state, phase=phase)
