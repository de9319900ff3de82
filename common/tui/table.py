"""The table every game shares: its screen, its keys, and the parts that run it.

``TableScreen`` shows a seat its private panel only while that seat holds the terminal
(``holder``, ``common.tui.holder``: after its curtain, or alone at the table), drives the game's
pickers with the same keys for every game, applies the chosen actions through
the session (which saves after each), shows the rules' reason for an illegal choice, a public
notice with the results of a move, the end screen and the review. It never names a game's
actions or events: a game subclasses it and fills in the hooks of ``common.tui.table_hooks``
(``docs/architecture.md``).

The screen is built in layers, one module each: the hooks (``table_hooks``), the drawing
(``table_draw``) and, here, the keys and the wiring of its three parts: the flow
(``common.tui.flow``: whose panel is shown when, curtains, windows, computer players, undo; a
lesson's flow is the other one), the picker panel (``common.tui.picking``) and the review
(``common.tui.review``). A key goes one way: the table routes it to its flow (or the review),
the flow asks the picker panel, which returns what the picker answered; the flow decides and
the session applies. The parts reach the table back only through ``common.tui.table_api.Table``.
The table keeps the game-facing calls (``handoff``, ``apply_and_save``,
``request_out_of_turn`` …) that its flow answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen

from common.i18n import N_
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import ChoiceGrid, result_of
from common.tui.flow import Flow
from common.tui.gameui import ui_for
from common.tui.holder import Holder
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.options import TableOptions
from common.tui.picking import PICK_KEYS, PickerPanel
from common.tui.review import Review
from common.tui.small import TooSmall, too_small
from common.tui.table_draw import TableDrawing
from common.tui.table_hooks import PrivatePanel, StatusLine
from common.tui.tips import Tips
from common.tui.window import Claim, WindowPicker

TABLE_BINDINGS: list[BindingType] = [
    Binding("up", "nav(0,-1)", N_("Move"), key_display="↑↓←→"),
    Binding("down", "nav(0,1)", N_("Move"), show=False),
    Binding("left", "nav(-1,0)", N_("Move"), show=False),
    Binding("right", "nav(1,0)", N_("Move"), show=False),
    Binding("enter", "choose", N_("Choose")),
    Binding("escape", "back", N_("Back")),
    Binding("1", "quick(0)", N_("Pick"), key_display="1…"),
    *[Binding(str((i + 1) % 10), f"quick({i})", "", show=False) for i in range(1, 10)],
    Binding("plus", "adjust(1)", "+1"),
    # the number row goes on past 0: "-" and "=" pick the 11th and 12th options, or change a
    # share by one in a split
    Binding("minus", "row_key(-1,10)", "−1", show=False),
    Binding("equals_sign", "row_key(1,11)", "+1", show=False),
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


class TableScreen(TableDrawing):
    """The shared table; a game subclass provides the widgets and the hooks
    (``common.tui.table_hooks``). It owns a flow (``flow``), the picker panel (``panel``) and,
    opened for the review, ``review``; it routes every key down to them."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], Flow] = Flow) -> None:
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
        self._drawn: dict[str, str] = {}
        self._keys_signature: tuple[Any, ...] = ()
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

    # ---- the game-facing calls of the flow (common/tui/flow.py)

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""
        self.flow.advance()

    def handle_pick(self, answer: Any) -> None:
        """What a picker answered to a game's own key (``picker.pick(i)``, a plain answer or a
        ``PickResult``): read once as a ``PickResult``, then the flow decides."""
        self.flow.handle_pick(result_of(answer))

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
            self.flow.windows.claimed(Claim(None))

    # ---- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now act, and show in the footer."""
        verdict = self.flow.check_key(action, parameters)
        if verdict is not None:
            return verdict
        if too_small(self) or self.flow.bots.busy:
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

    def action_quick(self, index: int) -> None:
        self.flow.quick(index)

    def action_row_key(self, delta: int, index: int) -> None:
        """The number row past 0: a share changed by one in a split, else an option."""
        picker = self.picker
        if picker is not None and picker.adjustable:
            self.flow.adjust(delta)
        else:
            self.flow.quick(index)

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
