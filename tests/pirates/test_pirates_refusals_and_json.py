"""Refusals with their reasons, actions as JSON, replay from a save record, the log's words."""

from __future__ import annotations

import pytest

import pirates
from common.errors import IllegalAction
from common.save import Record, replay
from pirates.actions import (
    Buy,
    Done,
    Fire,
    Navigate,
    Outfit,
    ParrotChoice,
    Pass,
    Upgrade,
)
from tests.pirates.pirates_helpers import (
    HULL,
    NAMES,
    act,
    board,
    done_all,
    last,
    new,
    outfit_all,
    pass_window,
    refused,
    rig,
    sail,
    start,
    two_at_hull_island,
    until_seat,
)


def replace_phase(state: pirates.State, phase: str) -> pirates.State:

    return state._replace(phase=phase)


def test_apply_refuses_wrong_seat_phase_and_garbage() -> None:
    state = outfit_all(start())
    with pytest.raises(IllegalAction, match="turn"):
        pirates.apply(state, Pass((state.seat + 1) % 4))
    with pytest.raises(IllegalAction, match="not possible"):
        pirates.apply(state, Fire(state.seat, 1, "hull"))
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "fire", "seat": 0, "target": "x", "section": "hull"})
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "outfit", "seat": 0, "levels": {"hull": 1}})
    with pytest.raises(IllegalAction):
        pirates.apply(state, Pass(9))


def test_json_round_trip_of_outfit_and_navigate() -> None:
    data = {"type": "outfit", "seat": 1, "levels": {"hull": 2, "sails": 3, "crew": 1,
                                                    "cannons": 1}}
    assert pirates.action_to_json(pirates.action_from_json(data)) == data
    nav = {"type": "navigate", "seat": 2, "island": 5}
    assert pirates.action_from_json(nav) == Navigate(2, 5)


def test_with_ship_helper_keeps_other_seats() -> None:
    state = rig(start(), 2, gold=3)
    assert state.ships[2].gold == 3 and state.ships[1].gold == 9


def test_every_log_line_is_worded_for_the_players() -> None:
    import random

    from pirates.ui.log_words import SENTENCES, describe

    seen: set[str] = set()
    for seed in range(12):
        rnd = random.Random(seed)
        state = pirates.new_game(["A", "B", "C", "D", "E"][: 3 + seed % 3], seed)
        while not pirates.is_over(state):
            seat = rnd.choice(pirates.to_act(state))
            state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
        for entry in pirates.events(state, 0):
            seen.add(entry["kind"])
            line = describe(entry, state.players)
            assert line and "?" not in line, entry
    worded = {kind.name for kind in SENTENCES}
    assert seen <= worded, seen - worded
    assert len(seen) > 40


