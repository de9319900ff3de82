"""Battle and Volley cards, computed by hand from the rules (§6 of the reference, P-R9).

Default mats: rings on 1 (Hull 3, Crew 2, Cannons 2), Sails of seat s on 4 - s (8, 7, 6, 5).
"""

from __future__ import annotations

import pytest
from pirates_scenarios_helpers import (
    COVE,
    CREW,
    HULL,
    LEGEND,
    SAILS,
    act,
    board,
    card,
    dice,
    last,
    levels,
    scenario,
)

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import Fire, Flee, Pass, PlayBattle, PlayVolley, Reload

H = 2  # Hull Island: no black ship there in a 4-player game


def duel(rigs: dict, **options) -> pirates.State:
    """Seats 0 and 1 off Hull Island, at the boarding round."""
    state = scenario({0: H, 1: H}, rigs, **options)
    assert state.combat is not None and state.combat.boarding
    return state


def melee(rigs: dict, **options) -> pirates.State:
    state = scenario({0: H, 1: H, 2: H}, rigs, **options)
    assert state.combat is not None and state.combat.fighters == (0, 1, 2)
    return state


# ------------------------------------------------------------------------- Battle cards


def test_becalmed_ends_all_cards_but_earlier_battle_cards_stay_in_force() -> None:
    state = duel({0: {"cards": ["smoke-1", "grapeshot-1"]},
                  1: {"levels": (3, 3, 1, 1), "cards": ["becalmed"]}})
    assert state.seat == 0  # fastest boards first
    state = act(state, PlayBattle(0, "smoke"), PlayBattle(1, "becalmed"))
    # No more boarding round, and no Volley card for the rest of the combat.
    assert not state.combat.boarding and state.seat == 0
    assert PlayVolley(0, "grapeshot") not in pirates.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        pirates.apply(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 5, 6), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 2
    # Seat 0's Smoke still works: only the 6 hits it.
    state = act(dice(state, 5, 6), Fire(1, 0, CREW))
    assert last(state, "volley").get("hits") == 1
    assert levels(state, 0)[D.CREW] == 0


def test_becalmed_played_first_stops_every_other_battle_card() -> None:
    state = duel({0: {"cards": ["becalmed"]}, 1: {"cards": ["smoke-1"]}})
    state = act(state, PlayBattle(0, "becalmed"))
    assert not state.combat.boarding
    assert state.combat.smoke == frozenset()
    assert "smoke-1" in [D.TAVERN[c].id for c in state.ships[1].hand]


def test_battle_cards_are_discarded_at_the_end_of_the_combat() -> None:
    state = duel({0: {"cards": ["smoke-1"]}, 1: {"levels": (0, 3, 1, 1)}})
    state = board(act(state, PlayBattle(0, "smoke")))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))  # routed: the combat is over
    assert state.combat is None
    assert card("smoke-1") in state.tavern_discard


def test_favourable_winds_adds_six_speed_for_the_whole_combat() -> None:
    # Seat 0 Sails 12, seat 1 Sails 4: 4 + 6 = 10 is still slower.
    rigs = {0: {"levels": (1, 7, 1, 1)}, 1: {"levels": (1, 0, 1, 1),
                                               "cards": ["favourable_winds-1"]}}
    state = board(act(duel(rigs), Pass(0), PlayBattle(1, "favourable_winds")))
    assert state.combat.winds[1] == 6
    assert state.seat == 0


def test_two_favourable_winds_stack_to_twelve_and_a_pass_may_play_later() -> None:
    # Seat 1: 4 + 12 = 16 beats seat 0's 12. Seat 0 passes, then plays Smoke in round 2.
    rigs = {
        0: {"levels": (1, 7, 1, 1), "cards": ["smoke-1"]},
        1: {"levels": (1, 0, 1, 1), "cards": ["favourable_winds-1", "favourable_winds-2"]},
    }
    state = act(duel(rigs), Pass(0), PlayBattle(1, "favourable_winds"))
    assert state.combat.boarding and state.seat == 0  # a new round: one card per round
    state = act(state, PlayBattle(0, "smoke"), PlayBattle(1, "favourable_winds"))
    assert state.combat.boarding and state.seat == 0
    state = act(state, Pass(0), Pass(1))
    assert not state.combat.boarding
    assert state.combat.winds[1] == 12
    assert state.seat == 1 and state.combat.smoke == frozenset({0})


