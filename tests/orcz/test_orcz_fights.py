"""Fights in the column (baston): rules text §4 and rulings O-R5, O-R7, O-R8, O-R9.

Every expected outcome is worked out by hand from the seed's type triangle (cavalry beats archers,
archers beat infantry, infantry beats cavalry; same type: higher strength; equal: nothing).
"""

from __future__ import annotations

import pytest

import orcz
from common.errors import IllegalAction
from tests.orcz.orcz_scenario import R, aside, attack, column, deploy, game, hold, logs

U = "urth"
ORDER = [["urth", "lothari", "falladir", "thirst"]]


def two_rank_fight(front: tuple[str, str], rear: tuple[str, str], event: str = "fog"):
    """Seat 0's front rank on Urth, seat 1's rear rank behind it; seat 1 attacks."""
    s = game(2, events=[event], orders=ORDER)
    s = deploy(s, {0: [R(U, *front)], 1: [R(U, *rear)]})
    assert s.pending.kind == "fight" and s.pending.seat == 1
    return attack(s, U)


def wings(state: orcz.State) -> list[tuple[str, str]]:
    return [(w["side"], w["winner"]) for w in logs(state, "wing", U)]


def outcome(state: orcz.State) -> str:
    return logs(state, "fight_outcome", U)[-1]["outcome"]


# ---------------------------------------------------------------- the type triangle and events

@pytest.mark.parametrize(
    ("event", "front", "rear", "expected"),
    [
        # no event: archers beat infantry whatever the strength
        ("fog", ("infantry-4", "infantry-3"), ("archer-1", "infantry-3"), ["tie", "attacker"]),
        # Storm: archer 1 against infantry 4 -> the higher strength (infantry) wins
        ("storm", ("infantry-4", "infantry-3"), ("archer-1", "infantry-3"), ["tie", "defender"]),
        # Storm: archer 3 against infantry 2 -> still the higher strength, archer
        ("storm", ("infantry-2", "infantry-3"), ("archer-3", "infantry-3"), ["tie", "attacker"]),
        # Storm leaves cavalry over archers unchanged
        ("storm", ("archer-3", "infantry-3"), ("cavalry-1", "infantry-3"), ["tie", "attacker"]),
        # no event: infantry 1 beats cavalry 3
        ("fog", ("cavalry-3", "infantry-3"), ("infantry-1", "infantry-3"), ["tie", "attacker"]),
        # Open Ground: infantry 1 against cavalry 3 -> cavalry wins
        ("open-ground", ("cavalry-3", "infantry-3"), ("infantry-1", "infantry-3"),
         ["tie", "defender"]),
        # Open Ground leaves archers over infantry unchanged
        ("open-ground", ("infantry-4", "infantry-3"), ("archer-1", "infantry-3"),
         ["tie", "attacker"]),
        # no event: cavalry 1 beats archer 3
        ("fog", ("archer-3", "infantry-3"), ("cavalry-1", "infantry-3"), ["tie", "attacker"]),
        # Heavy Ground: cavalry 1 against archer 3 -> archer wins
        ("heavy-ground", ("archer-3", "infantry-3"), ("cavalry-1", "infantry-3"),
         ["tie", "defender"]),
        # Heavy Ground leaves infantry over cavalry unchanged
        ("heavy-ground", ("cavalry-3", "infantry-3"), ("infantry-1", "infantry-3"),
         ["tie", "attacker"]),
        # same type: higher strength wins, for the defender too
        ("fog", ("archer-2", "infantry-3"), ("archer-1", "infantry-3"), ["tie", "defender"]),
        ("fog", ("cavalry-1", "infantry-3"), ("cavalry-2", "infantry-3"), ["tie", "attacker"]),
    ],
    ids=[
        "no-event-archer-beats-infantry",
        "storm-infantry-4-beats-archer-1",
        "storm-archer-3-beats-infantry-2",
        "storm-cavalry-still-beats-archer",
        "no-event-infantry-beats-cavalry",
        "open-ground-cavalry-3-beats-infantry-1",
        "open-ground-archer-still-beats-infantry",
        "no-event-cavalry-beats-archer",
        "heavy-ground-archer-3-beats-cavalry-1",
        "heavy-ground-infantry-still-beats-cavalry",
        "same-type-defender-higher",
        "same-type-attacker-higher",
    ],
)
def test_type_triangle_and_storm_open_ground_heavy_ground(event, front, rear, expected):
    # left cards differ; right cards are both infantry 3 (equal: nothing happens)
    s = two_rank_fight(front, rear, event)
    # O-R5: right wing first, then left
    assert wings(s) == [("right", expected[0]), ("left", expected[1])]


