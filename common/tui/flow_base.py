"""What the flow's parts may ask of the flow: the one interface between them.

``Flow`` (``common.tui.flow``) *has* its parts, each an object with its own state in its own
module: the computer players' turns (``flow_bots.BotTurns``), a window's one question for cards
played out of turn (``flow_window.WindowTurns``) and the asides of a turn
(``flow_asides.Asides``: undo and out-of-turn actions). A part talks back to its flow only
through ``FlowSteps``: the flow decides what comes next, the parts never draw the next screen
themselves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from common.session import GameSession, data_dir
from common.tui.crash import RuleCrashScreen, write_report
from common.tui.table_api import Table


class FlowSteps(Protocol):
    """The flow as its parts see it (``Flow`` is one)."""

    table: Table

    @property
    def session(self) -> GameSession: ...

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""

    def go_on(self) -> None:
        """The next screen, with nothing to announce."""

    def show_private(self, seat: int) -> None:
        """``seat``'s panel, behind its curtain unless it holds the terminal."""

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer, taken for ``seat`` with nobody asked."""

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        """``seat``'s curtain; Enter runs ``then``."""

    def apply_and_save(self, action: Any) -> bool:
        """Apply ``action`` (``IllegalAction`` if not legal); False when a rule failed."""

    def announced_all(self) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""


def rule_failed(table: Table, error: Exception) -> None:
    """A bug in a rule: the report written and the crash screen shown; the game stays as
    saved."""
    session = table.session
    report = write_report(error, session.record.game, session.path, data_dir())
    table.app.push_screen(RuleCrashScreen(session.path, report))


__all__ = ["FlowSteps", "rule_failed"]
