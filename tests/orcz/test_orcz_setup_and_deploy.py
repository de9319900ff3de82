"""Set-up (§2, O-R4), the reveal (§3.1) and deployment with every rank restriction (§3.2, O-R6)."""

from __future__ import annotations

import json

import pytest

import orcz
from common.errors import IllegalAction
from orcz.data import ENEMY_BY_ID, EVENT_BY_ID, FIELD_BY_ID
from tests.orcz.orcz_scenario import R, deploy, game, hold_on, impose_on_the_only_other, logs, place

FIELDS = ("lothari", "urth", "falladir", "thirst")


# ---------------------------------------------------------------- set-up

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_o_r4_setup_for_each_player_count(players, seed):
    names = ["A", "B", "C", "D"][:players]
    s = orcz.new_game(names, seed)
    assert s.rounds == players  # one round per player
    assert s.goblins == (5,) * players
    assert 0 <= s.first < players and s.pending.seat == s.first and s.pending.kind == "deploy"
    for i, field in enumerate(s.fields):
        # O-R4: players - 1 enemies per battlefield; the top one is revealed in round 1
        enemies = (field.enemy, *field.stack)
        assert len(enemies) == players - 1
        assert len(set(enemies)) == players - 1
        assert all(ENEMY_BY_ID[e].battlefield == i for e in enemies)
    # every player holds 10 troops and 3 heroes
    hand = orcz.view(s, 0)["hand"]
    assert len(hand) == 13 and {"champion", "shaman", "scout"} <= set(hand)
    # 24 events: one drawn, the rest in the pile
    tiles = (s.event, *s.event_pile)
    assert len(tiles) == 24 and set(tiles) == set(EVENT_BY_ID)


