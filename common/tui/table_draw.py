"""What the shared table shows: whose private panel, a decision at the public table, the status
line and the key bar's redraw.

``TableDrawing`` is the second layer of the table (``common.tui.table.TableScreen``, on
``common.tui.table_hooks.TableHooks``). Everything private asks the table's ``holder``: a seat's
panel or private screen is drawn only for the seat that holds the terminal, else its curtain
comes first (the flow's ``handoff``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from common.errors import SaveError
from common.i18n import _
from common.offer import Offer
from common.tui.choices import Picker
from common.tui.fit import fit_parts
from common.tui.flow import Flow
from common.tui.holder import Holder
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.picking import PickerPanel
from common.tui.review import Review
from common.tui.table_hooks import StatusLine, TableHooks
from common.tui.tips import Tips
from common.tui.window import WindowPicker
from common.words import shown


class TableDrawing(TableHooks):
    """The table's state on screen and its drawing."""

    holder: Holder
    flow: Flow
    panel: PickerPanel
    tips: Tips
    review: Review | None
    news: str
    last_viewer: int | None
    public_seat: int | None  # a decision taken at the public table: its seat and offer
    offer: Offer | None
    again: bool
    _viewer: int | None
    _panel_of: int | None
    _drawn: dict[str, str]
    _keys_signature: tuple[Any, ...]

    @property
    def viewer(self) -> int | None:
        """The seat whose private panel is shown (None: nobody's); always the holder's."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self._viewer = seat if seat is None or self.holder.allows(seat) else None

    @property
    def picker(self) -> Picker | None:
        """The game's picker for the decision on the panel (None: nothing to decide)."""
        return self.panel.picker

    @picker.setter
    def picker(self, picker: Picker | None) -> None:
        self.panel.picker = picker

    @property
    def message(self) -> Text | str:
        """The panel's message line: the rules' reason for a refusal, or empty."""
        return self.panel.message

    @message.setter
    def message(self, message: Text | str) -> None:
        self.panel.message = message

    @property
    def reviewing(self) -> bool:
        return self.review is not None

    @property
    def review_step(self) -> int | None:
        """The move the review shows (None: not a review)."""
        return self.review.step if self.review is not None else None

    def hide_private(self) -> None:
        """Nothing private on screen any more (before a curtain or a public screen)."""
        if self.viewer is not None:
            self.last_viewer = self.viewer
        self.viewer = self._panel_of = None
        self.public_seat = self.offer = None
        self.picker = None
        self.message = ""
        self.on_seat_hidden()
        self.tips.panel_hidden()  # a private tip goes with its panel
        self.refresh_all()

    def show_for(self, seat: int) -> None:
        """``seat``'s panel, now: it holds the terminal (else its curtain comes first)."""
        if not self.holder.allows(seat):
            self.flow.handoff(seat)
            return
        # The same person again with no curtain between: the panel says it is a new decision
        # (and the key guard keeps a habitual Enter from taking it).
        self.again = self._panel_of == seat
        self._panel_of = self.viewer = seat
        self.message = ""
        view = self.session.view(seat)
        self.picker = self.flow.picker_for(view, self.session.legal(seat))
        self.refresh_all(view)
        self.tips.panel_shown(seat, view)  # a private tip: only on its holder's panel
        self.on_seat_shown(view)

    def private_view(self, seat: int) -> dict[str, Any] | None:
        """``seat``'s own view, for a private screen: None unless it holds the terminal."""
        return self.session.view(seat) if self.holder.allows(seat) else None

    def push_private(self, seat: int, screen: Screen[Any],
                     callback: Callable[[Any], None]) -> None:
        """A private screen of ``seat`` (a scout, a scouted card): behind its curtain unless it
        holds the terminal."""
        def push() -> None:
            self.app.push_screen(screen, callback=callback)

        if self.holder.allows(seat):
            push()
        else:
            self.flow.push_curtain(seat, push)

    def say_not_saved(self, err: SaveError) -> None:
        self.app.notify(_("{reason}. Press w to try writing the save again.").format(
            reason=shown(err)), title=_("Not saved"), severity="error", markup=False, timeout=15)
        self.refresh_keys()

    def action_save_again(self) -> None:
        try:
            self.session.save()
        except SaveError as err:
            self.say_not_saved(err)
        else:
            self.app.notify(_("The game is saved."), markup=False)
        self.refresh_keys()
        self.refresh_status()

    # ---- drawing

    def refresh_all(self, view: dict[str, Any] | None = None) -> None:
        if view is None:
            view = self.session.view(self.viewer)
        self.draw_public(view)
        self.flow.public_drawn()
        self.query_one(LogPanel).show(self.session.log_lines())
        self.refresh_status(view)
        self.refresh_private(view)

    def refresh_status(self, view: dict[str, Any] | None = None) -> None:
        if view is None:
            view = self.session.view(self.viewer)
        text = Text("▶ ", style="bold")
        if isinstance(self.picker, WindowPicker):
            # The window's question is the whole table's: the seat the core waits for is only
            # the order it asks in, and naming it reads as "Ann, it's your turn".
            text.append_text(self.flow.status_text({**view, "to_act": []}))
            text.append(_(" · asked of the whole table"))
        else:
            text.append_text(self.flow.status_text(view))
        if self.news:
            text.append("  ⚠ " + self.news, style="bold yellow")
        if self.session.unsaved:
            text.append("  ⚠ " + _("not saved: the last move is kept here, the save file is "
                                   "not written"), style="bold red")
        elif getattr(self.session, "read_only", None):  # opened from a read-only or full disk
            text.append(f"  ⚠ {self.session.read_only}", style="bold red")
        # One line; with news (a computer's whole move) as many as it needs, laid out again
        # only then or when it comes back to one: every key redraws it.
        status = self.query_one(StatusLine)
        status.set_class(bool(self.news), "-news")
        longer = bool(self.news) and text.cell_len > status.content_size.width
        status.update(text, layout=longer or status.size.height > 1)

    def refresh_private(self, view: dict[str, Any] | None = None, keep: bool = False) -> None:
        """Redraw the private panel; ``view`` is given only when the game changed."""
        self._draw_private(view, keep)
        self.flow.private_drawn()

    def _draw_private(self, view: dict[str, Any] | None, keep: bool) -> None:
        self.refresh_keys()
        panel = self.query_one("#private")
        if self.viewer is not None and not self.holder.allows(self.viewer):
            self.viewer = None  # the terminal changed hands: nothing of the seat's any more
        if self.viewer is None and (self.public_seat is None or self.picker is None):
            panel.border_title = _("Private panel (hidden)")
            self.draw_private(None)
            self.panel.clear(_("Nothing private is shown."))
            return
        if self.viewer is None:
            panel.border_title = self.public_title()
            if view is not None:
                self.draw_private(None)
        elif view is not None:
            title = (_("{name}'s private panel · your next decision")
                     if self.again and self.flow.mark_again else _("{name}'s private panel"))
            # the frame's corners and a space each side: "· your next decision" gives way
            room = panel.outer_size.width - 6
            text = Text(title.format(name=self.session.players[self.viewer]))
            panel.border_title = fit_parts(text, room) if room > 0 else text
            self.draw_private(view)
        hint = self.hint if self.viewer is not None else self.public_hint
        self.panel.draw(keep, self.grid_note(), hint)

    def public_hint(self) -> Text | str:
        """The message line of a public decision: how to play a card instead."""
        if isinstance(self.picker, WindowPicker):
            return Text(_("Your seat's number: you play a card · n: nobody"), style="italic")
        if self.offer is None or not self.offer.secret or self.public_seat is None:
            return ""
        name = self.session.players[self.public_seat]
        return Text(self.open_words(name)[0], style="italic")

    def public_title(self) -> Text:
        """The panel's title while a decision is taken at the public table."""
        if isinstance(self.picker, WindowPicker):
            return Text(_("For the whole table"))
        seat = self.public_seat
        name = self.session.players[seat] if seat is not None else "?"
        return Text(_("{name} decides at the table (public)").format(name=name))
    def put_text(self, selector: str, content: Text | str) -> None:
        """Update a Static only when its content changed (fixed heights: no new layout)."""
        key = content.markup if isinstance(content, Text) else "\0" + content
        if self._drawn.get(selector) == key:
            return
        self._drawn[selector] = key
        shown = content if isinstance(content, Text) else Text(content)
        self.query_one(selector, Static).update(shown, layout=False)

    # ---- keys

    def refresh_keys(self) -> None:
        """Redraw the key bar when what the keys depend on changed."""
        signature = self.keys_signature()
        if signature != self._keys_signature:
            self._keys_signature = signature
            self.query_one(KeyBar).redraw()

    def keys_signature(self) -> tuple[Any, ...]:
        """What the footer's keys depend on (a game adds its own state)."""
        return (*self.panel.signature(), self.session.unsaved, self.viewer,
                self.session.action_count, self.review_step, self.public_seat,
                *self.flow.keys_signature(), *self.tips.signature())

    def page_log(self, direction: int) -> None:
        """The log panel a page up or down."""
        self.query_one(LogPanel).page(direction)


__all__ = ["TableDrawing"]
