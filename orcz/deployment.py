"""Deployment (§3 of the rules, O-R6, O-R10): in turn, each player places a rank of two cards,
one face down, on an open battlefield; a player who cannot place loses the turn; Shortage taxes
the rear ranks once deployment is over. Also the listing of a hand's legal ranks, kept lean for
speed (docs/architecture.md, Speed)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from operator import itemgetter
from typing import NamedTuple

from common.codec import clip
from common.draft import make, replacer
from common.errors import IllegalAction
from common.log import Record, append
from common.rules import Refusal, Rule
from orcz import data as D
from orcz import event_kinds as E
from orcz.actions import Action, PlaceRank
from orcz.data import MAX_PLAYERS, RANKS_PER_ROUND, SIDES
from orcz.draft import DEPLOY_PENDING, DraftCore
from orcz.pair_rule import rank_refusal
from orcz.state import BANK, DEPLOY, OVER, Field, Rank, State
from orcz.tables import (
    ANTIMAGIC_AT,
    EVENT_KIND,
    HALF,
    LOW_MASK,
    PARTNER_MASKS,
    ROW_HIGH,
    ROW_LOW,
    TROOP_PAIR,
    TROOPS,
    event_kind,
    partner_masks,
)

_CARD_COUNT = len(D.CARDS)


class DeploymentRules(DraftCore):
    """The draft's steps of deployment."""

    def next_deployment(self) -> None:
        """Give the turn to the next seat that can place a rank (O-R6: others lose the turn)."""
        count = self.count
        total = RANKS_PER_ROUND * count
        while self.turn < total:
            seat = (self.first + self.turn) % count
            self.pending = DEPLOY_PENDING[seat]
            if can_place(self.fields, self.event, self.hands[seat], count):
                self.challenged = False
                return
            self.emit(E.LOST_TURN.record(seat=seat, reason=self.lost_turn_reason(seat)))
            self.turn += 1
        self.end_deployment()

    def lost_turn_reason(self, seat: int) -> str:
        room = capacity(self.count, self.event_kind())
        if not any(is_open(field, room) for field in self.fields):
            return "every open battlefield is full"
        return "no legal rank can be made from the cards left"

    def end_deployment(self) -> None:
        if self.event_kind() == D.SHORTAGE:  # O-R10: on every battlefield with ranks
            for i, field in enumerate(self.fields):
                if field.column:
                    self.pay(field.column[-1].owner, BANK, 2, "shortage", i)
        self.begin_resolution()


# --------------------------------------------------------------------------- legal ranks

def capacity(count: int, event_kind: str) -> int:
    """How many ranks a battlefield may hold now: as many as there are players under Diversion."""
    return count if event_kind == D.DIVERSION else 1 << 30


# ``capacity`` per player count and event tile, for the placement's quick answer.
ROOM = tuple({event: capacity(count, kind) for event, kind in EVENT_KIND.items()}
             for count in range(MAX_PLAYERS + 1))


def is_open(field: Field, room: int) -> bool:
    """Whether a rank may go on ``field`` now: not cleared, and holding fewer than ``room``."""
    return not field.cleared and len(field.column) < room


def placements(state: State, seat: int) -> list[Action]:
    return placements_in(state.fields, state.event, state.hands[seat], seat, len(state.hands))


def placements_in(
    fields: tuple[Field, ...] | list[Field], event: str | None, hand: int, seat: int, count: int
) -> list[Action]:
    """Every legal rank of a hand, as a fresh list: per open battlefield, the hand's ranks picked
    out of the battlefield's table of every rank."""
    kind = EVENT_KIND[event]
    antimagic = ANTIMAGIC_AT[event]
    no_champion = kind == D.CONFUSION
    out: list[Action] = []
    room = capacity(count, kind)
    for index, field in enumerate(fields):
        if is_open(field, room):
            out += field_ranks(seat, hand, index, no_champion, index == antimagic)
    return out


def field_ranks(
    seat: int, hand: int, field: int, no_champion: bool, no_shaman: bool
) -> tuple[PlaceRank, ...]:
    """A hand's legal ranks on one battlefield. Not cached: hands are too many to keep (a cache
    of them thrashed, and its tuples cost the garbage collector more than they saved)."""
    pick = rank_picker(hand, no_champion, no_shaman)
    return () if pick is None else pick(place_table(seat, field))


