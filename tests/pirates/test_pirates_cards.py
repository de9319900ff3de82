"""The Tavern cards (§8): Battle and Volley cards, parrots, Mastercraft, event and fame cards
(P-R9, P-R14, P-R22)."""

from __future__ import annotations

from typing import Any

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Done,
    Escape,
    Fire,
    Flee,
    Lookout,
    Mastercraft,
    Mend,
    Navigate,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    Privateering,
    Reload,
    Shipowner,
    TreasureMap,
)
from pirates.state import State
from tests.pirates.pirates_helpers import (
    CREW,
    HULL,
    HULL_ISLAND,
    SAILS,
    _tie_winner,
    act,
    board,
    card,
    check_invariants,
    dice,
    fire,
    go,
    hand_ids,
    kinds,
    last,
    levels,
    navigate,
    new,
    pass_to_navigation,
    pass_window,
    refused,
    rig,
    rigged,
    sail,
    second_parrot,
    three_at_hull_island,
    two_at_hull_island,
    until_seat,
)

H = 2  # Hull Island: no black ship there in a 4-player game


DRAWS = ["shipowner", "lookout", "escape", "privateering"]


TREASURE = ["4g#1", "1g2c#1", "4g#3", "4g#4", "4g#5"]  # Hull Island: 1 gold, 2 chests


def duel(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = (), chests1: int = 0,
         **kw: Any) -> State:
    """Anne (sails 8) and Bart (sails 7) meet on Hull Island, cards in hand."""
    state = new(rigs={0: {"cards": cards0}, 1: {"cards": cards1, "chests": chests1}}, **kw)
    return go(state, {0: 2, 1: 2})


def dice_of_last_volley(state: State) -> int:
    return len(last(state, "volley").get("dice"))


def pirates_pull(state: State, seat: int, card: str) -> State:
    """Blackbeard is on Tavern Island: flee, then draw ``card`` in Pirate's Cove."""

    state = board(dice(state, *[1] * 6))
    state = act(dice(state, 6), pirates.actions.Flee(seat))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    index = D.TAVERN_BY_ID[card].index
    deck = (index, *(c for c in state.tavern_deck if c != index))
    state = state._replace(tavern_deck=deck)
    return act(state, pirates.actions.CoveDraw(seat, True))


def boarding_duel(rigs: dict, **options) -> pirates.State:
    """Seats 0 and 1 off Hull Island, at the boarding round."""
    state = rigged({0: H, 1: H}, rigs, **options)
    assert state.combat is not None and state.combat.boarding
    return state


def melee(rigs: dict, **options) -> pirates.State:
    state = rigged({0: H, 1: H, 2: H}, rigs, **options)
    assert state.combat is not None and state.combat.fighters == (0, 1, 2)
    return state


def test_becalmed_stops_every_later_card_earlier_ones_stay() -> None:
    state = duel(("smoke-1", "grapeshot-1"), ("becalmed",))
    state = act(state, PlayBattle(0, D.SMOKE), PlayBattle(1, D.BECALMED))
    assert state.combat is not None and not state.combat.boarding
    assert state.combat.smoke == frozenset({0})
    assert not any(isinstance(a, PlayVolley) for a in pirates.legal_actions(state, 0))


def test_favourable_winds_add_six_and_two_stack_to_twelve() -> None:
    state = duel((), ("favourable_winds-1", "favourable_winds-2"))
    state = act(state, Pass(0), PlayBattle(1, D.WINDS), Pass(0), PlayBattle(1, D.WINDS))
    state = act(state, Pass(0), Pass(1))
    assert state.combat is not None and state.combat.winds[1] == 12
    assert state.combat.order == (1, 0) and state.seat == 1


def test_boarding_rounds_go_on_until_everyone_passes_in_the_same_round() -> None:
    state = duel(("smoke-1",), ())
    state = act(state, Pass(0), Pass(1))
    assert state.combat is not None and not state.combat.boarding
    state = duel(("smoke-1",), ())
    state = act(state, Pass(0))
    state = act(state, Pass(1))
    assert state.combat is not None and not state.combat.boarding  # a full round of passes
    state = duel((), ("smoke-1",))
    state = act(state, Pass(0), PlayBattle(1, D.SMOKE))
    assert state.combat is not None and state.combat.boarding and state.seat == 0


