"""Decisions of a private panel: ``Picker`` (plain logic over a view and legal actions) and
``ChoiceGrid``, the widget that shows a picker's choices.

A picker is built from a view and the seat's legal actions. ``choices()`` lists what can be picked
now; ``pick(i)`` answers with what the choice did. The shell reads that answer once, as a
``PickResult``: ``Chosen(action)`` when the decision is complete, ``Refused(reason)`` when the
choice is not legal, ``Moved()`` when the picker went on to its next step, ``Claim(seat)`` for a
window's question, ``Nothing()`` when there is no such choice. The answer's type is the message,
never the Python type of a plain value, so an action may be of any type (a string too). Every
game's pickers derive from ``Picker``; the shell drives them with the same keys (arrows, Enter,
an option's number, Esc).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from common.i18n import _, ngettext
from common.tui.fit import shorten, wrapped
from common.tui.numbered import number_key


@dataclass(frozen=True)
class Chosen:
    """The decision is complete: ``action`` is applied."""

    action: Any


@dataclass(frozen=True)
class Refused:
    """The choice is not legal now: ``reason`` says why, on the panel's message line."""

    reason: str


@dataclass(frozen=True)
class Moved:
    """The picker went on to its next step (a menu opened, a summary shown): nothing chosen."""


@dataclass(frozen=True)
class Nothing:
    """The key did nothing (no picker, Enter not armed, no such option)."""


@dataclass(frozen=True)
class Claim:
    """The table's answer to a window's question: ``seat`` plays a card (None: nobody does)."""

    seat: int | None


# What a key on the picker did: the flow matches on it, never on an answer's Python type.
PickResult = Chosen | Refused | Moved | Nothing | Claim


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

    def pick(self, index: int) -> PickResult:
        return Nothing()

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

    def prefilled(self) -> bool:
        """Whether this step opens with a whole answer filled in (a split's shares) that Enter
        takes as shown, with no move first."""
        return False

    def preview(self) -> Text | None:
        return None

    def adjust(self, index: int, delta: int) -> None:
        """+/- on a row (splits only)."""


MARKED = " ◀"  # after the option a lesson's step is about


