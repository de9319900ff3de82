"""Decisions of a private panel: ``Picker`` (plain logic over a view and legal actions) and
``ChoiceGrid``, the widget that shows a picker's choices.

A picker is built from a view and the seat's legal actions. ``choices()`` lists what can be picked
now; ``pick(i)`` returns an action when the decision is complete, a reason (a string) when the
choice is not legal, or None when the picker moved on to its next step. Every game's pickers
derive from ``Picker``; the shell drives them with the same keys (arrows, Enter, digits, Esc).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static


@dataclass
class Choice:
    label: str
    value: Any
    enabled: bool = True


class Picker:
    """A decision in steps. ``numbered``: digits pick; ``adjustable``: +/- change the highlighted
    row (a split) and Enter confirms the whole; ``max_columns`` of the grid."""

    title = ""
    numbered = True
    adjustable = False
    max_columns = 4

    def prompt(self) -> str:
        return ""

    def choices(self) -> list[Choice]:
        return []

    def pick(self, index: int) -> Any:
        return None

    def back(self) -> bool:
        """Go one step back; False when already at the first step."""
        return False

    def can_go_back(self) -> bool:
        return False

    def preview(self) -> Text | None:
        return None

    def adjust(self, index: int, delta: int) -> None:
        """+/- on a row (splits only)."""


class ChoiceGrid(Static):
    """Options in a grid: arrows move, Enter picks, a click picks. Unavailable ones are marked ✗
    and stay selectable so that the reason can be shown when a player tries one."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.options: list[Choice] = []
        self.index = 0
        self.columns = 1
        self.cell = 14
        self.numbered = True
        self.max_columns = 4
        self.note: Text | None = None

    def set_options(self, options: list[Choice], keep: bool = False,
                    note: Text | None = None) -> None:
        """Show ``options``, then ``note`` (not selectable) in the rows left below them."""
        self.options = options
        self.note = note
        self.cell = max([12, *(len(o.label) + 6 for o in options)])
        if not keep or self.index >= len(options):
            first = next((i for i, o in enumerate(options) if o.enabled), 0)
            self.index = first
        self._draw()

    def _columns(self) -> int:
        width = self.content_size.width or self.app.size.width // 2
        return max(1, min(self.max_columns, width // self.cell))

    def _draw(self) -> None:
        """The grid has a fixed height (CSS), so that a new step needs no new layout."""
        self.columns = self._columns()
        out = Text()
        for i, option in enumerate(self.options):
            if i and i % self.columns == 0:
                out.append("\n")
            mark = ("▶" if i == self.index else " ") + ("✗" if not option.enabled else " ")
            key = f"{(i + 1) % 10} " if i < 10 and self.numbered else "  "
            label = key + option.label
            cell = (mark + label)[: self.cell - 1].ljust(self.cell)
            style = "reverse bold" if i == self.index else ("dim strike" if not option.enabled
                                                            else "")
            out.append(cell, style=style)
        if self.note is not None and self.note.plain:
            if self.options:
                out.append("\n")
            out.append_text(self.note)
        self.update(out, layout=False)

    def on_resize(self, event: events.Resize) -> None:
        if self._columns() != self.columns:
            self._draw()

    def move(self, dx: int, dy: int) -> None:
        if not self.options:
            return
        step = dx + dy * self.columns
        self.index = max(0, min(len(self.options) - 1, self.index + step))
        self._draw()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y * self.columns + offset.x // self.cell
        if 0 <= index < len(self.options):
            self.index = index
            self._draw()
            self.post_message(self.Picked(index))
