"""Widgets of the Orcz screen. Each receives plain view data (attributes down) and posts typed
messages for what a player picks (messages up)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from common.i18n import _
from common.lessons.targets import Target
from common.tui.fit import FitStatic
from common.tui.learn_mark import marked_line
from orcz.ui.names import symbol_name
from orcz.ui.render import field_column, field_head, field_title, fit_title, header_text
from orcz.view_types import FieldView, OrczView


class HandLine(Static):
    """The seat's goblins, scouted cards and spent heroes: as many lines as they need, so a new
    line lays the panel out again (the choices below take what is left)."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(content, layout=True)


class FieldPanel(FitStatic):
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


class FieldScroll(VerticalScroll):
    """A battlefield's column, scrolled to its rear rank; when it is taller than its room (a
    small terminal, a lesson), the frame's foot says how many lines are out of sight above and
    below, and the wheel scrolls it."""

    def __init__(self, *children: Any, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(*children, id=id, classes=classes)
        self.can_focus = False
        self.symbol = ""
        self.rear: int | None = None  # in a battle with ranks set aside: the column's length
        self.marked = -1  # the line of the rank a lesson's step is about, kept in sight

    def out_of_sight(self) -> tuple[int, int]:
        """The lines of the column above and below what is shown."""
        above = max(0, round(self.scroll_y))
        below = self.virtual_size.height - self.scrollable_content_region.height - above
        return above, max(0, below)

    def mark(self) -> None:
        """The frame's foot: the battlefield's symbol, after the lines out of sight."""
        above, below = self.out_of_sight()
        more = " ".join(m for m in (_("↑{count} more").format(count=above) if above else "",
                                    _("↓{count} more").format(count=below) if below else "")
                        if m)
        frame = self.parent
        if not isinstance(frame, Vertical):
            return
        room = frame.outer_size.width - 6  # the corners, a rule and a space each side
        foot = f"{more} ⟨{self.symbol}⟩" if more else f"⟨{self.symbol}⟩"
        if more and room > 0 and len(foot) > room:  # the sign before the symbol
            foot = more
        if more and room > 0 and len(foot) > room:  # the arrows and counts alone, whole
            foot = " ".join(f"{sign}{count}" for sign, count in (("↑", above), ("↓", below))
                            if count)
        if frame.border_subtitle != foot:
            frame.border_subtitle = foot

    def show_rear(self) -> None:
        """Scrolled to the end, or (``rear``: the column's length, ranks set aside below it)
        so that the column's last line is the last in sight; or up to the ``marked`` line."""
        room = self.scrollable_content_region.height
        if self.rear is None and self.marked < 0:
            self.scroll_end(animate=False)
            return
        end = self.virtual_size.height if self.rear is None else self.rear
        # a rank a lesson's step is about (``marked``), above the rear in sight, comes in sight
        top = max(0, end - room)
        self.scroll_to(y=min(top, self.marked) if self.marked >= 0 else top, animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.mark()

    def on_resize(self) -> None:
        # a smaller room (a tip, a key bar of two lines) keeps the rear ranks in sight
        self.call_after_refresh(self.show_rear)
        self.mark()


class Board(Horizontal):
    """The four battlefields side by side: a fixed head, then the column, which scrolls. A
    lesson's step may mark one rank or enemy (``exact``)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._heads: dict[int, str] = {}
        self._view: OrczView | None = None
        self._tags: list[str] = []
        self.exact: Target | None = None  # the rank or enemy a lesson's step is about

    def compose(self) -> ComposeResult:
        for i in range(4):
            with Vertical(classes="field-frame", id=f"frame-{i}"):
                yield FitStatic(classes="field-head", id=f"head-{i}")
                with FieldScroll(classes="field-scroll", id=f"scroll-{i}"):
                    yield FieldPanel(id=f"field-{i}", classes="field")

    def on_resize(self) -> None:
        view = self._view
        if view is not None:  # the titles depend on the width: redraw what is shown by then
            self.call_after_refresh(lambda: self.show(view, self._tags))

    def mark_exact(self, target: Target | None) -> None:
        """A lesson's step names ``target``: marked, if it is a rank or an enemy."""
        exact = target if target is not None and target.kind == "battlefield" \
            and target.part else None
        if exact != self.exact:
            self.exact = exact
            if self._view is not None:
                self.show(self._view, self._tags)

    def _marked(self, field: FieldView, head: Text, column: Text) -> tuple[Text, Text]:
        """The head (its enemy) or the rank of the column a lesson's step is about, marked."""
        exact = self.exact
        if exact is None or exact.which != field["id"]:
            return head, column
        if exact.part == "enemy":
            return marked_line(head, 0), column
        if 0 < exact.number <= len(field["column"]):  # the ranks set aside come after
            return head, marked_line(column, exact.number - 1)
        return head, column

    def show(self, view: OrczView, tags: list[str]) -> None:
        self._view, self._tags = view, tags
        # one width for all titles: full names only when every one of them fits
        width = min((f.size.width for f in self.query(".field-frame").results(Vertical)),
                    default=0) or 20
        if any(field_title(f, i, width) != field_title(f, i)
               for i, f in enumerate(view["battlefields"])):
            width = 1
        for i, field in enumerate(view["battlefields"]):
            frame = self.query_one(f"#frame-{i}", Vertical)
            # the frame's corners, a rule and a space each side
            frame.border_title = fit_title(field_title(field, i, width),
                                           frame.outer_size.width - 6)
            scroll = self.query_one(f"#scroll-{i}", FieldScroll)
            scroll.symbol = symbol_name(field["symbol"])
            exact = self.exact
            # the rank a lesson's step is about stays in sight, if the rear has to go
            scroll.marked = exact.number - 1 if exact is not None and exact.number \
                and exact.which == field["id"] else -1
            scroll.mark()
            frame.set_class(bool(field.get("resolving")), "-resolving")
            frame.set_class(bool(field.get("cleared")), "-cleared")
            # the frame's sides and a scroll bar's column
            head, column = self._marked(field, field_head(field),
                                        field_column(field, tags, frame.outer_size.width - 3))
            if self._heads.get(i) != head.markup:
                self._heads[i] = head.markup
                self.query_one(f"#head-{i}", Static).update(head, layout=False)
            if self.query_one(f"#field-{i}", FieldPanel).show(column):
                # the newest ranks and the rear rank (which fights first) are at the bottom;
                # in a battle the ranks set aside come after the column: the rear rank and
                # the one ahead of it, which fight, stay in sight
                scroll.rear = len(field["column"]) if field.get("resolving") \
                    and field["aside"] else None
                scroll.call_after_refresh(scroll.show_rear)


class InfoBar(Static):
    """Round, first player, players with their letters and spent heroes, the event."""

    def show(self, view: OrczView, tags: list[str]) -> None:
        self.update(header_text(view, tags))


class StatusLine(Static):
    """Whose turn it is and what is being decided; the challenge clock when it runs."""