def test_boarding_ends_when_everyone_passes_in_the_same_round() -> None:
    rigs = {0: {"cards": ["smoke-1"]}, 1: {"cards": ["smoke-2"]}}
    state = act(duel(rigs), Pass(0), PlayBattle(1, "smoke"))
    assert state.combat.boarding  # seat 1 played: another round
    state = act(state, Pass(0), Pass(1))
    assert not state.combat.boarding
    assert "smoke-2" not in [D.TAVERN[c].id for c in state.ships[1].hand]


def test_grappling_hooks_every_ship_rolls_its_crew() -> None:
    # Seat 0: Crew 4 (level 5), Cannons 2 -> 4 dice. Seat 1: Crew 2, Cannons 5 -> 2 dice.
    rigs = {0: {"levels": (1, 4, 5, 1), "cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 7)}}
    state = board(act(duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 4
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 2


def test_without_hooks_the_same_ships_roll_min_of_crew_and_cannons() -> None:
    rigs = {0: {"levels": (1, 4, 5, 1)}, 1: {"levels": (1, 3, 1, 7)}}
    state = board(duel(rigs))
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 2
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 2


def test_long_john_silver_prevails_over_grappling_hooks_six_dice() -> None:
    rigs = {0: {"cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 1), "parrot": "silver"}}
    state = board(act(duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 6


def test_billy_bones_prevails_over_grappling_hooks_all_cannons() -> None:
    # Crew 2, Cannons 4 (level 5): hooks would give 2 dice, Bones gives 4.
    rigs = {0: {"cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 5), "parrot": "bones"}}
    state = board(act(duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 4


def test_billy_bones_fires_all_cannons_and_silver_six_dice_without_hooks() -> None:
    rigs = {0: {"levels": (1, 4, 1, 1), "parrot": "silver"},
            1: {"levels": (1, 3, 1, 7), "parrot": "bones"}}
    state = board(duel(rigs))
    state = act(dice(state, *[1] * 8), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 6
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 5


def test_smoke_only_sixes_hit_the_ship_that_played_it() -> None:
    rigs = {0: {"levels": (1, 4, 2, 2)}, 1: {"levels": (2, 3, 1, 1), "cards": ["smoke-1"]}}
    state = board(act(duel(rigs), Pass(0), PlayBattle(1, "smoke")))
    state = act(dice(state, 5, 5, 6), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 1
    assert levels(state, 1)[D.HULL] == 1
    # Smoke protects only its player: seat 1's 5 and 6 both hit seat 0.
    state = act(dice(state, 5, 6), Fire(1, 0, SAILS))
    assert last(state, "volley").get("hits") == 2


def test_overboard_two_speed_per_chest_and_chests_return_after_the_combat() -> None:
    # Seat 1 Sails 4 + 2 x 3 chests = 10 > seat 0's 8.
    rigs = {1: {"levels": (1, 0, 1, 1), "chests": 3, "cards": ["overboard"]}}
    state = duel(rigs)
    options = pirates.legal_actions(act(state, Pass(0)), 1)
    assert {a.chests for a in options if isinstance(a, PlayBattle)} == {1, 2, 3}
    supply = state.supply
    state = board(act(state, Pass(0), PlayBattle(1, "overboard", 3)))
    assert state.ships[1].chests == 0 and state.combat.overboard[1] == 3
    assert state.seat == 1
    state = act(dice(state, 1, 1), Fire(1, 0, HULL))
    state = act(dice(state, 4), Flee(0))
    assert state.combat is None
    assert state.supply == supply + 3  # back to Treasure Island, not to the ship
    assert state.ships[1].chests == 0


def test_overboard_is_not_playable_without_chests() -> None:
    state = act(duel({1: {"cards": ["overboard"]}}), Pass(0))
    assert not any(isinstance(a, PlayBattle) for a in pirates.legal_actions(state, 1))


def test_no_battle_card_outside_the_boarding_round() -> None:
    state = board(duel({0: {"cards": ["smoke-1"]}}))
    with pytest.raises(IllegalAction):
        pirates.apply(state, PlayBattle(0, "smoke"))


# ------------------------------------------------------------------------- Volley cards


def test_grapeshot_hits_on_three_to_six_then_own_cannons_take_two_hits() -> None:
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1"]},
            1: {"levels": (3, 3, 1, 1)}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 4, 2), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 2
    assert levels(state, 1)[D.HULL] == 1
    assert levels(state, 0)[D.CANNONS] == 1
    assert card("grapeshot-1") in state.tavern_discard


def test_grapeshot_overrides_smoke_for_that_volley() -> None:
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1"]},
            1: {"levels": (3, 3, 1, 1), "cards": ["smoke-1"]}}
    state = board(act(duel(rigs), Pass(0), PlayBattle(1, "smoke")))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 4, 6), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 3
    assert levels(state, 1)[D.HULL] == 0


def test_grapeshot_recoil_destroying_own_cannons_routes_the_firer() -> None:
    rigs = {0: {"cards": ["grapeshot-1"]}, 1: {"levels": (3, 3, 1, 1)}}
    state = board(melee(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    assert levels(state, 0)[D.CANNONS] == -1
    assert state.ships[0].island == COVE
    assert [s.fame for s in state.ships[:3]] == [0, 1, 1]  # witnesses of the rout


def test_p_r9_grapeshot_kills_long_john_silver_without_mastercraft() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver",
                "cards": ["grapeshot-1"]}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, *[1] * 6), Fire(0, 1, HULL))
    ship = state.ships[0]
    assert ship.parrot == -1 and ship.fame == 1
    assert card("silver") in state.tavern_discard
    assert ship.levels[D.CANNONS] == 1


def test_p_r9_mastercraft_on_cannons_saves_silver_and_takes_the_recoil() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver", "craft": "cannons",
                "cards": ["grapeshot-1"]}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, *[1] * 6), Fire(0, 1, HULL))
    ship = state.ships[0]
    assert ship.parrot == card("silver") and ship.fame == 3
    assert ship.craft == -1  # damaged, then destroyed
    assert ship.levels[D.CANNONS] == 3


def test_p_r9_mastercraft_elsewhere_does_not_save_silver() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver", "craft": "crew",
                "cards": ["grapeshot-1"]}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, *[1] * 6), Fire(0, 1, HULL))
    assert state.ships[0].parrot == -1 and state.ships[0].fame == 1


def test_powder_keg_every_hit_also_hits_every_hull_present_and_flints_parrot() -> None:
    rigs = {0: {"levels": (3, 4, 1, 1), "cards": ["powder_keg-1"]},
            1: {"levels": (3, 3, 1, 1)},
            2: {"levels": (3, 2, 1, 1), "fame": 4, "parrot": "flint"}}
    state = board(melee(rigs))
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 6), Fire(0, 1, SAILS))
    assert levels(state, 1) == (1, 1, 1, 1)  # 2 Sails hits, and 2 Hull hits
    assert levels(state, 0) == (1, 4, 1, 1)  # the firer's own hull too
    # Flint's parrot on Hull takes the two hull hits: wounded, then dead (-2 fame).
    assert levels(state, 2) == (3, 2, 1, 1)
    assert state.ships[2].parrot == -1 and state.ships[2].fame == 2
    assert levels(state, 3) == (1, 1, 1, 1)  # not present
    assert card("powder_keg-1") in state.tavern_discard


def test_powder_keg_on_the_target_hull_adds_to_the_shot() -> None:
    # "a 5 and a 6 ... 2 damage to every hull; cumulative with the shot itself on the hull"
    rigs = {0: {"levels": (3, 4, 1, 1), "cards": ["powder_keg-1"]}, 1: {"levels": (5, 3, 1, 1)}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 6), Fire(0, 1, HULL))
    assert levels(state, 1)[D.HULL] == 1
    assert levels(state, 0)[D.HULL] == 1


def test_powder_keg_hits_a_legendary_pirates_hull_too() -> None:
    # Alone against Blackbeard (hull 8): 2 hits + 2 keg damage leave him 4.
    rigs = {0: {"levels": (3, 4, 1, 1), "cards": ["powder_keg-1"]}}
    state = scenario({0: 1}, rigs)
    state = act(dice(state, *[1] * 6), Pass(0))  # boarding; then Blackbeard (24) misses
    assert state.seat == 0 and state.combat.legend_hull == 8
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 6, *[1] * 6), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 4
    assert levels(state, 0)[D.HULL] == 1