def test_equal_cards_nothing_happens_both_stay():
    s = two_rank_fight(("infantry-2", "archer-2"), ("infantry-2", "archer-2"))
    assert wings(s) == [("right", "tie"), ("left", "tie")]
    assert outcome(s) == "mixed"
    # both ranks keep both cards and fight the enemy with 4 strength each; no fight payment
    battle = logs(s, "battle", U)[0]
    assert battle["participants"] == (0, 1)
    assert battle["strengths"] == (4, 4)
    assert not [p for p in logs(s, "payment", U) if p["reason"] == "fight"]


def test_o_r5_right_against_right_then_left_against_left():
    # attacker L archer-1 R cavalry-1; defender L cavalry-2 R archer-2.
    # right: cavalry 1 vs archer 2 -> attacker; left: archer 1 vs cavalry 2 -> defender.
    # (compared crosswise both wings would go to the defender.)
    s = two_rank_fight(("cavalry-2", "archer-2"), ("archer-1", "cavalry-1"))
    w = logs(s, "wing", U)
    assert [(x["side"], x["attacker_card"], x["defender_card"], x["winner"]) for x in w] == [
        ("right", "cavalry-1", "archer-2", "attacker"),
        ("left", "archer-1", "cavalry-2", "defender"),
    ]
    assert outcome(s) == "mixed"


# ---------------------------------------------------------------- O-R7 outcomes

def test_o_r7_attacker_beats_both_moves_up_and_is_paid():
    # 3 players: seat 0 front, seat 1 middle (infantry), seat 2 rear (archers) attacks seat 1
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "cavalry-1", "infantry-1")],
                   1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "archer-1", "infantry-3")]})
    assert s.pending.seat == 2
    before = s.goblins
    s = attack(s, U)
    assert outcome(s) == "attacker_won"
    # the defender's rank left the column; the attacker took its place, still the rear rank
    assert column(s, U) == [(0, "cavalry-1", "infantry-1"), (2, "archer-1", "infantry-3")]
    # the defender pays the attacker one goblin
    assert s.goblins[1] == before[1] - 1 and s.goblins[2] == before[2] + 1
    # the attacker may attack again
    assert s.pending.kind == "fight" and s.pending.seat == 2
    # the beaten troops went back behind seat 1's screen
    assert "infantry-1" in orcz.view(s, 1)["hand"] and "infantry-2" in orcz.view(s, 1)["hand"]


def test_o_r7_defender_beats_both_becomes_rear_and_may_attack():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "archer-1", "infantry-1")],
                   1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "cavalry-1", "infantry-1")]})
    # rear: L cavalry-1 vs infantry-1 -> defender; R infantry-1 vs infantry-2 -> defender
    before = s.goblins
    s = attack(s, U)
    assert outcome(s) == "defender_won"
    assert column(s, U) == [(0, "archer-1", "infantry-1"), (1, "infantry-1", "infantry-2")]
    assert s.goblins[2] == before[2] - 1 and s.goblins[1] == before[1] + 1
    assert s.pending.kind == "fight" and s.pending.seat == 1
    assert aside(s, U) == []


