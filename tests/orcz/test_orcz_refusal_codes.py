"""Every Orcz refusal names its rule by a stable code (docs/orcz-actions.md), each case built by
hand from the rules text; and the deployment picker gives the reason of the rule that refused."""

from __future__ import annotations

import random

import pytest

import orcz
from common.errors import IllegalAction
from common.tui.choices import Refused
from orcz.actions import Attack, Challenge, HandOut, Hold, Impose, PlaceRank, Scout
from orcz.ui.picker import DeployPicker
from tests.orcz.orcz_scenario import R, deploy, game, hold_on, place

P = PlaceRank


def code_of(state: orcz.State, action: object) -> str:
    with pytest.raises(IllegalAction) as refused:
        orcz.apply(state, action)  # type: ignore[arg-type]
    return refused.value.code


def two_placed() -> orcz.State:
    """Red and Yellow have each placed infantry 1 and 2 on urth; Red is to place again."""
    s = game(2, events=["storm"])
    return place(place(s, R("urth", "infantry-1", "infantry-2")),
                 R("urth", "infantry-1", "infantry-2"))


# ---------------------------------------------------------------- placing a rank

@pytest.mark.parametrize(("action", "code"), [
    (P(1, "urth", "infantry-1", "infantry-2", "left"), "not-your-turn"),
    (P(5, "urth", "infantry-1", "infantry-2", "left"), "no-such-seat"),
    (P(0, "mordor", "infantry-1", "infantry-2", "left"), "no-such-battlefield"),
    (P(0, "urth", "infantry-9", "infantry-2", "left"), "no-such-card"),
    (P(0, "urth", "infantry-1", "infantry-2", "up"), "malformed"),
    (P(0, "urth", "archer-1", "archer-2", "left"), "pair-rule"),
    (P(0, "urth", "cavalry-1", "cavalry-2", "left"), "pair-rule"),
    (P(0, "urth", "champion", "shaman", "left"), "pair-rule"),
    (P(0, "urth", "scout", "infantry-1", "left"), "pair-rule"),
    (P(0, "urth", "infantry-1", "infantry-1", "left"), "pair-rule"),
])
def test_a_placement_is_refused_with_the_code_of_its_rule(action, code):
    assert code_of(game(2), action) == code


def test_a_card_already_in_a_rank_is_not_held():
    assert code_of(two_placed(), P(0, "lothari", "infantry-1", "infantry-3", "left")) == \
        "card-not-held"


def test_confusion_bars_the_champion_and_the_anti_magic_zone_the_shaman_there_only():
    confused = game(2, events=["confusion"])
    assert code_of(confused, P(0, "urth", "champion", "infantry-1", "left")) == "confusion"
    zone = game(2, events=["antimagic-urth"])
    assert code_of(zone, P(0, "urth", "shaman", "infantry-1", "left")) == "antimagic"
    orcz.apply(zone, P(0, "lothari", "shaman", "infantry-1", "left"))  # elsewhere: allowed


def test_a_cleared_battlefield_and_a_full_one_under_diversion():
    cleared = orcz.new_game(["Red", "Yellow"], 1, setup={"defeated": {"lothari": 1}})
    seat = cleared.pending.seat
    assert code_of(cleared, P(seat, "lothari", "infantry-1", "infantry-2", "left")) == \
        "battlefield-cleared"
    ranks = [{"owner": o, "left": "infantry-1", "right": "infantry-2", "face_down": "left"}
             for o in (0, 1)]
    full = orcz.new_game(["Red", "Yellow"], 1, setup={
        "first_player": 0, "event": "diversion", "ranks": {"urth": ranks}, "turn": 2})
    assert code_of(full, P(0, "urth", "infantry-3", "infantry-4", "left")) == "battlefield-full"


def test_a_stated_rank_breaking_the_pair_rule_is_refused_by_the_same_rule():
    rank = {"owner": 0, "left": "archer-1", "right": "archer-2", "face_down": "left"}
    with pytest.raises(IllegalAction) as refused:
        orcz.new_game(["Red", "Yellow"], 1, setup={"ranks": {"urth": [rank]}})
    assert refused.value.code == "pair-rule" and "two archers" in str(refused.value)


# ---------------------------------------------------------------- fights, battles, the end

def fight_on_urth() -> orcz.State:
    """Yellow's rank stands behind Red's on urth, resolved first: Yellow decides a fight."""
    s = game(2, events=["storm"], orders=[["urth"]])
    s = deploy(s, {0: [R("urth", "infantry-1", "infantry-2")],
                   1: [R("urth", "infantry-3", "infantry-4")]})
    assert (s.pending.kind, s.pending.seat, s.pending.battlefield) == ("fight", 1, 1)
    return s


def test_a_fight_is_decided_by_its_rear_rank_on_its_battlefield_only():
    s = fight_on_urth()
    assert code_of(s, Attack(0, "urth")) == "not-your-turn"
    assert code_of(s, Hold(1, "lothari")) == "wrong-battlefield"
    assert code_of(s, P(1, "urth", "infantry-1", "infantry-2", "left")) == "wrong-phase"
    assert code_of(s, HandOut(1, "urth", (0, 0))) == "wrong-phase"


