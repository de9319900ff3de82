"""What one seat may know of an Orcz game (§10 of the rules reference), as plain JSON data.

The interface renders these views and nothing else. A seat sees its own hand, goblins and
face-down cards, and the cards it scouted this round; everyone sees the rest of the table.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from common.engine import check_view_seat
from common.entries import Entries
from orcz import data as D
from orcz import event_kinds as E
from orcz.battle import rank_strengths
from orcz.data import RANKS_PER_ROUND, SIDES
from orcz.options import decisions as listed
from orcz.pair_rule import rank_refusal
from orcz.rounds import result
from orcz.state import BANK, DEPLOY, NO_CARD, OVER, Rank, State
from orcz.tables import event_kind
from orcz.view_types import (
    CardView,
    EnemyView,
    EventView,
    FieldView,
    OrczView,
    PendingKind,
    PendingView,
    PlayerView,
    RankView,
)


@cache
def never_placed(card_id: str) -> str:
    """Why no rank may hold the card ``card_id`` beside any other ("" when some rank may)."""
    card = D.CARD_BY_ID[card_id]
    refusals = [rank_refusal(card, other) for other in D.CARDS if other.index != card.index]
    return str(refusals[0]) if all(refusals) else ""

def view(state: State, seat: int | None) -> OrczView:
    check_view_seat(seat, state.seat_count)
    out: OrczView = {
        "game": "orcz",
        "seat": seat,
        "round": state.round,
        "rounds": state.rounds,
        "first_player": state.first,
        "players": [_player(state, p, seat) for p in range(state.seat_count)],
        "event": _event(state.event),
        "battlefields": [_field(state, i, seat) for i in range(len(state.fields))],
        "pending": _pending(state, seat),
        "options": {"orc_challenge": state.challenge_rule},
        "log": events(state, seat),
        "over": state.pending.kind == OVER,
    }
    if seat is not None:
        out["hand"] = [D.CARDS[c].id for c in _bits(state.hands[seat])]
        # the cards in hand no rank may hold (the scout), with the rules' words
        out["never_placed"] = {c: never_placed(c) for c in out["hand"] if never_placed(c)}
        out["scouted"] = [
            {"owner": owner, "card": D.CARDS[card].id}
            for owner, card in sorted(state.scouted[seat])
        ]
    if state.pending.kind == OVER:
        out["result"] = result(state)
    return out


def _bits(mask: int) -> list[int]:
    return [c.index for c in D.CARDS if mask >> c.index & 1]


def _player(state: State, p: int, seat: int | None) -> PlayerView:
    placed = sum(
        (r.owner == p) * (2 - r.cards.count(NO_CARD)) for f in state.fields for r in f.column
    )
    return {
        "seat": p,
        "name": state.players[p],
        "goblins": state.goblins[p] if p == seat or state.pending.kind == OVER else None,
        "spent_heroes": [D.CARDS[c].id for c in _bits(state.spent[p])],
        "cards_behind_screen": bin(state.hands[p]).count("1"),
        "ranks_placed": sum(r.owner == p for f in state.fields for r in (*f.column, *f.aside)),
        "cards_on_table": placed,
    }


def _event(event_id: str | None) -> EventView | None:
    if event_id is None:
        return None
    tile = D.EVENT_BY_ID[event_id]
    where = D.BATTLEFIELDS[tile.battlefield].id if tile.battlefield >= 0 else None
    return {"id": tile.id, "kind": tile.kind, "name": tile.name, "text": tile.text,
            "battlefield": where}


def _card(rank: Rank, card: int, seat: int | None, state: State) -> CardView | None:
    if card == NO_CARD:
        return None
    hidden = not rank.revealed and card == rank.face_down_card()
    known = (
        not hidden
        or rank.owner == seat
        or state.pending.kind == OVER
        or (seat is not None and (rank.owner, card) in state.scouted[seat])
    )
    if not known:
        return {"id": None, "face_down": True}
    return {"id": D.CARDS[card].id, "name": D.CARDS[card].name,
            "strength": D.CARDS[card].strength, "face_down": hidden}


def _rank(rank: Rank, seat: int | None, state: State) -> RankView:
    return {
        "owner": rank.owner,
        "left": _card(rank, rank.left, seat, state),
        "right": _card(rank, rank.right, seat, state),
        "revealed": rank.revealed,
    }


def _field(state: State, index: int, seat: int | None) -> FieldView:
    field = state.fields[index]
    spec = D.BATTLEFIELDS[index]
    needed = None
    enemy: EnemyView | None = None
    if field.enemy is not None:
        e = D.ENEMY_BY_ID[field.enemy]
        extra = state.seat_count if event_kind(state) == D.REINFORCEMENTS else 0
        needed = e.main * state.seat_count + extra
        enemy = {"id": e.id, "name": e.name, "main": e.main, "secondary": e.secondary}
    visible_strength = rank_strengths(
        tuple(r for r in field.aside if r.revealed), state.seat_count
    )
    return {
        "id": spec.id,
        "name": spec.name,
        "symbol": spec.symbol,
        "enemy": enemy,
        "needed": needed,
        "stack": len(field.stack),
        "defeated": field.defeated,
        "cleared": field.cleared,
        "column": [_rank(r, seat, state) for r in field.column],
        "aside": [_rank(r, seat, state) for r in field.aside],
        "aside_strength": sum(visible_strength),
        "resolving": bool(state.order) and state.order[0] == index,
        "queued": index in state.order,
    }


def _pending(state: State, seat: int | None) -> PendingView:
    pending = state.pending
    out: PendingView = {"kind": cast(PendingKind, pending.kind), "seat": pending.seat}
    if pending.kind == OVER:
        return out
    if pending.battlefield >= 0:
        out["battlefield"] = D.BATTLEFIELDS[pending.battlefield].id
    if pending.kind == DEPLOY:
        out["turn"] = state.turn // state.seat_count + 1
        out["turns"] = RANKS_PER_ROUND
    else:
        out["amount"] = pending.amount
        out["candidates"] = list(pending.candidates)
    if seat == pending.seat and pending.kind == DEPLOY:
        out["forced_hero"] = _forced_hero(state)
    out["options"] = len(listed(state)) if seat == pending.seat else None
    return out


def _forced_hero(state: State) -> bool:
    """True when every legal rank of the seat to act uses a hero (the seed's FAQ case)."""
    decisions = listed(state)
    heroes = {D.CHAMPION, D.SHAMAN}
    return bool(decisions) and all(
        D.CARD_BY_ID[a.left].kind in heroes or D.CARD_BY_ID[a.right].kind in heroes  # type: ignore[union-attr]
        for a in decisions
    )


# --------------------------------------------------------------------------- the log

# The log as data: the interface words it (orcz/ui/story.py, the game's one wording).
ENTRIES = Entries()


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game log as ``seat`` may read it."""
    return ENTRIES.events(state, seat)


def goblins_by_round(log: list[dict[str, Any]], seats: int) -> list[list[int]]:
    """Each seat's goblins at the start and at the end of every round, read from the public
    log: every goblin that changes hands is a public payment (O-R3; the counts themselves stay
    behind the screens until the end). ``out[seat][0]`` is the start."""
    goblins = [D.START_GOBLINS] * seats
    out = [[g] for g in goblins]
    for entry in log:
        kind = entry.get("kind")
        if kind == E.PAYMENT.name:
            amount = int(entry.get("amount") or 0)
            if entry.get("payer", BANK) != BANK:
                goblins[entry["payer"]] -= amount
            if entry.get("payee", BANK) != BANK:
                goblins[entry["payee"]] += amount
        elif kind == E.ROUND_END.name:
            for seat in range(seats):
                out[seat].append(goblins[seat])
    return out


__all__ = ["SIDES", "events", "goblins_by_round", "view"]
