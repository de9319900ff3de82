"""The generic conformance suite: seeded random playouts that any game plugs into.

After every step of a random game it checks that ``apply`` left its input untouched, that listed
legal actions apply (those of seats not to act too: ``legal_actions`` lists what a seat may do in
turn or out of turn) and sampled illegal ones raise ``IllegalAction``, the game's own invariants
(conservation of goblins, gold, cards), that views are JSON, that actions round-trip through JSON,
and at the end that replaying the action list rebuilds an equal state and that the game ended.

``check_game`` is the one call a game's author runs: the contract's parts, these playouts for
every player count, the shapes the shell reads of views, results and logs, ``actor`` and
``may_undo``, and with the game's sampler the secrecy property (a world drawn for a seat shows
that seat the very same view).
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from common.engine import GameModule, LogEntry, Result, View
from common.entries import log_lines
from common.errors import IllegalAction
from common.registry import missing_parts

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
        if "seat" not in data:
            continue  # the action names no seat (the seat to act takes it): nothing to move
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
            check_view(game, state, s)
        assert game.actor(state, action) == seat, f"{action!r} is listed for seat {seat}"
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
    check_result(game.result(state), players)
    if check_replay:
        again = game.new_game(names, seed, **spec.options)
        for action in actions:
            again = game.apply(again, action)
        assert again == state, "replaying the action list did not rebuild the same state"
    return Playout(actions, state, len(actions))


def _keys(shape: type, data: object, where: str) -> dict[str, Any]:
    """``data`` as a dict holding every required key of the TypedDict ``shape``."""
    assert isinstance(data, dict), f"{where} is not a dict: {data!r}"
    missing = [k for k in getattr(shape, "__required_keys__", ()) if k not in data]
    assert not missing, f"{where} lacks {missing}"
    return data


def check_view(game: GameModule, state: Any, seat: int | None) -> None:
    """``view(state, seat)`` is JSON and has what the shell reads of it (``View``)."""
    view = _keys(View, game.view(state, seat), f"view for seat {seat}")
    json.dumps(view)
    assert view["seat"] == seat, f"the view for seat {seat} says seat {view['seat']}"
    names = [_keys(dict, p, "a player of the view").get("name") for p in view["players"]]
    assert all(isinstance(n, str) for n in names), f"players' names: {names}"
    for entry in view["log"]:
        _keys(LogEntry, entry, "a log entry")
        assert isinstance(entry["kind"], str), entry
    # every entry a seat may read is worded by the game's wording (or carries its words)
    lines = log_lines(game.NAME, view["log"], tuple(str(n) for n in names))
    assert all(isinstance(line, str) and line for line in lines), lines


def check_result(result: object, players: int) -> None:
    """``result(state)`` is JSON and has what the shell reads of it (``Result``)."""
    shaped = _keys(Result, result, "result")
    json.dumps(shaped)
    seats = range(players)
    rows = [_keys(dict, row, "a standing")["seat"] for row in shaped["standings"]]
    assert sorted(rows) in ([], list(seats)), f"the standings' seats {rows}"


Sample = Callable[[Any, int, random.Random], Any]


def check_secrecy(game: GameModule, state: Any, players: int, sample: Sample,
                  rnd: random.Random) -> None:
    """A world drawn among those a seat cannot tell from ``state`` shows it the same view: the
    view holds nothing the seat may not know, as far as the sampler changes it."""
    for seat in range(players):
        world = sample(state, seat, rnd)
        assert game.view(world, seat) == game.view(state, seat), (
            f"seat {seat}'s view differs in a world it cannot tell from the game")


def check_undo(game: GameModule, before: Any, action: Any, after: Any) -> None:
    """``may_undo`` answers for every move (a yes or a no, never an error)."""
    assert isinstance(game.may_undo(before, action, after), bool)


def check_game(spec: Spec, *, seeds: tuple[int, ...] = (1,), deep_every: int = 1,
               sample: Sample | None = None, every: int = 7) -> list[Playout]:
    """Everything a game's author checks in one call (see the module's text): for each player
    count of ``spec`` and each seed, a random game checked at every step, then replayed with
    ``may_undo`` and, given ``sample``, the secrecy property at every ``every``-th state."""
    game = spec.game
    missing = missing_parts(game)
    assert not missing, f"the game lacks part of the engine contract: {missing}"
    out = []
    for players in spec.player_counts:
        for seed in seeds:
            playout = random_playout(spec, players, seed, deep_every=deep_every)
            rnd = random.Random(seed)
            state = game.new_game([f"P{i + 1}" for i in range(players)], seed, **spec.options)
            for step, action in enumerate(playout.actions):
                after = game.apply(state, action)
                check_undo(game, state, action, after)
                if sample is not None and step % every == 0:
                    check_secrecy(game, state, players, sample, rnd)
                state = after
            out.append(playout)
    return out
