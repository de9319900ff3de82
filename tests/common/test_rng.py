"""The immutable RNG: deterministic, a value, and fair enough for dice and shuffles."""

from __future__ import annotations

from collections import Counter

from common.rng import Rng


def test_same_seed_same_draws() -> None:
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.below(100)[0] for _ in range(3)] == [b.below(100)[0] for _ in range(3)]
    assert a.shuffled(range(20)) == b.shuffled(range(20))


def test_draws_return_a_new_generator_and_leave_the_old_one_alone() -> None:
    rng = Rng.from_seed(1)
    first, after = rng.below(1000)
    again, _ = rng.below(1000)
    assert first == again
    assert after != rng


def test_shuffle_is_a_permutation() -> None:
    items, _ = Rng.from_seed(3).shuffled(list(range(30)))
    assert sorted(items) == list(range(30))
    assert items != tuple(range(30))


def test_die_faces_are_roughly_uniform() -> None:
    rng = Rng.from_seed(11)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        face, rng = rng.die()
        counts[face] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_different_seeds_differ() -> None:
    assert Rng.from_seed(1).shuffled(range(10)) != Rng.from_seed(2).shuffled(range(10))
