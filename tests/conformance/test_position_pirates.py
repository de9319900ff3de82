"""Pirate's Cove games started from a stated position: they show what was stated, impossible
positions are refused with their reason, and they play on legally to the end (conformance)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pirates
from common.conformance import Spec, check_step
from common.errors import IllegalAction
from pirates import data as D
from tests.pirates.pirates_helpers import check_invariants

NAMES = ["Anne", "Bart", "Cora"]
ANNE = {"levels": {"hull": 2, "sails": 5, "crew": 3, "cannons": 4}, "gold": 12, "chests": 3,
        "fame": 7, "island": 2, "hand": ["smoke-1", "fame2-1"], "parrot": "bones",
        "mastercraft": {"card": "mastercraft-3", "section": "hull", "damaged": True}}
POSITION: dict[str, Any] = {
    "month": 5, "ships": [ANNE, {"gold": 0, "fame": 2}, {}],
    "legends": [{"card": "blackbeard", "island": 4}, {"card": "flying_dutchman", "island": 6}],
    "tavern_discard": ["escape"], "treasure": ["4g#1", "3c#1"],
}


def test_a_stated_position_is_what_the_view_shows() -> None:
    state = pirates.new_game(NAMES, 3, setup=POSITION)
    check_invariants(state)
    view = pirates.view(state, 0)
    assert view["month"] == 5 and view["phase"] == "before_navigation"
    anne = view["players"][0]
    assert anne["levels"] == {"hull": 2, "sails": 5, "crew": 3, "cannons": 4}
    assert (anne["gold"], anne["chests"], anne["fame"], anne["island"]) == (12, 3, 7, 2)
    assert anne["parrot"] == "bones" and anne["mastercraft"] == "hull"
    assert anne["mastercraft_damaged"] is True
    assert view["hand"] == ["smoke", "fame2"]
    assert view["players"][1]["gold"] == 0 and view["players"][2]["gold"] == D.START_GOLD
    assert view["tavern_discard"] == ["escape"]
    assert view["tavern_deck"] == len(D.TAVERN) - 5  # 2 in a hand, a parrot, a craft, a discard
    legends = {lg["id"]: island["number"] for island in view["islands"]
               for lg in island["legends"]}
    assert legends == {"blackbeard": 4, "flying_dutchman": 6}
    # Month 5's Treasure cards are turned up: the set-up's first two for islands 1 and 2.
    assert view["islands"][0]["treasure"]["kind"] == "4g"
    assert view["islands"][1]["treasure"]["kind"] == "3c"
    assert view["islands"][0]["stack"] == D.MONTHS - 5  # months 6 to 12 are still to come
    assert len(state.treasure_discard) == 5 * 4  # months 1 to 4 are over
    assert state.treasury == 3 * D.START_GOLD - 12 - 0 - 9
    assert state.supply == D.CHESTS_IN_BOX - 3


def test_navigation_and_after_navigation_phases() -> None:
    nav = pirates.new_game(NAMES, 3, setup={**POSITION, "phase": "navigation"})
    assert pirates.view(nav, 0)["phase"] == "navigation"
    assert set(pirates.to_act(nav)) == {0, 1, 2}
    ships = [{**ANNE, "island": 1}, {"island": 3}, {"island": 3}]
    after = pirates.new_game(NAMES, 3, setup={
        **POSITION, "phase": "after_navigation", "ships": ships,
        "navy": {"island": 5, "controller": 1, "sender": 1}})
    view = pirates.view(after, 0)
    assert view["phase"] == "after_navigation"
    assert [p["island"] for p in view["players"]] == [1, 3, 3]
    assert view["royal_navy"] == {"island": 5, "controller": 1, "sender": 1}
    check_invariants(after)


def _with(**changes: Any) -> dict[str, Any]:
    return {**POSITION, **changes}


def _anne(**changes: Any) -> dict[str, Any]:
    return _with(ships=[{**ANNE, **changes}, {}, {}])


@pytest.mark.parametrize(("setup", "reason"), [
    (_with(month=13), "month must be from 1 to 12"),
    (_with(phase="combat"), "phase must be one of"),
    (_with(ships=[{}, {}]), "one ship per seat"),
    (_anne(gold=-1), "cannot be negative"),
    (_anne(levels={"hull": -1}), "a ship is whole at the start of a month"),
    (_anne(levels={"hull": 8}), "must be from 0 to 7"),
    (_anne(chests=5), "carries 5 chests but the hull holds 4"),
    (_with(ships=[{"chests": 45, "parrot": "flint"}, {"chests": 6, "levels": {"hull": 7}}, {}]),
     "the box holds only 50"),
    (_anne(hand=["smoke-1", "smoke-1"]), "in two places"),
    (_with(tavern_discard=["smoke-1"]), "in two places"),
    (_anne(parrot="smoke-1"), "is not a parrot"),
    (_anne(hand=["flint"]), "a parrot sits on the mat"),
    (_anne(mastercraft={"card": "smoke-2", "section": "hull"}), "not a Mastercraft card"),
    (_anne(hand=["no-such-card"]), "there is no Tavern card"),
    (_with(legends=[{"card": "blackbeard", "island": 4}]), "2 legendary pirate(s) at sea"),
    (_with(legends=[{"card": "blackbeard", "island": 4}, {"card": "blackbeard", "island": 2}]),
     "at sea twice"),
    (_with(legends=[{"card": "blackbeard", "island": 7},
                    {"card": "flying_dutchman", "island": 1}]),
     "never into the Cove"),
    (_with(navy={"island": 3, "controller": 0, "sender": 0}), "only in after_navigation"),
    (_with(phase="after_navigation", ships=[{**ANNE, "island": 3}, {"island": 1}, {"island": 1}],
           navy={"island": 3, "controller": 0, "sender": 0}), "P-R18"),
])
def test_an_impossible_position_is_refused_with_its_reason(setup: dict[str, Any],
                                                           reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
        pirates.new_game(NAMES, 3, setup=setup)


def test_a_game_without_position_keys_is_unchanged() -> None:
    plain = pirates.new_game(NAMES, 11, setup={"dice": [3]})
    assert plain.month == 0 and plain.phase == "outfit"
    # Each captain drew a starting card (a parrot goes straight onto the mat).
    assert all(len(ship.hand) + (ship.parrot != -1) == 1 for ship in plain.ships)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("setup", [
    POSITION,
    {**POSITION, "month": 11, "phase": "navigation"},
    {**POSITION, "month": 12, "phase": "after_navigation",
     "ships": [{**ANNE, "island": 4}, {"island": 4}, {"island": 6}]},
])
def test_a_stated_position_plays_on_legally_to_the_end(setup: dict[str, Any], seed: int) -> None:
    checks = Spec(game=pirates, player_counts=(3,), invariants=check_invariants)
    state = start = pirates.new_game(NAMES, seed, setup=setup)
    rnd, actions = random.Random(seed), []
    while not pirates.is_over(state):
        assert len(actions) < 5000
        action, state = check_step(checks, state, rnd, 3, deep=len(actions) % 5 == 0)
        actions.append(action)
    again = start
    for action in actions:
        again = pirates.apply(again, action)
    assert again == state and pirates.new_game(NAMES, seed, setup=setup) == start


def test_positions_of_real_games_round_trip() -> None:
    """Positions taken from seeded random games, at the start of every month, rebuild the same
    month: ships, decks, Treasure cards and legendary pirates."""
    from pirates.position import position_of

    checked = 0
    for seed in range(3):
        rnd = random.Random(seed)
        state = pirates.new_game(NAMES, seed)
        while not pirates.is_over(state):
            if state.phase == "before_navigation" and not state.turn and not state.passes:
                again = pirates.new_game(NAMES, seed, setup=position_of(state))
                same = ("month", "phase", "seat", "ships", "treasury", "supply", "stacks",
                        "face_up", "tavern_deck", "tavern_discard", "legends", "legend_deck",
                        "dice", "order")
                assert [getattr(again, k) for k in same] == [getattr(state, k) for k in same]
                assert sorted(again.treasure_discard) == sorted(state.treasure_discard)
                check_invariants(again)
                checked += 1
            seat = rnd.choice(pirates.to_act(state))
            state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
    assert checked == 3 * D.MONTHS
