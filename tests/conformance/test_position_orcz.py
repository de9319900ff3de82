"""Orcz games started from a stated position: they show what was stated, impossible positions
are refused with their reason, and they play on legally to the end (the conformance checks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import orcz
from common.conformance import check_step
from common.errors import IllegalAction
from tests.conformance.orcz_spec import orcz_invariants, spec

NAMES = ["Ann", "Bob", "Cid"]
RANK = {"owner": 0, "left": "infantry-2", "right": "archer-1", "face_down": "right"}
POSITION: dict[str, Any] = {
    "round": 2, "first_player": 0, "goblins": [3, 9, 0], "event": "storm",
    "spent": [["champion"], [], ["scout", "shaman"]],
    "enemies": {"urth": "urth-6-3"}, "defeated": {"lothari": 2, "urth": 1},
    "ranks": {"urth": [RANK, {"owner": 1, "left": "cavalry-3", "right": "shaman",
                              "face_down": "left"}]},
}


def test_a_stated_position_is_what_the_view_shows() -> None:
    state = orcz.new_game(NAMES, 5, setup=POSITION)
    view = orcz.view(state, 0)
    assert view["round"] == 2 and view["first_player"] == 0
    assert view["event"]["id"] == "storm"
    assert [p["spent_heroes"] for p in view["players"]] == [["champion"], [], ["shaman", "scout"]]
    assert [orcz.view(state, s)["players"][s]["goblins"] for s in range(3)] == [3, 9, 0]
    lothari, urth = view["battlefields"][0], view["battlefields"][1]
    assert lothari["cleared"] and lothari["enemy"] is None
    assert urth["enemy"]["id"] == "urth-6-3" and urth["defeated"] == 1 and urth["stack"] == 0
    assert urth["needed"] == 18
    front, rear = urth["column"]
    assert front["left"]["id"] == "infantry-2" and front["right"]["id"] == "archer-1"
    assert rear["left"] == {"id": None, "face_down": True}  # Bob's face-down Cavalry 3, to Ann
    assert rear["right"]["id"] == "shaman"
    assert orcz.view(state, 1)["battlefields"][1]["column"][1]["left"]["id"] == "cavalry-3"
    assert "infantry-2" not in view["hand"] and "champion" not in view["hand"]
    assert len(view["hand"]) == 13 - 2 - 1
    # Two ranks placed: turn 2 of the round, from Ann, so it is Cid's turn (seat 0 + 2).
    assert view["pending"]["kind"] == "deploy" and view["pending"]["seat"] == 2
    orcz_invariants(state)


def _with(**changes: Any) -> dict[str, Any]:
    return {**POSITION, **changes}


@pytest.mark.parametrize(("setup", "reason"), [
    (_with(goblins=[3, -1, 0]), "goblins cannot be negative"),
    (_with(goblins=[3, 9]), "one entry per seat"),
    (_with(round=4), "round must be from 1 to 3"),
    (_with(spent=[["infantry-1"], [], []]), "only heroes are spent"),
    (_with(round=1), "in round 1 only a played scout can be spent"),
    (_with(spent=[["champion", "champion"], [], []]), "lists Champion twice"),
    (_with(ranks={"urth": [RANK, RANK]}), "Ann has a card in two ranks"),
    (_with(ranks={"urth": [{**RANK, "left": "archer-2"}]}), "two archers may not share a rank"),
    (_with(ranks={"urth": [{**RANK, "left": "infantry-9"}]}), "there is no card 'infantry-9'"),
    (_with(ranks={"lothari": [RANK]}), "Forest of Lothari is cleared"),
    (_with(ranks={"urth": [{**RANK, "left": "champion"}]}), "spent hero in a rank"),
    (_with(hands=[["infantry-1"], [], []]), "is nowhere"),
    (_with(hands=[["infantry-2"], [], []]), "also in a rank"),
    (_with(defeated={"urth": 2}), "has 3 enemies in all"),
    (_with(enemies={"urth": "thirst-6-3"}), "not an enemy of Valley of Urth"),
    (_with(turn=1), "turn must be from 2"),
    (_with(turn=16), "turn must be from 2"),
    (_with(turn=2, ranks={"urth": [RANK, {**RANK, "left": "infantry-3", "right": "cavalry-1"}]}),
     "Ann has 2 ranks on the table after only 1 turn"),
    (_with(event="no-such-event"), "there is no event tile"),
])
def test_an_impossible_position_is_refused_with_its_reason(setup: dict[str, Any],
                                                           reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(")):
        orcz.new_game(NAMES, 5, setup=setup)


def test_a_game_without_position_keys_is_unchanged() -> None:
    plain = orcz.new_game(NAMES, 11, setup={"first_player": 2})
    again = orcz.new_game(NAMES, 11, setup={"first_player": 2})
    assert plain == again and plain.round == 1 and plain.turn == 0


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("setup", [
    POSITION,
    {"round": 3, "first_player": 2, "turn": 15, "goblins": [1, 0, 2],
     "ranks": {"falladir": [RANK]}, "resolution_orders": [[], [], ["falladir"]]},
    {"round": 1, "spent": [["scout"], [], []], "event": "diversion",
     "ranks": {"thirst": [RANK, {**RANK, "owner": 1}, {**RANK, "owner": 2}]}},
])
def test_a_stated_position_plays_on_legally_to_the_end(setup: dict[str, Any], seed: int) -> None:
    state = start = orcz.new_game(NAMES, seed, setup=setup)
    orcz_invariants(state)
    rnd, actions, checks = random.Random(seed), [], spec()
    while not orcz.is_over(state):
        assert len(actions) < 500
        action, state = check_step(checks, state, rnd, 3, deep=True)
        actions.append(action)
    again = start
    for action in actions:
        again = orcz.apply(again, action)
    assert again == state and orcz.new_game(NAMES, seed, setup=setup) == start


@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_of_real_games_round_trip(players: int) -> None:
    """Positions taken from seeded random games, at every placement, rebuild the same table."""
    from orcz.position import position_of

    names = NAMES[:players] if players <= 3 else [*NAMES, "Dee"]
    for seed in range(6):
        rnd = random.Random(seed)
        state = orcz.new_game(names, seed)
        while not orcz.is_over(state):
            if state.pending.kind == "deploy":
                again = orcz.new_game(names, seed, setup=position_of(state))
                same = ("round", "first", "event", "fields", "hands", "spent", "goblins",
                        "bank", "turn", "pending", "orders")
                assert [getattr(again, k) for k in same] == [getattr(state, k) for k in same]
                assert again.event_pile[: len(state.event_pile)] == state.event_pile
                orcz_invariants(again)
            seat = orcz.to_act(state)[0]
            state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
