"""A scrollable log of the game in words.

Lines are wrapped once, when written; ``show(lines)`` keeps what is already on screen and only
writes what changed (the usual case is a few lines appended), so that a long game stays fast.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import RichLog

from common.i18n import _, ngettext


class LogPanel(RichLog):
    """The public log lines (and the interface's own notes), newest at the bottom.

    Only the last ``WINDOW`` lines are written at first (a long game's log takes a while to
    wrap); ``show_all()`` writes them all, e.g. when a player scrolls up past the top."""

    WINDOW = 150

    can_focus = False  # keys go to the screen; PgUp/PgDn bindings scroll the log

    DEFAULT_CSS = """
    LogPanel { border: round $secondary; border-title-align: left; overflow-y: scroll;
               overflow-x: hidden; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id,
                         classes=classes, min_width=1)
        self.border_title = _("Log")
        self.shown: list[str] = []
        self.counts: list[int] = []  # strips written per shown line
        self.wrap_width = -1
        self.lines_given: list[str] = []
        self.hidden = 0  # older lines not written (yet)
        self.expanded = False

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, writing only what changed since the last call."""
        self.lines_given = list(lines)
        if not self._size_known:
            return  # written on the first resize, when the width is known
        if not self.shown:
            self.hidden = 0 if self.expanded else max(0, len(lines) - self.WINDOW)
            self._rewrite()
            return
        # a shorter log (the review going back) hides no more than it has beyond the window
        self.hidden = min(self.hidden, max(0, len(lines) - self.WINDOW))
        window = self._window(lines)
        if window == self.shown:
            return
        keep = 0
        for old, new in zip(self.shown, window, strict=False):
            if old != new:
                break
            keep += 1
        if keep < len(self.shown):
            self._truncate(keep)
        for line in window[keep:]:
            before = len(self.lines)
            self._write_line(line)
            self.counts.append(len(self.lines) - before)
        self.shown = window

    def _window(self, lines: list[str]) -> list[str]:
        if not self.hidden:
            return list(lines)
        note = "… " + ngettext("{count} earlier line: PgUp at the top shows it",
                               "{count} earlier lines: PgUp at the top shows them",
                               self.hidden).format(count=self.hidden)
        return [note, *lines[self.hidden:]]

    def _rewrite(self) -> None:
        self.clear()
        self.shown, self.counts = [], []
        self.show_window()

    def show_window(self) -> None:
        for line in self._window(self.lines_given):
            before = len(self.lines)
            self._write_line(line)
            self.counts.append(len(self.lines) - before)
        self.shown = self._window(self.lines_given)

    def page(self, direction: int) -> None:
        """Page Down, or Page Up; Page Up at the top brings back the older lines."""
        if direction > 0:
            self.scroll_page_down()
        elif self.scroll_y <= 0 and self.hidden:
            self.show_all()
        else:
            self.scroll_page_up()

    def show_all(self) -> None:
        """Write every line, the oldest too."""
        if self.hidden:
            self.expanded = True
            self.hidden = 0
            self._rewrite()
            self.scroll_home(animate=False)

    def text_width(self) -> int:
        """The width lines wrap at, from the panel's own size: the screen's map of regions,
        which ``write`` would measure, may still hold the size before a resize."""
        width = self.outer_size.width - self.styles.gutter.width - self.scrollbar_size_vertical
        return max(1, width)

    def _write_line(self, line: str) -> None:
        style = "italic" if line.startswith(("↶", "…")) else ""
        self.write(Text(line, style=style), width=self.text_width())

    def _truncate(self, keep: int) -> None:
        if len(self.counts) != len(self.shown):
            self.clear()
            self.shown, self.counts = [], []
            return
        strips = sum(self.counts[:keep])
        self.lines = self.lines[:strips]
        self._line_cache.clear()
        self.shown, self.counts = self.shown[:keep], self.counts[:keep]
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        """Lines are wrapped when written: wrap them again when the width changed."""
        # Textual calls each class's own handler, this one first: RichLog's must have noted the
        # first size (and written what waited for it) before the lines are wrapped again. Its
        # own call after this one then finds the size known and does nothing.
        super().on_resize(event)
        width = self.text_width()
        if width == self.wrap_width or not self._size_known:
            return
        self.wrap_width = width
        self.hidden = 0 if self.expanded else max(0, len(self.lines_given) - self.WINDOW)
        self._rewrite()

    def plain_text(self) -> str:
        """Everything the panel was given, for tests (written or not yet)."""
        return "\n".join(self.lines_given)
