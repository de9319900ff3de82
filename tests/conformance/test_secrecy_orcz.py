"""The secrecy property of Orcz (§10 of the rules reference).

For random states and seats, changing anything hidden from a seat (an opponent's face-down card,
an opponent's cards behind the screen, opponents' goblins and scouting, the order of the enemy
stacks and of the event pile, the RNG) leaves that seat's view and log unchanged.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import orcz
from common.rng import Rng
from orcz import data as D
from orcz.state import Field, Rank, State
from tests.orcz.orcz_scenario import trajectory


def random_state(seed: int, steps: int, players: int) -> State:
    states, _ = trajectory(seed, steps, players, orc_challenge=seed % 2 == 0)
    return states[-1]


def _swap_hidden_cards(state: State, seat: int, rnd: random.Random) -> State:
    """Give opponents' face-down cards other identities taken from behind their screens."""
    hands = list(state.hands)
    fields = []
    for field in state.fields:
        column = []
        for rank in field.column:
            hidden = rank.face_down_card()
            known = (rank.owner, hidden) in state.scouted[seat]
            if rank.owner == seat or hidden < 0 or known:
                column.append(rank)
                continue
            # A card the seat scouted stays known wherever it goes: never move one in.
            choices = [c for c in range(D.SCOUT_I) if hands[rank.owner] >> c & 1
                       and (rank.owner, c) not in state.scouted[seat]]
            if not choices:
                column.append(rank)
                continue
            new = rnd.choice(choices)
            hands[rank.owner] = hands[rank.owner] & ~(1 << new) | 1 << hidden
            left, right = (new, rank.right) if rank.down == 0 else (rank.left, new)
            column.append(Rank(rank.owner, left, right, rank.down, rank.revealed))
        fields.append(field._replace(column=tuple(column)))
    return state._replace(fields=tuple(fields), hands=tuple(hands))


def _shuffle_hidden_orders(state: State, rnd: random.Random) -> State:
    fields: list[Field] = []
    for field in state.fields:
        stack = list(field.stack)
        rnd.shuffle(stack)
        fields.append(field._replace(stack=tuple(stack)))
    pile = list(state.event_pile)
    rnd.shuffle(pile)
    return state._replace(fields=tuple(fields), event_pile=tuple(pile),
                   rng=Rng(rnd.getrandbits(64)))


def _change_opponents(state: State, seat: int, rnd: random.Random) -> State:
    goblins = tuple(g if p == seat else rnd.randrange(0, 40) for p, g in enumerate(state.goblins))
    scouted = tuple(
        known if p == seat else frozenset({(rnd.randrange(state.seat_count), rnd.randrange(12))})
        for p, known in enumerate(state.scouted)
    )
    return state._replace(goblins=goblins, scouted=scouted)


def hidden_variant(state: State, seat: int, rnd: random.Random) -> State:
    state = _swap_hidden_cards(state, seat, rnd)
    state = _shuffle_hidden_orders(state, rnd)
    return _change_opponents(state, seat, rnd)


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 160),
    players=st.integers(2, 4),
    pick=st.integers(0, 10**6),
)
def test_view_ignores_what_the_seat_may_not_know(
    seed: int, steps: int, players: int, pick: int
) -> None:
    state = random_state(seed, steps, players)
    if orcz.is_over(state):
        return  # at the end everything is revealed
    rnd = random.Random(pick)
    seat = rnd.randrange(players)
    other = hidden_variant(state, seat, rnd)
    assert orcz.view(other, seat) == orcz.view(state, seat)
    assert orcz.events(other, seat) == orcz.events(state, seat)
    # A spectator knows even less: the same changes are invisible to it too.
    assert orcz.view(other, None) == orcz.view(state, None)


def test_the_property_can_fail_on_a_leak() -> None:
    """The perturbation really changes hidden data: its own seat would notice."""
    for seed in range(40):
        state = random_state(seed, 12, 3)
        owner = state.fields
        ranks = [r for f in owner for r in f.column if not r.revealed]
        if not ranks:
            continue
        victim = ranks[0].owner
        watcher = (victim + 1) % 3
        other = hidden_variant(state, watcher, random.Random(seed))
        if orcz.view(other, victim) != orcz.view(state, victim):
            return
    raise AssertionError("no perturbation ever changed what the owner sees")
