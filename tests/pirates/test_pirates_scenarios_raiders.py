"""Legendary pirates and the Royal Navy, computed by hand from the rules (§3, §6, P-R5, P-R6).

Blackbeard: 6 dice at Hull, most Cannons first, hull 8, speed 24, 6 fame.
The Flying Dutchman: 4 dice at Crew, largest Crew first, hull 5, speed 16, 6 fame, regains up to
2 hull lost in the same exchange. Royal Navy: 4 dice, hull 4, speed 20, 4 fame, sender controls.
Default mats: rings on 1, Sails of seat s on 4 - s (8, 7, 6, 5); 4 gold on every island.
"""

from __future__ import annotations

import pytest
from pirates_scenarios_helpers import (
    COVE,
    CREW,
    HULL,
    LEGEND,
    NAVY,
    SAILS,
    act,
    board,
    dice,
    done_all,
    events,
    last,
    legends_at,
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
    Escape,
    Fire,
    Marque,
    NavyFire,
    Pass,
    PlayBattle,
    PlayVolley,
    SendNavy,
)

FIVE_DICE = (1, 4, 7, 7)  # Crew 5, Cannons 5


def legend_volleys(state: pirates.State) -> list:
    return [e for e in events(state, "volley") if e.get("ship") == LEGEND]


# ------------------------------------------------------------------------- Blackbeard


def test_p_r6_blackbeard_fires_first_at_the_most_cannons_then_down() -> None:
    rigs = {0: {"levels": (1, 4, 1, 3)}, 1: {"levels": (1, 3, 1, 1)},
            2: {"levels": (1, 2, 1, 5)}}
    state = scenario({0: 1, 1: 1, 2: 1}, rigs)
    state = board(dice(state, *[1] * 18))
    volleys = legend_volleys(state)
    assert [v.get("target") for v in volleys] == [2, 0, 1]  # Cannons 4, 3, 2
    assert all(v.get("section") == HULL and len(v.get("dice")) == 6 for v in volleys)
    assert state.seat == 0  # Blackbeard (24) fired before every player


def test_blackbeard_hits_hull_and_a_rout_by_him_gives_fame_to_the_players_left() -> None:
    rigs = {0: {"levels": (2, 4, 1, 3)}, 1: {"levels": (2, 3, 1, 1)},
            2: {"levels": (0, 2, 1, 5)}}
    state = scenario({0: 1, 1: 1, 2: 1}, rigs)
    state = board(dice(state, 5, 6, 1, 1, 1, 1, 6, *[1] * 5, *[1] * 6))
    assert levels(state, 2)[D.HULL] == -1 and state.ships[2].island == COVE
    assert levels(state, 0)[D.HULL] == 1  # one 6 among his dice at seat 0
    assert [s.fame for s in state.ships[:3]] == [1, 1, 0]


def test_players_must_fire_at_the_legendary_pirates_hull_first() -> None:
    state = scenario({0: 1, 1: 1})
    state = board(dice(state, *[1] * 12))
    assert set(pirates.legal_actions(state, 0)) >= {Fire(0, LEGEND, HULL)}
    assert not any(isinstance(a, Fire) and a.target != LEGEND
                   for a in pirates.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="hull"):
        pirates.apply(state, Fire(0, 1, HULL))
    with pytest.raises(IllegalAction):
        pirates.apply(state, Fire(0, LEGEND, SAILS))


def test_sinking_shares_the_fame_rounded_down_then_the_survivors_fight_on() -> None:
    # Four ships against Blackbeard (hull 8): 6 fame // 4 ships = 1 each.
    rigs = {s: {"levels": (1, 4 - s, 7, 7)} for s in range(4)}
    state = scenario({0: 1, 1: 1, 2: 1, 3: 1}, rigs)
    state = board(dice(state, *[1] * 24))
    state = act(dice(state, 5, 5, 5, 5, 1), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 4
    state = act(dice(state, 6, 6, 6, 6, 1), Fire(1, LEGEND, HULL))
    assert [s.fame for s in state.ships] == [1, 1, 1, 1]
    assert last(state, "legend_sunk").get("share") == 1
    # Not over: the players now fight each other, seat 2 is next.
    assert state.combat is not None and state.seat == 2
    assert Fire(2, 0, HULL) in pirates.legal_actions(state, 2)


def test_sinking_shared_by_two_gives_three_each() -> None:
    rigs = {0: {"levels": (1, 4, 7, 7)}, 1: {"levels": (1, 3, 7, 7)}}
    state = scenario({0: 1, 1: 1}, rigs)
    state = board(dice(state, *[1] * 12))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, LEGEND, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(1, LEGEND, HULL))
    assert [s.fame for s in state.ships[:2]] == [3, 3]