def test_grappling_hooks_roll_crew_dice_parrots_prevail() -> None:
    state = new(rigs={0: {"levels": (1, 4, 4, 1), "cards": ("grappling_hooks-1",)},
                      1: {"levels": (1, 3, 7, 2)}})
    state = rig(state, 1, parrot=D.BONES)
    state = go(state, {0: 2, 1: 2})
    state = act(state, PlayBattle(0, D.HOOKS), Pass(1), Pass(0), Pass(1))
    state = fire(state, 0, 1, "sails", [1] * 4)
    assert dice_of_last_volley(state) == 4  # crew 4, cannons 2
    state = fire(state, 1, 0, "sails", [1] * 3)
    assert dice_of_last_volley(state) == 3  # Billy Bones: all cannons (3), not crew 5


def test_smoke_only_sixes_hit_and_grapeshot_overrides_it() -> None:
    state = duel(("grapeshot-1",), ("smoke-1",))
    state = act(state, Pass(0), PlayBattle(1, D.SMOKE), Pass(0), Pass(1))
    state = fire(state, 0, 1, "sails", [5, 5])
    assert last(state, "volley").get("hits") == 0
    state = fire(state, 1, 0, "sails", [1, 1])
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [3, 4])
    assert last(state, "volley").get("hits") == 2


def test_overboard_adds_two_speed_per_chest_and_chests_go_to_treasure_island() -> None:
    state = duel((), ("overboard",), chests1=3, treasure=["6g#1", "4g#1"])
    supply = state.supply
    state = act(state, Pass(0), PlayBattle(1, D.OVERBOARD, 2), Pass(0), Pass(1))
    assert state.combat is not None and state.combat.order == (1, 0)  # 7 + 4 > 8
    assert state.ships[1].chests == 1
    state = act(dice(state, 6), pirates.actions.Flee(1))
    assert state.combat is None and state.supply == supply + 2


def test_grapeshot_hits_on_three_and_recoils_two_hits_on_own_cannons() -> None:
    state = board(duel(("grapeshot-1",), ()))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    assert pirates.legal_actions(state, 0)[-1] != pirates.actions.Flee(0)
    state = fire(state, 0, 1, "crew", [3, 2])
    assert state.ships[1].levels[D.CREW] == 0
    assert state.ships[0].island == D.COVE  # cannons 1 -> -1: routed
    assert state.ships[1].fame == 1


def test_p_r9_grapeshot_kills_long_john_silver() -> None:
    state = new(rigs={0: {"fame": 5, "cards": ("grapeshot-1",)}})
    state = rig(state, 0, parrot=D.SILVER)
    state = board(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1] * 6)
    assert state.ships[0].parrot == -1 and state.ships[0].fame == 3
    assert "parrot_killed" in kinds(state)
    # causes before effects: the recoil is told before the parrot it kills
    told = kinds(state)
    assert told.index("grapeshot_recoil") < told.index("parrot_killed")


def test_p_r9_mastercraft_on_cannons_saves_long_john_silver() -> None:
    state = new(rigs={0: {"cards": ("grapeshot-1",)}})
    state = rig(state, 0, parrot=D.SILVER, craft="cannons")
    state = board(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1] * 6)
    anne = state.ships[0]
    assert anne.parrot != -1 and anne.craft == -1 and anne.levels[D.CANNONS] == 1


def test_powder_keg_damages_every_hull_including_yours_and_flints_parrot() -> None:
    state = new(rigs={0: {"cards": ("powder_keg-1",)}})
    state = rig(state, 2, parrot=D.FLINT)
    state = board(go(state, {0: 2, 1: 2, 2: 2}))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, 1, "crew", [6, 1])
    assert [s.levels[D.HULL] for s in state.ships[:3]] == [0, 0, 1]
    assert state.ships[1].levels[D.CREW] == 0 and state.ships[2].parrot_wounded


def test_the_powder_kegs_line_comes_before_the_damage_it_causes() -> None:
    """Causes before effects: the log (and the notice made of it) tells the cause first: the
    volley, the keg's extra hits, then every ring, parrot and hull they moved."""
    state = new(rigs={0: {"cards": ("powder_keg-1",)}})
    state = rig(state, 2, parrot=D.FLINT)
    state = board(go(state, {0: 2, 1: 2, 2: 2}))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    before = len(state.log)
    state = fire(state, 0, 1, "crew", [6, 1])
    told = kinds(state)[before:]
    assert told[:2] == ["volley", "powder_keg"]
    assert told.count("damaged") == 3 and "parrot_wounded" in told


