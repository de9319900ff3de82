"""The Orcz rules: deployment, fights in the column, battles and the end of the game (the set-up
is in orcz/setup.py, the speed tables in orcz/tables.py).

``apply`` copies the parts of the state it changes into a ``_Draft``, runs the rules on it, then
freezes it again; everything automatic that follows an action (lost turns, Shortage, reveals,
fights that need no decision, battles) runs before the next decision is returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from common.engine import check_seat_type
from common.errors import IllegalAction
from common.events import EventKind
from orcz import data as D
from orcz.actions import Action, Attack, Challenge, HandOut, Hold, Impose, PlaceRank, Scout
from orcz.data import CHAMPION_I, SHAMAN_I
from orcz.state import (
    BANK,
    DEPLOY,
    FIGHT,
    HAND_OUT,
    IMPOSE,
    NO_CARD,
    OVER,
    Field,
    Pending,
    Rank,
    State,
    logged,
    make,
)

# The speed tables (orcz/tables.py); those imported "as" themselves are read from here by orcz.bot
# and orcz.sample.
from orcz.tables import _ANTIMAGIC_AT as _ANTIMAGIC_AT
from orcz.tables import (
    _BIT,
    _CARD_ID,
    _DIVERSION_TILES,
    _DUELS,
    _FIELD_ID,
    _HALF,
    _IS_HERO,
    _LOW_MASK,
    _ROW_HIGH,
    _ROW_LOW,
    _STRENGTH,
    _TROOP_PAIR,
    _TROOPS,
    _pair_ok,
)
from orcz.tables import _EVENT_KIND as _EVENT_KIND
from orcz.tables import _partners as _partners
from orcz.tables import duel as duel

MIN_PLAYERS, MAX_PLAYERS = 2, 4
START_GOBLINS = 5
RANKS_PER_ROUND = 5
SIDES = ("left", "right")
_CARD_COUNT = len(D.CARDS)
# The set-up keys that state a position to start from (orcz/position.py).
POSITION_KEYS = frozenset(
    {"round", "goblins", "hands", "spent", "ranks", "enemies", "defeated", "event", "turn"}
)

# The kinds of events the rules log, as compact records (see common.events.EventKind).
_E = EventKind.of
_GAME_START = _E("game_start", "players", "first")
_ROUND_START = _E("round_start", "round", "first")
_ENEMY_REVEALED = _E("enemy_revealed", "battlefield", "enemy")
_EVENT_DRAWN = _E("event_drawn", "event")
_PLACED = _E("placed", "seat", "battlefield", "rank", "up_side", "up_card")
_PLACED_HIDDEN = _E("placed_hidden", "seat", "battlefield", "rank", "side", "card",
                    private_to="seat")
_LOST_TURN = _E("lost_turn", "seat", "reason")
_CHALLENGE = _E("challenge", "seat", "target")
_SCOUT = _E("scout", "seat", "battlefield", "rank", "side", "owner")
_SCOUT_SEEN = _E("scout_seen", "seat", "battlefield", "rank", "side", "owner", "card",
                 private_to="seat")
_PAYMENT = _E("payment", "payer", "payee", "amount", "owed", "reason", "battlefield", "ruined")
_RESOLUTION_ORDER = _E("resolution_order", "order")
_REVEALED = _E("revealed", "battlefield", "owner", "rank", "side", "card")
_HOLD = _E("hold", "seat", "battlefield", "rank", "reason")
_ATTACK = _E("attack", "seat", "battlefield", "rank")
_CHAMPION_CANCEL = _E("champion_cancel", "seat", "battlefield", "defender", "rank")
_SHAMAN_SKIP = _E("shaman_skip", "seat", "battlefield", "defender", "rank")
_WING = _E("wing", "battlefield", "side", "attacker_card", "defender_card", "winner")
# attacker, defender: the two seats; *_kept: how many cards each rank kept after the wings
_FIGHT_OUTCOME = _E("fight_outcome", "battlefield", "outcome", "winner", "loser", "attacker",
                    "defender", "attacker_kept", "defender_kept")
_BATTLE = _E("battle", "battlefield", "enemy", "strengths", "total", "needed", "champion", "won",
             "strongest", "participants")
_IMPOSED_NOTHING = _E("imposed_nothing", "seat", "battlefield")
_HEROES_SPENT = _E("heroes_spent", "battlefield", "heroes")
_CLEARED = _E("cleared", "battlefield")
_ROUND_END = _E("round_end", "round")
_GAME_OVER = _E("game_over", "winners", "defeat", "cleared")










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
        out = _placements_in(state.fields, state.event, hands[seat], seat, len(hands))
    elif kind == OVER or not 0 <= seat < len(hands):
        return []
    elif pending.seat == seat:
        out = list(_decisions(state))
    elif kind == DEPLOY and state.challenge_rule and not state.challenged:
        out = [Challenge(seat, pending.seat)]
    else:
        out = []
    scouts = _scouts(state, seat)
    if scouts:
        out += scouts
    return out


def _decisions(state: State) -> Sequence[Action]:
    pending = state.pending
    if pending.kind == DEPLOY:
        return _placements(state, pending.seat)
    if pending.kind == FIGHT:
        return _fight_actions(pending.seat, pending.battlefield)
    return _split_actions(pending.kind, pending.seat, pending.battlefield, pending.amount,
                          pending.candidates, state.seat_count)


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


@lru_cache(maxsize=1024)
def _splits(amount: int, candidates: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``amount`` goblins among ``candidates``, as per-seat tuples."""
    if not candidates:
        return ((0,) * count,) if amount == 0 else ()
    head, rest = candidates[0], candidates[1:]
    out = []
    low = 0 if rest else amount
    for give in range(low, amount + 1):
        for tail in _splits(amount - give, rest, count):
            share = list(tail)
            share[head] = give
            out.append(tuple(share))
    return tuple(out)


