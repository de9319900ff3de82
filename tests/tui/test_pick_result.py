"""A key on the picker comes back typed: the flow matches on what the key did, never on the
Python type of a picker's answer, so a game whose actions are strings can play them."""

from __future__ import annotations

from typing import Any, cast

from common.session import GameSession
from common.tui.choices import Choice, Chosen, Claim, Moved, Nothing, Refused
from common.tui.flow import Flow
from common.tui.table_api import Table
from common.tui.tree import Adjustable, Menu, TreePicker, Unavailable
from common.tui.window import WindowPicker
from orcz.ui.picker import DeployPicker


def test_a_tree_pickers_string_action_is_chosen_not_refused() -> None:
    """A game whose actions are strings: picking "pass" from a menu plays it (a plain string
    answer used to be taken for a refusal's reason)."""
    rows = Adjustable(["a"], [1], [0], [2], {(1,): "keep"}, lambda action: "")
    menu = Menu("Your move", [Choice("Pass", "pass"), Choice("More", Menu("More", [])),
                              Choice("Rows", rows), Choice("Off", Unavailable("not now"), False)])
    assert TreePicker(menu, lambda action: "").pick(0) == Chosen("pass")
    picker = TreePicker(menu, lambda action: "")
    assert picker.pick(3) == Refused("not now")
    assert picker.pick(1) == Moved() and picker.pick(0) == Nothing()  # an empty menu
    picker = TreePicker(menu, lambda action: "")
    assert picker.pick(2) == Moved() and picker.pick(0) == Chosen("keep")
    picker.adjust(0, 1)
    assert picker.pick(0) == Refused("that is not possible")


def test_orcz_pickers_answer_typed() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    seat = session.to_act()[0]
    picker = DeployPicker(session.view(seat), session.legal(seat), lambda action: "")
    assert [picker.pick(i) for i in (0, 0, 1, 0)] == [Moved()] * 4  # field, left, right, down
    outcome = picker.pick(0)
    assert isinstance(outcome, Chosen) and outcome.action in session.legal(seat)


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
