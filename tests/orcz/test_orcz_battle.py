"""The battle against the enemy (§6) and the events that change it (§5).

All figures are worked out by hand: O-R1 strengths (infantry 1-4, archers 1-3, cavalry 1-3), the
enemy values named in each enemy id, needed = main x players (+ players under Reinforcements).
"""

from __future__ import annotations

import pytest

import orcz
from common.errors import IllegalAction
from orcz.ui.story import describe
from tests.orcz.orcz_scenario import (
    R,
    deploy,
    game,
    hold_on,
    impose_on_the_only_other,
    logs,
    net,
    payments,
)

L, U = "lothari", "urth"


def battle(state: orcz.State, field: str) -> dict:
    (event,) = logs(state, "battle", field)
    return event


def fought(players, ranks, *, enemy, event="fog", field=L, first=0, impose_alone=True):
    """Deploy ``ranks`` (per seat) on ``field``, resolve it first, holding every fight."""
    s = game(players, first=first, stacks={field: [enemy]}, events=[event],
             orders=[[field, "thirst", "urth" if field != "urth" else "lothari", "falladir"]])
    s = deploy(s, ranks)
    return hold_on(s, field, impose_alone=impose_alone)


# ---------------------------------------------------------------- the seed's worked examples

def test_seed_example_four_players_against_3_1_need_12_and_12_wins():
    s = fought(4, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-4", "archer-1")]},
               enemy="lothari-3-1")
    b = battle(s, L)
    assert b["needed"] == 12 and b["total"] == 12 and b["won"]
    # red strongest (7 against 5) gets 3; the 1 left goes to yellow, the only other participant
    assert net(s, L) == (3, 1, 0, 0)
    assert s.fields[0].enemy is None and s.fields[0].defeated == 1


def test_seed_example_four_players_against_3_1_eleven_loses():
    s = fought(4, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-3", "archer-1")]},
               enemy="lothari-3-1")
    b = battle(s, L)
    assert b["needed"] == 12 and b["total"] == 11 and not b["won"]
    assert s.pending.kind == "impose" and s.pending.seat == 0
    assert s.pending.amount == 1 and s.pending.candidates == (1, 2, 3)
    s = orcz.apply(s, orcz.Impose(0, L, (0, 0, 0, 1)))
    assert net(s, L) == (-3, 0, 0, -1)
    assert s.fields[0].enemy == "lothari-3-1"  # the enemy stays for next round


def urth_example():
    # red 7 (infantry 4 + archer 3), yellow 6 (infantry 4 + archer 2), blue 5 (infantry 3 +
    # archer 2): 18 against the 4/2 Urth enemy, 16 needed at four players
    return fought(4, {0: [R(U, "infantry-4", "archer-3")],
                      1: [R(U, "infantry-4", "archer-2")],
                      2: [R(U, "infantry-3", "archer-2")]}, enemy="urth-4-2", field=U)


def test_seed_example_urth_red_strongest_gets_4_and_hands_2_to_blue():
    s = urth_example()
    b = battle(s, U)
    assert (b["total"], b["needed"], b["won"], b["strongest"]) == (18, 16, True, (0,))
    assert b["participants"] == (0, 1, 2)
    # red decides the hand-out of the secondary 2 between yellow and blue (not green)
    assert s.pending.kind == "hand_out" and s.pending.seat == 0
    assert (s.pending.amount, s.pending.candidates) == (2, (1, 2))
    assert sorted(a.shares for a in orcz.legal_actions(s, 0) if isinstance(a, orcz.HandOut)) == [
        (0, 0, 2, 0), (0, 1, 1, 0), (0, 2, 0, 0)]
    s = orcz.apply(s, orcz.HandOut(0, U, (0, 0, 2, 0)))
    assert net(s, U) == (4, 0, 2, 0)


