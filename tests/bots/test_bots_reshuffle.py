"""A Pirate's Cove world after a Tavern reshuffle is a possible world: the new deck
was made of the discards, every one of them shown when it was played, so the cards drawn before
the reshuffle (still in the hands) cannot be in the deck. Copies are one card: the
deck may hold any copy of the kinds the latest deck could still hold, no more of a kind."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

import pirates
from common.log import records
from pirates import data as D
from pirates import event_kinds as E
from pirates.sample import sample
from pirates.state import State
from tests.bots.tavern_fit import tavern_misfit


class Played(NamedTuple):
    """A seeded random game driven ``after`` steps past its first Tavern reshuffle, and each
    card's deck (the number of reshuffles before it was last drawn), read from the states: the
    log names no copy."""

    state: State
    deck_of: dict[int, int]


def past_a_reshuffle(seed: int, players: int, after: int) -> Played:
    rnd = random.Random(seed)
    state = pirates.new_game([f"P{i}" for i in range(players)], seed)
    deck_of = drawn_now(state, state, {})
    left = None
    while left != 0:
        seat = rnd.choice(list(pirates.to_act(state)))
        before, state = state, pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
        deck_of = drawn_now(before, state, deck_of)
        if left is None and any(r[0] is E.TAVERN_RESHUFFLED for r in state.history[1]):
            left = after
        elif left is not None:
            left -= 1
    assert not pirates.is_over(state)
    return Played(state, deck_of)


def drawn_now(before: State, after: State, deck_of: dict[int, int]) -> dict[int, int]:
    """``deck_of`` with the cards that came into a hand or onto a mat from ``before`` to
    ``after`` (or in the set-up, when they are the same) given the latest deck's number."""
    shuffles = sum(r[0] is E.TAVERN_RESHUFFLED for r in records(after.history))
    out = dict(deck_of)
    for a, b in zip(before.ships, after.ships, strict=True):
        held = set() if before is after else {*a.hand, a.parrot}
        out.update((c, shuffles) for c in {*b.hand, b.parrot} - held - {-1})
    return out


def test_after_a_reshuffle_a_world_keeps_each_card_among_those_of_its_deck() -> None:
    state, deck_of = past_a_reshuffle(17, 5, 40)
    latest = max(deck_of.values())
    old = [c for p in range(5) for c in state.ships[p].hand if deck_of.get(c, 0) < latest]
    assert old and state.tavern_deck  # cards from before the reshuffle are still held
    for seat in range(5):
        for n in range(20):
            world = sample(state, seat, random.Random(n))
            assert pirates.view(world, seat) == pirates.view(state, seat)
            assert tavern_misfit(state, world, seat) is None, (seat, n)


def test_after_a_reshuffle_worlds_still_redraw_the_hands() -> None:
    """The rule keeps each card to its deck's pool, not to its hand: hands still change."""
    state = past_a_reshuffle(17, 5, 40).state
    changed = sum(world.ships[1].hand != state.ships[1].hand
                  for world in (sample(state, 0, random.Random(n)) for n in range(20)))
    assert changed > 0


def possible(state: State, world: State, seat: int) -> bool:
    """Whether ``world`` agrees with what ``seat`` saw of the Tavern: the same view, and a deal
    of the decks that gives its hands and deck (tests/bots/tavern_fit.py)."""
    if pirates.view(world, seat) != pirates.view(state, seat):
        return False
    return tavern_misfit(state, world, seat) is None


def check_games(seeds: range, every: int, worlds: int) -> int:
    """Seeded random 5-player games; every ``every`` steps after a reshuffle, ``worlds`` worlds
    per seat are checked. The number checked."""
    checked = 0
    for seed in seeds:
        rnd = random.Random(seed)
        state = pirates.new_game([f"P{i}" for i in range(5)], seed)
        deck_of = drawn_now(state, state, {})
        step = 0
        while not pirates.is_over(state):
            seat = rnd.choice(list(pirates.to_act(state)))
            before = state
            state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
            deck_of = drawn_now(before, state, deck_of)
            step += 1
            if step % every or not max(deck_of.values(), default=0):
                continue
            for seat in range(5):
                for n in range(worlds):
                    world = sample(state, seat, random.Random(seed * 1000 + step + n))
                    assert possible(state, world, seat), (seed, step, seat, n)
                    checked += 1
    return checked


def test_worlds_after_reshuffles_agree_with_what_each_seat_saw() -> None:
    assert check_games(range(17, 19), 8, 2) > 120


@pytest.mark.slow
def test_worlds_after_reshuffles_agree_with_what_each_seat_saw_over_many_games() -> None:
    assert check_games(range(10, 40), 4, 3) > 1000


def test_a_reshuffle_logs_the_discards_it_shuffles_for_all_to_read() -> None:
    """The sampler keeps each card to its deck from the public log alone: the reshuffle names the
    kinds of the cards of the new deck, which were the discards every seat saw."""
    rnd = random.Random(17)
    state = pirates.new_game([f"P{i}" for i in range(5)], 17)
    seen = 0
    while not seen and not pirates.is_over(state):
        seat = rnd.choice(list(pirates.to_act(state)))
        after = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
        for record in after.history[1] if after.history is not state.history else ():
            if record[0] is E.TAVERN_RESHUFFLED:
                assert record[0].private < 0
                assert sorted(record[1]) == sorted(D.TAVERN[c].effect
                                                   for c in state.tavern_discard)
                seen += 1
        state = after
    assert seen
