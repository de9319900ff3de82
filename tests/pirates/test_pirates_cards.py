"""A scenario per Tavern card: parrots, Mastercraft, Battle, Volley, event and fame cards."""

from __future__ import annotations

from typing import Any

from pirates_helpers import (
    act,
    fire,
    kinds,
    last,
    mount,
    navigate,
    pass_window,
    prepare,
    sail,
    set_dice,
    skip_boarding,
)

import pirates
from pirates import data as D
from pirates.actions import (
    Done,
    Escape,
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


def go(state: State, islands: dict[int, int]) -> State:
    return pass_window(sail(state, islands))


def duel(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = (), **kw: Any) -> State:
    """Anne (sails 8) and Bart (sails 7) meet on Hull Island, cards in hand."""
    state = prepare(cards={0: cards0, 1: cards1}, **kw)
    return go(state, {0: 2, 1: 2})


def dice_of_last_volley(state: State) -> int:
    return len(last(state, "volley").get("dice"))


# --------------------------------------------------------------------- Battle cards


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
    state = prepare(cards={0: ("grappling_hooks-1",)},
                    ships={0: {"levels": (1, 4, 4, 1)}, 1: {"levels": (1, 3, 7, 2)}})
    state = mount(state, 1, parrot=D.BONES)
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
    state = duel((), ("overboard",), ships={1: {"chests": 3}}, treasure=["6g#1", "4g#1"])
    supply = state.supply
    state = act(state, Pass(0), PlayBattle(1, D.OVERBOARD, 2), Pass(0), Pass(1))
    assert state.combat is not None and state.combat.order == (1, 0)  # 7 + 4 > 8
    assert state.ships[1].chests == 1
    state = act(set_dice(state, [6]), pirates.actions.Flee(1))
    assert state.combat is None and state.supply == supply + 2


# --------------------------------------------------------------------- Volley cards


def test_grapeshot_hits_on_three_and_recoils_two_hits_on_own_cannons() -> None:
    state = skip_boarding(duel(("grapeshot-1",), ()))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    assert pirates.legal_actions(state, 0)[-1] != pirates.actions.Flee(0)
    state = fire(state, 0, 1, "crew", [3, 2])
    assert state.ships[1].levels[D.CREW] == 0
    assert state.ships[0].island == D.COVE  # cannons 1 -> -1: routed
    assert state.ships[1].fame == 1


def test_p_r9_grapeshot_kills_long_john_silver() -> None:
    state = prepare(cards={0: ("grapeshot-1",)}, ships={0: {"fame": 5}})
    state = mount(state, 0, parrot=D.SILVER)
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1] * 6)
    assert state.ships[0].parrot == -1 and state.ships[0].fame == 3
    assert "parrot_killed" in kinds(state)


def test_p_r9_mastercraft_on_cannons_saves_long_john_silver() -> None:
    state = prepare(cards={0: ("grapeshot-1",)})
    state = mount(state, 0, parrot=D.SILVER, craft="cannons")
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = act(state, PlayVolley(0, D.GRAPESHOT))
    state = fire(state, 0, 1, "sails", [1] * 6)
    anne = state.ships[0]
    assert anne.parrot != -1 and anne.craft == -1 and anne.levels[D.CANNONS] == 1


def test_powder_keg_damages_every_hull_including_yours_and_flints_parrot() -> None:
    state = prepare(cards={0: ("powder_keg-1",)})
    state = mount(state, 2, parrot=D.FLINT)
    state = skip_boarding(go(state, {0: 2, 1: 2, 2: 2}))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, 1, "crew", [6, 1])
    assert [s.levels[D.HULL] for s in state.ships[:3]] == [0, 0, 1]
    assert state.ships[1].levels[D.CREW] == 0 and state.ships[2].parrot_wounded


def test_full_broadside_hits_every_section_and_forbids_firing_next_exchange() -> None:
    state = skip_boarding(duel(("full_broadside-1",), ()))
    state = act(state, PlayVolley(0, D.BROADSIDE))
    state = fire(state, 0, 1, "crew", [5, 1])
    assert state.ships[1].levels == (0, 2, 0, 0)
    state = fire(state, 1, 0, "sails", [1, 1])
    assert pirates.legal_actions(state, 0) == [Reload(0), pirates.actions.Flee(0)]
    state = act(state, Reload(0))
    assert state.seat == 1


# --------------------------------------------------------------------- parrots


def test_flints_parrot_carries_any_number_of_chests() -> None:
    state = prepare(ships={0: {"chests": 12}, 1: {"chests": 12}})
    state = mount(state, 0, parrot=D.FLINT)
    state = go(state, {0: 6, 1: 6})
    while state.month == 1:
        state = act(state, Done(state.seat))
    assert state.ships[0].chests == 12 and state.ships[1].chests == 3  # hull 3


def test_long_john_silvers_parrot_always_rolls_six_dice() -> None:
    state = mount(prepare(), 0, parrot=D.SILVER)
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [1] * 6)
    assert dice_of_last_volley(state) == 6


def test_billy_bones_parrot_fires_every_cannon() -> None:
    state = mount(prepare(ships={0: {"levels": (1, 4, 1, 4)}}), 0, parrot=D.BONES)
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "sails", [1] * 4)
    assert dice_of_last_volley(state) == 4  # Cannons 4, Crew only 2


def test_squire_trelawneys_parrot_adds_twenty_speed() -> None:
    state = mount(prepare(), 3, parrot=D.TRELAWNEY)
    state = skip_boarding(go(state, {0: 2, 3: 2}))
    assert state.combat is not None and state.combat.order == (3, 0)


