"""A choice the rules do not allow now stays listed, marked ✗, and picking it shows the rules'
reason: a second Mastercraft, a section already fitted in the variant, Shipowner
on a section at the top, a burial already made, a ship not to be fired at while a raider is
afloat."""

from __future__ import annotations

from typing import Any

import pirates
from common.tui.choices import Choice, Moved, Refused
from common.tui.tree import Menu, TreePicker, Unavailable
from pirates import data as D
from pirates.actions import Action, Bury, Fire, Mastercraft, Shipowner
from pirates.options import refusal
from pirates.state import State
from pirates.ui.picker import make_picker
from tests.pirates.pirates_helpers import act, board, go, legends_at, new, rig, until_seat
from tests.tui.pirates.states import reasons


def picker_of(state: State, seat: int = 0) -> TreePicker:
    picker = make_picker(pirates.view(state, seat), pirates.legal_actions(state, seat),
                         reasons(state))
    assert isinstance(picker, TreePicker)
    return picker


def row(menu: Menu, start: str) -> Choice:
    found = [c for c in menu.choices if c.label.startswith(start)]
    assert len(found) == 1, [c.label for c in menu.choices]
    return found[0]


def refused_row(picker: TreePicker, menu: Menu, start: str, action: Action,
                state: State) -> None:
    """The row is there, ✗, and picking it gives the rules' own words for ``action``."""
    choice = row(menu, start)
    assert not choice.enabled and isinstance(choice.value, Unavailable)
    assert choice.value.reason == str(refusal(state, action))
    index = menu.choices.index(choice)
    assert picker.pick(index) == Refused(choice.value.reason)  # the reason; the picker stays


def test_a_second_mastercraft_is_listed_with_the_rules_reason() -> None:
    state = go(new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2")}}), {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    picker = picker_of(state)
    refused_row(picker, picker.stack[0], "Fit a Mastercraft", Mastercraft(0, "hull"), state)
    assert "already" in str(row(picker.stack[0], "Fit a Mastercraft").value.reason)


def test_the_variants_fitted_sections_are_listed_with_the_rules_reason() -> None:
    state = new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2", "mastercraft-3")}})
    state = go(state._replace(multi_craft=True), {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    picker = picker_of(state)
    top = picker.stack[0]
    assert picker.pick(top.choices.index(row(top, "Fit a Mastercraft"))) == Moved()
    sections = picker.stack[-1]
    assert [c.label for c in sections.choices] == list(D.SECTIONS)  # each at its own key
    refused_row(picker, sections, "sails", Mastercraft(0, "sails"), state)
    assert all(c.enabled for c in sections.choices if c.label != "sails")


def test_shipowner_on_a_section_at_the_top_is_listed_with_the_rules_reason() -> None:
    state = new(rigs={0: {"cards": ("shipowner",)}})
    state = rig(state, 0, levels=(D.TOP_LEVEL, 2, 2, 2))
    state = until_seat(go(state, {0: 6}), 0, 6)
    picker = picker_of(state)
    top = picker.stack[0]
    assert picker.pick(top.choices.index(row(top, "Play Shipowner"))) == Moved()
    refused_row(picker, picker.stack[-1], "hull", Shipowner(0, "hull"), state)


def test_a_burial_already_made_stays_listed_with_the_rules_reason() -> None:
    state = new(rigs={0: {"chests": 2, "gold": 9}})
    state = until_seat(go(state, {0: D.TREASURE_ISLAND}), 0, D.TREASURE_ISLAND)
    state = act(state, Bury(0, 1, 0))
    picker = picker_of(state)
    refused_row(picker, picker.stack[0], "Bury treasure", Bury(0, 1, 0), state)
    reason = row(picker.stack[0], "Bury treasure").value.reason
    assert reason == "treasure is buried once per visit: done already this visit"


def _at_volleys_with_a_raider() -> tuple[State, int]:
    state = legends_at(new(rigs={0: {"levels": (5, 3, 2, 2)}, 1: {"levels": (5, 2, 2, 2)}}), 2)
    state = board(go(state, {0: 2, 1: 2}))
    seat = state.seat
    assert state.combat is not None and state.combat.legend >= 0 and seat in (0, 1)
    return state, seat


def test_a_ship_not_to_be_fired_at_while_a_raider_is_afloat_is_listed() -> None:
    state, seat = _at_volleys_with_a_raider()
    other = 1 - seat
    picker = picker_of(state, seat)
    name = pirates.view(state, None)["players"][other]["name"]
    refused_row(picker, picker.stack[0], f"Fire at {name}", Fire(seat, other, "hull"), state)


def test_no_reason_of_a_card_reaches_the_public_table() -> None:
    """The ✗ rows of cards come from the hand: the public decision shows none of them."""
    state = go(new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2")}}), {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    public: dict[str, Any] = pirates.public_view(state, 0)
    assert "cards" not in public["offers"] and "sections" not in public["offers"]
