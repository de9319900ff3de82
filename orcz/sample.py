"""Worlds sampled from what one seat has seen of an Orcz game (for computer players' search).

``sample(state, seat, rnd)`` redraws everything hidden from ``seat`` (§10 of the rules reference):
opponents' face-down cards and the cards behind their screens (dealt again from the cards of
theirs the seat has not seen, each face-down card a legal partner of its face-up one), the enemy
stacks (from the tiles of each battlefield not yet revealed), the order of the event pile, the
resolution orders fixed by a set-up, the generator, what the opponents scouted, and their private
log records. The result
looks the same to ``seat``: ``view(sample(s, seat, r), seat) == view(s, seat)``.

The draw reads only what the seat may know, in a canonical order (sorted pools), so that two
states that differ only in what the seat may not know give the very same world for one ``rnd``.
Goblin counts are kept: every payment is announced, so they follow from the public log.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from common.log import Log, records, seen_by
from common.rng import Rng
from orcz import data as D
from orcz import event_kinds as E
from orcz.deployment import can_place as _can_place
from orcz.deployment import capacity as _capacity
from orcz.deployment import rank_picker as _rank_picker
from orcz.state import DEPLOY, NO_CARD, Field, Rank, State
from orcz.tables import ANTIMAGIC_AT as _ANTIMAGIC_AT
from orcz.tables import EVENT_KIND as _EVENT_KIND
from orcz.tables import partner_masks as _partners

_ENEMIES_OF = tuple(
    tuple(sorted(e.id for e in D.ENEMIES if e.battlefield == f.index)) for f in D.BATTLEFIELDS
)
_FIELD_INDEX = {f.id: f.index for f in D.BATTLEFIELDS}
_CARD_INDEX = {card.id: index for index, card in enumerate(D.CARDS)}
_ALL = (1 << len(D.CARDS)) - 1


def sample(state: State, seat: int, rnd: random.Random) -> State:
    """A world drawn at random among those ``seat`` cannot tell from ``state``."""
    read = _read(state, seat)
    history, told = read.history, read.told
    hands, fields = _deal(state, seat, read, rnd)
    fields = _stacks(fields, told.enemies, rnd)
    pile = list(sorted(state.event_pile))
    rnd.shuffle(pile)
    keep = state.round - 1 if state.pending.kind == DEPLOY else state.round
    scouted = tuple(known if p == seat else frozenset() for p, known in enumerate(state.scouted))
    return state._replace(
        hands=tuple(hands), fields=tuple(fields), event_pile=tuple(pile),
        orders=state.orders[:keep], rng=Rng(rnd.getrandbits(64)), scouted=scouted,
        history=history,
    )


class _Round:
    """What the log tells a seat that its view does not: the enemies revealed so far, and this
    round, the cards each seat has shown and the turns it lost for want of a legal rank.

    A card shown this round cannot be face down in a rank: every card is placed at most once a
    round, so one revealed and then beaten back behind the screen was in the rank it was seen in.
    A turn lost for want of a rank says the hand then held no legal rank: a world must agree.
    """

    __slots__ = ("enemies", "heroes", "lost", "lost_at", "placed", "shown")

    def __init__(self, state: State, history: Log) -> None:
        count = state.seat_count
        self.enemies: set[str] = set()
        self.shown = [0] * count
        self.heroes = [0] * count  # spent this round: still in the hand at its start
        self.placed: list[list[int]] = [[] for _ in range(count)]  # face-up cards, in order
        # (seat, placements before it, no champion, only the Anti-magic Zone open)
        self.lost: list[tuple[int, int, bool, bool]] = []
        self.lost_at: list[list[int]] = []  # the ranks on each battlefield at each turn lost
        lengths = [0] * len(D.BATTLEFIELDS)
        cleared_now: set[int] = set()
        for record in records(history):
            kind = record[0]
            if kind is E.ENEMY_REVEALED:
                self.enemies.add(record[2])
            elif kind is E.ROUND_START:
                self.shown = [0] * count
                self.heroes = [0] * count
                self.placed = [[] for _ in range(count)]
                self.lost = []
                self.lost_at = []
                lengths = [0] * len(D.BATTLEFIELDS)
                cleared_now = set()
            elif kind is E.PLACED:
                card = _CARD_INDEX[record[5]]
                self.shown[record[1]] |= 1 << card
                self.placed[record[1]].append(card)
                lengths[_FIELD_INDEX[record[2]]] += 1
            elif kind is E.REVEALED:
                self.shown[record[2]] |= 1 << _CARD_INDEX[record[5]]
            elif kind is E.HEROES_SPENT:
                for hero in record[2]:
                    owner, card = hero.split(":")
                    self.heroes[int(owner)] |= 1 << _CARD_INDEX[card]
            elif kind is E.LOST_TURN and record[2].startswith("no legal rank"):
                self.lost.append((record[1], len(self.placed[record[1]]), False, False))
                self.lost_at.append(list(lengths))
            elif kind is E.CLEARED:
                cleared_now.add(_FIELD_INDEX[record[1]])
        self.lost = [self._lost(state, turn, at, cleared_now)
                     for turn, at in zip(self.lost, self.lost_at, strict=True)]

    @staticmethod
    def _lost(state: State, turn: tuple[int, int, bool, bool], lengths: list[int],
              cleared_now: set[int]) -> tuple[int, int, bool, bool]:
        """A turn lost, with the event's limits on ranks then (the battlefields open then)."""
        kind = _EVENT_KIND[state.event]
        room = _capacity(state.seat_count, kind)
        antimagic = _ANTIMAGIC_AT[state.event]
        open_ = [i for i, f in enumerate(state.fields)
                 if (not f.cleared or i in cleared_now) and lengths[i] < room]
        only_antimagic = bool(open_) and all(i == antimagic for i in open_)
        return turn[0], turn[1], kind == D.CONFUSION, only_antimagic

    def constrains(self, owner: int, state: State) -> bool:
        """Whether a deal of ``owner``'s cards must be checked: it lost a turn this round, or it
        is to deploy."""
        waiting = state.pending
        return (waiting.kind == DEPLOY and waiting.seat == owner) or any(
            lost[0] == owner for lost in self.lost)

    def possible(self, owner: int, world_fields: list[Field], hand: int, state: State) -> bool:
        """Whether every turn ``owner`` lost this round finds, in this deal, a hand with no legal
        rank, and, when it is to deploy, whether it has a legal rank."""
        waiting = state.pending
        if waiting.kind == DEPLOY and waiting.seat == owner and not _can_place(
                world_fields, state.event, hand, state.seat_count):
            return False
        pairs: dict[int, int] = {}
        for field in world_fields:
            for rank in (*field.column, *field.aside):
                if rank.owner == owner and NO_CARD not in rank.cards:
                    face_up, face_down = (rank.right, rank.left) if rank.down == 0 else rank.cards
                    pairs[face_up] = face_down
        for lost_by, before, no_champion, no_shaman in self.lost:
            if lost_by != owner:
                continue
            held = (_ALL & ~state.spent[owner]) | self.heroes[owner]
            for up in self.placed[owner][:before]:
                hidden = pairs.get(up)
                if hidden is None:  # gone from the table: this deal cannot be checked here
                    break
                held &= ~(1 << up | 1 << hidden)
            else:
                if _rank_picker(held, no_champion, no_shaman) is not None:
                    return False
        return True


