"""A small deterministic random generator whose whole state is one integer.

The generator is a value: every draw returns the result *and* the next generator, so it can live
inside an immutable game state and a game is fully determined by its seed and its actions.
The algorithm is SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in pure Python, and good
enough for shuffling tiles and rolling dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng(NamedTuple):
    """An immutable SplitMix64 generator.

    Dice and shuffles step the state inline rather than through ``next64``: the rules roll and
    shuffle at nearly every step, and a call per draw shows in the step time.
    """

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(_mix(seed & _MASK))

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + _GOLDEN) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (the modulo bias of 64 bits is negligible here)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        state = (self.state + _GOLDEN) & _MASK
        return _mix(state) % n, Rng(state)

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        state = (self.state + _GOLDEN) & _MASK
        return _mix(state) % sides + 1, Rng(state)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of ``items`` as a new tuple."""
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK
            j = _mix(state) % (i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)
