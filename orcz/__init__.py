"""Orcz (Fantasy Flight Games, 2000): the pure rules core.

The public calls follow the engine contract of ``common.engine.GameModule``.
"""

from typing import Any

from common.engine import stage
from common.events import kind_names
from common.undo import revealed_nothing
from orcz import event_kinds as E
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
from orcz.view import events, view

NAME = "orcz"
TITLE = "Orcz"

# For undo (a seat takes back its own last move only while it revealed nothing): the log kinds
# that show somebody something new. A scout or a challenge is never taken back: the table saw it.
REVEALING_EVENTS = kind_names(
    E.REVEALED, E.BATTLE, E.SCOUT, E.SCOUT_SEEN, E.ENEMY_REVEALED, E.EVENT_DRAWN,
    E.RESOLUTION_ORDER, E.WING, E.ATTACK, E.FIGHT_OUTCOME, E.ROUND_END, E.GAME_OVER,
)


def actor(state: State, action: Action) -> int:
    """The seat that takes ``action`` (the engine contract: the shell and undo ask this)."""
    return action.seat


def may_undo(before: State, action: Action, after: State) -> bool:
    """Whether ``action`` (with the computer moves up to ``after``) may be taken back: no scout
    or challenge, no chance drawn, nothing revealed."""
    return (not isinstance(action, Scout | Challenge) and before.rng == after.rng
            and revealed_nothing(view, before, after, action.seat, REVEALING_EVENTS))


def summary(state: State) -> dict[str, Any]:
    """How far the game went, for the resume list: round 2 of 3 (the interface words it)."""
    return stage("round", state.round, state.rounds)


__all__ = [
    "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "REVEALING_EVENTS", "TITLE", "Action", "Attack",
    "Challenge", "HandOut", "Hold", "Impose", "PlaceRank", "Scout", "State", "action_from_json",
    "action_to_json", "actor", "apply", "events", "is_over", "legal_actions",
    "may_undo", "new_game", "offer", "placement_refusal", "result", "summary", "to_act", "view",
]
