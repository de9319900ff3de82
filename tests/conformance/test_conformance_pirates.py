"""Generic conformance: seeded random whole games of 3, 4 and 5 players, checked at every step."""

from __future__ import annotations

import pytest

import pirates
from common.conformance import Spec, random_playout
from tests.pirates.pirates_helpers import check_invariants

SPEC = Spec(game=pirates, player_counts=(3, 4, 5), invariants=check_invariants)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deep_playouts(players: int) -> None:
    """Every fourth step deeply checked: purity, illegal actions refused, views JSON, replay."""
    for seed in range(4):
        out = random_playout(SPEC, players, 1000 * players + seed, deep_every=4)
        assert pirates.is_over(out.final)


# The README's suite plays 100 games; the soak's other 1,900 run with ``-m slow`` (CI runs both).
FAST_BLOCKS = 1


@pytest.mark.parametrize("block", [
    block if block < FAST_BLOCKS else pytest.param(block, marks=pytest.mark.slow)
    for block in range(20)
])
def test_many_playouts(block: int) -> None:
    """Thousands of whole games in total, conservation checked after every step."""
    for i in range(100):
        seed = block * 100 + i
        players = (3, 4, 5)[seed % 3]
        out = random_playout(SPEC, players, seed, deep_every=97, check_replay=i % 10 == 0)
        assert pirates.is_over(out.final)
        assert pirates.result(out.final)["winner"] is not None
