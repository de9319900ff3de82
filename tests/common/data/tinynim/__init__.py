"""Tiny Nim, the smallest registered game (the walk-through of docs/write-a-game.md is Liar's
Dice, tests/games/liarsdice): one pile of seven stones, take one or two, whoever takes the last
wins. It is a folder, with its rules text, its interface and its
stylesheet inside, and one entry-point line; the registry's tests register it
(``tests/common/test_registry.py``) as ``tinynim = "tinynim:GAME"`` in a ``pyproject.toml``
would."""

from __future__ import annotations

from typing import Any, NamedTuple

from common.engine import check_players, check_view_seat, stage
from common.errors import IllegalAction
from common.registry import Figures, GameEntry, RuleDocs

NAME = "tinynim"
TITLE = "Tiny Nim"
MIN_PLAYERS, MAX_PLAYERS = 2, 3

GAME = GameEntry(
    name="tinynim", core="tinynim", ui="tinynim.ui",
    # in this folder: a game ships its own rules text
    docs=RuleDocs("N", "rules.md", "rulings.md"), figures=Figures("stones"),
    openspiel="python_hotseat_tinynim",
    hidden=False,  # nothing hidden, nothing drawn: every seat sees what the table sees
)


class State(NamedTuple):
    players: tuple[str, ...]
    pile: int
    seat: int
    moves: tuple[tuple[int, int], ...]  # (seat, stones taken), in order


def new_game(players: list[str], seed: int, *, setup: Any = None, **options: Any) -> State:
    names = check_players(players, TITLE, MIN_PLAYERS, MAX_PLAYERS)
    return State(names, 7, 0, ())


def is_over(state: State) -> bool:
    return state.pile == 0


def to_act(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.seat,)


def legal_actions(state: State, seat: int) -> list[int]:
    return [n for n in (1, 2) if n <= state.pile] if seat in to_act(state) else []


def apply(state: State, action: Any) -> State:
    if action not in legal_actions(state, state.seat):
        raise IllegalAction(f"you may take 1 or 2 of the {state.pile} stones left")
    return State(state.players, state.pile - action, (state.seat + 1) % len(state.players),
                 (*state.moves, (state.seat, action)))


def actor(state: State, action: int) -> int:
    return state.seat  # an action names no seat: the seat to act takes it


def may_undo(before: State, action: int, after: State) -> bool:
    return True  # nothing is hidden and nothing is left to chance


def _taken(state: State, seat: int) -> int:
    return sum(n for who, n in state.moves if who == seat)


def view(state: State, seat: int | None) -> dict[str, Any]:
    check_view_seat(seat, len(state.players))
    return {"seat": seat, "pile": state.pile, "to_act": list(to_act(state)),
            "players": [{"name": name, "taken": _taken(state, s)}
                        for s, name in enumerate(state.players)],
            "log": events(state, seat)}


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    return [{"kind": "took", "text": f"{state.players[who]} took {n}"} for who, n in state.moves]


def result(state: State) -> dict[str, Any]:
    if not is_over(state):
        return {"standings": []}
    last = (state.seat - 1) % len(state.players)  # took the last stone
    return {"standings": [{"seat": s, "points": _taken(state, s)}
                          for s in (last, *(s for s in range(len(state.players)) if s != last))]}


def summary(state: State) -> dict[str, Any]:
    """How far the game went: the turn under way, with no fixed number of turns."""
    return stage("turn", len(state.moves) + 1)


def action_to_json(action: int) -> dict[str, Any]:
    return {"take": action}


def action_from_json(data: Any) -> int:
    if not isinstance(data, dict) or type(data.get("take")) is not int:
        raise IllegalAction("an action is {'take': 1 or 2}")
    return int(data["take"])