def test_a_legendary_pirate_that_wins_is_repaired_in_full() -> None:
    state = scenario({0: 1}, {0: {"levels": (0, 4, 7, 7)}})
    state = board(dice(state, *[1] * 6))
    state = act(dice(state, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1), Fire(0, LEGEND, HULL))
    # Exchange 2: Blackbeard's 6 cripples seat 0's Hull (position 0).
    assert state.combat is None
    assert state.ships[0].island == COVE
    bb = state.legends[0]
    assert bb.card == "blackbeard" and bb.hull == 8 and not bb.sunk
    assert state.ships[0].gold == 9  # nobody plunders where the pirate won


def test_sinking_with_a_shot_that_cripples_oneself_still_earns_the_fame() -> None:
    # Grappling Hooks: 5 dice from Crew 5 despite Cannons 2; Grapeshot 3-6 hits 5 times the
    # Flying Dutchman (hull 5); the recoil destroys Cannons (position 1 -> off).
    rigs = {0: {"levels": (1, 4, 7, 1), "cards": ["grappling_hooks-1", "grapeshot-1"]}}
    state = scenario({0: 1}, rigs, legendary=("flying_dutchman", "blackbeard"))
    state = act(state, PlayBattle(0, "grappling_hooks"))
    state = act(dice(state, 1, 1, 1, 1), Pass(0))
    state = act(state, PlayVolley(0, "grapeshot"))
    state = act(dice(state, 3, 3, 3, 3, 3), Fire(0, LEGEND, HULL))
    assert state.ships[0].fame == 6
    assert state.ships[0].island == COVE and levels(state, 0)[D.CANNONS] == -1
    assert state.legends[0].sunk


# ------------------------------------------------------------------------- Flying Dutchman


def test_flying_dutchman_fires_at_the_largest_crew_first() -> None:
    rigs = {0: {"levels": (1, 4, 1, 1)}, 1: {"levels": (1, 3, 5, 1)},
            2: {"levels": (1, 2, 3, 1)}}
    state = scenario({0: 1, 1: 1, 2: 1}, rigs, legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 6, 1, 1, 1, *[1] * 8))
    volleys = legend_volleys(state)
    assert [v.get("target") for v in volleys] == [1, 2, 0]  # Crew 4, 3, 2
    assert all(v.get("section") == CREW and len(v.get("dice")) == 4 for v in volleys)
    assert levels(state, 1)[D.CREW] == 4


