"""The data tables (§1, O-R1, O-R2, §5): reconstructed values and the 24 event tiles."""

from __future__ import annotations

from collections import Counter

import pytest

import orcz
from common.errors import IllegalAction
from orcz.data import BATTLEFIELDS, CARDS, ENEMIES, EVENT_BY_ID, EVENT_COPIES, EVENTS
from tests.orcz.orcz_scenario import game


def test_o_r1_troop_strengths_infantry_1_to_4_archers_and_cavalry_1_to_3():
    troops = {(c.kind, c.strength) for c in CARDS if not c.is_hero}
    assert troops == ({("infantry", n) for n in (1, 2, 3, 4)}
                      | {("archer", n) for n in (1, 2, 3)} | {("cavalry", n) for n in (1, 2, 3)})
    assert sum(c.strength for c in CARDS) == 22
    assert {c.id for c in CARDS if c.is_hero} == {"champion", "shaman", "scout"}
    assert all(c.strength == 0 for c in CARDS if c.is_hero)


def test_o_r2_six_enemy_tiles_per_battlefield():
    for field in BATTLEFIELDS:
        values = sorted((e.main, e.secondary) for e in ENEMIES if e.battlefield == field.index)
        assert values == [(2, 1), (3, 1), (3, 2), (4, 2), (5, 2), (6, 3)]
    assert [f.id for f in BATTLEFIELDS] == ["lothari", "urth", "falladir", "thirst"]


def test_twenty_four_event_tiles_with_their_counts():
    kinds = Counter(e.kind for e in EVENTS)
    assert len(EVENTS) == 24
    assert kinds == {"favour": 4, "whim": 1, "storm": 1, "open-ground": 1, "heavy-ground": 1,
                     "shortage": 4, "reinforcements": 1, "wrath": 4, "antimagic": 4,
                     "confusion": 1, "diversion": 1, "fog": 1}
    # the one-per-battlefield events name each battlefield once
    for kind in ("favour", "wrath", "antimagic"):
        assert sorted(e.battlefield for e in EVENTS if e.kind == kind) == [0, 1, 2, 3]


@pytest.mark.parametrize("tile", sorted(EVENT_BY_ID))
def test_each_event_tile_can_be_drawn_and_is_shown_to_everyone(tile):
    s = game(2, events=[tile])
    assert s.event == tile and s.event_pile.count(tile) == EVENT_COPIES[tile] - 1
    shown = orcz.view(s, None)["event"]
    assert shown["id"] == tile and shown["text"]


def test_the_four_shortage_tiles_are_one_tile_four_times():
    # alike at the table, so nothing may number them: the pile holds the one id four times
    assert [e.id for e in EVENTS].count("shortage") == 4 and EVENT_COPIES["shortage"] == 4
    s = game(2, events=["shortage"] * 4)
    assert s.event == "shortage" and s.event_pile[:3] == ("shortage",) * 3
    assert "shortage" not in s.event_pile[3:]
    with pytest.raises(IllegalAction, match="at most as often"):
        game(2, events=["shortage"] * 5)
    # a position written when the tiles had numbers still reads: one of the four is in play
    s = orcz.new_game(["A", "B"], 1, setup={"event": "shortage-3"})
    assert s.event == "shortage" and s.event_pile.count("shortage") == 3


def test_event_is_discarded_after_its_round():
    s = orcz.new_game(["A", "B"], 5)
    assert s.event not in s.event_pile and len(s.event_pile) == 23
