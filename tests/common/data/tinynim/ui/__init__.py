"""Tiny Nim's interface as the shell sees it (no table of its own: the tests only list it)."""

from pathlib import Path

from common.i18n import N_
from common.tui.gameui import GameUI

UI = GameUI(
    name="tinynim",
    css=Path(__file__).with_name("tinynim.tcss"),
    keys_markdown="Nothing but the shell's keys.",
    table="common.tui.table:TableScreen",
    # Its own stage, with no fixed number: the list of saves says "turn 3".
    stage_words=(("turn", N_("turn {now}"), N_("before the first turn")),),
)
