"""The hooks a game's table fills in, with the shell's defaults, and the parts of its layout.

``TableHooks`` is the one base class of the shared table (``common.tui.table.TableScreen``): what
a game subclass overrides to draw its widgets, make its pickers and word its notices. The shell
calls these; they never call the flow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

from common.errors import IllegalAction
from common.i18n import _
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import ChoiceGrid, Picker
from common.tui.end import default_standings
from common.tui.fit import FitBlock, FitStatic, fit_block, fit_parts
from common.tui.log_panel import LogPanel


class StatusLine(FitStatic):
    """What is being decided and by whom (one line above the board): shortened to whole words;
    with news (``-news``: a computer's whole move) wrapped in at most three lines."""

    NEWS_LINES = 3

    def render(self) -> RenderResult:
        content = self.content
        if self.has_class("-news") and isinstance(content, Text):
            return fit_block(content, self.content_size.width, self.NEWS_LINES)
        if isinstance(content, Text) and self.content_size.width > 0:
            # what is decided comes first: the parts after it give way whole
            return fit_parts(content, self.content_size.width)
        return super().render()



class TableHooks(Screen[str | None]):
    """The hooks of the shared table a game fills in (``docs/architecture.md``)."""

    session: GameSession

    def compose_table(self) -> ComposeResult:
        """The game's widgets: one StatusLine, LogPanel(id="log"), and a container
        ``#private`` holding Static ``#prompt``, ChoiceGrid ``#choices``, Static ``#message``."""
        raise NotImplementedError
        yield  # pragma: no cover

    def compose_bottom(self, *hand: Widget) -> ComposeResult:
        """The usual bottom row: the private panel (``hand`` first, then the prompt, the
        choices and the message line) beside the log."""
        with Horizontal(id="bottom"):
            with PrivatePanel():
                yield from hand
                yield FitStatic(id="prompt")
                yield ChoiceGrid(id="choices")
                yield FitBlock(id="message")
            yield LogPanel(id="log")

    def draw_public(self, view: dict[str, Any]) -> None:
        """Update the public widgets from ``view`` (the viewer's, or a spectator's)."""

    def draw_private(self, view: dict[str, Any] | None) -> None:
        """Update the game's own private widgets; ``None``: show nothing private."""

    def make_picker(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        """The decision of the seat ``view["seat"]`` now, from its legal actions."""
        return None

    def status_text(self, view: dict[str, Any]) -> Text:
        return Text("")

    def results(self, entries: list[dict[str, Any]], view: dict[str, Any]) -> Text | None:
        """A public notice of what the public log ``entries`` a move added say; None: none."""
        return None

    def news_text(self, entries: list[dict[str, Any]]) -> str:
        """Public news for the status line (e.g. a lost turn); empty: none."""
        return ""

    def standings(self, view: dict[str, Any], result: dict[str, Any]) -> Text:
        """The end screen's standings; by default a place, a name and its points a line."""
        return default_standings(view, result)

    def revealed_view(self, step: int) -> dict[str, Any]:
        """The review's view after ``step`` moves, everything revealed."""
        return self.session.view_at(step, None)

    def describe_action(self, action: dict[str, Any]) -> str:
        seat = action.get("seat")
        who = self.session.players[seat] if isinstance(seat, int) else "?"
        return f"{who}: {str(action.get('type', '?')).replace('_', ' ')}"

    def highlight_target(self, target: str) -> Widget | None:
        """The widget a lesson step's ``board`` names ("hand", "log", a game's own parts)."""
        shared = {"hand": "#private", "panel": "#private", "status": "#status", "log": "#log"}
        selector = shared.get(target.split(":")[0])
        return self.query_one(selector) if selector else None

    def highlight(self, target: str) -> None:
        """Mark the part of the table a lesson step is about (and no other)."""
        for widget in self.query(".-lesson-focus"):
            widget.remove_class("-lesson-focus")
        node = self.highlight_target(target) if target else None
        if node is not None:
            node.add_class("-lesson-focus")

    def refusal_words(self, err: IllegalAction) -> str:
        """A rule's refusal in the language in use: a game words it from ``err.code`` and
        ``err.params`` (translated); the default is the rules core's own (English) reason."""
        return str(err)

    def open_words(self, name: str) -> tuple[str, str]:
        """What ``o`` does at a public decision, on the message line, and the public note that
        ``name`` did it (everyone sees that they looked, not what)."""
        return (_("o: {name} opens their hand (curtain first), to play a card").format(name=name),
                _("{name} opened their hand behind the curtain.").format(name=name))

    def window_title(self, offer: Offer) -> str:
        """The question of a window (a game may name the moment)."""
        return _("Anyone playing a card now?")

    def on_seat_shown(self, view: dict[str, Any]) -> None:
        """Called when a seat's panel has just been shown (e.g. to start a clock)."""

    def on_seat_hidden(self) -> None:
        """Called whenever the private panel is hidden."""

    def grid_note(self) -> Text | None:
        """Text shown below the choices (e.g. the hand, when the choices are not the hand)."""
        return None

    def hint(self) -> Text | str:
        """The message line when there is no error and the picker has no preview."""
        return ""

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own keys: whether ``action`` means something now (default: yes)."""
        return True

    def request_out_of_turn_kind(self, kind: str, back: Callable[[], None] | None) -> None:
        """A game maps its out-of-turn keys to ``request_out_of_turn`` here."""
        if back is not None:
            back()


class PrivatePanel(VerticalScroll):
    """The private panel's frame (``#private``): a game puts its own parts inside."""

    def __init__(self, *children: Any, id: str = "private") -> None:
        super().__init__(*children, id=id)
        self.can_focus = False
        self.border_title = _("Private panel")



__all__ = ["PrivatePanel", "StatusLine", "TableHooks"]
