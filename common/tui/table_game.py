"""A game's part of the shared table: its widgets, its pickers, its words and its own keys.

The table (``common.tui.table.TableScreen``) is the one screen every game shares; it *has* the
game's part, a ``TableGame`` the game's registered screen gives it (``OrczTable`` gives an
``OrczGame``). The shell calls the hooks below (the defaults are the shell's); a game's part
reaches the table back through ``table``: what is on screen (``viewer``, ``picker``), its
drawing (``table.drawing.put_text``), its flow (``table.flow.handle_pick``, ``apply_and_save``,
``handoff``, ``asides.request_out_of_turn``). A game's own machinery (Orcz's challenge clock,
its scout) is a part its ``TableGame`` has in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget

from common.errors import IllegalAction
from common.i18n import _
from common.lessons.targets import Target
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import ChoiceGrid, Picker
from common.tui.end import default_standings
from common.tui.fit import FitBlock, FitStatic
from common.tui.log_panel import LogPanel
from common.tui.options import TableOptions
from common.tui.table import TableScreen
from common.tui.table_hooks import PrivatePanel
from common.tui.window import WindowPicker


class TableGame:
    """The hooks of the shared table a game fills in (``docs/architecture.md``), with the
    shell's defaults."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.marked_card = ""  # the card of the hand a lesson's step is about: drawn marked

    def mark_exact(self, target: Target | None) -> None:
        """A lesson's step names ``target``: a card of the hand ("hand:Ann:archer-2") is kept
        (``marked_card``) and the private panel redrawn with it marked (``learn_mark``)."""
        card = target.part if target is not None and target.kind == "hand" else ""
        if card != self.marked_card:
            self.marked_card = card
            self.table.refresh_private(keep=True)  # the panel's note lists the hand

    @property
    def session(self) -> GameSession:
        return self.table.session

    # ---- the layout

    def compose(self) -> ComposeResult:
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

    def configure(self, options: TableOptions) -> None:
        """A game's own settings among the app run's ``options`` (Orcz: the challenge clock)."""

    # ---- drawing

    def draw_public(self, view: dict[str, Any]) -> None:
        """Update the public widgets from ``view`` (the viewer's, or a spectator's)."""

    def draw_private(self, view: dict[str, Any] | None) -> None:
        """Update the game's own private widgets; ``None``: show nothing private."""

    def draw_review(self, step: int) -> None:
        """The game's own part of the review after ``step`` moves (after the shell's)."""

    def grid_note(self) -> Text | None:
        """Text shown below the choices (e.g. the hand, when the choices are not the hand)."""
        return None

    def hint(self) -> Text | str:
        """The message line when there is no error and the picker has no preview."""
        return ""

    def public_hint(self) -> Text | str:
        """The message line of a public decision: how to play a card instead."""
        table = self.table
        if isinstance(table.picker, WindowPicker):
            return Text(_("Your seat's number: you play a card · n: nobody"), style="italic")
        if table.offer is None or not table.offer.secret or table.public_seat is None:
            return ""
        name = self.session.players[table.public_seat]
        return Text(self.open_words(name)[0], style="italic")

    def highlight_target(self, target: str) -> Widget | None:
        """The widget a lesson step's ``board`` names ("hand", "log", a game's own parts)."""
        shared = {"hand": "#private", "panel": "#private", "status": "#status", "log": "#log"}
        selector = shared.get(target.split(":")[0])
        return self.table.query_one(selector) if selector else None

    def on_seat_shown(self, view: dict[str, Any]) -> None:
        """Called when a seat's panel has just been shown (e.g. to start a clock)."""

    def on_seat_hidden(self) -> None:
        """Called whenever the private panel is hidden."""

    def on_waiting(self, view: dict[str, Any]) -> None:
        """Called when only seats of other terminals are to act (a hosted game) and this
        terminal shows ``view``: its one person's, or the public one (e.g. to start a clock
        that lets the people here call out the seat deciding elsewhere)."""

    # ---- decisions and words

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

    # ---- the game's own keys (its screen's ``BINDINGS``)

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own keys: whether ``action`` means something now (default: yes)."""
        return True

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment, when the game words it (None: the shell's)."""
        return None

    def keys_signature(self) -> tuple[Any, ...]:
        """The game's own state the key bar depends on."""
        return ()

    def out_of_turn(self, kind: str, back: Callable[[], None] | None = None) -> None:
        """An out-of-turn key, at a curtain (``GameUI.curtain_keys``: then ``back`` brings the
        curtain back if nobody acts) or on the table; a game maps its kinds to
        ``flow.asides.request_out_of_turn``."""
        if back is not None:
            back()

    # ---- a seat's private things, as a game's part asks for them

    def private_view(self, seat: int) -> dict[str, Any] | None:
        """``seat``'s own view, for a private screen: None unless it holds the terminal."""
        table = self.table
        return self.session.view(seat) if table.holder.allows(seat) else None

    def push_private(self, seat: int, screen: Screen[Any],
                     callback: Callable[[Any], None]) -> None:
        """A private screen of ``seat`` (a scout, a scouted card): behind its curtain unless it
        holds the terminal."""
        table = self.table

        def push() -> None:
            table.app.push_screen(screen, callback=callback)

        if table.holder.allows(seat):
            push()
        else:
            table.flow.push_curtain(seat, push)


__all__ = ["TableGame"]
