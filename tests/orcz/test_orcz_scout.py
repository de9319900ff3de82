"""The scout (§7, O-R14): any seat, any time a face-down card of another player is on the table,
not during Fog; the result is private to the scouting seat."""

from __future__ import annotations

import json

import pytest

import orcz
from common.errors import IllegalAction
from tests.orcz.orcz_scenario import R, attack, deploy, game, impose_on_the_only_other, logs, place

U = "urth"


def first_rank(event: str = "storm") -> orcz.State:
    s = game(3, events=[event], orders=[[U, "thirst", "lothari", "falladir"]])
    return place(s, R(U, "infantry-1", "archer-2", "right"))  # seat 0; archer 2 face down


def test_o_r14_scout_off_turn_during_deployment_result_is_private():
    s = first_rank()
    assert s.pending.seat == 1
    peek = orcz.Scout(2, U, 0, "right")
    assert peek in orcz.legal_actions(s, 2)  # seat 2 is not to act, yet may scout
    s = orcz.apply(s, peek)
    assert s.pending.seat == 1 and s.pending.kind == "deploy"  # nothing else changes
    mine = orcz.view(s, 2)
    card = mine["battlefields"][1]["column"][0]["right"]
    assert card["id"] == "archer-2" and card["face_down"] is True
    assert mine["scouted"] == [{"owner": 0, "card": "archer-2"}]
    for other in (0, 1, None):
        if other == 0:
            continue
        hidden = orcz.view(s, other)["battlefields"][1]["column"][0]["right"]
        assert hidden == {"id": None, "face_down": True}
        assert "archer-2" not in json.dumps(
            [e for e in orcz.view(s, other)["log"] if e["kind"].startswith("scout")])
    # everybody learns that seat 2 scouted, and which card position; only seat 2 sees the card
    public = [e for e in orcz.view(s, 1)["log"] if e["kind"] == "scout"]
    assert public and public[0]["seat"] == 2 and public[0]["owner"] == 0
    assert [e["card"] for e in orcz.view(s, 2)["log"] if e["kind"] == "scout_seen"] == [
        "archer-2"]
    # the scout is spent at once, and it is public
    assert "scout" not in mine["hand"]
    assert orcz.view(s, 0)["players"][2]["spent_heroes"] == ["scout"]
    with pytest.raises(IllegalAction, match="your scout is already spent"):
        orcz.apply(s, orcz.Scout(2, U, 0, "right"))


def test_o_r14_the_seat_to_act_may_scout_too():
    s = first_rank()
    s = orcz.apply(s, orcz.Scout(1, U, 0, "right"))
    assert orcz.view(s, 1)["scouted"] == [{"owner": 0, "card": "archer-2"}]
    assert s.pending.seat == 1


def test_o_r14_not_during_fog():
    s = first_rank("fog")
    assert not [a for a in orcz.legal_actions(s, 2) if isinstance(a, orcz.Scout)]
    with pytest.raises(IllegalAction, match="Fog: no scout may be played this round"):
        orcz.apply(s, orcz.Scout(2, U, 0, "right"))


@pytest.mark.parametrize(
    ("scout", "match"),
    [
        (orcz.Scout(0, U, 0, "right"), "you already know your own cards"),
        (orcz.Scout(2, U, 0, "left"), "that card is not face down"),
        (orcz.Scout(2, U, 1, "right"), "Valley of Urth has no rank 1"),
        (orcz.Scout(2, "lothari", 0, "right"), "Forest of Lothari has no rank 0"),
        (orcz.Scout(2, "moria", 0, "right"), "no battlefield 'moria'"),
    ],
)
def test_o_r14_scout_errors(scout, match):
    with pytest.raises(IllegalAction, match=match):
        orcz.apply(first_rank(), scout)


