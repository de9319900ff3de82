"""The flow reveals nothing (issue 16 §1): whether a seat gets a curtain, a public prompt, or is
skipped follows from its ``offer``, and an offer is worked out from public facts alone. So
changing any hidden card (every seat's hand, the seat's own included), any unrevealed choice or
any deck order leaves every seat's offer unchanged."""

from __future__ import annotations

import random

import pirates
from common.offer import PRIVATE, offer_of
from pirates.offers import plays_card
from pirates.state import State
from tests.conformance.test_secrecy_pirates import (
    other_choice,
    other_decks,
    other_hand,
    sample_states,
)


def offers(state: State) -> list[object]:
    return [pirates.offer(state, seat) for seat in range(state.seat_count)]


def hidden_changed(state: State, rnd: random.Random) -> State:
    changed = other_decks(state, rnd)
    for seat in range(state.seat_count):
        changed = other_choice(other_hand(changed, seat, rnd), seat, rnd)
    return changed


def test_no_offer_changes_when_any_secret_changes() -> None:
    rnd = random.Random(16)
    checked = 0
    for players in (3, 5):
        for seed in range(2):
            for state in sample_states(1600 + 10 * players + seed, players, every=3):
                before = offers(state)
                for _ in range(2):
                    assert offers(hidden_changed(state, rnd)) == before
                    checked += 1
    assert checked > 400


def test_a_public_decisions_view_changes_with_no_secret() -> None:
    """What a decision at the public table is drawn from shows no hand, the deciding seat's
    own included: its costs and reasons are the public ones."""
    rnd = random.Random(61)
    checked = 0
    for state in sample_states(1661, 4, every=3):
        for seat in pirates.to_act(state):
            if pirates.offer(state, seat).private:
                continue
            before = pirates.public_view(state, seat)
            assert pirates.public_view(hidden_changed(state, rnd), seat) == before
            assert "hand" not in before
            checked += 1
    assert checked > 50


def test_the_property_can_fail_the_cards_a_seat_may_play_do_change() -> None:
    """Not vacuous: the same changes do change which cards some seat may play, which is what an
    offer must not show."""
    rnd = random.Random(3)
    differ = 0
    for state in sample_states(77, 4, every=2):
        seat = pirates.to_act(state)[0]
        cards = {a for a in pirates.legal_actions(state, seat) if plays_card(a)}
        changed = hidden_changed(state, rnd)
        differ += cards != {a for a in pirates.legal_actions(changed, seat) if plays_card(a)}
    assert differ > 0


def test_an_offer_splits_the_listing_into_public_actions_and_card_plays() -> None:
    """Every legal action is offered publicly or plays a card, and a seat holding no card has
    nothing beyond the public part."""
    for state in sample_states(5, 3, every=2):
        for seat in pirates.to_act(state):
            offer = pirates.offer(state, seat)
            legal = pirates.legal_actions(state, seat)
            if offer == PRIVATE:
                continue
            assert set(offer.public) == {a for a in legal if not plays_card(a)}
            if not state.ships[seat].hand:
                assert not offer.secret and set(offer.public) == set(legal)


def test_a_game_without_offers_keeps_every_decision_private() -> None:
    import orcz

    state = orcz.new_game(["A", "B", "C"], 1)
    assert offer_of(orcz, state, orcz.to_act(state)[0]) == PRIVATE
