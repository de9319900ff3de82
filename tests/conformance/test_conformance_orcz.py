"""Seeded random Orcz playouts through the generic conformance suite."""

from __future__ import annotations

import pytest

import orcz
from common.conformance import random_playout
from tests.conformance.orcz_spec import orcz_invariants, spec

# A few thousand whole games in all: 8 batches × 3 player counts × N seeds; the README's suite
# plays the first two batches, ``-m slow`` the others (CI runs both).
GAMES_PER_BATCH = 110
FAST_BATCHES = 2


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("batch", [
    batch if batch < FAST_BATCHES else pytest.param(batch, marks=pytest.mark.slow)
    for batch in range(8)
])
def test_random_games_conform(players: int, batch: int) -> None:
    for n in range(GAMES_PER_BATCH):
        seed = 1_000 * batch + n
        deep = 1 if n % 20 == 0 else 0  # every check after every step on one game in twenty
        options = {"orc_challenge": True} if n % 3 == 0 else {}
        playout = random_playout(spec(**options), players, seed, deep_every=deep,
                                 check_replay=n % 5 == 0)
        assert orcz.is_over(playout.final)


def test_invariants_catch_a_vanished_goblin() -> None:
    state = orcz.new_game(["A", "B"], 3)
    broken = state._replace(goblins=(state.goblins[0] - 1, state.goblins[1]))
    with pytest.raises(AssertionError, match="goblins"):
        orcz_invariants(broken)
