"""The settings an app run gives its tables (``common/tui/options.py``): each reaches the table,
the game or the lesson flow that uses it, and a misspelt one is refused, not set on a table as a
new attribute nobody reads."""

from __future__ import annotations

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.learn_beats import LessonBeats
from common.tui.learn_play import LessonFlow
from common.tui.options import TableOptions
from common.tui.table import table_for
from orcz.ui.screens import OrczTable


def test_every_option_reaches_what_uses_it() -> None:
    options = TableOptions(bot_pause=0.0, challenge_seconds=2.0, beat_seconds=0.1, no_tips=True)
    orcz = table_for(GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7))
    orcz.configure(options)
    assert isinstance(orcz, OrczTable)
    assert (orcz.bot_pause, orcz.no_tips, orcz.orcz.clock.seconds) == (0.0, True, 2.0)
    pirates = table_for(GameSession.new("pirates", ["Ann", "Bob", "Cid"], 7))
    defaults = (pirates.bot_pause, pirates.no_tips)
    pirates.configure(TableOptions())  # nothing given: the table's own defaults stay
    assert (pirates.bot_pause, pirates.no_tips) == defaults
    flow = LessonFlow.__new__(LessonFlow)  # only its settings, no table
    flow.beats = LessonBeats(flow, then=lambda: None)
    flow.configure(options)
    assert flow.beats.beat_seconds == 0.1


def test_a_misspelt_option_is_refused() -> None:
    with pytest.raises(TypeError):
        HotseatApp(None, bot_paus=0)  # type: ignore[call-arg]
    assert HotseatApp(None, no_tips=True).table_options.no_tips