def test_o_r7_mixed_defender_kept_both_is_rear_and_may_attack():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "archer-1", "infantry-1")],
                   1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "cavalry-1", "infantry-2")]})
    # right: infantry 2 vs infantry 2 tie; left: cavalry 1 vs infantry 1 -> defender
    before = s.goblins
    s = attack(s, U)
    assert outcome(s) == "mixed"
    assert aside(s, U) == [(2, None, "infantry-2")]
    assert column(s, U) == [(0, "archer-1", "infantry-1"), (1, "infantry-1", "infantry-2")]
    assert s.pending.kind == "fight" and s.pending.seat == 1
    assert s.goblins == before  # no goblin changes hands


def test_o_r7_mixed_defender_incomplete_is_set_aside():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "archer-1", "infantry-1")],
                   1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "archer-2", "infantry-2")]})
    # right: tie; left: archer 2 beats infantry 1 -> the defender loses one card
    s = attack(s, U)
    assert outcome(s) == "mixed"
    # the attacker did not beat both: it is set aside, and so is the incomplete defender
    # seat 0 is now alone: the front rank never attacks, it holds and the battle follows
    assert column(s, U) == []
    assert aside(s, U) == [
        (0, "archer-1", "infantry-1"), (1, None, "infantry-2"), (2, "archer-2", "infantry-2")]
    assert logs(s, "battle", U)[0]["strengths"] == (2, 2, 4)
    assert not [p for p in logs(s, "payment", U) if p["reason"] == "fight"]


def test_seed_example_rank_4_attacks_rank_3_one_card_each():
    # 4 ranks of 4 players: red 1 (front), yellow 2, blue 3, green 4 (rear)
    s = game(4, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")],
                   1: [R(U, "infantry-3", "archer-1")],
                   2: [R(U, "cavalry-3", "archer-2")],
                   3: [R(U, "archer-1", "cavalry-2")]})
    assert s.pending.seat == 3
    s = attack(s, U)
    # right: cavalry 2 beats archer 2; left: archer 1 loses to cavalry 3
    assert outcome(s) == "mixed"
    assert aside(s, U) == [(2, "cavalry-3", None), (3, None, "cavalry-2")]
    # rank 2 (yellow) is now the rear rank and decides whether to attack rank 1
    assert s.pending.kind == "fight" and s.pending.seat == 1
    assert column(s, U) == [(0, "infantry-1", "infantry-2"), (1, "infantry-3", "archer-1")]
    assert not [p for p in logs(s, "payment", U) if p["reason"] == "fight"]


def test_same_owner_payment_is_no_payment():
    # seat 0 front (infantry), seat 1 shaman, seat 0 rear (archers): the shaman is skipped and
    # seat 0 beats its own rank: no goblin moves
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "cavalry-1")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s2 = s
    # column: seat 0 (inf 1, inf 2), seat 1 (shaman, inf 4), seat 0 (archer 1, cavalry 1)
    s = attack(s2, U)
    # left archer 1 beats infantry 1; right cavalry 1 loses to infantry 2 -> mixed, no payment
    assert outcome(s) == "mixed"
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s = attack(s, U)
    # left archer 1 beats infantry 1; right infantry 4 beats infantry 2: attacker beat both
    assert logs(s, "fight_outcome", U)[-1] == {
        "battlefield": U, "outcome": "attacker_won", "winner": 0, "loser": 0,
        "attacker": 0, "defender": 0, "attacker_kept": 2, "defender_kept": 0}
    assert not [p for p in logs(s, "payment", U) if p["reason"] == "fight"]


# ---------------------------------------------------------------- ranks that never attack

def test_front_rank_never_attacks():
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")]})
    # Urth has a single rank: no decision is asked, it holds as the front rank
    assert [h["reason"] for h in logs(s, "hold", U)] == ["front"]
    assert not (s.pending.kind == "fight" and s.order and s.order[0] == 1)


@pytest.mark.parametrize(("hero", "reason"), [("champion", "champion"), ("shaman", "shaman")])
def test_rank_with_champion_or_shaman_never_attacks(hero, reason):
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")], 1: [R(U, hero, "infantry-4")]})
    holds = logs(s, "hold", U)
    assert [h["reason"] for h in holds] == [reason, "front"]
    assert holds[0]["seat"] == 1


