"""What the flow's parts may ask of the flow: the one interface between them.

``Flow`` (``common.tui.flow``) *has* its parts, each an object with its own state in its own
module: the computer players' turns (``flow_bots.BotTurns``), a window's one question for cards
played out of turn (``flow_window.WindowTurns``) and the asides of a turn
(``flow_asides.Asides``: undo and out-of-turn actions). A part talks back to its flow only
through ``FlowSteps``: the flow decides what comes next, the parts never draw the next screen
themselves. The asides ask less of it (``AsideSteps``): a lesson's flow has them too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from common.session import GameSession, data_dir
from common.tui.crash import RuleCrashScreen, write_report
from common.tui.table_api import Table


class AsideSteps(Protocol):
    """The flow as its asides see it (``Flow`` and a lesson's flow are)."""

    @property
    def table(self) -> Table: ...

    @property
    def session(self) -> GameSession: ...

    def go_on(self) -> None:
        """The next screen, with nothing to announce."""

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        """``seat``'s curtain; Enter runs ``then``."""

    def announced_all(self) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""


class FlowSteps(AsideSteps, Protocol):
    """The flow as its turns see it (``Flow`` is one)."""

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""

    def show_private(self, seat: int) -> None:
        """``seat``'s panel, behind its curtain unless it holds the terminal."""

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer, taken for ``seat`` with nobody asked."""

    def apply_and_save(self, action: Any) -> bool:
        """Apply ``action`` (``IllegalAction`` if not legal); False when a rule failed."""


class Heard:
    """How much of the public log a flow has already considered for results and news."""

    def __init__(self) -> None:
        self.count = -1  # entries already considered; -1: none read yet

    def since(self, session: GameSession) -> list[dict[str, Any]]:
        """The public log entries since the last call."""
        log: list[dict[str, Any]] = session.view(None)["log"]
        # the first call, or a new scene (a lesson's step again): what is there is not news
        if self.count < 0 or self.count > len(log):
            self.count = len(log)
        entries = log[self.count:]
        self.count = len(log)
        return entries

    def all_known(self, session: GameSession) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""
        self.count = len(session.view(None)["log"])


def rule_failed(table: Table, error: Exception) -> None:
    """A bug in a rule: the report written and the crash screen shown; the game stays as
    saved."""
    session = table.session
    report = write_report(error, session.record.game, session.path, data_dir())
    table.app.push_screen(RuleCrashScreen(session.path, report))


__all__ = ["AsideSteps", "FlowSteps", "Heard", "rule_failed"]
