"""Whole games under random legal play: the rules' global promises hold at every step."""

from __future__ import annotations

from itertools import islice

import pytest

import orcz
from orcz.data import EVENT_BY_ID
from tests.orcz.orcz_scenario import random_play


def random_game(players: int, seed: int) -> tuple[orcz.State, list[orcz.State]]:
    seen = list(islice(random_play(["A", "B", "C", "D"][:players], seed, scouts=False), 2001))
    return seen[-1], seen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_and_keep_the_rules_promises(players, seed):
    end, states = random_game(players, seed)
    assert orcz.is_over(end)
    assert 1 <= end.round <= players
    cleared = sum(f.cleared for f in end.fields)
    assert end.round == players or cleared == 4  # early end only when everything is defeated
    for s in states:
        # O-R3: the bank absorbs and pays; goblins never go negative
        assert sum(s.goblins) + s.bank == 5 * players
        assert min(s.goblins) >= 0
    starts = [dict(e.data) for e in end.log if e.kind == "round_start"]
    assert [x["first"] for x in starts] == [
        (starts[0]["first"] + r) % players for r in range(len(starts))]
    # at most five ranks per seat and round; never more than one event per round
    placed_per_round: dict[tuple[int, int], int] = {}
    round_no = 0
    for e in end.log:
        if e.kind == "round_start":
            round_no = dict(e.data)["round"]
        if e.kind == "placed":
            key = (round_no, dict(e.data)["seat"])
            placed_per_round[key] = placed_per_round.get(key, 0) + 1
    assert max(placed_per_round.values()) <= 5
    drawn = [dict(e.data)["event"] for e in end.log if e.kind == "event_drawn"]
    assert len(drawn) == end.round and all(d in EVENT_BY_ID for d in drawn)
    result = orcz.result(end)
    assert result["collective_defeat"] == (cleared < 3)
