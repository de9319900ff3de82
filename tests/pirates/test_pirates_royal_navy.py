"""The Royal Navy (§6, §8, P-R18): sending it, the Letter of Marque, firing it, sinking it, its
leaving."""

from __future__ import annotations

import pytest

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import (
    Done,
    Escape,
    Fire,
    Flee,
    Marque,
    NavyFire,
    Pass,
    PlayBattle,
    PlayVolley,
    SendNavy,
)
from pirates.state import State
from tests.pirates.pirates_helpers import (
    CREW,
    HULL,
    SAILS,
    act,
    board,
    dice,
    done_all,
    events,
    fire,
    kinds,
    last,
    legend_volleys,
    levels,
    new,
    pass_window,
    rig,
    sail,
)

NO = [1] * 12  # dice that never hit


def navy_state(cards: tuple[str, ...] = ("royal_navy_in_pursuit-1",),
               islands: dict[int, int] | None = None) -> State:
    state = new(rigs={0: {"cards": cards}})
    state = sail(state, islands or {0: 2, 1: 3})
    assert state.phase == "after_navigation" and state.seat == 0
    return state


def navy_sent(islands: dict[int, int], **rigs) -> pirates.State:
    """Seat 0 holds Royal Navy in Pursuit; the state is in the window after navigation."""
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    for key, fields in rigs.items():
        state = rig(state, int(key[1:]), **fields)
    state = sail(state, islands)
    assert state.seat == 0
    return state


def test_royal_navy_never_to_treasure_island_nor_the_senders_island() -> None:
    state = navy_state()
    islands = {a.island for a in pirates.legal_actions(state, 0) if isinstance(a, SendNavy)}
    assert islands == {1, 3, 4, 5}


def test_royal_navy_is_fired_by_its_controller_and_leaves_after_combat() -> None:
    state = act(navy_state(), SendNavy(0, 3))
    state = pass_window(state)
    assert state.combat is not None and state.combat.island == 3 and state.combat.navy_in
    state = board(state)
    assert state.seat == 0  # the Navy (speed 20) fires first, on Anne's orders
    assert pirates.legal_actions(state, 0) == [
        NavyFire(0, 1, s) for s in ("hull", "sails", "crew", "cannons")]
    state = act(dice(state, 5, 6, 1, 1), NavyFire(0, 1, "crew"))
    assert state.ships[1].island == D.COVE and state.navy is None
    assert len(last(state, "navy_volley").get("dice")) == 4


def test_royal_navy_sunk_fame_shared_among_survivors_of_the_combat() -> None:
    state = act(navy_state(islands={0: 2, 1: 3, 2: 3}), SendNavy(0, 3))
    state = board(pass_window(state))
    state = act(dice(state, *NO[:4]), NavyFire(0, 1, "sails"))
    state = fire(state, 1, -2, "hull", [5, 6])
    state = fire(state, 2, -2, "hull", [5, 6])
    assert "navy_sunk" in kinds(state) and state.phase == "combat"
    state = fire(state, 1, 2, "hull", [1, 1])
    state = act(dice(state, 6), Flee(2))
    assert state.ships[1].fame == 4 and state.ships[2].fame == 0 and state.navy is None


def test_letter_of_marque_redirects_the_navy_under_its_players_control() -> None:
    state = new(rigs={0: {"cards": ("royal_navy_in_pursuit-1",)}, 2: {"cards": (D.MARQUE,)}})
    state = sail(state, {0: 6, 1: 3, 2: 6, 3: 4})
    state = act(state, SendNavy(0, 3), Pass(1))
    state = act(state, pirates.actions.Marque(2, 4))
    assert state.navy is not None and (state.navy.island, state.navy.controller) == (4, 2)
    state = pass_window(state)
    assert state.combat is not None and state.combat.island == 4
    state = board(state)
    assert state.seat == 2
    assert "plunder" not in kinds(state)


def test_the_navy_ignores_legendary_pirates() -> None:
    state = act(navy_state(islands={0: 2, 1: 3}), SendNavy(0, 1))
    state = pass_window(state)
    assert "combat_start" not in kinds(state)  # only the Navy and Blackbeard on island 1


def test_p_r18_one_royal_navy_at_a_time_and_marque_not_by_its_controller() -> None:
    state = new(rigs={0: {"cards": ("royal_navy_in_pursuit-1", D.MARQUE)},
                      1: {"cards": ("royal_navy_in_pursuit-2",)}})
    state = act(sail(state, {0: 2, 1: 3, 2: 4}), SendNavy(0, 3))
    options = pirates.legal_actions(state, 1)
    assert not any(isinstance(a, SendNavy) for a in options)
    state = act(state, Pass(1), Pass(2), Pass(3))
    assert not any(isinstance(a, Marque) for a in pirates.legal_actions(state, 0))


