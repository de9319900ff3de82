"""A card that cannot go in a rank stays listed, ✗, with the rules' reason: the
scout keeps its place in hand order for the LEFT and the RIGHT card."""

from __future__ import annotations

from common.session import GameSession
from common.tui.choices import Moved, Refused
from common.tui.tree import Unavailable
from orcz.actions import PlaceRank
from orcz.ui.picker import DeployPicker


def test_the_scout_is_listed_with_the_rules_reason_for_both_cards_of_a_rank() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 3)
    seat = session.to_act()[0]
    view = session.view(seat)
    hand = view["hand"]
    assert "scout" in hand
    picker = DeployPicker(view, session.legal(seat), session.why_illegal)
    field = next(i for i, c in enumerate(picker.choices()) if c.enabled)
    assert picker.pick(field) == Moved() and picker.step == "left"
    first = next(c for c in hand if c != "scout")
    said = session.why_illegal(PlaceRank(seat, picker.field or "", "scout", first, "left"))
    assert said and "scout" in said
    for step in ("left", "right"):
        choices = picker.choices()
        assert len(choices) == len(hand)  # every card at its hand position: its key
        scout = choices[hand.index("scout")]
        assert not scout.enabled and isinstance(scout.value, Unavailable)
        assert picker.pick(hand.index("scout")) == Refused(said) and picker.step == step
        if step == "left":
            assert picker.pick(hand.index(first)) == Moved()