def test_p_r22_powder_keg_self_damage_is_not_a_hit_for_the_witnesses() -> None:
    rigs = {0: {"levels": (3, 4, 1, 1), "cards": ["powder_keg-1"]}, 1: {"levels": (3, 3, 1, 1)},
            2: {"levels": (3, 2, 1, 1)}}
    state = board(melee(rigs))
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 1), Fire(0, 1, SAILS))
    state = act(dice(state, 1, 1), Fire(1, 2, SAILS))
    state = act(dice(state, 1, 1), Fire(2, 1, SAILS))
    state = act(dice(state, 4), Flee(0))
    assert [s.fame for s in state.ships[:3]] == [0, 0, 0]


def test_full_broadside_each_hit_damages_every_section_then_no_fire_next_exchange() -> None:
    rigs = {0: {"cards": ["full_broadside-1"]}, 1: {"levels": (3, 3, 3, 3)}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 1), Fire(0, 1, CREW))
    assert levels(state, 1) == (2, 2, 2, 2)
    state = act(dice(state, 1, 1, 1), Fire(1, 0, HULL))
    # Exchange 2: seat 0 reloads (or flees), it cannot fire.
    assert state.combat.exchange == 2 and state.seat == 0
    assert set(pirates.legal_actions(state, 0)) == {Reload(0), Flee(0)}
    with pytest.raises(IllegalAction):
        pirates.apply(dice(state, 6, 6), Fire(0, 1, HULL))
    state = act(state, Reload(0))
    state = act(dice(state, 1, 1, 1), Fire(1, 0, HULL))
    # Exchange 3: firing again.
    assert Fire(0, 1, HULL) in pirates.legal_actions(state, 0)


def test_full_broadside_two_hits_two_levels_everywhere() -> None:
    rigs = {0: {"cards": ["full_broadside-1"]}, 1: {"levels": (3, 3, 3, 3)}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 5), Fire(0, 1, SAILS))
    assert levels(state, 1) == (1, 1, 1, 1)


def test_several_volley_cards_in_one_volley() -> None:
    # Grapeshot and Full Broadside: 3-6 hit, every section each hit, then the recoil.
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1", "full_broadside-1"]},
            1: {"levels": (4, 3, 4, 4)}}
    state = board(duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 3, 4, 1), Fire(0, 1, HULL))
    assert levels(state, 1) == (2, 1, 2, 2)
    assert levels(state, 0)[D.CANNONS] == 1


def test_after_a_volley_card_the_player_must_fire() -> None:
    state = board(duel({0: {"cards": ["grapeshot-1"]}}))
    state = act(state, PlayVolley(0, "grapeshot"))
    with pytest.raises(IllegalAction, match="must fire"):
        pirates.apply(state, Flee(0))