class ChoiceGrid(Static):
    """Options in a grid: arrows move, Enter picks, a click picks. Unavailable ones are marked ✗
    and stay selectable so that the reason can be shown when a player tries one. A note (e.g.
    the cards in hand, with what they do) follows the options; when options and note need more
    rows than the grid has, it shows a window of them, says what is out of sight, and ↓ past
    the last option reads on into the note. ``index`` is ``NONE`` while nothing is selected (a
    question that must not take a habitual Enter): the first arrow selects the first option."""

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
        self.natural_cell = 14  # the widest label's cell; ``cell`` is at most the grid's width
        self.numbered = True
        self.max_columns = 4
        self.note: Text | None = None
        self.top = 0  # the first row shown (options, then the note), when they do not all fit
        self.rows_shown = 0  # the option rows in the window
        self.window = 0  # the rows the window shows (all of them when they fit)
        self.total = 0  # option rows and note lines
        self.reading = False  # ↓ went past the last option, into the note
        self.starts: list[int] = []  # the line each option begins on (a long one takes two)
        self._option_lines = 0  # the lines of the options, before the note
        self.marked = self.NONE  # the option a lesson's step is about (``MARKED`` after it)

    def set_options(self, options: list[Choice], keep: bool = False,
                    note: Text | None = None, selected: bool = True,
                    marked: object = None) -> None:
        """Show ``options``, then ``note`` (not selectable) in the rows left below them, if any;
        ``selected=False``: with nothing selected; the option whose value is ``marked`` (a
        lesson step's card) marked."""
        self.options = options
        self.note = note
        self.marked = next((i for i, o in enumerate(options)
                            if marked is not None and o.value == marked), self.NONE)
        # the mark, the number (up to two digits), a space and the label, then a gap
        self.natural_cell = max([12, *(len(o.label) + 6 + self._sign(i)
                                       for i, o in enumerate(options))])
        self.cell = self.natural_cell
        if not selected:
            self.index = self.NONE
            self.reading = False
        elif not keep or not 0 <= self.index < len(options):
            first = next((i for i, o in enumerate(options) if o.enabled), 0)
            self.index = first
            self.reading = False
        self._draw()

    def _columns(self) -> int:
        width = self.content_size.width or self.app.size.width // 2
        self.cell = min(self.natural_cell, width)
        return max(1, min(self.max_columns, width // self.cell))

    def _draw(self) -> None:
        """The grid has a fixed height (CSS), so that a new step needs no new layout. When the
        options and the note need more rows than it has, it shows the rows around the selected
        one (or, reading on, further down) and says what is above and below. In one column a
        label too long for the width goes on under itself rather than being cut."""
        self.columns = self._columns()
        rows: list[Text] = []
        self.starts = []
        for first in range(0, len(self.options), self.columns):
            self.starts.extend([len(rows)] * len(self.options[first:first + self.columns]))
            if self.columns == 1:
                rows.extend(self._cell_lines(first, self.options[first]))
                continue
            line = Text()
            for c, option in enumerate(self.options[first:first + self.columns]):
                self._cell(line, first + c, option)
            rows.append(line)
        option_rows = self._option_lines = len(rows)
        if self.note is not None and self.note.plain:
            rows.extend(wrapped(self.note, self.content_size.width))
        first, shown = self._window(len(rows))
        self.rows_shown = max(0, min(option_rows - first, shown))
        out = Text("\n").join(rows[first:first + shown])
        if shown < len(rows):
            more = self._more(option_rows, first, shown, len(rows),
                              self.content_size.width - 3)
            out.append("\n   " + more, style="dim italic")
        self.update(out, layout=False)

    def _more(self, option_rows: int, first: int, shown: int, total: int,
              width: int = 0) -> str:
        """What the window leaves out: options above and below, lines of the note below; in
        ``width`` cells when given, the note's count given up first, then the keys."""
        end = first + shown
        above = sum(1 for start in self.starts if start < first)
        # an option out of sight in part (a long label's last lines) is counted too
        below = sum(1 for i in range(len(self.starts)) if self._lines_of(i)[1] > end) \
            if end < option_rows else 0
        lines_above = max(0, first - option_rows)
        lines_below = total - max(end, option_rows)
        notes = ngettext("then {count} more line", "then {count} more lines",
                         lines_below).format(count=lines_below) if below else \
            ngettext("↓ {count} more line", "↓ {count} more lines",
                     lines_below).format(count=lines_below)
        for keys, lines in ((True, True), (True, False), (False, False)):
            parts = [_("↑ {count} more").format(count=above) if above else "",
                     ngettext("↑ {count} line", "↑ {count} lines", lines_above).format(
                         count=lines_above) if lines_above else "",
                     self._below(below, keys) if below else "",
                     notes if lines_below and (lines or not below) else ""]
            line = " · ".join(p for p in parts if p)
            if width <= 0 or cell_len(line) <= width:
                break
        return line

    def _below(self, count: int, keys: bool = True) -> str:
        """The options below the window, with the number keys that pick them when each has
        one (so an option out of sight is still one key away, and the key is on screen)."""
        first = len(self.options) - count
        if not keys or not self.numbered or len(self.options) > 10:
            return _("↓ {count} more").format(count=count)
        numbers = [str((i + 1) % 10) for i in range(first, len(self.options))]
        if len(numbers) == 1:
            return _("↓ {count} more (key {key})").format(count=count, key=numbers[0])
        digits = [n for n in numbers if n != "0"]  # 0, the tenth, comes after 9
        shown = " ".join(digits) if len(digits) <= 3 else f"{digits[0]}–{digits[-1]}"
        shown += " 0" if "0" in numbers else ""
        return _("↓ {count} more (keys {keys})").format(count=count, keys=shown)

    def _head(self, i: int, option: Choice) -> tuple[str, str]:
        """An option's mark (selected, unavailable), its number and its style."""
        mark = ("▶" if i == self.index else " ") + ("✗" if not option.enabled else " ")
        width = len(str(len(self.options)))
        key = (number_key(i).rjust(width) if self.numbered else " " * width) + " "
        style = "reverse bold" if i == self.index else ("dim strike" if not option.enabled
                                                        else "")
        return mark + key, style

    def _sign(self, i: int) -> int:
        """The cells option ``i``'s mark takes after its label."""
        return len(MARKED) if i == self.marked else 0

    def _cell(self, out: Text, i: int, option: Choice) -> None:
        head, style = self._head(i, option)
        room = max(1, self.cell - 1 - len(head) - self._sign(i))
        label = shorten(option.label, room).plain
        if i != self.marked:
            out.append((head + label).ljust(self.cell), style=style)
            return
        out.append(head, style=style)
        self._label(out, label, style, self.cell - len(head))

    def _label(self, out: Text, label: str, style: str, width: int,
               last: bool = True) -> None:
        """The marked option's ``label`` (its ``last`` line) in ``width`` cells: underlined, its
        sign after its last line (the cursor's "▶" and reverse video are the selection's, not
        the step's)."""
        out.append(label, style=f"{style} underline bold".strip())
        sign = MARKED if last else ""
        out.append(sign, style="bold")
        out.append(" " * max(0, width - len(label) - len(sign)), style=style)

    def _cell_lines(self, i: int, option: Choice) -> list[Text]:
        """An option alone on its row: its label wrapped under its first letter, whole."""
        head, style = self._head(i, option)
        room = max(1, self.cell - 1 - len(head) - self._sign(i))
        lines = [line.plain.rstrip() for line in wrapped(Text(option.label), room)] or [""]
        if i != self.marked:
            return [Text(((head if n == 0 else " " * len(head)) + line).ljust(self.cell),
                         style=style) for n, line in enumerate(lines)]
        out = []
        for n, line in enumerate(lines):
            row = Text(head if n == 0 else " " * len(head), style=style)
            self._label(row, line, style, self.cell - len(head), n == len(lines) - 1)
            out.append(row)
        return out

    def _lines_of(self, index: int) -> tuple[int, int]:
        """The first line of option ``index`` and the line after its last."""
        starts = self.starts
        if not 0 <= index < len(starts):
            return 0, 1
        after = next((start for start in starts[index + 1:] if start > starts[index]),
                     starts[index] + 1 if self.columns > 1 or index + 1 < len(starts)
                     else self._option_lines)
        return starts[index], after

    def _window(self, total: int) -> tuple[int, int]:
        """The first row shown and how many are: every row when they fit (or before the first
        layout), else all but one, the line that says what is out of sight."""
        height = self.content_size.height
        self.total = total
        if not height or total <= height:
            self.top, self.window, self.reading = 0, total, False
            return 0, total
        shown = max(1, height - 1)
        if self.reading:
            self.top = max(0, min(self.top, total - shown))
        else:
            selected, end = self._lines_of(max(self.index, 0))
            self.top = max(0, min(max(self.top, end - shown), selected, total - shown))
        self.window = shown
        return self.top, shown

    def on_resize(self, event: events.Resize) -> None:
        self._draw()  # the columns or the rows that fit may have changed

    def move(self, dx: int, dy: int) -> None:
        if not self.options:
            return
        if dy and not dx and self._read(dy):
            self._draw()
            return
        step = dx + dy * self.columns
        if self.index == self.NONE:
            self.index = 0
        else:
            self.index = max(0, min(len(self.options) - 1, self.index + step))
        self._draw()

    def _read(self, dy: int) -> bool:
        """↓ on the last row of options scrolls on into the note while some of it is out of
        sight; ↑ scrolls back until the selected option is in sight again."""
        selected = self._lines_of(max(self.index, 0))[0]
        last = self._lines_of(len(self.options) - 1)[0]
        if dy > 0 and selected == last and self.top + self.window < self.total:
            self.reading = True
            self.top += 1
            return True
        if dy < 0 and self.reading:
            if selected < self.top:
                self.top -= 1
                self.reading = selected < self.top
                return True
            self.reading = False
        return False

    def select(self, index: int) -> None:
        """Highlight option ``index`` (a digit), if there is one."""
        if 0 <= index < len(self.options):
            self.index = index
            self._draw()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y >= self.rows_shown:
            return  # the line of more, or the note
        line = offset.y + self.top
        row = [i for i, start in enumerate(self.starts) if start <= line]
        index = -1 if not row else row[-1] if self.columns == 1 else \
            line * self.columns + offset.x // self.cell
        if 0 <= index < len(self.options):
            self.index = index
            self._draw()
            self.post_message(self.Picked(index))