@lru_cache(maxsize=1 << 15)
def rank_picker(
    hand: int, no_champion: bool, no_shaman: bool
) -> Callable[[tuple[PlaceRank, ...]], tuple[PlaceRank, ...]] | None:
    """Picks a hand's legal ranks out of a ``place_table`` (None when there is none).

    Built from per-card rows looked up in tables, not by testing every pair of cards, since a
    new hand is met at most steps of a game played at random."""
    partners = partner_masks(no_champion, no_shaman)
    indices: list[int] = []
    for left in range(_CARD_COUNT):
        if hand >> left & 1:
            rights = hand & partners[left]
            if rights:
                indices += ROW_LOW[left][rights & LOW_MASK]
                indices += ROW_HIGH[left][rights >> HALF]
    return itemgetter(*indices) if indices else None  # two or more: it returns a tuple


@cache
def place_table(seat: int, field: int) -> tuple[PlaceRank, ...]:
    """One shared PlaceRank per (left, right, face down) for a seat and battlefield, flat."""
    field_id = D.BATTLEFIELDS[field].id
    return tuple(
        PlaceRank(seat, field_id, left.id, right.id, side)
        for left in D.CARDS
        for right in D.CARDS
        for side in SIDES
    )


def can_place(fields: list[Field], event: str | None, hand: int, count: int) -> bool:
    """Whether any legal rank exists, without listing them all."""
    kind = EVENT_KIND[event]
    room = capacity(count, kind)
    antimagic = ANTIMAGIC_AT[event]
    only_antimagic = False  # the one open battlefield is the Anti-magic Zone's
    for index, field in enumerate(fields):
        if is_open(field, room):
            if index != antimagic:
                return rank_picker(hand, kind == D.CONFUSION, False) is not None
            only_antimagic = True
    return only_antimagic and rank_picker(hand, kind == D.CONFUSION, True) is not None


# --------------------------------------------------------------------------- placing a rank

def place(s: State, action: PlaceRank, draft: Callable[[State], DeploymentRules]) -> State:
    """A rank placed; built straight into the next state when the next seat can place one too
    (most steps of a game), through a ``draft`` when turns are lost or deployment ends."""
    event, fields_now, hands_now, pending = s.event, s.fields, s.hands, s.pending
    seat = action.seat
    spec = _rank_spec(action.battlefield, action.left, action.right, action.face_down)
    # The check's answer, read from the tables built from the same rules (the tables' tests
    # compare them); its words only when it refuses.
    if (spec is None or pending.kind != DEPLOY or seat != pending.seat
            or not _allowed(spec, event, fields_now, hands_now[seat], len(hands_now))):
        raise placement_check(s, action) or IllegalAction("that rank cannot be placed now")
    index, left, right, down, cards, words = spec
    fields = list(fields_now)
    f = fields[index]
    position = len(f.column)
    rank = make(Rank, (seat, left, right, down, False))
    fields[index] = make(Field, (f.enemy, f.stack, f.defeated, (*f.column, rank), f.aside))
    hands = list(hands_now)
    hands[seat] &= ~cards
    records = _placed_records(seat, position, words)
    turn = s.turn + 1
    count = len(hands)
    if turn < RANKS_PER_ROUND * count:
        following = (s.first + turn) % count
        hand = hands[following]
        # A pair of troops is legal on any open battlefield, this one among them while it has
        # room (it is not cleared: a rank just went there): the quick answer most of the time,
        # can_place otherwise.
        if ((TROOP_PAIR[hand & TROOPS] and position + 1 < ROOM[count][event])
                or can_place(fields, event, hand, count)):
            return _placed(s, fields=tuple(fields), hands=tuple(hands), turn=turn,
                           pending=DEPLOY_PENDING[following], challenged=False,
                           history=append(s.history, records))
    d = draft(s)
    d.fields, d.hands, d.records, d.turn, d.challenged = fields, hands, list(records), turn, False
    d.next_deployment()
    return d.freeze()


_placed = replacer(State, "fields", "hands", "turn", "pending", "challenged", "history")


def _allowed(
    spec: _Spec, event: str | None, fields: tuple[Field, ...], hand: int, count: int
) -> bool:
    """Whether the seat to deploy may place the rank ``spec`` now: ``placement_check``'s answer,
    read from the tables built from the same rules (that says why not, when it may not)."""
    index, left, right, _, cards, _ = spec
    if hand & cards != cards:
        return False
    kind = EVENT_KIND[event]
    if not is_open(fields[index], capacity(count, kind)):
        return False
    partners = PARTNER_MASKS[kind == D.CONFUSION][ANTIMAGIC_AT[event] == index]
    return bool(partners[left] >> right & 1)


class _Spec(NamedTuple):
    """What a placement's ids stand for, and the words of its log records."""

    field: int
    left: int
    right: int
    down: int  # the face-down side, 0 (left) or 1 (right)
    cards: int  # the mask of the two cards
    words: _Words  # for the log


