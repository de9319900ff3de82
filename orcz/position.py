"""Orcz games started from a stated position (the set-up keys of docs/orcz-actions.md).

A position states the round, goblins, the cards behind each screen, spent heroes, the ranks
already placed, the enemies and the event; whatever it leaves out follows from the rest. It is
checked against the invariants of the rules (every card in one place, goblins never negative,
players − 1 enemies per battlefield) and anything impossible is refused with ``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.codec import clip
from common.errors import IllegalAction
from common.log import append
from orcz import data as D
from orcz import event_kinds as E
from orcz.data import RANKS_PER_ROUND, SIDES, START_GOBLINS
from orcz.pair_rule import rank_refusal
from orcz.rules import Draft
from orcz.state import DEPLOY, Field, Pending, Rank, State

# No player comes near this many goblins: 5 each at the start, and the enemies' rewards of a
# game are a few dozen. The bank is unlimited (O-R3), but a stated count is kept to the game's
# scale, so that nothing shown or listed grows with a number typed into a file.
MAX_GOBLINS = 999


def start(state: State, setup: Mapping[str, Any]) -> State:
    """``state``, a game set up before its first round, moved to the position ``setup`` states;
    play goes on from there (lost turns, and the resolution once deployment is over)."""
    count = state.seat_count
    names = state.players
    round_ = _round(setup.get("round", 1), state.rounds)
    fields = _fields(state, setup, count)
    ranks = _ranks(setup.get("ranks"), count, fields, names)
    spent = _spent(setup.get("spent"), count, round_, names)
    hands = _hands(setup.get("hands"), count, ranks, spent, names)
    goblins = _goblins(setup.get("goblins"), count)
    event, pile = _event(setup.get("event"), state.event_pile)
    turn = _turn(setup.get("turn"), state.first, count, ranks, names)
    fields = [f._replace(column=tuple(ranks[i])) for i, f in enumerate(fields)]
    records = [E.ROUND_START.record(round=round_, first=state.first)]
    for i, f in enumerate(fields):
        if f.enemy is not None:
            records.append(E.ENEMY_REVEALED.record(battlefield=D.BATTLEFIELDS[i].id,
                                                   enemy=f.enemy))
    records.append(E.EVENT_DRAWN.record(event=event))
    placed = state._replace(
        round=round_, event=event, event_pile=pile, fields=tuple(fields), hands=tuple(hands),
        spent=tuple(spent), goblins=tuple(goblins), bank=START_GOBLINS * count - sum(goblins),
        turn=turn, pending=Pending(DEPLOY, (state.first + turn) % count),
        history=append(state.history, tuple(records)),
    )
    draft = Draft(placed)
    draft.next_deployment()
    return draft.freeze()


# --------------------------------------------------------------------------- checks

def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise IllegalAction(f"{what} must be a whole number")
    return value


def _per_seat(value: Any, count: int, what: str) -> list[Any]:
    if not isinstance(value, list | tuple) or len(value) != count:
        raise IllegalAction(f"{what} must list one entry per seat ({count})")
    return list(value)


def _round(value: Any, rounds: int) -> int:
    round_ = _whole(value, "round")
    if not 1 <= round_ <= rounds:
        raise IllegalAction(f"round must be from 1 to {rounds}: the game has {rounds} rounds")
    return round_


def _goblins(value: Any, count: int) -> list[int]:
    if value is None:
        return [START_GOBLINS] * count
    goblins = [_whole(g, "goblins") for g in _per_seat(value, count, "goblins")]
    if any(g < 0 for g in goblins):
        # The bank is unlimited (O-R3), so any count of one's own is possible, but never a debt.
        raise IllegalAction("goblins cannot be negative: a player who cannot pay pays all (O-R3)")
    if any(g > MAX_GOBLINS for g in goblins):
        raise IllegalAction(f"goblins must be at most {MAX_GOBLINS}: no game comes near")
    return goblins


def _card(card_id: Any, who: str) -> D.Card:
    card = D.CARD_BY_ID.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise IllegalAction(f"{who}: there is no card {clip(card_id)}")
    return card


def _mask(ids: Any, who: str) -> int:
    if not isinstance(ids, list | tuple):
        raise IllegalAction(f"{who} must be a list of card ids")
    mask = 0
    for card_id in ids:
        card = _card(card_id, who)
        if mask >> card.index & 1:
            raise IllegalAction(f"{who} lists {card.name} twice: each player has one")
        mask |= 1 << card.index
    return mask


def _spent(value: Any, count: int, round_: int, names: tuple[str, ...]) -> list[int]:
    if value is None:
        return [0] * count
    out = []
    for seat, ids in enumerate(_per_seat(value, count, "spent")):
        mask = _mask(ids, f"{names[seat]}'s spent heroes")
        if mask & D.TROOPS:
            raise IllegalAction(f"{names[seat]}: only heroes are spent, troops always come back")
        if round_ == 1 and mask & ~(1 << D.SCOUT_I):
            # Champion and shaman are spent at the end of a battle, after round 1's deployment.
            raise IllegalAction(f"{names[seat]}: in round 1 only a played scout can be spent")
        out.append(mask)
    return out


def _ranks(
    value: Any, count: int, fields: list[Field], names: tuple[str, ...]
) -> list[list[Rank]]:
    given = value or {}
    if not isinstance(given, Mapping) or set(given) - set(D.FIELD_BY_ID):
        raise IllegalAction("ranks must map battlefield ids to lists of ranks, front first")
    out: list[list[Rank]] = []
    for field in D.BATTLEFIELDS:
        column = given.get(field.id, [])
        if not isinstance(column, list | tuple):
            raise IllegalAction(f"the ranks on {field.id} must be a list")
        if column and fields[field.index].cleared:
            raise IllegalAction(f"{field.name} is cleared: no rank may stand there")
        out.append([_rank(r, count, field, names) for r in column])
    return out


def _rank(data: Any, count: int, field: D.Battlefield, names: tuple[str, ...]) -> Rank:
    if not isinstance(data, Mapping) or set(data) != {"owner", "left", "right", "face_down"}:
        raise IllegalAction("a rank is {owner, left, right, face_down}")
    owner = _whole(data["owner"], "a rank's owner")
    if not 0 <= owner < count:
        raise IllegalAction(f"there is no seat {owner} to own a rank")
    if data["face_down"] not in SIDES:
        raise IllegalAction("a rank's face_down must be 'left' or 'right'")
    left, right = _card(data["left"], names[owner]), _card(data["right"], names[owner])
    refusal = rank_refusal(left, right)
    if refusal is not None:
        raise IllegalAction(f"{names[owner]}'s rank on {field.name}: {refusal}", refusal.code)
    return Rank(owner, left.index, right.index, SIDES.index(data["face_down"]))


def _hands(
    value: Any, count: int, ranks: list[list[Rank]], spent: list[int], names: tuple[str, ...]
) -> list[int]:
    table = [0] * count
    for column in ranks:
        for rank in column:
            cards = 1 << rank.left | 1 << rank.right
            if table[rank.owner] & cards:
                raise IllegalAction(f"{names[rank.owner]} has a card in two ranks")
            table[rank.owner] |= cards
    hands = []
    stated = None if value is None else _per_seat(value, count, "hands")
    for seat in range(count):
        if table[seat] & spent[seat]:
            raise IllegalAction(f"{names[seat]} has a spent hero in a rank")
        rest = D.ALL_CARDS & ~table[seat] & ~spent[seat]
        if stated is None or stated[seat] is None:  # every card not elsewhere
            hands.append(rest)
            continue
        hand = _mask(stated[seat], f"{names[seat]}'s hand")
        if hand & ~rest:
            where = "in a rank" if hand & table[seat] else "spent"
            raise IllegalAction(f"{names[seat]}'s hand holds a card that is also {where}")
        if hand != rest:
            missing = D.CARDS[(rest & ~hand).bit_length() - 1].name
            raise IllegalAction(f"{names[seat]}'s {missing} is nowhere: each card is behind the "
                                "screen, in a rank or spent")
        hands.append(hand)
    return hands


def _fields(state: State, setup: Mapping[str, Any], count: int) -> list[Field]:
    """Each battlefield's enemy in place, its stack and its defeated enemies: players − 1 in all
    (O-R4). An enemy not stated is the top of the stack, turned up as a round begins."""
    stated = setup.get("enemies") or {}
    defeated = setup.get("defeated") or {}
    for what, given in (("enemies", stated), ("defeated", defeated)):
        if not isinstance(given, Mapping) or set(given) - set(D.FIELD_BY_ID):
            raise IllegalAction(f"{what} must map battlefield ids")
    fixed = setup.get("stacks") or {}
    out = []
    for index, f in enumerate(state.fields):
        bf = D.BATTLEFIELDS[index]
        beaten = _whole(defeated.get(bf.id, 0), "defeated")
        stack = f.stack if bf.id in fixed else f.stack[: max(0, count - 1 - beaten)]
        if bf.id not in stated:
            enemy, stack = (stack[0], stack[1:]) if stack else (None, stack)
        else:
            enemy = stated[bf.id]
            if enemy is not None:
                _check_enemy(enemy, bf, stack, bf.id in fixed)
                stack = tuple(e for e in stack if e != enemy)
                if bf.id not in fixed:
                    stack = stack[: max(0, count - 2 - beaten)]
        total = len(stack) + (enemy is not None) + beaten
        if beaten < 0 or total != count - 1:
            raise IllegalAction(f"{bf.name} has {total} enemies in all (in place, in the stack, "
                                f"defeated), but {count} players have {count - 1} each (O-R4)")
        if enemy is None and stack:
            raise IllegalAction(f"{bf.name} has enemies left: one of them is in place")
        out.append(Field(enemy, stack, beaten))
    return out


def _check_enemy(enemy: Any, bf: D.Battlefield, stack: tuple[str, ...], fixed: bool) -> None:
    tile = D.ENEMY_BY_ID.get(enemy) if isinstance(enemy, str) else None
    if tile is None or tile.battlefield != bf.index:
        raise IllegalAction(f"{clip(enemy)} is not an enemy of {bf.name}")
    if fixed and enemy in stack:
        raise IllegalAction(f"{tile.name} is both in place and in the stack of {bf.name}")


def _event(value: Any, pile: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    if value is None:
        return pile[0], pile[1:]
    value = D.event_id(value)
    if type(value) is not str or value not in D.EVENT_BY_ID:
        raise IllegalAction(f"there is no event tile {clip(value)}")
    # one tile of its kind leaves the pile: the deepest, so that a pile the set-up listed on top
    # (a position read from a game: the tiles still to come) stays whole
    drawn = len(pile) - 1 - pile[::-1].index(value) if value in pile else len(pile)
    return value, pile[:drawn] + pile[drawn + 1:]


def _turn(
    value: Any, first: int, count: int, ranks: list[list[Rank]], names: tuple[str, ...]
) -> int:
    placed = [0] * count
    for column in ranks:
        for rank in column:
            placed[rank.owner] += 1
    total = RANKS_PER_ROUND * count
    turn = sum(placed) if value is None else _whole(value, "turn")
    if not sum(placed) <= turn <= total:
        raise IllegalAction(f"turn must be from {sum(placed)} (the ranks on the table) to {total}")
    for seat in range(count):
        turns = sum(1 for t in range(turn) if (first + t) % count == seat)
        if placed[seat] > turns:
            raise IllegalAction(f"{names[seat]} has {placed[seat]} ranks on the table after only "
                                f"{turns} turn{'' if turns == 1 else 's'}")
    return turn


# --------------------------------------------------------------------------- the other way

def position_of(state: State) -> dict[str, Any]:
    """The set-up that states ``state``'s position, for a state waiting for a rank to be placed:
    ``new_game(players, seed, setup=position_of(state))`` is the same table, the same hands and
    goblins, the same stacks and event pile on top (a bug report, or a lesson, in one call).
    What scouts saw this round and the RNG are not part of a position."""
    if state.pending.kind != DEPLOY:
        raise IllegalAction("a position is stated during deployment, when a rank is to be placed")
    names = [D.CARDS[i].id for i in range(len(D.CARDS))]
    fields = {bf.id: state.fields[bf.index] for bf in D.BATTLEFIELDS}
    return {
        "round": state.round,
        "first_player": state.first,
        "goblins": list(state.goblins),
        "spent": [[names[i] for i in range(len(names)) if mask >> i & 1] for mask in state.spent],
        "ranks": {bf: [{"owner": r.owner, "left": names[r.left], "right": names[r.right],
                        "face_down": SIDES[r.down]} for r in f.column]
                  for bf, f in fields.items() if f.column},
        "enemies": {bf: f.enemy for bf, f in fields.items() if f.enemy is not None},
        "defeated": {bf: f.defeated for bf, f in fields.items() if f.defeated},
        "stacks": {bf: list(f.stack) for bf, f in fields.items() if f.stack},
        "event": state.event,
        "events": list(state.event_pile),
        "turn": state.turn,
        "resolution_orders": [[D.BATTLEFIELDS[i].id for i in order] for order in state.orders],
    }
