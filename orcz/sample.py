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

from common.log import Log, records, seen_by
from common.rng import Rng
from orcz import data as D
from orcz.state import DEPLOY, NO_CARD, Field, Rank, State
from orcz.tables import _partners

_ENEMIES_OF = tuple(
    tuple(sorted(e.id for e in D.ENEMIES if e.battlefield == f.index)) for f in D.BATTLEFIELDS
)
_FIELD_INDEX = {f.id: f.index for f in D.BATTLEFIELDS}


def sample(state: State, seat: int, rnd: random.Random) -> State:
    """A world drawn at random among those ``seat`` cannot tell from ``state``."""
    history, seen = _history_of(state, seat)
    hands, fields = _deal(state, seat, rnd)
    fields = _stacks(fields, seen, rnd)
    pile = list(sorted(state.event_pile))
    rnd.shuffle(pile)
    keep = state.round - 1 if state.pending.kind == DEPLOY else state.round
    scouted = tuple(known if p == seat else frozenset() for p, known in enumerate(state.scouted))
    return state._replace(
        hands=tuple(hands), fields=tuple(fields), event_pile=tuple(pile),
        orders=state.orders[:keep], rng=Rng(rnd.getrandbits(64)), scouted=scouted,
        history=history,
    )


def _history_of(state: State, seat: int) -> tuple[Log, set[str]]:
    """The log as ``seat`` may read it, as one chunk (other seats' private records, their hidden
    cards and what they scouted, would tell their secrets), and the enemies revealed so far."""
    history = seen_by(state.history, seat)
    seen = {record[2] for record in records(history) if record[0].name == "enemy_revealed"}
    return history, seen


# --------------------------------------------------------------------------- cards

# A hidden slot: (field index, column position, owner, the cards allowed there).
_Slot = tuple[int, int, int, int]


def _deal(state: State, seat: int, rnd: random.Random) -> tuple[list[int], list[Field]]:
    """Opponents' unseen cards dealt again to their face-down slots and behind their screens."""
    hands = list(state.hands)
    fields = list(state.fields)
    slots = _hidden_slots(state, seat)
    for owner in range(state.seat_count):
        if owner == seat:
            continue
        mine = [s for s in slots if s[2] == owner]
        pool = hands[owner]
        for field, position, _, _ in mine:
            pool |= 1 << state.fields[field].column[position].face_down_card()
        cards = _assign(mine, pool, rnd)
        for (field, position, _, _), card in zip(mine, cards, strict=True):
            pool &= ~(1 << card)
            fields[field] = _with_hidden(fields[field], position, card)
        hands[owner] = pool
    return hands, fields


def _hidden_slots(state: State, seat: int) -> list[_Slot]:
    """Face-down cards of other seats, not scouted by ``seat``, with the cards that fit there."""
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
                        partners[up] & ~state.spent[rank.owner] & ~scouted))
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
