"""Pirate's Cove (Days of Wonder, 2002): the pure rules core.

The public calls follow the engine contract of ``common.engine.GameModule``.
"""

from typing import Any

from common.engine import stage
from common.events import kind_names
from common.undo import revealed_nothing
from pirates import event_kinds as E
from pirates.actions import Action, action_from_json, action_to_json
from pirates.data import MONTHS
from pirates.game import GAME
from pirates.offers import offer
from pirates.options import to_act
from pirates.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    apply,
    is_over,
    legal_actions,
    result,
)
from pirates.setup import new_game
from pirates.state import State
from pirates.view import events, public_view, view

NAME = "pirates"
TITLE = "Pirate's Cove"

# For undo (a seat takes back its own last move only while it revealed nothing; any die rolled
# changes the RNG, which also bars it): the log kinds that show somebody something new.
REVEALING_EVENTS = kind_names(
    E.OUTFITS_REVEALED, E.NAVIGATION_REVEALED, E.NAVIGATED_OPENLY, E.DREW, E.DREW_CARD,
    E.TREASURE_UP, E.LEGEND_PLACED, E.LEGEND_MOVES, E.PARROT_DRAWN, E.COMBAT_START, E.PLUNDER,
    E.VOLLEY, E.NAVY_VOLLEY, E.LEGEND_VOLLEY, E.TIE_ROLL, E.TAVERN_RESHUFFLED, E.FAME_CARDS,
    E.MONTH_START, E.MONTH_END, E.GAME_OVER, E.TREASURE_MAP, E.PRIVATEERING_FAME,
    E.PRIVATEERING_LOOT,
)


def actor(state: State, action: Action) -> int:
    """The seat that takes ``action`` (the engine contract: the shell and undo ask this)."""
    return action.seat


def may_undo(before: State, action: Action, after: State) -> bool:
    """Whether ``action`` (with the computer moves up to ``after``) may be taken back: no die
    rolled, no card drawn, nothing revealed."""
    return before.rng == after.rng and revealed_nothing(view, before, after, action.seat,
                                                        REVEALING_EVENTS)


def summary(state: State) -> dict[str, Any]:
    """How far the game went, for the resume list: month 4 of 12, or month 0 (before the first)
    while outfitting (the interface words it)."""
    return stage("month", state.month, MONTHS)

__all__ = [
    "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "REVEALING_EVENTS", "TITLE", "Action", "State",
    "action_from_json", "action_to_json", "actor", "apply", "events", "is_over",
    "legal_actions", "may_undo", "new_game", "offer", "public_view", "result", "summary",
    "to_act", "view",
]
