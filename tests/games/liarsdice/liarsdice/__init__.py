"""Liar's Dice, the pure rules core (docs/write-a-game.md walks through it).

2–4 players each hide five dice under a cup, rolled from the state's RNG. In turn, a player bids
on all the dice at the table ("four 5s": at least four dice show a 5), each bid higher than the
last (more dice, or as many of a higher face), or calls the last bid a lie. The cups are lifted
(a public reveal): if the bid holds, the caller loses a die, else the bidder does. The loser
opens the next round, every cup is rolled again; a player with no dice is out, and the last with
dice wins.

The core keeps no text of a seat's dice in its log: ``events`` words each round's private line
("your dice: …") from the dice the round was played with (the reveal keeps them), so that a
sampler that re-deals the others' dice changes nothing else.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from common.engine import check_players, check_view_seat
from common.errors import IllegalAction
from common.registry import Figures, GameEntry, RuleDocs
from common.rng import Rng
from common.undo import revealed_nothing

NAME = "liarsdice"
TITLE = "Liar's Dice"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
DICE = 5  # under each cup at the start
FACES = 6

GAME = GameEntry(
    name="liarsdice", core="liarsdice", ui="liarsdice.ui",
    docs=RuleDocs("L", "rules.md", "rulings.md"), figures=Figures("dice"),
    openspiel="python_hotseat_liarsdice", bots="liarsdice.bot", sampler="liarsdice.sample",
)


class Bid(NamedTuple):
    seat: int
    qty: int
    face: int


class Call(NamedTuple):
    seat: int


Action = Bid | Call
# The log, as data: ("round", n, opener), ("bid", seat, qty, face), ("call", seat),
# ("reveal", dice of every seat, qty, face, count, loser), ("out", seat), ("won", seat).
Entry = tuple[Any, ...]


class State(NamedTuple):
    players: tuple[str, ...]
    dice: tuple[tuple[int, ...], ...]  # under each cup, sorted; () once a seat is out
    bid: Bid | None  # the standing bid of this round
    seat: int  # to act
    round: int
    rng: Rng
    log: tuple[Entry, ...]


# A new round, or the cups lifted: something the table did not know (undo stops there).
REVEALING = frozenset({"round", "reveal"})


def _roll(rng: Rng, counts: list[int]) -> tuple[tuple[tuple[int, ...], ...], Rng]:
    cups = []
    for count in counts:
        cup = []
        for _ in range(count):
            face, rng = rng.die(FACES)
            cup.append(face)
        cups.append(tuple(sorted(cup)))
    return tuple(cups), rng


def new_game(players: list[str], seed: int, *, setup: Any = None, **options: Any) -> State:
    """``setup``, for tests and lessons: ``{"dice": [[1, 2, …], …]}`` fixes the first cups."""
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    if options:
        raise IllegalAction(f"unknown option(s): {', '.join(sorted(options))}")
    rng = Rng.from_seed(seed)
    dice, rng = _roll(rng, [DICE] * len(names))
    if setup is not None:
        dice = _setup_dice(setup, len(names))
    return State(names, dice, None, 0, 1, rng, (("round", 1, 0),))


def _setup_dice(setup: Any, seats: int) -> tuple[tuple[int, ...], ...]:
    cups = setup.get("dice") if isinstance(setup, dict) else None
    if not isinstance(cups, list) or len(cups) != seats or not all(
            isinstance(c, list) and 1 <= len(c) <= DICE
            and all(type(d) is int and 1 <= d <= FACES for d in c) for c in cups):
        raise IllegalAction(f"setup is {{'dice': [[1 to {DICE} faces of 1–6] for each seat]}}")
    return tuple(tuple(sorted(c)) for c in cups)


def is_over(state: State) -> bool:
    return sum(1 for cup in state.dice if cup) <= 1


def to_act(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.seat,)


def total_dice(state: State) -> int:
    return sum(len(cup) for cup in state.dice)


def higher(bid: Bid | None, qty: int, face: int) -> bool:
    return bid is None or qty > bid.qty or (qty == bid.qty and face > bid.face)


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    out: list[Action] = [Bid(seat, q, f) for q in range(1, total_dice(state) + 1)
                         for f in range(1, FACES + 1) if higher(state.bid, q, f)]
    if state.bid is not None:
        out.append(Call(seat))
    return out


def _next_seat(state: State, seat: int) -> int:
    n = len(state.players)
    for step in range(1, n + 1):
        if state.dice[(seat + step) % n]:
            return (seat + step) % n
    return seat


def apply(state: State, action: Any) -> State:
    if not isinstance(action, Bid | Call) or action.seat not in to_act(state):
        raise IllegalAction("it is not that player's turn" if isinstance(action, Bid | Call)
                            else "an action is a bid or a call")
    if isinstance(action, Bid):
        if not (1 <= action.qty <= total_dice(state) and 1 <= action.face <= FACES):
            raise IllegalAction(f"a bid is 1 to {total_dice(state)} dice of a face 1–6")
        if not higher(state.bid, action.qty, action.face):
            raise IllegalAction("a bid must be higher than the last: more dice, or as many of "
                                "a higher face")
        return state._replace(bid=Bid(action.seat, action.qty, action.face),
                              seat=_next_seat(state, action.seat),
                              log=(*state.log, ("bid", action.seat, action.qty, action.face)))
    bid = state.bid
    if bid is None:
        raise IllegalAction("there is no bid to call yet")
    count = sum(cup.count(bid.face) for cup in state.dice)
    loser = action.seat if count >= bid.qty else bid.seat
    log = [*state.log, ("call", action.seat),
           ("reveal", state.dice, bid.qty, bid.face, count, loser)]
    counts = [len(cup) - (seat == loser) for seat, cup in enumerate(state.dice)]
    if counts[loser] == 0:
        log.append(("out", loser))
    dice, rng = _roll(state.rng, counts)
    after = state._replace(dice=dice, bid=None, rng=rng)
    if is_over(after):
        winner = next(s for s, cup in enumerate(dice) if cup)
        return after._replace(seat=winner, log=(*log, ("won", winner)))
    opener = loser if counts[loser] else _next_seat(after, loser)
    return after._replace(seat=opener, round=state.round + 1,
                          log=(*log, ("round", state.round + 1, opener)))


def actor(state: State, action: Action) -> int:
    return action.seat


def may_undo(before: State, action: Action, after: State) -> bool:
    """A bid may be taken back (it is the bidder's own words, and nothing of chance or of
    another cup was shown); a call lifts the cups and rolls again: never."""
    return before.rng == after.rng and revealed_nothing(view, before, after, action.seat,
                                                        REVEALING)


def faces(cup: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in cup)


def bid_words(qty: int, face: int) -> str:
    return f"{qty} × {face}"


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    check_view_seat(seat, len(state.players))
    names = state.players
    out: list[dict[str, Any]] = []
    for i, entry in enumerate(state.log):
        kind = entry[0]
        if kind == "round":
            out.append({"kind": kind, "text": f"Round {entry[1]}: {names[entry[2]]} opens"})
            cup = _cup_in_round(state, i, seat)
            if cup:
                out.append({"kind": "roll", "private": True,
                            "text": f"{names[seat or 0]}, your dice: {faces(cup)}"})
        elif kind == "bid":
            out.append({"kind": kind,
                        "text": f"{names[entry[1]]} bids {bid_words(entry[2], entry[3])}"})
        elif kind == "call":
            out.append({"kind": kind, "text": f"{names[entry[1]]} calls Liar!"})
        elif kind == "reveal":
            cups = " · ".join(f"{names[s]} {faces(c)}" for s, c in enumerate(entry[1]) if c)
            out.append({"kind": kind, "text": f"Cups lifted: {cups}. {entry[4]} × {entry[3]} "
                        f"for a bid of {bid_words(entry[2], entry[3])}: "
                        f"{names[entry[5]]} loses a die"})
        elif kind == "out":
            out.append({"kind": kind, "text": f"{names[entry[1]]} has no dice left"})
        else:
            out.append({"kind": kind, "text": f"{names[entry[1]]} wins"})
    return out


def _cup_in_round(state: State, at: int, seat: int | None) -> tuple[int, ...]:
    """``seat``'s dice in the round that starts at log entry ``at``: those its reveal lifted,
    or the cup now for the round under way."""
    if seat is None:
        return ()
    for entry in state.log[at + 1:]:
        if entry[0] == "reveal":
            return tuple(entry[1][seat])
    return state.dice[seat]


def view(state: State, seat: int | None) -> dict[str, Any]:
    check_view_seat(seat, len(state.players))
    bid = state.bid
    return {
        "seat": seat, "round": state.round, "to_act": list(to_act(state)),
        "total": total_dice(state),
        "bid": None if bid is None else {"seat": bid.seat, "qty": bid.qty, "face": bid.face},
        "players": [{"name": name, "dice": len(cup)} for name, cup in zip(
            state.players, state.dice, strict=True)],
        "cup": list(state.dice[seat]) if seat is not None else None,
        "log": events(state, seat),
    }


def result(state: State) -> dict[str, Any]:
    """The winner first, then the others by the round they went out in (the latest first)."""
    if not is_over(state):
        return {"standings": []}
    out_order = [e[1] for e in state.log if e[0] == "out"]
    winner = [s for s, cup in enumerate(state.dice) if cup]
    rest = [s for s in reversed(out_order) if s not in winner]
    return {"standings": [{"seat": s, "dice": len(state.dice[s])} for s in winner + rest]}


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Bid):
        return {"type": "bid", "seat": action.seat, "qty": action.qty, "face": action.face}
    return {"type": "call", "seat": action.seat}


def action_from_json(data: Any) -> Action:
    if isinstance(data, dict) and type(data.get("seat")) is int:
        if data.get("type") == "call" and set(data) == {"type", "seat"}:
            return Call(data["seat"])
        if data.get("type") == "bid" and set(data) == {"type", "seat", "qty", "face"} \
                and type(data["qty"]) is int and type(data["face"]) is int:
            return Bid(data["seat"], data["qty"], data["face"])
    raise IllegalAction("an action is {'type': 'bid', 'seat', 'qty', 'face'} or "
                        "{'type': 'call', 'seat'}")
