"""The table every game shares: its screen, its keys, and the parts that run it.

``TableScreen`` shows a seat its private panel only while that seat holds the terminal
(``holder``, ``common.tui.holder``: after its curtain, or alone at the table), drives the game's
pickers with the same keys for every game, applies the chosen actions through
the session (which saves after each), shows the rules' reason for an illegal choice, a public
notice with the results of a move, the end screen and the review. It never names a game's
actions or events: a game subclasses it and fills in the hooks of ``common.tui.table_hooks``
(``docs/architecture.md``).

The screen stands on one class of the project, its hooks (``table_hooks.TableHooks``, which a
game overrides); everything else is a part it *has*: the flow (``flow``, any
``common.tui.flow_api.TableFlow``: pass and play's ``common.tui.flow``, whose panel is shown
when, curtains, windows, computer players, undo; a lesson's ``LessonFlow`` is another), the
picker panel (``panel``, ``common.tui.picking``), the drawing (``drawing``,
``common.tui.table_draw``: the status line, the private panel, the key bar's redraw), the tips
and the review (``common.tui.review``). A key goes one way: the table routes it to its flow
(or the review), the flow asks the picker panel, which returns what the picker answered; the
flow decides and the session applies. The parts reach the table back only through
``common.tui.table_api.Table``. The table keeps the game-facing calls (``handoff``,
``apply_and_save``, ``request_out_of_turn`` …) that its flow answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen

from common.errors import SaveError
from common.i18n import N_, _
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import ChoiceGrid, Picker, PickResult
from common.tui.flow import Flow
from common.tui.flow_api import TableFlow
from common.tui.gameui import ui_for
from common.tui.holder import Holder
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.numbered import digit_bindings
from common.tui.options import TableOptions
from common.tui.picking import PICK_KEYS, PickerPanel
from common.tui.review import Review
from common.tui.small import TooSmall, too_small
from common.tui.table_draw import TableDrawing
from common.tui.table_hooks import PrivatePanel, StatusLine, TableHooks
from common.tui.tips import Tips
from common.tui.window import Claim, WindowPicker
from common.words import shown

TABLE_BINDINGS: list[BindingType] = [
    Binding("up", "nav(0,-1)", N_("Move"), key_display="↑↓←→"),
    Binding("down", "nav(0,1)", N_("Move"), show=False),
    Binding("left", "nav(-1,0)", N_("Move"), show=False),
    Binding("right", "nav(1,0)", N_("Move"), show=False),
    Binding("enter", "choose", N_("Choose")),
    Binding("escape", "back", N_("Back")),
    # an option's number typed in full; the AZERTY number row types digits too
    *digit_bindings("quick", skip=frozenset({"minus"})),
    Binding("plus", "adjust(1)", "+1"),
    # "-" changes a share by one in a split, else it is AZERTY's 6; "=" only changes a share
    Binding("minus", "row_key(-1,'6')", "−1", show=False),
    Binding("equals_sign", "row_key(1,'')", "+1", show=False),
    Binding("pageup", "log_page(-1)", N_("Log ↑"), show=False),
    Binding("pagedown", "log_page(1)", N_("Log ↓"), show=False),
    Binding("w", "save_again", N_("Save again")),
    Binding("o", "open_hand", N_("Open hand")),
    Binding("n", "nobody", N_("Nobody plays")),
    # tips: common/tui/tips.py; the ids give the keys of another language (common/tui/keymap.py)
    Binding("e", "tip_lesson", N_("Tip's lesson"), id="table.tip_lesson"),
    Binding("t", "tips_off", N_("Tips off"), id="table.tips_off"),
    # the board's short forms ("H2:4 1c 3d", "▒▒B▒▒▒") are read in the glossary: its key is
    # shown where they are (the app's own binding acts everywhere, unshown; the same id gives
    # both the key of another language)
    Binding("g", "app.glossary", N_("Glossary"), id="app.glossary"),
    Binding("home", "review_step(-100000)", N_("Start"), show=False),
    Binding("end", "review_step(100000)", N_("End"), show=False),
]

BOT_PAUSE = 1.2  # seconds a computer player's move stays on the status line before play goes on


class TableScreen(TableHooks):
    """The shared table; a game subclass provides the widgets and the hooks
    (``common.tui.table_hooks``). It owns a flow (``flow``), the picker panel (``panel``) and,
    opened for the review, ``review``; it routes every key down to them."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
        super().__init__()
        self.session = session
        # The person at the terminal: the only seat whose private things may be drawn.
        self.holder = Holder(session.humans)
        # The one person at the table holds the terminal from the start: a key pressed before
        # the flow starts finds it theirs (a lesson's learner too).
        person = self.session.only_person
        if person is not None:
            self.holder.alone(person)
        self._viewer: int | None = None  # the seat whose private panel is shown; None: nobody's
        self.last_viewer: int | None = None  # who was at the terminal before the last curtain
        self.after_start: Callable[[], None] | None = None
        # the decision on the private panel, and its keys
        self.panel = PickerPanel(lambda: self.query_one("#choices", ChoiceGrid), self.put_text,
                                 self.refresh_keys)
        self.review: Review | None = Review(self, session.action_count) if review else None
        self.bot_pause = BOT_PAUSE
        self.news = ""
        self.drawing = TableDrawing(self)  # what is drawn, and what was last drawn
        # A decision taken at the public table: its seat and offer (nothing private shown).
        self.public_seat: int | None = None
        self.offer: Offer | None = None
        self.again = False  # the panel shown is the same person's next decision, no curtain
        self._panel_of: int | None = None  # whose decision the panel showed last, if still up
        self.flow = flow(self)  # whose panel is shown when; pass and play, or a lesson
        self.no_tips = False  # --no-tips: no tips at this table (the app sets it)
        self.tips = Tips(self)  # a line on a rule the first time it comes up (real games)

    # ---- layout

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="main"):
            yield from self.compose_table()
        yield KeyBar(classes="body")

    def on_mount(self) -> None:
        if self.review is None:
            self.tips.mount()
            self.flow.mount()
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self.review is not None:
            self.draw_review()
            return
        start, self.after_start = self.after_start, None
        (start or self.flow.start)()

    def configure(self, options: TableOptions) -> None:
        """The app run's settings (``--no-tips``, a test's short pause); a game's table and a
        lesson's flow take theirs too (``configure_game``, ``LessonPlay.configure``)."""
        if options.bot_pause is not None:
            self.bot_pause = options.bot_pause
        self.no_tips = self.no_tips or options.no_tips
        self.configure_game(options)
        self.flow.configure(options)

    def configure_game(self, options: TableOptions) -> None:
        """A game's own settings among ``options`` (Orcz: the challenge clock)."""

    # ---- what is on screen (the panel's seat, its decision, its message)

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

    def public_hint(self) -> Text | str:
        """The message line of a public decision: how to play a card instead."""
        if isinstance(self.picker, WindowPicker):
            return Text(_("Your seat's number: you play a card · n: nobody"), style="italic")
        if self.offer is None or not self.offer.secret or self.public_seat is None:
            return ""
        name = self.session.players[self.public_seat]
        return Text(self.open_words(name)[0], style="italic")


    def keys_signature(self) -> tuple[Any, ...]:
        """What the footer's keys depend on (a game adds its own state)."""
        return (*self.panel.signature(), self.session.unsaved, self.viewer,
                self.session.action_count, self.review_step, self.public_seat,
                *self.flow.keys_signature(), *self.tips.signature())

    def page_log(self, direction: int) -> None:
        """The log panel a page up or down."""
        self.query_one(LogPanel).page(direction)


    # ---- the drawing (``drawing``, common/tui/table_draw.py), as the table's parts call it

    def refresh_all(self, view: dict[str, Any] | None = None) -> None:
        self.drawing.refresh_all(view)

    def refresh_status(self, view: dict[str, Any] | None = None) -> None:
        self.drawing.refresh_status(view)

    def refresh_private(self, view: dict[str, Any] | None = None, keep: bool = False) -> None:
        """Redraw the private panel; ``view`` is given only when the game changed."""
        self.drawing.refresh_private(view, keep)

    def refresh_keys(self) -> None:
        """Redraw the key bar when what the keys depend on changed."""
        self.drawing.refresh_keys()

    def put_text(self, selector: str, content: Text | str) -> None:
        """Update a Static only when its content changed (fixed heights: no new layout)."""
        self.drawing.put_text(selector, content)

    # ---- the game-facing calls of the flow (common/tui/flow.py)

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""
        self.flow.advance()

    def handle_pick(self, result: PickResult) -> None:
        """What a picker answered to a game's own key (``picker.pick(i)``): the flow decides."""
        self.flow.handle_pick(result)

    def handoff(self, seat: int) -> None:
        """Nothing private, then ``seat``'s curtain and panel."""
        self.flow.handoff(seat)

    def apply_and_save(self, action: Any) -> bool:
        """False when a rule failed (a bug: its screen is up)."""
        return self.flow.apply_and_save(action)

    def request_undo(self, *, from_curtain: bool = False,
                     back: Callable[[], None] | None = None) -> None:
        self.flow.asides.request_undo(from_curtain=from_curtain, back=back)

    @property
    def undo_seat(self) -> int | None:
        return self.flow.asides.undo_seat

    def request_out_of_turn(self, title: str, accepts: Callable[[Any], bool], note: str,
                            run: Callable[[int], None], *, none_note: str,
                            back: Callable[[], None] | None = None) -> None:
        """Ask who takes an action ``accepts`` out of turn, then that seat's curtain and
        ``run(seat)``; ``run`` ends with ``out_of_turn_done(seat)``."""
        self.flow.asides.request_out_of_turn(title, accepts, note, run, none_note=none_note,
                                             back=back)

    def out_of_turn_done(self, seat: int) -> None:
        self.flow.out_of_turn_done(seat)

    # ---- what is on screen: whose panel, or a decision at the public table

    def action_open_hand(self) -> None:
        """``o`` at a public decision: the seat's curtain, then its panel; the log says it
        looked (not what)."""
        seat = self.public_seat
        if seat is not None:
            self.session.note(self.open_words(self.session.players[seat])[1])
            self.flow.handoff(seat)

    def moved(self, entries: list[dict[str, Any]]) -> None:
        """A move was made: its public log entries (the tips read them)."""
        self.tips.after_move(entries)

    def curtain_tip(self, seat: int) -> Text | None:
        """The public tip for ``seat``'s curtain, where the whole table looks (None: none)."""
        return self.tips.public_line(seat)

    def action_tip_lesson(self) -> None:
        self.tips.open_lesson()

    def action_tips_off(self) -> None:
        self.tips.turn_off()

    def action_nobody(self) -> None:
        if isinstance(self.picker, WindowPicker):
            self.flow.handle_pick(Claim(None))

    # ---- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now act, and show in the footer."""
        verdict = self.flow.check_key(action, parameters)
        if verdict is not None:
            return verdict
        if too_small(self):
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
        if action in ("tip_lesson", "tips_off"):
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
        if action == "tip_lesson" and self.tips.key_on_line:
            return ""  # the tip's line says it: the key bar keeps its room for the others
        if action == "back" and not self.reviewing:
            return self.panel.back_word()
        if action == "choose" and not self.reviewing:
            return self.panel.choose_word()
        return None

    # ---- the picker's keys, routed to the flow (which asks the picker panel); in the review,
    # to the review

    def action_nav(self, dx: int, dy: int) -> None:
        if self.review is not None:
            self.review.nav(dx, dy)
            return
        self.flow.nav(dx, dy)

    def action_choose(self) -> None:
        self.flow.choose()

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        self.flow.clicked(message.index)

    def action_quick(self, digit: str) -> None:
        self.flow.typed(digit)

    def action_row_key(self, delta: int, digit: str) -> None:
        """"-" and "=": a share changed by one in a split, else the digit of AZERTY's key."""
        picker = self.picker
        if picker is not None and picker.adjustable:
            self.flow.adjust(delta)
        elif digit:
            self.flow.typed(digit)

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

    # ---- the review of a finished game (common/tui/review.py)

    def draw_review(self) -> None:
        """The review's drawing: a game adds its own part after the shell's."""
        if self.review is not None:
            self.review.draw()

    def action_review_step(self, delta: int) -> None:
        if self.review is not None:
            self.review.move(delta)

    def review_screen(self) -> Screen[Any]:
        """The review of this game (the end screen's ``r``): its table, everything revealed."""
        return table_for(self.session, review=True)


def table_for(session: GameSession, *, review: bool = False) -> TableScreen:
    """The table screen of the session's game."""
    cls: type[TableScreen] = ui_for(session.record.game).table_class()
    return cls(session, review=review)


__all__ = ["PrivatePanel", "StatusLine", "TableScreen", "table_for"]