class _Read(NamedTuple):
    """What one seat has read of a state, worked out once for all the worlds drawn from it: its
    log, what the log tells (``_Round``), the hidden slots, and for each opponent whose deal must
    agree with the turns it lost, every deal of its slots that does."""

    history: Log
    told: _Round
    slots: list[tuple[int, int, int, int]]
    deals: dict[int, list[tuple[int, ...]]]


_READS: dict[tuple[int, int], tuple[State, _Read]] = {}


def _read(state: State, seat: int) -> _Read:
    """``state`` read for ``seat`` (remembered for the last few states: a bot draws its worlds
    again and again from the same one, so the cost of a world stays flat after lost turns)."""
    hit = _READS.get((id(state), seat))
    if hit is not None and hit[0] is state:
        return hit[1]
    history = seen_by(state.history, seat)
    told = _Round(state, history)
    slots = _hidden_slots(state, seat, told.shown)
    deals = {owner: _deals(state, owner, [s for s in slots if s[2] == owner], told)
             for owner in range(state.seat_count)
             if owner != seat and told.constrains(owner, state)}
    read = _Read(history, told, slots, deals)
    if len(_READS) >= 32:
        _READS.clear()
    _READS[(id(state), seat)] = (state, read)
    return read


# --------------------------------------------------------------------------- cards

# A hidden slot: (field index, column position, owner, the cards allowed there).
_Slot = tuple[int, int, int, int]


def _deal(
    state: State, seat: int, read: _Read, rnd: random.Random
) -> tuple[list[int], list[Field]]:
    """Opponents' unseen cards dealt again to their face-down slots and behind their screens;
    an opponent that lost a turn this round (or is to deploy) is given one of the deals that
    agree with it, at random."""
    hands = list(state.hands)
    fields = list(state.fields)
    for owner in range(state.seat_count):
        if owner == seat:
            continue
        mine = [s for s in read.slots if s[2] == owner]
        pool = _pool(state, owner, mine)
        deals = read.deals.get(owner)
        cards = list(rnd.choice(deals)) if deals else _assign(mine, pool, rnd)
        for (field, position, _, _), card in zip(mine, cards, strict=True):
            pool &= ~(1 << card)
            fields[field] = _with_hidden(fields[field], position, card)
        hands[owner] = pool
    return hands, fields


