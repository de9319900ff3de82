"""Pirate's Cove (Days of Wonder, 2002): the pure rules core.

The public calls follow the engine contract of ``common.engine.GameModule``.
"""

from common.engine import stage_words
from common.undo import revealed_nothing
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
from pirates.view import describe, events, public_view, view

NAME = "pirates"
TITLE = "Pirate's Cove"

# For undo (a seat takes back its own last move only while it revealed nothing; any die rolled
# changes the RNG, which also bars it): the log kinds that show somebody something new.
REVEALING_EVENTS = frozenset({
    "outfits_revealed", "navigation_revealed", "navigated_openly", "drew", "drew_card",
    "treasure_up", "legend_placed", "legend_moves", "parrot_drawn", "combat_start", "plunder",
    "volley", "tie_roll", "tavern_reshuffled", "fame_cards", "month_start", "month_end",
    "game_over", "treasure_map", "privateering_share",
})


def actor(state: State, action: Action) -> int:
    """The seat that takes ``action`` (the engine contract: the shell and undo ask this)."""
    return action.seat


def may_undo(before: State, action: Action, after: State) -> bool:
    """Whether ``action`` (with the computer moves up to ``after``) may be taken back: no die
    rolled, no card drawn, nothing revealed."""
    return before.rng == after.rng and revealed_nothing(view, before, after, action.seat,
                                                        REVEALING_EVENTS)


def summary(state: State) -> str:
    """How far the game went, for the resume list: "month 4 of 12", or "before month 1"
    while outfitting."""
    return stage_words("month", state.month, MONTHS)

__all__ = [
    "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "REVEALING_EVENTS", "TITLE", "Action", "State",
    "action_from_json", "action_to_json", "actor", "apply", "describe", "events", "is_over",
    "legal_actions", "may_undo", "new_game", "offer", "public_view", "result", "summary",
    "to_act", "view",
]
