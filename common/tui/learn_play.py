"""A lesson played on: the table's flow with one learner and no curtains, the learner's move
judged by the task, and the other seats' scripted moves shown one at a time.

``LessonPlay`` is that flow's steps (a ``Flow`` whose steps a lesson changes); it *has* its
parts, each an object of its own module: ``fit`` (``learn_fit``: the part of the board a step is
about, framed and fitted on screen), ``steps`` (``learn_steps``: the step panel) and ``tutor``
(``learn_tutor``: the hint and show me). ``LessonFlow`` (``learn_flow``) adds the lesson's keys.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from common import lessons as L
from common.errors import IllegalAction
from common.i18n import _
from common.tui.choices import Moved, Picker, PickResult, Refused
from common.tui.flow import Flow
from common.tui.learn_done import LessonDone
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import LessonHint, LessonSession, plain_reason
from common.tui.learn_panel import CHOOSE_FIRST, StepPanel, beat_words, step_counter
from common.tui.learn_progress import mark_done
from common.tui.learn_steps import LessonSteps
from common.tui.learn_tutor import LessonTutor
from common.tui.log_panel import LogPanel
from common.tui.options import TableOptions
from common.tui.table import TableScreen


class LessonPlay(Flow):
    """The lesson's progression: its steps, the learner's moves, the others' replies."""

    # Enter confirms only a choice the learner moved to or typed on this panel: a task's first
    # choice is never played by an Enter meant for the read step before it. The table's key
    # guard (``PickerPanel.arm``) keeps that state; a lesson disarms it again when its panel is
    # drawn afresh.
    mark_again = False  # one learner: every panel is theirs
    beat_seconds = 1.5  # how long each scripted move of another seat stays on screen
    # the rule and ruling ids a step teaches, and those in the rules' reasons, are for
    # developers: Ctrl+D shows them, or HOTSEAT_DEBUG=1 in the environment
    show_ids = bool(os.environ.get("HOTSEAT_DEBUG"))
    table: TableScreen  # a lesson's flow draws on the whole table, not only ``Flow``'s Table

    def __init__(self, table: TableScreen, next_title: str = "") -> None:
        super().__init__(table)
        self.next_title = next_title  # the lesson after this one, offered when it is done
        self.showing_other = False
        self.playing: list[L.Beat] | None = None  # the scripted moves still to show, if shown
        self._beat_timer: Timer | None = None
        self._beats_of: L.Run | None = None
        self._hint_later = ""
        self.fit = LessonFit(table)
        self.steps = LessonSteps(self)
        self.tutor = LessonTutor(self)

    def configure(self, options: TableOptions) -> None:
        if options.beat_seconds is not None:
            self.beat_seconds = options.beat_seconds

    @property
    def lesson(self) -> LessonSession:
        """The table's session: a lesson's, on this flow."""
        session = self.table.session
        assert isinstance(session, LessonSession)
        return session

    @property
    def run(self) -> L.Run:
        return self.lesson.run

    @property
    def beats_on_show(self) -> bool:
        return self.playing is not None

    def mount(self) -> None:
        table = self.table
        log = table.query_one(LogPanel)
        log.display = False
        panel = StepPanel(Static(id="lesson-text"), Static(id="lesson-notes"), id="lesson")
        panel.can_focus = False
        parent = log.parent
        assert isinstance(parent, Widget)
        parent.mount(panel, after=log)
        table.add_class("-lesson-mode")  # the step panel as wide as the private panel

    def start(self) -> None:
        self.table.holder.alone(self.lesson.seat)  # one learner: the terminal is theirs
        self.show_lesson()

    # the flow: always the learner's panel, never a curtain
    def go_on(self) -> None:
        run = self.run
        if run.finished:
            mark_done(run.lesson.game, run.lesson.id)
            self.table.app.push_screen(LessonDone(run.lesson, self.next_title),
                                       callback=self.table.dismiss)  # where to go next
            return
        self.show_lesson()

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        then()  # one learner at the terminal: no curtain

    def handoff(self, seat: int) -> None:
        """Never another seat's panel (after the challenge the game hands over to the slow
        player): the lesson goes on, the others' moves first."""
        self.table.hide_private()
        self.table.viewer = self.lesson.seat
        self.advance()

    def out_of_turn_done(self, seat: int) -> None:
        """After the scout's private screen: the others' moves, then the next step."""
        self.advance()

    def show_lesson(self) -> None:
        self.tutor.showing_me = False
        self.showing_other = False
        self.table.panel.disarm(refresh=False)
        self.table.show_for(self.lesson.seat)
        self.steps.draw()
        if self._hint_later:
            hint, self._hint_later = self._hint_later, ""
            self.steps.say(Text("✋ " + hint, style="bold yellow"))

    def handle_pick(self, result: PickResult) -> None:
        if isinstance(result, Refused):
            result = Refused(plain_reason(result.reason, self.show_ids))
        super().handle_pick(result)
        match result:
            case Refused():  # the picker's own refusal (the rules' reason)
                self.steps.draw(note=self.steps.message())
            case Moved():  # on to the choice's next part: a new panel, no old message
                self.table.panel.disarm()
                self.steps.draw()

    # ---- Enter confirms only what the learner chose

    def adjust(self, delta: int) -> None:
        self.table.panel.arm()
        super().adjust(delta)

    def clicked(self, index: int) -> None:
        self.table.panel.arm()
        super().clicked(index)

    def back(self) -> None:
        """Esc: back one choice, or (at the first) away with the hint or reason said; the
        move shown put back."""
        if self.tutor.showing_me:
            self.show_lesson()
            return
        table = self.table
        went_back = table.picker is not None and table.picker.can_go_back()
        super().back()
        if went_back:
            table.panel.disarm()
        elif table.message:
            table.message = ""
            table.refresh_private(keep=True)
        self.steps.draw()

    def keys_signature(self) -> tuple[Any, ...]:
        run = self.run
        return (*super().keys_signature(), run.index, id(run), self.playing is not None,
                self.showing_other, self.table.panel.armed, self.tutor.showing_me)

    # ---- the other seats' moves, one at a time

    def advance(self) -> None:
        """After a move or Enter: first the scripted moves that followed, each seen happening
        (the board as it was after it, a line saying what it was), then the table's flow."""
        run = self.run
        beats = list(run.beats)
        if self.playing is None and beats and self._beats_of is not run:
            self._beats_of = run  # each run's moves are shown once
            self.playing = beats
            self.table.picker = None
            self.table.refresh_bindings()  # no lesson keys but Enter while the others move
            self._play_next_beat()
            return
        super().advance()

    def _play_next_beat(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        beats = self.playing
        if not beats:
            self.playing = None
            self.table.refresh_bindings()
            self.advance()
            return
        done = len(self.run.beats) - len(beats)
        move, lines, state = beats.pop(0)
        self.show_beat(done, move, lines, state)
        self._beat_timer = self.table.set_timer(self.beat_seconds, self._play_next_beat)

    def _stop_playing(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        self.playing = None

    def show_beat(self, done: int, move: Any, lines: tuple[str, ...], state: Any) -> None:
        """The board after one scripted move, and what it was in the learner's own log lines
        (never the move itself: it may hold a face-down card or a secret course)."""
        run, table = self.run, self.table
        view = run.game.view(state, run.lesson.seat)
        table.viewer = run.lesson.seat
        table.query_one("#private").border_title = Text(
            _("{name}'s private panel").format(name=run.lesson.players[run.lesson.seat]))
        self.draw_public(view)
        table.draw_private(view)
        self.fit.fit_focus()  # the part highlighted may have grown with the move
        status = Text("▶ " + _("Move {number} of {total}: ").format(
            number=done + 1, total=len(run.beats)), style="bold")
        status.append(beat_words(run, move, lines))
        table.query_one("#status", Static).update(status, layout=False)
        table.panel.clear(Text(_("The others' moves (Enter: next)"), style="bold"),
                          table.grid_note())
        table.refresh_keys()
        out = Text()
        out.append(_("What the others do, one move at a time:") + "\n", style="bold")
        for index, (past_move, past_lines, _said) in enumerate(run.beats[:done + 1]):
            past = index < done
            out.append(("• " if past else "▶ ") + beat_words(run, past_move, past_lines) + "\n",
                       style="dim" if past else "bold cyan")
        out.append("\n" + _("Enter: the next move."), style="bold")
        self.steps.put(out, "")
        # the latest move is at the foot: keep it in sight
        panel = table.query_one("#lesson", StepPanel)
        table.call_after_refresh(lambda: panel.scroll_end(animate=False))

    # ---- the step panel
    def choose(self) -> None:
        if self.tutor.showing_me:
            self.show_lesson()  # put back
            return
        if self.playing is not None:
            self._play_next_beat()  # Enter: on to the next scripted move
            return
        if self.showing_other:
            self.show_lesson()
            return
        step = self.run.step
        if step is not None and step.kind == L.READ:
            if self.steps.text_goes_on():
                self.steps.scroll(1)  # read the whole step before going on
                return
            self.lesson.run = L.advance(self.run)
            self._announced = len(self.lesson.view(None)["log"]) - len(self.run.said)
            self.advance()
            return
        if self.table.picker is not None and not self.table.panel.armed:
            self.steps.say(Text("✋ " + _(CHOOSE_FIRST), style="bold yellow"))
            return
        super().choose()

    def picker_for(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        step = self.run.step
        if step is None or step.kind == L.READ or self.playing is not None:
            return None  # a read step asks for Enter, not a move
        return super().picker_for(view, legal)

    def apply_and_save(self, action: Any) -> bool:
        """Out-of-turn moves (a scout) are judged by the task too; a hint is said."""
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self._hint_later = str(hint)  # said on the panel once the table is back
        return True

    def new_public_entries(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.lesson.view(None)["log"]
        if self._announced > len(log):  # a new scene: its set-up is not news
            self._announced = len(log)
        return super().new_public_entries()

    def act(self, action: Any) -> None:
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self.steps.say(Text("✋ " + str(hint), style="bold yellow"))
            return
        except IllegalAction as err:
            # a rule's refusal in the game's words; a lesson's own verdict (no rule's code) as is
            said = str(err) if err.code == "malformed" else self.table.refusal_words(err)
            self.steps.say(Text("✗ " + plain_reason(said, self.show_ids), style="bold red"))
            return
        self.table.picker = None
        self.advance()

    # ---- the step panel's part of the table

    def log_page(self, direction: int) -> None:
        self.steps.scroll(direction)  # the log is hidden: PgUp/PgDn scroll the step

    def nav(self, dx: int, dy: int) -> None:
        picker = self.table.picker
        if picker is None and dy:
            self.steps.scroll(dy / 4)  # a read step: ↑ ↓ scroll its text
            return
        if picker is not None:
            self.table.panel.arm()
        super().nav(dx, dy)

    def private_drawn(self) -> None:
        step = self.run.step
        if self.table.picker is None and step is not None and step.kind == L.READ and not (
                self.playing or self.showing_other):
            self.table.put_text("#prompt", Text(_("Read the step (right), then Enter."),
                                                style="bold"))

    def status_text(self, view: dict[str, Any]) -> Text:
        run = self.run
        if self.tutor.showing_me:
            return Text(self.tutor.shown_status, style="bold")
        if self.showing_other:
            other = run.other_view()
            name = other[0] if other else "?"
            return Text(_("What {name} sees, not you (Ctrl+O: back to your own view)").format(
                name=name), style="bold reverse")
        text = Text(_("Lesson · {step} · ").format(step=step_counter(run)))
        text.append_text(super().status_text(view))
        return text

    def draw_public(self, view: dict[str, Any]) -> None:
        self.table.draw_public(view)
        self.public_drawn()

    def public_drawn(self) -> None:
        self.fit.regrow()

