"""A lesson played on the game's own table: one learner and no curtains, the learner's move
judged by the task, and the other seats' scripted moves shown one at a time.

``LessonFlow`` is the table's flow during a lesson (``common.tui.flow_api.TableFlow``): a
director that *uses* the game's table and the lesson's session, and *has* its parts, each an
object of its own module: ``fit`` (``learn_fit``: the part of the board a step is about, framed
and fitted on screen), ``steps`` (``learn_steps``: the step panel), ``tutor`` (``learn_tutor``:
the hint and show me), ``beats`` (``learn_beats``: the others' scripted moves), ``keys``
(``learn_keys``: the lesson's own keys) and ``asides`` (``flow_asides``: a scout's out-of-turn
question, as at a game's table). It inherits nothing of pass and play's ``Flow``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import Static

from common import lessons as L
from common.errors import IllegalAction
from common.i18n import _
from common.session import GameSession
from common.tui.choices import Chosen, Moved, Picker, PickResult, Refused
from common.tui.fit import WHOLE
from common.tui.flow import announce
from common.tui.flow_asides import Asides
from common.tui.flow_base import Heard
from common.tui.keybar import KeyBar
from common.tui.learn_beats import LessonBeats
from common.tui.learn_done import LessonDone
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import LessonHint, LessonSession, plain_reason
from common.tui.learn_keys import LESSON_BINDINGS, LessonKeys
from common.tui.learn_panel import CHOOSE_FIRST, CHOOSE_FIRST_SHORT, StepPanel, step_counter
from common.tui.learn_progress import mark_done
from common.tui.learn_steps import LessonSteps
from common.tui.learn_tutor import LessonTutor
from common.tui.log_panel import LogPanel
from common.tui.options import TableOptions
from common.tui.table import TableScreen


class LessonFlow:
    """The lesson's progression: its steps, the learner's moves, the others' replies."""

    BINDINGS: ClassVar[list[BindingType]] = LESSON_BINDINGS

    # Enter confirms only a choice the learner moved to or typed on this panel: a task's first
    # choice is never played by an Enter meant for the read step before it. The table's key
    # guard (``PickerPanel.arm``) keeps that state; a lesson disarms it again when its panel is
    # drawn afresh.
    mark_again: ClassVar[bool] = False  # one learner: every panel is theirs
    # the rule and ruling ids a step teaches, and those in the rules' reasons, are for
    # developers: Ctrl+D shows them, or HOTSEAT_DEBUG=1 in the environment
    show_ids = bool(os.environ.get("HOTSEAT_DEBUG"))

    def __init__(self, table: TableScreen, next_title: str = "") -> None:
        self.table = table  # a lesson's flow draws on the whole table
        self.next_title = next_title  # the lesson after this one, offered when it is done
        self.showing_other = False
        self.heard = Heard()  # the public log entries already considered as news
        self._hint_later = ""
        self.fit = LessonFit(table)
        self.steps = LessonSteps(self)
        self.tutor = LessonTutor(self)
        self.beats = LessonBeats(self, then=self.advance)
        self.keys = LessonKeys(self)
        self.asides = Asides(self)

    def configure(self, options: TableOptions) -> None:
        if options.beat_seconds is not None:
            self.beats.beat_seconds = options.beat_seconds

    @property
    def session(self) -> GameSession:
        return self.table.session

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
        return self.beats.playing is not None

    def mount(self) -> None:
        table = self.table
        log = table.query_one(LogPanel)
        log.display = False
        panel = StepPanel(Static(id="lesson-text"), Static(id="lesson-notes"), id="lesson")
        panel.can_focus = False
        parent = log.parent
        assert isinstance(parent, Widget)
        parent.mount(panel, after=log)
        panel.on_resized = self.steps.resized  # a verdict's pages made for the room it has
        table.add_class("-lesson-mode")  # the step panel as wide as the private panel
        # the panel is narrower than a game's: its prompt ("Your broadside: 3 dice, 5s and
        # 6s hit") goes on to a second line rather than being cut
        table.query_one("#prompt").add_class(WHOLE)
        # the key bar takes a second line rather than fold keys away: the part a step is
        # about is fitted again to the rows that leaves
        table.query_one(KeyBar).on_rows = self.fit.fit_focus

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
        table = self.table
        match result:  # no window in a lesson: a claim never comes
            case Refused(reason):  # the picker's own refusal (the rules' reason)
                table.message = Text("✗ " + reason, style="bold red")
                table.refresh_private(keep=True)
                self.steps.draw(note=self.steps.message())
            case Moved():  # on to the choice's next part: a new panel, no old message
                table.message = ""
                table.refresh_private()
                table.panel.disarm()
                self.steps.draw()
            case Chosen(action):
                self.act(action)  # judged by the task

    # ---- Enter confirms only what the learner chose

    def adjust(self, delta: int) -> None:
        self.table.panel.arm()
        if self.table.panel.adjust(delta):
            self.table.refresh_private(keep=True)

    def typed(self, digit: str) -> None:
        self.handle_pick(self.table.panel.typed(digit))  # the panel arms itself on a digit

    def clicked(self, index: int) -> None:
        self.table.panel.arm()
        self.handle_pick(self.table.panel.clicked(index))

    def back(self) -> None:
        """Esc: back one choice, or (at the first) away with the hint or reason said; the
        move shown put back."""
        if self.tutor.showing_me:
            self.show_lesson()
            return
        table = self.table
        went_back = table.picker is not None and table.picker.can_go_back()
        if table.panel.back():
            table.refresh_private()
        if went_back:
            table.panel.disarm()
        elif table.message:
            table.message = ""
            table.refresh_private(keep=True)
        self.steps.draw()

    def keys_signature(self) -> tuple[Any, ...]:
        run = self.run
        return (run.index, id(run), self.beats.playing is not None,
                self.showing_other, self.table.panel.armed, self.tutor.showing_me,
                self.steps.page, self.steps.pages)

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.keys.check_key(action, parameters)

    def key_label(self, action: str) -> str | None:
        return self.keys.key_label(action)

    def run_key(self, name: str) -> None:
        self.keys.run_key(name)

    @property
    def keys_help(self) -> str:
        """The lesson's keys, which the help screen puts before the game's."""
        return self.tutor.keys_help

    # ---- the other seats' moves, one at a time

    def advance(self) -> None:
        """After a move or Enter: first the scripted moves that followed, each seen happening
        (the board as it was after it, a line saying what it was), then any results notice and
        the next screen."""
        if not self.beats.begin():
            announce(self.table, self.heard.since(self.session), self.go_on)

    def announced_all(self) -> None:
        """Everything in the log so far is known: nothing in it is news any more."""
        self.heard.all_known(self.session)

    # ---- the step panel
    def choose(self) -> None:
        if self.tutor.showing_me:
            self.show_lesson()  # put back
            return
        if self.beats.playing is not None:
            self.beats.play_next()  # Enter: on to the next scripted move
            return
        if self.showing_other:
            self.show_lesson()
            return
        step = self.run.step
        if step is not None and step.kind == L.READ:
            if self.steps.text_goes_on():
                self.steps.scroll(1)  # read the whole step before going on
                return
            if self.steps.next_page():  # a capstone's verdict: its next page
                return
            self.lesson.run = L.advance(self.run)
            self.heard.count = len(self.lesson.view(None)["log"]) - len(self.run.said)
            self.advance()
            return
        if self.table.picker is not None and not self.table.panel.armed:
            self.steps.say(Text("✋ " + _(CHOOSE_FIRST), style="bold yellow"),
                           Text("✋ " + _(CHOOSE_FIRST_SHORT), style="bold yellow"))
            return
        self.handle_pick(self.table.panel.choose())

    def picker_for(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        step = self.run.step
        if step is None or step.kind == L.READ or self.beats.playing is not None:
            return None  # a read step asks for Enter, not a move
        return self.table.game.make_picker(view, legal)

    def apply_and_save(self, action: Any) -> bool:
        """Out-of-turn moves (a scout) are judged by the task too; a hint is said."""
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self._hint_later = str(hint)  # said on the panel once the table is back
        return True

    def act(self, action: Any) -> None:
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self.steps.say(Text("✋ " + str(hint), style="bold yellow"))
            return
        except IllegalAction as err:
            # a rule's refusal in the game's words; a lesson's own verdict (no rule's code) as is
            said = str(err) if err.code == "malformed" else self.table.game.refusal_words(err)
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
        if self.table.panel.nav(dx, dy):
            self.table.refresh_private(keep=True)

    def private_drawn(self) -> None:
        step = self.run.step
        if self.table.picker is None and step is not None and step.kind == L.READ and not (
                self.beats.playing or self.showing_other):
            self.table.drawing.put_text("#prompt", Text(_("Read the step (right), then Enter."),
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
        text.append_text(self.table.game.status_text(view))
        return text

    def draw_public(self, view: dict[str, Any]) -> None:
        self.table.game.draw_public(view)
        self.public_drawn()

    def public_drawn(self) -> None:
        self.fit.regrow()


__all__ = ["LessonFlow"]
