"""The generic conformance suite: seeded random playouts that any game plugs into.

After every step of a random game it checks that ``apply`` left its input untouched, that listed
legal actions apply (those of seats not to act too: ``legal_actions`` lists what a seat may do in
turn or out of turn) and sampled illegal ones raise ``IllegalAction``, the game's own invariants
(conservation of goblins, gold, cards), that views are JSON, that actions round-trip through JSON,
and at the end that replaying the action list rebuilds an equal state and that the game ended.

``check_game`` is the one call a game's author runs: the contract's parts, these playouts for
every player count, the shapes the shell reads of views, results and logs, ``actor`` and
``may_undo``, and the secrecy property, by default, with the sampler the game registers: a world
drawn for a seat shows that seat, the spectator, the public table and every log it may read the
very same, and the sampler must really redraw what the seat cannot see. A game declared without
hidden information is checked for that instead (see ``check_game``).
"""

from __future__ import annotations

import importlib
import json
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from common.engine import GameModule, LogEntry, Result, View
from common.entries import log_lines
from common.errors import IllegalAction
from common.offer import offer_of, public_view_of
from common.registry import GAMES, GameEntry, missing_parts

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


def registered_entry(game: GameModule) -> GameEntry | None:
    """The ``GameEntry`` of the core ``game``: the registry's under its ``NAME`` when that entry
    names this core, else the core's own ``GAME`` (a game not installed yet), else None."""
    name = getattr(game, "NAME", "")
    if name in GAMES:
        entry = GAMES[name]
        if entry.core == getattr(game, "__name__", entry.core):
            return entry
    own = getattr(game, "GAME", None)
    return own if isinstance(own, GameEntry) else None


def registered_sampler(game: GameModule) -> tuple[Sample | None, str]:
    """The sampler ``game`` registers (``GameEntry.sampler``: its module's ``sample``) and its
    name, or ``(None, "")``."""
    entry = registered_entry(game)
    if entry is None or not entry.sampler:
        return None, ""
    found: Sample = importlib.import_module(entry.sampler).sample
    return found, f"{entry.sampler}.sample"


def _name_of(sample: Sample) -> str:
    return f"{getattr(sample, '__module__', '?')}.{getattr(sample, '__qualname__', sample)}"


def _flat(data: object, path: tuple[object, ...] = ()) -> set[tuple[tuple[object, ...], str]]:
    """Every leaf of JSON-like ``data`` with the path to it."""
    if isinstance(data, dict):
        return {leaf for key, value in data.items() for leaf in _flat(value, (*path, key))}
    if isinstance(data, list | tuple):
        return {leaf for i, value in enumerate(data) for leaf in _flat(value, (*path, i))}
    return {(path, json.dumps(data, sort_keys=True, default=repr))}


def _without_seat(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "seat"}


def secrets_from(game: GameModule, state: Any, seat: int, players: int) -> bool:
    """Whether another seat sees something here that ``seat`` and the spectator do not (a leaf
    of its view, at its place, that neither of theirs has): then ``seat`` has something to be
    kept from, and a sampler for it has something to redraw."""
    known = _flat(_without_seat(game.view(state, None))) | _flat(
        _without_seat(game.view(state, seat)))
    return any(_flat(_without_seat(game.view(state, other))) - known
               for other in range(players) if other != seat)


PROBES = 4  # worlds drawn at a state with secrets to see the sampler change what others see


@dataclass
class Redrawn:
    """Per seat, over the states checked: how many had secrets from it (``secrets_from``) and
    how many worlds drawn for it changed what another seat sees."""

    secret: list[int]
    changed: list[int]

    @classmethod
    def of(cls, players: int) -> Redrawn:
        return cls([0] * players, [0] * players)


def _sees(game: GameModule, state: Any, seat: int | None) -> tuple[object, object]:
    return game.view(state, seat), game.events(state, seat)


def check_secrecy(game: GameModule, state: Any, players: int, sample: Sample,
                  rnd: random.Random, redrawn: Redrawn | None = None) -> None:
    """For each seat, a world drawn among those it cannot tell from ``state`` shows that seat
    the same view and log, and shows the spectator (its view and log), each seat deciding at
    the public table (``public_view``) and the offer of each seat to act the same too: none of
    them holds anything the seat may not know, as far as the sampler changes it. ``redrawn``
    counts whether the worlds changed anything the other seats see (``check_game`` fails a
    sampler that never does)."""
    deciding = game.to_act(state)
    public = hasattr(game, "public_view")
    table = [_sees(game, state, None), [offer_of(game, state, s) for s in deciding]]
    if public:
        table.append([public_view_of(game, state, s) for s in deciding])
    for seat in range(players):
        world = sample(state, seat, rnd)
        assert game.view(world, seat) == game.view(state, seat), (
            f"seat {seat}'s view differs in a world it cannot tell from the game")
        assert game.events(world, seat) == game.events(state, seat), (
            f"seat {seat}'s log differs in a world it cannot tell from the game")
        assert _sees(game, world, None) == table[0], (
            f"the spectator's view or log (seat None) differs in a world seat {seat} cannot "
            "tell from the game: it shows something that seat may not know")
        assert [offer_of(game, world, s) for s in deciding] == table[1], (
            f"an offer (who decides at the public table) differs in a world seat {seat} "
            "cannot tell from the game")
        if public:
            assert [public_view_of(game, world, s) for s in deciding] == table[2], (
                f"public_view differs in a world seat {seat} cannot tell from the game: the "
                "public table shows something that seat may not know")
        if redrawn is None or redrawn.changed[seat]:
            continue  # the sampler was seen at work for this seat: no need to look again
        if secrets_from(game, state, seat, players):
            redrawn.secret[seat] += 1
            # A few worlds at the first such states: a fair draw may give back the truth (a die
            # rolled again shows the same face one time in six), which must not pass for a
            # sampler that keeps it; later states add their own chances one world each.
            for draw in range(PROBES if redrawn.secret[seat] <= 2 else 1):
                if draw:
                    world = sample(state, seat, rnd)
                if any(_sees(game, world, other) != _sees(game, state, other)
                       for other in range(players) if other != seat):
                    redrawn.changed[seat] += 1
                    break


