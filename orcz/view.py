"""What one seat may know of an Orcz game (§10 of the rules reference), as plain JSON data.

The interface renders these views and nothing else. A seat sees its own hand, goblins and
face-down cards, and the cards it scouted this round; everyone sees the rest of the table.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any, cast

from common.engine import check_view_seat
from common.entries import Entries
from common.events import Event, EventKind, by_name, visible_to
from common.words import plural
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
        "log": [describe_dict(e, state.players) for e in state.log if visible_to(e, seat)],
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


# --------------------------------------------------------------------------- the log in words

def names_and(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _name(players: tuple[str, ...], seat: Any) -> str:
    if seat == BANK:
        return "the bank"
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _field_name(field_id: Any) -> str:
    spec = D.FIELD_BY_ID.get(field_id)
    return spec.name if spec else "?"


def _card_name(card_id: Any) -> str:
    card = D.CARD_BY_ID.get(card_id)
    return card.name if card else "?"


_HOLD_REASONS = {
    "chose": "holds",
    "front": "is the front rank and goes to the battle",
    "incomplete": "is incomplete and cannot attack",
    "champion": "has a champion and never fights orcs",
    "shaman": "has a shaman and never fights orcs",
    "nothing_ahead": "has nobody left to attack",
}

_PAY_REASONS = {
    "fight": "for the lost fight",
    "shortage": "(Shortage)",
    "reward": "as the strongest winner",
    "tie_reward": "as a tied strongest winner",
    "hand_out": "from the strongest winner's hand-out",
    "penalty": "as the strongest loser",
    "tie_penalty": "as a tied strongest loser",
    "imposed": "as imposed by the strongest loser",
    "challenge": "(orc challenge)",
}


@lru_cache(maxsize=1 << 16)
def describe(event: Event, players: tuple[str, ...]) -> str:
    """One log line in words, with player names (cached: events never change)."""
    sentence = _BY_NAME.get(event.kind)
    return event.kind if sentence is None else sentence(event, players)


Players = tuple[str, ...]


def _who(event: Event, players: Players, key: str = "seat") -> str:
    return _name(players, event.get(key))


def _where(event: Event) -> str:
    return _field_name(event.get("battlefield"))


def _rank_no(event: Event) -> int:
    return int(event.get("rank")) + 1


def _enemy_revealed(event: Event, players: Players) -> str:
    e = D.ENEMY_BY_ID[event.get("enemy")]
    return f"{_where(event)}: {e.name} ({e.main}/{e.secondary}) is revealed."


def _event_drawn(event: Event, players: Players) -> str:
    tile = D.EVENT_BY_ID[event.get("event")]
    return f"Event: {tile.name}. {tile.text}"


def _placed(event: Event, players: Players) -> str:
    up = _card_name(event.get("up_card"))
    return (f"{_who(event, players)} places rank {_rank_no(event)} on {_where(event)}: {up} face "
            f"up on the {event.get('up_side')}.")


def _lost_turn(event: Event, players: Players) -> str:
    full = "every open battlefield is full"
    why = full if event.get("reason") == full else "no legal rank is left"
    return f"{_who(event, players)} loses the turn: {why}."


def _scout(event: Event, players: Players) -> str:
    return (f"{_who(event, players)} sends a scout to look at {_who(event, players, 'owner')}'s "
            f"face-down {event.get('side')} card on {_where(event)} rank {_rank_no(event)}.")


_WING_WINNER = {"tie": "a tie", "attacker": "the attacker wins", "defender": "the defender wins"}


def _wing(event: Event, players: Players) -> str:
    g = event.get
    return (f"{_where(event)}, {g('side')} wing: {_card_name(g('attacker_card'))} against "
            f"{_card_name(g('defender_card'))}: {_WING_WINNER[g('winner')]}.")


def _heroes_spent(event: Event, players: Players) -> str:
    heroes = [h.split(":") for h in event.get("heroes")]
    names = ", ".join(f"{_name(players, int(s))}'s {_card_name(c)}" for s, c in heroes)
    return f"{_where(event)}: spent heroes: {names}."


def _game_over(event: Event, players: Players) -> str:
    if event.get("defeat"):
        return (f"The game is over: only {plural(event.get('cleared'), 'battlefield')} cleared. "
                "The forces of good win; every orc loses!")
    winners = [_name(players, w) for w in event.get("winners")]
    verb = "wins" if len(winners) == 1 else "share the victory"
    return f"The game is over: {names_and(winners)} {verb} with the most goblins!"


# One sentence per log kind (docs/orcz-actions.md lists the kinds and their keys; a test checks
# that every kind declared has one).
SENTENCES: dict[EventKind, Callable[[Event, Players], str]] = {
    E.GAME_START: lambda e, p: (
        f"A game of Orcz begins; {_who(e, p, 'first')} is the first player."),
    E.ROUND_START: lambda e, p: (
        f"Round {e.get('round')} begins; {_who(e, p, 'first')} plays first."),
    E.ENEMY_REVEALED: _enemy_revealed,
    E.EVENT_DRAWN: _event_drawn,
    E.PLACED: _placed,
    E.PLACED_HIDDEN: lambda e, p: (
        f"Your face-down card on {_where(e)} rank {_rank_no(e)} is {_card_name(e.get('card'))}."),
    E.LOST_TURN: _lost_turn,
    E.CHALLENGE: lambda e, p: f"{_who(e, p)} challenges {_who(e, p, 'target')} for being slow!",
    E.SCOUT: _scout,
    E.SCOUT_SEEN: lambda e, p: (
        f"Your scout sees {_who(e, p, 'owner')}'s hidden card on {_where(e)}: "
        f"{_card_name(e.get('card'))}."),
    E.RESOLUTION_ORDER: lambda e, p: (
        "Battles this round, in order: " + ", ".join(_field_name(f) for f in e.get("order"))),
    E.REVEALED: lambda e, p: (
        f"{_where(e)}: {_who(e, p, 'owner')} turns up {_card_name(e.get('card'))}."),
    E.HOLD: lambda e, p: (
        f"{_where(e)}: {_who(e, p)}'s rank {_HOLD_REASONS.get(e.get('reason'), 'holds')}."),
    E.ATTACK: lambda e, p: f"{_where(e)}: {_who(e, p)} attacks the rank ahead!",
    E.CHAMPION_CANCEL: lambda e, p: (
        f"{_where(e)}: {_who(e, p, 'defender')}'s champion stands there; the fight is cancelled."),
    E.SHAMAN_SKIP: lambda e, p: (
        f"{_where(e)}: {_who(e, p, 'defender')}'s shaman is skipped; "
        "the attack goes on to the next rank."),
    E.WING: _wing,
    E.FIGHT_OUTCOME: lambda e, p: _describe_fight(e, p),
    E.IMPOSED_NOTHING: lambda e, p: f"{_where(e)}: {_who(e, p)} imposes no payment on the others.",
    E.PAYMENT: lambda e, p: _describe_payment(e, p),
    E.BATTLE: lambda e, p: _describe_battle(e, p),
    E.HEROES_SPENT: _heroes_spent,
    E.CLEARED: lambda e, p: f"{_where(e)} is cleared: no more ranks may go there.",
    E.ROUND_END: lambda e, p: f"Round {e.get('round')} ends.",
    E.GAME_OVER: _game_over,
}


def _describe_fight(event: Event, players: tuple[str, ...]) -> str:
    """O-R7's three outcomes, saying where each rank went."""
    g = event.get
    where = _field_name(g("battlefield"))
    if g("outcome") != "mixed":
        winner, loser = _name(players, g("winner")), _name(players, g("loser"))
        whose = "their own" if g("winner") == g("loser") else f"{loser}'s"
        return f"{where}: {winner} routs {whose} rank."
    attacker, defender = _name(players, g("attacker")), _name(players, g("defender"))
    a_part = "rank" if g("attacker_kept") == 2 else "surviving card"
    if attacker == defender:  # one player's two ranks
        a_part, d_owner = f"{attacker}'s attacking {a_part}", "their defending"
    else:
        a_part, d_owner = f"{attacker}'s {a_part}", f"{defender}'s"
    if g("defender_kept") == 2:
        start = "no card is beaten" if g("attacker_kept") == 2 else "no rank is routed"
        return (f"{where}: {start}; {a_part} is set aside for the battle, and {d_owner} rank "
                "kept both cards: it stays in the column as the rear rank.")
    return (f"{where}: no rank is routed; {a_part} and {d_owner} surviving card are set aside "
            "for the battle.")