def test_p_r18_the_navy_leaves_at_the_end_of_the_month_without_a_combat() -> None:
    state = new(rigs={0: {"cards": ("royal_navy_in_pursuit-1",)}})
    state = act(sail(state, {0: 2}), SendNavy(0, 5))
    state = pass_window(state)
    assert state.navy is not None and "combat_start" not in kinds(state)
    while state.month == 1:
        state = act(state, Done(state.seat) if state.phase == "island_effects" else Pass(0))
    assert state.navy is None


def test_p_r18_one_royal_navy_at_sea() -> None:
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["royal_navy_in_pursuit-2"])
    state = act(sail(state, {0: 2, 1: 3, 2: 4}), SendNavy(0, 4))
    assert state.seat == 1
    assert not any(isinstance(a, SendNavy) for a in pirates.legal_actions(state, 1))


def test_smoke_protects_against_the_royal_navy() -> None:
    state = rig(new(), 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["smoke-1"])
    state = act(sail(state, {0: 2, 1: 3}), SendNavy(0, 3))
    state = pass_window(state)
    state = act(state, PlayBattle(1, "smoke"), Pass(1))
    assert state.seat == 0
    state = act(dice(state, 5, 5, 5, 6), NavyFire(0, 1, "crew"))
    assert last(state, "navy_volley").get("hits") == 1


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
    assert last(state, "navy_volley").get("dice") == (5, 6, 1, 1)
    assert levels(state, 1)[D.SAILS] == 1
    state = act(dice(state, 5, 6), Fire(1, D.NAVY_SHIP, HULL))
    assert state.combat.navy_hull == 2
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 1, CREW))
    state = act(dice(state, 6, 6), Fire(1, D.NAVY_SHIP, HULL))
    assert state.combat is None
    assert state.ships[1].fame == 4
    assert state.navy is None  # it leaves after the combat
    assert state.ships[1].gold == 9 + 4  # Sail Island plundered once the Navy is sunk


def test_p_r31_royal_navy_fame_goes_only_to_the_survivors_of_the_combat() -> None:
    state = act(navy_sent({0: 2, 1: 3, 2: 3}, s2={"levels": (0, 2, 1, 1)}), SendNavy(0, 3))
    state = board(pass_window(state))
    state = act(dice(state, 1, 1, 1, 1), NavyFire(0, 2, HULL))
    state = act(dice(state, 5, 6), Fire(1, D.NAVY_SHIP, HULL))
    state = act(dice(state, 5, 6), Fire(2, D.NAVY_SHIP, HULL))
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
    assert set(pirates.legal_actions(state, 1)) >= {Fire(1, D.LEGEND_SHIP, HULL),
                                                    Fire(1, D.NAVY_SHIP, HULL)}


def _navy_sent_to_sail_island_marque_in_hand() -> State:
    """Seat 0 (at Hull Island) has sent the Navy to Sail Island; seat 1 (at Crew Island) holds a
    Letter of Marque."""
    state = new()
    state = rig(state, 0, cards=["royal_navy_in_pursuit-1"])
    state = rig(state, 1, cards=["letter_of_marque"])
    state = sail(state, {0: 2, 1: 5, 2: 3, 3: 4})
    return act(state, SendNavy(0, 3))


def test_letter_of_marque_redirects_the_navy_and_takes_control() -> None:
    state = _navy_sent_to_sail_island_marque_in_hand()
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
    state = act(dice(state, 5, 6, *[1] * 6), Fire(1, D.NAVY_SHIP, HULL))  # then Blackbeard misses
    assert state.combat.navy_hull == 0 and state.combat.legend_hull == 6
    assert levels(state, 1)[D.HULL] == 1
    assert last(state, "navy_sunk").get("island") == 1
    # Exchange 2: only Blackbeard is left to fire at.
    assert state.combat.exchange == 2 and state.seat == 1
    targets = {a.target for a in pirates.legal_actions(state, 1) if isinstance(a, Fire)}
    assert targets == {D.LEGEND_SHIP}


def test_letter_of_marque_never_sends_the_navy_to_the_first_senders_island() -> None:
    state = _navy_sent_to_sail_island_marque_in_hand()
    marques = {a.island for a in pirates.legal_actions(state, 1) if isinstance(a, Marque)}
    assert 2 not in marques
    with pytest.raises(IllegalAction):
        pirates.apply(state, Marque(1, 2))


def test_royal_navy_never_sent_to_the_senders_island() -> None:
    state = rig(new(), 0, cards=["royal_navy_in_pursuit-1"])
    state = sail(state, {0: 4, 1: 4})
    with pytest.raises(IllegalAction):
        pirates.apply(state, SendNavy(0, 4))
