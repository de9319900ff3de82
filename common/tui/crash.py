"""When a rule of the game fails (a bug, not a player's move): a report file and a screen.

The cores refuse a bad move with ``IllegalAction`` before any rule runs; any other exception
from ``apply`` is a bug. The table then writes the traceback to a report in the data folder and
shows this screen: the move is not played, the save keeps every move before it."""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from common.i18n import N_, _
from common.tui import __version__
from common.tui.footer import Footer
from common.tui.messages import BackToMenu
from common.tui.small import TooSmall
from common.words import shown


def write_report(error: BaseException, game: str, save: Path, folder: Path) -> Path | None:
    """The traceback of ``error`` in a new file of ``folder``/reports; None if it cannot be
    written (the screen then says so)."""
    text = (f"hotseat {__version__}, game {game}, save {save}\n\n"
            + "".join(traceback.format_exception(error)))
    reports = folder / "reports"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    try:
        reports.mkdir(parents=True, exist_ok=True)
        for n in range(100):  # a new name: never write over an earlier report
            path = reports / f"crash-{stamp}-{os.getpid()}-{n}.txt"
            try:
                with path.open("x", encoding="utf-8") as out:
                    out.write(text)
                return path
            except FileExistsError:
                continue
    except OSError:
        pass
    return None


class RuleCrashScreen(Screen[None]):
    """Says that a rule failed, that the game is saved up to the move before, and where the
    report is; Enter goes back to the menu."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "menu", N_("Menu"))]

    def __init__(self, error: BaseException, save: Path, report: Path | None) -> None:
        super().__init__()
        self.error = error
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
        """What the screen says; paths and the error are outside text, shown as text."""
        where = (_("A report was written to {path}: please send it with the save.").format(
                     path=shown(self.report)) if self.report is not None else
                 _("No report could be written ({kind}: {error}).").format(
                     kind=type(self.error).__name__, error=shown(self.error)))
        return "\n".join([
            _("This is a bug in hotseat, not a wrong move: the move was not played."),
            _("The game is saved up to the move before, in {path}.").format(
                path=shown(self.save)),
            where, "", _("Press Enter to go back to the menu.")])

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())