def test_full_broadside_hits_every_section_and_forbids_firing_next_exchange() -> None:
    state = board(duel(("full_broadside-1",), ()))
    state = act(state, PlayVolley(0, D.BROADSIDE))
    state = fire(state, 0, 1, "crew", [5, 1])
    assert state.ships[1].levels == (0, 2, 0, 0)
    state = fire(state, 1, 0, "sails", [1, 1])
    assert pirates.legal_actions(state, 0) == [Reload(0), pirates.actions.Flee(0)]
    state = act(state, Reload(0))
    assert state.seat == 1


def test_flints_parrot_carries_any_number_of_chests() -> None:
    state = new(rigs={0: {"chests": 12}, 1: {"chests": 12}})
    state = rig(state, 0, parrot=D.FLINT)
    state = go(state, {0: 6, 1: 6})
    while state.month == 1:
        state = act(state, Done(state.seat))
    assert state.ships[0].chests == 12 and state.ships[1].chests == 3  # hull 3


def test_long_john_silvers_parrot_always_rolls_six_dice() -> None:
    state = rig(new(), 0, parrot=D.SILVER)
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [1] * 6)
    assert dice_of_last_volley(state) == 6


def test_billy_bones_parrot_fires_every_cannon() -> None:
    state = rig(new(rigs={0: {"levels": (1, 4, 1, 4)}}), 0, parrot=D.BONES)
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [1] * 4)
    assert dice_of_last_volley(state) == 4  # Cannons 4, Crew only 2


def test_squire_trelawneys_parrot_adds_twenty_speed() -> None:
    state = rig(new(), 3, parrot=D.TRELAWNEY)
    state = board(go(state, {0: 2, 3: 2}))
    assert state.combat is not None and state.combat.order == (3, 0)


def test_second_parrot_swap_costs_one_fame_and_the_old_one_goes_back() -> None:
    state = new(rigs={0: {"fame": 2}}, draws=[])
    state = rig(state, 0, parrot=D.FLINT)
    state = go(state, {0: D.TAVERN_ISLAND})
    state = pirates_pull(state, 0, D.SILVER)
    assert pirates.to_act(state) == (0,)
    assert pirates.legal_actions(state, 0) == [ParrotChoice(0, True), ParrotChoice(0, False)]
    swapped = act(state, ParrotChoice(0, True))
    assert D.TAVERN[swapped.ships[0].parrot].effect == D.SILVER
    assert swapped.ships[0].fame == 1
    assert D.TAVERN_BY_ID[D.FLINT].index in swapped.tavern_deck
    kept = act(state, ParrotChoice(0, False))
    assert D.TAVERN[kept.ships[0].parrot].effect == D.FLINT
    assert D.TAVERN_BY_ID[D.SILVER].index in kept.tavern_deck