@pytest.mark.parametrize(
    ("action", "match"),
    [
        (orcz.HandOut(0, U, (0, 0, 0, 2)), "split exactly 2 goblin"),  # green was not there
        (orcz.HandOut(0, U, (0, 1, 0, 0)), "split exactly 2"),
        (orcz.HandOut(0, U, (0, 3, -1, 0)), "none negative"),
        (orcz.HandOut(0, U, (2, 0, 0, 0)), "split exactly"),  # not to oneself
        (orcz.HandOut(1, U, (0, 0, 2, 0)), "Red who decides"),
        (orcz.HandOut(0, L, (0, 0, 2, 0)), "Valley of Urth"),
        (orcz.Impose(0, U, (0, 0, 2, 0)), "no payment to impose"),
        (orcz.Hold(0, U), "no fight to decide"),
    ],
)
def test_hand_out_errors_are_readable(action, match):
    s = urth_example()
    with pytest.raises(IllegalAction, match=match):
        orcz.apply(s, action)


def test_seed_example_urth_variant_15_against_16_red_pays_4_imposes_2_on_green():
    # column: red A (infantry 4 + archer 3), yellow B (L infantry 1, R archer 1),
    # blue C (L archer 3, R cavalry 2), red D (infantry 1 + infantry 2) at the rear
    s = game(4, stacks={U: ["urth-4-2"]}, orders=[[U, "thirst", "lothari", "falladir"]])
    s = deploy(s, {0: [R(U, "infantry-4", "archer-3"), R(U, "infantry-1", "infantry-2")],
                   1: [R(U, "infantry-1", "archer-1")],
                   2: [R(U, "archer-3", "cavalry-2")]})
    assert s.pending.seat == 0
    s = orcz.apply(s, orcz.Hold(0, U))
    assert s.pending.seat == 2
    # blue: right cavalry 2 beats archer 1, left archer 3 beats infantry 1 -> yellow is out
    s = orcz.apply(s, orcz.Attack(2, U))
    assert s.pending.seat == 2  # blue may attack again; it holds
    s = orcz.apply(s, orcz.Hold(2, U))
    b = battle(s, U)
    assert (b["total"], b["needed"], b["won"], b["strongest"]) == (15, 16, False, (0,))
    assert b["participants"] == (0, 2)
    assert s.pending.kind == "impose" and s.pending.candidates == (1, 2, 3)
    s = orcz.apply(s, orcz.Impose(0, U, (0, 0, 0, 2)))  # green, who was not there
    # red -4, yellow -1 to blue for the lost fight, green -2
    assert net(s, U) == (-4, -1, 1, -2)
    assert (3, -1, 2, "imposed") in payments(s, U)


def test_impose_cannot_name_the_strongest_loser():
    s = game(3, stacks={U: ["urth-4-2"]}, orders=[[U, "thirst", "lothari", "falladir"]])
    s = deploy(s, {0: [R(U, "infantry-4", "archer-3")]})
    assert s.pending.kind == "impose" and s.pending.candidates == (1, 2)
    with pytest.raises(IllegalAction, match="split exactly 2"):
        orcz.apply(s, orcz.Impose(0, U, (2, 0, 0)))
    s = orcz.apply(s, orcz.Impose(0, U, (0, 1, 1)))
    assert net(s, U) == (-4, -1, -1)


def test_forced_single_hand_out_is_automatic():
    # two players: the hand-out has one possible receiver (the seed: « doit répartir »)
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", "archer-1")]},
               enemy="lothari-4-2")
    assert battle(s, L)["won"]  # 9 against 8
    assert s.pending.kind != "hand_out"
    assert net(s, L) == (4, 2)


