"""The generic conformance suite: seeded random playouts that any game plugs into.

After every step of a random game it checks that ``apply`` left its input untouched, that listed
legal actions apply (those of seats not to act too: ``legal_actions`` lists what a seat may do in
turn or out of turn) and sampled illegal ones raise ``IllegalAction``, the game's own invariants
(conservation of goblins, gold, cards), that views are JSON, that actions round-trip through JSON,
and at the end that replaying the action list rebuilds an equal state and that the game ended.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from common.engine import GameModule
from common.errors import IllegalAction

Invariant = Callable[[Any], None]


@dataclass(frozen=True)
class Spec:
    """How a game plugs into the suite."""

    game: GameModule
    player_counts: tuple[int, ...]
    invariants: Invariant = lambda state: None
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = 20_000
    off_turn_chance: float = 0.05  # how often a seat outside to_act uses an optional action


@dataclass
class Playout:
    actions: list[Any]
    final: Any
    steps: int


_GARBAGE: tuple[Any, ...] = (
    None, 42, "place", [], {}, {"type": "no-such-action", "seat": 0}, {"type": None},
)


def _pick_seat(game: GameModule, state: Any, rnd: random.Random, spec: Spec, count: int) -> int:
    waiting = game.to_act(state)
    assert waiting, "the game is not over but nobody is to act"
    if rnd.random() < spec.off_turn_chance:
        seats = [s for s in range(count) if s not in waiting]
        rnd.shuffle(seats)
        for seat in seats:
            if game.legal_actions(state, seat):
                return seat
    return rnd.choice(waiting)


def check_illegal(
    game: GameModule, state: Any, legal: dict[int, list[Any]], rnd: random.Random
) -> None:
    """Malformed data and actions of the wrong seat must raise ``IllegalAction``."""
    for raw in rnd.sample(_GARBAGE, 2):
        try:
            game.apply(state, game.action_from_json(raw))
        except IllegalAction:
            continue
        raise AssertionError(f"garbage action {raw!r} was accepted")
    for seat, actions in legal.items():
        if not actions:
            continue
        data = game.action_to_json(rnd.choice(actions))
        for other in legal:
            if other == seat:
                continue
            moved = game.action_from_json({**data, "seat": other})
            try:
                game.apply(state, moved)
            except IllegalAction:
                continue
            # Accepted: then it must be one of that seat's own legal actions.
            assert moved in legal[other], f"{data} applied for seat {other}, who may not do it"


def check_out_of_turn(
    game: GameModule, state: Any, legal: dict[int, list[Any]], rnd: random.Random
) -> None:
    """The contract of ``legal_actions``: every action a seat may take now, in turn or out of turn.
    So a seat the game waits for has some, and what a seat not waited for is offered applies."""
    waiting = game.to_act(state)
    for seat, actions in legal.items():
        if seat in waiting:
            assert actions, f"seat {seat} is to act but has no legal action"
        elif actions:
            action = rnd.choice(actions)
            try:
                game.apply(state, action)
            except IllegalAction as error:
                raise AssertionError(f"{action!r} is listed for seat {seat}, not to act, but "
                                     f"refused: {error}") from error


def _fingerprint(state: Any) -> object:
    """Something that changes if the state is changed in place: its hash (cheap, and only
    possible for a state built of immutable parts), or failing that its pickle."""
    try:
        return hash(state)
    except TypeError:
        return pickle.dumps(state)


def check_step(
    spec: Spec, state: Any, rnd: random.Random, count: int, *, deep: bool
) -> tuple[Any, Any]:
    """Check one state, choose and apply one action; returns ``(action, next_state)``."""
    game = spec.game
    seat = _pick_seat(game, state, rnd, spec, count)
    actions = game.legal_actions(state, seat)
    assert actions, f"seat {seat} is to act but has no legal action"
    action = rnd.choice(actions)
    data = json.loads(json.dumps(game.action_to_json(action)))
    assert game.action_from_json(data) == action, f"{data} does not round-trip"
    if deep:
        before = _fingerprint(state)
        for other in rnd.sample(actions, min(4, len(actions))):
            game.apply(state, other)
        seats = range(count)
        legal = {s: game.legal_actions(state, s) for s in seats}
        check_out_of_turn(game, state, legal, rnd)
        check_illegal(game, state, legal, rnd)
        # Views grow with the log: one seat's and a spectator's per step keep this linear.
        for s in (None, rnd.choice(seats)):
            json.dumps(game.view(state, s))
        assert _fingerprint(state) == before, "apply or a view changed its input state"
    nxt = game.apply(state, action)
    spec.invariants(nxt)
    return action, nxt


def random_playout(
    spec: Spec, players: int, seed: int, *, deep_every: int = 1, check_replay: bool = True
) -> Playout:
    """Play one seeded random game to its end, checking as it goes."""
    game = spec.game
    rnd = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    start = game.new_game(names, seed, **spec.options)
    spec.invariants(start)
    state = start
    actions: list[Any] = []
    while not game.is_over(state):
        assert len(actions) < spec.max_steps, f"game {seed} did not end in {spec.max_steps} steps"
        deep = deep_every > 0 and len(actions) % deep_every == 0
        action, state = check_step(spec, state, rnd, players, deep=deep)
        actions.append(action)
    assert not game.to_act(state), "the game is over but someone is still to act"
    json.dumps(game.result(state))
    if check_replay:
        again = game.new_game(names, seed, **spec.options)
        for action in actions:
            again = game.apply(again, action)
        assert again == state, "replaying the action list did not rebuild the same state"
    return Playout(actions, state, len(actions))
