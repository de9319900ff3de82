"""Every view of random games has the shape its game declares (``GAME/view_types.py``).

mypy trusts the TypedDicts: this checks that they tell the truth, key by key and value by value
(no key missing, none left undeclared, each value of its declared type), for every seat, the
spectator and the public view of a decision, from the first move to the end.
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest

import orcz
import pirates
from orcz import view_types as OT
from pirates import view_types as PT


def _typed_dict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


@cache
def _keys(tp: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's hints and the keys it requires, read from the hints: under ``from
    __future__ import annotations`` its ``__required_keys__`` cannot see ``NotRequired``."""
    hints = typing.get_type_hints(tp, include_extras=True)

    def required(hint: Any) -> bool:
        origin = get_origin(hint)
        return origin is Required or (origin is not NotRequired and bool(tp.__total__))

    return hints, frozenset(key for key, hint in hints.items() if required(hint))


def check(value: Any, tp: Any, where: str) -> None:
    """Raise AssertionError naming ``where`` when ``value`` is not of type ``tp``."""
    origin = get_origin(tp)
    if tp is Any:
        return
    if origin in (NotRequired, Required):
        check(value, get_args(tp)[0], where)
    elif origin in (Union, types.UnionType):
        errors = []
        for option in get_args(tp):
            try:
                check(value, option, where)
                return
            except AssertionError as err:
                errors.append(str(err))
        raise AssertionError(f"{where}: {value!r} is none of {tp} ({'; '.join(errors)})")
    elif origin is Literal:
        assert value in get_args(tp), f"{where}: {value!r} is not one of {get_args(tp)}"
    elif _typed_dict(tp):
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        hints, required = _keys(tp)
        missing = required - value.keys()
        extra = value.keys() - hints.keys()
        assert not missing and not extra, f"{where}: missing {missing}, undeclared {extra}"
        for key, item in value.items():
            check(item, hints[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for i, item in enumerate(value):
            check(item, get_args(tp)[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key_type, item_type = get_args(tp)
        if item_type is Any:  # a log entry: its keys are its event kind's
            assert all(isinstance(key, key_type) for key in value), f"{where}: {value!r}"
            return
        for key, item in value.items():
            check(key, key_type, f"{where} key")
            check(item, item_type, f"{where}[{key!r}]")
    elif tp is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif tp is int:
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}"
    else:
        assert isinstance(value, tp), f"{where}: {value!r} is not {tp}"


def _views(game: Any, seed: int, players: int,
           public: Callable[[Any, int], Any] | None) -> typing.Iterator[tuple[str, Any]]:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
    state = game.new_game(names, seed)
    rng = random.Random(seed)
    while True:
        for seat in [None, *range(players)]:
            yield f"seed {seed} seat {seat}", game.view(state, seat)
        if game.is_over(state):
            return
        seat = game.to_act(state)[0]
        if public is not None:
            yield f"seed {seed} public {seat}", public(state, seat)
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)))


def check_views(views: typing.Iterator[tuple[str, Any]], tp: Any) -> None:
    """``check`` every view; of a view's log, only the entries after those the same seat's
    view held at the step before, when its log begins with them (an entry's shape is its own:
    checking every log whole at every step made these tests quadratic in a game's length)."""
    last: dict[str, list[Any]] = {}
    for where, view in views:
        log = view.get("log") if isinstance(view, dict) else None
        if isinstance(log, list):
            old = last.get(where, [])
            last[where] = log
            if old and log[:len(old)] == old:
                view = {**view, "log": log[len(old):]}
                where = f"{where} (its log from entry {len(old)})"
        check(view, tp, where)


@pytest.mark.parametrize("seed", range(3))
def test_every_orcz_view_has_its_declared_shape(seed: int) -> None:
    check_views(_views(orcz, seed, 2 + seed, None), OT.OrczView)


@pytest.mark.parametrize("seed", [0, 2])
def test_every_pirates_view_has_its_declared_shape(seed: int) -> None:
    check_views(_views(pirates, seed, 3 + seed, pirates.public_view), PT.PiratesView)
