"""The Orcz draft copies every field of the state by name (common/draft.py), so that a field added
to the state needs no edit in the copy."""

from __future__ import annotations

from orcz.rules import Draft
from orcz.state import State
from tests.orcz.orcz_scenario import R, game, place


def test_the_draft_holds_every_field_of_the_state() -> None:
    """As slots, from the state's field list: the fields are declared in the state alone
    (tests/common/test_draft_fields.py)."""
    slots = {k for cls in Draft.__mro__ for k in getattr(cls, "__slots__", ())}
    assert set(State._fields) <= slots


def test_a_draft_left_alone_freezes_back_into_the_same_state() -> None:
    s = place(game(3, events=["storm"]), R("urth", "infantry-1", "archer-2"))
    assert Draft(s).freeze() == s


def test_a_draft_changes_only_its_copy() -> None:
    s = game(3, events=["storm"])
    draft = Draft(s)
    draft.pay(0, 1, 2, "fight", 1)
    draft.hands[2] = 0
    after = draft.freeze()
    assert (after.goblins, after.hands[2], after.bank) == ((3, 7, 5), 0, s.bank)
    assert (s.goblins, s.hands[2]) == ((5, 5, 5), s.hands[2]) and s.hands[2]
    assert [e.kind for e in after.log[len(s.log):]] == ["payment"]
