"""The orc challenge at the table (an optional rule): the clock that runs while a seat places a
rank, the challengers it may call, and the challenge itself, by a person (``c``) or by a
computer player when the clock runs out. A part of Orcz's part of the table
(``orcz.ui.game.OrczGame.clock``)."""

from __future__ import annotations

from typing import Any

from textual.timer import Timer

from common.errors import IllegalAction
from common.i18n import _
from common.session import GameSession
from common.tui.dialogs import PickPlayerScreen
from common.tui.table import TableScreen
from orcz.actions import Challenge
from orcz.view_types import as_view

CHALLENGE_SECONDS = 15.0
TICK = 0.25  # seconds between two redraws of the clock


class ChallengeClock:
    """The clock of the seat placing a rank: ``left`` seconds while it runs (None: stopped),
    ``expired`` once it ran out (then ``c`` may challenge)."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.seconds = CHALLENGE_SECONDS  # a whole clock (a test's may be shorter)
        self.left: float | None = None
        self.timer: Timer | None = None
        self.expired = False
        # the clock of a terminal whose seats wait for a seat of another terminal (a hosted
        # game): the seat placing is not shown here, and the people here may call it out
        self.waiting = False

    @property
    def session(self) -> GameSession:
        return self.table.session

    def seat_shown(self, shown: dict[str, Any], *, waiting: bool = False) -> None:
        """The clock runs while the seat placing a rank has a challenger (the optional rule);
        ``waiting``: this terminal shows another seat's wait, the one placing plays elsewhere."""
        self.stop()
        self.expired = False
        self.waiting = waiting
        view = as_view(shown)
        pending = view["pending"]
        if not view["options"].get("orc_challenge") or pending["kind"] != "deploy":
            return
        if not self.challengers(pending["seat"]):
            return
        self.left = self.seconds
        self.timer = self.table.set_interval(TICK, self._tick)
        self.table.refresh_status(shown)

    def _tick(self) -> None:
        if self.left is None:
            return
        self.left -= TICK
        if self.left <= 0:
            self.stop()
            self.expired = True
            self.table.refresh_keys()
            self._computer_challenge()
        self.table.refresh_status()

    def _computer_challenge(self) -> None:
        """A computer player may challenge the slow player too, as a person at the table
        would (its heuristic's ``out_of_turn``); the challenge is public."""
        table = self.table
        slow = table.viewer
        if slow is None or self.waiting:  # a host plays its computer players' turns only
            return
        for seat in self.challengers(slow):
            if not self.session.is_bot(seat):
                continue
            action = self.session.bot_aside(seat)
            if isinstance(action, Challenge):
                self.expired = False
                if not table.flow.apply_and_save(action):
                    return
                names = self.session.players
                table.news = _("{name} (computer) challenges {target}: place at once.").format(
                    name=names[seat], target=names[slow])
                table.show_for(slow)
                return

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.timer = None
        self.left = None

    def challengers(self, slow: int) -> list[int]:
        """Every seat that may challenge ``slow``: the clock runs when there is one. Only the
        seats this terminal plays for are asked (a remote seat's options are its own)."""
        session, holder = self.session, self.table.holder
        return [s for s in range(len(session.players)) if s != slow and holder.here(s)
                and any(isinstance(a, Challenge) for a in session.legal(s))]

    def people_challenging(self, slow: int) -> list[int]:
        """Those offered at "Who challenges?": a computer player never presses a key, it
        challenges by itself (``_computer_challenge``)."""
        return [s for s in self.challengers(slow) if not self.session.is_bot(s)]

    def challenge(self) -> None:
        """``c`` once the clock ran out: who challenges, then the slow seat places at once."""
        table, session = self.table, self.session
        if not self.expired or (table.viewer is None and not self.waiting):
            return
        # the slow one: the seat placing
        target = as_view(session.view(None))["pending"]["seat"]
        others = self.people_challenging(target)
        if not others:
            return

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.expired = False
                try:
                    if not table.flow.apply_and_save(Challenge(seat, target)):
                        return
                except IllegalAction as err:  # another terminal called them out first
                    table.app.notify(table.game.refusal_words(err), severity="warning",
                                     markup=False)
            if table.holder.here(target):
                table.flow.handoff(target)
            else:  # the slow one places at their own terminal: this one waits on
                table.flow.out_of_turn_done(target)

        table.hide_private()
        table.app.push_screen(
            PickPlayerScreen(_("Who challenges {name}?").format(name=session.players[target]),
                             [(s, session.players[s]) for s in others],
                             _("The slow player pays 1 goblin to the bank and must place at "
                               "once.")),
            callback=chosen,
        )


__all__ = ["CHALLENGE_SECONDS", "ChallengeClock"]
