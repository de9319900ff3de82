"""A list of options picked by their number as well as by the arrows, as the table's panels pick:
1 is the first option, 0 the tenth."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from common.i18n import N_

DIGITS = "1234567890"


def number_key(index: int) -> str:
    """The key that picks the option at ``index`` ("" past the tenth)."""
    return DIGITS[index] if 0 <= index < len(DIGITS) else ""


def numbered(index: int, label: str | Text) -> Text:
    """``label`` after the key that picks it, so the number on screen is the key to press."""
    key = number_key(index)
    out = Text(f"{key} " if key else "  ", style="bold")
    out.append_text(label if isinstance(label, Text) else Text(label))
    return out


class NumberedList(OptionList):
    """An ``OptionList`` whose digits pick: the option is highlighted and chosen at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "pick(0)", N_("Pick"), key_display="1…"),
        *[Binding(DIGITS[i], f"pick({i})", "", show=False) for i in range(1, len(DIGITS))],
    ]

    def action_pick(self, index: int) -> None:
        if index >= self.option_count or self.get_option_at_index(index).disabled:
            self.app.bell()
            return
        self.highlighted = index
        self.action_select()