def test_incomplete_rank_never_attacks():
    # after a mixed fight the incomplete defender never gets a decision
    s = game(4, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")],
                   1: [R(U, "infantry-3", "archer-1")],
                   2: [R(U, "cavalry-3", "archer-2")],
                   3: [R(U, "archer-1", "cavalry-2")]})
    s = attack(s, U)
    assert s.pending.seat == 1  # not seat 2, whose rank is incomplete
    with pytest.raises(IllegalAction):
        orcz.apply(s, orcz.Attack(2, U))


def test_hold_sets_rear_aside_and_rank_ahead_decides():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")],
                   1: [R(U, "infantry-3", "archer-1")],
                   2: [R(U, "cavalry-3", "archer-2")]})
    assert s.pending.seat == 2
    s = hold(s, U)
    assert aside(s, U) == [(2, "cavalry-3", "archer-2")]
    assert s.pending.kind == "fight" and s.pending.seat == 1
    s = hold(s, U)
    # seat 0 is the front rank: it holds without a decision and the battle is fought
    assert logs(s, "battle", U)


def test_only_the_rear_owner_decides_and_on_the_right_battlefield():
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2")], 1: [R(U, "infantry-3", "archer-1")]})
    with pytest.raises(IllegalAction, match="who decides"):
        orcz.apply(s, orcz.Attack(0, U))
    with pytest.raises(IllegalAction, match="Valley of Urth"):
        orcz.apply(s, orcz.Hold(1, "lothari"))
    assert set(orcz.legal_actions(s, 1)) >= {orcz.Attack(1, U), orcz.Hold(1, U)}


def test_attack_reveals_both_face_down_cards_publicly():
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2", "left")],
                   1: [R(U, "infantry-3", "archer-1", "right")]})
    # the rear rank turns up its face-down card before deciding
    assert [(r["owner"], r["card"]) for r in logs(s, "revealed", U)] == [(1, "archer-1")]
    s = attack(s, U)
    assert [(r["owner"], r["card"]) for r in logs(s, "revealed", U)][:2] == [
        (1, "archer-1"), (0, "infantry-1")]


# ---------------------------------------------------------------- O-R8 champion cancel

def test_o_r8_champion_cancels_fight_both_set_aside_rank_ahead_decides():
    # 2 players, first seat 0: column seat 0, seat 1, seat 0 (champion), seat 1 (attacker)
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "champion", "infantry-4", "left")],
                   1: [R(U, "infantry-3", "archer-1"), R(U, "archer-2", "cavalry-3")]})
    before = s.goblins
    s = attack(s, U)
    assert logs(s, "champion_cancel", U)
    assert aside(s, U) == [(0, "champion", "infantry-4"), (1, "archer-2", "cavalry-3")]
    assert not logs(s, "wing", U)
    assert s.goblins == before
    assert s.pending.kind == "fight" and s.pending.seat == 1
    assert column(s, U) == [(0, "infantry-1", "infantry-2"), (1, "infantry-3", "archer-1")]


# ---------------------------------------------------------------- O-R9 shaman skip

def test_o_r9_shaman_skipped_attack_goes_on_even_own_rank():
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s = attack(s, U)
    assert [x["defender"] for x in logs(s, "shaman_skip", U)] == [1]
    # the shaman's rank is set aside (it only fights the enemy): shaman doubles infantry 4 -> 8;
    # seat 0's attacker (archer 1 + infantry 4 = 5) beat seat 0's own front rank
    assert logs(s, "battle", U)[0]["strengths"] == (5, 8)
    # seat 0's rear rank fought seat 0's front rank
    w = logs(s, "wing", U)
    assert [(x["attacker_card"], x["defender_card"]) for x in w] == [
        ("infantry-4", "infantry-2"), ("archer-1", "infantry-1")]