def _describe_payment(event: Event, players: tuple[str, ...]) -> str:
    g = event.get
    payer, payee = _name(players, g("payer")), _name(players, g("payee"))
    why = _PAY_REASONS.get(g("reason"), "")
    goblins = plural(g("amount"), "goblin")
    if g("payer") == BANK:
        text = f"{payee} receives {goblins} {why}."
    else:
        text = f"{payer} pays {goblins} to {payee} {why}."
    if g("ruined"):
        text += f" {payer} is ruined: the rest of the {g('owed')} is cancelled."
    return text


def _describe_battle(event: Event, players: tuple[str, ...]) -> str:
    g = event.get
    where = _field_name(g("battlefield"))
    enemy = D.ENEMY_BY_ID[g("enemy")]
    if not g("participants"):
        return f"{where}: no orc faces {enemy.name}; the battle is lost and nobody pays."
    outcome = "won" if g("won") else "lost"
    extra = " (a champion is there)" if g("champion") and g("won") else ""
    strongest = " and ".join(_name(players, s) for s in g("strongest"))
    return (f"{where}: the orcs muster {g('total')} of {g('needed')} against {enemy.name}: "
            f"battle {outcome}{extra}. Strongest: {strongest}.")

_BY_NAME = by_name(SENTENCES)

ENTRIES = Entries(describe)
describe_dict = ENTRIES.entry  # a log entry as JSON data; a fresh copy


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


__all__ = ["SIDES", "describe", "events", "goblins_by_round", "names_and", "view"]
