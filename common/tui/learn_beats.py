"""The other seats' scripted moves in a lesson, shown one at a time (``LessonBeats``): the board
as it was after each, a line saying what it was, Enter or the clock on to the next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from common import lessons as L
from common.i18n import _
from common.tui.learn_fit import LessonFit
from common.tui.learn_panel import StepPanel, beat_words
from common.tui.learn_steps import LessonSteps
from common.tui.table import TableScreen


class Beaten(Protocol):
    """What the beats read of their lesson's flow."""

    table: TableScreen
    fit: LessonFit
    steps: LessonSteps

    @property
    def run(self) -> L.Run: ...

    def draw_public(self, view: dict[str, Any]) -> None: ...


class LessonBeats:
    """The scripted moves still to show (``playing``; None: none on show), each run's once."""

    beat_seconds = 1.5  # how long each scripted move of another seat stays on screen

    def __init__(self, flow: Beaten, then: Callable[[], None]) -> None:
        self.flow = flow
        self.then = then  # the lesson's flow goes on once the last one was shown
        self.playing: list[L.Beat] | None = None  # the scripted moves still to show, if shown
        self._beat_timer: Timer | None = None
        self._beats_of: L.Run | None = None

    def begin(self) -> bool:
        """The moves that followed the learner's, if not shown yet: True when they are."""
        run = self.flow.run
        beats = list(run.beats)
        if self.playing is None and beats and self._beats_of is not run:
            self._beats_of = run  # each run's moves are shown once
            self.playing = beats
            self.flow.table.picker = None
            self.flow.table.refresh_bindings()  # no lesson keys but Enter while the others move
            self.play_next()
            return True
        return False

    def again(self) -> None:
        """The run's moves are shown again, from the first."""
        self._beats_of = None

    def play_next(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        beats = self.playing
        if not beats:
            self.playing = None
            self.flow.table.refresh_bindings()
            self.then()
            return
        done = len(self.flow.run.beats) - len(beats)
        move, lines, state = beats.pop(0)
        self.show_beat(done, move, lines, state)
        self._beat_timer = self.flow.table.set_timer(self.beat_seconds, self.play_next)

    def stop(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        self.playing = None

    def show_beat(self, done: int, move: Any, lines: tuple[str, ...], state: Any) -> None:
        """The board after one scripted move, and what it was in the learner's own log lines
        (never the move itself: it may hold a face-down card or a secret course)."""
        run, table = self.flow.run, self.flow.table
        view = run.game.view(state, run.lesson.seat)
        table.viewer = run.lesson.seat
        table.query_one("#private").border_title = Text(
            _("{name}'s private panel").format(name=run.lesson.names[run.lesson.seat]))
        self.flow.draw_public(view)
        table.game.draw_private(view)
        self.flow.fit.fit_focus()  # the part highlighted may have grown with the move
        status = Text("▶ " + _("Move {number} of {total}: ").format(
            number=done + 1, total=len(run.beats)), style="bold")
        status.append(beat_words(run, move, lines))
        table.query_one("#status", Static).update(status, layout=False)
        table.panel.clear(Text(_("The others' moves (Enter: next)"), style="bold"),
                          table.game.grid_note())
        table.refresh_keys()
        out = Text()
        out.append(_("What the others do, one move at a time:") + "\n", style="bold")
        for index, (past_move, past_lines, _said) in enumerate(run.beats[:done + 1]):
            past = index < done
            out.append(("• " if past else "▶ ") + beat_words(run, past_move, past_lines) + "\n",
                       style="dim" if past else "bold cyan")
        out.append("\n" + _("Enter: the next move."), style="bold")
        self.flow.steps.put(out, "")
        # the latest move is at the foot: keep it in sight
        panel = table.query_one("#lesson", StepPanel)
        table.call_after_refresh(lambda: panel.scroll_end(animate=False))


__all__ = ["LessonBeats"]
