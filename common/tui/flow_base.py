"""What every part of the pass-and-play flow shares: the table it talks to, the session, the
state of a window under way, and the steps each part calls on the others.

``Flow`` (``common.tui.flow``) is assembled from its parts, each a class on this base in its own
module: the turns (``flow``: whose panel, curtains, the public table), the windows for cards
played out of turn (``flow_window``), the computer players (``flow_bots``) and the asides of a
turn (``flow_asides``: undo and out-of-turn actions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.errors import IllegalAction, SaveError
from common.offer import Offer
from common.session import GameSession, data_dir
from common.tui.crash import RuleCrashScreen, write_report
from common.tui.options import TableOptions
from common.tui.table_api import Table


class FlowBase:
    """The flow's state and the steps its parts share."""

    def __init__(self, table: Table) -> None:
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

    def configure(self, options: TableOptions) -> None:
        """The flow's own settings among the app run's (a lesson's beat); none for a game."""

    # ---- the steps the parts call on one another (``Flow`` has them all)

    def advance(self) -> None:
        """After any change: a results notice, then the next screen."""
        raise NotImplementedError

    def go_on(self) -> None:
        """The next screen, with nothing to announce."""
        raise NotImplementedError

    def show_private(self, seat: int) -> None:
        """``seat``'s panel, behind its curtain unless it holds the terminal."""
        raise NotImplementedError

    def take_for(self, seat: int, action: Any) -> None:
        """The one possible answer, taken for ``seat`` with nobody asked."""
        raise NotImplementedError

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        """``seat``'s curtain; Enter runs ``then``."""
        raise NotImplementedError

    # ---- the public log, as news

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

    # ---- a move applied

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
        session = self.session
        report = write_report(error, session.record.game, session.path, data_dir())
        self.table.app.push_screen(RuleCrashScreen(session.path, report))

    def window_offer(self, seat: int) -> Offer | None:
        """The offer of ``seat``'s turn now when it is a window's (before its move)."""
        table = self.table
        offer = table.offer if table.public_seat == seat else self.session.offer(seat)
        return offer if offer is not None and offer.window is not None else None

    def window_moved(self, seat: int, action: Any, offer: Offer | None) -> None:
        """A card played reopens the window for everyone; a claimant who plays nothing is
        done with it."""
        if offer is None:
            return
        if action in offer.public:
            self._declined.add(seat)
        else:
            self._declined.clear()


__all__ = ["FlowBase"]
