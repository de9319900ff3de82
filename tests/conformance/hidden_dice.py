"""Hidden Dice, a small game with hidden information for ``check_game``'s own tests: each seat
rolls one die in secret; in turn a seat raises the bid ("all the dice sum to at least n") by one
or two, or calls the last bid; then the dice are shown and whoever was wrong loses.

Its secrets are everywhere a leak can be planted: each seat's die (in its view, a private log
line and a world drawn for another seat), the generator in the state, the public table
(``public_view`` and ``offer``). The tests replace one part at a time with a leaky one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from common.engine import check_players, check_view_seat
from common.errors import IllegalAction
from common.offer import Offer
from common.registry import Figures, GameEntry, RuleDocs
from common.rng import Rng

NAME = "hiddendice"
TITLE = "Hidden Dice"
MIN_PLAYERS, MAX_PLAYERS = 2, 3
CALL = 0  # the action that calls the last bid; any other action is the new bid

GAME = GameEntry(
    name=NAME, core=__name__, docs=RuleDocs("H", "rules.md", "rulings.md"),
    figures=Figures("points"), openspiel="python_hotseat_hiddendice", sampler=__name__,
    bots=__name__,  # its heuristic, ``normal``, and nothing else: the rest is the defaults'
)


class State(NamedTuple):
    players: tuple[str, ...]
    dice: tuple[int, ...]
    rng: Rng
    seat: int
    bids: tuple[int, ...]  # the bids so far, the last one standing
    loser: int  # -1 while the game goes on


def _roll(rng: Rng, count: int) -> tuple[tuple[int, ...], Rng]:
    dice = []
    for _ in range(count):
        value, rng = rng.below(6)
        dice.append(value + 1)
    return tuple(dice), rng


def new_game(players: list[str], seed: int, *, setup: Any = None, **options: Any) -> State:
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    dice, rng = _roll(Rng.from_seed(seed), len(names))
    return State(names, dice, rng, 0, (), -1)


def is_over(state: State) -> bool:
    return state.loser >= 0


def to_act(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.seat,)


def legal_actions(state: State, seat: int) -> list[int]:
    if seat not in to_act(state):
        return []
    last = state.bids[-1] if state.bids else 0
    raises = [n for n in (last + 1, last + 2) if n <= 6 * len(state.players)]
    return ([CALL] if state.bids else []) + raises


def apply(state: State, action: Any) -> State:
    if type(action) is not int or action not in legal_actions(state, state.seat):
        raise IllegalAction("raise the bid by one or two, or call it")
    if action == CALL:
        bidder = (state.seat - 1) % len(state.players)
        right = sum(state.dice) >= state.bids[-1]
        return state._replace(loser=state.seat if right else bidder)
    return state._replace(seat=(state.seat + 1) % len(state.players),
                          bids=(*state.bids, action))


def actor(state: State, action: int) -> int:
    return state.seat


def may_undo(before: State, action: int, after: State) -> bool:
    return not is_over(after)  # a call shows the dice


def _die(state: State, player: int, seat: int | None) -> int | None:
    return state.dice[player] if player == seat or is_over(state) else None


def view(state: State, seat: int | None) -> dict[str, Any]:
    check_view_seat(seat, len(state.players))
    return {"seat": seat, "bid": state.bids[-1] if state.bids else 0,
            "to_act": list(to_act(state)),
            "players": [{"name": name, "die": _die(state, p, seat)}
                        for p, name in enumerate(state.players)],
            "log": _log(state, seat)}


def _log(state: State, seat: int | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if seat is not None:
        out.append({"kind": "roll", "text": f"Your die: {state.dice[seat]}", "private": True})
    for i, bid in enumerate(state.bids):
        who = state.players[i % len(state.players)]
        out.append({"kind": "bid", "text": f"{who} bids {bid}"})
    if is_over(state):
        shown = " ".join(str(d) for d in state.dice)
        out.append({"kind": "call", "text": f"{state.players[state.seat]} calls: {shown}"})
    return out


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    return _log(state, seat)


def public_view(state: State, seat: int) -> dict[str, Any]:
    return {**view(state, None), "seat": seat, "options": len(legal_actions(state, seat))}


def offer(state: State, seat: int) -> Offer:
    return Offer(public=(CALL,) if state.bids else (), secret=True)


def sample(state: State, seat: int, rnd: random.Random) -> State:
    """A world ``seat`` cannot tell from ``state``: the others' dice rolled again (unless
    shown), the generator reseeded."""
    dice = state.dice if is_over(state) else tuple(
        die if p == seat else rnd.randint(1, 6) for p, die in enumerate(state.dice))
    return state._replace(dice=dice, rng=Rng(rnd.getrandbits(64)))


def normal(world: State, seat: int, legal: Sequence[int], rnd: random.Random) -> int:
    """Call a bid above what the seat's own die and the others' average make likely."""
    likely = world.dice[seat] + 3.5 * (len(world.players) - 1)
    if CALL in legal and world.bids[-1] > likely + 1:
        return CALL
    return min(a for a in legal if a != CALL) if len(legal) > 1 or CALL not in legal else CALL


def result(state: State) -> dict[str, Any]:
    if not is_over(state):
        return {"standings": []}
    others = [p for p in range(len(state.players)) if p != state.loser]
    return {"standings": [{"seat": p, "points": 1} for p in others]
            + [{"seat": state.loser, "points": 0}]}


def action_to_json(action: int) -> dict[str, Any]:
    return {"bid": action}


def action_from_json(data: Any) -> int:
    if not isinstance(data, dict) or type(data.get("bid")) is not int:
        raise IllegalAction("an action is {'bid': n}, 0 to call")
    return int(data["bid"])