def test_mastercraft_played_from_any_island_one_per_ship_and_mended_for_one_gold() -> None:
    state = new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2")}})
    state = go(state, {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    assert state.ships[0].craft_section == D.SAILS
    assert not any(isinstance(a, Mastercraft) for a in pirates.legal_actions(state, 0))

    ships = list(state.ships)
    ships[0] = ships[0]._replace(craft_damaged=True)
    state = act(state._replace(ships=tuple(ships)), Mend(0))
    assert not state.ships[0].craft_damaged and state.ships[0].gold == 8


def test_escape_moves_to_an_unoccupied_island_and_cancels_privateering() -> None:
    state = new(rigs={0: {"cards": (D.PRIVATEERING,)}, 1: {"cards": (D.ESCAPE,)}})
    state = pass_window(act(state, Privateering(0, 1)))
    state = navigate(state, {0: 6, 1: 3, 2: 3, 3: 6})
    assert state.phase == "after_navigation"
    state = act(state, Pass(0))
    targets = {a.island for a in pirates.legal_actions(state, 1) if isinstance(a, Escape)}
    assert targets == {2, 4, 5, 6}  # 1: Blackbeard, 3: own island
    state = act(state, Escape(1, 5))
    assert state.ships[1].island == 5 and state.privateer is None
    state = pass_window(state)
    assert "combat_start" not in kinds(state)


def test_treasure_map_rolls_again_on_six_and_doubles_chests() -> None:
    state = new(rigs={0: {"cards": (D.TREASURE_MAP,)}}, treasure=["6g#1", "1g2c#1"])
    state = act(dice(state, 6, 2), TreasureMap(0))
    assert state.treasure_map == (2, 0)
    state = pass_window(navigate(pass_window(state), {0: 2}))
    assert state.ships[0].chests == 4  # only for the player of the Map (the seed)


def test_lookout_makes_navigation_open_in_seat_order_from_the_named_player() -> None:
    state = new(rigs={0: {"cards": (D.LOOKOUT,)}})
    state = pass_window(act(state, Lookout(0, 2)))
    assert pirates.to_act(state) == (2,)
    state = act(state, Navigate(2, 4))
    assert state.ships[2].island == 0 and last(state, "navigated_openly").get("island") == 4
    assert pirates.to_act(state) == (3,)
    state = act(state, Navigate(3, 5), Navigate(0, 6), Navigate(1, 6))
    assert [s.island for s in state.ships] == [6, 6, 4, 5]


def test_shipowner_raises_one_section_one_level_free_from_any_island() -> None:
    state = go(new(rigs={0: {"cards": (D.SHIPOWNER,)}}), {0: 6})
    state = act(state, Shipowner(0, "cannons"))
    assert state.ships[0].levels[D.CANNONS] == 2 and state.ships[0].gold == 9


def test_fame_cards_count_only_at_the_end() -> None:

    state = new(rigs={0: {"cards": ("fame3",)}})  # plus a Fame 1 from the set-up
    assert state.ships[0].fame == 0
    state = state._replace(month=12)
    state = pass_window(navigate(pass_window(state), {}))
    while not pirates.is_over(state):
        state = act(state, Done(state.seat))
    assert state.ships[0].fame == 4 and pirates.result(state)["winner"] == 0
    assert pirates.view(state, 1)["players"][0]["fame_cards"] == ["fame1", "fame3"]


def test_mastercraft_then_parrot_absorb_two_hits_each_then_the_ring() -> None:
    state = new(rigs={1: {"fame": 3}})
    state = rig(state, 0, parrot=D.SILVER)  # Anne rolls 6 dice
    state = rig(state, 1, parrot=D.FLINT, craft="hull")
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "hull", [5, 5, 5, 5, 5, 1])
    bart = state.ships[1]
    assert (bart.craft, bart.parrot, bart.levels[D.HULL], bart.fame) == (-1, -1, 0, 1)
    log = kinds(state)
    at = len(log) - 1 - log[::-1].index("volley")
    assert log[at + 1:at + 6] == ["mastercraft_damaged", "mastercraft_destroyed",
                                  "parrot_wounded", "parrot_killed", "damaged"]
    discards = {D.TAVERN[c].kind for c in state.tavern_discard}
    assert {D.MASTERCRAFT, D.PARROT} <= discards


def test_p_r14_volley_card_copies_add_up_and_no_flight_after_playing_one() -> None:
    state = new(rigs={0: {"cards": ("grapeshot-1", "grapeshot-2", "powder_keg-1")}})
    state = rig(state, 0, craft="cannons")
    state = board(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    options = pirates.legal_actions(state, 0)
    assert PlayVolley(0, D.GRAPESHOT) in options and PlayVolley(0, D.POWDER_KEG) in options
    assert Flee(0) not in options
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1, 1])
    # two Grapeshots: 4 recoil hits, the first two on the Mastercraft, then the ring 1 -> -1
    assert state.ships[0].craft == -1 and state.ships[0].island == D.COVE


def test_p_r15_fame_never_goes_below_zero_and_a_swap_needs_one_fame() -> None:
    state = rig(new(), 1, parrot=D.FLINT)
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "hull", [5, 5])
    assert state.ships[1].parrot == -1 and state.ships[1].fame == 0
    state = state._replace(parrots=((1, D.TAVERN_BY_ID[D.SILVER].index),),
                    tavern_deck=tuple(c for c in state.tavern_deck
                                      if c != D.TAVERN_BY_ID[D.SILVER].index))
    check_invariants(state)
    assert pirates.legal_actions(state, 1) == [pirates.actions.ParrotChoice(1, False)]


def test_p_r22_own_powder_keg_damage_is_no_hit_for_witnesses() -> None:
    state = new(rigs={0: {"cards": ("powder_keg-1",)}})
    state = board(go(state, {0: 2, 1: 2, 2: 2}))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, 1, "sails", [1, 1])  # no hit at all
    state = fire(state, 1, 2, "sails", [1, 1])
    state = fire(state, 2, 1, "sails", [1, 1])
    state = act(dice(state, 6), Flee(0))
    assert [s.fame for s in state.ships[:3]] == [0, 0, 0]


