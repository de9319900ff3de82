"""Every game package exposes the engine contract at its top level, with the same names."""

from __future__ import annotations

import json
import random

import pytest

from common.engine import GAMES, get_game

CALLS = ("new_game", "to_act", "legal_actions", "apply", "view", "events", "is_over", "result",
         "action_to_json", "action_from_json")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_contract_names(name: str) -> None:
    game = get_game(name)
    if not hasattr(game, "new_game"):
        pytest.skip(f"{name} has no rules core yet")
    for call in CALLS:
        assert callable(getattr(game, call)), f"{name}.{call} is missing"
    assert game.NAME == name
    assert game.MIN_PLAYERS <= game.MAX_PLAYERS


def test_a_full_seeded_orcz_game_through_the_public_calls() -> None:
    import orcz

    rnd = random.Random(7)
    state = orcz.new_game(["Ann", "Bob", "Cid", "Dee"], 7)
    steps = 0
    while not orcz.is_over(state):
        seat = orcz.to_act(state)[0]
        state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
        steps += 1
    result = orcz.result(state)
    json.dumps(result)
    assert result["over"] and steps > 40
    assert len(result["standings"]) == 4


def test_unknown_game() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        get_game("chess")