def lost_alone(players: int):
    # red alone on Lothari: 7 against 5 x players needed; red pays the main value 5
    return fought(players, {0: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-5-2",
                  impose_alone=False)


def test_o_r18_two_players_the_loser_is_asked_impose_or_nothing():
    s = lost_alone(2)
    assert not battle(s, L)["won"]  # 7 against 10
    assert payments(s, L) == [(0, -1, 5, "penalty")]  # the main value is paid at once
    assert s.pending.kind == "impose" and s.pending.candidates == (1,)
    assert set(orcz.legal_actions(s, 0)) >= {orcz.Impose(0, L, (0, 2)), orcz.Impose(0, L, (0, 0))}
    imposed = orcz.apply(s, orcz.Impose(0, L, (0, 2)))
    assert payments(imposed, L) == [(0, -1, 5, "penalty"), (1, -1, 2, "imposed")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_o_r18_imposing_is_optional_impose_nothing(players):
    s = lost_alone(players)
    assert s.pending.kind == "impose"
    nothing = orcz.Impose(0, L, (0,) * players)
    splits = [a for a in orcz.legal_actions(s, 0) if isinstance(a, orcz.Impose)]
    assert splits.count(nothing) == 1
    # every other choice imposes exactly the secondary value, 2
    assert all(sum(a.payments) == 2 for a in splits if a != nothing)
    s = orcz.apply(s, nothing)
    assert payments(s, L) == [(0, -1, 5, "penalty")]  # only the main value was paid
    assert net(s, L) == (-5,) + (0,) * (players - 1)
    assert s.pending.kind != "impose"
    (said,) = [e for e in orcz.events(s, None) if e["kind"] == "imposed_nothing"]
    assert said["seat"] == 0 and "imposes no payment" in describe(said, s.players)


def test_o_r18_imposing_part_of_the_value_is_still_illegal():
    s = lost_alone(3)
    with pytest.raises(IllegalAction, match="or impose nothing"):
        orcz.apply(s, orcz.Impose(0, L, (0, 1, 0)))


def test_o_r18_the_winner_must_still_hand_out():
    s = urth_example()
    assert s.pending.kind == "hand_out"
    assert orcz.HandOut(0, U, (0, 0, 0, 0)) not in orcz.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="split exactly 2 goblins"):
        orcz.apply(s, orcz.HandOut(0, U, (0, 0, 0, 0)))


# ---------------------------------------------------------------- strength

def test_o_r11_shaman_doubles_partner_and_counts_for_strongest():
    # seat 0: shaman + infantry 4 = 8; seat 1: infantry 4 + cavalry 3 = 7
    s = fought(2, {0: [R(L, "shaman", "infantry-4", "left")],
                   1: [R(L, "infantry-4", "cavalry-3")]}, enemy="lothari-4-2")
    b = battle(s, L)
    assert b["strengths"] == (8, 7) and b["total"] == 15 and b["strongest"] == (0,)
    assert net(s, L) == (4, 2)


def test_champion_wins_whatever_the_strength_and_adds_nothing():
    # 6/3 needs 12 at two players; only 8 strength, but a champion is there
    s = fought(2, {0: [R(L, "champion", "infantry-1", "left")],
                   1: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-6-3")
    b = battle(s, L)
    assert b["strengths"] == (1, 7) and b["champion"] and b["won"]
    # the champion's owner is not the strongest: seat 1 gets 6 and hands 3 to seat 0
    assert b["strongest"] == (1,)
    assert net(s, L) == (3, 6)


def test_o_r13_no_participant_lost_and_nobody_pays():
    s = fought(2, {}, enemy="lothari-2-1")
    b = battle(s, L)
    assert b["participants"] == () and not b["won"]
    assert payments(s, L) == []
    assert s.fields[0].enemy == "lothari-2-1"


# ---------------------------------------------------------------- ties (seed FAQ, O-R12)

def test_tie_won_each_gets_floor_of_main_plus_secondary_no_hand_out():
    # 3 players, 4/2 needs 12: seats 0 and 1 tie on 6, seat 2 has 3 -> 15 wins
    s = fought(3, {0: [R(L, "infantry-4", "infantry-2")], 1: [R(L, "infantry-4", "infantry-2")],
                   2: [R(L, "infantry-1", "infantry-2")]}, enemy="lothari-4-2")
    b = battle(s, L)
    assert b["won"] and b["strongest"] == (0, 1)
    assert s.pending.kind != "hand_out"
    assert net(s, L) == (3, 3, 0)  # (4 + 2) // 2 each; seat 2 gets nothing


def test_tie_three_ways_rounds_down():
    s = fought(3, {0: [R(L, "infantry-4", "infantry-2")], 1: [R(L, "infantry-4", "infantry-2")],
                   2: [R(L, "infantry-4", "infantry-2")]}, enemy="lothari-5-2")
    assert battle(s, L)["won"]  # 18 against 15
    assert net(s, L) == (2, 2, 2)  # (5 + 2) // 3


def test_tie_lost_each_pays_floor_share_nothing_imposed():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-1")], 1: [R(L, "infantry-4", "infantry-1")]},
               enemy="lothari-6-3")
    assert not battle(s, L)["won"]  # 10 against 12
    assert payments(s, L) == [(0, -1, 4, "tie_penalty"), (1, -1, 4, "tie_penalty")]


def test_o_r12_tie_under_wrath_halves_each_share():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-2")], 1: [R(L, "infantry-4", "infantry-2")]},
               enemy="lothari-4-2", event="wrath-lothari")
    assert net(s, L) == (1, 1)  # (4 + 2) // 2 = 3, halved = 1


def test_o_r12_tie_under_favour_gives_two_more_to_each():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-2")], 1: [R(L, "infantry-4", "infantry-2")]},
               enemy="lothari-4-2", event="favour-lothari")
    assert net(s, L) == (5, 5)


