"""The samplers of what a seat has seen: the secrecy property's twin.

For seeded random states and every seat, a sampled world shows that seat exactly the view and the
log of the real game; it draws only from what the seat may know (two states that differ only in
what the seat may not know give the same world for one seed); it really redraws the hidden parts;
and the game goes on from it to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import orcz
import pirates
from common.rng import Rng
from orcz.sample import sample as sample_orcz
from orcz.state import State as OrczState
from pirates import data as PD
from pirates.actions import Navigate, Outfit, Pass
from pirates.bot import normal
from pirates.sample import sample as sample_pirates
from pirates.state import NAVIGATE


def random_state(game: Any, seed: int, steps: int, players: int) -> Any:
    """A state some random steps into a seeded game (Orcz: now and then a seat out of turn
    scouts or challenges)."""
    rnd = random.Random(seed)
    state = game.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seats = list(game.to_act(state))
        if game is orcz and rnd.random() < 0.1:
            seats = list(range(players))
        seat = rnd.choice(seats)
        actions = game.legal_actions(state, seat)
        if actions:
            state = game.apply(state, rnd.choice(actions))
    return state


ORCZ_STATES = [random_state(orcz, seed, (seed * 29) % 170, 2 + seed % 3) for seed in range(60)]
PIRATES_STATES = [random_state(pirates, seed, (seed * 37) % 460, 3 + seed % 3)
                  for seed in range(30)]


def test_an_orcz_world_looks_the_same_to_its_seat() -> None:
    for n, state in enumerate(ORCZ_STATES):
        for seat in range(state.seat_count):
            world = sample_orcz(state, seat, random.Random(n * 10 + seat))
            assert orcz.view(world, seat) == orcz.view(state, seat)
            assert orcz.events(world, seat) == orcz.events(state, seat)


def test_a_pirates_world_looks_the_same_to_its_seat() -> None:
    for n, state in enumerate(PIRATES_STATES):
        for seat in range(state.seat_count):
            world = sample_pirates(state, seat, random.Random(n * 10 + seat))
            assert pirates.view(world, seat) == pirates.view(state, seat)
            assert pirates.events(world, seat) == pirates.events(state, seat)


def test_an_orcz_world_redraws_opponents_cards_and_the_piles() -> None:
    changed = {"cards": 0, "pile": 0, "stacks": 0}
    for n, state in enumerate(ORCZ_STATES):
        if orcz.is_over(state):
            continue
        world = sample_orcz(state, 0, random.Random(n))
        changed["cards"] += world.hands[1:] != state.hands[1:] or world.fields != state.fields
        changed["pile"] += world.event_pile != state.event_pile
        changed["stacks"] += [f.stack for f in world.fields] != [f.stack for f in state.fields]
        assert world.hands[0] == state.hands[0]  # the seat's own cards stay
        assert world.goblins == state.goblins  # public: every payment is announced
    assert all(count > 10 for count in changed.values()), changed


def test_an_orcz_face_down_card_is_redrawn_among_legal_partners() -> None:
    """A world never holds a rank the rules forbid (two archers, champion with shaman, scout)."""
    for n, state in enumerate(ORCZ_STATES):
        world = sample_orcz(state, n % state.seat_count, random.Random(n))
        for field in world.fields:
            for rank in field.column:
                kinds = sorted(orcz.data.CARDS[c].kind for c in (rank.left, rank.right) if c >= 0)
                assert "scout" not in kinds
                assert kinds not in (["archer", "archer"], ["cavalry", "cavalry"],
                                     ["champion", "shaman"])


def test_a_pirates_world_redraws_hands_decks_and_secret_choices() -> None:
    changed = {"hands": 0, "tavern": 0, "treasure": 0}
    for n, state in enumerate(PIRATES_STATES):
        if pirates.is_over(state):
            continue
        world = sample_pirates(state, 0, random.Random(n))
        changed["hands"] += [s.hand for s in world.ships[1:]] != [s.hand for s in state.ships[1:]]
        changed["tavern"] += world.tavern_deck != state.tavern_deck
        changed["treasure"] += world.stacks != state.stacks
        assert world.ships[0].hand == state.ships[0].hand
        assert all(PD.TAVERN[c].kind != PD.PARROT for s in world.ships for c in s.hand)
    assert all(count > 10 for count in changed.values()), changed
    # Secret outfitting: the others' choices made but not revealed are chosen again (a bare
    # ship, which no player would outfit, is never what a world deals).
    state = pirates.new_game(["A", "B", "C"], 3)
    state = pirates.apply(state, pirates.actions.Outfit(1, (1, 1, 1, 1)))
    redrawn = {sample_pirates(state, 0, random.Random(i)).outfits[1] for i in range(20)}
    assert (1, 1, 1, 1) not in redrawn and all(isinstance(c, tuple) for c in redrawn)


def test_a_rivals_secret_course_is_dealt_as_a_player_would_choose_it() -> None:
    # Seats 0 and 1 have chosen their courses, hidden from seat 2. Drawn evenly among the six
    # islands, a world put a rival anywhere (the most common island in about a sixth of the
    # worlds), and a seat that chose after the others misjudged where the fights and the
    # Treasure would be; now each is dealt the course the heuristic would choose in its world.
    state = pirates.new_game(["A", "B", "C"], 3)
    for seat in range(3):
        state = pirates.apply(state, Outfit(seat, (2, 4, 2, 2)))
    while state.phase != NAVIGATE:
        state = pirates.apply(state, Pass(pirates.to_act(state)[0]))
    state = pirates.apply(pirates.apply(state, Navigate(0, 6)), Navigate(1, 2))
    for rival in (0, 1):
        dealt = []
        for i in range(100):
            world = sample_pirates(state, 2, random.Random(i))
            unchosen = world._replace(headings=(*world.headings[:rival], None,
                                                *world.headings[rival + 1:]))
            mine = normal(unchosen, rival, pirates.legal_actions(unchosen, rival),
                          random.Random(i))
            dealt.append((world.headings[rival], mine.island))
        most = Counter(course for course, _ in dealt).most_common(1)[0][1]
        assert most >= 50, Counter(course for course, _ in dealt)
        assert sum(course == choice for course, choice in dealt) >= 50


def test_a_rivals_hidden_hand_is_dealt_richer_in_fame_than_the_unseen_cards() -> None:
    # A fame card is never played and the others mostly are, so a hand kept holds more fame than
    # the cards a seat does not see; dealt evenly, worlds made a rival's hidden fame look
    # smaller than it was (pirates.sample.KEPT_FAME).
    state = pirates.new_game(["A", "B", "C"], 3)
    unseen = [c for c in (*state.tavern_deck, *state.ships[1].hand, *state.ships[2].hand)
              if PD.TAVERN[c].kind != PD.PARROT]
    evenly = sum(PD.TAVERN[c].kind == PD.FAME for c in unseen) / len(unseen)
    rnd = random.Random(5)
    dealt = [c for _ in range(600) for s in sample_pirates(state, 0, rnd).ships[1:]
             for c in s.hand]
    share = sum(PD.TAVERN[c].kind == PD.FAME for c in dealt) / len(dealt)
    assert len(dealt) == 1200 and 0.1 < evenly < 0.4
    # KEPT_FAME 2 gives 2f / (1 + f) against f: 1.6 times for f near 0.24.
    assert share > 1.3 * evenly, (share, evenly)


def test_worlds_drop_what_other_seats_alone_may_read() -> None:
    for n, state in enumerate(ORCZ_STATES[:20]):
        world = sample_orcz(state, 0, random.Random(n))
        assert all(e.visible is None or 0 in e.visible for e in world.log)
    for n, state in enumerate(PIRATES_STATES[:10]):
        world = sample_pirates(state, 0, random.Random(n))
        assert all(e.visible is None or 0 in e.visible for e in world.log)


def _orcz_hidden_variant(state: OrczState, seat: int, rnd: random.Random) -> OrczState:
    """Another state ``seat`` cannot tell apart: the event pile reordered, the generator changed,
    and every other hidden part (opponents' cards, stacks) redrawn with another seed."""
    pile = list(state.event_pile)
    rnd.shuffle(pile)
    state = state._replace(event_pile=tuple(pile), rng=Rng(rnd.getrandbits(64)))
    return sample_orcz(state, seat, rnd)  # and every other hidden part, by the sampler itself


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_a_world_depends_only_on_what_the_seat_knows(game: str) -> None:
    states = ORCZ_STATES if game == "orcz" else PIRATES_STATES
    sample = sample_orcz if game == "orcz" else sample_pirates
    for n, state in enumerate(states[:25]):
        seat = n % len(state.players)
        rnd = random.Random(n)
        if game == "orcz":
            other = _orcz_hidden_variant(state, seat, rnd)
        else:
            decks = list(state.tavern_deck)
            rnd.shuffle(decks)
            other = sample_pirates(state._replace(tavern_deck=tuple(decks)),
                                   seat, rnd)
        assert sample(state, seat, random.Random(7)) == sample(other, seat, random.Random(7))


def test_the_game_goes_on_from_a_world_to_its_end() -> None:
    for n, state in enumerate(ORCZ_STATES[:15] + PIRATES_STATES[:8]):
        game = orcz if isinstance(state, OrczState) else pirates
        sample = sample_orcz if game is orcz else sample_pirates
        world = sample(state, 0, random.Random(n))
        rnd = random.Random(n)
        while not game.is_over(world):
            seat = game.to_act(world)[0]
            world = game.apply(world, rnd.choice(game.legal_actions(world, seat)))
        assert game.result(world)["over"]
