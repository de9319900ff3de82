"""``common.conformance.check_game``, the one check a game's author runs, passes on both games:
the contract's parts, random games checked at every step, the shapes the shell reads, undo's
questions, and the secrecy property through each game's own sampler."""

from __future__ import annotations

import random
from typing import Any

import pytest

import orcz
import pirates
from common.conformance import Spec, check_game, check_secrecy
from orcz.sample import sample as orcz_sample
from pirates.sample import sample as pirates_sample
from tests.conformance.orcz_spec import spec as orcz_spec
from tests.pirates.pirates_helpers import check_invariants


def test_check_game_passes_on_orcz() -> None:
    assert check_game(orcz_spec(), seeds=(3,), deep_every=5, sample=orcz_sample, every=11)


def test_check_game_passes_on_pirates() -> None:
    spec = Spec(game=pirates, player_counts=(3, 5), invariants=check_invariants)
    assert check_game(spec, seeds=(3,), deep_every=5, sample=pirates_sample, every=11)


def test_the_secrecy_check_catches_a_view_that_shows_another_seats_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted leak: every view shows what is left in each hand. Once ranks are placed face
    down, worlds drawn for a seat deal the others other cards, so its view differs between
    them and the check fails."""
    real = orcz.view

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        return {**real(state, seat), "leak": list(state.hands)}

    state, rnd = orcz.new_game(["Ann", "Bob", "Cid"], 5), random.Random(5)
    for _ in range(6):  # two ranks each: some cards face down
        seat = orcz.to_act(state)[0]
        state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
    check_secrecy(orcz, state, 3, orcz_sample, random.Random(1))  # the real view keeps it
    monkeypatch.setattr(orcz, "view", leaky)
    with pytest.raises(AssertionError, match="view differs"):
        check_secrecy(orcz, state, 3, orcz_sample, random.Random(1))