def test_flying_dutchman_regains_up_to_two_lost_in_the_exchange_never_earlier_losses() -> None:
    state = scenario({0: 1}, {0: {"levels": FIVE_DICE}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 1, 1, 1, 1))
    # Exchange 1: 3 hits, 5 -> 2; regains 2 -> 4. Exchange 2 begins with its volley (misses).
    state = act(dice(state, 5, 5, 5, 1, 1, 1, 1, 1, 1), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 4 and state.combat.exchange == 2
    # Exchange 2: 1 hit, 4 -> 3; regains only that 1 -> 4 (not the earlier loss).
    state = act(dice(state, 5, 1, 1, 1, 1, 1, 1, 1, 1), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 4
    # Exchange 3: 4 hits sink it: 6 fame, and seat 0 plunders Tavern Island.
    state = act(dice(state, 5, 5, 5, 5, 1), Fire(0, LEGEND, HULL))
    assert state.combat is None
    assert state.ships[0].fame == 6
    assert state.ships[0].gold == 9 + 4


def test_flying_dutchman_regain_never_above_five() -> None:
    state = scenario({0: 1}, {0: {"levels": FIVE_DICE}},
                     legendary=("flying_dutchman", "blackbeard"))
    state = board(dice(state, 1, 1, 1, 1))
    state = act(dice(state, 6, 6, 1, 1, 1, 1, 1, 1, 1), Fire(0, LEGEND, HULL))
    assert state.combat.legend_hull == 5


# ------------------------------------------------------------------------- on Treasure Island


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
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, LEGEND, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(1, LEGEND, HULL))
    assert state.combat is None
    assert [s.fame for s in state.ships[:2]] == [3, 3]
    assert state.ships[0].island == 6 and state.ships[1].island == 6


def test_no_combat_where_a_black_ship_lies_alone() -> None:
    state = scenario({})  # everyone on Treasure Island, Blackbeard alone off Tavern Island
    assert state.phase == "island_effects"
    assert not events(state, "combat_start")


# ------------------------------------------------------------------------- end of month


def finish_month(state: pirates.State) -> pirates.State:
    state = done_all(state)
    assert state.phase == "before_navigation"
    return state


def test_p_r5_sunk_pirate_replaced_by_the_next_card_and_black_ships_move_on() -> None:
    state = scenario({0: 1}, {0: {"levels": FIVE_DICE}})
    state = board(dice(state, *[1] * 6))
    state = act(dice(state, 6, 6, 6, 6, 6, *[1] * 6), Fire(0, LEGEND, HULL))
    state = act(dice(state, 6, 6, 6, 1, 1), Fire(0, LEGEND, HULL))
    assert state.ships[0].fame == 6
    state = finish_month(state)
    (lg,) = state.legends
    assert (lg.card, lg.island, lg.hull, lg.sunk) == ("flying_dutchman", 2, 5, False)
    assert "blackbeard" in state.legend_discard


def test_p_r5_empty_legend_deck_refilled_from_the_discards() -> None:
    # Three players: both pirates at sea (Tavern and Cannon Islands), the deck is empty.
    state = scenario({0: 4}, {0: {"levels": FIVE_DICE}}, players=3)
    assert state.legend_deck == ()
    state = board(dice(state, 1, 1, 1, 1))
    state = act(dice(state, 6, 6, 6, 6, 6), Fire(0, LEGEND, HULL))
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


# ------------------------------------------------------------------------- the Royal Navy


def navy_sent(islands: dict[int, int], **rigs) -> pirates.State:
    """Seat 0 holds Royal Navy in Pursuit; the state is in the window after navigation."""
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    for key, fields in rigs.items():
        state = rig(state, int(key[1:]), **fields)
    state = sail(state, islands)
    assert state.seat == 0
    return state


def test_royal_navy_is_sent_by_its_card_never_to_treasure_island_nor_the_senders_island() -> None:
    state = navy_sent({0: 2, 1: 3})
    sends = {a.island for a in pirates.legal_actions(state, 0) if isinstance(a, SendNavy)}
    assert sends == {1, 3, 4, 5}
    for island in (2, 6, 7):
        with pytest.raises(IllegalAction):
            pirates.apply(state, SendNavy(0, island))


def test_royal_navy_under_its_senders_control_sunk_by_four_hits_four_fame() -> None:
    state = act(navy_sent({0: 2, 1: 3}), SendNavy(0, 3))
    assert state.navy.island == 3 and state.navy.controller == 0
    state = board(pass_window(state))
    assert state.combat.island == 3 and state.combat.navy_in
    # The Navy (20) acts first; its controller, not in the combat, decides.
    assert state.seat == 0
    targets = {(a.target, a.section) for a in pirates.legal_actions(state, 0)}
    assert targets == {(1, s) for s in D.SECTIONS}
    state = act(dice(state, 5, 6, 1, 1), NavyFire(0, 1, SAILS))
    assert last(state, "volley").get("dice") == (5, 6, 1, 1)
    assert levels(state, 1)[D.SAILS] == 1
    state = act(dice(state, 5, 6), Fire(1, NAVY, HULL))
    assert state.combat.navy_hull == 2
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 1, CREW))
    state = act(dice(state, 6, 6), Fire(1, NAVY, HULL))
    assert state.combat is None
    assert state.ships[1].fame == 4
    assert state.navy is None  # it leaves after the combat
    assert state.ships[1].gold == 9 + 4  # Sail Island plundered once the Navy is sunk


