"""Widgets of the Orcz screen. Each receives plain view data (attributes down) and posts typed
messages for what a player picks (messages up)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from orcz.ui.picker import Choice
from orcz.ui.render import field_column, field_head, field_title, header_text


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


class FieldPanel(Static):
    """The orc column of one battlefield and its aside ranks (the head is above, fixed)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._shown = ""
        self._lines = -1

    def show(self, text: Text) -> bool:
        """Show ``text``; True when it changed."""
        if text.markup == self._shown:
            return False
        self._shown = text.markup
        lines = text.plain.count("\n") + 1 if text.plain else 0
        if lines != self._lines:  # a fixed height spares the layout measuring every panel
            self._lines = lines
            self.styles.height = lines
        self.update(text, layout=False)
        return True


class Board(Horizontal):
    """The four battlefields side by side: a fixed head, then the column, which scrolls."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._heads: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        for i in range(4):
            with Vertical(classes="field-frame", id=f"frame-{i}"):
                yield Static(classes="field-head", id=f"head-{i}")
                with VerticalScroll(classes="field-scroll", id=f"scroll-{i}") as scroll:
                    scroll.can_focus = False
                    yield FieldPanel(id=f"field-{i}", classes="field")

    def show(self, view: dict[str, Any], tags: list[str]) -> None:
        for i, field in enumerate(view["battlefields"]):
            frame = self.query_one(f"#frame-{i}", Vertical)
            frame.border_title = field_title(field, i)
            frame.border_subtitle = f"⟨{field['symbol']}⟩"
            frame.set_class(bool(field.get("resolving")), "-resolving")
            frame.set_class(bool(field.get("cleared")), "-cleared")
            head = field_head(field)
            if self._heads.get(i) != head.markup:
                self._heads[i] = head.markup
                self.query_one(f"#head-{i}", Static).update(head, layout=False)
            if self.query_one(f"#field-{i}", FieldPanel).show(field_column(field, tags)):
                # the newest ranks and the rear rank (which fights first) are at the bottom
                scroll = self.query_one(f"#scroll-{i}", VerticalScroll)
                scroll.call_after_refresh(scroll.scroll_end, animate=False)


class InfoBar(Static):
    """Round, first player, players with their letters and spent heroes, the event."""

    def show(self, view: dict[str, Any], tags: list[str]) -> None:
        self.update(header_text(view, tags))


class StatusLine(Static):
    """Whose turn it is and what is being decided; the challenge clock when it runs."""
