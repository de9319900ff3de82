"""Orcz (Fantasy Flight Games, 2000): the pure rules core.

The public calls follow the engine contract of ``common.engine.GameModule``.
"""

from orcz.actions import (
    Action,
    Attack,
    Challenge,
    HandOut,
    Hold,
    Impose,
    PlaceRank,
    Scout,
    action_from_json,
    action_to_json,
)
from orcz.game import GAME
from orcz.offers import offer
from orcz.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    apply,
    is_over,
    legal_actions,
    placement_refusal,
    result,
    to_act,
)
from orcz.setup import new_game
from orcz.state import State
from orcz.view import describe, events, view

NAME = "orcz"
TITLE = "Orcz"

# For undo (a seat takes back its own last move only while it revealed nothing): the log kinds
# that show somebody something new, and the actions never taken back (a scout has been seen).
REVEALING_EVENTS = frozenset({
    "revealed", "battle", "scout", "scout_seen", "enemy_revealed", "event_drawn",
    "resolution_order", "wing", "attack", "fight_outcome", "round_end", "game_over",
})
UNDO_BARRED = frozenset({"scout", "challenge"})

__all__ = [
    "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "REVEALING_EVENTS", "TITLE", "UNDO_BARRED",
    "Action", "Attack", "Challenge", "HandOut",
    "Hold", "Impose", "PlaceRank", "Scout", "State", "action_from_json", "action_to_json",
    "apply", "describe", "events", "is_over", "legal_actions", "new_game", "offer",
    "placement_refusal",
    "result", "to_act", "view",
]
