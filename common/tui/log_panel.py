"""A scrollable log of the game in words; it only appends when the log grew."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class LogPanel(RichLog):
    """The log lines one seat may read. ``show(lines)`` replaces or extends what is shown."""

    DEFAULT_CSS = """
    LogPanel { border: round $secondary; border-title-align: left; overflow-y: scroll; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id,
                         classes=classes)
        self.border_title = "Log"
        self.shown: list[str] = []
        self.wrap_width = -1

    def show(self, lines: list[str]) -> None:
        if lines == self.shown:
            return
        if lines[: len(self.shown)] == self.shown and self.shown:
            new = lines[len(self.shown):]
        else:
            self.clear()
            new = lines
        for line in new:
            style = "italic" if line.startswith("↶") else ""
            self.write(Text(line, style=style))
        self.shown = list(lines)

    def on_resize(self) -> None:
        """Lines are wrapped when written: wrap them again when the width changed."""
        width = self.scrollable_content_region.width
        if width == self.wrap_width:
            return
        self.wrap_width = width
        lines, self.shown = self.shown, []
        self.clear()
        self.show(lines)

    def plain_text(self) -> str:
        """Everything the panel holds, for tests: the lines it was given."""
        return "\n".join(self.shown)
