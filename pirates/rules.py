"""The Pirate's Cove engine contract: the legal listing, ``apply``'s dispatch, the result (set-up
is in ``setup.py``, who acts in ``options.py``).

``apply`` checks the action against the legal list (``options.py``, which also words and codes
a refusal), copies the state into a ``Draft`` (assembled here from the chapters' mixins on
``draft.py``, as Orcz does), runs the action's handler (declared with its
rule by the module of its family) and everything automatic that follows, up to the next
decision, and freezes it again. Rulings P-R1 … are named where they apply; see
docs/pirates-rulings.md.
"""

from __future__ import annotations

from typing import Any

from common.codec import clip
from common.engine import check_seat_type
from common.errors import IllegalAction
from common.log import records
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import CODEC, Action
from pirates.combat import CombatRules
from pirates.event_cards import EventCardsRules
from pirates.islands import IslandsRules
from pirates.month import MonthRules
from pirates.options import RULES, legal, refusal
from pirates.state import OVER, State
from pirates.view_types import ResultView

MIN_PLAYERS, MAX_PLAYERS = D.MIN_PLAYERS, D.MAX_PLAYERS


class Draft(MonthRules, CombatRules, IslandsRules, EventCardsRules):
    """The mutable working copy of a state (``draft.py``) with the steps of every chapter."""


# --------------------------------------------------------------------------- public queries

def is_over(state: State) -> bool:
    return state.phase == OVER


def legal_actions(state: State, seat: int) -> list[Action]:
    check_seat_type(seat)
    return list(legal(state, seat))


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"not a Pirate's Cove action: {clip(action)}")
    CODEC.check(action)  # each field of its exact type: True equals 1, but is no island
    # Only the seats waited for have legal actions (none once the game is over).
    if action not in legal(state, action.seat):
        raise refusal(state, action)
    d = Draft(state)
    handler(d, action)
    return d.freeze()


# The handlers, each declared with its rule by the module of its family (options.RULES).
_HANDLERS: dict[type, Any] = {cls: rule.handler for cls, rule in RULES.items()}


# --------------------------------------------------------------------------- result

def result(state: State) -> ResultView:
    """Standings by fame; the tie-break winner (P-R11) first among the tied."""
    def key(seat: int) -> tuple[int, int]:
        return (-state.ships[seat].fame, 0 if seat == state.winner else 1)

    ranking = sorted(range(state.seat_count), key=key)
    tiebreak = any(r[0] is E.TIEBREAK_START for r in records(state.history))
    return {
        "over": state.phase == OVER,
        "winner": state.winner if state.phase == OVER else None,
        "tie_break": tiebreak,
        "standings": [
            {"seat": s, "name": state.players[s], "fame": state.ships[s].fame}
            for s in ranking
        ],
    }
