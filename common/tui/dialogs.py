"""Full, opaque dialog screens of the table: a public question (which player?) and a notice.

Both are ``Screen``s, not translucent modals: what is below never shows through. Every text is
shown literally (players' names may hold brackets).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from common.i18n import N_, _
from common.tui.choices import Choice, ChoiceGrid
from common.tui.footer import Footer
from common.tui.keyguard import KeyGuard
from common.tui.numbered import digit_bindings
from common.tui.small import TooSmall, too_small


def literal(text: Text | str) -> Text:
    return text if isinstance(text, Text) else Text(text)


class PickPlayerScreen(Screen[Any]):
    """An opaque question: which player? (e.g. who plays a scout), or which card (a scout's).

    It opens with nothing selected: it comes up out of turn, often under a key typed for the
    screen before, so Enter does nothing until an arrow or a digit chose on this screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "nav(0,-1)", N_("Move"), key_display="↑↓"),
        Binding("down", "nav(0,1)", N_("Move"), show=False),
        Binding("left", "nav(-1,0)", N_("Move"), show=False),
        Binding("right", "nav(1,0)", N_("Move"), show=False),
        # a player's number; the AZERTY number row gives the digits too
        *digit_bindings("digit", N_("Select")),
        Binding("enter", "choose", N_("Choose")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, title: str, players: list[tuple[Any, str]], note: str) -> None:
        super().__init__()
        self.title_text = title
        self.players = players
        self.note = note

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(Text(self.note), classes="dialog-note")
            yield ChoiceGrid(id="who")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        grid = self.query_one(ChoiceGrid)
        grid.set_options([Choice(n, s) for s, n in self.players], selected=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if too_small(self):
            return False
        if action == "choose":  # shown, and acting, only once something is selected
            return self.query_one(ChoiceGrid).index != ChoiceGrid.NONE
        if action == "digit":
            digit = parameters[0]
            return isinstance(digit, str) and 0 < int(digit) <= len(self.players)
        return True

    def action_nav(self, dx: int, dy: int) -> None:
        self.query_one(ChoiceGrid).move(dx, dy)
        self.refresh_bindings()

    def action_digit(self, digit: str) -> None:
        """A player's number (never more than nine players: one digit)."""
        self.query_one(ChoiceGrid).select(int(digit) - 1)
        self.refresh_bindings()

    def action_choose(self) -> None:
        grid = self.query_one(ChoiceGrid)
        if grid.options and grid.index != ChoiceGrid.NONE:
            self.dismiss(grid.options[grid.index].value)

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        self.dismiss(self.query_one(ChoiceGrid).options[message.index].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NoticeScreen(Screen[None]):
    """A full-screen message with one key to go on: what a scout saw (private), or the results
    of a move (``public``: for everyone at the table). A text taller than the screen scrolls
    (arrows, Page keys); the line that says how to go on stays in sight below it.

    A key typed for the screen before (a hurried second Enter) never closes it: it takes a key
    pressed once it has been on screen a moment (``common.tui.keyguard``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", N_("Continue"))]

    def __init__(self, title: str, text: Text | str, *, public: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.text = literal(text)
        self.public = public
        # keys act only once it has been on screen a moment
        self.guard = KeyGuard(on_drawn=self._now_drawn)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            with Vertical(id="notice-head"):
                yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
                yield Static(self.note(), id="notice-note", classes="dialog-note")
            with VerticalScroll(id="notice-box"):
                yield Static(self.text, id="notice-body")
        yield Footer(classes="body", compact=True)

    def note(self, more: bool = False) -> Text:
        go_on = (_("Everyone may read this. Press Enter to go on.") if self.public else
                 _("Press Enter when done: the screen will be hidden."))
        text = Text(go_on)
        if more:
            text.append("  " + _("↓ PgDn: more below"), style="bold")
        return text

    def on_mount(self) -> None:
        self.guard.now_mounted()
        box = self.query_one("#notice-box")
        box.focus()
        self.watch(box, "scroll_y", lambda _: self._say_if_more(), init=False)
        self.call_after_refresh(self._say_if_more)

    @property
    def drawn(self) -> bool:
        return self.guard.drawn

    def _now_drawn(self) -> None:
        self.refresh_bindings()
        if KeyGuard.SECONDS > 0:  # Textual's timer divides by its delay
            self.set_timer(KeyGuard.SECONDS, self.refresh_bindings)  # the key shows once it acts

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_if_more)

    def _say_if_more(self) -> None:
        # A refresh asked for before the app closed may come after its widgets are gone.
        boxes = self.query("#notice-box").results(VerticalScroll)
        notes = self.query("#notice-note").results(Static)
        box, note = next(boxes, None), next(notes, None)
        if box is not None and note is not None:
            note.update(self.note(box.scroll_y < box.max_scroll_y))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and not self.guard.ready():
            return False
        return not too_small(self)

    def action_close(self) -> None:
        self.dismiss(None)