def test_second_parrot_swap_costs_one_fame_and_the_old_one_goes_back() -> None:
    state = prepare(ships={0: {"fame": 2}}, tavern=[])
    state = mount(state, 0, parrot=D.FLINT)
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


def pirates_pull(state: State, seat: int, card: str) -> State:
    """Blackbeard is on Tavern Island: flee, then draw ``card`` in Pirate's Cove."""
    from dataclasses import replace

    state = skip_boarding(set_dice(state, [1] * 6))
    state = act(set_dice(state, [6]), pirates.actions.Flee(seat))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    index = D.TAVERN_BY_ID[card].index
    deck = (index, *(c for c in state.tavern_deck if c != index))
    state = replace(state, tavern_deck=deck)
    return act(state, pirates.actions.CoveDraw(seat, True))


def test_wounded_parrot_heals_in_the_island_effects_phase() -> None:
    state = mount(prepare(), 1, parrot=D.TRELAWNEY)
    state = skip_boarding(go(state, {0: 2, 1: 2}))
    state = fire(state, 1, 0, "crew", [1, 1])  # Bart is faster: 7 + 20
    state = fire(state, 0, 1, "sails", [5, 1])
    assert state.ships[1].parrot_wounded
    state = act(set_dice(state, [6]), pirates.actions.Flee(1))
    while state.island != D.COVE:
        state = act(state, Done(state.seat))
    assert not state.ships[1].parrot_wounded and "parrot_healed" in kinds(state)


# --------------------------------------------------------------------- Mastercraft


def test_mastercraft_played_from_any_island_one_per_ship_and_mended_for_one_gold() -> None:
    state = prepare(cards={0: ("mastercraft-1", "mastercraft-2")})
    state = go(state, {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    assert state.ships[0].craft_section == D.SAILS
    assert not any(isinstance(a, Mastercraft) for a in pirates.legal_actions(state, 0))
    from dataclasses import replace

    ships = list(state.ships)
    ships[0] = replace(ships[0], craft_damaged=True)
    state = act(replace(state, ships=tuple(ships)), Mend(0))
    assert not state.ships[0].craft_damaged and state.ships[0].gold == 8


# --------------------------------------------------------------------- events


def test_privateering_takes_half_of_the_plunder_rounded_up() -> None:
    state = prepare(cards={0: (D.PRIVATEERING,)}, treasure=["6g#1", "3g1t#1"])
    assert state.seat == 0
    state = act(state, Privateering(0, 1))
    state = pass_window(state)
    state = pass_window(navigate(state, {0: 6, 1: 2}))
    anne, bart = state.ships[0], state.ships[1]
    assert anne.gold == 11 and bart.gold == 10
    assert last(state, "privateering_share").get("cards") == 1


def test_privateering_shares_burying_fame() -> None:
    state = prepare(cards={0: (D.PRIVATEERING,)}, ships={1: {"chests": 3}})
    state = pass_window(act(state, Privateering(0, 1)))
    state = pass_window(navigate(state, {0: 5, 1: 6}))
    while state.seat != 1:
        state = act(state, Done(state.seat))
    state = act(state, pirates.actions.Bury(1, 3, 0))
    assert (state.ships[0].fame, state.ships[1].fame) == (2, 1)


def test_escape_moves_to_an_unoccupied_island_and_cancels_privateering() -> None:
    state = prepare(cards={0: (D.PRIVATEERING,), 1: (D.ESCAPE,)})
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
    state = prepare(cards={0: (D.TREASURE_MAP,)}, treasure=["6g#1", "1g2c#1"])
    state = act(set_dice(state, [6, 2]), TreasureMap(0))
    assert state.treasure_map == (2, 0)
    state = pass_window(navigate(pass_window(state), {0: 2}))
    assert state.ships[0].chests == 4  # only for the player of the Map (the seed)


def test_lookout_makes_navigation_open_in_seat_order_from_the_named_player() -> None:
    state = prepare(cards={0: (D.LOOKOUT,)})
    state = pass_window(act(state, Lookout(0, 2)))
    assert pirates.to_act(state) == (2,)
    state = act(state, Navigate(2, 4))
    assert state.ships[2].island == 0 and last(state, "navigated_openly").get("island") == 4
    assert pirates.to_act(state) == (3,)
    state = act(state, Navigate(3, 5), Navigate(0, 6), Navigate(1, 6))
    assert [s.island for s in state.ships] == [6, 6, 4, 5]


def test_shipowner_raises_one_section_one_level_free_from_any_island() -> None:
    state = go(prepare(cards={0: (D.SHIPOWNER,)}), {0: 6})
    state = act(state, Shipowner(0, "cannons"))
    assert state.ships[0].levels[D.CANNONS] == 2 and state.ships[0].gold == 9


def test_fame_cards_count_only_at_the_end() -> None:
    from dataclasses import replace

    state = prepare(cards={0: ("fame3",)})  # plus a Fame 1 from the set-up
    assert state.ships[0].fame == 0
    state = replace(state, month=12)
    state = pass_window(navigate(pass_window(state), {}))
    while not pirates.is_over(state):
        state = act(state, Done(state.seat))
    assert state.ships[0].fame == 4 and pirates.result(state)["winner"] == 0
    assert pirates.view(state, 1)["players"][0]["fame_cards"] == ["fame1-1", "fame3"]
