"""Deployment (§3 of the rules, O-R6, O-R10): in turn, each player places a rank of two cards,
one face down, on an open battlefield; a player who cannot place loses the turn; Shortage taxes
the rear ranks once deployment is over. Also the listing of a hand's legal ranks, kept lean for
speed (docs/architecture.md, Speed)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from common.errors import IllegalAction
from orcz import data as D
from orcz.actions import Action, PlaceRank
from orcz.data import RANKS_PER_ROUND, SIDES
from orcz.draft import DEPLOY_PENDING, DraftBase
from orcz.log_kinds import _LOST_TURN, _PLACED, _PLACED_HIDDEN
from orcz.state import BANK, DEPLOY, OVER, Field, Rank, State, make
from orcz.tables import (
    _ANTIMAGIC_AT,
    _DIVERSION_TILES,
    _EVENT_KIND,
    _HALF,
    _LOW_MASK,
    _ROW_HIGH,
    _ROW_LOW,
    _TROOP_PAIR,
    _TROOPS,
    _event_kind,
    _pair_ok,
    _partners,
)

_CARD_COUNT = len(D.CARDS)


class DeploymentRules(DraftBase):
    __slots__ = ()

    def next_deployment(self) -> None:
        """Give the turn to the next seat that can place a rank (O-R6: others lose the turn)."""
        total = RANKS_PER_ROUND * self.count
        while self.turn < total:
            seat = (self.first + self.turn) % self.count
            self.pending = DEPLOY_PENDING[seat]
            if _can_place(self.fields, self.event, self.hands[seat], self.count):
                self.challenged = False
                return
            self.records.append((_LOST_TURN, seat, self.lost_turn_reason(seat)))
            self.turn += 1
        self.end_deployment()

    def lost_turn_reason(self, seat: int) -> str:
        if not _open_fields(self.fields, self.count, self.event_kind()):
            return "every open battlefield is full"
        return "no legal rank can be made from the cards left"

    def end_deployment(self) -> None:
        if self.event_kind() == D.SHORTAGE:  # O-R10: on every battlefield with ranks
            for i, field in enumerate(self.fields):
                if field.column:
                    self.pay(field.column[-1].owner, BANK, 2, "shortage", i)
        self.begin_resolution()


# --------------------------------------------------------------------------- legal ranks

def _open_fields(fields: tuple[Field, ...] | list[Field], count: int, event_kind: str) -> int:
    """Battlefields where a rank may go now: not cleared, and not full under Diversion."""
    limit = count if event_kind == D.DIVERSION else 1 << 30
    mask = 0
    bit = 1
    for field in fields:
        if (field.enemy is not None or field.stack) and len(field.column) < limit:
            mask |= bit
        bit <<= 1
    return mask


def _placements(state: State, seat: int) -> list[Action]:
    return _placements_in(state.fields, state.event, state.hands[seat], seat, len(state.hands))


def _placements_in(
    fields: tuple[Field, ...] | list[Field], event: str | None, hand: int, seat: int, count: int
) -> list[Action]:
    """Every legal rank of a hand, as a fresh list gathered from per-battlefield cached tuples."""
    kind = _EVENT_KIND[event]
    antimagic = _ANTIMAGIC_AT[event]
    limit = count if kind == D.DIVERSION else 1 << 30
    no_champion = kind == D.CONFUSION
    out: list[Action] = []
    for index, field in enumerate(fields):  # the test of _open_fields, inline: a hot loop
        if (field.enemy is not None or field.stack) and len(field.column) < limit:
            out += _field_ranks(seat, hand, index, no_champion, index == antimagic)
    return out


@lru_cache(maxsize=1 << 15)
def _field_ranks(
    seat: int, hand: int, field: int, no_champion: bool, no_shaman: bool
) -> tuple[PlaceRank, ...]:
    """A hand's legal ranks on one battlefield: cached per field rather than per set of open
    fields, so that a miss builds one short tuple instead of concatenating them all."""
    pick = _rank_picker(hand, no_champion, no_shaman)
    return () if pick is None else pick(_place_table(seat, field))


@lru_cache(maxsize=1 << 15)
def _rank_picker(
    hand: int, no_champion: bool, no_shaman: bool
) -> Callable[[tuple[PlaceRank, ...]], tuple[PlaceRank, ...]] | None:
    """Picks a hand's legal ranks out of a ``_place_table`` (None when there is none).

    Built from per-card rows looked up in tables, not by testing every pair of cards, since a
    new hand is met at most steps of a game played at random."""
    partners = _partners(no_champion, no_shaman)
    indices: list[int] = []
    for left in range(_CARD_COUNT):
        if hand >> left & 1:
            rights = hand & partners[left]
            if rights:
                indices += _ROW_LOW[left][rights & _LOW_MASK]
                indices += _ROW_HIGH[left][rights >> _HALF]
    return itemgetter(*indices) if indices else None  # two or more: it returns a tuple


@cache
def _place_table(seat: int, field: int) -> tuple[PlaceRank, ...]:
    """One shared PlaceRank per (left, right, face down) for a seat and battlefield, flat."""
    field_id = D.BATTLEFIELDS[field].id
    return tuple(
        PlaceRank(seat, field_id, left.id, right.id, side)
        for left in D.CARDS
        for right in D.CARDS
        for side in SIDES
    )


def _can_place(fields: list[Field], event: str | None, hand: int, count: int) -> bool:
    """Whether any legal rank exists, without listing them all."""
    kind = _EVENT_KIND[event]
    limit = count if kind == D.DIVERSION else 1 << 30
    antimagic = _ANTIMAGIC_AT[event]
    only_antimagic = False  # the one open battlefield is the Anti-magic Zone's
    for index, field in enumerate(fields):  # the test of _open_fields, inline: a hot loop
        if (field.enemy is not None or field.stack) and len(field.column) < limit:
            if index != antimagic:
                return _rank_picker(hand, kind == D.CONFUSION, False) is not None
            only_antimagic = True
    return only_antimagic and _rank_picker(hand, kind == D.CONFUSION, True) is not None


# --------------------------------------------------------------------------- placing a rank

# Positions in a State of the fields a placement changes.
_FIELDS, _HANDS, _TURN, _PENDING, _CHALLENGED, _HISTORY = (
    State._fields.index(name)
    for name in ("fields", "hands", "turn", "pending", "challenged", "history")
)


def place(s: State, action: PlaceRank, draft: Callable[[State], DeploymentRules]) -> State:
    """A rank placed; built straight into the next state when the next seat can place one too
    (most steps of a game), through a ``draft`` when turns are lost or deployment ends."""
    (_, _, _, _, _, first, event, _, fields_now, hands_now, _, _, _, turn, _, pending, _, _, _,
     history) = s  # one unpacking instead of a named-tuple attribute lookup per field
    if pending.kind != DEPLOY:
        raise IllegalAction("the game is over" if pending.kind == OVER
                            else "ranks are placed only during deployment")
    seat = action.seat
    if type(seat) is not int or seat != pending.seat:
        if type(seat) is not int or not 0 <= seat < len(hands_now):
            raise IllegalAction(f"there is no seat {seat!r} in this game")
        raise IllegalAction(f"it is {s.players[pending.seat]}'s turn to place a rank")
    spec = _rank_spec(action.battlefield, action.left, action.right, action.face_down)
    if spec is None or not _allowed(spec, event, fields_now, hands_now[seat], len(hands_now)):
        raise IllegalAction(placement_error(s, action) or "that rank cannot be placed now")
    index, left, right, down, cards, where, up_side, up_card, down_side, down_card = spec[:10]
    fields = list(fields_now)
    f = fields[index]
    position = len(f.column)
    rank = make(Rank, (seat, left, right, down, False))
    fields[index] = make(Field, (f.enemy, f.stack, f.defeated, (*f.column, rank), f.aside))
    hands = list(hands_now)
    hands[seat] &= ~cards
    records = ((_PLACED, seat, where, position, up_side, up_card),
               (_PLACED_HIDDEN, seat, where, position, down_side, down_card))
    turn += 1
    count = len(hands)
    if turn < RANKS_PER_ROUND * count:
        following = (first + turn) % count
        hand = hands[following]
        # A pair of troops is legal on any open battlefield, this one among them unless Diversion
        # may have filled it: the quick answer most of the time, _can_place otherwise.
        if ((_TROOP_PAIR[hand & _TROOPS] and event not in _DIVERSION_TILES)
                or _can_place(fields, event, hand, count)):
            # s._replace(...), several times faster: a list of the fields, six changed.
            changed = list(s)
            changed[_FIELDS] = tuple(fields)
            changed[_HANDS] = tuple(hands)
            changed[_TURN] = turn
            changed[_PENDING] = DEPLOY_PENDING[following]
            changed[_CHALLENGED] = False
            changed[_HISTORY] = (history, records)  # logged(history, records), inline
            state: State = make(State, changed)
            return state
    d = draft(s)
    d.fields, d.hands, d.records, d.turn, d.challenged = fields, hands, list(records), turn, False
    d.next_deployment()
    return d.freeze()


def _allowed(
    spec: tuple[Any, ...], event: str | None, fields: tuple[Field, ...], hand: int, count: int
) -> bool:
    """Whether the rank a ``_rank_spec`` stands for may be placed now (``placement_error`` says
    why not, in words, when it may not)."""
    index, cards = spec[0], spec[4]
    if hand & cards != cards:
        return False
    f = fields[index]
    if f.enemy is None and not f.stack:  # cleared
        return False
    kind = _EVENT_KIND[event]
    if kind == D.DIVERSION and len(f.column) >= count:
        return False
    if spec[12] and _ANTIMAGIC_AT[event] == index:  # a shaman in the Anti-magic Zone
        return False
    return bool(spec[11 if kind == D.CONFUSION else 10])


@lru_cache(maxsize=4096)
def _rank_spec(
    field_id: str, left_id: str, right_id: str, face_down: str
) -> tuple[Any, ...] | None:
    """What a placement's ids stand for, looked up once: (field index, left, right, face-down
    side, cards mask, field id, up side, up card id, down side, down card id, pair legal, pair
    legal under Confusion, has a shaman); ``None`` when an id is unknown."""
    field = D.FIELD_BY_ID.get(field_id)
    left, right = D.CARD_BY_ID.get(left_id), D.CARD_BY_ID.get(right_id)
    if field is None or left is None or right is None or face_down not in SIDES:
        return None
    down = SIDES.index(face_down)
    up, hidden = (left, right)[1 - down], (left, right)[down]
    return (field.index, left.index, right.index, down, 1 << left.index | 1 << right.index,
            field.id, SIDES[1 - down], up.id, SIDES[down], hidden.id,
            _pair_ok(left, right, True), _pair_ok(left, right, False),
            D.SHAMAN in (left.kind, right.kind))


def placement_error(state: State, action: PlaceRank) -> str | None:
    """Why a placement is not legal, in words a player can read; ``None`` when it is legal."""
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None:
        return f"there is no battlefield {action.battlefield!r}"
    f = state.fields[field.index]
    if f.cleared:
        return f"{field.name} is cleared: no rank may be placed there any more"
    if _event_kind(state) == D.DIVERSION and len(f.column) >= state.seat_count:
        return f"Diversion: {field.name} already holds {state.seat_count} ranks"
    if action.face_down not in SIDES:
        return "face_down must be 'left' or 'right'"
    cards = [D.CARD_BY_ID.get(action.left), D.CARD_BY_ID.get(action.right)]
    for given, card in zip((action.left, action.right), cards, strict=True):
        if card is None:
            return f"there is no card {given!r}"
        if not state.hands[action.seat] >> card.index & 1:
            return f"{card.name} is not behind your screen"
    a, b = cards[0], cards[1]
    assert a is not None and b is not None
    kinds = {a.kind, b.kind}
    reasons = [
        (a.index == b.index, "a rank needs two different cards"),
        (D.SCOUT in kinds, "the scout is never placed in a rank"),
        (kinds == {D.CHAMPION, D.SHAMAN}, "a shaman and a champion may not share a rank"),
        (a.kind == b.kind == D.ARCHER, "two archers may not share a rank"),
        (a.kind == b.kind == D.CAVALRY, "two cavalry may not share a rank"),
        (D.CHAMPION in kinds and _event_kind(state) == D.CONFUSION,
         "Confusion: no champion may be placed this round"),
        (D.SHAMAN in kinds and _ANTIMAGIC_AT[state.event] == field.index,
         f"Anti-magic Zone: no shaman may be placed on {field.name} this round"),
    ]
    for failed, reason in reasons:
        if failed:
            return reason
    return None
