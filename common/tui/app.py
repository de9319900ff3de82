"""The hotseat Textual app: the menu, new games, resume, and the tables of every game."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from common import lessons as L
from common.i18n import N_, _
from common.session import GameSession
from common.tui import nobreak  # noqa: F401  (wraps keep « : ! » with their word)
from common.tui.crash import Crashes
from common.tui.curtain import CurtainScreen
from common.tui.gameui import all_uis, keymap_in_use, stylesheets, ui_for
from common.tui.help import HelpScreen, glossary_screen
from common.tui.keyguard import KeyGuard, key_pressed
from common.tui.keymap import key_name
from common.tui.messages import BackToMenu, OpenLesson, StartGame
from common.tui.options import TableOptions
from common.tui.small import SIZE_CSS, size_breakpoints, too_small

if TYPE_CHECKING:
    from common.tui.table import TableScreen  # deferred: the table loads after a curtain

_H, _V = size_breakpoints()
_V32 = [*_V, (32, "-tall32")]

APP_BINDINGS: list[BindingType] = [
    Binding("ctrl+c", "quit_saved", N_("Quit"), priority=True),
    Binding("ctrl+q", "quit_saved", N_("Quit"), show=False, priority=True),
    Binding("f1,question_mark", "help", N_("Help")),
    Binding("u", "undo", N_("Undo"), id="app.undo"),
    # q quits wherever no screen gives it a meaning of its own (help: close): every move is
    # already saved, so mid-game it is Ctrl+C's quit, with the same farewell.
    Binding("q", "quit_saved", N_("Quit"), show=False),
    Binding("g", "glossary", N_("Glossary"), show=False, id="app.glossary"),
    # The notice of a refused save says "Press w" and stays up over the screens that follow
    # (the next player's curtain, a public notice): the key works there too.
    Binding("w", "save_again", N_("Save again"), show=False),
]

GENERAL_HELP = N_("""\
# hotseat — help

hotseat plays board games passed around one terminal. Before anything private is shown, an opaque
curtain names the player to pass the terminal to: press **Enter** only when that player alone can
see. Every move is saved at once; `hotseat resume` continues a game.

