"""The flow of a table: whose panel is shown when, and how a chosen move is applied.

``Flow`` is the pass-and-play flow every game shares; a ``TableScreen`` owns one and calls it at
fixed points: ``start`` when mounted, ``advance`` after every change, ``handle_pick`` with what a
picker answered, the picker's keys (``nav``, ``choose``, ``back`` …), ``check_key`` and
``key_label`` for the key bar, ``picker_for`` for a decision, ``status_text`` and ``results`` for
what the table says. A lesson is the other flow (``common.tui.learn.LessonFlow``): one learner,
no curtains, the lesson's own keys and step panel.

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

Who sees a panel: the table's ``holder`` (``common.tui.holder``). A seat's panel is shown with no
curtain only while that seat holds the terminal (the same person, nothing public shown since);
otherwise its curtain comes first, and lifting it is what makes the seat the holder. A public
notice or a decision at the public table releases the terminal.

Out of turn: an action a seat may take while another is to act (Orcz's scout). The game calls
``request_out_of_turn(title, accepts, note, run)``: the players who may are asked who wants to act
(a public question), that seat's curtain comes up unless it holds the terminal, ``run(seat)``
shows its private screen and then calls ``out_of_turn_done(seat)``; the seat to act gets the
terminal back through the same rule (its curtain, since another person holds it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.binding import BindingType

from common.errors import IllegalAction, SaveError
from common.offer import Offer
from common.tui.choices import Picker
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.window import Claim, WindowPicker
from common.words import shown

if TYPE_CHECKING:
    from common.tui.session import GameSession
    from common.tui.table import TableScreen


class Flow:
    """The pass-and-play flow: curtains, the public table, windows, out-of-turn questions,
    computer players and undo. The base of every flow: a lesson's overrides its parts."""

    # The flow's own keys (``flow('name')`` actions, run by ``run_key``) and stylesheet, for a
    # table class made for it (``common.tui.learn.lesson_table``).
    BINDINGS: ClassVar[list[BindingType]] = []
    # Whether the panel says it shows the same person's next decision (a lesson has one
    # learner: it would say so at every step).
    mark_again: ClassVar[bool] = True

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.bot_busy = False  # a computer player is thinking, or its move is on show
        self._announced = -1  # public log entries already considered for results and news
        # The window for cards out of turn under way: its key, the people who said they play
        # nothing since the last card played in it, and the seat that claimed it.
        self._window: Any = None
        self._declined: set[int] = set()
        self._claimant: int | None = None

    @property
    def session(self) -> GameSession:
        return self.table.session

    # ---- what the table calls

    def mount(self) -> None:
        """The table is mounted (before ``start``): a flow may add its own widgets."""

    def start(self) -> None:
        """The table's first screen."""
        self.advance()

    def advance(self) -> None:
        """After any change: a results notice, then the end screen, the same seat's panel, or a
        curtain to the next seat."""
        table = self.table
        entries = self.new_public_entries()
        table.tips.after_move(entries)  # tips (issue 30): from public entries only
        table.news = table.news_text(entries)
        notice = self.results(entries, self.session.view(None)) if entries else None
        if notice is None or not notice.plain:
            self.go_on()
            return
        table.hide_private()
        table.holder.release()  # everyone read it: a curtain before anything private
        table.app.push_screen(NoticeScreen("What happened", notice, public=True),
                              callback=lambda _: self.go_on())

    def go_on(self) -> None:
        """The next screen, with nothing to announce: the end, or the next decision."""
        table = self.table
        if self.session.is_over():
            table.hide_private()
            from common.tui.end import EndScreen

            table.app.push_screen(EndScreen(table))
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

    def new_public_entries(self) -> list[dict[str, Any]]:
        """The public log entries since the last call (results and news are made of them)."""
        log: list[dict[str, Any]] = self.session.view(None)["log"]
        if self._announced < 0:
            self._announced = len(log)
        entries = log[self._announced:]
        self._announced = len(log)
        return entries

    def announced_all(self) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""
        self._announced = len(self.session.view(None)["log"])

    def results(self, entries: list[dict[str, Any]], view: dict[str, Any]) -> Text | None:
        return self.table.results(entries, view)

    def status_text(self, view: dict[str, Any]) -> Text:
        return self.table.status_text(view)

    def picker_for(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        """The decision now of the seat ``view["seat"]`` (the game's picker)."""
        return self.table.make_picker(view, legal)

    def private_drawn(self) -> None:
        """The private panel was just drawn."""

    def public_drawn(self) -> None:
        """The public widgets were just drawn."""

    # ---- the keys

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key acts now, when the flow decides it (None: the table decides)."""
        return None

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment, when the flow has one (None: the table's)."""
        return None

    def keys_signature(self) -> tuple[Any, ...]:
        """What the key bar depends on in the flow (beyond the table's)."""
        return (self.bot_busy,)

    def run_key(self, name: str) -> None:
        """A key of the flow's own ``BINDINGS``."""

    def nav(self, dx: int, dy: int) -> None:
        self.table.panel.nav(dx, dy)

    def choose(self) -> None:
        self.table.panel.choose()

    def clicked(self, index: int) -> None:
        self.table.panel.clicked(index)

    def quick(self, index: int) -> None:
        self.table.panel.quick(index)

    def adjust(self, delta: int) -> None:
        self.table.panel.adjust(delta)

    def row_key(self, delta: int, index: int) -> None:
        """The number row past 0: a share changed by one in a split, else an option."""
        picker = self.table.picker
        if picker is not None and picker.adjustable:
            self.adjust(delta)
        else:
            self.quick(index)

    def back(self) -> None:
        self.table.panel.back()

    def log_page(self, direction: int) -> None:
        from common.tui.log_panel import LogPanel

        self.table.query_one(LogPanel).page(direction)

    # ---- a decision chosen

    def handle_pick(self, outcome: Any) -> None:
        """What a picker answered: None (moved on), a reason (not legal), a claim of a window,
        or an action."""
        table = self.table
        if isinstance(outcome, Claim):
            self.claimed(outcome)
            return
        if outcome is None:
            table.message = ""
            table.refresh_private()
        elif isinstance(outcome, str):
            table.message = Text("✗ " + outcome, style="bold red")
            table.refresh_private(keep=True)
        else:
            self.act(outcome)

    def act(self, action: Any) -> None:
        """Apply a complete decision: the rules' reason if it is illegal, else go on."""
        table = self.table
        seat = table.viewer if table.viewer is not None else table.public_seat
        window = None if seat is None else self._window_offer(seat)
        try:
            if not self.apply_and_save(action):
                return
        except IllegalAction as err:
            table.message = Text("✗ " + str(err), style="bold red")
            table.refresh_private()
            return
        if seat is not None:
            self._window_moved(seat, action, window)
        table.picker = None
        self.advance()

    def apply_and_save(self, action: Any) -> bool:
        """Apply ``action`` (``IllegalAction`` if not legal); False when a rule failed (a bug:
        its screen is up). A failed write is said, and the move stays here, marked not saved,
        for the next write (or ``w``) to try again."""
        try:
            self.session.apply(action)
        except SaveError as err:
            self.table.say_not_saved(err)
        except IllegalAction:
            raise
        except Exception as err:  # a bug in a rule: said, never taken for a refusal
            self.rule_failed(err)
            return False
        return True

    def rule_failed(self, error: Exception) -> None:
        """The report written and the crash screen shown; the game stays as saved."""
        from common.tui.crash import RuleCrashScreen, write_report
        from common.tui.session import data_dir

        session = self.session
        report = write_report(error, session.record.game, session.path, data_dir())
        self.table.app.push_screen(RuleCrashScreen(error, session.path, report))

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer (or the table's "nobody plays"): taken for ``seat`` and
        logged, with nobody asked."""
        try:
            if not self.apply_and_save(action):
                return
        except IllegalAction as err:  # an offer that disagrees with the rules: ask instead
            self.table.message = Text("✗ " + str(err), style="bold red")
            self.show_private(seat)
            return
        self.advance()

    # ---- curtains

    def show_private(self, seat: int) -> None:
        """``seat``'s panel, behind its curtain unless it holds the terminal."""
        if self.table.holder.holds(seat):
            self.table.show_for(seat)  # the same person, with nothing public shown between
        else:
            self.handoff(seat)

    def _alone(self, seat: int, offer: Offer) -> None:
        """One person and computer players: nobody else watches, so no curtain and no
        question when the person has nothing to play but the public answer."""
        legal = self.session.legal(seat)
        if len(legal) == 1 and (offer.forced or offer.window is not None):
            self.take_for(seat, legal[0])
        elif self.table.holder.alone(seat):
            self.table.show_for(seat)
        else:
            self.handoff(seat)

    def handoff(self, seat: int) -> None:
        """Hide everything private, then the opaque curtain; Enter shows ``seat``'s panel."""
        table = self.table
        table.hide_private()
        self.push_curtain(seat, lambda: table.show_for(seat))

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        """``seat``'s curtain; Enter runs ``then``. Undo and out-of-turn keys at the curtain act,
        or bring the same curtain back when there is nothing to do."""
        from common.tui.gameui import ui_for

        table = self.table
        keys = dict(ui_for(self.session.record.game).curtain_keys)

        def again() -> None:
            self.push_curtain(seat, then)

        def done(answer: str | None) -> None:
            if answer is None:
                then()
            elif answer == "undo":
                self.request_undo(from_curtain=True, back=again)
            else:
                table.out_of_turn_key(answer, back=again)

        curtain = CurtainScreen(self.session.players[seat], holder=table.holder, seat=seat,
                                keys=keys)
        table.app.push_screen(curtain, callback=done)

    # ---- a decision at the public table

    def show_public(self, seat: int, offer: Offer) -> None:
        """``seat`` decides where everyone may watch: the public options only. ``o`` opens its
        hand behind its curtain when it may also play a card."""
        table = self.table
        table.hide_private()
        table.holder.release()
        table.public_seat, table.offer = seat, offer
        view = self.session.public_view(seat)  # nothing private of the seat
        table.picker = self.picker_for(view, list(offer.public))
        table.refresh_all(view)

    def open_hand(self) -> None:
        """``o`` at a public decision: the seat's curtain, then its panel; the log says it
        looked (not what)."""
        seat = self.table.public_seat
        if seat is not None:
            self.session.note(self.table.open_words(self.session.players[seat])[1])
            self.handoff(seat)

    # ---- windows for cards played out of turn: one public question for the table

    def _window_turn(self, seat: int, offer: Offer) -> None:
        table = self.table
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
        table.hide_private()
        table.holder.release()
        table.public_seat, table.offer = seat, offer
        rows = [(s, name, None if s in asked else self._why_not_asked(s, offer))
                for s, name in enumerate(self.session.players)]
        table.picker = WindowPicker(rows, table.window_title(offer))
        table.refresh_all()

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

    def claimed(self, claim: Claim) -> None:
        """The table's answer: who plays a card (None: nobody)."""
        table = self.table
        offer, seat = table.offer, table.public_seat
        assert offer is not None and seat is not None
        asked = self._askable(offer)
        self._declined.update(s for s in asked if s != claim.seat)
        self._claimant = claim.seat
        table.public_seat = table.offer = None
        table.picker = None
        self._window_turn(seat, offer)

    def _window_offer(self, seat: int) -> Offer | None:
        """The offer of ``seat``'s turn now when it is a window's (before its move)."""
        table = self.table
        offer = table.offer if table.public_seat == seat else self.session.offer(seat)
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

    # ---- computer players: their moves are shown to everyone, with a pause and the log line

    def play_bot(self, seat: int) -> None:
        table = self.table
        table.hide_private()
        self.bot_busy = True
        table.refresh_keys()
        table.news = f"{self.session.players[seat]} (computer) is thinking…"
        table.refresh_status()
        turn, decide = self.session.bot_decision(seat)
        # Decided away from the screen's thread: a ``hard`` bot may think for a second.
        table.run_worker(partial(self._think, seat, turn, decide), name="_think", group="bot",
                         exclusive=True, thread=True)

    def _think(self, seat: int, turn: int, decide: Callable[[], Any]) -> None:
        app = self.table.app
        try:
            action = decide()
        except Exception as err:  # a bot's bug must not end the game: a legal move instead
            action = self.session.legal(seat)[0]
            app.call_from_thread(app.notify, f"The computer player stumbled ({shown(err)}); "
                                 "it plays its first legal move.", severity="warning",
                                 markup=False)
        app.call_from_thread(self._bot_decided, seat, turn, action)

    def _bot_decided(self, seat: int, turn: int, action: Any) -> None:
        table = self.table
        if not table.is_attached or self.session.action_count != turn:
            return  # the table was left, or the game moved on meanwhile
        before = len(self.session.view(None)["log"])
        window = self._window_offer(seat)
        try:
            applied = self.apply_and_save(action)
        except IllegalAction:  # a bot's bug: the game goes on with a legal move
            action = self.session.legal(seat)[0]
            applied = self.apply_and_save(action)
        if not applied:
            return
        self._window_moved(seat, action, window)
        lines = [str(e.get("text", "")) for e in self.session.view(None)["log"][before:]]
        table.news = f"{self.session.players[seat]} (computer): " + (lines[0] if lines else
                                                                      "done.")
        table.refresh_all()

        def go_on() -> None:
            self.bot_busy = False
            self.advance()

        if table.bot_pause > 0:
            table.set_timer(table.bot_pause, go_on)
        else:
            table.call_later(go_on)

    # ---- undo (from the curtain that follows one's own move, or from one's own panel)

    def request_undo(self, *, from_curtain: bool = False,
                     back: Callable[[], None] | None = None) -> None:
        """Take back the last move of the seat at the terminal (or, from a curtain, of the seat
        that was there before it)."""
        table = self.table
        who = table.last_viewer if from_curtain else self.undo_seat
        if table.reviewing or self.session.is_over():
            return
        if not self.session.can_undo(who):
            if back is not None:
                back()  # a curtain shows nothing but the hand-off: it comes back as it was
                return
            table.app.notify("Nothing to undo: only your own last move, while it revealed "
                             "nothing, can be taken back.", severity="warning", markup=False)
            return
        text = self.session.undo(who)
        self.announced_all()
        # From a curtain, whoever pressed the key may already be the next player: the panel
        # that comes back goes behind a curtain of its own.
        # A public decision's move comes back to the public table (its offer says so).
        table.viewer = None if from_curtain or table.viewer is None else who
        table.app.notify(text, markup=False)
        self.go_on()

    @property
    def undo_seat(self) -> int | None:
        """Whose last move ``u`` takes back here: the seat whose panel is shown, or the seat
        deciding at the public table (not the whole table's window question)."""
        table = self.table
        if table.viewer is not None:
            return table.viewer
        return None if isinstance(table.picker, WindowPicker) else table.public_seat

    # ---- out-of-turn actions

    def request_out_of_turn(self, title: str, accepts: Callable[[Any], bool], note: str,
                            run: Callable[[int], None], *, none_note: str,
                            back: Callable[[], None] | None = None) -> None:
        """Ask who takes an action ``accepts`` out of turn, then that seat's curtain and
        ``run(seat)``; ``run`` ends with ``out_of_turn_done(seat)``."""
        table = self.table
        players = self.session.players
        seats = [s for s in range(len(players))
                 if any(accepts(a) for a in self.session.legal(s))]
        if not seats:
            if back is not None:
                back()  # from a curtain: it shows nothing but the hand-off
            else:
                table.app.notify(none_note, severity="warning", markup=False)
            return
        table.hide_private()

        def chosen(seat: int | None) -> None:
            if seat is None:
                self.go_on()  # the panel shown before, if its seat still holds the terminal
            elif table.holder.holds(seat):
                run(seat)
            else:
                self.push_curtain(seat, lambda: run(seat))

        table.app.push_screen(PickPlayerScreen(title, [(s, players[s]) for s in seats], note),
                              callback=chosen)

    def out_of_turn_done(self, seat: int) -> None:
        """After a private out-of-turn screen of ``seat``: the next decision, behind its curtain
        unless ``seat`` (who holds the terminal) is the one to act."""
        self.announced_all()
        self.go_on()