def test_p_r28_overboard_needs_a_chest() -> None:
    state = go(new(rigs={1: {"cards": ("overboard",)}}), {0: 2, 1: 2})
    state = act(state, Pass(0))
    assert pirates.legal_actions(state, 1) == [Pass(1)]


def test_becalmed_ends_all_cards_but_earlier_battle_cards_stay_in_force() -> None:
    state = boarding_duel({0: {"cards": ["smoke-1", "grapeshot-1"]},
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
    state = boarding_duel({0: {"cards": ["becalmed"]}, 1: {"cards": ["smoke-1"]}})
    state = act(state, PlayBattle(0, "becalmed"))
    assert not state.combat.boarding
    assert state.combat.smoke == frozenset()
    assert "smoke-1" in [D.TAVERN[c].id for c in state.ships[1].hand]


def test_battle_cards_are_discarded_at_the_end_of_the_combat() -> None:
    state = boarding_duel({0: {"cards": ["smoke-1"]}, 1: {"levels": (0, 3, 1, 1)}})
    state = board(act(state, PlayBattle(0, "smoke")))
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))  # routed: the combat is over
    assert state.combat is None
    assert card("smoke-1") in state.tavern_discard


def test_favourable_winds_adds_six_speed_for_the_whole_combat() -> None:
    # Seat 0 Sails 12, seat 1 Sails 4: 4 + 6 = 10 is still slower.
    rigs = {0: {"levels": (1, 7, 1, 1)}, 1: {"levels": (1, 0, 1, 1),
                                               "cards": ["favourable_winds-1"]}}
    state = board(act(boarding_duel(rigs), Pass(0), PlayBattle(1, "favourable_winds")))
    assert state.combat.winds[1] == 6
    assert state.seat == 0


def test_two_favourable_winds_stack_to_twelve_and_a_pass_may_play_later() -> None:
    # Seat 1: 4 + 12 = 16 beats seat 0's 12. Seat 0 passes, then plays Smoke in round 2.
    rigs = {
        0: {"levels": (1, 7, 1, 1), "cards": ["smoke-1"]},
        1: {"levels": (1, 0, 1, 1), "cards": ["favourable_winds-1", "favourable_winds-2"]},
    }
    state = act(boarding_duel(rigs), Pass(0), PlayBattle(1, "favourable_winds"))
    assert state.combat.boarding and state.seat == 0  # a new round: one card per round
    state = act(state, PlayBattle(0, "smoke"), PlayBattle(1, "favourable_winds"))
    assert state.combat.boarding and state.seat == 0
    state = act(state, Pass(0), Pass(1))
    assert not state.combat.boarding
    assert state.combat.winds[1] == 12
    assert state.seat == 1 and state.combat.smoke == frozenset({0})


def test_boarding_ends_when_everyone_passes_in_the_same_round() -> None:
    rigs = {0: {"cards": ["smoke-1"]}, 1: {"cards": ["smoke-2"]}}
    state = act(boarding_duel(rigs), Pass(0), PlayBattle(1, "smoke"))
    assert state.combat.boarding  # seat 1 played: another round
    state = act(state, Pass(0), Pass(1))
    assert not state.combat.boarding
    assert "smoke-2" not in [D.TAVERN[c].id for c in state.ships[1].hand]