def _scouts(state: State, seat: int) -> list[Action]:
    """O-R14: a seat with its scout may peek at any face-down card of another player."""
    if not state.hands[seat] >> D.SCOUT_I & 1 or _EVENT_KIND[state.event] == D.FOG:
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


@cache
def _fight_actions(seat: int, field: int) -> tuple[Action, ...]:
    field_id = D.BATTLEFIELDS[field].id
    return (Attack(seat, field_id), Hold(seat, field_id))


@lru_cache(maxsize=4096)
def _split_actions(
    kind: str, seat: int, field: int, amount: int, candidates: tuple[int, ...], count: int
) -> tuple[Action, ...]:
    field_id = D.BATTLEFIELDS[field].id
    splits = _splits(amount, candidates, count)
    if kind == HAND_OUT:
        return tuple(HandOut(seat, field_id, s) for s in splits)
    # O-R18: imposing is optional; "impose nothing" is the last choice
    return tuple(Impose(seat, field_id, s) for s in (*splits, (0,) * count))


def _event_kind(state: State) -> str:
    return _EVENT_KIND[state.event]




# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if it is not legal."""
    if type(action) is PlaceRank:  # most steps; _place checks the seat against the turn
        try:
            return _place(state, action)
        except (TypeError, KeyError, AttributeError) as err:  # fields of the wrong type
            raise IllegalAction(f"malformed action {action!r}") from err
    if state.pending.kind == OVER:
        raise IllegalAction("the game is over")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"not an Orcz action: {action!r}")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < len(state.hands):
        raise IllegalAction(f"there is no seat {seat!r} in this game")
    try:
        return handler(state, action)
    except (TypeError, KeyError, AttributeError) as err:  # fields of the wrong type
        raise IllegalAction(f"malformed action {action!r}") from err


