"""Fuzzed edges of both rules cores: whatever a caller or a save
hands ``new_game`` and ``apply`` — huge integers, bools where numbers belong, malformed set-ups —
the answer is a state or ``IllegalAction`` with a short reason, never another error, and no
listing grows with the size of a number."""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import orcz
import pirates
from common.errors import IllegalAction

GAMES = {"orcz": orcz, "pirates": pirates}
NAMES = ["Ann", "Bob", "Cid"]
MAX_REASON = 300  # characters: a refusal is read by a player, it never echoes a whole input
# A few seconds each; FUZZ_EXAMPLES=3000 for a longer soak (run once: 0 failures).
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "500")), deadline=None,
                derandomize=True, suppress_health_check=[HealthCheck.too_slow])

# (10**4000: hypothesis must be able to print it; 10**5000 is tried on its own below)
HUGE = st.sampled_from([10**30, -(10**30), 10**4000, 2**64, -1, 1 << 200])
NUMBERS = st.one_of(st.integers(-3, 12), HUGE, st.booleans())
TEXTS = st.one_of(st.sampled_from(["urth", "left", "right", "hull", "smoke", "i1", ""]),
                  st.text(max_size=8), st.just("x" * 400))
JSON = st.recursive(
    st.one_of(st.none(), NUMBERS, TEXTS, st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(TEXTS, inner, max_size=4)),
    max_leaves=8,
)
VALUES = st.one_of(NUMBERS, TEXTS, JSON, st.tuples(NUMBERS, NUMBERS))


def _states(game: Any) -> list[Any]:
    """A few states along one game: its start and some steps later."""
    state = game.new_game(NAMES, 5)
    out = [state]
    for _ in range(12):
        seat = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, seat)[0])
        out.append(state)
    return out


STATES = {name: _states(game) for name, game in GAMES.items()}


def _refused_or_applied(call: Any) -> None:
    try:
        call()
    except IllegalAction as err:
        assert len(str(err)) <= MAX_REASON, str(err)[:200]


def _action_kinds(game: Any) -> list[type]:
    return list(game.actions.CODEC.types.values())


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_apply_answers_a_state_or_illegal_action_for_any_field_values(
    name: str, data: st.DataObject
) -> None:
    game = GAMES[name]
    cls = data.draw(st.sampled_from(_action_kinds(game)))
    values = [data.draw(VALUES) for _ in dataclasses.fields(cls)]
    state = data.draw(st.sampled_from(STATES[name]))
    _refused_or_applied(lambda: game.apply(state, cls(*values)))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_bool_is_never_taken_for_a_number(name: str, data: st.DataObject) -> None:
    """``True == 1``: a legal action with a bool in a number's place is refused, so that it is
    never applied and then saved as a move no save replays."""
    game = GAMES[name]
    state = data.draw(st.sampled_from(STATES[name]))
    seat = game.to_act(state)[0]
    action = data.draw(st.sampled_from(game.legal_actions(state, seat)))
    numbers = [f.name for f in dataclasses.fields(action)
               if type(getattr(action, f.name)) is int and getattr(action, f.name) in (0, 1)]
    if not numbers:
        return
    key = data.draw(st.sampled_from(numbers))
    fake = dataclasses.replace(action, **{key: bool(getattr(action, key))})
    with pytest.raises(IllegalAction):
        game.apply(state, fake)


ORCZ_KEYS = sorted({"first_player", "stacks", "events", "resolution_orders"}
                   | orcz.setup.POSITION_KEYS)
PIRATES_KEYS = sorted(pirates.setup.SETUP_KEYS | pirates.setup.POSITION_KEYS)
SHIP_KEYS = ["levels", "gold", "chests", "fame", "island", "hand", "parrot", "mastercraft"]


def _setups(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(keys), VALUES, max_size=3)


PIRATE_SHIPS = st.lists(st.dictionaries(st.sampled_from(SHIP_KEYS), VALUES, max_size=3),
                        min_size=3, max_size=3)


@FUZZ
@given(setup=_setups(ORCZ_KEYS))
def test_orcz_new_game_refuses_a_malformed_setup_with_illegal_action(setup: Any) -> None:
    _refused_or_applied(lambda: orcz.new_game(NAMES, 3, setup=setup))


@FUZZ
@given(setup=_setups(PIRATES_KEYS), ships=st.none() | PIRATE_SHIPS)
def test_pirates_new_game_refuses_a_malformed_setup_with_illegal_action(
    setup: Any, ships: Any
) -> None:
    if ships is not None:
        setup = {**setup, "ships": ships}
    _refused_or_applied(lambda: pirates.new_game(NAMES, 3, setup=setup))


@pytest.mark.parametrize("setup", [[], "x", 3, [("round", 1)]], ids=repr)
@pytest.mark.parametrize("name", GAMES)
def test_a_setup_that_is_not_an_object_is_illegal(name: str, setup: Any) -> None:
    with pytest.raises(IllegalAction, match="set-up"):
        GAMES[name].new_game(NAMES, 3, setup=setup)


def test_orcz_an_unhashable_event_is_named_not_a_type_error() -> None:
    with pytest.raises(IllegalAction, match="events"):
        orcz.new_game(NAMES, 3, setup={"events": [[]]})


def test_orcz_hold_with_a_huge_seat_is_illegal_and_its_echo_is_clipped() -> None:
    state = STATES["orcz"][0]
    for action in (orcz.Hold(10**5000, "urth"), orcz.Hold(0, "x" * 100_000),
                   orcz.PlaceRank(0, "x" * 100_000, "i1", "i2", "left")):
        with pytest.raises(IllegalAction) as refused:
            orcz.apply(state, action)
        assert len(str(refused.value)) <= MAX_REASON


# ---------------------------------------------------------------- numbers within the game's bounds

@pytest.mark.parametrize("gold", [10**30, 10**6, 2**64])
def test_pirates_gold_beyond_the_game_is_refused_at_once(gold: int) -> None:
    """A ship cannot hold more gold than the game has; 10**30 once hung the Bury listing."""
    start = time.perf_counter()
    with pytest.raises(IllegalAction, match="gold"):
        pirates.new_game(NAMES, 3, setup={"month": 2, "ships": [{"gold": gold}, {}, {}]})
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("key", ["fame", "chests"])
def test_pirates_fame_and_chests_beyond_the_game_are_refused(key: str) -> None:
    with pytest.raises(IllegalAction, match=key):
        pirates.new_game(NAMES, 3, setup={"month": 2, "ships": [{key: 10**30}, {}, {}]})


@pytest.mark.parametrize("key", ["goblins", "turn", "round"])
def test_orcz_numbers_beyond_the_game_are_refused(key: str) -> None:
    value: Any = [10**30, 0, 0] if key == "goblins" else 10**30
    with pytest.raises(IllegalAction, match=key):
        orcz.new_game(NAMES, 3, setup={key: value})


def test_orcz_defeated_beyond_the_game_is_refused() -> None:
    with pytest.raises(IllegalAction):
        orcz.new_game(NAMES, 3, setup={"defeated": {"urth": 10**30}})
