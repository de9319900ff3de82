"""Who is to act and what they may do: the legal-action listing, and the checks every action
shares (the game, the seat); each chapter's module declares its actions' rules (``Rule``,
common/rules.py: the decisions it answers, the check with its codes, the handler), read here and
by ``rules.apply``. A refusal names its rule with a stable code (docs/orcz-actions.md)."""

from __future__ import annotations

from collections.abc import Sequence

from common.codec import clip
from common.engine import check_seat_type
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from orcz import battle, challenge, deployment, fights, scouts
from orcz.actions import Action, Challenge, PlaceRank
from orcz.battle import split_actions
from orcz.deployment import placements, placements_in
from orcz.fights import fight_actions
from orcz.scouts import scout_actions
from orcz.state import DEPLOY, FIGHT, OVER, State

RULES: dict[type, Rule] = {
    **deployment.RULES, **scouts.RULES, **challenge.RULES, **fights.RULES, **battle.RULES,
}


def to_act(state: State) -> tuple[int, ...]:
    if state.pending.kind == OVER:
        return ()
    return (state.pending.seat,)


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
    peeks = scout_actions(state, seat)
    if peeks:
        out += peeks
    return out


def decisions(state: State) -> Sequence[Action]:
    """What the seat the game waits for may decide (scouts aside)."""
    pending = state.pending
    if pending.kind == DEPLOY:
        return placements(state, pending.seat)
    if pending.kind == FIGHT:
        return fight_actions(pending.seat, pending.battlefield)
    return split_actions(pending.kind, pending.seat, pending.battlefield, pending.amount,
                         pending.candidates, state.seat_count)


def check(state: State, action: Action) -> Refusal:
    """The first rule ``action`` breaks, with its code; None when it is legal."""
    if type(action) is PlaceRank:  # its check names the phase first, as it always has
        return deployment.placement_check(state, action)
    if state.pending.kind == OVER:
        return IllegalAction("the game is over", "game-over")
    if not 0 <= action.seat < state.seat_count:
        return IllegalAction(f"there is no seat {clip(action.seat)} in this game",
                             "no-such-seat")
    return RULES[type(action)].check(state, action)