def test_o_r9_double_shaman_both_skipped():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "shaman", "infantry-4", "left")],
                   2: [R(U, "infantry-3", "shaman", "right")]})
    # column: seat 0, seat 1 (shaman), seat 2 (shaman), seat 0 (attacker)
    s = attack(s, U)
    assert [x["defender"] for x in logs(s, "shaman_skip", U)] == [2, 1]
    assert logs(s, "fight_outcome", U)[-1]["outcome"] == "attacker_won"
    assert (1, "shaman", "infantry-4") in aside(s, U)
    assert (2, "infantry-3", "shaman") in aside(s, U)


def test_o_r9_shaman_then_champion_cancels():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "champion", "infantry-4", "left")],
                   2: [R(U, "infantry-3", "shaman", "right")]})
    s = attack(s, U)
    assert [x["defender"] for x in logs(s, "shaman_skip", U)] == [2]
    assert [x["defender"] for x in logs(s, "champion_cancel", U)] == [1]
    assert not logs(s, "wing", U)


def test_o_r9_shaman_with_nothing_ahead_attacker_set_aside():
    # first player seat 1: its shaman rank is the front; seat 0 attacks it from behind
    s = game(2, first=1, orders=ORDER)
    s = deploy(s, {1: [R(U, "shaman", "infantry-4", "left")],
                   0: [R(U, "archer-1", "infantry-2")]})
    assert s.pending.seat == 0
    s = attack(s, U)
    assert logs(s, "shaman_skip", U)
    assert logs(s, "hold", U)[-1]["reason"] == "nothing_ahead"
    assert not logs(s, "wing", U)
    b = logs(s, "battle", U)[0]
    assert b["participants"] == (0, 1)


def test_o_r7_both_wings_tied_attacker_set_aside_defender_may_attack():
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "archer-1", "infantry-1")],
                   1: [R(U, "infantry-3", "archer-2")],
                   2: [R(U, "infantry-3", "archer-2")]})
    s = attack(s, U)
    assert wings(s) == [("right", "tie"), ("left", "tie")]
    assert outcome(s) == "mixed"
    assert aside(s, U) == [(2, "infantry-3", "archer-2")]
    assert s.pending.kind == "fight" and s.pending.seat == 1


def test_defender_beating_its_own_owners_attacker_is_no_payment():
    # column: seat 0 (infantry 4, cavalry 3), seat 1 (shaman), seat 0 (cavalry 1, archer 1):
    # the shaman is skipped; right archer 1 loses to cavalry 3, left cavalry 1 loses to
    # infantry 4: seat 0's front beat seat 0's rear on both wings
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-4", "cavalry-3"), R(U, "cavalry-1", "archer-1")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s = attack(s, U)
    assert logs(s, "fight_outcome", U)[-1] == {
        "battlefield": U, "outcome": "defender_won", "winner": 0, "loser": 0,
        "attacker": 0, "defender": 0, "attacker_kept": 0, "defender_kept": 2}
    assert not [p for p in logs(s, "payment", U) if p["reason"] == "fight"]


def test_attacker_wins_then_attacks_again_and_is_beaten_pays_both_ways():
    # 3 players: seat 0 front (cavalry 3, infantry 4), seat 1 (infantry 1, infantry 2),
    # seat 2 rear (archer 1, infantry 3)
    s = game(3, orders=ORDER)
    s = deploy(s, {0: [R(U, "cavalry-3", "infantry-4")],
                   1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "archer-1", "infantry-3")]})
    # seat 2 vs seat 1: left archer 1 beats infantry 1, right infantry 3 beats infantry 2
    s = attack(s, U)
    assert s.pending.seat == 2 and outcome(s) == "attacker_won"
    # seat 2 vs seat 0: right infantry 3 vs infantry 4 -> defender; left archer 1 vs
    # cavalry 3 -> defender: seat 2 is out and pays seat 0
    s = attack(s, U)
    assert outcome(s) == "defender_won"
    fights = [(p["payer"], p["payee"], p["amount"]) for p in logs(s, "payment", U)
              if p["reason"] == "fight"]
    assert fights == [(1, 2, 1), (2, 0, 1)]
