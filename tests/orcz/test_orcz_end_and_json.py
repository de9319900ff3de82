"""End of the game (§8, O-R15), spent heroes (§7), views (§10) and the JSON form of actions."""

from __future__ import annotations

import json

import pytest

import orcz
from common.errors import IllegalAction
from orcz.rounds import standings
from tests.orcz.orcz_scenario import (
    FIELDS,
    R,
    deploy,
    game,
    hold_on,
    impose_on_the_only_other,
    logs,
)


def play_out(s: orcz.State, plans=None) -> orcz.State:
    """Play rounds to the end: planned ranks per round, fillers otherwise, every fight held."""
    plans = list(plans or [])
    while not orcz.is_over(s):
        if s.pending.kind == "deploy":
            s = deploy(s, plans.pop(0) if plans else None)
        else:
            assert s.pending.kind == "fight", s.pending
            s = hold_on(s, FIELDS[s.order[0]])
    return s


TIE_RANKS = [R("lothari", "infantry-1", "infantry-2"), R("urth", "infantry-3", "infantry-4"),
             R("falladir", "archer-1", "cavalry-1"), R("thirst", "archer-2", "cavalry-2"),
             R("thirst", "archer-3", "cavalry-3")]


def test_early_end_when_everything_is_defeated_and_o_r15_shared_victory():
    # two players, one 2/1 enemy per battlefield (4 needed); both seats place the very same
    # ranks: every battle is won and tied, (2 + 1) // 2 = 1 goblin each, four times
    s = game(2, stacks={f: [f"{f}-2-1"] for f in FIELDS}, events=["fog", "storm"])
    s = play_out(s, [{0: TIE_RANKS, 1: TIE_RANKS}])
    assert orcz.is_over(s) and s.round == 1  # the game ends before its second round
    assert s.goblins == (9, 9)
    r = orcz.result(s)
    assert r["collective_defeat"] is False and r["cleared"] == 4
    assert r["winners"] == [0, 1]  # O-R15: equal most goblins share the victory
    assert logs(s, "game_over") == [{"winners": (0, 1), "defeat": False, "cleared": 4}]


def test_game_lasts_one_round_per_player_and_then_stops():
    s = game(3, stacks={f: [f"{f}-6-3", f"{f}-5-2"] for f in FIELDS},
             events=["fog", "storm", "whim"])
    s = play_out(s)
    assert orcz.is_over(s) and s.round == 3
    assert [e["round"] for e in logs(s, "round_start")] == [1, 2, 3]
    assert [e["first"] for e in logs(s, "round_start")] == [0, 1, 2]
    assert orcz.to_act(s) == ()
    assert orcz.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        orcz.apply(s, orcz.Hold(0, "urth"))


def test_collective_defeat_fewer_than_three_cleared_everyone_loses():
    # two enemies per battlefield and only fillers on Thirst: at most Thirst is ever cleared
    s = game(2, stacks={f: [f"{f}-6-3", f"{f}-5-2"] for f in FIELDS}, events=["fog", "storm"])
    s = play_out(s)
    cleared = sum(f.cleared for f in s.fields)
    assert cleared <= 1
    r = orcz.result(s)
    assert r["collective_defeat"] is True and r["winners"] == []
    assert logs(s, "game_over")[0]["defeat"] is True


def test_three_cleared_is_enough_most_goblins_wins():
    # round 1 clears Lothari, Urth and Falladir (one 2/1 each); Thirst keeps a second enemy
    s = game(2, stacks={"lothari": ["lothari-2-1"], "urth": ["urth-2-1"],
                        "falladir": ["falladir-2-1"], "thirst": ["thirst-6-3", "thirst-5-2"]},
             events=["fog", "storm"])
    plan = {0: [R("lothari", "champion", "infantry-1"), R("urth", "infantry-4", "infantry-3"),
                R("falladir", "infantry-2", "archer-3")]}
    s = play_out(s, [plan])
    assert s.round == 2
    assert [f.cleared for f in s.fields][:3] == [True, True, True]
    r = orcz.result(s)
    assert r["collective_defeat"] is False
    best = max(s.goblins)
    assert r["winners"] == [i for i, g in enumerate(s.goblins) if g == best]
    assert [x["goblins"] for x in r["standings"]] == sorted(s.goblins, reverse=True)


@pytest.mark.parametrize(
    ("goblins", "cleared", "winners", "defeat"),
    [((7, 7, 3), 4, [0, 1], False), ((7, 8, 3), 3, [1], False), ((9, 1), 2, [], True),
     ((0, 0, 0, 0), 3, [0, 1, 2, 3], False)],
)
def test_o_r15_standings(goblins, cleared, winners, defeat):
    r = standings(goblins, cleared)
    assert r["winners"] == winners and r["collective_defeat"] is defeat


