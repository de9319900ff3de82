"""Real Pirate's Cove states for interface tests: new games advanced by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pirates
from pirates.options import refusal
from pirates.state import State

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def play(players: int, seed: int) -> Iterator[State]:
    """Every state of one seeded random game, the first and the last included."""
    state = pirates.new_game(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    yield state
    while not pirates.is_over(state):
        seat = pirates.to_act(state)[0]
        state = pirates.apply(state, rng.choice(pirates.legal_actions(state, seat)))
        yield state


def decisions(seeds: range, where: Callable[[list[Any]], bool] | None = None
              ) -> Iterator[tuple[State, int, dict[str, Any], list[Any]]]:
    """(state, seat, that seat's view, its legal actions) for every decision of the games, or
    those whose legal actions pass ``where`` (a view costs more than the rest of a step)."""
    for seed in seeds:
        for state in play(3 + seed % 3, seed):
            for seat in pirates.to_act(state):
                legal = pirates.legal_actions(state, seat)
                if where is None or where(legal):
                    yield state, seat, pirates.view(state, seat), legal


def first_state(seed: int, players: int, test: Any) -> State:
    """The first state of a seeded game for which ``test(state)`` holds."""
    for state in play(players, seed):
        if test(state):
            return state
    raise AssertionError("no such state in this game")


def reasons(state: State) -> Any:
    return lambda action: str(refusal(state, action))