def test_o_r14_scout_during_fights_by_a_seat_not_deciding():
    s = game(3, events=["storm"], orders=[[U, "thirst", "lothari", "falladir"]])
    s = deploy(s, {0: [R(U, "infantry-1", "archer-2", "right")],
                   1: [R(U, "infantry-3", "archer-1", "left")]})
    assert s.pending.kind == "fight" and s.pending.seat == 1
    # seat 1's rank is turned up; seat 0's card is still face down: seat 2 may look at it
    assert orcz.Scout(2, U, 0, "right") in orcz.legal_actions(s, 2)
    with pytest.raises(IllegalAction, match="not face down"):
        orcz.apply(s, orcz.Scout(2, U, 1, "left"))
    s = orcz.apply(s, orcz.Scout(2, U, 0, "right"))
    assert orcz.view(s, 2)["scouted"] == [{"owner": 0, "card": "archer-2"}]
    assert s.pending.kind == "fight" and s.pending.seat == 1
    # once turned up in a fight it cannot be scouted any more
    s = attack(s, U)
    assert not [a for a in orcz.legal_actions(s, 0)
                if isinstance(a, orcz.Scout) and a.battlefield == U]


def test_o_r14_o_r16_scout_while_a_hand_out_is_decided():
    # the seed: the scout "can be played at any time"; while the strongest player decides the
    # hand-out on Urth, face-down cards still stand on Thirst
    s = game(4, stacks={U: ["urth-4-2"]}, events=["storm"],
             orders=[[U, "thirst", "lothari", "falladir"]])
    s = deploy(s, {0: [R(U, "infantry-4", "archer-3")], 1: [R(U, "infantry-4", "archer-2")],
                   2: [R(U, "infantry-3", "archer-2")]})
    while s.pending.kind == "fight":
        s = orcz.apply(s, orcz.Hold(s.pending.seat, U))
    assert s.pending.kind == "hand_out"
    scouts = [a for a in orcz.legal_actions(s, 3) if isinstance(a, orcz.Scout)]
    assert scouts and all(a.battlefield == "thirst" for a in scouts)
    s = orcz.apply(s, scouts[0])
    assert len(orcz.view(s, 3)["scouted"]) == 1
    assert s.pending.kind == "hand_out"


def test_scouted_knowledge_ends_with_the_round():
    s = game(2, events=["storm", "whim"], orders=[[U, "thirst", "lothari", "falladir"]])
    s = place(s, R(U, "infantry-1", "archer-2", "right"))
    s = orcz.apply(s, orcz.Scout(1, U, 0, "right"))
    s = deploy(s)
    while s.round == 1:
        s = impose_on_the_only_other(s)
        if s.round != 1:
            break
        s = orcz.apply(s, orcz.Hold(s.pending.seat, "urth" if s.order[0] == 1 else "thirst"))
    assert orcz.view(s, 1)["scouted"] == []
    assert "scout" not in orcz.view(s, 1)["hand"]  # spent for the whole game
    assert logs(s, "scout")


def test_face_down_card_never_leaks_to_other_seats_before_it_is_turned_up():
    s = game(3, events=["storm"])
    s = place(s, R(U, "infantry-1", "archer-2", "right"))
    s = place(s, R("lothari", "cavalry-2", "infantry-4", "left"))

    def table(seat):  # everything but the seat's own hand (every seat owns an archer 2)
        v = orcz.view(s, seat)
        v.pop("hand", None)
        return json.dumps(v)

    for seat in (1, 2, None):
        assert "archer-2" not in table(seat)
    assert "cavalry-2" not in table(0)
    assert "archer-2" in table(0)


def test_fog_lasts_one_round_only():
    s = game(2, events=["fog", "storm"], orders=[[U, "thirst", "lothari", "falladir"]] * 2)
    s = place(s, R(U, "infantry-1", "archer-2", "right"))
    assert not [a for a in orcz.legal_actions(s, 1) if isinstance(a, orcz.Scout)]
    s = deploy(s)
    while s.round == 1:
        s = impose_on_the_only_other(s)
        if s.round != 1:
            break
        s = orcz.apply(s, orcz.Hold(s.pending.seat, "urth" if s.order[0] == 1 else "thirst"))
    assert s.event == "storm"
    s = place(s, R(U, "infantry-1", "archer-2", "right"))  # seat 1 is first in round 2
    assert orcz.Scout(0, U, 0, "right") in orcz.legal_actions(s, 0)