def _pool(state: State, owner: int, mine: list[_Slot]) -> int:
    """The cards ``owner``'s hidden slots and hand share: its hand and the cards in the slots."""
    pool = state.hands[owner]
    for field, position, _, _ in mine:
        pool |= 1 << state.fields[field].column[position].face_down_card()
    return pool


_DEALS = 50_000  # deals of one opponent's slots looked at, at most (few slots, few cards each)


def _deals(state: State, owner: int, mine: list[_Slot], told: _Round) -> list[tuple[int, ...]]:
    """Every deal of ``owner``'s slots that agrees with its lost turns (empty when there are too
    many to list: then the deal is drawn without the check, as the real one is always among
    them)."""
    pool = _pool(state, owner, mine)
    out: list[tuple[int, ...]] = []
    for looked, cards in enumerate(_all_assignments(mine, pool)):
        if looked >= _DEALS:
            return []
        fields = list(state.fields)
        for (field, position, _, _), card in zip(mine, cards, strict=True):
            fields[field] = _with_hidden(fields[field], position, card)
        hand = pool & ~sum(1 << c for c in cards)
        if told.possible(owner, fields, hand, state):
            out.append(cards)
    return out


def _all_assignments(slots: list[_Slot], pool: int) -> Iterator[tuple[int, ...]]:
    """Every way to give each slot a different card of ``pool`` it allows, in card order."""
    if not slots:
        yield ()
        return
    allowed = slots[0][3] & pool
    for card in range(len(D.CARDS)):
        if allowed >> card & 1:
            for rest in _all_assignments(slots[1:], pool & ~(1 << card)):
                yield (card, *rest)


def _hidden_slots(state: State, seat: int, shown: list[int]) -> list[_Slot]:
    """Face-down cards of other seats, not scouted by ``seat``, with the cards that fit there:
    legal partners of the face-up card, not spent, not scouted elsewhere, not shown this round."""
    tile = D.EVENT_BY_ID[state.event] if state.event else None
    kind = tile.kind if tile else ""
    antimagic = tile.battlefield if tile and kind == D.ANTIMAGIC else -1
    out: list[_Slot] = []
    for index, field in enumerate(state.fields):
        partners = _partners(kind == D.CONFUSION, index == antimagic)
        for position, rank in enumerate(field.column):
            hidden = rank.face_down_card()
            known = rank.owner == seat or (rank.owner, hidden) in state.scouted[seat]
            if hidden == NO_CARD or known:
                continue
            up = rank.right if rank.down == 0 else rank.left
            # The pair tables are symmetric, so the up card's partners are the allowed cards;
            # a card the seat scouted would show as known wherever it went.
            scouted = sum(1 << c for o, c in state.scouted[seat] if o == rank.owner)
            out.append((index, position, rank.owner,
                        partners[up] & ~state.spent[rank.owner] & ~scouted
                        & ~shown[rank.owner]))
    return out


def _assign(slots: list[_Slot], pool: int, rnd: random.Random) -> list[int]:
    """One card per slot from ``pool``, each allowed in its slot, drawn at random (backtracking:
    the real deal is always a solution, so one exists)."""
    if not slots:
        return []
    allowed = slots[0][3] & pool
    choices = [c for c in range(len(D.CARDS)) if allowed >> c & 1]
    rnd.shuffle(choices)
    for card in choices:
        rest = _assign(slots[1:], pool & ~(1 << card), rnd)
        if len(rest) == len(slots) - 1:
            return [card, *rest]
    return []


def _with_hidden(field: Field, position: int, card: int) -> Field:
    rank = field.column[position]
    left, right = (card, rank.right) if rank.down == 0 else (rank.left, card)
    column = list(field.column)
    column[position] = Rank(rank.owner, left, right, rank.down, rank.revealed)
    return field._replace(column=tuple(column))


# --------------------------------------------------------------------------- enemies

def _stacks(fields: list[Field], seen: set[str], rnd: random.Random) -> list[Field]:
    """Each face-down stack drawn again from its battlefield's tiles not yet revealed."""
    out = []
    for index, field in enumerate(fields):
        unseen = [e for e in _ENEMIES_OF[index] if e not in seen]
        out.append(field._replace(stack=tuple(rnd.sample(unseen, len(field.stack)))))
    return out
