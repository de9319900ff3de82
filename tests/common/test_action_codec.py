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


@dataclass(frozen=True, slots=True)
class Say:
    seat: int
    words: str


CODEC = ActionCodec(
    "a test game's",
    {"move": Move, "say": Say},
    {"seat": int, "path": tuple, "loud": bool, "words": str},
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


@pytest.mark.parametrize(("action", "words"), [
    (Move(True, (1,), (0, 0)), "no seat True"),
    (Move(0, (True,), (0, 0)), "'path' must be a list of whole numbers"),
    (Move(0, tuple(range(17)), (0, 0)), "'path' must be a list of whole numbers"),
    (Move(0, (), (0, 0), 1), "'loud' must be true or false"),  # type: ignore[arg-type]
    (Say(0, "x" * 65), "'words' is too long"),
    (Say(0, 7), "'words' must be text"),  # type: ignore[arg-type]
    ("move", "not a test game's action"),
])
def test_an_action_built_in_code_with_a_field_of_the_wrong_type_is_refused(
    action: object, words: str
) -> None:
    with pytest.raises(IllegalAction, match=words):
        CODEC.check(action)


def test_an_action_with_every_field_of_its_type_passes_the_check() -> None:
    for action in (Move(0, (1, 2), (True, "levels are special: not checked")),  # type: ignore[arg-type]
                   Move(3, tuple(range(16)), (0, 0), True), Say(1, "x" * 64), Say(0, "")):
        CODEC.check(action)
