"""Scenario helpers for the Orcz rule tests: exact set-ups and quick deployments.

A test states the ranks that matter per seat; every other deployment turn is filled with a plain
troop rank on a "dump" battlefield that the test resolves after the one it checks. Whole games
of seeded random legal moves come from ``random_play``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import orcz
from orcz.actions import Attack, Hold, Impose, PlaceRank

NAMES = ("Red", "Yellow", "Blue", "Green")
FIELDS = ("lothari", "urth", "falladir", "thirst")

Spec = tuple[str, str, str, str]  # battlefield, left, right, face-down side


def R(field: str, left: str, right: str, down: str = "right") -> Spec:
    return (field, left, right, down)


def game(
    players: int = 4,
    *,
    first: int = 0,
    stacks: Mapping[str, Sequence[str]] | None = None,
    events: Sequence[str] = ("fog",),
    orders: Sequence[Sequence[str]] | None = None,
    seed: int = 7,
    **options: Any,
) -> orcz.State:
    """A game with every chance-decided part fixed. Unnamed stacks hold one hard 6/3 enemy."""
    full = {f: [f"{f}-6-3"] for f in FIELDS}
    full.update({k: list(v) for k, v in (stacks or {}).items()})
    setup: dict[str, Any] = {"first_player": first, "stacks": full, "events": list(events)}
    if orders is not None:
        setup["resolution_orders"] = [list(o) for o in orders]
    return orcz.new_game(list(NAMES[:players]), seed, setup=setup, **options)


def place(state: orcz.State, spec: Spec) -> orcz.State:
    seat = state.pending.seat
    field, left, right, down = spec
    return orcz.apply(state, PlaceRank(seat, field, left, right, down))


def _filler(state: orcz.State, seat: int, dump: str, reserved: set[str]) -> PlaceRank:
    options = [a for a in orcz.legal_actions(state, seat) if isinstance(a, PlaceRank)]
    free = [a for a in options if a.left not in reserved and a.right not in reserved]
    heroes = {"champion", "shaman"}

    def score(a: PlaceRank) -> tuple[int, int]:
        hero = a.left in heroes or a.right in heroes
        return (a.battlefield != dump, hero)

    free.sort(key=score)
    assert free, f"no filler rank for seat {seat}"
    return free[0]


def deploy(
    state: orcz.State,
    plan: Mapping[int, Sequence[Spec | None]] | None = None,
    *,
    dump: str = "thirst",
    stop_after: int | None = None,
) -> orcz.State:
    """Play deployment turns: each seat's planned ranks in order (None: a filler), then fillers.

    Stops when deployment is over, or after ``stop_after`` placements.
    """
    queues = {seat: list(specs) for seat, specs in (plan or {}).items()}
    done = 0
    while state.pending.kind == "deploy" and (stop_after is None or done < stop_after):
        seat = state.pending.seat
        queue = queues.get(seat, [])
        spec = queue.pop(0) if queue else None
        if spec is None:
            reserved = {card for s in queue if s is not None for card in s[1:3]}
            state = orcz.apply(state, _filler(state, seat, dump, reserved))
        else:
            state = place(state, spec)
        done += 1
    return state


def hold(state: orcz.State, field: str) -> orcz.State:
    assert state.pending.kind == "fight", state.pending
    return orcz.apply(state, Hold(state.pending.seat, field))


def attack(state: orcz.State, field: str) -> orcz.State:
    assert state.pending.kind == "fight", state.pending
    return orcz.apply(state, Attack(state.pending.seat, field))


def hold_on(state: orcz.State, field: str, *, impose_alone: bool = True) -> orcz.State:
    """Hold every fight decision on ``field`` while it is the battlefield being resolved.

    ``impose_alone``: a loser who may impose on one player only (two players) imposes the whole
    value on them (O-R18 lets them impose nothing instead; tests of that say False)."""
    while state.pending.kind == "fight" and current(state) == field:
        state = hold(state, field)
    if impose_alone:
        state = impose_on_the_only_other(state)
    return state


def impose_on_the_only_other(state: orcz.State) -> orcz.State:
    """A pending imposition with one possible payer: that player pays the whole value."""
    pending = state.pending
    if pending.kind != "impose" or len(pending.candidates) != 1:
        return state
    payments = [0] * state.seat_count
    payments[pending.candidates[0]] = pending.amount
    return orcz.apply(state, Impose(pending.seat, FIELDS[pending.battlefield], tuple(payments)))


def current(state: orcz.State) -> str | None:
    return FIELDS[state.order[0]] if state.order else None


def logs(state: orcz.State, kind: str, field: str | None = None) -> list[dict[str, Any]]:
    out = []
    for event in state.log:
        if event.kind != kind:
            continue
        data = dict(event.data)
        if field is not None and data.get("battlefield") != field:
            continue
        out.append(data)
    return out


def payments(state: orcz.State, field: str | None = None) -> list[tuple[int, int, int, str]]:
    """(payer, payee, amount, reason) per payment; -1 is the bank."""
    return [
        (p["payer"], p["payee"], p["amount"], p["reason"]) for p in logs(state, "payment", field)
    ]


def net(state: orcz.State, field: str) -> tuple[int, ...]:
    """Each seat's net goblin change from the payments made on ``field``."""
    out = [0] * state.seat_count
    for payer, payee, amount, _ in payments(state, field):
        if payer >= 0:
            out[payer] -= amount
        if payee >= 0:
            out[payee] += amount
    return tuple(out)


