"""The scout (O-R14, O-R16): once per round, a seat with its scout may peek at any face-down card
of another player, at any time but under Fog."""

from __future__ import annotations

from common.codec import clip
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from orcz import data as D
from orcz import event_kinds as E
from orcz.actions import Action, Scout
from orcz.data import MAX_PLAYERS, RANKS_PER_ROUND, SIDES
from orcz.draft import DraftCore
from orcz.state import DEPLOY, FIGHT, HAND_OUT, IMPOSE, OVER, State
from orcz.tables import EVENT_KIND, event_kind


def scout_actions(state: State, seat: int) -> list[Action]:
    """O-R14: a seat with its scout may peek at any face-down card of another player."""
    if not state.hands[seat] >> D.SCOUT_I & 1 or EVENT_KIND[state.event] == D.FOG:
        return []
    # The seed: "at any time"; also while a hand-out or imposed payment is decided, since
    # battlefields not yet resolved still hold face-down cards (O-R16).
    if state.pending.kind == OVER:
        return []
    out: list[Action] = []
    for index, field in enumerate(state.fields):
        column = field.column
        if column:  # most are empty or short: a plain loop, no comprehension to set up
            peeks = _SCOUT_ACTIONS[seat][index]
            for position, rank in enumerate(column):
                if rank.owner != seat and not rank.revealed:
                    out.append(peeks[position][rank.down])
    return out


# Every scout peek, shared (listing them then allocates nothing): [seat][field][rank][side].
_SCOUT_ACTIONS = tuple(
    tuple(
        tuple(tuple(Scout(seat, field.id, rank, side) for side in SIDES)
              for rank in range(RANKS_PER_ROUND * MAX_PLAYERS))  # the longest column
        for field in D.BATTLEFIELDS
    )
    for seat in range(MAX_PLAYERS)
)


def scout_refusal(s: State, action: Scout) -> Refusal:
    """Why a peek is refused; None when ``scout_actions`` lists it."""
    return None if action in scout_actions(s, action.seat) else _why_not(s, action)


def peek(d: DraftCore, action: Scout) -> None:
    field = D.FIELD_BY_ID[action.battlefield]
    rank = d.fields[field.index].column[action.rank]
    card = rank.face_down_card()
    d.hands[action.seat] &= ~(1 << D.SCOUT_I)
    d.spent[action.seat] |= 1 << D.SCOUT_I
    scouted = list(d.scouted)
    scouted[action.seat] = scouted[action.seat] | {(rank.owner, card)}
    d.scouted = tuple(scouted)
    d.emit(E.SCOUT.record(seat=action.seat, battlefield=field.id, rank=action.rank,
                          side=action.side, owner=rank.owner))
    d.emit(E.SCOUT_SEEN.record(seat=action.seat, battlefield=field.id, rank=action.rank,
                               side=action.side, owner=rank.owner, card=D.CARDS[card].id))


def _why_not(state: State, action: Scout) -> IllegalAction:
    """Why a peek ``scout_actions`` does not list is not legal."""
    if not state.hands[action.seat] >> D.SCOUT_I & 1:
        return IllegalAction("your scout is already spent", "scout-spent")
    if event_kind(state) == D.FOG:
        return IllegalAction("Fog: no scout may be played this round", "fog")
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None:
        return IllegalAction(f"there is no battlefield {clip(action.battlefield)}",
                             "no-such-battlefield")
    column = state.fields[field.index].column
    if not 0 <= action.rank < len(column):
        return IllegalAction(f"{field.name} has no rank {clip(action.rank)}", "no-such-rank",
                             {"battlefield": field.id, "rank": clip(action.rank)})
    rank = column[action.rank]
    if rank.owner == action.seat:
        return IllegalAction("you already know your own cards", "own-card")
    return IllegalAction("that card is not face down", "not-face-down")


# A scout may be played at any time (the seed), out of turn too; its check says when not.
RULES: dict[type, Rule] = {Scout: Rule((DEPLOY, FIGHT, HAND_OUT, IMPOSE), None, scout_refusal,
                                        peek)}
