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

    def back_word(self) -> str | None:
        """What Esc does at this step, for the key bar (None: "Back")."""
        return None

    def confirming(self) -> bool:
        """Whether this step sums up a decision made on the panel, for Enter to confirm (Enter
        acts elsewhere only once the player moved to a choice or typed a key)."""
        return False

    def preview(self) -> Text | None:
        return None

    def adjust(self, index: int, delta: int) -> None:
        """+/- on a row (splits only)."""


class ChoiceGrid(Static):
    """Options in a grid: arrows move, Enter picks, a click picks. Unavailable ones are marked ✗
    and stay selectable so that the reason can be shown when a player tries one. ``index`` is
    ``NONE`` while nothing is selected (a question that must not take a habitual Enter): the
    first arrow selects the first option."""

    NONE = -1

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
        self.top = 0  # the first option row shown, when they do not all fit
        self.rows_shown = 0

    def set_options(self, options: list[Choice], keep: bool = False,
                    note: Text | None = None, selected: bool = True) -> None:
        """Show ``options``, then ``note`` (not selectable) in the rows left below them, if any;
        ``selected=False``: with nothing selected."""
        self.options = options
        self.note = note
        self.cell = max([12, *(len(o.label) + 6 for o in options)])
        if not selected:
            self.index = self.NONE
        elif not keep or self.index >= len(options):
            first = next((i for i, o in enumerate(options) if o.enabled), 0)
            self.index = first
        self._draw()

    def _columns(self) -> int:
        width = self.content_size.width or self.app.size.width // 2
        return max(1, min(self.max_columns, width // self.cell))

    def _draw(self) -> None:
        """The grid has a fixed height (CSS), so that a new step needs no new layout. When the
        options need more rows than it has, it shows the rows around the selected one and says
        how many are above and below."""
        self.columns = self._columns()
        rows = [self.options[i:i + self.columns]
                for i in range(0, len(self.options), self.columns)]
        first, shown = self._window(len(rows))
        out = Text()
        for r in range(first, first + shown):
            if r > first:
                out.append("\n")
            for c, option in enumerate(rows[r]):
                self._cell(out, r * self.columns + c, option)
        if shown < len(rows):
            above = first * self.columns
            below = len(self.options) - (first + shown) * self.columns
            more = [f"↑ {above} more" if above else "", f"↓ {below} more" if below else ""]
            out.append("\n   " + "  ".join(m for m in more if m), style="dim italic")
        if self.note is not None and self.note.plain:
            if self.options:
                out.append("\n")
            out.append_text(self.note)
        self.update(out, layout=False)

    def _cell(self, out: Text, i: int, option: Choice) -> None:
        mark = ("▶" if i == self.index else " ") + ("✗" if not option.enabled else " ")
        key = f"{(i + 1) % 10} " if i < 10 and self.numbered else "  "
        cell = (mark + key + option.label)[: self.cell - 1].ljust(self.cell)
        style = "reverse bold" if i == self.index else ("dim strike" if not option.enabled
                                                        else "")
        out.append(cell, style=style)

    def _window(self, total: int) -> tuple[int, int]:
        """The first option row shown and how many are: every row when they fit (or before the
        first layout; the note below takes what rows are left), else all but one, the line that
        says how many are out of sight."""
        height = self.content_size.height
        if not height or total <= height:
            self.top, self.rows_shown = 0, total
            return 0, total
        shown = max(1, height - 1)
        selected = max(self.index, 0) // self.columns
        self.top = min(max(self.top, selected - shown + 1), selected, total - shown)
        self.rows_shown = shown
        return self.top, shown

    def on_resize(self, event: events.Resize) -> None:
        self._draw()  # the columns or the rows that fit may have changed

    def move(self, dx: int, dy: int) -> None:
        if not self.options:
            return
        step = dx + dy * self.columns
        if self.index == self.NONE:
            self.index = 0
        else:
            self.index = max(0, min(len(self.options) - 1, self.index + step))
        self._draw()

    def select(self, index: int) -> None:
        """Highlight option ``index`` (a digit), if there is one."""
        if 0 <= index < len(self.options):
            self.index = index
            self._draw()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y >= self.rows_shown:
            return  # the line of more, or the note
        index = (offset.y + self.top) * self.columns + offset.x // self.cell
        if 0 <= index < len(self.options):
            self.index = index
            self._draw()
            self.post_message(self.Picked(index))
