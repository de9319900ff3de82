"""What every part of a lesson's flow shares: the lesson's session and run, and the flow's state
(the scripted moves on show, the other seat's view, the part of the board being fitted).

A lesson's flow (``common.tui.learn_flow.LessonFlow``) is built in layers, one job each: this
base, fitting the part of the board a step is about (``learn_fit``), the step panel
(``learn_steps``), the lesson played on (``learn_play``), the tutor's keys (``learn_tutor``)
and the lesson's keys (``learn_flow``).
"""

from __future__ import annotations

import os

from textual.timer import Timer
from textual.widget import Widget

from common import lessons as L
from common.tui.flow import Flow
from common.tui.learn_judge import LessonSession
from common.tui.options import TableOptions
from common.tui.table import TableScreen


class LessonBase(Flow):
    """A lesson's flow: its session, its run and the state its layers share."""

    # Enter confirms only a choice the learner moved to or typed on this panel (issue 18): a
    # task's first choice is never played by an Enter meant for the read step before it. The
    # table's key guard (``PickerPanel.arm``) keeps that state; a lesson disarms it again when
    # its panel is drawn afresh.
    mark_again = False  # one learner: every panel is theirs
    beat_seconds = 1.5  # how long each scripted move of another seat stays on screen
    # the rule and ruling ids a step teaches, and those in the rules' reasons, are for
    # developers: Ctrl+D shows them, or HOTSEAT_DEBUG=1 in the environment
    show_ids = bool(os.environ.get("HOTSEAT_DEBUG"))
    table: TableScreen  # a lesson's flow draws on the whole table, not only ``Flow``'s Table

    def configure(self, options: TableOptions) -> None:
        if options.beat_seconds is not None:
            self.beat_seconds = options.beat_seconds

    def __init__(self, table: TableScreen, next_title: str = "") -> None:
        super().__init__(table)
        self.next_title = next_title  # the lesson after this one, offered when it is done
        self.showing_other = False
        self.playing: list[L.Beat] | None = None  # the scripted moves still to show, if shown
        self.fitting = False  # while the highlighted part is being fitted on screen (tests wait)
        self._beat_timer: Timer | None = None
        self._labelled: Widget | None = None
        self._beats_of: L.Run | None = None
        self._hint_later = ""
        self._grown: Widget | None = None  # the panel made taller by its frame

    @property
    def armed(self) -> bool:
        return self.table.panel.armed

    @property
    def lesson(self) -> LessonSession:
        """The table's session: a lesson's, on this flow."""
        session = self.table.session
        assert isinstance(session, LessonSession)
        return session

    @property
    def run(self) -> L.Run:
        return self.lesson.run