class _Words(NamedTuple):
    where: str  # the battlefield's id
    up_side: str
    up_card: str
    down_side: str
    down_card: str


@lru_cache(maxsize=4096)
def _rank_spec(field_id: str, left_id: str, right_id: str, face_down: str) -> _Spec | None:
    """A placement's ids, looked up once; ``None`` when an id is unknown."""
    field = D.FIELD_BY_ID.get(field_id)
    left, right = D.CARD_BY_ID.get(left_id), D.CARD_BY_ID.get(right_id)
    if field is None or left is None or right is None or face_down not in SIDES:
        return None
    down = SIDES.index(face_down)
    up, hidden = (left, right)[1 - down], (left, right)[down]
    return _Spec(field.index, left.index, right.index, down, 1 << left.index | 1 << right.index,
                 _Words(field.id, SIDES[1 - down], up.id, SIDES[down], hidden.id))


def _placed_records(seat: int, position: int, words: _Words) -> tuple[Record, Record]:
    """The log records of a placement, the public one and the seat's own. Not cached: too many
    differ (a third were new after a thousand games), and a cache of them weighs megabytes."""
    return (E.PLACED.record(seat=seat, battlefield=words.where, rank=position,
                            up_side=words.up_side, up_card=words.up_card),
            E.PLACED_HIDDEN.record(seat=seat, battlefield=words.where, rank=position,
                                   side=words.down_side, card=words.down_card))


def placement_check(s: State, action: PlaceRank) -> Refusal:
    """Why a placement is refused, with its code: the phase, the seat and its turn, then the
    rank itself (``placement_refusal``); None when it is legal."""
    pending = s.pending
    if pending.kind != DEPLOY:
        return (IllegalAction("the game is over", "game-over") if pending.kind == OVER
                else IllegalAction("ranks are placed only during deployment", "wrong-phase",
                                  {"decision": DEPLOY}))
    seat = action.seat
    if seat != pending.seat:
        if not 0 <= seat < s.seat_count:
            return IllegalAction(f"there is no seat {clip(seat)} in this game", "no-such-seat")
        return IllegalAction(f"it is {s.players[pending.seat]}'s turn to place a rank",
                             "not-your-turn", {"seat": pending.seat, "decision": DEPLOY})
    return placement_refusal(s, action)


def placement_refusal(state: State, action: PlaceRank) -> IllegalAction | None:
    """Why a placement by the seat to deploy is not legal (a code and words a player can read);
    ``None`` when it is legal."""
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None:
        return IllegalAction(f"there is no battlefield {clip(action.battlefield)}",
                             "no-such-battlefield")
    refusal = _field_refusal(state, field)
    if refusal is not None:
        return refusal
    if action.face_down not in SIDES:
        return IllegalAction("face_down must be 'left' or 'right'")
    cards = [D.CARD_BY_ID.get(action.left), D.CARD_BY_ID.get(action.right)]
    for given, card in zip((action.left, action.right), cards, strict=True):
        if card is None:
            return IllegalAction(f"there is no card {clip(given)}", "no-such-card")
        if not state.hands[action.seat] >> card.index & 1:
            return IllegalAction(f"{card.name} is not behind your screen", "card-not-held",
                                 {"card": card.id})
    a, b = cards[0], cards[1]
    assert a is not None and b is not None
    return rank_refusal_now(a, b, state.event, field)


def _field_refusal(state: State, field: D.Battlefield) -> IllegalAction | None:
    """Why no rank may go on ``field`` now (the words for ``is_open``)."""
    f = state.fields[field.index]
    if f.cleared:
        return IllegalAction(f"{field.name} is cleared: no rank may be placed there any more",
                             "battlefield-cleared", {"battlefield": field.id})
    if not is_open(f, capacity(state.seat_count, event_kind(state))):
        return IllegalAction(f"Diversion: {field.name} already holds {state.seat_count} ranks",
                             "battlefield-full",
                             {"battlefield": field.id, "ranks": state.seat_count})
    return None


def rank_refusal_now(
    a: D.Card, b: D.Card, event: str | None, field: D.Battlefield
) -> IllegalAction | None:
    """Why ``a`` and ``b`` may not form a rank on ``field`` under the event tile ``event``."""
    return rank_refusal(a, b, EVENT_KIND[event] == D.CONFUSION,
                        ANTIMAGIC_AT[event] == field.index, field.name, field.id)


# Its handler builds the next state itself (``place``, given the draft to use when it needs one):
# most steps of a game, kept lean.
RULES: dict[type, Rule] = {PlaceRank: Rule((DEPLOY,), None, placement_check, place)}