# ---------------------------------------------------------------- events on battles

@pytest.mark.parametrize(("enemy", "reward"), [
    ("lothari-2-1", 1), ("lothari-3-1", 1), ("lothari-4-2", 2), ("lothari-5-2", 2),
    ("lothari-6-3", 3),
])
def test_seed_wrath_table_2_or_3_gives_1_4_or_5_gives_2_6_gives_3(enemy, reward):
    s = fought(2, {0: [R(L, "champion", "infantry-4")]}, enemy=enemy, event="wrath-lothari")
    assert battle(s, L)["won"]
    assert net(s, L) == (reward, 0)


def test_wrath_of_another_battlefield_changes_nothing_here():
    s = fought(2, {0: [R(L, "champion", "infantry-4")]}, enemy="lothari-5-2", event="wrath-urth")
    assert net(s, L) == (5, 0)


def test_wrath_leaves_the_hand_out_whole():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", "archer-1")]},
               enemy="lothari-4-2", event="wrath-lothari")
    assert net(s, L) == (2, 2)


def test_favour_gives_the_strongest_winner_two_more():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", "archer-1")]},
               enemy="lothari-4-2", event="favour-lothari")
    assert net(s, L) == (6, 2)


def test_favour_of_another_battlefield_changes_nothing_here():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", "archer-1")]},
               enemy="lothari-4-2", event="favour-falladir")
    assert net(s, L) == (4, 2)


def test_favour_does_not_apply_to_a_lost_battle():
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-5-2",
               event="favour-lothari")
    assert net(s, L) == (-5, -2)


def test_whim_only_the_strongest_winner_is_paid():
    ranks = {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", "archer-1")],
             2: [R(L, "infantry-2", "archer-1")]}
    s = fought(3, ranks, enemy="lothari-3-1", event="whim")  # 7 + 2 + 3 = 12 against 9
    assert battle(s, L)["won"]
    assert s.pending.kind != "hand_out"
    assert net(s, L) == (3, 0, 0)
    s = fought(3, ranks, enemy="lothari-3-1", event="fog")  # without Whim: a hand-out to decide
    assert s.pending.kind == "hand_out" and s.pending.candidates == (1, 2)


@pytest.mark.parametrize(("second", "won"), [("infantry-3", True), ("archer-1", False)])
def test_reinforcements_needs_main_times_players_plus_players(second, won):
    # two players, 4/2: 4 x 2 + 2 = 10 needed; 7 + 3 = 10 wins, 7 + 2 = 9 loses
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")], 1: [R(L, "infantry-1", second)]},
               enemy="lothari-4-2", event="reinforcements")
    b = battle(s, L)
    assert b["needed"] == 10 and b["won"] is won
    if won:
        assert net(s, L) == (4, 2)  # rewards unchanged


