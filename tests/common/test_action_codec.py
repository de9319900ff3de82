"""The action codec both games share (common/codec.py ActionCodec)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from common.codec import ActionCodec
from common.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    path: tuple[int, ...]
    levels: tuple[int, int]
    loud: bool = False


CODEC = ActionCodec(
    "a test game's",
    {"move": Move},
    {"seat": int, "path": tuple, "loud": bool},
    special={"levels": (lambda v: {"low": v[0], "high": v[1]},
                        lambda d: (d["low"], d["high"]))},
    defaults={(Move, "loud"): False},
)


def test_an_action_goes_to_json_and_back() -> None:
    move = Move(1, (2, 3), (4, 5), True)
    data = CODEC.to_json(move)
    assert data == {"type": "move", "seat": 1, "path": [2, 3], "levels": {"low": 4, "high": 5},
                    "loud": True}
    assert CODEC.from_json(data) == move


def test_a_field_an_older_save_lacks_takes_its_default() -> None:
    data = {"type": "move", "seat": 0, "path": [], "levels": {"low": 1, "high": 2}}
    assert CODEC.from_json(data) == Move(0, (), (1, 2), False)


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "jump", "seat": 0}, "unknown action type"),
    ({"type": "move", "path": [], "levels": {"low": 1, "high": 2}}, "lacks 'seat'"),
    ({"type": "move", "seat": 0, "path": []}, "lacks 'levels'"),
    ({"type": "move", "seat": True, "path": [], "levels": {"low": 1, "high": 2}}, "whole number"),
    ([1, 2], "JSON object"),
])
def test_a_malformed_action_is_refused_in_words(data: object, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        CODEC.from_json(data)


def test_what_is_not_an_action_of_the_game_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not a test game's action"):
        CODEC.to_json("move")
