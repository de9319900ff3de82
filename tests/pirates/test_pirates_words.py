"""The log says what happened, in the rules' numbers: amounts, hulls, names."""

from __future__ import annotations

import pirates
from common.entries import log_lines
from pirates import data as D
from pirates.actions import Pass, PlayVolley, Privateering
from pirates.ui.log_words import describe
from tests.pirates.pirates_helpers import (
    act,
    board,
    dice,
    fire,
    go,
    new,
    outfit_all,
    pass_window,
    rig,
    rigged,
    sail,
    start,
)

NO = [1] * 12  # dice that never hit


def text(state: pirates.State, kind: str) -> str:
    entries = [e for e in pirates.view(state, None)["log"] if e["kind"] == kind]
    assert entries, kind
    return describe(entries[-1], state.players)


def test_privateering_share_gives_the_amounts_taken() -> None:
    """3 gold and 1 Tavern card plundered: the privateer takes 2 gold and the card."""
    treasure = ["4g#1", "3g1t#1", "1g2c#1", "2g1f#1", "4g#5"]
    state = rig(new(treasure=treasure, draws=["shipowner", "lookout", "escape"]), 1,
                cards=["privateering"])
    state = act(state, Pass(0), Privateering(1, 0))
    state = pass_window(sail(state, {0: 2, 1: 6}))
    assert text(state, "privateering_loot") == \
        "Bart takes 2 gold and 1 Tavern card from Anne (Privateering)."


def test_powder_keg_extra_hits_on_a_legend_and_its_hull_after_are_logged() -> None:
    """One hit with a Powder Keg at Blackbeard (8 hull): the hit and the keg's extra hit on
    every hull here leave it at 6."""
    state = new(rigs={0: {"cards": (D.POWDER_KEG + "-1",)}})
    state = board(dice(go(state, {0: 1, 1: 1}), *NO[:6]))
    state = act(state, PlayVolley(0, D.POWDER_KEG))
    state = fire(state, 0, -1, "hull", [6, 1])
    assert text(state, "powder_keg") == ("Anne's Powder Keg: 1 more hit on every hull here: "
                                         "Blackbeard's hull is at 6/8.")
    lines = log_lines("pirates", pirates.view(state, None)["log"], state.players)
    assert "Anne fires with Powder Keg at Blackbeard's hull: dice 6 1, 1 hit." in lines


def test_fire_lines_name_the_legendary_pirate_fired_at() -> None:
    state = board(dice(rigged({0: 1, 1: 1}), *NO))
    state = fire(state, 0, -1, "hull", [5, 1])
    line = text(state, "volley")
    assert "Blackbeard" in line and "legendary pirate" not in line


def test_destroyed_sections_take_their_verb() -> None:
    """A ring pushed off the mat: "sails are destroyed", "hull is destroyed"."""
    state = new(rigs={1: {"levels": (1, 0, 1, 1)}})
    state = board(dice(go(state, {0: 2, 1: 2}), *NO))
    state = fire(state, 0, 1, "sails", [5, 1])
    assert text(state, "damaged") == "Bart's sails are destroyed!"


def test_outfits_revealed_list_the_values_the_mats_show() -> None:
    """S7-style: the mat's values (sails on position 3 show speed 7), not ring positions."""
    state = start(["Anne", "Bart", "Cora"], seed=3)
    state = outfit_all(state, {0: (2, 3, 2, 2), 1: (1, 1, 1, 1), 2: (4, 1, 1, 1)})
    line = text(state, "outfits_revealed")
    assert line.splitlines() == ["The outfits are revealed:",
                                 "  Anne: hull 4, sails 7, crew 3, cannons 3",
                                 "  Bart: hull 3, sails 5, crew 2, cannons 2",
                                 "  Cora: hull 6, sails 5, crew 2, cannons 2"]


def test_p_r1_tie_rolls_say_what_they_decide() -> None:
    event = pirates.view(new(), None)  # any state: the words need only the names
    names = tuple(p["name"] for p in event["players"])
    roll = {"kind": "tie_roll", "ships": [0, 2], "dice": [3, 5]}
    assert describe(roll, names) == \
        "Equal speed (Anne, Cora): a die each decides who goes first: Cora 5, Anne 3; " \
        "Cora goes first."
    again = {"kind": "tie_roll", "ships": [0, 1], "dice": [4, 4]}
    assert describe(again, names).endswith("the equal dice are rolled again.")


def test_privateering_share_of_fame_alone() -> None:
    share = {"kind": "privateering_fame", "seat": 1, "victim": 0, "fame": 2}
    assert describe(share, ("Ann", "Bob")) == "Bob takes 2 fame from Ann (Privateering)."

