"""The flow of a table: whose panel is shown when, and how a chosen move is applied.

``Flow`` is the pass-and-play flow every game shares; a ``TableScreen`` owns one and calls it at
fixed points: ``start`` when mounted, ``advance`` after every change, ``handle_pick`` with a
key's typed result (``common.tui.choices.PickResult``), the picker's keys (``nav``,
``choose``, ``back`` …), ``check_key`` and ``key_label`` for the key bar, ``picker_for`` for a
decision, ``status_text`` for what the table says (``common.tui.flow_api.TableFlow``). A
lesson's flow (``common.tui.learn_play.LessonFlow``) is another such flow, not a subclass: one
learner, no curtains, the lesson's own keys and step panel; it shares ``announce`` and the
asides.

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
notice or a decision at the public table releases the terminal. Only the seats at this terminal
play here (``common.tui.flow_here``): at a host's terminal the remote seats play at their own, so
none of theirs is ever asked, shown or put behind a curtain here, and while only they are to act
the table waits on its public side.

The parts: this module's turns (whose panel, curtains, the public table, the picker's keys);
the flow *has* the others, each an object with its own state: ``windows``
(``flow_window.WindowTurns``, a window's one question), ``bots`` (``flow_bots.BotTurns``,
computer players) and ``asides`` (``flow_asides.Asides``, undo and out-of-turn questions); they
call back only the steps of ``flow_base.FlowSteps``. The flow talks to its table only through
``common.tui.table_api.Table``, and a key goes one way: the table routes it here, the picker
panel returns what the key did (a ``PickResult``), this flow matches on it, the session
applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import BindingType

from common.errors import IllegalAction, SaveError
from common.i18n import _
from common.offer import Offer
from common.session import GameSession
from common.tui.choices import Chosen, Claim, Moved, Nothing, Picker, PickResult, Refused
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.end import EndScreen
from common.tui.flow_asides import Asides
from common.tui.flow_base import Heard, rule_failed
from common.tui.flow_bots import BotTurns
from common.tui.flow_here import people_here, seat_now, wait_for_others
from common.tui.flow_window import WindowTurns
from common.tui.gameui import ui_for
from common.tui.options import TableOptions
from common.tui.table_api import Table


class Flow:
    """The pass-and-play flow: curtains, the public table and the picker's keys; it has its
    windows, computer players and asides (undo, out-of-turn questions). A remote seat's flow
    (``common.remote.seat_app.SeatFlow``) overrides its steps."""

    # The flow's own keys (``flow('name')`` actions, run by ``run_key``), for a table class made
    # for it (a lesson's: ``common.tui.learn_flow.lesson_table``); pass and play has none.
    BINDINGS: ClassVar[list[BindingType]] = []
    # Whether the panel says it shows the same person's next decision (a lesson has one
    # learner: it would say so at every step).
    mark_again: ClassVar[bool] = True

    def __init__(self, table: Table) -> None:
        self.table = table
        self.heard = Heard()  # the public log entries already considered for results and news
        self.windows = WindowTurns(self)
        self.bots = BotTurns(self, self.windows)
        self.asides = Asides(self)

    @property
    def session(self) -> GameSession:
        return self.table.session

    def configure(self, options: TableOptions) -> None:
        """The flow's own settings among the app run's (a lesson's beat); none for a game."""

    # ---- the public log, as news

    def new_public_entries(self) -> list[dict[str, Any]]:
        """The public log entries since the last call (results and news are made of them)."""
        return self.heard.since(self.session)

    def announced_all(self) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""
        self.heard.all_known(self.session)

    def apply_and_save(self, action: Any) -> bool:
        """Apply ``action`` (``IllegalAction`` if not legal); False when a rule failed (a bug:
        its screen is up). A failed write is said, and the move stays here, marked not saved,
        for the next write (or ``w``) to try again."""
        try:
            self.session.apply(action)
        except SaveError as err:
            self.table.drawing.say_not_saved(err)
        except IllegalAction:
            raise
        except Exception as err:  # a bug in a rule: said, never taken for a refusal
            rule_failed(self.table, err)
            return False
        return True

    # ---- what the table calls

    def mount(self) -> None:
        """The table is mounted (before ``start``): a flow may add its own widgets."""

    def start(self) -> None:
        """The table's first screen."""
        self.advance()

    def advance(self) -> None:
        """After any change: a results notice, then the end screen, the same seat's panel, or a
        curtain to the next seat."""
        announce(self.table, self.new_public_entries(), self.go_on)

    def go_on(self) -> None:
        """The next screen, with nothing to announce: the end, or the next decision."""
        table = self.table
        session = self.session
        if session.is_over():
            table.hide_private()
            standings = table.game.standings(session.view(None), session.result())
            review = ui_for(session.record.game).new_table
            table.app.push_screen(EndScreen(session, standings,
                                            lambda: review(session, review=True)))
            return
        seat = seat_now(table)
        if seat is None:  # only seats of other terminals (a host's remote seats) are to act
            wait_for_others(table)
            return
        if self.session.is_bot(seat):
            self.bots.play(seat)
            return
        offer = self.session.offer(seat)
        self.windows.follow(offer)
        if len(people_here(table)) == 1:
            self._alone(seat, offer)
        elif offer.window is not None:
            self.windows.turn(seat, offer)
        elif offer.forced:
            self.take_for(seat, offer.public[0])
        elif offer.private:
            self.show_private(seat)
        else:
            self.show_public(seat, offer)

    def status_text(self, view: dict[str, Any]) -> Text:
        return self.table.game.status_text(view)

    def picker_for(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        """The decision now of the seat ``view["seat"]`` (the game's picker)."""
        return self.table.game.make_picker(view, legal)

    def private_drawn(self) -> None:
        """The private panel was just drawn."""

    def public_drawn(self) -> None:
        """The public widgets were just drawn."""

    # ---- the keys

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key acts now, when the flow decides it (None: the table decides)."""
        return False if self.bots.busy else None  # no key while a computer player thinks

    def key_label(self, action: str) -> str | None:
        """A key's word for the moment, when the flow has one (None: the table's)."""
        return None

    def keys_signature(self) -> tuple[Any, ...]:
        """What the key bar depends on in the flow (beyond the table's)."""
        return (self.bots.busy,)

    def run_key(self, name: str) -> None:
        """A key of the flow's own ``BINDINGS``."""

    # The picker's keys: the panel answers, the flow decides what follows.

    def nav(self, dx: int, dy: int) -> None:
        if self.table.panel.nav(dx, dy):
            self.table.refresh_private(keep=True)

    def choose(self) -> None:
        self.handle_pick(self.table.panel.choose())

    def clicked(self, index: int) -> None:
        self.handle_pick(self.table.panel.clicked(index))

    def typed(self, digit: str) -> None:
        """A digit of an option's number."""
        self.handle_pick(self.table.panel.typed(digit))

    def adjust(self, delta: int) -> None:
        if self.table.panel.adjust(delta):
            self.table.refresh_private(keep=True)

    def back(self) -> None:
        if self.table.panel.back():
            self.table.refresh_private()

    def log_page(self, direction: int) -> None:
        self.table.drawing.page_log(direction)

    # ---- a decision chosen

    def handle_pick(self, result: PickResult) -> None:
        """What a key on the picker did: a step on, a refusal's reason, a window's claim, or
        a complete decision."""
        table = self.table
        match result:
            case Nothing():
                pass
            case Moved():
                table.message = ""
                table.refresh_private()
            case Refused(reason):
                table.message = Text("✗ " + reason, style="bold red")
                table.refresh_private(keep=True)
            case Claim():
                self.windows.claimed(result)
            case Chosen(action):
                self.act(action)

    def act(self, action: Any) -> None:
        """Apply a complete decision: the rules' reason if it is illegal, else go on."""
        table = self.table
        seat = table.viewer if table.viewer is not None else table.public_seat
        window = None if seat is None else self.windows.offer_of(seat)
        try:
            if not self.apply_and_save(action):
                return
        except IllegalAction as err:
            table.message = Text("✗ " + table.game.refusal_words(err), style="bold red")
            table.refresh_private()
            return
        if seat is not None:
            self.windows.moved(seat, action, window)
        table.picker = None
        self.advance()

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer (or the table's "nobody plays"): taken for ``seat`` and
        logged, with nobody asked."""
        try:
            if not self.apply_and_save(action):
                return
        except IllegalAction as err:  # an offer that disagrees with the rules: ask instead
            self.table.message = Text("✗ " + self.table.game.refusal_words(err), style="bold red")
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
        table = self.table
        keys = ui_for(self.session.record.game).curtain_keymap()

        def again() -> None:
            self.push_curtain(seat, then)

        def done(answer: str | None) -> None:
            if answer is None:
                then()
            elif answer == "undo":
                self.asides.request_undo(from_curtain=True, back=again)
            else:
                table.game.out_of_turn(answer, back=again)

        curtain = CurtainScreen(self.session.players[seat], holder=table.holder, seat=seat,
                                keys=keys, tip=table.tips.public_line(seat))
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

    def out_of_turn_done(self, seat: int) -> None:
        """After a private out-of-turn screen of ``seat``: the next decision, behind its curtain
        unless ``seat`` (who holds the terminal) is the one to act."""
        self.announced_all()
        self.go_on()


def announce(table: Table, entries: list[dict[str, Any]], then: Callable[[], None]) -> None:
    """What a move added to the public log: read by the tips and the status line, and, when
    it says something, a public results notice before ``then`` (a flow's next screen)."""
    table.tips.after_move(entries)  # the tips read what the move added to the public log
    table.news = table.game.news_text(entries)
    notice = table.game.results(entries, table.session.view(None)) if entries else None
    if notice is None or not notice.plain:
        then()
        return
    table.hide_private()
    table.holder.release()  # everyone read it: a curtain before anything private
    table.app.push_screen(NoticeScreen(_("What happened"), notice, public=True),
                          callback=lambda _: then())


__all__ = ["Flow", "announce"]
