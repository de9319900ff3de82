"""§10 secrecy as a property: what a seat may not know never changes its view or its log.

States are sampled from seeded random games; for each, an opponent's hand is changed (cards
swapped with the deck), an opponent's unrevealed outfitting or course is changed, and the orders
of the Tavern, Treasure and legendary-pirate decks are shuffled."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pirates
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import Navigate, Outfit
from pirates.state import NOBODY, OUTFIT, State
from tests.pirates.pirates_helpers import (
    NAMES,
    act,
    check_invariants,
    new,
    pass_window,
)


def others_views(state: pirates.State, me: int) -> list:
    return [pirates.view(state, s) for s in range(state.seat_count) if s != me] + [
        pirates.view(state, None)]


def fresh() -> pirates.State:
    return pirates.new_game(NAMES[:4], 9, setup={"tavern": ["fame1-1", "smoke-1", "lookout"]})


def sample_states(seed: int, players: int, every: int) -> list[State]:
    rnd = random.Random(seed)
    state = pirates.new_game([f"P{i}" for i in range(players)], seed)
    out = []
    step = 0
    while not pirates.is_over(state):
        if step % every == 0:
            out.append(state)
        seat = rnd.choice(pirates.to_act(state))
        state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
        step += 1
    return out


def seen(state: State, seat: int) -> tuple[object, object]:
    return pirates.view(state, seat), pirates.events(state, seat)


def other_choice(state: State, seat: int, rnd: random.Random) -> State:
    choice = (state.outfits if state.phase == OUTFIT else state.headings)[seat]
    if state.seat != NOBODY or choice is None:
        return state
    if state.phase == OUTFIT:
        outfits = list(state.outfits)
        outfits[seat] = rnd.choice([(1, 1, 1, 1), (4, 1, 1, 1), (1, 1, 2, 3), (1, 5, 1, 1)])
        return state._replace(outfits=tuple(outfits))
    headings = list(state.headings)
    headings[seat] = rnd.choice([i for i in range(1, 7) if i != choice])
    return state._replace(headings=tuple(headings))


def other_decks(state: State, rnd: random.Random) -> State:
    tavern = list(state.tavern_deck)
    rnd.shuffle(tavern)
    treasure = [c for stack in state.stacks for c in stack]
    rnd.shuffle(treasure)
    stacks = []
    for stack in state.stacks:
        stacks.append(tuple(treasure[:len(stack)]))
        treasure = treasure[len(stack):]
    legends = list(state.legend_deck)
    rnd.shuffle(legends)
    return state._replace(tavern_deck=tuple(tavern), stacks=tuple(stacks),
                   legend_deck=tuple(legends))


def other_hand(state: State, seat: int, rnd: random.Random) -> State:
    """Swap ``seat``'s hidden cards with non-parrot cards of the Tavern deck (at the end of the
    game fame cards are shown: only the other cards are swapped, for other non-fame cards)."""
    hand = list(state.ships[seat].hand)
    deck = list(state.tavern_deck)
    banned = {D.PARROT, D.FAME} if pirates.is_over(state) else {D.PARROT}
    spare = [i for i, c in enumerate(deck) if D.TAVERN[c].kind not in banned]
    rnd.shuffle(spare)
    mine = [h for h, c in enumerate(hand) if D.TAVERN[c].kind not in banned - {D.PARROT}]
    for h, d in zip(mine, spare, strict=False):
        hand[h], deck[d] = deck[d], hand[h]
    ships = list(state.ships)
    ships[seat] = ships[seat]._replace(hand=tuple(sorted(hand)))
    return state._replace(ships=tuple(ships), tavern_deck=tuple(deck))


def state_after(seed: int, players: int, steps: int) -> State:
    rnd = random.Random(seed)
    state = pirates.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(steps):
        if pirates.is_over(state):
            break
        seat = rnd.choice(pirates.to_act(state))
        state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
    return state


def test_outfitting_is_not_visible_to_others_before_the_reveal() -> None:
    a = act(fresh(), Outfit(0, (1, 3, 1, 1)))
    b = act(fresh(), Outfit(0, (2, 1, 2, 2)))
    assert others_views(a, 0) == others_views(b, 0)
    assert pirates.view(a, 0)["my_choice"] == {"hull": 1, "sails": 3, "crew": 1,
                                               "cannons": 1}
    assert pirates.view(a, 1)["players"][0]["levels"] == {"hull": 1, "sails": 1, "crew": 1,
                                                          "cannons": 1}
    # Revealed together once every seat has chosen.
    for seat in (1, 2, 3):
        a = act(a, Outfit(seat, (1, 1, 1, 1)))
    assert pirates.view(a, 1)["players"][0]["levels"]["sails"] == 3
    assert a.ships[0].gold == 9 - 3


def test_navigation_is_not_visible_to_others_before_the_reveal() -> None:
    state = pass_window(new())
    a = act(state, Navigate(0, 2))
    b = act(state, Navigate(0, 3))
    assert others_views(a, 0) == others_views(b, 0)
    assert pirates.view(a, 0)["my_choice"] == 2
    with pytest.raises(IllegalAction):
        pirates.apply(a, Navigate(0, 4))  # a course once set is not set again


def test_tavern_hands_and_deck_order_are_secret() -> None:
    state = new()
    other = state._replace(tavern_deck=tuple(reversed(state.tavern_deck)))
    for seat in (0, 1, 2, 3, None):
        assert pirates.view(state, seat) == pirates.view(other, seat)
    theirs = pirates.view(state, 1)["players"][0]
    assert theirs["cards_in_hand"] == 1 and theirs["fame_cards"] is None
    assert pirates.view(state, 1)["hand"] == [D.TAVERN[c].effect for c in state.ships[1].hand]
    assert pirates.view(state, 0)["hand"] == ["fame1"]


def copies_swapped(order: list[str]) -> list[str]:
    """A Tavern or Treasure deck order with the copies of each card in reverse order: the same
    cards at a real table."""
    copies: dict[str, list[str]] = {}
    for card in (*D.TAVERN, *D.TREASURES):
        kind = card.effect if isinstance(card, D.TavernCard) else card.id.split("#")[0]
        copies.setdefault(kind, []).append(card.id)
    flip = {i: ids[-1 - n] for ids in copies.values() for n, i in enumerate(ids)}
    return [flip[i] for i in order]


@pytest.mark.parametrize("seed", [3, 11])
def test_copies_of_a_card_are_one_card_in_every_view_and_log(seed: int) -> None:
    """Copies of a card are one card to a seat: two games whose Tavern and Treasure decks differ
    only in which copy lies where show every seat, and the table, the very same view and log at
    every step of a whole game."""
    rnd = random.Random(seed)
    order = [c.id for c in D.TAVERN]
    treasure = [c.id for c in D.TREASURES]
    rnd.shuffle(order)
    rnd.shuffle(treasure)
    names = ["A", "B", "C", "D", "E"][:3 + seed % 3]
    game = pirates.new_game(names, seed, setup={"tavern": order, "treasure": treasure})
    twin = pirates.new_game(names, seed, setup={"tavern": copies_swapped(order),
                                                "treasure": copies_swapped(treasure)})
    assert [s.hand for s in game.ships] != [s.hand for s in twin.ships]
    assert game.stacks != twin.stacks
    while not pirates.is_over(game):
        for seat in (*range(len(names)), None):
            assert pirates.view(game, seat) == pirates.view(twin, seat), seat
        seat = rnd.choice(pirates.to_act(game))
        legal = pirates.legal_actions(game, seat)
        assert legal == pirates.legal_actions(twin, seat)
        action = rnd.choice(legal)
        game, twin = pirates.apply(game, action), pirates.apply(twin, action)
    assert pirates.view(game, None) == pirates.view(twin, None)


def test_an_opponents_hidden_hand_does_not_change_my_view() -> None:
    state = new()
    mine, deck_card = state.ships[0].hand[0], state.tavern_deck[5]
    ships = list(state.ships)
    ships[0] = ships[0]._replace(hand=(deck_card,))
    deck = list(state.tavern_deck)
    deck[5] = mine
    other = state._replace(ships=tuple(ships), tavern_deck=tuple(deck))
    for seat in (1, 2, 3, None):
        assert pirates.view(state, seat) == pirates.view(other, seat)
    assert pirates.view(state, 0) != pirates.view(other, 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_secrecy_hidden_hands_secret_choices_and_deck_orders(players: int) -> None:
    rnd = random.Random(players)
    checked = 0
    for seed in range(3):
        for state in sample_states(100 * players + seed, players, every=9):
            for seat in range(players):
                before = seen(state, seat)
                for other in range(players):
                    if other == seat:
                        continue
                    changed = other_choice(other_hand(state, other, rnd), other, rnd)
                    check_invariants(changed)
                    assert seen(changed, seat) == before, f"seat {seat} sees {other}'s secret"
                    checked += 1
                assert seen(other_decks(state, rnd), seat) == before, "deck order leaks"
    assert checked > 100


def test_secrecy_test_can_fail_a_seat_sees_its_own_hand() -> None:
    """The property is not vacuous: changing a seat's OWN hand does change its view."""
    rnd = random.Random(1)
    state = pirates.new_game(["A", "B", "C"], 5)
    changed = other_hand(state, 0, rnd)
    assert changed.ships[0].hand != state.ships[0].hand
    assert seen(changed, 0) != seen(state, 0)
    assert seen(changed, 1) == seen(state, 1)


def test_secret_choices_are_in_no_public_event() -> None:
    state = pirates.new_game(["A", "B", "C"], 5)
    state = pirates.apply(state, pirates.actions.Outfit(0, (1, 4, 1, 1)))
    public = [e for e in pirates.events(state, 1) if e["kind"].startswith("outfit")]
    assert all("levels" not in e for e in public)
    mine = [e for e in pirates.events(state, 0) if e["kind"] == "outfit_secret"]
    assert mine and mine[0]["levels"] == [1, 4, 1, 1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]),
       steps=st.integers(0, 450), seat=st.integers(0, 4), mix=st.integers(0, 10**6))
def test_secrecy_property_with_hypothesis(
    seed: int, players: int, steps: int, seat: int, mix: int
) -> None:
    state = state_after(seed, players, steps)
    seat %= players
    rnd = random.Random(mix)
    before = seen(state, seat)
    changed = other_decks(state, rnd)
    for other in range(players):
        if other != seat:
            changed = other_choice(other_hand(changed, other, rnd), other, rnd)
    check_invariants(changed)
    assert seen(changed, seat) == before