def column(state: orcz.State, field: str) -> list[tuple[int, str | None, str | None]]:
    """The column of ``field`` as (owner, left id, right id), front first; None: card gone."""
    from orcz.data import CARDS
    from orcz.state import NO_CARD

    f = state.fields[FIELDS.index(field)]
    return [
        (r.owner, None if r.left == NO_CARD else CARDS[r.left].id,
         None if r.right == NO_CARD else CARDS[r.right].id)
        for r in f.column
    ]


def aside(state: orcz.State, field: str) -> list[tuple[int, str | None, str | None]]:
    from orcz.data import CARDS
    from orcz.state import NO_CARD

    f = state.fields[FIELDS.index(field)]
    return sorted(
        (r.owner, None if r.left == NO_CARD else CARDS[r.left].id,
         None if r.right == NO_CARD else CARDS[r.right].id)
        for r in f.aside
    )


def random_play(players: Sequence[str], seed: int, *, scouts: bool = True) -> Iterator[orcz.State]:
    """Every state of a game of seeded random legal moves (no scout if ``scouts`` is false),
    the first and the last included."""
    rng = random.Random(seed)
    s = orcz.new_game(list(players), seed)
    yield s
    while not orcz.is_over(s):
        seat = orcz.to_act(s)[0]
        options = [a for a in orcz.legal_actions(s, seat)
                   if scouts or not isinstance(a, orcz.Scout)]
        s = orcz.apply(s, rng.choice(options))
        yield s


def trajectory(seed: int, steps: int, players: int,
               **options: Any) -> tuple[list[orcz.State], list[Any]]:
    """The states and actions of a seeded random game of at most ``steps`` moves; now and then
    a seat out of turn scouts or challenges (the samplers' and the secrecy tests' games)."""
    rnd = random.Random(seed)
    state = orcz.new_game([f"P{i}" for i in range(players)], seed, **options)
    states, actions = [state], []
    for _ in range(steps):
        if orcz.is_over(state):
            break
        seats = list(orcz.to_act(state))
        if rnd.random() < 0.1:
            seats = list(range(players))
        seat = rnd.choice(seats)
        legal = orcz.legal_actions(state, seat)
        if legal:
            action = rnd.choice(legal)
            state = orcz.apply(state, action)
            states.append(state)
            actions.append(action)
    return states, actions
