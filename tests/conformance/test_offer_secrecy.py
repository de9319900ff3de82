"""The flow reveals nothing: whether a seat gets a curtain, a public prompt, or is
skipped follows from its ``offer``, and an offer is worked out from public facts alone. So
changing any hidden card (every seat's hand, the seat's own included), any unrevealed choice or
any deck order leaves every seat's offer unchanged."""

from __future__ import annotations

import random

import orcz
import pirates
from common.offer import PRIVATE, Offer, offer_of, public_view_of
from orcz.state import State as OrczState
from pirates.offers import plays_card
from pirates.state import State
from tests.conformance.test_secrecy_orcz import hidden_variant
from tests.conformance.test_secrecy_pirates import (
    other_choice,
    other_decks,
    other_hand,
    sample_states,
)
from tests.orcz.orcz_scenario import trajectory


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
    class NoOffer:
        """A game module that declares no ``offer``."""

    assert offer_of(NoOffer(), None, 0) == PRIVATE


# ---- Orcz: attack or hold, the hand-out and the imposed payments are announcements


def orcz_states(seed: int, players: int) -> list[OrczState]:
    """Every state of a seeded random game (scouts and challenges out of turn included), up to
    its end."""
    states, _ = trajectory(seed, 400, players, orc_challenge=seed % 2 == 0)
    return [s for s in states if not orcz.is_over(s)]


def orcz_secrets_changed(state: OrczState, rnd: random.Random) -> OrczState:
    """Every secret changed: each seat's face-down cards and hand, goblins and scouting (what
    each seat may not know, in turn, so every seat's own too), the stacks and the event pile."""
    for seat in range(state.seat_count):
        state = hidden_variant(state, seat, rnd)
    return state


def test_no_orcz_offer_changes_when_any_secret_changes() -> None:
    rnd = random.Random(26)
    checked = public = 0
    for players in (2, 3, 4):
        for seed in range(3):
            for state in orcz_states(2600 + 10 * players + seed, players)[::2]:
                before = [orcz.offer(state, seat) for seat in range(players)]
                changed = orcz_secrets_changed(state, rnd)
                assert [orcz.offer(changed, seat) for seat in range(players)] == before
                seat = orcz.to_act(state)[0]
                if not before[seat].private:
                    public += 1
                    assert public_view_of(orcz, changed, seat) == \
                        public_view_of(orcz, state, seat)
                checked += 1
    assert checked > 300 and public > 50


def test_the_orcz_property_can_fail_what_a_placement_may_be_does_change() -> None:
    """Not vacuous: the same changes do change the legal placements (the hand behind the
    screen), which an offer computed from the listing would show."""
    rnd = random.Random(4)
    differ = 0
    for state in orcz_states(44, 3):
        seat = orcz.to_act(state)[0]
        legal = set(orcz.legal_actions(state, seat))
        differ += legal != set(orcz.legal_actions(orcz_secrets_changed(state, rnd), seat))
    assert differ > 0


def test_orcz_announcements_are_public_and_placing_a_rank_is_private() -> None:
    kinds: set[str] = set()
    for state in orcz_states(7, 4):
        seat = orcz.to_act(state)[0]
        offer = orcz.offer(state, seat)
        kind = state.pending.kind
        kinds.add(kind)
        if kind == "deploy":
            assert offer == PRIVATE
            continue
        legal = orcz.legal_actions(state, seat)
        assert set(offer.public) == {a for a in legal if not isinstance(a, orcz.Scout)}
        assert offer.secret and not offer.window  # ``o``: a look at its own cards first
        for other in range(4):
            if other != seat:
                assert orcz.offer(state, other) == Offer((), False)
    assert {"deploy", "fight", "hand_out", "impose"} <= kinds
