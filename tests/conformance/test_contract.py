"""Every game package exposes the engine contract at its top level, with the same names."""

from __future__ import annotations

import json
import random

import pytest

from common.conformance import check_out_of_turn
from common.engine import GAMES, get_game
from common.errors import IllegalAction

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


def _states(name: str, seed: int, **options: object) -> list[object]:
    """Every state of a seeded random game, played by the first seat to act."""
    game = get_game(name)
    rnd = random.Random(seed)
    state = game.new_game(["Ann", "Bob", "Cid", "Dee"], seed, **options)
    states = [state]
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        state = game.apply(state, rnd.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states


def test_orcz_lists_scouts_and_challenges_to_seats_not_to_act_and_they_apply() -> None:
    import orcz

    offered: set[str] = set()
    for state in _states("orcz", 3, orc_challenge=True)[::3]:
        for seat in set(range(4)) - set(orcz.to_act(state)):
            for action in orcz.legal_actions(state, seat):
                assert isinstance(action, orcz.Scout | orcz.Challenge), action
                orcz.apply(state, action)  # raises if the listing lied
                offered.add(type(action).__name__)
    assert offered == {"Scout", "Challenge"}


def test_pirates_has_no_out_of_turn_action_and_lists_none() -> None:
    import pirates

    for state in _states("pirates", 3)[::5]:
        waiting = pirates.to_act(state)
        for seat in set(range(4)) - set(waiting):
            assert pirates.legal_actions(state, seat) == []
            for action in pirates.legal_actions(state, waiting[0]):
                moved = pirates.action_from_json({**pirates.action_to_json(action), "seat": seat})
                with pytest.raises(IllegalAction):
                    pirates.apply(state, moved)


def test_the_suite_catches_an_out_of_turn_action_that_apply_refuses() -> None:
    import orcz

    state = next(s for s in _states("orcz", 3)
                 if any(orcz.legal_actions(s, x) for x in set(range(4)) - set(orcz.to_act(s))))
    legal = {seat: orcz.legal_actions(state, seat) for seat in range(4)}
    waiting = orcz.to_act(state)
    idle = next(seat for seat in legal if seat not in waiting and legal[seat])
    check_out_of_turn(orcz, state, legal, random.Random(1))  # the real listing passes
    legal[idle] = [orcz.Challenge(idle, idle)]  # a lie: nobody challenges themself
    with pytest.raises(AssertionError, match="not to act"):
        check_out_of_turn(orcz, state, legal, random.Random(1))
