"""Orcz set-up (O-R4): a new game, with every chance-decided part drawn from the seed's RNG or
fixed by ``setup`` (the first player, the enemy stacks, the event pile, the resolution orders), or
a whole stated position (orcz/position.py; the keys are in docs/orcz-actions.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from common.engine import check_options, check_players
from common.errors import IllegalAction
from common.log import append
from common.rng import Rng
from orcz import data as D
from orcz import event_kinds as E
from orcz import position
from orcz.data import MAX_PLAYERS, MIN_PLAYERS, START_GOBLINS
from orcz.rules import Draft
from orcz.state import DEPLOY, Field, Pending, State

_OPTIONS: dict[str, type] = {"orc_challenge": bool}
# The set-up keys that state a position to start from (orcz/position.py).
POSITION_KEYS = frozenset(
    {"round", "goblins", "hands", "spent", "ranks", "enemies", "defeated", "event", "turn"}
)


def new_game(
    players: list[str], seed: int, *, setup: Mapping[str, Any] | None = None, **options: Any
) -> State:
    """A fresh game. ``setup`` may fix every chance-decided part, or state a whole position
    (see docs/orcz-actions.md)."""
    names = check_players(players, "Orcz", MIN_PLAYERS, MAX_PLAYERS)
    check_options(options, _OPTIONS)
    if type(seed) is not int:
        raise IllegalAction("the seed must be a whole number")
    if setup is not None and not isinstance(setup, Mapping):
        raise IllegalAction("the set-up must be a JSON object")
    setup = dict(setup or {})
    bad = set(setup) - {"first_player", "stacks", "events", "resolution_orders"} - POSITION_KEYS
    if bad:
        raise IllegalAction(f"unknown set-up key(s): {', '.join(sorted(bad))}")
    count = len(names)
    rng = Rng.from_seed(seed)
    first, rng = _setup_first(setup.get("first_player"), count, rng)
    stacks, rng = _setup_stacks(setup.get("stacks"), count, rng)
    pile, rng = _setup_events(setup.get("events"), rng)
    orders = _setup_orders(setup.get("resolution_orders"))
    state = State(
        players=names,
        challenge_rule=options.get("orc_challenge", False),
        rng=rng,
        round=1,
        rounds=count,
        first=first,
        event=None,
        event_pile=pile,
        fields=tuple(Field(None, stack) for stack in stacks),
        hands=(D.ALL_CARDS,) * count,
        spent=(0,) * count,
        goblins=(START_GOBLINS,) * count,
        bank=0,
        turn=0,
        order=(),
        pending=Pending(DEPLOY, first),
        scouted=(frozenset(),) * count,
        challenged=False,
        orders=orders,
        history=append((), (E.GAME_START.record(players=names, first=first),)),
    )
    if POSITION_KEYS & set(setup):  # a stated position (orcz/position.py)
        return position.start(state, setup)
    draft = Draft(state)
    draft.start_round()
    return draft.freeze()


def _setup_first(value: Any, count: int, rng: Rng) -> tuple[int, Rng]:
    if value is None:
        return rng.below(count)
    if type(value) is not int or not 0 <= value < count:
        raise IllegalAction(f"first_player must be a seat from 0 to {count - 1}")
    return value, rng


def _setup_stacks(value: Any, count: int, rng: Rng) -> tuple[list[tuple[str, ...]], Rng]:
    given = value or {}
    if not isinstance(given, Mapping) or set(given) - set(D.FIELD_BY_ID) \
            or not all(_ids(stack) for stack in given.values()):
        raise IllegalAction("stacks must map battlefield ids to lists of enemy ids")
    stacks = []
    for field in D.BATTLEFIELDS:
        own = tuple(e.id for e in D.ENEMIES if e.battlefield == field.index)
        if field.id in given:
            stack = tuple(given[field.id])
            if not stack or len(set(stack)) != len(stack) or not set(stack) <= set(own):
                raise IllegalAction(f"the stack of {field.id} must list distinct enemies of it")
        else:
            shuffled, rng = rng.shuffled(own)
            stack = shuffled[: count - 1]  # O-R4: players - 1 enemies per battlefield
        stacks.append(stack)
    return stacks, rng


def _ids(value: Any) -> bool:
    """Whether ``value`` is a list of ids (texts), as a set-up gives a pile or an order."""
    return isinstance(value, list | tuple) and all(type(v) is str for v in value)


def _setup_events(value: Any, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    refusal = "events must list event tile ids, each at most as often as the pile holds it"
    if value is not None and not _ids(value):
        raise IllegalAction(refusal)
    top = tuple(str(D.event_id(v)) for v in value or ())
    if not set(top) <= set(D.EVENT_BY_ID) or Counter(top) - D.EVENT_COPIES:
        raise IllegalAction(refusal)
    # the tiles left, in the pile's own order (the Shortage tiles together, where they were)
    shuffled, rng = rng.shuffled(list((D.EVENT_COPIES - Counter(top)).elements()))
    return top + tuple(shuffled), rng


def _setup_orders(value: Any) -> tuple[tuple[int, ...], ...]:
    if (value is not None and not isinstance(value, list | tuple)) or len(value or ()) > 64:
        raise IllegalAction("resolution_orders must be a list of lists of battlefield ids")
    orders = []
    for order in value or ():
        if not _ids(order) or not set(order) <= set(D.FIELD_BY_ID):
            raise IllegalAction("resolution_orders must be lists of battlefield ids")
        if len(set(order)) != len(order):
            raise IllegalAction("a resolution order names a battlefield twice")
        orders.append(tuple(D.FIELD_BY_ID[f].index for f in order))
    return tuple(orders)
