"""``common.conformance.check_game``, the one check a game's author runs, passes on both games:
the contract's parts, random games checked at every step, the shapes the shell reads, undo's
questions, and the secrecy property through each game's own sampler. It cannot be fooled by
omission: on a small game with hidden information it catches a leak planted in any view, log or
public part, a sampler that keeps the secrets, and a game that says it hides nothing but does."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace
from typing import Any

import pytest

import orcz
import pirates
from common.conformance import Spec, check_game, check_secrecy
from common.offer import Offer
from orcz.sample import sample as orcz_sample
from tests.conformance import hidden_dice
from tests.conformance.orcz_spec import spec as orcz_spec
from tests.pirates.pirates_helpers import check_invariants


def test_check_game_passes_on_orcz() -> None:
    # Its sampler found by the registry. Every 17th state: each is checked for every seat, the
    # spectator, the public table and the logs, at about the cost every 11th was before.
    assert check_game(orcz_spec(), seeds=(3,), deep_every=5, every=17)


def test_check_game_passes_on_pirates() -> None:
    spec = Spec(game=pirates, player_counts=(3, 5), invariants=check_invariants)
    assert check_game(spec, seeds=(3,), deep_every=5, every=17)


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


# --------------------------------------------------------------------------- planted leaks
# Hidden Dice (tests/conformance/hidden_dice.py) registers its sampler in its GAME: check_game
# is called with the spec alone, as an author would, and each leak below is one part replaced.

DICE = Spec(game=hidden_dice, player_counts=(2, 3))


def check_dice() -> None:
    check_game(DICE, seeds=(1, 2, 3))


def test_check_game_passes_on_a_small_game_with_hidden_information() -> None:
    playouts = check_game(DICE, seeds=(1, 2, 3))
    assert len(playouts) == 6 and all(p.steps for p in playouts)


def test_a_fair_sampler_that_happens_to_roll_the_same_die_is_not_taken_for_a_lazy_one() -> None:
    """A short two-player game has one state with secrets, and a die rolled again shows the
    same face one time in six: a few worlds are drawn there before the sampler is judged."""
    for seed in range(1, 80):
        check_game(Spec(game=hidden_dice, player_counts=(2,)), seeds=(seed,), deep_every=0)


def test_a_spectator_view_showing_every_die_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    real = hidden_dice.view

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        return {**real(state, seat), "dice": list(state.dice)} if seat is None else \
            real(state, seat)

    monkeypatch.setattr(hidden_dice, "view", leaky)
    with pytest.raises(AssertionError, match="spectator's view or log"):
        check_dice()


def test_a_seat_view_showing_the_next_seats_die_fails_with_the_spec_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = hidden_dice.view

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        out = real(state, seat)
        if seat is not None:
            out["next_die"] = state.dice[(seat + 1) % len(state.dice)]
        return out

    monkeypatch.setattr(hidden_dice, "view", leaky)
    with pytest.raises(AssertionError, match="seat 0's view differs"):
        check_dice()


def test_a_sampler_that_keeps_the_hidden_dice_fails_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def lazy(state: Any, seat: int, rnd: random.Random) -> Any:
        return state._replace(rng=hidden_dice.Rng(rnd.getrandbits(64)))  # the dice kept

    monkeypatch.setattr(hidden_dice, "sample", lazy)
    with pytest.raises(AssertionError, match=r"sampler tests.conformance.hidden_dice.sample "
                                             r"never changed what seat 0 cannot see"):
        check_dice()
    with pytest.raises(AssertionError, match=r"sampler .*lazy never changed"):
        check_game(DICE, seeds=(1,), sample=lazy)


def test_a_public_view_showing_the_deciding_seats_die_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = hidden_dice.public_view

    def leaky(state: Any, seat: int) -> dict[str, Any]:
        return {**real(state, seat), "die": state.dice[seat]}

    monkeypatch.setattr(hidden_dice, "public_view", leaky)
    with pytest.raises(AssertionError, match="public_view differs"):
        check_dice()


def test_an_offer_that_depends_on_a_die_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def leaky(state: Any, seat: int) -> Offer:
        return Offer(public=(), secret=state.dice[seat] > 3)

    monkeypatch.setattr(hidden_dice, "offer", leaky)
    with pytest.raises(AssertionError, match="an offer"):
        check_dice()


@pytest.mark.parametrize("reader", [None, 0])
def test_a_log_telling_every_roll_fails(monkeypatch: pytest.MonkeyPatch,
                                        reader: int | None) -> None:
    """The log as ``events`` gives it (the log panel draws the spectator's), apart from the
    view's: "Bob, your die: 6" in every log."""
    real = hidden_dice.events

    def leaky(state: Any, seat: int | None) -> list[dict[str, Any]]:
        rolls = [{"kind": "roll", "text": f"{name}, your die: {die}"}
                 for name, die in zip(state.players, state.dice, strict=True)]
        return rolls + real(state, seat) if seat == reader else real(state, seat)

    monkeypatch.setattr(hidden_dice, "events", leaky)
    with pytest.raises(AssertionError, match=r"spectator's view or log|seat 0's log differs"):
        check_dice()


def test_hidden_information_without_a_sampler_is_refused_with_a_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hidden_dice, "GAME", replace(hidden_dice.GAME, sampler=""))
    with pytest.raises(AssertionError, match=r"has hidden information .* but no sampler"):
        check_dice()


def test_a_game_that_says_it_hides_nothing_is_checked_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hidden Dice declared without hidden information: its seats' views show their own die,
    which the spectator's does not."""
    monkeypatch.setattr(hidden_dice, "GAME", replace(hidden_dice.GAME, sampler="",
                                                     hidden=False))
    with pytest.raises(AssertionError, match=r"hidden=False.*seat 0's view differs from the "
                                             r"spectator's in \['log', 'players'\]"):
        check_dice()


def test_orcz_and_pirates_are_checked_with_their_registered_samplers_by_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Called with the spec alone, check_game finds each game's sampler: one that returns the
    truth is caught on both."""
    for module in ("orcz.sample", "pirates.sample"):
        monkeypatch.setattr(importlib.import_module(module), "sample",
                            lambda state, seat, rnd: state)
    with pytest.raises(AssertionError, match=r"sampler orcz.sample.sample never changed"):
        check_game(replace(orcz_spec(), player_counts=(3,)), seeds=(3,), deep_every=0,
                   every=11)
    pirates_spec = Spec(game=pirates, player_counts=(3,), invariants=check_invariants)
    with pytest.raises(AssertionError, match=r"sampler pirates.sample.sample never changed"):
        check_game(pirates_spec, seeds=(3,), deep_every=0, every=11)
