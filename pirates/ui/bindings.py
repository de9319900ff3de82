"""The Pirate's Cove table's own keys (the shell adds arrows, Enter, digits, Esc, +/-, u, ?)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from common.i18n import N_

GAME_BINDINGS: list[BindingType] = [
    Binding("p", "shortcut('pass')", N_("Pass"), id="pirates.pass"),
    Binding("d", "shortcut('done')", N_("Done"), id="pirates.done"),
]