| key | what it does |
|---|---|
| **Enter** | choose; at a curtain: show your private panel |
| **← ↑ → ↓**, **1 … 9, 10 …** | move between options, or pick one by its whole number |
| **Esc** | one step back, or close a screen |
| **u** | undo your own last move while it revealed nothing |
| **F1 or ?** | help: the keys and the rules of the game on the table |
| **g** | glossary: the abbreviations a table shows, in words |
| **q or Ctrl+C** | quit (the game is saved) |
""")

# The signals that end the app as its Quit key does: the terminal restored (raw mode, the
# alternate screen, mouse reporting, the cursor), the game saved, the farewell said.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT)


class HotseatApp(App[int]):
    """``session``: a game to play straight away (else the menu); ``error``: a message first."""

    TITLE = "hotseat"
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).with_name("shell.tcss"), *stylesheets()
    ]
    CSS = SIZE_CSS
    HORIZONTAL_BREAKPOINTS = _H
    VERTICAL_BREAKPOINTS = _V32
    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: GameSession | None = None, *, error: str | None = None,
                 learn: str | None = None, bot_pause: float | None = None,
                 challenge_seconds: float | None = None, beat_seconds: float | None = None,
                 no_tips: bool = False) -> None:
        super().__init__()
        self.learn = learn  # "" : choose a game to learn; a game's name: its lessons
        self.start_session = session
        self.start_error = error
        # given to each table (--no-tips, a test's short clock)
        self.table_options = TableOptions(bot_pause, challenge_seconds, beat_seconds, no_tips)
        self.pending_game: GameSession | None = None  # shown behind its first curtain
        self.session: GameSession | None = session  # the game played last (for the farewell)
        self.stopped_by: signal.Signals | None = None  # the signal that ended the app, if any
        self._before: dict[int, object] = {}
        self.crashes = Crashes(lambda: self.session)
        # each key's letter in the language in use (common/tui/keymap.py)
        self.set_keymap(keymap_in_use())

    def get_key_display(self, binding: Binding) -> str:
        """A key as the key bar names it: French keyboards' caps in French ("Échap")."""
        if not binding.key_display:
            named = key_name(binding.parse_key()[1])
            if named and "+" not in binding.key:
                return named
        return super().get_key_display(binding)

    def run(self, *args: Any, **kwargs: Any) -> int | None:
        """Textual's ``run``, ending cleanly on any of ``STOP_SIGNALS``: one that comes before
        the app is up is kept and acted on once it is."""
        self._before = {sig: signal.signal(sig, self._early_signal) for sig in STOP_SIGNALS}
        try:
            return super().run(*args, **kwargs)
        finally:
            for sig, handler in self._before.items():
                signal.signal(sig, handler)  # type: ignore[arg-type]

    def _early_signal(self, signum: int, frame: object) -> None:
        self.stopped_by = signal.Signals(signum)

    def _on_stop_signal(self, signum: signal.Signals) -> None:
        self.stopped_by = signum
        self.exit(0)

    def _watch_signals(self) -> None:
        """From here on the event loop takes the signals, between two messages."""
        if not self._before:
            return  # not started by ``run`` (a test's ``run_test``)
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, self._on_stop_signal, sig)
        if self.stopped_by is not None:
            self.exit(0)

    async def on_event(self, event: events.Event) -> None:
        """Textual's; a key's bindings run knowing when it was typed (``common.tui.keyguard``:
        a curtain or a notice asks)."""
        if not isinstance(event, events.Key):
            await super().on_event(event)
            return
        with key_pressed(event.time):
            await super().on_event(event)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Textual's: a frame of ``screen`` to the terminal. A key guard counts from a screen's
        first frame (``common.tui.keyguard``). Textual has no public hook for it: a callback
        ``call_after_refresh`` runs without a paint during a batch update or under another
        screen, and a mount comes before any paint (a stalled app may mount a curtain it draws
        only 0.6 s later). Once handed to the driver here, its writer thread puts the frame on
        the terminal even if the app stalls next."""
        super()._display(screen, renderable)
        guard = getattr(screen, "guard", None)
        if isinstance(guard, KeyGuard) and renderable is not None and not self._batch_count:
            guard.now_drawn()

    # ---- any bug: hotseat's crash screen, never Textual's printout (it shows local variables:
    # the whole game state went to the table's screen with them)

    async def _dispatch_message(self, message: Message) -> None:
        """Textual's. A bug in one of the app's own handlers (a key, the menu's choice of a
        game) would end the app's loop there: it ends on the crash screen instead."""
        try:
            await super()._dispatch_message(message)
        except Exception as error:
            self._handle_exception(error)

    def _handle_exception(self, error: Exception) -> None:
        """Where Textual sends every exception of the app (screens, widgets, timers, workers):
        hotseat's crash path (``common.tui.crash.Crashes``), which the app ends after when it
        cannot go on; the CLI then says ``crash_words``."""
        self._return_code = 1
        if self._exception is None:  # as Textual: ``run_test`` raises it again at its end
            self._exception = error
            self._exception_event.set()
        if not self.crashes.met(self, error, running=self._running and not self._exit):
            self.exit(return_code=1)

    @property
    def crash_words(self) -> str:
        """The line to say once the terminal is restored, if a bug ended the app."""
        return self.crashes.words

    def on_mount(self) -> None:
        self._watch_signals()
        if self.start_session is not None:
            self.start_game(self.start_session)  # the menu is built only if asked for
        else:
            # deferred: the menu loads only when shown (a game from the command line
            # starts without it)
            from common.tui.menu import MenuScreen

            self.push_screen(MenuScreen())
        if self.learn is not None:
            # deferred: the lessons load only when asked for
            from common.tui.learn import LearnGamesScreen, LessonListScreen

            self.push_screen(LessonListScreen(ui_for(self.learn)) if self.learn
                             else LearnGamesScreen())
        if self.start_error:
            from common.tui.menu import ErrorScreen  # deferred: as the menu above

            self.push_screen(ErrorScreen(self.start_error))

    def start_game(self, session: GameSession) -> None:
        """Straight to the curtain of the seat to act; the table is built behind it."""
        if self.session is not None and self.session is not session:
            self.session.release()  # one game open at a time: the last one may open elsewhere
        self.session = session
        if session.recovered:  # said once, on the public table: it names no secret
            self.notify(session.recovered, title=_("The save was damaged"), severity="warning",
                        timeout=30, markup=False)
            session.recovered = ""
        if session.is_over():
            self.push_screen(self._table(session))
            return
        seat = session.to_act()[0]
        if session.is_bot(seat) or session.humans == 1:  # no curtain: nobody to hide from
            self.push_screen(self._table(session))
            return
        if not session.offer(seat).private:  # a decision for the public table: no curtain
            self.push_screen(self._table(session))
            return
        self.pending_game = session
        keys = ui_for(session.record.game).curtain_keymap()
        table = self._table(session)  # built now: its holder is what the curtain hands over

        def open_table(answer: str | None) -> None:
            self.pending_game = None
            if answer == "undo":  # nothing is taken back at the first curtain: it stays
                self.start_game(session)
                return
            if answer is None:  # the seat holds the terminal now
                self.push_screen(table)
                return
            table.after_start = lambda: table.game.out_of_turn(answer, back=table.flow.advance)
            self.push_screen(table)

        self.push_screen(CurtainScreen(session.players[seat], holder=table.holder, seat=seat,
                                       keys=keys), callback=open_table)

    def _table(self, session: GameSession) -> TableScreen:
        # deferred: the table loads after the first curtain (the app starts on it quicker)
        from common.tui.table import table_for

        table = table_for(session)
        table.configure(self.table_options)
        return table

    def table_screen(self) -> TableScreen | None:
        from common.tui.table import TableScreen  # deferred: see _table

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen) and not screen.reviewing:
                return screen
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit_saved":
            return True
        if too_small(self.screen):
            return False  # no key acts on what the too-small notice hides
        if action == "glossary":  # not again from the glossary itself
            return not (isinstance(self.screen, HelpScreen) and not self.screen.docs)
        if action == "undo":
            table = self.table_screen()
            return table is not None and self.screen is table \
                and table.session.can_undo(table.flow.asides.undo_seat)
        return True

    def action_undo(self) -> None:
        table = self.table_screen()
        if table is not None and self.screen is table:
            table.flow.asides.request_undo()

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        table = self.table_screen()
        session = table.session if table is not None else self.pending_game
        if session is None:
            self.push_screen(HelpScreen(_(GENERAL_HELP), ()))
            return
        ui = ui_for(session.record.game)
        lesson = getattr(getattr(table, "flow", None), "keys_help", "")  # a lesson's own keys
        self.push_screen(HelpScreen(lesson + _(ui.keys_markdown), ui.help_docs, game=ui.name))

    def action_glossary(self) -> None:
        """The glossary of the game on the table (or whose help is open); else every game's."""
        table = self.table_screen()
        session = table.session if table is not None else self.pending_game
        game = session.record.game if session is not None else ""
        if not game and isinstance(self.screen, HelpScreen):
            game = self.screen.game
        self.push_screen(glossary_screen([ui_for(game)] if game else all_uis()))

    def action_save_again(self) -> None:
        """``w`` over the table (its own ``w`` acts on it): the table writes a refused save
        again; nothing of a seat's is drawn for it."""
        table = self.table_screen()
        if table is not None and self.screen is not table and table.session.unsaved:
            table.action_save_again()

    def action_quit_saved(self) -> None:
        """Every move is saved as it is made: quitting loses nothing (after a bug, the exit
        code still says it)."""
        self.exit(0, return_code=0 if self.crashes.report is None else 1)

    def on_start_game(self, message: StartGame) -> None:
        """A game chosen on the menu's forms."""
        self.start_game(message.session)

    def on_open_lesson(self, message: OpenLesson) -> None:
        """A tip's lesson, played over the game's table (leaving it comes back there)."""
        from common.tui.learn import lesson_table  # deferred: as the lessons above

        self.push_screen(lesson_table(L.start(message.lesson)))

    def on_back_to_menu(self, message: BackToMenu) -> None:
        from common.tui.menu import MenuScreen  # deferred: see on_mount

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        if not isinstance(self.screen, MenuScreen):
            self.push_screen(MenuScreen())
