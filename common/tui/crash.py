"""When hotseat meets a bug: a report file, and a screen that knows nothing of the game.

Two ways in. A rule of the game fails (any exception from ``apply`` but ``IllegalAction``): the
table shows ``RuleCrashScreen``, the move not played. Any other bug in the app (a view that
raises while the table is drawn, a screen, the menu, a worker): ``HotseatApp`` shows
``CrashScreen``, whose only key quits. Either way the traceback goes to a report in the data
folder's ``reports`` folder, readable by its owner only, and never through a link
(``common.storage.create_private``); the screen says where it is, or why none could be written,
in plain words. Neither screen shows the exception's text, its locals or anything of the state:
they are seen by the whole table, and a bug's message may hold any player's secret.
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual._context import active_message_pump
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import WorkerFailed

from common.errors import SaveError
from common.i18n import N_, _, said_by
from common.session import data_dir
from common.storage import create_private
from common.tui import __version__
from common.tui.footer import Footer
from common.tui.messages import BackToMenu
from common.tui.small import TooSmall
from common.words import shown


@dataclass(frozen=True)
class Report:
    """Where a crash report was written (``path``), or why none could be (``problem``, in
    plain words: the disk's reason, never the exception's text)."""

    path: Path | None
    problem: str = ""


def write_report(error: BaseException, game: str, save: Path | None, folder: Path) -> Report:
    """The traceback of ``error`` (no locals) in a new file of ``folder``/reports."""
    if isinstance(error, WorkerFailed):  # a worker's bug, wrapped: its own traceback is inside
        error = error.error
    text = (f"hotseat {__version__}, game {game or '-'}, save {save or '-'}\n\n"
            + "".join(traceback.format_exception(error)))
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    names = [f"crash-{stamp}-{os.getpid()}-{n}.txt" for n in range(100)]  # never over another
    try:
        fd, path = create_private(folder / "reports", names)
    except SaveError as err:
        return Report(None, str(err))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as err:
        return Report(None, (err.strerror or type(err).__name__).lower())
    return Report(path)


def report_words(report: Report) -> str:
    """Where the report is, or that none could be written and why."""
    if report.path is not None:
        return _("A report was written to {path}: please send it with the save.").format(
            path=shown(report.path))
    return _("No report could be written: {reason}.").format(reason=shown(report.problem))


def saved_words(save: Path | None, unsaved: bool) -> str:
    """Where the game is, as true after a crash as before: every move is saved as it is made."""
    if save is None:
        return _("Every game is saved up to its last move.")
    if unsaved:
        return _("The last move could NOT be saved: the game is kept up to the move before, "
                 "in {path}.").format(path=shown(save))
    return _("The game is saved up to the last move, in {path}: `hotseat resume` continues "
             "it.").format(path=shown(save))


def crash_line(save: Path | None, unsaved: bool, report: Report) -> str:
    """The one line said after the terminal is restored when the app could not go on."""
    return said_by("hotseat") + " ".join([_("hotseat met a bug and stopped."),
                                          saved_words(save, unsaved), report_words(report)])


class Crashes:
    """The app's bugs: the first one's report, then the crash screen over everything; when the
    app cannot go on (it is not running, or the crash screen itself failed), ``words``, the
    one line to say once the terminal is restored. ``session``: the game played last."""

    def __init__(self, session: Callable[[], Any]) -> None:
        self._session = session
        self.report: Report | None = None
        self.words = ""

    def met(self, app: App[Any], error: Exception, running: bool) -> bool:
        """Whether the app goes on after ``error`` (on the crash screen); else it must end."""
        if self.report is None:
            self.report = self._write(error)
            if running and self._show(app, self.report):
                return True
        elif _crash_screen_up(app) and not _in_crash_screen():
            return True  # an echo of the same bug behind the crash screen, which says it already
        save, unsaved = self._saved()
        self.words = crash_line(save, unsaved, self.report)
        return False

    def _saved(self) -> tuple[Path | None, bool]:
        session = self._session()
        if session is None:
            return None, False
        return session.path, bool(getattr(session, "unsaved", False))

    def _write(self, error: Exception) -> Report:
        session = self._session()
        try:
            return write_report(error, session.record.game if session else "",
                                self._saved()[0], data_dir())
        except Exception:  # the report's own failure must not take the crash screen with it
            return Report(None, _("the report itself failed"))

    def _show(self, app: App[Any], report: Report) -> bool:
        try:
            app.push_screen(CrashScreen(*self._saved(), report))
        except Exception:  # the app is too broken to show it: the line after the end says it
            return False
        return True


def _crash_screen_up(app: App[Any]) -> bool:
    try:
        return isinstance(app.screen, CrashScreen)
    except Exception:  # no screen left (the app is ending)
        return False


def _in_crash_screen() -> bool:
    """Whether the code running now is the crash screen's (or one of its widgets')."""
    pump = active_message_pump.get(None)
    try:
        return isinstance(pump, Widget) and isinstance(pump.screen, CrashScreen)
    except Exception:  # a widget no longer on any screen
        return False


class CrashScreen(Screen[None]):
    """Says that hotseat met a bug, that the game is saved, and where the report is; Enter
    quits. It is given paths and plain words only: nothing of the game, nothing of the bug."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "quit", N_("Quit"))]

    def __init__(self, save: Path | None, unsaved: bool, report: Report) -> None:
        super().__init__()
        self.save = save
        self.unsaved = unsaved
        self.report = report

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(_("hotseat met a bug"), style="bold red"), classes="dialog-title")
            yield Static(Text(self.words()), id="crash-text")
        yield Footer(classes="body", compact=True)

    def words(self) -> str:
        return "\n".join([
            _("This is a bug in hotseat, not something a player did: the game cannot go on "
              "here."),
            saved_words(self.save, self.unsaved), report_words(self.report), "",
            _("Press Enter to quit.")])

    def action_quit(self) -> None:
        self.app.exit(return_code=1)


class RuleCrashScreen(Screen[None]):
    """Says that a rule failed, that the game is saved up to the move before, and where the
    report is; Enter goes back to the menu."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "menu", N_("Menu"))]

    def __init__(self, save: Path, report: Report) -> None:
        super().__init__()
        self.save = save
        self.report = report

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(_("A rule of the game failed"), style="bold red"),
                         classes="dialog-title")
            yield Static(Text(self.words()), id="crash-text")
        yield Footer(classes="body", compact=True)

    def words(self) -> str:
        """What the screen says; paths are outside text, shown as text."""
        return "\n".join([
            _("This is a bug in hotseat, not a wrong move: the move was not played."),
            _("The game is saved up to the move before, in {path}.").format(
                path=shown(self.save)),
            report_words(self.report), "", _("Press Enter to go back to the menu.")])

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())
