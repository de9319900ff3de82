"""Computer players for every registered game that has them, found from the entry points: a
game nobody here wrote gets its random and normal players checked to play whole games with
legal moves only, the same way for the same seed (a replayed or resumed game decides alike)."""

from __future__ import annotations

import pytest

from common.bots import choose, game_bots, make_bot
from common.registry import GAMES

WITH_BOTS = sorted(name for name in GAMES if GAMES[name].has_bots)


def play(game: str, level: str, seed: int) -> list[object]:
    rules = game_bots(game).rules
    players = rules.MAX_PLAYERS
    bots = [make_bot(game, level, seed=seed * 10 + i) for i in range(players)]
    state = rules.new_game([f"P{i}" for i in range(players)], seed)
    moves: list[object] = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action = choose(bots[seat], state, seat, len(moves))
        assert action in rules.legal_actions(state, seat)
        state = rules.apply(state, action)
        moves.append(action)
    assert rules.result(state)["standings"]
    return moves


def test_the_shipped_games_are_among_those_with_bots() -> None:
    assert {"orcz", "pirates"} <= set(WITH_BOTS)


@pytest.mark.parametrize("level", ["random", "normal"])
@pytest.mark.parametrize("game", WITH_BOTS)
def test_every_games_bots_play_a_whole_game_alike_for_a_seed(game: str, level: str) -> None:
    assert play(game, level, 4) == play(game, level, 4)
