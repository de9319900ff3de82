"""The table: the pass-and-play flow every game shares.

``TableScreen`` shows the seat at the terminal its private panel only after that seat's curtain,
drives the game's pickers with the same keys for every game, applies the chosen actions through
the session (which saves after each), shows the rules' reason for an illegal choice, a public
notice with the results of a move, the end screen and the review. It never names a game's
actions or events: a game subclasses it and fills in the hooks below (``docs/architecture.md``).

Whose turn: the first seat of ``to_act()``. During simultaneous secret choices ``to_act()`` lists
every seat still to choose; each one in seat order goes behind its own curtain and chooses, so
nobody sees another's choice, and the reveal comes as a public results notice.

Curtains only before a secret: the game's ``offer`` (``common.offer``) says which part of a
decision follows from public facts. A private decision comes behind the seat's curtain; a public
one is taken at the table with no curtain (``o`` opens the hand behind the curtain when the seat
may also play a card); a decision with one possible public answer is taken for the seat and
logged; a turn in a window for cards played out of turn is one public question, "Anyone playing
a card now?", and only the seat that claims it gets its curtain. Which of these comes depends on
the offer alone, never on a hand, so the flow tells the table nothing. A person alone with
computer players (nobody else watches) is asked only when they hold something to play.

Out of turn: an action a seat may take while another is to act (Orcz's scout). The game calls
``request_out_of_turn(title, accepts, note, run)``: the players who may are asked who wants to act
(a public question), that seat's curtain comes up, ``run(seat)`` shows its private screen and then
calls ``out_of_turn_done(seat)``; the table goes back behind the curtain of the seat to act.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from common.errors import IllegalAction, SaveError
from common.offer import Offer
from common.tui.choices import ChoiceGrid, Picker
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.keybar import KeyBar
from common.tui.log_panel import LogPanel
from common.tui.picking import PICK_KEYS, PickerPanel
from common.tui.review import Review
from common.tui.session import GameSession
from common.tui.small import TooSmall, too_small
from common.tui.window import Claim, WindowPicker

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
    Binding("home", "review_step(-100000)", "Start", show=False),
    Binding("end", "review_step(100000)", "End", show=False),
]

BOT_PAUSE = 1.2  # seconds a computer player's move stays on the status line before play goes on



class StatusLine(Static):
    """What is being decided and by whom (one line above the board)."""


class TableScreen(Screen[None]):
    """The shared flow; a game subclass provides the widgets and the hooks."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS
    # Whether the panel says it shows the same person's next decision (a lesson has one
    # learner: it would say so at every step).
    mark_again: ClassVar[bool] = True

    def __init__(self, session: GameSession, *, viewer: int | None = None,
                 review: bool = False) -> None:
        super().__init__()
        self.session = session
        # The seat whose private panel is shown; None: nobody's. A seat is given only right
        # after its curtain.
        self.viewer: int | None = viewer
        self.last_viewer: int | None = None  # who was at the terminal before the last curtain
        self.after_start: Callable[[], None] | None = None
        self.panel = PickerPanel(self)  # the decision on the private panel, and its keys
        self.review: Review | None = Review(self, session.action_count) if review else None
        # The person at the terminal: set when a seat's panel is shown, cleared when a curtain
        # or a public notice comes up. Their next turn after computer moves needs no curtain.
        self.at_terminal: int | None = viewer if viewer is not None else self._only_person()
        self.bot_busy = False  # a computer player is thinking, or its move is on show
        self.bot_pause = BOT_PAUSE
        self._announced = -1  # public log entries already considered for results and news
        self.news = ""
        self._drawn: dict[str, str] = {}
        self._keys_signature: tuple[Any, ...] = ()
        # A decision taken at the public table: its seat and offer (nothing private shown).
        self.public_seat: int | None = None
        self.offer: Offer | None = None
        # The window for cards out of turn under way: its key, the people who said they play
        # nothing since the last card played in it, and the seat that claimed it.
        self._window: Any = None
        self._declined: set[int] = set()
        self._claimant: int | None = None
        self.again = False  # the panel shown is the same person's next decision, no curtain
        self._panel_of: int | None = None  # whose decision the panel showed last, if still up

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
                yield Static(id="prompt")
                yield ChoiceGrid(id="choices")
                yield Static(id="message")
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
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self.review is not None:
            self.draw_review()
            return
        start, self.after_start = self.after_start, None
        (start or self.advance)()

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

    # ---- flow

    def advance(self) -> None:
        """After any change: a results notice, then the end screen, the same seat's panel, or a
        curtain to the next seat."""
        entries = self._new_public_entries()
        self.news = self.news_text(entries)
        notice = self.results(entries, self.session.view(None)) if entries else None
        if notice is None or not notice.plain:
            self._continue()
            return
        self.hide_private()
        if self.session.humans > 1:
            self.at_terminal = None  # everyone read it: a curtain before anything private
        self.app.push_screen(NoticeScreen("What happened", notice, public=True),
                             callback=lambda _: self._continue())

    def _continue(self) -> None:
        if self.session.is_over():
            self.hide_private()
            from common.tui.end import EndScreen

            self.app.push_screen(EndScreen(self))
            return
        seat = self.session.to_act()[0]
        if self.session.is_bot(seat):
            self.play_bot(seat)
            return
        offer = self.session.offer(seat)
        if offer.window != self._window:
            self._window, self._declined, self._claimant = offer.window, set(), None
        if self.session.humans == 1:
            self._alone(seat, offer)
        elif offer.window is not None:
            self._window_turn(seat, offer)
        elif offer.forced:
            self.take_for(seat, offer.public[0])
        elif offer.private:
            self.show_private(seat)
        else:
            self.show_public(seat, offer)

    def show_private(self, seat: int) -> None:
        """``seat``'s panel, behind its curtain unless it is still at the terminal."""
        if seat == self.viewer or seat == self.at_terminal:
            self.show_for(seat)  # the same person, with nothing public shown between
        else:
            self.handoff(seat)

    def _alone(self, seat: int, offer: Offer) -> None:
        """One person and computer players: nobody else watches, so no curtain and no
        question when the person has nothing to play but the public answer."""
        legal = self.session.legal(seat)
        if len(legal) == 1 and (offer.forced or offer.window is not None):
            self.take_for(seat, legal[0])
        else:
            self.show_for(seat)

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer (or the table's "nobody plays"): taken for ``seat`` and
        logged, with nobody asked."""
        try:
            self.apply_and_save(action)
        except IllegalAction as err:  # an offer that disagrees with the rules: ask instead
            self.message = Text("✗ " + str(err), style="bold red")
            self.show_private(seat)
            return
        self.advance()

    # ---- windows for cards played out of turn: one public question for the table

    def _window_turn(self, seat: int, offer: Offer) -> None:
        if self._claimant is not None:
            if seat == self._claimant:
                self._claimant = None
                self.show_private(seat)  # the claim was public: the curtain comes now
            else:
                self.take_for(seat, offer.public[0])  # the claim went to someone else
            return
        asked = self._askable(offer)
        if seat not in asked:
            self.take_for(seat, offer.public[0])
            return
        self.hide_private()
        self.at_terminal = None
        self.public_seat, self.offer = seat, offer
        rows = [(s, name, None if s in asked else self._why_not_asked(s, offer))
                for s, name in enumerate(self.session.players)]
        self.picker = WindowPicker(rows, self.window_title(offer))
        self.refresh_all()

    def _why_not_asked(self, seat: int, offer: Offer) -> str:
        if self.session.is_bot(seat):
            return "is a computer player: it plays for itself"
        if seat in self._declined:
            return "said they play nothing: a card played reopens the window"
        return "has no card to play in this window" if seat not in offer.seats \
            else "cannot play now"

    def _askable(self, offer: Offer) -> list[int]:
        """The people who may still play a card in this window (public facts alone)."""
        return [s for s in offer.seats if not self.session.is_bot(s)
                and s not in self._declined]

    def window_title(self, offer: Offer) -> str:
        """The question of a window (a game may name the moment)."""
        return "Anyone playing a card now?"

    def _claimed(self, claim: Claim) -> None:
        """The table's answer: who plays a card (None: nobody)."""
        offer, seat = self.offer, self.public_seat
        assert offer is not None and seat is not None
        asked = self._askable(offer)
        self._declined.update(s for s in asked if s != claim.seat)
        self._claimant = claim.seat
        self.public_seat = self.offer = None
        self.picker = None
        self._window_turn(seat, offer)

    def _window_offer(self, seat: int) -> Offer | None:
        """The offer of ``seat``'s turn now when it is a window's (before its move)."""
        offer = self.offer if self.public_seat == seat else self.session.offer(seat)
        return offer if offer is not None and offer.window is not None else None

    def _window_moved(self, seat: int, action: Any, offer: Offer | None) -> None:
        """A card played reopens the window for everyone; a claimant who plays nothing is
        done with it."""
        if offer is None:
            return
        if action in offer.public:
            self._declined.add(seat)
        else:
            self._declined.clear()

    # ---- a decision at the public table

    def show_public(self, seat: int, offer: Offer) -> None:
        """``seat`` decides where everyone may watch: the public options only. ``o`` opens its
        hand behind its curtain when it may also play a card."""
        self.hide_private()
        self.at_terminal = None
        self.public_seat, self.offer = seat, offer
        view = self.session.public_view(seat)  # nothing private of the seat
        self.picker = self.make_picker(view, list(offer.public))
        self.refresh_all(view)

    def action_open_hand(self) -> None:
        seat = self.public_seat
        if seat is not None:
            self.handoff(seat)

    def action_nobody(self) -> None:
        if isinstance(self.picker, WindowPicker):
            self._claimed(Claim(None))

    def _only_person(self) -> int | None:
        """The one person at a table of computer players (who needs no curtain at all)."""
        people = [s for s in range(len(self.session.players)) if not self.session.is_bot(s)]
        return people[0] if len(people) == 1 else None

    # ---- computer players: their moves are shown to everyone, with a pause and the log line

    def play_bot(self, seat: int) -> None:
        self.hide_private()
        self.bot_busy = True
        self.refresh_keys()
        self.news = f"{self.session.players[seat]} (computer) is thinking…"
        self.refresh_status()
        turn, decide = self.session.bot_decision(seat)
        self._think(seat, turn, decide)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, seat: int, turn: int, decide: Callable[[], Any]) -> None:
        """Decide away from the screen's thread: a ``hard`` bot may think for a second."""
        try:
            action = decide()
        except Exception as err:  # a bot's bug must not end the game: a legal move instead
            action = self.session.legal(seat)[0]
            self.app.call_from_thread(self.app.notify, f"The computer player stumbled ({err}); "
                                      "it plays its first legal move.", severity="warning",
                                      markup=False)
        self.app.call_from_thread(self._bot_decided, seat, turn, action)

    def _bot_decided(self, seat: int, turn: int, action: Any) -> None:
        if not self.is_attached or self.session.action_count != turn:
            return  # the table was left, or the game moved on meanwhile
        before = len(self.session.view(None)["log"])
        window = self._window_offer(seat)
        try:
            self.apply_and_save(action)
        except IllegalAction:  # a bot's bug: the game goes on with a legal move
            action = self.session.legal(seat)[0]
            self.apply_and_save(action)
        self._window_moved(seat, action, window)
        lines = [str(e.get("text", "")) for e in self.session.view(None)["log"][before:]]
        self.news = f"{self.session.players[seat]} (computer): " + (lines[0] if lines else
                                                                     "done.")
        self.refresh_all()

        def go_on() -> None:
            self.bot_busy = False
            self.advance()

        if self.bot_pause > 0:
            self.set_timer(self.bot_pause, go_on)
        else:
            self.call_later(go_on)

    def _new_public_entries(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.session.view(None)["log"]
        if self._announced < 0:
            self._announced = len(log)
        entries = log[self._announced:]
        self._announced = len(log)
        return entries

    def hide_private(self) -> None:
        """Nothing private on screen any more (before a curtain or a public screen)."""
        if self.viewer is not None:
            self.last_viewer = self.viewer
        self.viewer = self._panel_of = None
        self.public_seat = self.offer = None
        self.picker = None
        self.message = ""
        self.on_seat_hidden()
        self.refresh_all()

    def handoff(self, seat: int) -> None:
        """Hide everything private, then the opaque curtain; Enter shows ``seat``'s panel."""
        self.hide_private()
        self.at_terminal = None
        self.push_curtain(seat, lambda: self.show_for(seat))

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        """``seat``'s curtain; Enter runs ``then``. Undo and out-of-turn keys at the curtain act,
        or bring the same curtain back when there is nothing to do."""
        from common.tui.gameui import ui_for

        keys = dict(ui_for(self.session.record.game).curtain_keys)

        def again() -> None:
            self.push_curtain(seat, then)

        def done(answer: str | None) -> None:
            if answer is None:
                then()
            elif answer == "undo":
                self.request_undo(from_curtain=True, back=again)
            else:
                self.out_of_turn_key(answer, back=again)

        self.app.push_screen(CurtainScreen(self.session.players[seat], keys=keys), callback=done)

    def show_for(self, seat: int) -> None:
        # The same person again with no curtain between: the panel says it is a new decision
        # (and the key guard keeps a habitual Enter from taking it).
        self.again = self._panel_of == seat
        self._panel_of = self.viewer = self.at_terminal = seat
        self.message = ""
        view = self.session.view(seat)
        self.picker = self.make_picker(view, self.session.legal(seat))
        self.refresh_all(view)
        self.on_seat_shown(view)

    def act(self, action: Any) -> None:
        """Apply a complete decision: the rules' reason if it is illegal, else go on."""
        seat = self.viewer if self.viewer is not None else self.public_seat
        window = None if seat is None else self._window_offer(seat)
        try:
            self.apply_and_save(action)
        except IllegalAction as err:
            self.message = Text("✗ " + str(err), style="bold red")
            self.refresh_private()
            return
        if seat is not None:
            self._window_moved(seat, action, window)
        self.picker = None
        self.advance()

    def apply_and_save(self, action: Any) -> None:
        """Apply ``action`` (``IllegalAction`` if not legal). A failed write is said, and the
        move stays here, marked not saved, for the next write (or ``w``) to try again."""
        try:
            self.session.apply(action)
        except SaveError as err:
            self._say_not_saved(err)

    def _say_not_saved(self, err: SaveError) -> None:
        self.app.notify(f"{err}. Press w to try writing the save again.", title="Not saved",
                        severity="error", markup=False, timeout=15)
        self.refresh_keys()

    def action_save_again(self) -> None:
        try:
            self.session.save()
        except SaveError as err:
            self._say_not_saved(err)
        else:
            self.app.notify("The game is saved.", markup=False)
        self.refresh_keys()
        self.refresh_status()

    # ---- drawing

    def refresh_all(self, view: dict[str, Any] | None = None) -> None:
        if view is None:
            view = self.session.view(self.viewer)
        self.draw_public(view)
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
            text.append_text(self.status_text({**view, "to_act": []}))
            text.append(" · asked of the whole table")
        else:
            text.append_text(self.status_text(view))
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
        self.refresh_keys()
        panel = self.query_one("#private")
        grid = self.query_one("#choices", ChoiceGrid)
        if self.viewer is None and (self.public_seat is None or self.picker is None):
            panel.border_title = "Private panel (hidden)"
            self.draw_private(None)
            self.put_text("#prompt", "Nothing private is shown.")
            grid.set_options([])
            self.put_text("#message", "")
            return
        if self.viewer is None:
            panel.border_title = self.public_title()
            if view is not None:
                self.draw_private(None)
        elif view is not None:
            again = " · your next decision" if self.again and self.mark_again else ""
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
        return Text(f"o: {name} opens their hand (curtain first), to play a card",
                    style="italic")

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
        return (*self.panel.signature(), self.reviewing, self.session.unsaved, self.viewer,
                self.session.action_count, self.bot_busy, self.review_step, self.public_seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now act, and show in the footer."""
        if too_small(self) or self.bot_busy:
            return False
        if self.review is not None and action in ("review_step", "log_page", *PICK_KEYS):
            return self.review.allows(action)
        if action == "review_step":
            return False
        if action == "save_again":
            return self.session.unsaved
        if action == "open_hand":
            return (not self.reviewing and self.public_seat is not None
                    and self.offer is not None and self.offer.secret
                    and not isinstance(self.picker, WindowPicker))
        if action == "nobody":
            return not self.reviewing and isinstance(self.picker, WindowPicker)
        if action in PICK_KEYS:
            return self.panel.allows(action)
        if self.reviewing:
            return False
        return self.check_game_action(action, parameters)

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment (common/tui/keybar.py): Esc's, from the picker."""
        if action == "back" and not self.reviewing:
            return self.panel.back_word()
        return None

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own keys: whether ``action`` means something now (default: yes)."""
        return True

    def arm(self) -> None:
        """The player moved to a choice or typed a key on this step: Enter may confirm."""
        self.panel.arm()

    def handle_pick(self, outcome: Any) -> None:
        """What a picker answered: None (moved on), a reason (not legal), a claim of a window,
        or an action."""
        if isinstance(outcome, Claim):
            self._claimed(outcome)
            return
        if outcome is None:
            self.message = ""
            self.refresh_private()
        elif isinstance(outcome, str):
            self.message = Text("✗ " + outcome, style="bold red")
            self.refresh_private(keep=True)
        else:
            self.act(outcome)

    # ---- the picker's keys (common/tui/picking.py); in the review, its own

    def action_nav(self, dx: int, dy: int) -> None:
        if self.review is not None:
            self.review.nav(dx, dy)
            return
        self.panel.nav(dx, dy)

    def action_choose(self) -> None:
        self.panel.choose()

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        self.panel.clicked(message.index)

    def action_quick(self, index: int) -> None:
        self.panel.quick(index)

    def action_row_key(self, delta: int, index: int) -> None:
        self.panel.row_key(delta, index)

    def action_adjust(self, delta: int) -> None:
        self.panel.adjust(delta)

    def action_back(self) -> None:
        if self.reviewing:
            self.dismiss(None)
            return
        self.panel.back()

    def action_log_page(self, direction: int) -> None:
        self.query_one(LogPanel).page(direction)

    # ---- undo (from the curtain that follows one's own move, or from one's own panel)

    def request_undo(self, *, from_curtain: bool = False,
                     back: Callable[[], None] | None = None) -> None:
        """Take back the last move of the seat at the terminal (or, from a curtain, of the seat
        that was there before it)."""
        who = self.last_viewer if from_curtain else self.undo_seat
        if self.reviewing or self.session.is_over():
            return
        if not self.session.can_undo(who):
            if back is not None:
                back()  # a curtain shows nothing but the hand-off: it comes back as it was
                return
            self.app.notify("Nothing to undo: only your own last move, while it revealed "
                            "nothing, can be taken back.", severity="warning", markup=False)
            return
        text = self.session.undo(who)
        self._announced = len(self.session.view(None)["log"])
        # From a curtain, whoever pressed the key may already be the next player: the panel
        # that comes back goes behind a curtain of its own.
        # A public decision's move comes back to the public table (its offer says so).
        self.viewer = None if from_curtain or self.viewer is None else who
        self.app.notify(text, markup=False)
        self._continue()

    @property
    def undo_seat(self) -> int | None:
        """Whose last move ``u`` takes back here: the seat whose panel is shown, or the seat
        deciding at the public table (not the whole table's window question)."""
        if self.viewer is not None:
            return self.viewer
        return None if isinstance(self.picker, WindowPicker) else self.public_seat

    # ---- out-of-turn actions

    def out_of_turn_key(self, kind: str, back: Callable[[], None] | None = None) -> None:
        """An out-of-turn key, at a curtain (``GameUI.curtain_keys``: then ``back`` brings the
        curtain back if nobody acts) or on the table."""
        self.request_out_of_turn_kind(kind, back)

    def request_out_of_turn_kind(self, kind: str, back: Callable[[], None] | None) -> None:
        """A game maps its out-of-turn keys to ``request_out_of_turn`` here."""
        if back is not None:
            back()

    def request_out_of_turn(self, title: str, accepts: Callable[[Any], bool], note: str,
                            run: Callable[[int], None], *, none_note: str,
                            back: Callable[[], None] | None = None) -> None:
        """Ask who takes an action ``accepts`` out of turn, then that seat's curtain and
        ``run(seat)``; ``run`` ends with ``out_of_turn_done(seat)``."""
        players = self.session.players
        seats = [s for s in range(len(players))
                 if any(accepts(a) for a in self.session.legal(s))]
        if not seats:
            if back is not None:
                back()  # from a curtain: it shows nothing but the hand-off
            else:
                self.app.notify(none_note, severity="warning", markup=False)
            return
        previous = self.viewer
        self.hide_private()

        def chosen(seat: int | None) -> None:
            if seat is None:
                self.viewer = previous
                self._continue()
            elif seat == previous:
                run(seat)
            else:
                self.push_curtain(seat, lambda: run(seat))

        self.app.push_screen(PickPlayerScreen(title, [(s, players[s]) for s in seats], note),
                             callback=chosen)

    def out_of_turn_done(self, seat: int) -> None:
        """After a private out-of-turn screen of ``seat``: back to its panel, or a curtain."""
        self.viewer = seat
        self._announced = len(self.session.view(None)["log"])
        self._continue()

    # ---- the review of a finished game (common/tui/review.py)

    def draw_review(self) -> None:
        """The review's drawing: a game adds its own part after the shell's."""
        if self.review is not None:
            self.review.draw()

    def action_review_step(self, delta: int) -> None:
        if self.review is not None:
            self.review.move(delta)


def table_for(session: GameSession, *, viewer: int | None = None,
              review: bool = False) -> TableScreen:
    """The table screen of the session's game."""
    from common.tui.gameui import ui_for

    cls: type[TableScreen] = ui_for(session.record.game).table_class()
    return cls(session, viewer=viewer, review=review)


class PrivatePanel(VerticalScroll):
    """The private panel's frame (``#private``): a game puts its own parts inside."""

    def __init__(self, *children: Any, id: str = "private") -> None:
        super().__init__(*children, id=id)
        self.can_focus = False
        self.border_title = "Private panel"


__all__ = ["PrivatePanel", "StatusLine", "TableScreen", "table_for"]
