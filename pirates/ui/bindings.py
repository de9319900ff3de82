"""The Pirate's Cove table's own keys (the shell adds arrows, Enter, digits, Esc, +/-, u, ?)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

GAME_BINDINGS: list[BindingType] = [
    Binding("p", "shortcut('pass')", "Pass"),
    Binding("d", "shortcut('done')", "Done"),
]
