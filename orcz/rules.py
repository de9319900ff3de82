"""The Orcz rules: the public calls of the engine contract, and ``apply``'s dispatch.

The rules themselves are in one module per chapter of the rulebook:

- ``setup.py`` (and ``position.py``, a stated position): the set-up;
- ``rounds.py``: a round's start and end, the end of the game and its standings;
- ``deployment.py``: placing ranks, lost turns, Shortage; the listing of legal ranks;
- ``scouts.py``: the scout; ``challenge.py``: the optional orc challenge;
- ``fights.py``: the resolution order and the fights in the column;
- ``battle.py``: the battle against the enemy, rewards, penalties, hand-outs and impositions;
- ``pair_rule.py``: which two cards may share a rank; ``tables.py``: the speed tables;
- ``options.py``: who acts, the listing, and the checks every action shares; each chapter
  declares its actions' ``Rule`` (common/rules.py), read there and by ``apply``.

``apply`` copies the state into a ``Draft`` (``draft.py``, with every chapter's steps), runs the
rules on it, then freezes it again; everything automatic that follows an action (lost turns,
Shortage, reveals, fights that need no decision, battles) runs before the next decision is
returned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from orcz.actions import CODEC, Action, PlaceRank
from orcz.battle import BattleRules

# Those imported "as" themselves are re-exported: read from here by orcz/__init__.py and tests.
from orcz.data import MAX_PLAYERS as MAX_PLAYERS
from orcz.data import MIN_PLAYERS as MIN_PLAYERS
from orcz.data import START_GOBLINS as START_GOBLINS
from orcz.deployment import DeploymentRules, place
from orcz.deployment import placement_refusal as placement_refusal
from orcz.fights import FightRules
from orcz.options import RULES, check
from orcz.options import legal_actions as legal_actions
from orcz.options import to_act as to_act
from orcz.rounds import RoundRules
from orcz.rounds import result as result
from orcz.state import OVER, State


class Draft(RoundRules, DeploymentRules, FightRules, BattleRules):
    """The mutable working copy of a state (``draft.py``) with the steps of every chapter."""


# --------------------------------------------------------------------------- public queries

def is_over(state: State) -> bool:
    return state.pending.kind == OVER


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    # Every field a rule reads is checked here (its exact type, a seat in range by the check
    # below): past that, an exception is a bug in a rule, never the player's input.
    CODEC.check(action)
    if type(action) is PlaceRank:  # most steps; place() asks the check when it refuses
        return place(state, action, Draft)
    refusal = check(state, action)
    if refusal is not None:
        raise refusal
    return _HANDLERS[type(action)](state, action)


def _drafted(rule: Callable[[Draft, Any], None]) -> Callable[[State, Any], State]:
    """A rule written on a ``Draft``, as a handler from a state to the next one."""

    def handler(state: State, action: Any) -> State:
        draft = Draft(state)
        rule(draft, action)
        return draft.freeze()

    return handler


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    kind: _drafted(rule.handler) for kind, rule in RULES.items() if kind is not PlaceRank
}
