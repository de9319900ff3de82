"""Typed checks at the edge of both rules cores: a seat is an ``int`` (never a
bool, a text or a float), an option has its own type; anything else is the contract's error with
a reason, never a ``TypeError`` from deep inside, and never another seat's secrets."""

from __future__ import annotations

from typing import Any

import pytest

import orcz
import pirates
from common.errors import IllegalAction

NOT_SEATS = ["0", None, 1.0, True, False, [0], (0,)]
GAMES = [(orcz, ["Ann", "Bob", "Cid"]), (pirates, ["Ann", "Bob", "Cid"])]


def _started(game: Any, players: list[str]) -> Any:
    return game.new_game(players, 7)


@pytest.mark.parametrize(("game", "players"), GAMES, ids=["orcz", "pirates"])
@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_legal_actions_for_something_that_is_not_a_seat_is_illegal(
    game: Any, players: list[str], seat: Any
) -> None:
    state = _started(game, players)
    with pytest.raises(IllegalAction, match="seat"):
        game.legal_actions(state, seat)


@pytest.mark.parametrize(("game", "players"), GAMES, ids=["orcz", "pirates"])
def test_legal_actions_of_a_seat_outside_the_game_are_none(game: Any, players: list[str]) -> None:
    state = _started(game, players)
    assert game.legal_actions(state, 3) == []
    assert game.legal_actions(state, -1) == []


@pytest.mark.parametrize(("game", "players"), GAMES, ids=["orcz", "pirates"])
@pytest.mark.parametrize("seat", [True, False, 1.0, "1"], ids=repr)
def test_events_and_views_refuse_a_bool_or_other_non_seat(
    game: Any, players: list[str], seat: Any
) -> None:
    """``True == 1``: taken as a seat, it would hand out seat 1's private log."""
    state = _started(game, players)
    for read in (game.events, game.view):
        with pytest.raises(ValueError, match="no seat"):
            read(state, seat)


def test_pirates_events_of_true_would_be_seat_ones_private_log() -> None:
    """What the check above prevents: seat 1's log holds lines the public log does not."""
    state = pirates.new_game(["Ann", "Bob", "Cid"], 7)
    assert pirates.events(state, 1) != pirates.events(state, None)


@pytest.mark.parametrize("value", ["no", "yes", 1, 0, None, [], 1.0])
def test_the_orc_challenge_option_must_be_true_or_false(value: Any) -> None:
    with pytest.raises(IllegalAction, match="orc_challenge"):
        orcz.new_game(["Ann", "Bob"], 1, orc_challenge=value)


@pytest.mark.parametrize("value", [True, False])
def test_the_orc_challenge_option_is_what_was_asked(value: bool) -> None:
    state = orcz.new_game(["Ann", "Bob"], 1, orc_challenge=value)
    assert orcz.view(state, None)["options"] == {"orc_challenge": value}
