"""The table every game shares: its screen, its keys, and the parts that run it.

``TableScreen`` is the one Textual screen of a game: it shows a seat its private panel only
while that seat holds the terminal (``holder``, ``common.tui.holder``: after its curtain, or alone
at the table), drives the game's pickers with the same keys for every game, applies the chosen
actions through the session (which saves after each), shows the rules' reason for an illegal
choice, a public notice with the results of a move, the end screen and the review. It never
names a game's actions or events.

The screen holds the keys (its ``BINDINGS``; a game's registered screen adds the game's own keys
and nothing else) and what is on screen (the seat shown, a decision at the public table); it
*has* every other part: the game's (``game``, a ``common.tui.table_game.TableGame``: its
widgets, pickers, words and own keys), the flow (``flow``, any
``common.tui.flow_api.TableFlow``: pass and play's ``common.tui.flow``, whose panel is shown
when, curtains, windows, computer players, undo; a lesson's ``LessonFlow`` is another), the
picker panel (``panel``, ``common.tui.picking``), the drawing (``drawing``,
``common.tui.table_draw``: the status line, the private panel, the key bar's redraw, what was
last drawn), the tips (``tips``) and the review (``review``, ``common.tui.review``). A key goes
one way: the screen routes it to its flow (or the review), the flow asks the picker panel,
which returns what the picker answered; the flow decides and the session applies. The parts
reach the table back only through ``common.tui.table_api.Table``.
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
from common.tui.choices import ChoiceGrid, Picker
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
from common.tui.table_api import TableGameHooks
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
    Binding("e", "tips('lesson')", N_("Tip's lesson"), id="table.tip_lesson"),
    Binding("t", "tips('off')", N_("Tips off"), id="table.tips_off"),
    # the board's short forms ("H2:4 1c 3d", "▒▒B▒▒▒") are read in the glossary: its key is
    # shown where they are (the app's own binding acts everywhere, unshown; the same id gives
    # both the key of another language)
    Binding("g", "app.glossary", N_("Glossary"), id="app.glossary"),
    Binding("home", "review_step(-100000)", N_("Start"), show=False),
    Binding("end", "review_step(100000)", N_("End"), show=False),
]

BOT_PAUSE = 1.2  # seconds a computer player's move stays on the status line before play goes on


class TableScreen(Screen[str | None]):
    """The shared table. It has the game's part (``game``), a flow (``flow``), the picker panel
    (``panel``), the drawing (``drawing``), the tips and, opened for the review, ``review``; it
    routes every key down to them. A game registers a subclass that gives its part and adds
    its own keys (``BINDINGS``, and their actions calling its part)."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, session: GameSession, game: Callable[[TableScreen], TableGameHooks], *,
                 review: bool = False, flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
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
        self.drawing = TableDrawing(self)  # what is drawn, and what was last drawn
        # the decision on the private panel, and its keys
        self.panel = PickerPanel(lambda: self.query_one("#choices", ChoiceGrid),
                                 self.drawing.put_text, self.refresh_keys)
        self.review: Review | None = Review(self, session.action_count) if review else None
        self.bot_pause = BOT_PAUSE
        self.news = ""
        # A decision taken at the public table: its seat and offer (nothing private shown).
        self.public_seat: int | None = None
        self.offer: Offer | None = None
        self.again = False  # the panel shown is the same person's next decision, no curtain
        self._panel_of: int | None = None  # whose decision the panel showed last, if still up
        self.game = game(self)  # the game's widgets, pickers, words and own keys
        self.flow = flow(self)  # whose panel is shown when; pass and play, or a lesson
        self.no_tips = False  # --no-tips: no tips at this table (the app sets it)
        self.tips = Tips(self)  # a line on a rule the first time it comes up (real games)

    # ---- layout

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="main"):
            yield from self.game.compose()
        yield KeyBar(classes="body")

    def on_mount(self) -> None:
        def start() -> None:
            if self.review is not None:
                self.review.draw()
                return
            first, self.after_start = self.after_start, None
            (first or self.flow.start)()

        if self.review is None:
            self.tips.mount()
            self.flow.mount()
        self.call_after_refresh(start)

    def configure(self, options: TableOptions) -> None:
        """The app run's settings (``--no-tips``, a test's short pause); the game's part and a
        lesson's flow take theirs too (Orcz's challenge clock, ``LessonPlay.configure``)."""
        if options.bot_pause is not None:
            self.bot_pause = options.bot_pause
        self.no_tips = self.no_tips or options.no_tips
        self.game.configure(options)
        self.flow.configure(options)

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

    def hide_private(self) -> None:
        """Nothing private on screen any more (before a curtain or a public screen)."""
        if self.viewer is not None:
            self.last_viewer = self.viewer
        self.viewer = self._panel_of = None
        self.public_seat = self.offer = None
        self.picker = None
        self.message = ""
        self.game.on_seat_hidden()
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
        self.game.on_seat_shown(view)

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
        if action == "tips":
            return self.tips.allows(action)
        if action in PICK_KEYS:
            return self.panel.allows(action)
        return self.game.check_key(action, parameters)

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment (common/tui/keybar.py): the game's, the flow's, or Esc's
        from the picker."""
        word = self.game.key_label(action)
        if word is None:
            word = self.flow.key_label(action)
        if word is not None:
            return word
        if action == "tips('lesson')" and self.tips.key_on_line:
            return ""  # the tip's line says it: the key bar keeps its room for the others
        if action == "back" and not self.reviewing:
            return self.panel.back_word()
        if action == "choose" and not self.reviewing:
            return self.panel.choose_word()
        return None

    def action_save_again(self) -> None:
        try:
            self.session.save()
        except SaveError as err:
            self.drawing.say_not_saved(err)
        else:
            self.app.notify(_("The game is saved."), markup=False)
        self.refresh_keys()
        self.refresh_status()

    def action_open_hand(self) -> None:
        """``o`` at a public decision: the seat's curtain, then its panel; the log says it
        looked (not what)."""
        seat = self.public_seat
        if seat is not None:
            self.session.note(self.game.open_words(self.session.players[seat])[1])
            self.flow.handoff(seat)

    def action_tips(self, what: str) -> None:
        """``e``: the tip's lesson; ``t``: tips off."""
        if what == "lesson":
            self.tips.open_lesson()
        else:
            self.tips.turn_off()

    def action_nobody(self) -> None:
        if isinstance(self.picker, WindowPicker):
            self.flow.handle_pick(Claim(None))

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

    def action_review_step(self, delta: int) -> None:
        if self.review is not None:
            self.review.move(delta)


def table_for(session: GameSession, *, review: bool = False) -> TableScreen:
    """The table screen of the session's game."""
    table: TableScreen = ui_for(session.record.game).new_table(session, review=review)
    return table


__all__ = ["PrivatePanel", "StatusLine", "TableScreen", "table_for"]
