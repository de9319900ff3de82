"""Worlds a seat cannot tell from the real game: the other cups re-dealt, the dice to come
re-seeded (the secrecy property's twin: ``view(sample(state, s), s) == view(state, s)``).

What a seat knows of the others' cups this round is only how many dice each holds; earlier
rounds' cups were lifted for all to see and are kept (in the log's reveals)."""

from __future__ import annotations

import random

from common.rng import Rng
from liarsdice import FACES, State


def sample(state: State, seat: int, rnd: random.Random) -> State:
    dice = tuple(cup if s == seat else tuple(sorted(rnd.randint(1, FACES) for _ in cup))
                 for s, cup in enumerate(state.dice))
    return state._replace(dice=dice, rng=Rng(rnd.getrandbits(64)))
