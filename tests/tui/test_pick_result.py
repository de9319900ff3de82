"""A key on the picker comes back typed: the flow matches on what the key did, never on the
Python type of a picker's answer, so a game whose actions are strings can play them."""

from __future__ import annotations

from typing import Any, cast

from common.tui.choices import Chosen, Claim, Moved, Nothing, Refused, result_of
from common.tui.flow import Flow
from common.tui.table_api import Table
from common.tui.window import WindowPicker


def test_a_plain_answer_is_read_once_and_a_typed_one_as_it_is() -> None:
    assert result_of(None) == Moved()
    assert result_of("not your turn") == Refused("not your turn")
    assert result_of(("play", 3)) == Chosen(("play", 3))
    assert result_of(Claim(1)) == Claim(1)
    assert result_of(Chosen("pass")) == Chosen("pass")  # a string action, said to be one
    assert result_of(Nothing()) == Nothing()


def test_the_window_question_answers_typed() -> None:
    picker = WindowPicker([(0, "Ann", None), (1, "Bob", "Bob is a computer player")], "Anyone?")
    assert picker.pick(0) == Claim(0)
    assert picker.pick(1) == Refused("Bob is a computer player")
    assert picker.pick(2) == Claim(None)
    assert picker.pick(9) == Moved()


class _Table:
    """Just what the flow touches for a refusal."""

    def __init__(self) -> None:
        self.message: Any = ""
        self.kept: list[bool] = []

    def refresh_private(self, view: Any = None, keep: bool = False) -> None:
        self.kept.append(keep)


def test_the_flow_plays_a_string_action_and_says_a_refusal() -> None:
    table = _Table()
    flow = Flow(cast(Table, table))
    acted: list[Any] = []
    flow.act = acted.append  # type: ignore[method-assign,assignment]
    flow.handle_pick(Chosen("pass"))
    assert acted == ["pass"]
    flow.handle_pick(Refused("pass"))
    assert acted == ["pass"] and table.message.plain == "✗ pass" and table.kept == [True]
    flow.handle_pick(Nothing())
    assert table.kept == [True]
