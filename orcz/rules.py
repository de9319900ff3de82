"""The Orcz rules: the public calls of the engine contract, and ``apply``'s dispatch.

The rules themselves are in one module per chapter of the rulebook:

- ``setup.py`` (and ``position.py``, a stated position): the set-up;
- ``rounds.py``: a round's start and end, the end of the game and its standings;
- ``deployment.py``: placing ranks, lost turns, Shortage; the listing of legal ranks;
- ``scouts.py``: the scout; ``challenge.py``: the optional orc challenge;
- ``fights.py``: the resolution order and the fights in the column;
- ``battle.py``: the battle against the enemy, rewards, penalties, hand-outs and impositions;
- ``pair_rule.py``: which two cards may share a rank; ``tables.py``: the speed tables.

``apply`` copies the state into a ``Draft`` (``draft.py``, with every chapter's steps), runs the
rules on it, then freezes it again; everything automatic that follows an action (lost turns,
Shortage, reveals, fights that need no decision, battles) runs before the next decision is
returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from common.codec import clip
from common.engine import check_seat_type
from common.errors import IllegalAction
from orcz.actions import CODEC, Action, Attack, Challenge, HandOut, Hold, Impose, PlaceRank, Scout
from orcz.battle import BattleRules, decide_split, split_actions
from orcz.challenge import challenge

# Those imported "as" themselves are re-exported: read from here by orcz/__init__.py and tests.
from orcz.data import MAX_PLAYERS as MAX_PLAYERS
from orcz.data import MIN_PLAYERS as MIN_PLAYERS
from orcz.data import START_GOBLINS as START_GOBLINS
from orcz.deployment import DeploymentRules, place, placements, placements_in
from orcz.deployment import placement_refusal as placement_refusal
from orcz.fights import FightRules, decide_fight, fight_actions
from orcz.rounds import RoundRules
from orcz.rounds import result as result
from orcz.scouts import peek, scout_actions
from orcz.state import DEPLOY, FIGHT, OVER, State


class Draft(RoundRules, DeploymentRules, FightRules, BattleRules):
    """The mutable working copy of a state (``draft.py``) with the steps of every chapter."""


# --------------------------------------------------------------------------- public queries

def to_act(state: State) -> tuple[int, ...]:
    if state.pending.kind == OVER:
        return ()
    return (state.pending.seat,)


def is_over(state: State) -> bool:
    return state.pending.kind == OVER


def legal_actions(state: State, seat: int) -> list[Action]:
    if type(seat) is not int:
        check_seat_type(seat)
    pending = state.pending
    kind = pending.kind
    hands = state.hands
    if pending.seat == seat and kind == DEPLOY:  # most calls: the seat placing a rank
        out = placements_in(state.fields, state.event, hands[seat], seat, len(hands))
    elif kind == OVER or not 0 <= seat < len(hands):
        return []
    elif pending.seat == seat:
        out = list(decisions(state))
    elif kind == DEPLOY and state.challenge_rule and not state.challenged:
        out = [Challenge(seat, pending.seat)]
    else:
        out = []
    scouts = scout_actions(state, seat)
    if scouts:
        out += scouts
    return out


def decisions(state: State) -> Sequence[Action]:
    pending = state.pending
    if pending.kind == DEPLOY:
        return placements(state, pending.seat)
    if pending.kind == FIGHT:
        return fight_actions(pending.seat, pending.battlefield)
    return split_actions(pending.kind, pending.seat, pending.battlefield, pending.amount,
                          pending.candidates, state.seat_count)


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    CODEC.check(action)  # each field of its exact type: no bool for a number, no long text
    try:
        if type(action) is PlaceRank:  # most steps; place() checks the seat against the turn
            return place(state, action, Draft)
        if state.pending.kind == OVER:
            raise IllegalAction("the game is over", "game-over")
        seat = action.seat
        if not 0 <= seat < len(state.hands):
            raise IllegalAction(f"there is no seat {clip(seat)} in this game", "no-such-seat")
        return _HANDLERS[type(action)](state, action)
    except (TypeError, KeyError, AttributeError, IndexError) as err:  # the net beneath check
        raise IllegalAction(f"malformed action {clip(action)}") from err


def _drafted(rule: Callable[[Draft, Any], None]) -> Callable[[State, Any], State]:
    """A rule written on a ``Draft``, as a handler from a state to the next one."""

    def handler(state: State, action: Any) -> State:
        draft = Draft(state)
        rule(draft, action)
        return draft.freeze()

    return handler


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Scout: _drafted(peek),
    Attack: _drafted(decide_fight),
    Hold: _drafted(decide_fight),
    HandOut: _drafted(decide_split),
    Impose: _drafted(decide_split),
    Challenge: _drafted(challenge),
}