@pytest.mark.parametrize(
    ("players", "kwargs", "reason"),
    [
        (["A", "B"], {}, "3 to 5 players"),
        (["A", "B", "C", "D", "E", "F"], {}, "3 to 5 players"),
        (["A", "A", "B"], {}, "name of their own"),
        (["A", "B", "C"], {"variant": True}, "unknown option"),
        (["A", "B", "C"], {"setup": {"decks": []}}, "unknown set-up key"),
        (["A", "B", "C"], {"setup": {"tavern": ["no-such-card"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"treasure": ["6g#1", "6g#1"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"legendary": ["kidd"]}}, "unknown or repeated"),
        (["A", "B", "C"], {"setup": {"dice": [0, 7]}}, "from 1 to 6"),
        (["A", "B", "C"], {"setup": {"dice": 6}}, "must be a list"),
        (["A", "B", "C"], {"setup": {"tavern": "smoke-1"}}, "must be a list"),
        (["A", "B", "C"], {"setup": ["dice"]}, "JSON object"),
    ],
)
def test_new_game_refuses_bad_players_options_and_setups(
    players: list[str], kwargs: dict[str, object], reason: str
) -> None:
    with pytest.raises(IllegalAction, match=reason):
        pirates.new_game(players, 1, **kwargs)  # type: ignore[arg-type]


def test_new_game_refuses_a_seed_that_is_not_a_whole_number() -> None:
    with pytest.raises(IllegalAction, match="whole number"):
        pirates.new_game(["A", "B", "C"], "7")  # type: ignore[arg-type]


def test_refusal_reasons_name_the_problem() -> None:
    window = outfit_all(start())
    with pytest.raises(IllegalAction, match="hold no Privateering"):
        pirates.apply(window, pirates.actions.Privateering(window.seat, (window.seat + 1) % 4))
    state = pass_window(window)
    with pytest.raises(IllegalAction, match="not possible during navigation"):
        pirates.apply(state, Buy(0))
    over = replace_phase(state, "over")
    with pytest.raises(IllegalAction, match="game is over"):
        pirates.apply(over, Navigate(0, 1))


def test_a_whole_seeded_game_replays_from_a_save_record() -> None:
    import random

    rnd = random.Random(11)
    state = pirates.new_game(["A", "B", "C", "D", "E"], 11)
    actions = []
    while not pirates.is_over(state):
        seat = rnd.choice(pirates.to_act(state))
        action = rnd.choice(pirates.legal_actions(state, seat))
        actions.append(pirates.action_to_json(action))
        state = pirates.apply(state, action)
    record = Record("pirates", 11, ("A", "B", "C", "D", "E"), None, {}, tuple(actions))
    _, states = replay(record)
    assert states[-1] == state and pirates.result(state)["over"]
    assert last(state, "game_over").get("winner") == pirates.result(state)["winner"]


def test_navigation_json_matches_the_contract() -> None:
    state = pass_window(new())
    action = pirates.action_from_json({"type": "navigate", "seat": 1, "island": 4})
    assert action == Navigate(1, 4)
    state = act(state, action)
    assert pirates.view(state, 1)["my_choice"] == 4
    assert pirates.view(state, 0)["players"][1]["has_chosen"] is True


def test_wrong_seat_is_refused_with_the_name_of_the_seat_awaited() -> None:
    state = board(two_at_hull_island())
    assert state.seat == 0
    with pytest.raises(IllegalAction, match="Anne"):
        pirates.apply(state, Fire(1, 0, HULL))
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, Fire(1, 0, HULL))


def test_wrong_phase_is_refused_with_the_phase_named() -> None:
    state = board(two_at_hull_island())
    with pytest.raises(IllegalAction, match="combat"):
        pirates.apply(state, Buy(0))


def test_firing_at_oneself_is_refused() -> None:
    state = board(two_at_hull_island())
    with pytest.raises(IllegalAction):
        pirates.apply(state, Fire(0, 0, HULL))


def test_upgrades_beyond_the_purse_are_refused() -> None:
    state = rig(new(), 0, gold=0)
    state = until_seat(pass_window(sail(state, {0: 2})), 0, 2)  # 4 gold from the plunder
    assert Upgrade(0, "hull", 3) in pirates.legal_actions(state, 0)  # 1 + 2 = 3
    assert Upgrade(0, "hull", 4) not in pirates.legal_actions(state, 0)  # 5
    words = refused(state, Upgrade(0, "hull", 4), "upgrade-unaffordable")
    assert words == "a hull ring from 1 to 4 costs 5 gold and you have 4"


def test_json_actions_for_navigation_and_outfitting() -> None:
    nav = pirates.action_from_json({"type": "navigate", "seat": 2, "island": 6})
    assert nav == Navigate(2, 6)
    assert pirates.action_to_json(nav) == {"type": "navigate", "seat": 2, "island": 6}
    levels_json = {"hull": 1, "sails": 3, "crew": 1, "cannons": 2}
    out = pirates.action_from_json({"type": "outfit", "seat": 0, "levels": levels_json})
    assert out == Outfit(0, (1, 3, 1, 2))
    with pytest.raises(IllegalAction):
        pirates.action_from_json({"type": "navigate", "seat": 0})


def test_readable_refusals_for_phase_parrot_and_game_over() -> None:
    state = pirates.new_game(NAMES[:3], 1)
    with pytest.raises(IllegalAction, match="not possible during outfit"):
        pirates.apply(state, Navigate(0, 2))
    # A parrot decision comes before anything else.
    treasure = ["4g#1", "4g#2", "1c1t#1", "4g#4", "4g#5"]
    state = rig(new(treasure=treasure, draws=["trelawney"]), 1, parrot="flint", fame=1)
    state = pass_window(sail(state, {1: 3}))
    with pytest.raises(IllegalAction, match="parrot"):
        pirates.apply(state, Done(1))
    with pytest.raises(IllegalAction, match="Bart"):
        pirates.apply(state, ParrotChoice(0, True))
    # After the end, nothing more.
    state = rig(new()._replace(month=12), 0, fame=1)  # no tie for most fame
    state = done_all(pass_window(sail(state, {0: 2})))
    assert pirates.is_over(state) and pirates.to_act(state) == ()
    with pytest.raises(IllegalAction, match="over"):
        pirates.apply(state, Done(0))
