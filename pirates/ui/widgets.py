"""Widgets of the Pirate's Cove table. Each receives plain view data (attributes down) and
redraws only when its text changed; each picks its form (line, compact, full) from its size."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.dom import NoScreen
from textual.widget import Widget
from textual.widgets import Static

from common.lessons.targets import Target
from common.tui.fit import NO_BREAK, FitStatic
from common.tui.learn_mark import marked_line
from pirates.ui.render import (
    MapLayout,
    MatLayout,
    combat_events,
    combat_text,
    map_text,
    mat_text,
)
from pirates.view_types import PiratesView


class Panel(FitStatic):
    """A Static that updates only when its text changed, with a height fixed to its lines (the
    layout never has to measure it); a line wider than the panel ends at a whole word, "…"."""

    fixed_height = True  # False: the text wraps, the height follows (CSS: height auto)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._shown = ""
        self._lines = -1
        self._view: PiratesView | None = None
        self.tags: list[str] = []
        self.exact: Target | None = None  # what a lesson's step is about, marked (a subclass's)

    def put(self, text: Text) -> bool:
        """Show ``text``; True when it changed."""
        key = text.markup
        if key == self._shown:
            return False
        self._shown = key
        lines = text.plain.count("\n") + 1 if text.plain else 0
        if lines != self._lines and self.fixed_height:
            self._lines = lines
            self.styles.height = lines
        # a wrapped text's height follows it: its last lines are not cut off
        self.update(text, layout=not self.fixed_height)
        return True

    def show(self, view: PiratesView, tags: list[str]) -> None:
        self._view, self.tags = view, tags
        self.put(self.draw(view))

    def draw(self, view: PiratesView) -> Text:
        return Text("")

    def room(self) -> tuple[int, int]:
        """The width and height its container gives it."""
        box = self.parent
        size = box.size if box is not None and hasattr(box, "size") else self.size
        return size.width, size.height

    def on_resize(self, event: events.Resize) -> None:
        if self._view is not None:
            self.put(self.draw(self._view))

    def _remark(self, exact: Target | None) -> None:
        """Keep the exact part a lesson's step names (``exact``), and redraw if it changed."""
        if exact != self.exact:
            self.exact = exact
            if self._view is not None:
                self.put(self.draw(self._view))


class HandLine(Static):
    """The seat's cards by name: as many lines as they need (every card in sight), so
    a new hand lays the panel out again; the other parts of the panel keep fixed heights."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(content, layout=True)


class MapPanel(Panel):
    """The islands: one line each in a short terminal, two lines, or in full when there is room;
    the island a lesson's step is about marked (``exact``)."""

    def mark_exact(self, target: Target | None) -> None:
        exact = target if target is not None and target.kind == "island" \
            and target.which.isdigit() else None
        self._remark(exact)

    def draw(self, view: PiratesView) -> Text:
        width, height = self.room()
        combat = view.get("combat") is not None
        room = height - (9 if combat else 0)
        mode: MapLayout = ("wide" if width >= 64 and room >= 27
                           else "compact" if room >= 14 else "line")
        # the room beside a scroll bar, less the padding's column each side; the key wraps
        # whole onto the rows left free
        box = self.parent
        inner = box.scrollable_content_region.width if isinstance(box, Widget) else width
        island = int(self.exact.which) if self.exact is not None else 0
        return map_text(view, self.tags, mode, (inner or width) - 2, room, island)


class MatsPanel(Panel):
    """Every ship's mat, in seat order: in full when they fit, else two lines each; the ship a
    lesson's step is about marked on its name, or its section (``exact``)."""

    def mark_exact(self, target: Target | None) -> None:
        exact = target if target is not None and target.kind == "ship" and target.which \
            else None
        self._remark(exact)

    def _mat(self, view: PiratesView, seat: int, mode: MatLayout, computer: bool) -> Text:
        exact = self.exact
        if exact is None or view["players"][seat]["name"] != exact.which:
            return mat_text(view, seat, self.tags, mode, computer)
        if exact.part:
            return mat_text(view, seat, self.tags, mode, computer, exact.part)
        return marked_line(mat_text(view, seat, self.tags, mode, computer), 0)

    def draw(self, view: PiratesView) -> Text:
        width, height = self.room()
        count = len(view["players"])
        mode: MatLayout = "compact"
        if width >= 48 and height >= 3 * count:
            mode = "full" if height >= 7 * count else "medium"
        computers = self.computers(count)
        return Text("\n").join(self._mat(view, seat, mode, seat in computers)
                               for seat in range(count))

    def computers(self, count: int) -> set[int]:
        """The computer players' seats, from the game session of the screen shown on."""
        try:
            session = getattr(self.screen, "session", None)
        except NoScreen:  # not mounted yet
            return set()
        is_bot = getattr(session, "is_bot", None)
        return {s for s in range(count) if is_bot is not None and is_bot(s)}


class CombatPanel(Panel):
    """The combat in progress and its latest events; hidden when there is none."""

    fixed_height = False

    def render(self) -> RenderResult:
        return Static.render(self)  # wrapped, never shortened: every ship's row is read

    def draw(self, view: PiratesView) -> Text:
        text = combat_text(view, self.tags)
        self.display = text is not None
        if text is None:
            return Text("")
        lines = combat_events(view, limit=4)
        if lines:
            text.append("\n")
            text.append("\n".join(f" · {held_counts(line)}" for line in lines), style="italic")
        return text


# a number and the word after it ("6 fame"), then French's "de" and its noun ("6 de renommée")
COUNT = re.compile(r"(?<=\d) (?=\S)")
COUNT_OF = re.compile(r"(?<=\d\u00a0de) ")


def held_counts(line: str) -> str:
    """``line`` with each count held to its noun by no-break spaces: the box wraps its lines,
    and "6 de / renommée" read as two things."""
    return COUNT_OF.sub(NO_BREAK, COUNT.sub(NO_BREAK, line))
