"""Pirate's Cove ``hard`` takes the rarer kinds of decision where they are best, and not where
they are not (issue 29 §4): a parrot swap, the Cove's "1 card + 2 gold", Treasure Island's
double-cost upgrade.

Each position is met in a ``normal`` game of 4 players (seeds 40 to 45), then changed by hand
into one where the kind is right and one where it is not. ``hard`` runs on a budget of steps well
inside its time guard, so that its choice does not depend on the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pirates
from common.bots import choose, make_bot
from pirates import data as D
from pirates.actions import CoveDraw, DoubleUpgrade, ParrotChoice
from pirates.state import EFFECTS, State
from tests.bots.test_bots_decide import relabelled

STEPS = 3000


@cache
def met(kind: type, seeds: tuple[int, ...] = tuple(range(40, 46))) -> tuple[int, State]:
    """The first (turn, state) of the seeded ``normal`` games where the seat to act may take an
    action of ``kind``."""
    for seed in seeds:
        bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
        state = pirates.new_game(["A", "B", "C", "D"], seed)
        turn = 0
        while not pirates.is_over(state):
            seat = pirates.to_act(state)[0]
            if any(isinstance(a, kind) for a in pirates.legal_actions(state, seat)):
                return turn, state
            state = pirates.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
    raise AssertionError(f"no {kind.__name__} met")


def hard(turn: int, state: State) -> Any:
    bot = make_bot("pirates", "hard", 1, steps=STEPS)
    return choose(bot, state, pirates.to_act(state)[0], turn)


def hard_turn(turn: int, state: State, stop: Callable[[State], bool]) -> list[Any]:
    """``hard``'s actions from ``state`` on, while ``stop`` says the turn goes on."""
    seat = pirates.to_act(state)[0]
    actions = []
    while not stop(state) and pirates.to_act(state) == (seat,):
        action = hard(turn + len(actions), state)
        actions.append(action)
        state = pirates.apply(state, action)
    return actions


def with_ship(state: State, **changes: Any) -> State:
    seat = pirates.to_act(state)[0]
    ships = list(state.ships)
    ships[seat] = ships[seat]._replace(**changes)
    return state._replace(ships=tuple(ships))


# --------------------------------------------------------------------------- a second parrot

def parrots(old: str, new: str, month: int) -> tuple[int, State]:
    """The first second parrot met, with ``old`` on the mat and ``new`` drawn, in ``month``:
    the four parrots put where the others were, so that every card is still in one place."""
    turn, state = met(ParrotChoice)
    seat, drawn = state.parrots[0]
    held = state.ships[seat].parrot
    sources, targets = [held, drawn], [D.TAVERN_BY_ID[old].index, D.TAVERN_BY_ID[new].index]
    flip = dict(zip(sources, targets, strict=True))
    flip.update(zip([c for c in targets if c not in sources],
                    [c for c in sources if c not in targets], strict=True))
    state = relabelled(state, flip)._replace(month=month)
    return turn, with_ship(state, levels=(2, 4, 1, 1), fame=max(state.ships[seat].fame, 2))


def test_hard_swaps_a_parrot_for_a_better_one_with_months_to_go() -> None:
    """Month 2, Crew and Cannons at ring 1 (2 dice): Long John Silver's parrot makes it 6 dice
    for ten months, for 1 fame; Captain Flint's only frees the hold."""
    turn, state = parrots(D.FLINT, D.SILVER, 2)
    assert hard(turn, state) == ParrotChoice(pirates.to_act(state)[0], True)


def test_hard_keeps_the_better_parrot() -> None:
    """The other way round: swapping Silver away for Flint would cost 1 fame and 4 dice."""
    turn, state = parrots(D.SILVER, D.FLINT, 2)
    assert hard(turn, state) == ParrotChoice(pirates.to_act(state)[0], False)


# --------------------------------------------------------------------------- the Cove's draw

def test_hard_takes_two_cards_at_the_cove_while_the_tavern_has_them() -> None:
    turn, state = met(CoveDraw)
    assert state.tavern_deck
    assert hard(turn, state) == CoveDraw(pirates.to_act(state)[0], False)


def test_hard_takes_one_card_and_two_gold_when_the_tavern_is_bare() -> None:
    """The Tavern deck and its discards empty (their cards in another hand, their parrots out of
    the game): a second card would be none, and the 2 gold are something."""
    turn, state = met(CoveDraw)
    seat = pirates.to_act(state)[0]
    other = (seat + 1) % state.seat_count
    cards = [c for c in (*state.tavern_deck, *state.tavern_discard)
             if D.TAVERN[c].kind != D.PARROT]
    ships = list(state.ships)
    ships[other] = ships[other]._replace(hand=tuple(sorted((*ships[other].hand, *cards))))
    bare = state._replace(ships=tuple(ships), tavern_deck=(), tavern_discard=())
    assert hard(turn, bare) == CoveDraw(seat, True)


# --------------------------------------------------------------------------- Treasure Island

def treasure_island(month: int) -> tuple[int, State]:
    """The first Treasure Island visit where a double-cost upgrade was possible, the ship with
    Crew and Cannons at ring 1, 12 gold and nothing to bury, in ``month``."""
    turn, state = met(DoubleUpgrade)
    assert state.phase == EFFECTS
    return turn, with_ship(state, levels=(2, 4, 1, 1), gold=12, chests=0)._replace(month=month)


def test_hard_raises_crew_or_cannons_at_double_cost_early_on() -> None:
    turn, state = treasure_island(2)
    actions = hard_turn(turn, state, lambda s: s.phase != EFFECTS)
    assert any(isinstance(a, DoubleUpgrade) and a.section in ("crew", "cannons")
               for a in actions), actions


def test_hard_does_not_pay_double_in_the_last_month() -> None:
    turn, state = treasure_island(D.MONTHS)
    actions = hard_turn(turn, state, lambda s: s.phase != EFFECTS)
    assert not any(isinstance(a, DoubleUpgrade) for a in actions), actions
