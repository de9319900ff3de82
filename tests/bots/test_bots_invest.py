"""Pirate's Cove ``hard`` invests in its ship where that is right.

Its value function once counted gold and cards but nothing for a ship's rings or Mastercraft, and
its rollouts stop at the month's end, so spending always scored lower: at seeded positions where
``normal`` upgraded or fitted, ``hard`` said Done. Now a ship's sections and Mastercrafts are
worth what they bring in the months left (``pirates.bot.worth``).

The positions come from ``normal`` games of 4 players, seeds 40 to 45: the first three of each
game, up to month 10, where the seat to act may upgrade or fit a Mastercraft. ``hard`` runs on a
budget of steps well inside its time guard, so that its choice does not depend on the machine.
"""

from __future__ import annotations

from functools import cache

import pirates
from common.bots import choose, make_bot
from pirates import data as D
from pirates.actions import Mastercraft, Shipowner, Upgrade
from pirates.bot import worth
from pirates.state import NOBODY, State

INVEST = (Upgrade, Mastercraft, Shipowner)
STEPS = 3000  # well inside the time guard of a hard decision


@cache
def positions(first: int = 3) -> tuple[tuple[int, State], ...]:
    """(turn, state) where the seat to act may invest, ``first`` per game, months 1 to 10."""
    out = []
    for seed in range(40, 46):
        bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
        state = pirates.new_game(["A", "B", "C", "D"], seed)
        turn = found = 0
        while not pirates.is_over(state) and found < first:
            seat = pirates.to_act(state)[0]
            legal = pirates.legal_actions(state, seat)
            if state.month <= 10 and any(isinstance(a, Upgrade | Mastercraft) for a in legal):
                out.append((turn, state))
                found += 1
            state = pirates.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
    return tuple(out)


def decide(level: str, turn: int, state: State) -> object:
    bot = make_bot("pirates", level, 1, steps=STEPS) if level == "hard" else make_bot(
        "pirates", level, 1)
    return choose(bot, state, pirates.to_act(state)[0], turn)


def test_hard_upgrades_and_fits_where_normal_does() -> None:
    """Before its investing was valued, ``hard`` chose Done at 14 of 16 such positions."""
    found = positions()
    assert len(found) == 18
    normal = sum(isinstance(decide("normal", t, s), INVEST) for t, s in found)
    hard = sum(isinstance(decide("hard", t, s), INVEST) for t, s in found)
    assert normal >= 16 and hard >= 14, (normal, hard)


def bare_sections() -> list[tuple[int, State]]:
    """Later positions (months 6 to 9) where the seat to act holds a Mastercraft, has none
    fitted, no gold, and a section at ring 0 that one hit destroys: the first two games that
    reach one (the heuristic's games decide which)."""
    out: list[tuple[int, State]] = []
    for seed in range(41, 61):
        if len(out) == 2:
            break
        bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
        state = pirates.new_game(["A", "B", "C", "D"], seed)
        turn = 0
        while not pirates.is_over(state) and state.month <= 9:
            seat = pirates.to_act(state)[0]
            ship = state.ships[seat]
            if (state.month >= 6 and ship.craft == NOBODY and ship.gold == 0 and 0 in ship.levels
                    and any(isinstance(a, Mastercraft)
                            for a in pirates.legal_actions(state, seat))):
                out.append((turn, state))
                break
            state = pirates.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
    return out


def test_hard_fits_the_free_mastercraft_on_a_section_at_ring_0() -> None:
    """Months 6 to 9, no gold, a section at ring 0: fit the Mastercraft held there."""
    found = bare_sections()
    assert len(found) == 2
    for turn, state in found:
        ship = state.ships[pirates.to_act(state)[0]]
        action = decide("hard", turn, state)
        assert isinstance(action, Mastercraft), action
        assert ship.levels[D.SECTION_INDEX[action.section]] == 0


def test_a_ship_is_worth_more_with_months_to_use_it() -> None:
    """By hand: crew 1 to 2 (crew value 2 to 3) for 1 gold. Dice 0.7 * 2 + 0.3 * 3 = 2.3 against
    2.0: 0.3 dice at 0.3 a month, and one ring level at 0.03, 0.12 a month; gold 0.2. Worth it
    with 8 months left (0.96 > 0.2), not with one (0.12 < 0.2)."""
    ship = pirates.new_game(["A", "B", "C"], 1).ships[0]._replace(hand=())
    raised = ship._replace(levels=(1, 1, 2, 1), gold=ship.gold - 1)
    assert round(worth(raised, 8) - worth(ship, 8), 6) == round(8 * 0.12 - 0.2, 6)
    assert worth(raised, 1) < worth(ship, 1)