def test_royal_navy_fame_goes_only_to_the_survivors_of_the_combat() -> None:
    state = act(navy_sent({0: 2, 1: 3, 2: 3}, s2={"levels": (0, 2, 1, 1)}), SendNavy(0, 3))
    state = board(pass_window(state))
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 2, HULL))
    state = act(dice(state, 5, 6), Fire(1, NAVY, HULL))
    state = act(dice(state, 5, 6), Fire(2, NAVY, HULL))
    assert state.combat.navy_hull == 0
    assert [s.fame for s in state.ships[1:3]] == [0, 0]  # shared only at the end
    state = act(dice(state, 6, 1), Fire(1, 2, HULL))  # seat 2 routed: seat 1 survives alone
    assert state.combat is None
    assert state.ships[1].fame == 1 + 4 and state.ships[2].fame == 0


def test_royal_navy_ignores_legendary_pirates() -> None:
    state = act(navy_sent({0: 2, 1: 1}), SendNavy(0, 1))
    state = act(dice(pass_window(state), *[1] * 6), Pass(1))  # boarding, then Blackbeard fires
    assert state.combat.legend != -1 and state.combat.navy_in
    # Blackbeard (24) fired at seat 1 only; the Navy's controller may only name seat 1.
    assert [v.get("target") for v in legend_volleys(state)] == [1]
    assert state.seat == 0
    assert {a.target for a in pirates.legal_actions(state, 0)} == {1}
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 1, HULL))
    assert set(pirates.legal_actions(state, 1)) >= {Fire(1, LEGEND, HULL), Fire(1, NAVY, HULL)}


def test_letter_of_marque_redirects_the_navy_and_takes_control() -> None:
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["letter_of_marque"])
    state = sail(state, {0: 2, 1: 5, 2: 3, 3: 4})
    state = act(state, SendNavy(0, 3))
    marques = {a.island for a in pirates.legal_actions(state, 1) if isinstance(a, Marque)}
    # not seat 1's own island, not where the Navy is, not the first sender's (seat 0's)
    assert marques == {1, 4}
    state = act(state, Marque(1, 4))
    assert (state.navy.island, state.navy.controller) == (4, 1)
    state = board(pass_window(state))
    assert state.combat.island == 4 and state.combat.fighters == (3,)
    assert state.seat == 1  # the new controller fires for the Navy


def test_escape_after_the_royal_navy_to_an_unoccupied_island_and_the_navy_leaves() -> None:
    state = navy_sent({0: 2, 1: 3}, s1={"cards": ["escape"]})
    state = act(state, SendNavy(0, 3))
    assert state.seat == 1
    escapes = {a.island for a in pirates.legal_actions(state, 1) if isinstance(a, Escape)}
    assert escapes == {4, 5, 6}  # 1 has Blackbeard, 2 seat 0, 3 the Navy
    state = act(state, Escape(1, 4))
    state = pass_window(state)
    assert not events(state, "combat_start")
    assert state.ships[1].island == 4 and state.ships[1].gold == 9 + 4
    state = done_all(state)
    assert state.navy is None  # P-R18: it leaves at the end of the month


def test_powder_keg_breaches_the_navy_and_the_legendary_pirate_alike() -> None:
    # Seat 1 faces Blackbeard (8) and the Royal Navy (4) off Tavern Island; 2 hits on the Navy
    # with a Powder Keg: Navy 4 - 2 - 2 = 0, Blackbeard 8 - 2 = 6, seat 1's own Hull 3 -> 1.
    state = navy_sent({0: 2, 1: 1}, s1={"levels": (3, 3, 1, 1), "cards": ["powder_keg-1"]})
    state = act(state, SendNavy(0, 1))
    state = act(dice(pass_window(state), *[1] * 6), Pass(1))
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 1, HULL))
    assert state.seat == 1
    state = act(state, PlayVolley(1, "powder_keg"))
    state = act(dice(state, 5, 6, *[1] * 6), Fire(1, NAVY, HULL))  # then Blackbeard misses
    assert state.combat.navy_hull == 0 and state.combat.legend_hull == 6
    assert levels(state, 1)[D.HULL] == 1
    assert last(state, "navy_sunk").get("island") == 1
    # Exchange 2: only Blackbeard is left to fire at.
    assert state.combat.exchange == 2 and state.seat == 1
    assert {a.target for a in pirates.legal_actions(state, 1) if isinstance(a, Fire)} == {LEGEND}
