"""Text that fits the room it is given: shortened to whole words with an ellipsis, never cut in
the middle of a word. Every part of the interface that shortens a line uses this
module, so that all of them shorten the same way.

``shorten`` fits one line, ``fit_lines`` each line of a text, ``fit_block`` a text wrapped into a
given number of lines; ``FitStatic`` is a Static that shows its text through ``fit_lines`` at
whatever width the layout gives it."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widgets import Static

ELLIPSIS = "…"
# Left at the end of a shortened line, these would read as the start of something cut off.
TRAILING = " ·,;:—–-│|/("


def shorten(text: Text | str, width: int) -> Text:
    """``text`` (one line) in at most ``width`` cells: the whole words that fit, then "…".
    A first word longer than the whole width is the only thing ever cut inside a word."""
    line = text.copy() if isinstance(text, Text) else Text(text)
    return line if line.cell_len <= width else _cut(line, width)


def _cut(line: Text, width: int) -> Text:
    """``line`` cut after its last whole word that leaves room for "…", and the "…"."""
    if width <= 1:
        return Text(ELLIPSIS[:max(0, width)])
    room = width - cell_len(ELLIPSIS)
    cut, whole, used = 0, 0, 0
    for index, char in enumerate(line.plain):
        used += cell_len(char)
        if used > room:
            break
        whole = index + 1
        if char == " ":
            cut = index
    if cut <= 0:  # one word wider than the room: its first letters
        cut = whole
    head = line[:cut]
    while head.plain and head.plain[-1] in TRAILING:
        head = head[:-1]
    head.append(ELLIPSIS, style="dim")
    return head


PART = " · "  # between the parts of a line that may give way whole
WARNING = "  ⚠ "  # a warning appended to a line: it stays as long as anything does


def fit_parts(text: Text, width: int) -> Text:
    """``text`` (one line) in ``width`` cells, its first part (up to the first " · ") kept:
    the parts after it are left out whole, the last first, before anything is shortened; a
    warning after them ("  ⚠ …") stays."""
    if text.cell_len <= width:
        return text
    plain = text.plain
    end = plain.find(WARNING)
    head, tail = (text, Text()) if end < 0 else (text[:end], text[end:])
    cuts = [i for i in range(len(head.plain)) if head.plain.startswith(PART, i)]
    while cuts and head.cell_len + tail.cell_len > width:
        head = head[:cuts.pop()]
    return shorten(head + tail, width)


NO_BREAK = "\u00a0"  # a space a line never breaks at (common.tui.nobreak)


def unbroken(words: str, last: int | None = None) -> str:
    """``words`` with their spaces made no-break ones (``last``: only the last that many), so
    that a sum ("1 + 2 = 3") or a count ("4 of 4") is never split across two lines."""
    parts = words.split(" ")
    keep = len(parts) - 1 if last is None else min(last, len(parts) - 1)
    head = " ".join(parts[:len(parts) - 1 - keep])
    tail = NO_BREAK.join(parts[len(parts) - 1 - keep:])
    return f"{head} {tail}" if head else tail


def fit_lines(text: Text, width: int) -> Text:
    """Each line of ``text`` shortened to ``width`` cells (``shorten``)."""
    if width <= 0 or all(cell_len(part) <= width for part in text.plain.split("\n")):
        return text
    return Text("\n").join(shorten(line, width) for line in text.split("\n", allow_blank=True))


_CONSOLE = Console(width=200, color_system=None, legacy_windows=False)


def wrapped(text: Text, width: int) -> list[Text]:
    """``text`` wrapped at ``width`` cells, as the screen would lay it out."""
    if width <= 0:
        return [text]
    return list(text.wrap(_CONSOLE, width))


def fit_block(text: Text, width: int, lines: int) -> Text:
    """``text`` wrapped at ``width`` in at most ``lines`` lines; when it needs more, the last
    line shown ends, at a whole word, with "…"."""
    rows = wrapped(text, width)
    if lines <= 0 or len(rows) <= lines:
        return text
    kept = [row.copy() for row in rows[:lines]]
    for row in kept:
        row.rstrip()
    last = kept[-1]
    kept[-1] = last + ELLIPSIS if last.cell_len < width else _cut(last, width)
    return Text("\n").join(kept)


WHOLE = "-whole"  # a FitStatic with this class wraps its lines instead (its CSS: height auto)


class FitStatic(Static):
    """A Static whose lines never wrap: a line wider than the widget is shortened to whole
    words with "…" (``fit_lines``), at the width the layout gives it; given the class
    ``WHOLE``, it wraps them and is laid out again as its text changes."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(content, layout=layout or self.has_class(WHOLE))

    def render(self) -> RenderResult:
        if self.has_class(WHOLE):
            return self._wrapped()
        content = self.content
        width = self.content_size.width
        if isinstance(content, Text) and width > 0:
            return fit_lines(content, width)
        if isinstance(content, str) and width > 0 and not self._render_markup:
            return fit_lines(Text(content), width)
        return super().render()


    def _wrapped(self) -> RenderResult:
        """Wrapped, in at most the lines its CSS's ``max-height`` gives: "…" ends the last
        when it needs more (nothing is lost unsaid)."""
        content = self.content
        if isinstance(content, str) and not self._render_markup:
            content = Text(content)
        most = self.styles.max_height
        width = self.content_size.width
        if isinstance(content, Text) and most is not None and most.is_cells and width > 0:
            return fit_block(content, width, int(most.value))
        return super().render()


class FitBlock(Static):
    """A Static whose text, wrapped, takes at most the lines it is given: the last one shown
    ends at a whole word with "…" (``fit_block``). Of a fixed height, or of an automatic one
    bounded by its ``max-height`` (laid out again as its text changes)."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        height = self.styles.height
        super().update(content, layout=layout or (height is not None and height.is_auto))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The lines its whole text takes at ``width`` (the layout bounds them), not the lines
        ``render`` gives it now."""
        content = self.content
        if isinstance(content, str) and not self._render_markup:
            content = Text(content)
        if isinstance(content, Text) and width > 0:
            return len(wrapped(content, width))
        return super().get_content_height(container, viewport, width)

    def render(self) -> RenderResult:
        content = self.content
        width, height = self.content_size
        if isinstance(content, str) and not self._render_markup:
            content = Text(content)
        if isinstance(content, Text) and width > 0 and height > 0:
            return fit_block(content, width, height)
        return super().render()


__all__ = ["ELLIPSIS", "PART", "WHOLE", "FitBlock", "FitStatic", "fit_block", "fit_lines",
           "fit_parts", "shorten", "unbroken", "wrapped"]
