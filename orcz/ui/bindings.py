"""The Orcz table's own key bindings (shown in the footer; in words on the help screen: keys.py)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType

from common.i18n import N_
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker

# The Orcz table's own keys; the shell's table adds the shared ones (arrows, Enter, Esc, digits,
# +/-, PgUp/PgDn, u, ?, Ctrl+C).
GAME_BINDINGS: list[BindingType] = [
    Binding("a", "fight('attack')", N_("Attack"), id="orcz.attack"),
    Binding("h", "fight('hold')", N_("Hold"), id="orcz.hold"),
    Binding("l", "side('left')", N_("Left down"), id="orcz.left"),
    Binding("r", "side('right')", N_("Right down"), id="orcz.right"),
    Binding("s", "scout", N_("Scout"), id="orcz.scout"),
    Binding("c", "challenge", N_("Challenge!"), id="orcz.challenge"),
    # A split's +/−: a screen's binding replaces the shell's for the same key, so the shell's
    # come here again; only one of the pair for "-" is enabled at a time (adjust: a split;
    # row_key: AZERTY's 6 elsewhere).
    Binding("minus", "adjust(-1)", "−1"),
    Binding("minus", "row_key(-1,'6')", "", show=False),
    Binding("plus,equals_sign", "adjust(1)", "+1"),
]

# "n": impose nothing (O-R18): the table's ``action_nothing`` hands the flow
# ``picker.nothing()`` for a SplitPicker, and the game's part asks ``picker_allows`` in its
# ``check_key``.
NOTHING_BINDING = Binding("n", "nothing", N_("Impose nothing"), id="orcz.nothing")

# The Orcz actions whose keys mean something only with some picker (see ``picker_allows``).
PICKER_ACTIONS = frozenset({"fight", "side", "nothing"})


def picker_allows(picker: Any, action: str) -> bool:
    """Whether the Orcz key ``action`` (one of PICKER_ACTIONS) does something with ``picker``
    now: the footer shows only those (the game's part asks this in ``check_key``)."""
    if action == "fight":
        return isinstance(picker, FightPicker)
    if action == "side":
        return isinstance(picker, DeployPicker) and picker.step == "down"
    if action == "nothing":
        return isinstance(picker, SplitPicker) and picker.optional
    return False