def check_redrawn(redrawn: Redrawn, name: str, players: int) -> None:
    """The sampler is no copy of the truth: for every seat from which something was kept at
    some checked state, some world drawn for it showed another seat something else."""
    for seat, (secret, changed) in enumerate(zip(redrawn.secret, redrawn.changed,
                                                 strict=True)):
        assert changed or not secret, (
            f"the sampler {name} never changed what seat {seat} cannot see: at {secret} states "
            f"of {players}-player games other seats saw what seat {seat} did not, and every "
            "world drawn for it showed them the very same (it keeps the hidden information, "
            "so the secrecy check compares the truth with itself)")


def check_no_secrets(game: GameModule, state: Any, players: int) -> None:
    """A game declared without hidden information (``GameEntry.hidden=False``): every seat's
    view (but for the ``seat`` it is for) and log are the spectator's."""
    spectator = _without_seat(game.view(state, None))
    log = game.events(state, None)
    for seat in range(players):
        view = _without_seat(game.view(state, seat))
        differ = sorted(str(k) for k in set(view) | set(spectator)
                        if view.get(k) != spectator.get(k))
        assert not differ, (
            f"the game declares no hidden information (GameEntry.hidden=False), but seat "
            f"{seat}'s view differs from the spectator's in {differ}: declare hidden=True and "
            "register a sampler, or show every seat what the table sees")
        assert game.events(state, seat) == log, (
            f"the game declares no hidden information (GameEntry.hidden=False), but seat "
            f"{seat}'s log differs from the spectator's")


def check_undo(game: GameModule, before: Any, action: Any, after: Any) -> None:
    """``may_undo`` answers for every move (a yes or a no, never an error)."""
    assert isinstance(game.may_undo(before, action, after), bool)


def check_game(spec: Spec, *, seeds: tuple[int, ...] = (1,), deep_every: int = 1,
               sample: Sample | None = None, every: int = 7) -> list[Playout]:
    """Everything a game's author checks in one call (see the module's text): for each player
    count of ``spec`` and each seed, a random game checked at every step, then replayed with
    ``may_undo`` and the secrecy property at every ``every``-th state.

    The secrecy property runs by default, with the sampler the game registers
    (``GameEntry.sampler``, found by the core's ``NAME`` in the registry or, for a game not
    installed yet, the core's own ``GAME``); ``sample`` overrides it. A game with hidden
    information (``GameEntry.hidden``, the default) and no sampler fails: nothing would check
    its secrets. At every checked state and for every seat, a world drawn for that seat must
    show it, the spectator, each seat deciding at the public table (``public_view``) and the
    offers the same views and logs; and for each seat from which another seat saw something
    (``secrets_from``), some world must change what the others see, or the sampler is a copy
    of the truth and proves nothing.

    A game declared without hidden information (``hidden=False``) promises that what a seat may
    know, the whole table may: so every seat's view, but for its ``seat``, and its log must be
    the spectator's at every checked state. That is sound (anything only a seat sees would
    differ from the spectator's view) at the price of views that add nothing for their seat:
    what a seat's panel adds (its options, "you") is derived by its interface."""
    game = spec.game
    missing = missing_parts(game)
    assert not missing, f"the game lacks part of the engine contract: {missing}"
    entry = registered_entry(game)
    hidden = entry.hidden if entry is not None else True
    name = _name_of(sample) if sample is not None else ""
    if sample is None:
        sample, name = registered_sampler(game)
    assert sample is not None or not hidden, (
        f"{game.NAME} has hidden information (GameEntry.hidden is True unless it says False) "
        "but no sampler to check its secrets with: register one (GameEntry.sampler: the module "
        "whose sample(state, seat, rnd) draws a world the seat cannot tell from the game), pass "
        "sample=, or declare hidden=False if every seat may see everything the table sees")
    out = []
    for players in spec.player_counts:
        redrawn = Redrawn.of(players)
        for seed in seeds:
            playout = random_playout(spec, players, seed, deep_every=deep_every)
            rnd = random.Random(seed)
            state = game.new_game([f"P{i + 1}" for i in range(players)], seed, **spec.options)
            for step, action in enumerate((*playout.actions, None)):
                if step % every == 0 or action is None:
                    if sample is not None:
                        check_secrecy(game, state, players, sample, rnd, redrawn)
                    if not hidden:
                        check_no_secrets(game, state, players)
                if action is None:
                    break
                after = game.apply(state, action)
                check_undo(game, state, action, after)
                state = after
            out.append(playout)
        if sample is not None and hidden:
            check_redrawn(redrawn, name, players)
    return out
