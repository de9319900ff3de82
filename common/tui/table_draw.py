"""What the shared table shows: the public widgets and the log, the status line, the private
panel (whose, or a decision at the public table) and the key bar's redraw.

``TableDrawing`` is an object the table has (``common.tui.table.TableScreen.drawing``): it keeps
what was last drawn and draws from what the table holds (``Drawn``) and its game's part
(``table.game``). Everything private asks the
table's ``holder``: a seat's panel is drawn only for the seat that holds the terminal."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, overload

from rich.text import Text
from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

from common.errors import SaveError
from common.i18n import _
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import Picker
from common.tui.fit import fit_parts
from common.tui.flow_api import TableFlow
from common.tui.holder import Holder
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.picking import PickerPanel
from common.tui.review import Review
from common.tui.table_api import TableGameHooks
from common.tui.table_hooks import StatusLine
from common.tui.tips import Tips
from common.tui.window import WindowPicker
from common.words import shown

W = TypeVar("W", bound=Widget)


class Drawn(Protocol):
    """The table as its drawing reads it (``TableScreen`` is one)."""

    session: GameSession
    holder: Holder
    flow: TableFlow
    panel: PickerPanel
    news: str
    public_seat: int | None
    offer: Offer | None
    again: bool  # the panel shown is the same person's next decision, no curtain

    @property
    def viewer(self) -> int | None: ...
    @viewer.setter
    def viewer(self, seat: int | None) -> None: ...
    @property
    def picker(self) -> Picker | None: ...

    game: TableGameHooks
    tips: Tips
    review: Review | None

    @property
    def app(self) -> App[Any]: ...
    @overload
    def query_one(self, selector: str) -> Widget: ...
    @overload
    def query_one(self, selector: type[W]) -> W: ...
    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


class TableDrawing:
    """The table's drawing, and what it last drew (a Static's content, the key bar's
    signature): a redraw that changes nothing lays nothing out again."""

    def __init__(self, table: Drawn) -> None:
        self.table = table
        self._drawn: dict[str, str] = {}
        self._keys_signature: tuple[Any, ...] = ()

    def refresh_all(self, view: dict[str, Any] | None = None) -> None:
        table = self.table
        if view is None:
            view = table.session.view(table.viewer)
        table.game.draw_public(view)
        table.flow.public_drawn()
        table.query_one(LogPanel).show(table.session.log_lines())
        self.refresh_status(view)
        self.refresh_private(view)

    def refresh_status(self, view: dict[str, Any] | None = None) -> None:
        table = self.table
        if view is None:
            view = table.session.view(table.viewer)
        text = Text("▶ ", style="bold")
        if isinstance(table.picker, WindowPicker):
            # The window's question is the whole table's: the seat the core waits for is only
            # the order it asks in, and naming it reads as "Ann, it's your turn".
            text.append_text(table.flow.status_text({**view, "to_act": []}))
            text.append(_(" · asked of the whole table"))
        else:
            text.append_text(table.flow.status_text(view))
        if table.news:
            text.append("  ⚠ " + table.news, style="bold yellow")
        if table.session.unsaved:
            text.append("  ⚠ " + _("not saved: the last move is kept here, the save file is "
                                   "not written"), style="bold red")
        elif getattr(table.session, "read_only", None):  # opened from a read-only or full disk
            text.append(f"  ⚠ {table.session.read_only}", style="bold red")
        # One line; with news (a computer's whole move) as many as it needs, laid out again
        # only then or when it comes back to one: every key redraws it.
        status = table.query_one(StatusLine)
        status.set_class(bool(table.news), "-news")
        longer = bool(table.news) and text.cell_len > status.content_size.width
        status.update(text, layout=longer or status.size.height > 1)

    def refresh_private(self, view: dict[str, Any] | None = None, keep: bool = False) -> None:
        """Redraw the private panel; ``view`` is given only when the game changed."""
        self._draw_private(view, keep)
        self.table.flow.private_drawn()

    def _draw_private(self, view: dict[str, Any] | None, keep: bool) -> None:
        table = self.table
        self.refresh_keys()
        panel = table.query_one("#private")
        if table.viewer is not None and not table.holder.allows(table.viewer):
            table.viewer = None  # the terminal changed hands: nothing of the seat's any more
        if table.viewer is None and (table.public_seat is None or table.picker is None):
            panel.border_title = _("Private panel (hidden)")
            table.game.draw_private(None)
            table.panel.clear(_("Nothing private is shown."))
            return
        if table.viewer is None:
            panel.border_title = self.public_title()
            if view is not None:
                table.game.draw_private(None)
        elif view is not None:
            title = (_("{name}'s private panel · your next decision")
                     if table.again and table.flow.mark_again else _("{name}'s private panel"))
            # the frame's corners and a space each side: "· your next decision" gives way
            room = panel.outer_size.width - 6
            text = Text(title.format(name=table.session.players[table.viewer]))
            panel.border_title = fit_parts(text, room) if room > 0 else text
            table.game.draw_private(view)
        game = table.game
        hint = game.hint if table.viewer is not None else game.public_hint
        # a lesson step's card, marked where the grid offers it (the hand's list is not shown)
        table.panel.draw(keep, game.grid_note(), hint, marked=game.marked_card or None)

    def public_title(self) -> Text:
        """The panel's title while a decision is taken at the public table."""
        table = self.table
        if isinstance(table.picker, WindowPicker):
            return Text(_("For the whole table"))
        seat = table.public_seat
        name = table.session.players[seat] if seat is not None else "?"
        return Text(_("{name} decides at the table (public)").format(name=name))

    def put_text(self, selector: str, content: Text | str) -> None:
        """Update a Static only when its content changed (fixed heights: no new layout)."""
        key = content.markup if isinstance(content, Text) else "\0" + content
        if self._drawn.get(selector) == key:
            return
        self._drawn[selector] = key
        text = content if isinstance(content, Text) else Text(content)
        self.table.query_one(selector, Static).update(text, layout=False)

    def refresh_keys(self) -> None:
        """Redraw the key bar when what the keys depend on changed."""
        signature = self.keys_signature()
        if signature != self._keys_signature:
            self._keys_signature = signature
            self.table.query_one(KeyBar).redraw()

    def keys_signature(self) -> tuple[Any, ...]:
        """What the key bar's keys depend on: the table's, its parts' and the game's."""
        table = self.table
        step = table.review.step if table.review is not None else None
        return (*table.panel.signature(), table.session.unsaved, table.viewer,
                table.session.action_count, step, table.public_seat,
                *table.flow.keys_signature(), *table.tips.signature(),
                *table.game.keys_signature())

    def page_log(self, direction: int) -> None:
        """The log panel a page up or down."""
        self.table.query_one(LogPanel).page(direction)

    def say_not_saved(self, err: SaveError) -> None:
        """A failed write, said (the move stays here, marked not saved, for ``w``)."""
        self.table.app.notify(_("{reason}. Press w to try writing the save again.").format(
            reason=shown(err)), title=_("Not saved"), severity="error", markup=False, timeout=15)
        self.refresh_keys()


__all__ = ["Drawn", "TableDrawing"]