def test_grappling_hooks_every_ship_rolls_its_crew() -> None:
    # Seat 0: Crew 4 (level 5), Cannons 2 -> 4 dice. Seat 1: Crew 2, Cannons 5 -> 2 dice.
    rigs = {0: {"levels": (1, 4, 5, 1), "cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 7)}}
    state = board(act(boarding_duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 4
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 2


def test_without_hooks_the_same_ships_roll_min_of_crew_and_cannons() -> None:
    rigs = {0: {"levels": (1, 4, 5, 1)}, 1: {"levels": (1, 3, 1, 7)}}
    state = board(boarding_duel(rigs))
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 2
    state = act(dice(state, 1, 1, 1, 1, 1), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 2


def test_long_john_silver_prevails_over_grappling_hooks_six_dice() -> None:
    rigs = {0: {"cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 1), "parrot": "silver"}}
    state = board(act(boarding_duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 6


def test_billy_bones_prevails_over_grappling_hooks_all_cannons() -> None:
    # Crew 2, Cannons 4 (level 5): hooks would give 2 dice, Bones gives 4.
    rigs = {0: {"cards": ["grappling_hooks-1"]},
            1: {"levels": (1, 3, 1, 5), "parrot": "bones"}}
    state = board(act(boarding_duel(rigs), PlayBattle(0, "grappling_hooks")))
    state = act(dice(state, 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 4


def test_billy_bones_fires_all_cannons_and_silver_six_dice_without_hooks() -> None:
    rigs = {0: {"levels": (1, 4, 1, 1), "parrot": "silver"},
            1: {"levels": (1, 3, 1, 7), "parrot": "bones"}}
    state = board(boarding_duel(rigs))
    state = act(dice(state, *[1] * 8), Fire(0, 1, HULL))
    assert len(last(state, "volley").get("dice")) == 6
    state = act(dice(state, *[1] * 8), Fire(1, 0, HULL))
    assert len(last(state, "volley").get("dice")) == 5


def test_smoke_only_sixes_hit_the_ship_that_played_it() -> None:
    rigs = {0: {"levels": (1, 4, 2, 2)}, 1: {"levels": (2, 3, 1, 1), "cards": ["smoke-1"]}}
    state = board(act(boarding_duel(rigs), Pass(0), PlayBattle(1, "smoke")))
    state = act(dice(state, 5, 5, 6), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 1
    assert levels(state, 1)[D.HULL] == 1
    # Smoke protects only its player: seat 1's 5 and 6 both hit seat 0.
    state = act(dice(state, 5, 6), Fire(1, 0, SAILS))
    assert last(state, "volley").get("hits") == 2


def test_overboard_two_speed_per_chest_and_chests_return_after_the_combat() -> None:
    # Seat 1 Sails 4 + 2 x 3 chests = 10 > seat 0's 8.
    rigs = {1: {"levels": (1, 0, 1, 1), "chests": 3, "cards": ["overboard"]}}
    state = boarding_duel(rigs)
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
    state = act(boarding_duel({1: {"cards": ["overboard"]}}), Pass(0))
    assert not any(isinstance(a, PlayBattle) for a in pirates.legal_actions(state, 1))


def test_no_battle_card_outside_the_boarding_round() -> None:
    state = board(boarding_duel({0: {"cards": ["smoke-1"]}}))
    with pytest.raises(IllegalAction):
        pirates.apply(state, PlayBattle(0, "smoke"))


def test_grapeshot_hits_on_three_to_six_then_own_cannons_take_two_hits() -> None:
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1"]},
            1: {"levels": (3, 3, 1, 1)}}
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 4, 2), Fire(0, 1, HULL))
    assert last(state, "volley").get("hits") == 2
    assert levels(state, 1)[D.HULL] == 1
    assert levels(state, 0)[D.CANNONS] == 1
    assert card("grapeshot-1") in state.tavern_discard


def test_grapeshot_overrides_smoke_for_that_volley() -> None:
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1"]},
            1: {"levels": (3, 3, 1, 1), "cards": ["smoke-1"]}}
    state = board(act(boarding_duel(rigs), Pass(0), PlayBattle(1, "smoke")))
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
    assert state.ships[0].island == D.COVE
    assert [s.fame for s in state.ships[:3]] == [0, 1, 1]  # witnesses of the rout


def test_p_r9_grapeshot_kills_long_john_silver_without_mastercraft() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver",
                "cards": ["grapeshot-1"]}}
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, *[1] * 6), Fire(0, 1, HULL))
    ship = state.ships[0]
    assert ship.parrot == -1 and ship.fame == 1
    assert card("silver") in state.tavern_discard
    assert ship.levels[D.CANNONS] == 1


def test_p_r9_mastercraft_on_cannons_saves_silver_and_takes_the_recoil() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver", "craft": "cannons",
                "cards": ["grapeshot-1"]}}
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, *[1] * 6), Fire(0, 1, HULL))
    ship = state.ships[0]
    assert ship.parrot == card("silver") and ship.fame == 3
    assert ship.craft == -1  # damaged, then destroyed
    assert ship.levels[D.CANNONS] == 3