def test_needed_without_reinforcements():
    s = fought(3, {0: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-5-2")
    assert battle(s, L)["needed"] == 15


# "shortage-2": a set-up written when the four alike tiles had numbers still reads
@pytest.mark.parametrize("tile", ["shortage", "shortage-2"])
def test_o_r10_shortage_rear_rank_owner_pays_2_on_every_battlefield_with_ranks(tile):
    # 3 players, 15 turns: seat 1's rank is last on Urth; seat 2 places the 15th rank (Thirst)
    s = game(3, stacks={U: ["urth-6-3"]}, events=[tile],
             orders=[[U, "thirst", "lothari", "falladir"]])
    s = deploy(s, {0: [R(U, "infantry-4", "infantry-3")], 1: [R(U, "infantry-1", "infantry-2")]})
    shortage = [p for p in logs(s, "payment") if p["reason"] == "shortage"]
    assert [(p["payer"], p["payee"], p["amount"], p["battlefield"]) for p in shortage] == [
        (1, -1, 2, U), (2, -1, 2, "thirst")]
    # paid after deployment, before any fight
    kinds = [e.kind for e in s.log]
    assert kinds.index("resolution_order") > max(
        i for i, e in enumerate(s.log) if e.kind == "placed")
    first_payment = next(i for i, e in enumerate(s.log) if e.kind == "payment")
    assert first_payment < kinds.index("resolution_order")


# ---------------------------------------------------------------- ruin (O-R3)

def test_o_r3_ruin_pays_what_they_have_debt_cancelled_public():
    # two players, 6/3 needs 12; seat 0 alone with 7 loses: owes 6, has 5
    s = fought(2, {0: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-6-3")
    pay = logs(s, "payment", L)
    assert [(p["payer"], p["amount"], p["owed"], p["ruined"]) for p in pay] == [
        (0, 5, 6, True), (1, 3, 3, False)]
    assert s.goblins == (0, 2)
    # ruin is public: the other seat reads it in its log
    other = [e for e in orcz.view(s, 1)["log"] if e["kind"] == "payment" and e["ruined"]]
    assert other and "ruined" in describe(other[0], s.players)


def test_o_r3_ruined_player_imposed_on_pays_nothing_more():
    s = game(2, stacks={L: ["lothari-6-3"], U: ["urth-6-3"]}, orders=[[L, U, "thirst",
                                                                        "falladir"]])
    s = deploy(s, {1: [R(L, "infantry-4", "infantry-3"), R(U, "infantry-2", "infantry-1")]})
    s = impose_on_the_only_other(impose_on_the_only_other(s))
    # Lothari: seat 1 loses 7 < 12, pays 5 of 6 (ruined), imposes 3 on seat 0 (5 -> 2)
    # Urth: seat 1 loses 3 < 12 with nothing left: pays 0 of 6, imposes 3 on seat 0 who has 2
    assert net(s, L) == (-3, -5)
    assert [(p["payer"], p["amount"], p["owed"]) for p in logs(s, "payment", U)] == [
        (1, 0, 6), (0, 2, 3)]
    assert s.goblins == (0, 0)


def test_whim_does_not_change_a_lost_battle():
    s = fought(3, {0: [R(L, "infantry-4", "infantry-3")]}, enemy="lothari-5-2", event="whim")
    assert s.pending.kind == "impose" and s.pending.amount == 2
    s = orcz.apply(s, orcz.Impose(0, L, (0, 2, 0)))
    assert net(s, L) == (-5, -2, 0)


def test_o_r17_whim_tie_still_shares_main_plus_secondary_among_the_tied():
    # O-R17 (decided here): the tie rule hands nothing to the others anyway, so Whim leaves it
    s = fought(3, {0: [R(L, "infantry-4", "infantry-2")], 1: [R(L, "infantry-4", "infantry-2")],
                   2: [R(L, "infantry-1", "infantry-2")]}, enemy="lothari-4-2", event="whim")
    assert net(s, L) == (3, 3, 0)


def test_hand_out_may_give_everything_to_one_or_split():
    s = urth_example()
    s = orcz.apply(s, orcz.HandOut(0, U, (0, 1, 1, 0)))
    assert net(s, U) == (4, 1, 1, 0)
