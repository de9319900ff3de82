"""``normal`` takes the kinds of decision the old heuristic never took, for the reasons a player
would give; the benchmark's ``habits`` part measures how often."""

from __future__ import annotations

import random
from typing import Any

import orcz
import pirates
from common.bots import choose, make_bot
from orcz import data as D
from orcz.actions import Attack, Scout
from orcz.bot import shortlist as orcz_shortlist
from orcz.state import FIGHT, Pending, Rank
from orcz.state import State as OrczState
from pirates import actions as PA
from pirates.bot import shortlist as pirates_shortlist
from pirates.state import State as PiratesState


def card(card_id: str) -> int:
    return D.CARD_BY_ID[card_id].index


def fight(defender: Rank, attacker: Rank) -> OrczState:
    """Seat 0's revealed rear rank behind seat 1's rank on Lothari, seat 0 to decide."""
    state = orcz.new_game(["A", "B", "C"], 1)
    field = state.fields[0]._replace(column=(defender, attacker))
    hands = list(state.hands)
    hands[0] &= ~(1 << attacker.left | 1 << attacker.right)
    hands[1] &= ~(1 << defender.left | 1 << defender.right)
    return state._replace(fields=(field, *state.fields[1:]), hands=tuple(hands),
                          pending=Pending(FIGHT, 0, 0))


def test_orcz_normal_scouts_a_fight_that_hangs_on_an_unknown_card() -> None:
    """O-R14, O-R7: archer 2 beats seat 1's face-up infantry 1 on the left; the right wing faces
    a face-down card: the fight depends on it, and seat 0 still has its scout."""
    attacker = Rank(0, card("archer-2"), card("cavalry-2"), 0, True)
    defender = Rank(1, card("infantry-1"), card("archer-1"), 1, False)  # right face down
    state = fight(defender, attacker)
    legal = orcz.legal_actions(state, 0)
    first = orcz_shortlist(state, 0, legal, 2)[0]
    assert first == Scout(0, "lothari", 0, "right")
    # Once scouted (cavalry 2 beats archer 1: both wings win), it attacks.
    state = orcz.apply(state, first)
    assert orcz_shortlist(state, 0, orcz.legal_actions(state, 0), 2)[0] == Attack(0, "lothari")


def test_orcz_normal_does_not_scout_when_the_known_wing_loses() -> None:
    """Infantry 2 loses to seat 1's face-up archer 3: no card behind it can make the attack pay."""
    attacker = Rank(0, card("infantry-2"), card("cavalry-2"), 0, True)
    defender = Rank(1, card("archer-3"), card("archer-1"), 1, False)
    state = fight(defender, attacker)
    choice = orcz_shortlist(state, 0, orcz.legal_actions(state, 0), 2)[0]
    assert not isinstance(choice, Scout)


def pirates_states(kind: type, games: int = 6) -> list[PiratesState]:
    """States of normal 4-player games where the seat to act may take an action of ``kind``."""
    out = []
    for seed in range(games):
        bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
        state = pirates.new_game(["A", "B", "C", "D"], seed)
        turn = 0
        while not pirates.is_over(state):
            seat = pirates.to_act(state)[0]
            if any(isinstance(a, kind) for a in pirates.legal_actions(state, seat)):
                out.append(state)
            state = pirates.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
    return out


def first_choice(state: PiratesState) -> Any:
    seat = pirates.to_act(state)[0]
    return pirates_shortlist(state, seat, pirates.legal_actions(state, seat), 1,
                             random.Random(0))[0]


def test_pirates_normal_buys_tavern_cards_with_gold_to_spare_and_months_to_come() -> None:
    found = pirates_states(PA.Buy)
    assert found
    for state in found:
        seat = pirates.to_act(state)[0]
        ship = state.ships[seat]
        rich = state._replace(month=3, ships=tuple(
            s._replace(gold=12, hand=s.hand[:1]) if p == seat else s
            for p, s in enumerate(state.ships)))
        assert ranked_before(rich, PA.Buy, PA.Done), ship


def ranked_before(state: PiratesState, better: type, worse: type) -> bool:
    """Whether ``normal`` ranks an action of kind ``better`` above every one of kind ``worse``
    (a Shipowner or an upgrade may still come first)."""
    seat = pirates.to_act(state)[0]
    legal = pirates.legal_actions(state, seat)
    ranked = pirates_shortlist(state, seat, legal, len(legal), random.Random(0))
    kinds = [type(a) for a in ranked]
    return worse not in kinds or better in kinds[:kinds.index(worse)]


def test_pirates_normal_does_not_bury_for_a_privateer_before_the_last_month() -> None:
    """Privateering: half the fame of burying this month goes to the privateer."""
    found = [s for s in pirates_states(PA.Bury) if s.month < pirates.data.MONTHS]
    assert found
    for state in found:
        seat = pirates.to_act(state)[0]
        assert not isinstance(first_choice(state._replace(privateer=((seat + 1) % 4, seat))),
                              PA.Bury)


def test_pirates_hard_keeps_its_hoard_from_a_privateer_and_buries_it_otherwise() -> None:
    """The search finds it too (every kind of decision is taken above 0 by ``hard``): with
    the rival of most fame privateering it, burying would hand that rival half the fame."""
    found = [s for s in pirates_states(PA.Bury, games=3) if s.month < pirates.data.MONTHS][:3]
    assert found
    for state in found:
        seat = pirates.to_act(state)[0]
        rival = max((p for p in range(4) if p != seat), key=lambda p: state.ships[p].fame)
        bot = make_bot("pirates", "hard", 1, seconds=100, steps=2_000)
        privateered = state._replace(privateer=(rival, seat))
        assert isinstance(choose(bot, privateered, seat, 7), PA.Done)
        assert isinstance(choose(bot, state, seat, 7), PA.Bury)