def test_p_r9_mastercraft_elsewhere_does_not_save_silver() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3), "fame": 3, "parrot": "silver", "craft": "crew",
                "cards": ["grapeshot-1"]}}
    state = board(boarding_duel(rigs))
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
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "powder_keg"))
    state = act(dice(state, 5, 6), Fire(0, 1, HULL))
    assert levels(state, 1)[D.HULL] == 1
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
    state = board(boarding_duel(rigs))
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
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "full_broadside"))
    state = act(dice(state, 6, 5), Fire(0, 1, SAILS))
    assert levels(state, 1) == (1, 1, 1, 1)


def test_several_volley_cards_in_one_volley() -> None:
    # Grapeshot and Full Broadside: 3-6 hit, every section each hit, then the recoil.
    rigs = {0: {"levels": (1, 4, 3, 3), "cards": ["grapeshot-1", "full_broadside-1"]},
            1: {"levels": (4, 3, 4, 4)}}
    state = board(boarding_duel(rigs))
    state = act(state, PlayVolley(0, "grapeshot"), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 3, 4, 1), Fire(0, 1, HULL))
    assert levels(state, 1) == (2, 1, 2, 2)
    assert levels(state, 0)[D.CANNONS] == 1


def test_after_a_volley_card_the_player_must_fire() -> None:
    state = board(boarding_duel({0: {"cards": ["grapeshot-1"]}}))
    state = act(state, PlayVolley(0, "grapeshot"))
    assert "must fire" in refused(state, Flee(0), "must-fire-after-volley")


