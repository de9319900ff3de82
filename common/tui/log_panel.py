"""A scrollable log of the game in words.

Lines are wrapped once, when written; ``show(lines)`` keeps what is already on screen and only
writes what changed (the usual case is a few lines appended), so that a long game stays fast.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import RichLog


class LogPanel(RichLog):
    """The public log lines (and the interface's own notes), newest at the bottom."""

    can_focus = False  # keys go to the screen; PgUp/PgDn bindings scroll the log

    DEFAULT_CSS = """
    LogPanel { border: round $secondary; border-title-align: left; overflow-y: scroll; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id,
                         classes=classes, min_width=1)
        self.border_title = "Log"
        self.shown: list[str] = []
        self.counts: list[int] = []  # strips written per shown line
        self.wrap_width = -1

    def show(self, lines: list[str]) -> None:
        if lines == self.shown:
            return
        if not self._size_known:
            self.clear()
            for line in lines:
                self._write_line(line)
            self.shown, self.counts = list(lines), []
            return
        keep = 0
        for old, new in zip(self.shown, lines, strict=False):
            if old != new:
                break
            keep += 1
        if keep < len(self.shown):
            self._truncate(keep)
        for line in lines[keep:]:
            before = len(self.lines)
            self._write_line(line)
            self.counts.append(len(self.lines) - before)
        self.shown = list(lines)

    def _write_line(self, line: str) -> None:
        self.write(Text(line, style="italic" if line.startswith("↶") else ""))

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
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width == self.wrap_width or not self._size_known:
            return
        self.wrap_width = width
        lines = self.shown
        self.clear()
        self.shown, self.counts = [], []
        self.show(lines)

    def plain_text(self) -> str:
        """Everything the panel holds, for tests: the lines it was given."""
        return "\n".join(self.shown)
