"""The ``normal`` Liar's Dice player and what ``hard``'s search needs (``common.bots.GameBots``).

The heuristic knows its own cup and counts on a sixth of every other die showing any face: it
calls a bid that asks for more than that (plus one for luck), else raises on the face it holds
most of by the smallest step."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from liarsdice import FACES, Bid, Call, State, higher, is_over, total_dice

HARD_STEPS = 2_000  # rollout steps of one hard decision: a game step costs microseconds here


def _expected(state: State, seat: int, face: int) -> float:
    mine = state.dice[seat].count(face)
    return mine + (total_dice(state) - len(state.dice[seat])) / FACES


def _score(state: State, seat: int, action: Any) -> float:
    if isinstance(action, Call):
        bid = state.bid
        return 0.0 if bid is None else bid.qty - _expected(state, seat, bid.face) - 1.0
    assert isinstance(action, Bid)
    return _expected(state, seat, action.face) - action.qty + 0.01 * action.face


def shortlist(world: State, seat: int, legal: Sequence[Any], k: int) -> list[Any]:
    """The ``k`` most promising actions: the call, and the raises nearest to what is likely."""
    return sorted(legal, key=lambda a: -_score(world, seat, a))[:k]


def normal(world: State, seat: int, legal: Sequence[Any], rnd: random.Random) -> Any:
    bid = world.bid
    if bid is not None and _score(world, seat, Call(seat)) > 0:
        return Call(seat)
    raises = [a for a in legal if isinstance(a, Bid) and higher(bid, a.qty, a.face)]
    if not raises:
        return legal[0]
    best = max(raises, key=lambda a: (_score(world, seat, a), -a.qty, rnd.random()))
    return best


def winners(state: State) -> list[int]:
    return [s for s, cup in enumerate(state.dice) if cup] if is_over(state) else []


def points(state: State, seat: int) -> int:
    return len(state.dice[seat])


def stage(state: State) -> int:
    """The round: a rollout stops where the cups are lifted."""
    return state.round


def value(state: State, seat: int) -> float:
    """Its share of the dice left (1 for the winner, 0 once out)."""
    total = total_dice(state)
    return len(state.dice[seat]) / total if total else 0.0
