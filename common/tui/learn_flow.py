"""A lesson's flow on a game's own table (``LessonFlow``, the table's other flow beside pass and
play: ``common.tui.flow``), with the lesson's own keys, and ``lesson_table``, the game's table
playing a lesson."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from common import lessons as L
from common.i18n import N_, _
from common.tui.flow import Flow
from common.tui.gameui import ui_for
from common.tui.learn_judge import LessonSession
from common.tui.learn_panel import HINT_KEY, LESSON_CSS, SHOW_KEY, step_counter
from common.tui.learn_play import LessonPlay
from common.tui.table import TableScreen


class LessonFlow(LessonPlay):
    """A lesson's flow on the game's own table: the step panel, no curtains, the lesson's keys,
    and the other seats' scripted moves shown one at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # the tutor's keys first: the key bar leaves out the last ones when it is short
        Binding(HINT_KEY, "flow('hint')", N_("Hint")),
        Binding(SHOW_KEY, "flow('show_me')", N_("Show me")),
        Binding("ctrl+r", "flow('lesson_replay')", N_("Replay step")),
        Binding("ctrl+b", "flow('lesson_back')", N_("Step back")),
        Binding("ctrl+o", "flow('other_view')", N_("Other seat's view")),
        Binding("ctrl+x", "flow('lesson_leave')", N_("Leave")),
        # q, which quits a game (saved), leaves a lesson for its list: no lesson is lost
        Binding("q", "flow('lesson_leave')", N_("Leave"), show=False),
        Binding("ctrl+d", "flow('rule_ids')", N_("Rule ids (for developers)"), show=False),
    ]

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "flow":
            if parameters == ("other_view",):
                return (self.playing is None and not self.tutor.showing_me
                        and self.run.other_view() is not None)
            if parameters in (("hint",), ("show_me",)):
                return self.tutor.ready()
            return True  # replay, step back, leave, the rule ids
        table = self.table
        step = self.run.step
        if action in ("choose", "back") and self.tutor.showing_me:
            return True  # put the move shown back
        if action == "choose" and (self.playing is not None or self.showing_other or (
                step is not None and step.kind == L.READ)):
            return True
        if action == "nav" and table.picker is None:
            return True
        if action == "back" and table.picker is not None and table.message:
            return True  # Esc clears the hint or reason
        if action == "choose" and table.picker is not None and not self.table.panel.armed:
            return True  # Enter confirms only a choice moved to: it says so (not in the bar)
        if action in ("undo", "save_again"):
            return False
        reading = step is not None and step.kind == L.READ
        if (self.playing is not None or reading or self.tutor.showing_me) and action in ui_for(
                self.run.lesson.game).acting_keys:
            return False  # a read step or the others' moves wait for Enter alone
        return None

    def key_label(self, action: str) -> str | None:
        """Enter's word when it does not choose (common/tui/keybar.py)."""
        if action not in ("choose", "back"):
            return None
        if self.tutor.showing_me:
            return _("Put it back")
        if action == "back":
            return None
        step = self.run.step
        if self.playing is not None:
            return _("Next move")
        if self.showing_other:
            return _("Back")
        if step is not None and step.kind == L.READ:
            return _("Go on")
        if self.table.picker is not None and not self.table.panel.armed:
            return ""  # Enter only says to choose first: left out of the key bar
        return None

    # ---- the lesson's own keys

    def run_key(self, name: str) -> None:
        keys: dict[str, Callable[[], None]] = {
            "hint": self.tutor.hint, "show_me": self.tutor.show_me, "lesson_replay": self.replay,
            "lesson_back": self.lesson_back,
            "lesson_leave": self.lesson_leave, "other_view": self.other_view,
            "rule_ids": self.rule_ids}
        keys[name]()

    def replay(self) -> None:
        """The step again as the learner met it: its position, the others' moves that led to
        it shown again, the panel afresh, no hint."""
        self._stop_playing()
        self.tutor.forget_hints()
        run = L.step_start(self.run)
        self.lesson.run = run
        self.table.message = ""
        self.table.picker = None
        self.announced_all()
        if run.beats:
            self._beats_of = None  # shown again, one at a time
            self.advance()
            return
        self.show_lesson()

    # ---- what the help screen and the tests read of the parts

    @property
    def keys_help(self) -> str:
        return self.tutor.keys_help

    @property
    def showing_me(self) -> bool:
        return self.tutor.showing_me

    @property
    def fitting(self) -> bool:
        return self.fit.fitting

    @property
    def armed(self) -> bool:
        return self.table.panel.armed

    def draw_step(self, note: Text | None = None) -> None:
        self.steps.draw(note)

    def text_goes_on(self) -> bool:
        return self.steps.text_goes_on()

    def rule_ids(self) -> None:
        self.show_ids = not self.show_ids
        if self.playing is None and not self.showing_other:
            self.steps.draw(note=self.steps.message() if self.table.message else None)

    def lesson_back(self) -> None:
        self._stop_playing()
        self.lesson.run = L.back(self.run)
        self._announced = -1
        self.show_lesson()

    def lesson_leave(self) -> None:
        self._stop_playing()
        self.table.dismiss(None)

    def other_view(self) -> None:
        other = self.run.other_view()
        if other is None:
            return
        self.showing_other = not self.showing_other
        if not self.showing_other:
            self.show_lesson()
            return
        name, view = other
        table = self.table
        table.picker = None
        self.draw_public(view)
        table.draw_private(view)
        table.refresh_status(view)
        table.panel.clear(Text(_("{name}'s screen, not yours (Ctrl+O: back)").format(
            name=name), style="bold reverse"))
        table.query_one("#private").border_title = Text(
            _("{name}'s private panel: what {name} sees").format(name=name),
            style="bold reverse")
        out = Text(_("You are looking at the table as {name} sees it.").format(name=name) + "\n",
                   style="bold reverse")
        out.append(_("What only {name} knows is shown here, and what only you know is hidden. "
                     "Ctrl+O or Enter: back to your own view.").format(name=name) + "\n\n")
        out.append(self.run.text.strip(), style="dim")
        self.steps.put(out, _("{name}'s view · {step}").format(name=name,
                                                              step=step_counter(self.run)))
        table.refresh_keys()  # Enter's word: back to the learner's own view


def lesson_table(run: L.Run, next_title: str = "") -> TableScreen:
    """The game's own table playing ``run`` on a lesson's flow; ``next_title``: the lesson
    offered after it ("": the last)."""
    base: type[TableScreen] = ui_for(run.lesson.game).table_class()
    # Textual gathers BINDINGS and CSS from the screen's classes: the flow's go in a class of
    # their own (its CSS is app-wide, every rule under the lesson's class)
    cls = type(f"Lesson{base.__name__}", (base,),
               {"BINDINGS": LessonFlow.BINDINGS, "CSS": LESSON_CSS, "SCOPED_CSS": False})
    def flow(table: TableScreen) -> Flow:
        return LessonFlow(table, next_title)

    table: TableScreen = cls(LessonSession(run), flow=flow)
    table.no_tips = True  # a lesson teaches on its own; tips are for real games
    return table