def test_heroes_spent_when_their_battlefield_is_resolved_even_if_lost():
    s = game(2, stacks={"urth": ["urth-6-3"]}, orders=[["urth", "thirst", "lothari", "falladir"]])
    s = impose_on_the_only_other(deploy(s, {0: [R("urth", "shaman", "infantry-1", "left")]}))
    # the shaman's battle is lost (2 against 12) yet the shaman is spent; public to all
    assert not logs(s, "battle", "urth")[0]["won"]
    assert orcz.view(s, 1)["players"][0]["spent_heroes"] == ["shaman"]
    assert logs(s, "heroes_spent", "urth") == [{"battlefield": "urth", "heroes": ("0:shaman",)}]


def test_heroes_not_spent_before_their_battlefield_is_resolved():
    s = game(2, orders=[["thirst", "urth", "lothari", "falladir"]])
    s = deploy(s, {0: [R("urth", "champion", "infantry-1", "left")]})
    assert s.order[0] == 3 and s.pending.kind == "fight"
    assert orcz.view(s, 1)["players"][0]["spent_heroes"] == []


# ---------------------------------------------------------------- views (§10)

def test_goblins_are_secret_until_the_end():
    s = game(2)
    v = orcz.view(s, 0)
    assert v["players"][0]["goblins"] == 5 and v["players"][1]["goblins"] is None
    assert orcz.view(s, None)["players"][0]["goblins"] is None
    s = game(2, stacks={f: [f"{f}-2-1"] for f in FIELDS})
    s = play_out(s, [{0: TIE_RANKS, 1: TIE_RANKS}])
    assert orcz.view(s, 1)["players"][0]["goblins"] == 9


def test_views_are_json_and_hide_the_stacks_and_pile():
    s = game(4, stacks={"urth": ["urth-2-1", "urth-6-3", "urth-5-2"]})
    s = deploy(s, stop_after=5)
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(orcz.view(s, seat))
        assert "urth-6-3" not in text and "urth-5-2" not in text
        assert "event_pile" not in text


def test_forced_hero_flag_false_normally():
    assert orcz.view(game(2), 0)["pending"]["forced_hero"] is False


# ---------------------------------------------------------------- JSON actions

def test_placement_json_shape_is_exactly_the_documented_one():
    action = orcz.PlaceRank(0, "urth", "infantry-2", "archer-1", "right")
    assert orcz.action_to_json(action) == {
        "type": "place_rank", "seat": 0, "battlefield": "urth", "left": "infantry-2",
        "right": "archer-1", "face_down": "right"}


def test_scout_json_shape_is_exactly_the_documented_one():
    assert orcz.action_to_json(orcz.Scout(2, "thirst", 1, "left")) == {
        "type": "scout", "seat": 2, "battlefield": "thirst", "rank": 1, "side": "left"}


@pytest.mark.parametrize("action", [
    orcz.PlaceRank(1, "lothari", "champion", "cavalry-3", "left"),
    orcz.Scout(0, "falladir", 0, "right"),
    orcz.Attack(3, "urth"),
    orcz.Hold(2, "thirst"),
    orcz.HandOut(0, "urth", (0, 1, 1, 0)),
    orcz.Impose(1, "lothari", (2, 0, 0)),
    orcz.Challenge(1, 0),
])
def test_actions_round_trip_through_json(action):
    data = orcz.action_to_json(action)
    assert orcz.action_from_json(json.loads(json.dumps(data))) == action


def test_json_of_hand_out_lists_shares():
    assert orcz.action_to_json(orcz.HandOut(0, "urth", (0, 0, 2, 0))) == {
        "type": "hand_out", "seat": 0, "battlefield": "urth", "shares": [0, 0, 2, 0]}
    assert orcz.action_to_json(orcz.Impose(0, "urth", (0, 0, 0, 2))) == {
        "type": "impose", "seat": 0, "battlefield": "urth", "payments": [0, 0, 0, 2]}


@pytest.mark.parametrize(("data", "match"), [
    ([1, 2], "JSON object"),
    ({"type": "fireball"}, "unknown action type"),
    ({"type": "hold", "seat": 0}, "lacks 'battlefield'"),
    ({"type": "hold", "seat": True, "battlefield": "urth"}, "whole number"),
    ({"type": "hold", "seat": "0", "battlefield": "urth"}, "whole number"),
    ({"type": "hold", "seat": 0, "battlefield": 3}, "text"),
    ({"type": "hand_out", "seat": 0, "battlefield": "urth", "shares": [1, "2"]}, "list of whole"),
])
def test_malformed_json_actions_raise_illegal_action(data, match):
    with pytest.raises(IllegalAction, match=match):
        orcz.action_from_json(data)
