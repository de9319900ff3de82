"""Combat (§6): volleys, hits, absorption, flight, rout, legendary pirates and the Royal Navy."""

from __future__ import annotations

from dataclasses import replace

from pirates_helpers import (
    act,
    fire,
    kinds,
    last,
    mount,
    pass_window,
    prepare,
    sail,
    scenario,
    set_dice,
    skip_boarding,
)

import pirates
from pirates import data as D
from pirates.actions import Fire, Flee, NavyFire, Pass, SendNavy
from pirates.state import State

NO = [1] * 12  # dice that never hit


def go(state: State, islands: dict[int, int]) -> State:
    return pass_window(sail(state, islands))


def volleys(state: State) -> list[tuple[int, int]]:
    return [(e.get("ship"), e.get("target")) for p in state.log for e in p if e.kind == "volley"]


# --------------------------------------------------------------------- volleys and hits


def test_combat_on_an_outer_island_with_two_players() -> None:
    state = scenario({0: 2, 1: 2})
    assert state.phase == "combat" and state.combat is not None
    assert state.combat.island == 2 and state.combat.fighters == (0, 1)
    state = skip_boarding(state)
    assert state.combat is not None and state.combat.order == (0, 1) and state.seat == 0


def test_hits_are_fives_and_sixes() -> None:
    state = skip_boarding(scenario({0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [4, 5])
    assert last(state, "volley").get("hits") == 1
    assert state.ships[1].levels[D.SAILS] == 2


def test_rout_crippled_ship_goes_to_cove_and_witnesses_gain_fame() -> None:
    state = skip_boarding(scenario({0: 2, 1: 2, 2: 2}))
    state = fire(state, 0, 2, "hull", [5, 6])  # Cora's hull 1 -> 0 -> off
    assert state.ships[2].island == D.COVE and state.ships[2].crippled
    assert [s.fame for s in state.ships[:3]] == [1, 1, 0]
    assert state.combat is not None and state.combat.fighters == (0, 1)


def test_slow_ship_can_be_routed_before_it_ever_fires() -> None:
    state = skip_boarding(scenario({0: 2, 1: 2}, ships={1: {"levels": (0, 3, 1, 1)}}))
    state = fire(state, 0, 1, "hull", [6, 1])
    assert state.phase != "combat"
    assert [ship for ship, _ in volleys(state)] == [0]
    assert "plunder" in kinds(state) and state.ships[0].fame == 1


def test_flee_when_hit_gives_witnesses_fame_and_mutiny_on_one() -> None:
    state = skip_boarding(scenario({0: 2, 1: 2, 2: 2}, ships={2: {"chests": 2}}))
    state = fire(state, 0, 2, "crew", [5, 1])
    state = fire(state, 1, 0, "sails", [1, 1])
    state = act(set_dice(state, [1]), Flee(2))
    cora = state.ships[2]
    assert cora.island == D.COVE and (cora.gold, cora.chests, cora.fame) == (0, 0, 0)
    assert [s.fame for s in state.ships[:2]] == [1, 1]
    assert last(state, "fled").get("mutiny") is True


def test_flee_unhit_gives_no_fame_and_mutiny_spares_on_other_dice() -> None:
    state = skip_boarding(scenario({0: 2, 1: 2}))
    state = act(set_dice(state, [2]), Flee(0))
    assert state.ships[0].island == D.COVE and state.ships[0].gold == 9
    assert state.ships[1].fame == 0 and last(state, "fled").get("mutiny") is False


def test_mastercraft_then_parrot_absorb_two_hits_each_then_the_ring() -> None:
    state = prepare(ships={1: {"fame": 3}})
    state = mount(state, 0, parrot=D.SILVER)  # Anne rolls 6 dice
    state = mount(state, 1, parrot=D.FLINT, craft="hull")
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "hull", [5, 5, 5, 5, 5, 1])
    bart = state.ships[1]
    assert (bart.craft, bart.parrot, bart.levels[D.HULL], bart.fame) == (-1, -1, 0, 1)
    log = kinds(state)
    at = len(log) - 1 - log[::-1].index("volley")
    assert log[at + 1:at + 6] == ["mastercraft_damaged", "mastercraft_destroyed",
                                  "parrot_wounded", "parrot_killed", "damaged"]
    discards = {D.TAVERN[c].kind for c in state.tavern_discard}
    assert {D.MASTERCRAFT, D.PARROT} <= discards


# --------------------------------------------------------------------- legendary pirates


def test_players_must_fire_at_the_legendary_pirate_first_and_only_its_hull() -> None:
    state = set_dice(scenario({0: 1, 1: 1}), NO)
    state = skip_boarding(state)
    assert state.seat == 0
    assert pirates.legal_actions(state, 0) == [Fire(0, -1, "hull"), Flee(0)]


def test_p_r6_blackbeard_fires_six_dice_at_hulls_most_cannons_first() -> None:
    state = scenario({0: 1, 1: 1}, ships={1: {"levels": (1, 3, 1, 2)}})
    state = skip_boarding(set_dice(state, [6, 6, 1, 1, 1, 1, *[1] * 6]))
    assert volleys(state) == [(-1, 1), (-1, 0)]
    first = next(e for p in state.log for e in p if e.kind == "volley")
    assert len(first.get("dice")) == 6 and first.get("section") == "hull"
    assert state.ships[1].island == D.COVE and state.ships[0].fame == 1


def test_flying_dutchman_fires_at_largest_crew_and_regains_two_hull() -> None:
    state = scenario({0: 1, 1: 1}, legendary=("flying_dutchman",),
                     ships={0: {"levels": (1, 4, 2, 1)}, 1: {"levels": (1, 3, 4, 1)}})
    state = skip_boarding(set_dice(state, NO[:8]))
    assert volleys(state) == [(-1, 1), (-1, 0)]
    assert [e.get("section") for p in state.log for e in p if e.kind == "volley"] == ["crew"] * 2
    state = fire(state, 0, -1, "hull", [5, 6])
    state = fire(state, 1, -1, "hull", [5, 1, *NO[:8]])
    assert last(state, "legend_regains").get("hull") == 4  # 5 - 3 + 2
    assert state.combat is not None and state.combat.legend_hull == 4


def test_legendary_pirate_on_treasure_island_attacks_players() -> None:
    state = scenario({0: 6, 1: 6}, legend_islands=(6,))
    assert state.phase == "combat" and state.combat is not None
    assert state.combat.island == D.TREASURE_ISLAND


def test_no_combat_between_players_on_treasure_island() -> None:
    state = scenario({0: 6, 1: 6})
    assert state.phase == "island_effects" and "combat_start" not in kinds(state)


def test_legend_sunk_fame_shared_rounded_down_then_survivors_fight_on() -> None:
    state = scenario({0: 1, 1: 1, 2: 1, 3: 1})
    assert state.combat is not None
    state = replace(state, combat=replace(state.combat, legend_hull=2, exchange_hull=2))
    state = skip_boarding(set_dice(state, NO * 2))
    state = fire(state, 0, -1, "hull", [5, 6])
    assert [s.fame for s in state.ships] == [1, 1, 1, 1]  # 6 // 4
    assert state.phase == "combat" and state.seat == 1
    assert Fire(1, 0, "crew") in pirates.legal_actions(state, 1)


def test_sinking_a_legend_with_a_shot_that_cripples_you_still_earns_the_fame() -> None:
    state = prepare(ships={0: {"levels": (0, 4, 1, 1)}}, cards={0: (D.POWDER_KEG + "-1",)})
    state = go(state, {0: 1})
    assert state.combat is not None
    state = replace(state, combat=replace(state.combat, legend_hull=1, exchange_hull=1))
    state = skip_boarding(set_dice(state, NO[:6]))
    state = act(state, pirates.actions.PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, -1, "hull", [6, 1])
    anne = state.ships[0]
    assert anne.fame == 6 and anne.island == D.COVE
    assert "legend_sunk" in kinds(state) and state.legends[0].sunk


def test_legend_that_wins_is_repaired_in_full() -> None:
    state = skip_boarding(set_dice(scenario({0: 1}), NO[:6]))
    state = fire(state, 0, -1, "hull", [5, 5, *[6] * 6])
    assert state.ships[0].island == D.COVE
    assert state.legends[0].hull == 8 and not state.legends[0].sunk


# --------------------------------------------------------------------- the Royal Navy


def navy_state(cards: tuple[str, ...] = ("royal_navy_in_pursuit-1",),
               islands: dict[int, int] | None = None) -> State:
    state = prepare(cards={0: cards})
    state = sail(state, islands or {0: 2, 1: 3})
    assert state.phase == "after_navigation" and state.seat == 0
    return state


def test_royal_navy_never_to_treasure_island_nor_the_senders_island() -> None:
    state = navy_state()
    islands = {a.island for a in pirates.legal_actions(state, 0) if isinstance(a, SendNavy)}
    assert islands == {1, 3, 4, 5}


def test_royal_navy_is_fired_by_its_controller_and_leaves_after_combat() -> None:
    state = act(navy_state(), SendNavy(0, 3))
    state = pass_window(state)
    assert state.combat is not None and state.combat.island == 3 and state.combat.navy_in
    state = skip_boarding(state)
    assert state.seat == 0  # the Navy (speed 20) fires first, on Anne's orders
    assert pirates.legal_actions(state, 0) == [
        NavyFire(0, 1, s) for s in ("hull", "sails", "crew", "cannons")]
    state = act(set_dice(state, [5, 6, 1, 1]), NavyFire(0, 1, "crew"))
    assert state.ships[1].island == D.COVE and state.navy is None
    assert len(last(state, "volley").get("dice")) == 4


def test_royal_navy_sunk_fame_shared_among_survivors_of_the_combat() -> None:
    state = act(navy_state(islands={0: 2, 1: 3, 2: 3}), SendNavy(0, 3))
    state = skip_boarding(pass_window(state))
    state = act(set_dice(state, NO[:4]), NavyFire(0, 1, "sails"))
    state = fire(state, 1, -2, "hull", [5, 6])
    state = fire(state, 2, -2, "hull", [5, 6])
    assert "navy_sunk" in kinds(state) and state.phase == "combat"
    state = fire(state, 1, 2, "hull", [1, 1])
    state = act(set_dice(state, [6]), Flee(2))
    assert state.ships[1].fame == 4 and state.ships[2].fame == 0 and state.navy is None


def test_letter_of_marque_redirects_the_navy_under_its_players_control() -> None:
    state = prepare(cards={0: ("royal_navy_in_pursuit-1",), 2: (D.MARQUE,)})
    state = sail(state, {0: 6, 1: 3, 2: 6, 3: 4})
    state = act(state, SendNavy(0, 3), Pass(1))
    state = act(state, pirates.actions.Marque(2, 4))
    assert state.navy is not None and (state.navy.island, state.navy.controller) == (4, 2)
    state = pass_window(state)
    assert state.combat is not None and state.combat.island == 4
    state = skip_boarding(state)
    assert state.seat == 2
    assert "plunder" not in kinds(state)


def test_the_navy_ignores_legendary_pirates() -> None:
    state = act(navy_state(islands={0: 2, 1: 3}), SendNavy(0, 1))
    state = pass_window(state)
    assert "combat_start" not in kinds(state)  # only the Navy and Blackbeard on island 1