def test_first_player_is_random_over_seeds():
    firsts = {orcz.new_game(["A", "B", "C", "D"], seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_same_seed_same_game():
    a, b = orcz.new_game(["A", "B", "C"], 11), orcz.new_game(["A", "B", "C"], 11)
    assert a == b


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"], ["A", "A"], ["A", " "]])
def test_player_count_and_names_checked(players):
    with pytest.raises(IllegalAction):
        orcz.new_game(players, 1)


def test_setup_rejects_unknown_keys_and_bad_values():
    with pytest.raises(IllegalAction, match="unknown set-up key"):
        orcz.new_game(["A", "B"], 1, setup={"dice": 3})
    with pytest.raises(IllegalAction, match="first_player"):
        orcz.new_game(["A", "B"], 1, setup={"first_player": 2})
    with pytest.raises(IllegalAction, match="stack of urth"):
        orcz.new_game(["A", "B"], 1, setup={"stacks": {"urth": ["lothari-2-1"]}})
    with pytest.raises(IllegalAction, match="event tile"):
        orcz.new_game(["A", "B"], 1, setup={"events": ["earthquake"]})


def test_deployment_starts_with_first_player_and_goes_clockwise():
    s = game(4, first=2)
    seats = []
    for _ in range(8):
        seats.append(s.pending.seat)
        s = deploy(s, stop_after=1)
    assert seats == [2, 3, 0, 1, 2, 3, 0, 1]


def test_first_player_passes_clockwise_each_round():
    s = game(2, first=1, events=["fog", "storm"])
    s = deploy(s)
    while s.round == 1:
        s = hold_on(s, FIELDS[s.order[0]]) if s.pending.kind == "fight" else s
        assert s.pending.kind in ("fight", "deploy")
    assert s.round == 2 and s.first == 0 and s.pending.seat == 0
    assert logs(s, "round_start")[-1] == {"round": 2, "first": 0}
    assert s.event == "storm"


def play_round(s: orcz.State, plan=None, dump="thirst") -> orcz.State:
    r = s.round
    s = impose_on_the_only_other(deploy(s, plan, dump=dump))
    while s.round == r and not orcz.is_over(s):
        assert s.pending.kind == "fight", s.pending
        s = hold_on(s, FIELDS[s.order[0]])
    return s


def test_reveal_kept_enemy_and_new_enemy_after_a_defeat():
    # Urth: nobody goes there, its enemy stays; Lothari: beaten, the next one is revealed
    s = game(2, stacks={"urth": ["urth-2-1", "urth-3-1"], "lothari": ["lothari-2-1",
                                                                      "lothari-5-2"]},
             events=["fog", "storm"])
    assert (s.fields[0].enemy, s.fields[1].enemy) == ("lothari-2-1", "urth-2-1")
    s = play_round(s, {0: [R("lothari", "champion", "infantry-1")]})
    assert s.round == 2
    assert s.fields[1].enemy == "urth-2-1" and s.fields[1].stack == ("urth-3-1",)
    assert s.fields[0].enemy == "lothari-5-2" and s.fields[0].stack == ()
    revealed = [e["enemy"] for e in logs(s, "enemy_revealed")]
    assert revealed.count("urth-2-1") == 1 and "lothari-5-2" in revealed


def test_cleared_battlefield_refuses_ranks():
    s = game(2, stacks={"lothari": ["lothari-2-1"]}, events=["fog", "storm"])
    s = play_round(s, {0: [R("lothari", "champion", "infantry-1")]})
    assert s.fields[0].cleared and logs(s, "cleared", "lothari")
    seat = s.pending.seat
    with pytest.raises(IllegalAction, match="Forest of Lothari is cleared"):
        orcz.apply(s, orcz.PlaceRank(seat, "lothari", "infantry-1", "infantry-2", "left"))
    assert not [a for a in orcz.legal_actions(s, seat)
                if isinstance(a, orcz.PlaceRank) and a.battlefield == "lothari"]
    # a cleared battlefield is not resolved any more
    s = deploy(s)
    assert 0 not in s.order


# ---------------------------------------------------------------- rank restrictions

@pytest.mark.parametrize(
    ("left", "right", "match"),
    [
        ("archer-1", "archer-2", "two archers"),
        ("cavalry-1", "cavalry-3", "two cavalry"),
        ("shaman", "champion", "shaman and a champion"),
        ("champion", "shaman", "shaman and a champion"),
        ("scout", "infantry-1", "scout is never placed"),
        ("infantry-1", "infantry-1", "two different cards"),
        ("infantry-9", "infantry-1", "no card 'infantry-9'"),
    ],
)
def test_forbidden_ranks(left, right, match):
    s = game(2)
    with pytest.raises(IllegalAction, match=match):
        orcz.apply(s, orcz.PlaceRank(0, "urth", left, right, "left"))


@pytest.mark.parametrize(("left", "right"), [
    ("infantry-1", "infantry-4"), ("archer-1", "cavalry-2"), ("champion", "archer-3"),
    ("cavalry-1", "shaman"), ("champion", "infantry-2"),
])
def test_allowed_ranks_including_two_infantry(left, right):
    s = game(2)
    s = orcz.apply(s, orcz.PlaceRank(0, "urth", left, right, "right"))
    assert s.pending.seat == 1


def test_placement_errors_for_seat_phase_and_fields():
    s = game(2)
    with pytest.raises(IllegalAction, match="Red's turn"):
        orcz.apply(s, orcz.PlaceRank(1, "urth", "infantry-1", "infantry-2", "left"))
    with pytest.raises(IllegalAction, match="no battlefield 'mordor'"):
        orcz.apply(s, orcz.PlaceRank(0, "mordor", "infantry-1", "infantry-2", "left"))
    with pytest.raises(IllegalAction, match="face_down"):
        orcz.apply(s, orcz.PlaceRank(0, "urth", "infantry-1", "infantry-2", "up"))
    for seat in (5, -1, False, 0.0, "0", None):  # out of range, or not a whole number
        with pytest.raises(IllegalAction, match="no seat"):
            orcz.apply(s, orcz.PlaceRank(seat, "urth", "infantry-1", "infantry-2", "left"))
    s2 = place(s, R("urth", "infantry-1", "infantry-2"))
    s2 = place(s2, R("urth", "infantry-1", "infantry-2"))
    with pytest.raises(IllegalAction, match="Infantry 1 is not behind your screen"):
        orcz.apply(s2, orcz.PlaceRank(0, "urth", "infantry-1", "infantry-3", "left"))
    s3 = deploy(s)
    with pytest.raises(IllegalAction, match="only during deployment"):
        orcz.apply(s3, orcz.PlaceRank(s3.pending.seat, "urth", "infantry-1", "infantry-2",
                                      "left"))


def test_apply_never_mutates_its_input():
    s = game(2)
    before = json.dumps(orcz.view(s, None), sort_keys=True)
    orcz.apply(s, orcz.PlaceRank(0, "urth", "infantry-1", "infantry-2", "left"))
    assert json.dumps(orcz.view(s, None), sort_keys=True) == before and s.turn == 0


def test_each_rank_goes_behind_the_last_and_is_half_hidden():
    s = game(3)
    s = place(s, R("urth", "infantry-1", "archer-2", "right"))
    s = place(s, R("urth", "cavalry-1", "infantry-4", "left"))
    s = place(s, R("lothari", "infantry-3", "infantry-4", "left"))
    urth = orcz.view(s, 2)["battlefields"][1]["column"]
    assert [r["owner"] for r in urth] == [0, 1]
    # seat 2 sees the face-up cards only
    assert urth[0]["left"]["id"] == "infantry-1" and urth[0]["right"] == {
        "id": None, "face_down": True}
    assert urth[1]["left"] == {"id": None, "face_down": True}
    assert urth[1]["right"]["id"] == "infantry-4"
    # the owner sees its own face-down card
    own = orcz.view(s, 0)["battlefields"][1]["column"][0]["right"]
    assert own["id"] == "archer-2" and own["face_down"] is True


def test_five_ranks_each_per_round():
    s = game(3)
    s = deploy(s)
    placed = logs(s, "placed")
    assert len(placed) == 15
    assert [sum(p["seat"] == seat for p in placed) for seat in range(3)] == [5, 5, 5]


# ---------------------------------------- forced heroes and lost turns (O-R6)

FOUR_RANKS = [R("falladir", "infantry-1", "infantry-2"), R("falladir", "infantry-3", "archer-1"),
              R("falladir", "infantry-4", "archer-2"), R("falladir", "archer-3", "cavalry-1")]


def test_o_r6_forced_hero_with_two_cavalry_left():
    s = game(2)
    s = deploy(s, {0: FOUR_RANKS, 1: [None] * 4}, stop_after=8)
    assert s.pending.seat == 0 and s.pending.kind == "deploy"
    options = orcz.legal_actions(s, 0)
    ranks = {(a.left, a.right) for a in options if isinstance(a, orcz.PlaceRank)}
    # cavalry 2 and 3 may not share a rank: a hero must go with one of them
    assert ranks == {(c, h) for c in ("cavalry-2", "cavalry-3") for h in ("champion", "shaman")} | {
        (h, c) for c in ("cavalry-2", "cavalry-3") for h in ("champion", "shaman")}
    assert orcz.view(s, 0)["pending"]["forced_hero"] is True
    with pytest.raises(IllegalAction, match="two cavalry"):
        orcz.apply(s, orcz.PlaceRank(0, "urth", "cavalry-2", "cavalry-3", "left"))


def test_o_r6_lost_turn_when_no_legal_rank_is_left():
    # round 1: seat 0 spends its champion and shaman; round 2 it is left with two cavalry
    s = game(2, events=["fog", "storm"])
    s = play_round(s, {0: [R("lothari", "champion", "infantry-1"),
                           R("urth", "shaman", "infantry-2")]})
    assert s.round == 2 and s.first == 1
    spent = orcz.view(s, 1)["players"][0]["spent_heroes"]
    assert spent == ["champion", "shaman"]
    s = deploy(s, {0: FOUR_RANKS, 1: [None] * 5})
    lost = logs(s, "lost_turn")
    assert lost == [{"seat": 0, "reason": "no legal rank can be made from the cards left"}]
    assert sum(p["seat"] == 0 for p in logs(s, "placed")[-9:]) == 4


def test_spent_heroes_cannot_be_placed_again():
    s = game(2, events=["fog", "storm"])
    s = play_round(s, {0: [R("lothari", "champion", "infantry-1")]})
    s = deploy(s, {}, stop_after=1)  # seat 1 is first in round 2
    with pytest.raises(IllegalAction, match="Champion is not behind your screen"):
        orcz.apply(s, orcz.PlaceRank(0, "urth", "champion", "infantry-1", "left"))


def test_troops_come_back_every_round():
    s = game(2, events=["fog", "storm"])
    s = play_round(s, {0: [R("lothari", "infantry-4", "infantry-3")]})
    hand = orcz.view(s, 0)["hand"]
    assert len(hand) == 13  # no hero spent: all ten troops and three heroes again


# ---------------------------------------------------------------- deployment events

def test_confusion_forbids_champions():
    s = game(2, events=["confusion"])
    with pytest.raises(IllegalAction, match="Confusion"):
        orcz.apply(s, orcz.PlaceRank(0, "urth", "champion", "infantry-1", "left"))
    assert not [a for a in orcz.legal_actions(s, 0)
                if isinstance(a, orcz.PlaceRank) and "champion" in (a.left, a.right)]


def test_antimagic_forbids_shaman_on_its_battlefield_only():
    s = game(2, events=["antimagic-falladir"])
    with pytest.raises(IllegalAction, match="Anti-magic Zone: no shaman may be placed on "
                                            "Kingdom of Falladir"):
        orcz.apply(s, orcz.PlaceRank(0, "falladir", "shaman", "infantry-1", "left"))
    s = orcz.apply(s, orcz.PlaceRank(0, "urth", "shaman", "infantry-1", "left"))
    assert s.pending.seat == 1


def test_diversion_caps_ranks_at_players_then_turns_are_lost():
    # two players: at most 2 ranks on each of the 4 battlefields = 8 of the 10 turns
    s = game(2, events=["diversion"])
    s = place(s, R("lothari", "infantry-1", "infantry-2"))
    s = place(s, R("lothari", "infantry-1", "infantry-2"))
    assert len(s.fields[0].column) == 2
    with pytest.raises(IllegalAction, match="Diversion: Forest of Lothari already holds 2 ranks"):
        orcz.apply(s, orcz.PlaceRank(0, "lothari", "infantry-3", "infantry-4", "left"))
    s = deploy(s, dump="urth")
    placed = logs(s, "placed")
    assert len(placed) == 8
    # everyone keeps placing until all places are filled; the remaining two turns are lost
    lost = logs(s, "lost_turn")
    assert lost == [{"seat": 0, "reason": "every open battlefield is full"},
                    {"seat": 1, "reason": "every open battlefield is full"}]
    per_field = [sum(p["battlefield"] == f for p in placed) for f in FIELDS]
    assert per_field == [2, 2, 2, 2]


def test_diversion_with_a_cleared_battlefield_fewer_places():
    s = game(2, stacks={"lothari": ["lothari-2-1"], "thirst": ["thirst-6-3", "thirst-5-2"]},
             events=["fog", "diversion"])
    s = play_round(s, {0: [R("lothari", "champion", "infantry-1")]})
    assert s.fields[0].cleared and s.event == "diversion"
    assert [f.cleared for f in s.fields] == [True, False, False, False]
    s = deploy(s)
    assert len(logs(s, "placed")) - 10 == 6  # 3 open battlefields x 2 ranks
    assert len(logs(s, "lost_turn")) == 4


def test_orc_challenge_off_by_default():
    s = game(2)
    assert not [a for a in orcz.legal_actions(s, 1) if isinstance(a, orcz.Challenge)]
    with pytest.raises(IllegalAction, match="not in use"):
        orcz.apply(s, orcz.Challenge(1, 0))


def test_orc_challenge_slow_player_pays_one_to_the_bank():
    s = game(3, orc_challenge=True)
    assert orcz.Challenge(1, 0) in orcz.legal_actions(s, 1)
    assert not [a for a in orcz.legal_actions(s, 0) if isinstance(a, orcz.Challenge)]
    s = orcz.apply(s, orcz.Challenge(1, 0))
    assert s.goblins == (4, 5, 5)
    assert logs(s, "payment")[-1]["reason"] == "challenge"
    assert s.pending.seat == 0  # the slow player must still place
    with pytest.raises(IllegalAction, match="already been challenged"):
        orcz.apply(s, orcz.Challenge(2, 0))
    with pytest.raises(IllegalAction, match="only the player placing"):
        orcz.apply(game(3, orc_challenge=True), orcz.Challenge(1, 2))
    with pytest.raises(IllegalAction, match="only the player placing"):
        orcz.apply(game(3, orc_challenge=True), orcz.Challenge(0, 0))
    s = place(s, R("urth", "infantry-1", "infantry-2"))
    s = orcz.apply(s, orcz.Challenge(0, 1))  # the next turn may be challenged again
    assert s.goblins == (4, 4, 5)
    s = deploy(s)
    with pytest.raises(IllegalAction, match="only during deployment"):
        orcz.apply(s, orcz.Challenge(0, s.pending.seat if s.pending.seat != 0 else 1))


def test_field_ids_are_the_documented_ones():
    assert set(FIELD_BY_ID) == set(FIELDS)


def test_o_r6_forced_hero_with_two_archers_left():
    ranks = [R("falladir", "infantry-1", "infantry-2"), R("falladir", "infantry-3", "cavalry-1"),
             R("falladir", "infantry-4", "cavalry-2"), R("falladir", "archer-3", "cavalry-3")]
    s = deploy(game(2), {0: ranks, 1: [None] * 4}, stop_after=8)
    pairs = {frozenset((a.left, a.right)) for a in orcz.legal_actions(s, 0)
             if isinstance(a, orcz.PlaceRank)}
    assert pairs == {frozenset((c, h)) for c in ("archer-1", "archer-2")
                     for h in ("champion", "shaman")}


def test_o_r6_confusion_and_spent_shaman_leave_no_rank_turn_lost():
    # round 1 spends the shaman; round 2 (Confusion) leaves two cavalry and a champion
    s = game(2, events=["fog", "confusion"])
    s = play_round(s, {0: [R("urth", "shaman", "infantry-2")]})
    s = deploy(s, {0: FOUR_RANKS, 1: [None] * 5})
    assert logs(s, "lost_turn") == [
        {"seat": 0, "reason": "no legal rank can be made from the cards left"}]


def test_four_player_game_has_four_rounds_and_every_seat_goes_first_once():
    s = game(4, first=3, events=["fog", "storm", "whim", "confusion"],
             stacks={f: [f"{f}-6-3", f"{f}-5-2", f"{f}-4-2"] for f in FIELDS})
    while not orcz.is_over(s):
        if s.pending.kind == "deploy":
            s = deploy(s)
        elif s.pending.kind == "fight":
            s = hold_on(s, FIELDS[s.order[0]])
        else:
            s = orcz.apply(s, orcz.legal_actions(s, s.pending.seat)[0])
    assert [e["first"] for e in logs(s, "round_start")] == [3, 0, 1, 2]
    assert [e["event"] for e in logs(s, "event_drawn")] == ["fog", "storm", "whim", "confusion"]
