"""Tiny Nim's interface as the shell sees it (no table of its own: the tests only list it)."""

from pathlib import Path

from common.tui.gameui import GameUI

UI = GameUI(
    name="tinynim",
    css=Path(__file__).with_name("tinynim.tcss"),
    keys_markdown="Nothing but the shell's keys.",
    table="common.tui.table:TableScreen",
)
