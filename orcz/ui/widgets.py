"""Widgets of the Orcz screen. Each receives plain view data (attributes down) and posts typed
messages for what a player picks (messages up)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from orcz.ui.render import field_column, field_head, field_title, header_text


class HandLine(Static):
    """The seat's goblins, scouted cards and spent heroes: as many lines as they need, so a new
    line lays the panel out again (the choices below take what is left)."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(content, layout=True)


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
        self._view: dict[str, Any] = {}
        self._tags: list[str] = []

    def compose(self) -> ComposeResult:
        for i in range(4):
            with Vertical(classes="field-frame", id=f"frame-{i}"):
                yield Static(classes="field-head", id=f"head-{i}")
                with VerticalScroll(classes="field-scroll", id=f"scroll-{i}") as scroll:
                    scroll.can_focus = False
                    yield FieldPanel(id=f"field-{i}", classes="field")

    def on_resize(self) -> None:
        if self._view:  # the titles depend on the width: redraw what is shown by then
            self.call_after_refresh(lambda: self.show(self._view, self._tags))

    def show(self, view: dict[str, Any], tags: list[str]) -> None:
        self._view, self._tags = view, tags
        # one width for all titles: full names only when every one of them fits
        width = min((f.size.width for f in self.query(".field-frame").results(Vertical)),
                    default=0) or 20
        if any(field_title(f, i, width) != field_title(f, i)
               for i, f in enumerate(view["battlefields"])):
            width = 1
        for i, field in enumerate(view["battlefields"]):
            frame = self.query_one(f"#frame-{i}", Vertical)
            frame.border_title = field_title(field, i, width)
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