def _drafted(rule: Callable[[_Draft, Any], None]) -> Callable[[State, Any], State]:
    """A rule written on a ``_Draft``, as a handler from a state to the next one."""

    def handler(state: State, action: Any) -> State:
        draft = _Draft(state)
        rule(draft, action)
        return draft.freeze()

    return handler


def _place(s: State, action: PlaceRank) -> State:
    """A rank placed; built straight into the next state when the next seat can place one too
    (most steps of a game), through a ``_Draft`` when turns are lost or deployment ends."""
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
            changed[_PENDING] = _DEPLOY_PENDING[following]
            changed[_CHALLENGED] = False
            changed[_HISTORY] = (history, records)  # logged(history, records), inline
            state: State = make(State, changed)
            return state
    d = _Draft(s)
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


def _scout(d: _Draft, action: Scout) -> None:
    s = d.state
    if action not in _scouts(s, action.seat):
        raise IllegalAction(_scout_error(s, action))
    field = D.FIELD_BY_ID[action.battlefield]
    rank = d.fields[field.index].column[action.rank]
    card = rank.face_down_card()
    d.hands[action.seat] &= ~(1 << D.SCOUT_I)
    d.spent[action.seat] |= 1 << D.SCOUT_I
    scouted = list(d.scouted)
    scouted[action.seat] = scouted[action.seat] | {(rank.owner, card)}
    d.scouted = tuple(scouted)
    d.records.append((_SCOUT, action.seat, field.id, action.rank, action.side, rank.owner))
    d.records.append((_SCOUT_SEEN, action.seat, field.id, action.rank, action.side, rank.owner,
                      D.CARDS[card].id))


def _scout_error(state: State, action: Scout) -> str:
    if not state.hands[action.seat] >> D.SCOUT_I & 1:
        return "your scout is already spent"
    if _event_kind(state) == D.FOG:
        return "Fog: no scout may be played this round"
    if state.pending.kind == OVER:
        return "no card is face down now"
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None:
        return f"there is no battlefield {action.battlefield!r}"
    column = state.fields[field.index].column
    if not 0 <= action.rank < len(column):
        return f"{field.name} has no rank {action.rank}"
    rank = column[action.rank]
    if rank.owner == action.seat:
        return "you already know your own cards"
    return "that card is not face down"


def _decide_fight(d: _Draft, action: Attack | Hold) -> None:
    s = d.state
    if s.pending.kind != FIGHT:
        raise IllegalAction("there is no fight to decide now")
    if action.seat != s.pending.seat:
        raise IllegalAction(f"it is {s.players[s.pending.seat]} who decides this fight")
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None or field.index != s.pending.battlefield:
        raise IllegalAction(f"the fight is on {D.BATTLEFIELDS[s.pending.battlefield].name}")
    if isinstance(action, Hold):
        d.hold(field.index, "chose")
    else:
        d.attack(field.index)
    d.resolve()


def _share(d: _Draft, action: HandOut | Impose) -> None:
    s = d.state
    kind = HAND_OUT if isinstance(action, HandOut) else IMPOSE
    if s.pending.kind != kind:
        word = "hand-out" if kind == HAND_OUT else "payment to impose"
        raise IllegalAction(f"there is no {word} to decide now")
    if action.seat != s.pending.seat:
        raise IllegalAction(f"it is {s.players[s.pending.seat]} who decides")
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None or field.index != s.pending.battlefield:
        raise IllegalAction(f"the battle is on {D.BATTLEFIELDS[s.pending.battlefield].name}")
    amounts = action.shares if isinstance(action, HandOut) else action.payments
    nothing = kind == IMPOSE and amounts == (0,) * s.seat_count  # O-R18: imposing is optional
    if not nothing and amounts not in _splits(s.pending.amount, s.pending.candidates,
                                              s.seat_count):
        names = ", ".join(s.players[c] for c in s.pending.candidates)
        amount = s.pending.amount
        noun = "goblin" if amount == 1 else "goblins"
        what = " (or impose nothing)" if kind == IMPOSE else ""
        raise IllegalAction(f"split exactly {amount} {noun} among {names}{what}, none negative")
    if nothing:
        d.records.append((_IMPOSED_NOTHING, action.seat, action.battlefield))
    for seat, amount in enumerate(amounts):
        if amount:
            if kind == HAND_OUT:
                d.pay(BANK, seat, amount, "hand_out", field.index)
            else:
                d.pay(seat, BANK, amount, "imposed", field.index)
    d.finish_field(field.index)
    d.resolve()