def test_mastercraft_absorbs_two_hits_then_parrot_two_then_the_ring() -> None:
    # Five hits on Crew: Mastercraft damaged, destroyed; Silver's parrot wounded, dead (-2 fame);
    # the fifth hit moves the ring.
    state = two_at_hull_island(
        s0={"levels": (1, 4, 7, 7)},
        s1={"levels": (1, 3, 2, 1), "fame": 3, "parrot": "silver", "craft": CREW},
    )
    state = board(state)
    craft = state.ships[1].craft
    before = len(state.log)
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, 1, CREW))
    kinds = [e.kind for e in state.log[before:] if e.kind in (
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


def test_a_hit_absorbed_by_mastercraft_still_counts_as_hit_for_a_flight() -> None:
    state = three_at_hull_island(s1={"craft": HULL})
    state = act(dice(state, 6, 1), Fire(0, 1, HULL))
    assert state.ships[1].craft_damaged and levels(state, 1)[D.HULL] == 1
    state = act(dice(state, 2), Flee(1))
    assert [s.fame for s in state.ships[:3]] == [1, 0, 1]


def test_shipowner_raises_a_section_one_level_for_free() -> None:
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


def test_treasure_map_rerolls_a_six_and_doubles_the_chests_there() -> None:
    treasure = ["4g#1", "1g2c#1", "4g#3", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure), 0, cards=["treasure_map"])
    state = act(dice(state, 6, 2), TreasureMap(0))
    assert last(state, "treasure_map").get("island") == 2
    state = pass_window(sail(state, {0: 2}))
    ship = state.ships[0]
    assert (ship.gold, ship.chests) == (9 + 1, 4)


def test_p_r20_privateering_takes_half_of_each_part_rounded_in_the_privateers_favour() -> None:
    treasure = ["4g#1", "3g1t#1", "1g2c#1", "2g1f#1", "4g#5"]
    state = rig(new(treasure=treasure, draws=DRAWS), 1, cards=["privateering"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = pass_window(sail(state, {0: 2, 1: 6}))
    # 3 gold and 1 card: the privateer takes 2 gold and the card, the victim 1 gold.
    assert state.ships[0].gold == 9 + 1 and hand_ids(state, 0) == ["fame1-1"]
    assert state.ships[1].gold == 9 + 2
    assert sorted(hand_ids(state, 1)) == sorted(["fame1-2", "shipowner"])


def test_p_r20_privateering_halves_chests_and_fame_too() -> None:
    treasure = ["4g#1", "2c1f#1", "4g#3", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure), 1, cards=["privateering"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = pass_window(sail(state, {0: 2}))
    assert (state.ships[0].chests, state.ships[0].fame) == (1, 0)
    assert (state.ships[1].chests, state.ships[1].fame) == (1, 1)


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


def test_p_r17_a_parrot_drawn_sits_on_the_mat_at_once_and_is_public() -> None:
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = rigged({1: 3}, treasure=treasure, draws=["trelawney"])
    assert state.ships[1].parrot == card("trelawney")
    assert hand_ids(state, 1) == ["fame1-2"]
    assert pirates.view(state, 2)["players"][1]["parrot"] == "trelawney"
    assert last(state, "parrot_drawn").visible is None


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


def test_lookout_makes_navigation_open_one_after_another_from_the_named_player() -> None:
    state = rig(new(), 2, cards=["lookout"])
    state = act(state, Pass(0), Pass(1), Lookout(2, 1))
    state = pass_window(state)
    assert state.phase == "navigation" and pirates.to_act(state) == (1,)
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, Navigate(0, 2))
    state = act(state, Navigate(1, 4))
    seen = [e for e in pirates.view(state, 3)["log"] if e["kind"] == "navigated_openly"]
    assert seen and seen[-1]["seat"] == 1 and seen[-1]["island"] == 4
    order = [1]
    for island in (5, 2, 3):
        order.append(state.seat)
        state = act(state, Navigate(state.seat, island))
    assert order == [1, 2, 3, 0]
    assert state.phase == "after_navigation"
    assert [s.island for s in state.ships] == [3, 4, 5, 2]


def test_a_damaged_mastercraft_absorbs_only_one_more_hit() -> None:
    state = rigged({0: 2, 1: 2}, {1: {"levels": (2, 3, 1, 1), "craft": "hull",
                                        "craft_damaged": True}})
    craft = state.ships[1].craft
    state = act(dice(board(state), 6, 6), Fire(0, 1, HULL))
    assert state.ships[1].craft == -1 and levels(state, 1)[D.HULL] == 1
    assert craft in state.tavern_discard


def test_p_r15_mutiny_never_takes_fame_below_zero() -> None:
    state = rigged({0: 2, 1: 2}, {1: {"fame": 1}})
    state = act(dice(board(state), 1, 1), Fire(0, 1, HULL))
    state = act(dice(state, 1), Flee(1))
    assert state.ships[1].fame == 0 and state.ships[1].gold == 0


def test_p_r33_treasure_map_doubles_only_for_the_player_of_the_card() -> None:
    state = rig(new(treasure=TREASURE), 1, cards=["treasure_map"])
    state = act(state, Pass(0))
    state = act(dice(state, 2), TreasureMap(1))
    assert last(state, "treasure_map").get("island") == 2
    state = pass_window(sail(state, {0: 2, 1: 3}))
    assert state.ships[0].chests == 2  # seat 0 did not play the Map: no double


def test_any_number_of_volley_cards_including_two_copies() -> None:
    state = rigged({0: 2, 1: 2}, {0: {"cards": ["powder_keg-1", "powder_keg-2"]}})
    state = act(board(state), PlayVolley(0, "powder_keg"))
    assert PlayVolley(0, "powder_keg") in pirates.legal_actions(state, 0)


def test_p_r14_two_powder_kegs_two_hull_breaches_per_hit_on_every_ship() -> None:
    rigs = {0: {"levels": (5, 4, 1, 1), "cards": ["powder_keg-1", "powder_keg-2"]},
            1: {"levels": (5, 3, 3, 1)}}
    state = board(rigged({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "powder_keg"), PlayVolley(0, "powder_keg"))
    state = act(dice(state, 6, 1), Fire(0, 1, "crew"))
    assert state.ships[1].levels == (3, 3, 2, 1)  # 1 Crew hit, 2 Hull breaches
    assert state.ships[0].levels == (3, 4, 1, 1)


def test_p_r14_two_grapeshots_four_recoil_hits_on_your_cannons() -> None:
    rigs = {0: {"levels": (1, 4, 1, 5), "cards": ["grapeshot-1", "grapeshot-2"]},
            1: {"levels": (3, 3, 1, 1)}}
    state = board(rigged({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "grapeshot"), PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 2), Fire(0, 1, "hull"))
    assert state.ships[1].levels[0] == 2  # hits on 3-6, counted once
    assert state.ships[0].levels[3] == 1


def test_p_r14_two_full_broadsides_every_section_twice_per_hit() -> None:
    rigs = {0: {"cards": ["full_broadside-1", "full_broadside-2"]},
            1: {"levels": (4, 3, 4, 4)}}
    state = board(rigged({0: 2, 1: 2}, rigs))
    state = act(state, PlayVolley(0, "full_broadside"), PlayVolley(0, "full_broadside"))
    state = act(dice(state, 5, 1), Fire(0, 1, "hull"))
    assert state.ships[1].levels == (2, 1, 2, 2)