def test_an_imposition_is_split_exactly_by_the_strongest_loser():
    s = hold_on(fight_on_urth(), "urth", impose_alone=False)
    pending = s.pending
    assert pending.kind == "impose"  # 6/3 against 20 strength at most: lost
    seat, other = pending.seat, 1 - pending.seat
    wrong = [0, 0]
    wrong[other] = pending.amount + 1
    assert code_of(s, Impose(seat, "urth", tuple(wrong))) == "bad-split"
    assert code_of(s, Impose(other, "urth", (0, 0))) == "not-your-turn"
    assert code_of(s, Impose(seat, "lothari", (0, 0))) == "wrong-battlefield"
    assert code_of(s, Attack(seat, "urth")) == "wrong-phase"


def test_nothing_is_accepted_once_the_game_is_over():
    s = game(2)
    rnd = random.Random(3)
    while not orcz.is_over(s):
        s = orcz.apply(s, rnd.choice(orcz.legal_actions(s, orcz.to_act(s)[0])))
    assert code_of(s, P(0, "urth", "infantry-1", "infantry-2", "left")) == "game-over"
    assert code_of(s, Hold(0, "urth")) == "game-over"


def test_what_is_no_orcz_action_at_all_is_malformed():
    assert code_of(game(2), "place a rank") == "malformed"
    assert code_of(game(2), Hold(0, 7)) == "malformed"  # a field of the wrong type, in any phase
    placed = place(game(2, events=["storm"]), R("urth", "infantry-1", "infantry-2"))
    assert code_of(placed, Scout(1, "urth", "0", "right")) == "malformed"


# ---------------------------------------------------------------- the scout and the challenge

def test_o_r14_each_scout_refusal_has_its_code():
    s = place(game(2, events=["storm"]), R("urth", "infantry-1", "infantry-2", "right"))
    assert code_of(s, Scout(1, "mordor", 0, "right")) == "no-such-battlefield"
    assert code_of(s, Scout(1, "urth", 3, "right")) == "no-such-rank"
    assert code_of(s, Scout(0, "urth", 0, "right")) == "own-card"
    assert code_of(s, Scout(1, "urth", 0, "left")) == "not-face-down"
    peeked = orcz.apply(s, Scout(1, "urth", 0, "right"))
    assert code_of(peeked, Scout(1, "urth", 0, "right")) == "scout-spent"
    foggy = place(game(2, events=["fog"]), R("urth", "infantry-1", "infantry-2", "right"))
    assert code_of(foggy, Scout(1, "urth", 0, "right")) == "fog"


def test_each_challenge_refusal_has_its_code():
    assert code_of(game(3), Challenge(1, 0)) == "challenge-off"
    s = game(3, orc_challenge=True)
    assert code_of(s, Challenge(1, 2)) == "not-challengeable"
    assert code_of(s, Challenge(0, 0)) == "not-challengeable"
    challenged = orcz.apply(s, Challenge(1, 0))
    assert code_of(challenged, Challenge(2, 0)) == "already-challenged"
    fights = deploy(game(3, orc_challenge=True))
    assert fights.pending.kind != "deploy"
    assert code_of(fights, Challenge(1, fights.pending.seat)) == "wrong-phase"


# ---------------------------------------------------------------- the picker reads the rule

def left_reason(state: orcz.State, field: str, card: str) -> str:
    seat = state.pending.seat
    view = orcz.view(state, seat)
    picker = DeployPicker(view, orcz.legal_actions(state, seat),
                          lambda a: str(orcz.placement_refusal(state, a) or ""))
    picker.pick([f["id"] for f in view["battlefields"]].index(field))
    cards = [c.value for c in picker.choices()]
    choice = picker.choices()[cards.index(card)]
    assert not choice.enabled
    refusal = picker.left_refusal(card)
    assert refusal is not None and picker.pick(cards.index(card)) == Refused(str(refusal))
    return refusal.code


def test_the_picker_says_why_a_left_card_is_barred_by_the_rule_that_bars_it():
    # (the pair rule alone never bars a LEFT card on a battlefield where some rank is legal)
    assert left_reason(game(2, events=["confusion"]), "urth", "champion") == "confusion"
    assert left_reason(game(2, events=["antimagic-urth"]), "urth", "shaman") == "antimagic"


def test_an_event_barring_the_card_itself_comes_before_the_pair_rule():
    # The shaman on urth under its Anti-magic Zone: beside the champion the pair rule refuses it,
    # beside infantry 1 the event does. Whatever the hand's order, the picker names the event.
    s = game(2, events=["antimagic-urth"])
    view = orcz.view(s, 0)
    view["hand"] = ["champion", "shaman", "infantry-1"]
    picker = DeployPicker(view, orcz.legal_actions(s, 0), lambda a: "")
    picker.pick([f["id"] for f in view["battlefields"]].index("urth"))
    refusal = picker.left_refusal("shaman")
    assert refusal is not None and refusal.code == "antimagic"
    view["hand"] = ["archer-1", "archer-2", "scout"]
    first = picker.left_refusal("archer-1")
    assert first is not None and (first.code, str(first)) == (
        "pair-rule", "two archers may not share a rank")
