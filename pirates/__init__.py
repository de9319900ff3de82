"""Pirate's Cove (Days of Wonder, 2002): the pure rules core.

The public calls follow the engine contract of ``common.engine.GameModule``.
"""

from pirates.actions import Action, action_from_json, action_to_json
from pirates.options import to_act
from pirates.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    apply,
    is_over,
    legal_actions,
    new_game,
    result,
)
from pirates.state import State
from pirates.view import describe, events, view

NAME = "pirates"
TITLE = "Pirate's Cove"

__all__ = [
    "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "TITLE", "Action", "State", "action_from_json",
    "action_to_json", "apply", "describe", "events", "is_over", "legal_actions", "new_game",
    "result", "to_act", "view",
]
