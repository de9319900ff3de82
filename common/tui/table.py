"""The table every game shares: its screen, its keys, and the parts that run it.

``TableScreen`` shows a seat its private panel only while that seat holds the terminal
(``holder``, ``common.tui.holder``: after its curtain, or alone at the table), drives the game's
pickers with the same keys for every game, applies the chosen actions through
the session (which saves after each), shows the rules' reason for an illegal choice, a public
notice with the results of a move, the end screen and the review. It never names a game's
actions or events: a game subclasses it and fills in the hooks below (``docs/architecture.md``).

It is made of three parts, each in its own module: the flow (``common.tui.flow``: whose panel
is shown when, curtains, windows, computer players, undo; a lesson's flow is the other one), the
picker panel (``common.tui.picking``) and the review (``common.tui.review``). The table draws,
dispatches the keys to them, and keeps the game-facing calls (``handoff``, ``apply_and_save``,
``request_out_of_turn`` …) that its parts answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from common.errors import SaveError
from common.offer import Offer
from common.tui.choices import ChoiceGrid, Picker
from common.tui.fit import FitBlock, FitStatic, fit_block
from common.tui.flow import Flow
from common.tui.holder import Holder
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.picking import PICK_KEYS, PickerPanel
from common.tui.review import Review
from common.tui.session import GameSession
from common.tui.small import TooSmall, too_small
from common.tui.tips import Tips  # tips in real games (issue 30)
from common.tui.window import Claim, WindowPicker
from common.words import shown

TABLE_BINDINGS: list[BindingType] = [
    Binding("up", "nav(0,-1)", "Move", key_display="↑↓←→"),
    Binding("down", "nav(0,1)", "Move", show=False),
    Binding("left", "nav(-1,0)", "Move", show=False),
    Binding("right", "nav(1,0)", "Move", show=False),
    Binding("enter", "choose", "Choose"),
    Binding("escape", "back", "Back"),
    Binding("1", "quick(0)", "Pick", key_display="1…"),
    *[Binding(str((i + 1) % 10), f"quick({i})", "", show=False) for i in range(1, 10)],
    Binding("plus", "adjust(1)", "+1"),
    # the number row goes on past 0: "-" and "=" pick the 11th and 12th options, or change a
    # share by one in a split
    Binding("minus", "row_key(-1,10)", "−1", show=False),
    Binding("equals_sign", "row_key(1,11)", "+1", show=False),
    Binding("pageup", "log_page(-1)", "Log ↑", show=False),
    Binding("pagedown", "log_page(1)", "Log ↓", show=False),
    Binding("w", "save_again", "Save again"),
    Binding("o", "open_hand", "Open hand"),
    Binding("n", "nobody", "Nobody plays"),
    Binding("e", "tip_lesson", "Tip's lesson"),  # tips (issue 30): common/tui/tips.py
    Binding("t", "tips_off", "Tips off"),
    Binding("home", "review_step(-100000)", "Start", show=False),
    Binding("end", "review_step(100000)", "End", show=False),
]

BOT_PAUSE = 1.2  # seconds a computer player's move stays on the status line before play goes on


class StatusLine(FitStatic):
    """What is being decided and by whom (one line above the board): shortened to whole words;
    with news (``-news``: a computer's whole move) wrapped in at most three lines."""

    NEWS_LINES = 3

    def render(self) -> RenderResult:
        content = self.content
        if self.has_class("-news") and isinstance(content, Text):
            return fit_block(content, self.content_size.width, self.NEWS_LINES)
        return super().render()


class TableScreen(Screen[str | None]):
    """The shared table; a game subclass provides the widgets and the hooks. It owns a flow
    (``flow``), the picker panel (``panel``) and, opened for the review, ``review``."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], Flow] = Flow) -> None:
        super().__init__()
        self.session = session
        # The person at the terminal: the only seat whose private things may be drawn.
        self.holder = Holder(session.humans)
        person = self._only_person()
        if person is not None:
            self.holder.alone(person)
        self._viewer: int | None = None  # the seat whose private panel is shown; None: nobody's
        self.last_viewer: int | None = None  # who was at the terminal before the last curtain
        self.after_start: Callable[[], None] | None = None
        self.panel = PickerPanel(self)  # the decision on the private panel, and its keys
        self.review: Review | None = Review(self, session.action_count) if review else None
        self.bot_pause = BOT_PAUSE
        self.news = ""
        self._drawn: dict[str, str] = {}
        self._keys_signature: tuple[Any, ...] = ()
        # A decision taken at the public table: its seat and offer (nothing private shown).
        self.public_seat: int | None = None
        self.offer: Offer | None = None
        self.again = False  # the panel shown is the same person's next decision, no curtain
        self._panel_of: int | None = None  # whose decision the panel showed last, if still up
        self.flow = flow(self)  # whose panel is shown when; pass and play, or a lesson
        self.tips = Tips(self)  # tips in real games (issue 30)

    # ---- the hooks a game fills in

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
        lines = [f"{i + 1}. {row}" for i, row in enumerate(result.get("standings", []))]
        return Text("\n".join(lines))

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

    def open_words(self, name: str) -> tuple[str, str]:
        """What ``o`` does at a public decision, on the message line, and the public note that
        ``name`` did it (everyone sees that they looked, not what)."""
        return (f"o: {name} opens their hand (curtain first), to play a card",
                f"{name} opened their hand behind the curtain.")

    def window_title(self, offer: Offer) -> str:
        """The question of a window (a game may name the moment)."""
        return "Anyone playing a card now?"

    def on_seat_shown(self, view: dict[str, Any]) -> None:
        """Called when a seat's panel has just been shown (e.g. to start a clock)."""

    def on_seat_hidden(self) -> None:
        """Called whenever the private panel is hidden."""

    # ---- layout

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="main"):
            yield from self.compose_table()
        yield KeyBar(classes="body")

    def on_mount(self) -> None:
        if self.review is None:
            self.tips.mount()  # tips (issue 30)
            self.flow.mount()
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self.review is not None:
            self.draw_review()
            return
        start, self.after_start = self.after_start, None
        (start or self.flow.start)()

    def set_option(self, name: str, value: object) -> None:
        """A setting of the table or of its flow (e.g. a test's short clock)."""
        setattr(self.flow if hasattr(self.flow, name) else self, name, value)

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

    # ---- the game-facing calls of the flow (common/tui/flow.py)

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""
        self.flow.advance()

    def handle_pick(self, outcome: Any) -> None:
        """What a picker answered (a game's own keys pick too)."""
        self.flow.handle_pick(outcome)

    def handoff(self, seat: int) -> None:
        """Nothing private, then ``seat``'s curtain and panel."""
        self.flow.handoff(seat)

    def apply_and_save(self, action: Any) -> bool:
        """False when a rule failed (a bug: its screen is up)."""
        return self.flow.apply_and_save(action)

    def request_undo(self, *, from_curtain: bool = False,
                     back: Callable[[], None] | None = None) -> None:
        self.flow.request_undo(from_curtain=from_curtain, back=back)

    @property
    def undo_seat(self) -> int | None:
        return self.flow.undo_seat

    def request_out_of_turn(self, title: str, accepts: Callable[[Any], bool], note: str,
                            run: Callable[[int], None], *, none_note: str,
                            back: Callable[[], None] | None = None) -> None:
        """Ask who takes an action ``accepts`` out of turn, then that seat's curtain and
        ``run(seat)``; ``run`` ends with ``out_of_turn_done(seat)``."""
        self.flow.request_out_of_turn(title, accepts, note, run, none_note=none_note, back=back)

    def out_of_turn_done(self, seat: int) -> None:
        self.flow.out_of_turn_done(seat)

    # ---- what is on screen: whose panel, or a decision at the public table

    def action_open_hand(self) -> None:
        self.flow.open_hand()

    def action_tip_lesson(self) -> None:  # tips (issue 30)
        self.tips.open_lesson()

    def action_tips_off(self) -> None:  # tips (issue 30)
        self.tips.turn_off()

    def action_nobody(self) -> None:
        if isinstance(self.picker, WindowPicker):
            self.flow.claimed(Claim(None))

    def _only_person(self) -> int | None:
        """The one person at a table of computer players (who needs no curtain at all)."""
        people = [s for s in range(len(self.session.players)) if not self.session.is_bot(s)]
        return people[0] if len(people) == 1 else None

    def hide_private(self) -> None:
        """Nothing private on screen any more (before a curtain or a public screen)."""
        if self.viewer is not None:
            self.last_viewer = self.viewer
        self.viewer = self._panel_of = None
        self.public_seat = self.offer = None
        self.picker = None
        self.message = ""
        self.on_seat_hidden()
        self.tips.panel_hidden()  # tips (issue 30)
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
        self.tips.panel_shown(seat, view)  # tips (issue 30): only its holder's panel
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
        self.app.notify(f"{shown(err)}. Press w to try writing the save again.", title="Not saved",
                        severity="error", markup=False, timeout=15)
        self.refresh_keys()

    def action_save_again(self) -> None:
        try:
            self.session.save()
        except SaveError as err:
            self.say_not_saved(err)
        else:
            self.app.notify("The game is saved.", markup=False)
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
            text.append(" · asked of the whole table")
        else:
            text.append_text(self.flow.status_text(view))
        if self.news:
            text.append("  ⚠ " + self.news, style="bold yellow")
        if self.session.unsaved:
            text.append("  ⚠ not saved: the last move is kept here, the save file is not "
                        "written", style="bold red")
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
            panel.border_title = "Private panel (hidden)"
            self.draw_private(None)
            self.panel.clear("Nothing private is shown.")
            return
        if self.viewer is None:
            panel.border_title = self.public_title()
            if view is not None:
                self.draw_private(None)
        elif view is not None:
            again = " · your next decision" if self.again and self.flow.mark_again else ""
            panel.border_title = Text(f"{self.session.players[self.viewer]}'s private panel"
                                      f"{again}")
            self.draw_private(view)
        hint = self.hint if self.viewer is not None else self.public_hint
        self.panel.draw(keep, self.grid_note(), hint)

    def public_hint(self) -> Text | str:
        """The message line of a public decision: how to play a card instead."""
        if isinstance(self.picker, WindowPicker):
            return Text("Your seat's number: you play a card · n: nobody",
                        style="italic")
        if self.offer is None or not self.offer.secret or self.public_seat is None:
            return ""
        name = self.session.players[self.public_seat]
        return Text(self.open_words(name)[0], style="italic")

    def public_title(self) -> Text:
        """The panel's title while a decision is taken at the public table."""
        if isinstance(self.picker, WindowPicker):
            return Text("For the whole table")
        seat = self.public_seat
        name = self.session.players[seat] if seat is not None else "?"
        return Text(f"{name} decides at the table (public)")

    def grid_note(self) -> Text | None:
        """Text shown below the choices (e.g. the hand, when the choices are not the hand)."""
        return None

    def hint(self) -> Text | str:
        """The message line when there is no error and the picker has no preview."""
        return ""

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now act, and show in the footer."""
        verdict = self.flow.check_key(action, parameters)
        if verdict is not None:
            return verdict
        if too_small(self) or self.flow.bot_busy:
            return False
        if action == "save_again":
            return self.session.unsaved
        if self.review is not None:
            return self.review.allows(action)
        if action == "review_step":
            return False
        if action == "open_hand":
            return (self.public_seat is not None and self.offer is not None
                    and self.offer.secret and not isinstance(self.picker, WindowPicker))
        if action == "nobody":
            return isinstance(self.picker, WindowPicker)
        if action in ("tip_lesson", "tips_off"):  # tips (issue 30)
            return self.tips.allows(action)
        if action in PICK_KEYS:
            return self.panel.allows(action)
        return self.check_game_action(action, parameters)

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment (common/tui/keybar.py): the flow's, or Esc's from the
        picker."""
        word = self.flow.key_label(action)
        if word is not None:
            return word
        if action == "back" and not self.reviewing:
            return self.panel.back_word()
        return None

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own keys: whether ``action`` means something now (default: yes)."""
        return True

    # ---- the picker's keys, through the flow to the picker panel; in the review, its own

    def action_nav(self, dx: int, dy: int) -> None:
        if self.review is not None:
            self.review.nav(dx, dy)
            return
        self.flow.nav(dx, dy)

    def action_choose(self) -> None:
        self.flow.choose()

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        self.flow.clicked(message.index)

    def action_quick(self, index: int) -> None:
        self.flow.quick(index)

    def action_row_key(self, delta: int, index: int) -> None:
        self.flow.row_key(delta, index)

    def action_adjust(self, delta: int) -> None:
        self.flow.adjust(delta)

    def action_back(self) -> None:
        if self.reviewing:
            self.dismiss(None)
            return
        self.flow.back()

    def action_log_page(self, direction: int) -> None:
        if self.review is not None:
            self.query_one(LogPanel).page(direction)
            return
        self.flow.log_page(direction)

    def action_flow(self, name: str) -> None:
        """A key of the flow's own (``Flow.BINDINGS``)."""
        self.flow.run_key(name)

    # ---- out-of-turn actions

    def out_of_turn_key(self, kind: str, back: Callable[[], None] | None = None) -> None:
        """An out-of-turn key, at a curtain (``GameUI.curtain_keys``: then ``back`` brings the
        curtain back if nobody acts) or on the table."""
        self.request_out_of_turn_kind(kind, back)

    def request_out_of_turn_kind(self, kind: str, back: Callable[[], None] | None) -> None:
        """A game maps its out-of-turn keys to ``request_out_of_turn`` here."""
        if back is not None:
            back()

    # ---- the review of a finished game (common/tui/review.py)

    def draw_review(self) -> None:
        """The review's drawing: a game adds its own part after the shell's."""
        if self.review is not None:
            self.review.draw()

    def action_review_step(self, delta: int) -> None:
        if self.review is not None:
            self.review.move(delta)


def table_for(session: GameSession, *, review: bool = False) -> TableScreen:
    """The table screen of the session's game."""
    from common.tui.gameui import ui_for

    cls: type[TableScreen] = ui_for(session.record.game).table_class()
    return cls(session, review=review)


class PrivatePanel(VerticalScroll):
    """The private panel's frame (``#private``): a game puts its own parts inside."""

    def __init__(self, *children: Any, id: str = "private") -> None:
        super().__init__(*children, id=id)
        self.can_focus = False
        self.border_title = "Private panel"


__all__ = ["PrivatePanel", "StatusLine", "TableScreen", "table_for"]