def _challenge(d: _Draft, action: Challenge) -> None:
    s = d.state
    if not s.challenge_rule:
        raise IllegalAction("the orc challenge is not in use in this game")
    if s.pending.kind != DEPLOY:
        raise IllegalAction("a challenge is made only during deployment")
    if action.target != s.pending.seat or action.seat == action.target:
        raise IllegalAction("only the player placing a rank now can be challenged, by another")
    if s.challenged:
        raise IllegalAction("this turn has already been challenged")
    d.challenged = True
    d.records.append((_CHALLENGE, action.seat, action.target))
    d.pay(action.target, BANK, 1, "challenge", -1)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    PlaceRank: _place,
    Scout: _drafted(_scout),
    Attack: _drafted(_decide_fight),
    Hold: _drafted(_decide_fight),
    HandOut: _drafted(_share),
    Impose: _drafted(_share),
    Challenge: _drafted(_challenge),
}


def _with(field: Field, **changes: Any) -> Field:
    return Field(
        changes.get("enemy", field.enemy),
        changes.get("stack", field.stack),
        changes.get("defeated", field.defeated),
        changes.get("column", field.column),
        changes.get("aside", field.aside),
    )


# --------------------------------------------------------------------------- the draft

class _Draft:
    """A mutable working copy of a state for the length of one ``apply``."""

    __slots__ = ("bank", "challenged", "count", "event", "event_pile", "fields", "first",
                 "goblins", "hands", "order", "pending", "records", "rng", "round", "scouted",
                 "spent", "state", "turn")

    def __init__(self, state: State) -> None:
        self.state = state
        # One unpacking instead of a named-tuple attribute lookup per field.
        (_, _, self.rng, self.round, _, self.first, self.event, self.event_pile, fields, hands,
         spent, goblins, self.bank, self.turn, self.order, self.pending, self.scouted,
         self.challenged, _, _) = state
        self.fields = list(fields)
        self.hands = list(hands)
        self.spent = list(spent)
        self.goblins = list(goblins)
        self.count = len(hands)
        # Events as compact records (common.events.EventKind), appended inline where they happen:
        # cheaper than building an Event per call, and read only when someone reads the log.
        self.records: list[tuple[Any, ...]] = []

    def freeze(self) -> State:
        s = self.state
        state: State = make(State, (
            s.players, s.challenge_rule, self.rng, self.round, s.rounds, self.first, self.event,
            self.event_pile, tuple(self.fields), tuple(self.hands), tuple(self.spent),
            tuple(self.goblins), self.bank, self.turn, self.order, self.pending,
            self.scouted, self.challenged, s.orders,
            logged(s.history, tuple(self.records)),
        ))
        return state

    def event_kind(self) -> str:
        return _EVENT_KIND[self.event]

    def pay(self, payer: int, payee: int, amount: int, reason: str, field: int) -> int:
        """Move goblins; a payer who cannot pay in full pays what they have (O-R3, ruin)."""
        paid = amount if payer == BANK else min(amount, self.goblins[payer])
        if payer == BANK:
            self.bank -= paid
        else:
            self.goblins[payer] -= paid
        if payee == BANK:
            self.bank += paid
        else:
            self.goblins[payee] += paid
        where = _FIELD_ID[field]  # -1: None, a payment on no battlefield
        self.records.append((_PAYMENT, payer, payee, paid, amount, reason, where, paid < amount))
        return paid

    # ---- rounds and deployment

    def start_round(self) -> None:
        self.records.append((_ROUND_START, self.round, self.first))
        for i, field in enumerate(self.fields):
            if field.enemy is None and field.stack:
                self.fields[i] = _with(field, enemy=field.stack[0], stack=field.stack[1:])
                self.records.append((_ENEMY_REVEALED, _FIELD_ID[i], field.stack[0]))
        self.event, self.event_pile = self.event_pile[0], self.event_pile[1:]
        self.records.append((_EVENT_DRAWN, self.event))
        self.turn = 0
        self.next_deployment()

    def next_deployment(self) -> None:
        """Give the turn to the next seat that can place a rank (O-R6: others lose the turn)."""
        total = RANKS_PER_ROUND * self.count
        while self.turn < total:
            seat = (self.first + self.turn) % self.count
            self.pending = _DEPLOY_PENDING[seat]
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
        order = self.resolution_order()
        self.order = order
        self.records.append((_RESOLUTION_ORDER, tuple(_FIELD_ID[i] for i in order)))
        self.resolve()

    def resolution_order(self) -> tuple[int, ...]:
        live = [i for i, f in enumerate(self.fields) if not f.cleared]
        fixed = self.state.orders
        if self.round <= len(fixed):
            wanted = fixed[self.round - 1]
            return tuple(i for i in wanted if i in live) + tuple(
                i for i in live if i not in wanted
            )
        order, self.rng = self.rng.shuffled(live)
        return order

    # ---- fights

    def resolve(self) -> None:
        """Run the resolution until a player must decide, or the round ends."""
        while self.order:
            index = self.order[0]
            field = self.fields[index]
            if not field.column:
                if self.battle(index):
                    return
                self.finish_field(index)
                continue
            column = field.column
            rear = column[-1]
            if not rear.revealed:
                rear = self.turned_up(index, len(column) - 1, rear)
            reason = "front" if len(column) == 1 else _cannot_attack(rear)
            if reason:
                self.hold(index, reason, rear)
                continue
            if rear is not column[-1]:  # turned up now: the field keeps it face up
                self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated,
                                                  (*column[:-1], rear), field.aside))
            self.pending = _simple_pending(FIGHT, rear.owner, index)
            return
        self.end_round()

    def reveal_in(self, column: list[Rank], index: int, position: int) -> Rank:
        """Turn ``column[position]`` face up in the list itself (the caller builds the Field)."""
        rank = column[position]
        if rank.revealed:
            return rank
        shown = column[position] = self.turned_up(index, position, rank)
        return shown

    def turned_up(self, index: int, position: int, rank: Rank) -> Rank:
        """``rank``, face down at ``position`` on battlefield ``index``, face up (and logged)."""
        hidden = rank.right if rank.down else rank.left  # rank.face_down_card(), inline
        if hidden != NO_CARD:
            self.records.append((_REVEALED, _FIELD_ID[index], rank.owner, position,
                                 SIDES[rank.down], _CARD_ID[hidden]))
        shown: Rank = make(Rank, (rank.owner, rank.left, rank.right, rank.down, True))
        return shown

    def hold(self, index: int, reason: str, rear: Rank | None = None) -> None:
        """The rear rank (``rear``: the same, just turned face up) is set aside for the battle;
        the rank ahead becomes the rear."""
        field = self.fields[index]
        column = field.column
        if rear is None:
            rear = column[-1]
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, column[:-1],
                                          (*field.aside, rear)))
        self.records.append((_HOLD, rear.owner, _FIELD_ID[index], len(column) - 1, reason))

    def attack(self, index: int) -> None:
        field = self.fields[index]
        column = list(field.column)
        aside = list(field.aside)
        attacker = column.pop()
        where = _FIELD_ID[index]
        self.records.append((_ATTACK, attacker.owner, where, len(column)))
        while True:
            if not column:  # O-R9: every rank ahead was a skipped shaman
                aside.append(attacker)
                self.records.append((_HOLD, attacker.owner, where, 0, "nothing_ahead"))
                break
            defender = self.reveal_in(column, index, len(column) - 1)
            if CHAMPION_I in (defender.left, defender.right):  # O-R8: the fight is cancelled
                column.pop()
                aside.extend((attacker, defender))
                self.records.append((_CHAMPION_CANCEL, attacker.owner, where, defender.owner,
                                     len(column)))
                break
            if SHAMAN_I in (defender.left, defender.right):  # O-R9: skipped, the attack goes on
                column.pop()
                aside.append(defender)
                self.records.append((_SHAMAN_SKIP, attacker.owner, where, defender.owner,
                                     len(column)))
                continue
            self.fight(index, attacker, column, aside)
            break
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated,
                                          tuple(column), tuple(aside)))

    def fight(self, index: int, attacker: Rank, column: list[Rank], aside: list[Rank]) -> None:
        """Compare wing by wing (O-R5: right with right, then left with left) and apply O-R7."""
        defender = column[-1]
        where = _FIELD_ID[index]
        duels = _DUELS[self.event]
        a_cards = [attacker.left, attacker.right]
        d_cards = [defender.left, defender.right]
        for wing in (1, 0):
            winner = duels[a_cards[wing] * _CARD_COUNT + d_cards[wing]]
            self.records.append((_WING, where, SIDES[wing], _CARD_ID[a_cards[wing]],
                                 _CARD_ID[d_cards[wing]], ("tie", "attacker",
                                 "defender")[winner]))
            if winner == 1:
                self.hands[defender.owner] |= 1 << d_cards[wing]
                d_cards[wing] = NO_CARD
            elif winner == 2:
                self.hands[attacker.owner] |= 1 << a_cards[wing]
                a_cards[wing] = NO_CARD
        a_after: Rank = make(Rank, (attacker.owner, a_cards[0], a_cards[1], attacker.down, True))
        d_after: Rank = make(Rank, (defender.owner, d_cards[0], d_cards[1], defender.down, True))
        seats = (attacker.owner, defender.owner,
                 2 - a_cards.count(NO_CARD), 2 - d_cards.count(NO_CARD))
        if d_cards == [NO_CARD, NO_CARD]:  # O-R7 case 1: the attacker moves up
            column[-1] = a_after
            self.records.append((_FIGHT_OUTCOME, where, "attacker_won", attacker.owner,
                                 defender.owner, *seats))
            self.fine(defender.owner, attacker.owner, index)
        elif a_cards == [NO_CARD, NO_CARD]:  # case 2: the defender is the new rear rank
            column[-1] = d_after
            self.records.append((_FIGHT_OUTCOME, where, "defender_won", defender.owner,
                                 attacker.owner, *seats))
            self.fine(attacker.owner, defender.owner, index)
        else:  # case 3: survivors set aside; a defender that kept both cards stays rear
            aside.append(a_after)
            if NO_CARD not in d_cards:
                column[-1] = d_after
            else:
                column.pop()
                aside.append(d_after)
            self.records.append((_FIGHT_OUTCOME, where, "mixed", -1, -1, *seats))

    def fine(self, loser: int, winner: int, index: int) -> None:
        if loser != winner:  # a payment to oneself is no payment
            self.pay(loser, winner, 1, "fight", index)

    # ---- battles

    def battle(self, index: int) -> bool:
        """Fight the enemy; True when the strongest player must now decide a split."""
        field = self.fields[index]
        ranks = field.aside
        self.reveal_aside(index)
        enemy = D.ENEMY_BY_ID[field.enemy or ""]
        kind = self.event_kind()
        tile = D.EVENT_BY_ID[self.event] if self.event else None
        local = tile.kind if tile and tile.battlefield == index else ""
        strengths = rank_strengths(self.fields[index].aside, self.count)
        total = sum(strengths)
        needed = enemy.main * self.count + (self.count if kind == D.REINFORCEMENTS else 0)
        champion = False
        owners = 0
        for rank in ranks:
            champion = champion or CHAMPION_I in (rank.left, rank.right)
            owners |= 1 << rank.owner
        participants = _SEATS_IN[owners]
        won = bool(participants) and (champion or total >= needed)
        best = max((strengths[p] for p in participants), default=0)
        strongest = tuple(p for p in participants if strengths[p] == best)
        self.records.append((_BATTLE, _FIELD_ID[index], enemy.id, tuple(strengths), total,
                             needed, champion, won, strongest, participants))
        if not participants:  # O-R13: lost, nobody pays
            return False
        if won:
            self.fields[index] = _with(self.fields[index], enemy=None,
                                       defeated=field.defeated + 1)
            return self.reward(index, enemy, strongest, participants, kind, local)
        return self.penalty(index, enemy, strongest)

    def reveal_aside(self, index: int) -> None:
        """Turn every rank set aside face up for the battle."""
        field = self.fields[index]
        aside = list(field.aside)
        for position, rank in enumerate(field.aside):
            if rank.revealed:
                continue
            hidden = rank.right if rank.down else rank.left  # rank.face_down_card(), inline
            if hidden == NO_CARD:
                continue
            aside[position] = make(Rank, (rank.owner, rank.left, rank.right, rank.down, True))
            self.records.append((_REVEALED, _FIELD_ID[index], rank.owner, -1,
                                 SIDES[rank.down], _CARD_ID[hidden]))
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, field.column,
                                          tuple(aside)))

    def reward(
        self, index: int, enemy: D.Enemy, strongest: tuple[int, ...],
        participants: tuple[int, ...], kind: str, local: str,
    ) -> bool:
        if len(strongest) > 1:  # seed FAQ and O-R12: equal shares, no hand-out
            share = (enemy.main + enemy.secondary) // len(strongest)
            share = share // 2 if local == D.WRATH else share
            share += 2 if local == D.FAVOUR else 0
            for seat in strongest:
                self.pay(BANK, seat, share, "tie_reward", index)
            return False
        main = enemy.main // 2 if local == D.WRATH else enemy.main
        main += 2 if local == D.FAVOUR else 0
        self.pay(BANK, strongest[0], main, "reward", index)
        others = tuple(p for p in participants if p != strongest[0])
        if kind == D.WHIM or not others:
            return False
        return self.ask_split(HAND_OUT, strongest[0], index, enemy.secondary, others)

    def penalty(self, index: int, enemy: D.Enemy, strongest: tuple[int, ...]) -> bool:
        if len(strongest) > 1:
            share = (enemy.main + enemy.secondary) // len(strongest)
            for seat in strongest:
                self.pay(seat, BANK, share, "tie_penalty", index)
            return False
        self.pay(strongest[0], BANK, enemy.main, "penalty", index)
        others = tuple(p for p in range(self.count) if p != strongest[0])
        return self.ask_split(IMPOSE, strongest[0], index, enemy.secondary, others)

    def ask_split(
        self, kind: str, seat: int, index: int, amount: int, candidates: tuple[int, ...]
    ) -> bool:
        """Ask the strongest player for a split, unless only one split is possible (a loser
        may always impose nothing instead, O-R18: that is asked)."""
        splits = _splits(amount, candidates, self.count)
        if len(splits) > 1 or kind == IMPOSE:
            self.pending = Pending(kind, seat, index, amount, candidates)
            return True
        reason = "hand_out" if kind == HAND_OUT else "imposed"
        for target, value in enumerate(splits[0]):
            if value:
                payer, payee = (BANK, target) if kind == HAND_OUT else (target, BANK)
                self.pay(payer, payee, value, reason, index)
        return False

    def finish_field(self, index: int) -> None:
        """Troops go back behind the screens; heroes that fought here are spent."""
        field = self.fields[index]
        spent: list[str] = []
        for rank in field.aside:
            owner, left, right = rank.owner, rank.left, rank.right
            cards = _BIT[left] | _BIT[right]
            self.hands[owner] |= cards & _TROOPS
            if cards & ~_TROOPS:  # heroes: spent
                self.spent[owner] |= cards & ~_TROOPS
                spent += [f"{owner}:{_CARD_ID[card]}" for card in (left, right)
                          if card != NO_CARD and _IS_HERO[card]]
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, (), ()))
        where = _FIELD_ID[index]
        if spent:
            self.records.append((_HEROES_SPENT, where, tuple(spent)))
        if field.enemy is None and not field.stack:  # cleared
            self.records.append((_CLEARED, where))
        self.order = self.order[1:]
        self.pending = _simple_pending(FIGHT, self.pending.seat, -1)

    def end_round(self) -> None:
        self.records.append((_ROUND_END, self.round))
        self.hands = [D.ALL_CARDS & ~spent for spent in self.spent]
        self.scouted = (frozenset(),) * self.count
        cleared = sum(f.cleared for f in self.fields)
        if self.round >= self.state.rounds or cleared == len(self.fields):
            self.pending = Pending(OVER, -1)
            result = standings(self.goblins, cleared)
            self.records.append((_GAME_OVER, tuple(result["winners"]), result["collective_defeat"],
                                 cleared))
            return
        self.round += 1
        self.first = (self.first + 1) % self.count
        self.start_round()






