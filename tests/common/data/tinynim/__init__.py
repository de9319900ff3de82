"""A third game for the registry's tests: Nim with one pile of seven, take one or two, whoever
takes the last wins. Registered only by the tests (``tests/common/test_registry.py``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from common.engine import check_players, check_view_seat
from common.errors import IllegalAction
from common.registry import Figures, GameEntry, RuleDocs

NAME = "tinynim"
TITLE = "Tiny Nim"
MIN_PLAYERS, MAX_PLAYERS = 2, 3
REVEALING_EVENTS: frozenset[str] = frozenset()
UNDO_BARRED: frozenset[str] = frozenset()

GAME = GameEntry(
    name="tinynim", core="tinynim", ui="tinynim.ui",
    docs=RuleDocs("N", "nim-rules.md", "nim-rulings.md"), figures=Figures("stones"),
    openspiel="python_hotseat_tinynim",
)


class State(NamedTuple):
    players: tuple[str, ...]
    pile: int
    seat: int
    taken: tuple[int, ...]


def new_game(players: list[str], seed: int, *, setup: Any = None, **options: Any) -> State:
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    return State(names, 7, 0, (0,) * len(names))


def is_over(state: State) -> bool:
    return state.pile == 0


def to_act(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.seat,)


def legal_actions(state: State, seat: int) -> list[int]:
    return [n for n in (1, 2) if n <= state.pile] if seat in to_act(state) else []


def apply(state: State, action: Any) -> State:
    if action not in legal_actions(state, state.seat):
        raise IllegalAction(f"you may take 1 or 2 of the {state.pile} stones left")
    taken = list(state.taken)
    taken[state.seat] += action
    return State(state.players, state.pile - action, (state.seat + 1) % len(state.players),
                 tuple(taken))


def view(state: State, seat: int | None) -> dict[str, Any]:
    check_view_seat(seat, len(state.players))
    return {"pile": state.pile, "to_act": list(to_act(state))}


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    return []


def result(state: State) -> dict[str, Any]:
    last = (state.seat - 1) % len(state.players)
    return {"winners": [last] if is_over(state) else [], "standings": []}


def action_to_json(action: int) -> dict[str, Any]:
    return {"take": action}


def action_from_json(data: Any) -> int:
    if not isinstance(data, dict) or type(data.get("take")) is not int:
        raise IllegalAction("an action is {'take': 1 or 2}")
    return int(data["take"])