# Positions in a State of the fields a placement changes.
_FIELDS, _HANDS, _TURN, _PENDING, _CHALLENGED, _HISTORY = (
    State._fields.index(name)
    for name in ("fields", "hands", "turn", "pending", "challenged", "history")
)
_DEPLOY_PENDING = tuple(Pending(DEPLOY, seat) for seat in range(MAX_PLAYERS))  # shared


@cache
def _simple_pending(kind: str, seat: int, field: int) -> Pending:
    """Shared records for the decisions asked again and again (they are immutable)."""
    return Pending(kind, seat, field)


def _cannot_attack(rank: Rank) -> str:
    cards = (rank.left, rank.right)
    if NO_CARD in cards:
        return "incomplete"
    if CHAMPION_I in cards:
        return "champion"
    if SHAMAN_I in cards:
        return "shaman"
    return ""










def rank_strengths(ranks: tuple[Rank, ...], count: int) -> list[int]:
    """Each player's strength among ``ranks``; a shaman doubles its partner (O-R11)."""
    out = [0] * count
    for rank in ranks:
        left, right = rank.left, rank.right
        value = _STRENGTH[left] + _STRENGTH[right]
        out[rank.owner] += value * 2 if D.SHAMAN_I in (left, right) else value
    return out



_SEATS_IN = tuple(  # per mask of seats, those seats in order
    tuple(seat for seat in range(MAX_PLAYERS) if mask >> seat & 1)
    for mask in range(1 << MAX_PLAYERS)
)



def standings(goblins: list[int] | tuple[int, ...], cleared: int) -> dict[str, Any]:
    """O-R15: equal most goblins share the victory; fewer than 3 cleared: everybody loses."""
    defeat = cleared < 3
    best = max(goblins)
    winners = [] if defeat else [i for i, g in enumerate(goblins) if g == best]
    return {"collective_defeat": defeat, "winners": winners, "cleared": cleared}


def result(state: State) -> dict[str, Any]:
    cleared = sum(f.cleared for f in state.fields)
    out = standings(state.goblins, cleared)
    ranking = sorted(range(state.seat_count), key=lambda s: -state.goblins[s])
    out["over"] = state.pending.kind == OVER
    out["standings"] = [
        {"seat": s, "name": state.players[s], "goblins": state.goblins[s]} for s in ranking
    ]
    return out
