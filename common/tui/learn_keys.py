"""A lesson's own keys (``LessonKeys``): hint and show me (the tutor's), the step again, a step
back, the other seat's view, leave, and the rule ids for developers; and what the table's keys
mean during a lesson (Enter goes on, reads on or puts back; a read step takes no move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual.binding import Binding, BindingType

from common import lessons as L
from common.i18n import N_, _
from common.tui.flow_base import Heard
from common.tui.gameui import ui_for
from common.tui.learn_beats import LessonBeats
from common.tui.learn_judge import LessonSession
from common.tui.learn_panel import HINT_KEY, SHOW_KEY, step_counter
from common.tui.learn_steps import LessonSteps
from common.tui.learn_tutor import LessonTutor
from common.tui.table import TableScreen

LESSON_BINDINGS: list[BindingType] = [
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


class Keyed(Protocol):
    """What the lesson's keys read and drive of its flow."""

    table: TableScreen
    showing_other: bool
    show_ids: bool
    beats: LessonBeats
    heard: Heard  # the public log entries already read as news
    steps: LessonSteps
    tutor: LessonTutor

    @property
    def run(self) -> L.Run: ...

    @property
    def lesson(self) -> LessonSession: ...

    def show_lesson(self) -> None: ...
    def advance(self) -> None: ...
    def announced_all(self) -> None: ...
    def draw_public(self, view: dict[str, Any]) -> None: ...


class LessonKeys:
    """The lesson's keys: whether each acts now, its word, and what the lesson's own do."""

    def __init__(self, flow: Keyed) -> None:
        self.flow = flow

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        flow = self.flow
        playing = flow.beats.playing
        if action == "flow":
            if parameters == ("other_view",):
                return (playing is None and not flow.tutor.showing_me
                        and flow.run.other_view() is not None)
            if parameters in (("hint",), ("show_me",)):
                return flow.tutor.ready()
            return True  # replay, step back, leave, the rule ids
        table = flow.table
        step = flow.run.step
        if action in ("choose", "back") and flow.tutor.showing_me:
            return True  # put the move shown back
        if action == "choose" and (playing is not None or flow.showing_other or (
                step is not None and step.kind == L.READ)):
            return True
        if action == "nav" and table.picker is None:
            return True
        if action == "back" and table.picker is not None and table.message:
            return True  # Esc clears the hint or reason
        if action == "choose" and table.picker is not None and not table.panel.armed:
            return True  # Enter confirms only a choice moved to: it says so (not in the bar)
        if action in ("undo", "save_again"):
            return False
        reading = step is not None and step.kind == L.READ
        if (playing is not None or reading or flow.tutor.showing_me) and action in ui_for(
                flow.run.lesson.game).acting_keys:
            return False  # a read step or the others' moves wait for Enter alone
        return None

    def key_label(self, action: str) -> str | None:
        """Enter's word when it does not choose (common/tui/keybar.py)."""
        flow = self.flow
        if action not in ("choose", "back"):
            return None
        if flow.tutor.showing_me:
            return _("Put it back")
        if action == "back":
            return None
        step = flow.run.step
        if flow.beats.playing is not None:
            return _("Next move")
        if flow.showing_other:
            return _("Back")
        if step is not None and step.kind == L.READ:
            return _("Next page") if flow.steps.more_pages else _("Go on")
        if flow.table.picker is not None and not flow.table.panel.armed:
            return ""  # Enter only says to choose first: left out of the key bar
        return None

    # ---- the lesson's own keys

    def run_key(self, name: str) -> None:
        tutor = self.flow.tutor
        keys: dict[str, Callable[[], None]] = {
            "hint": tutor.hint, "show_me": tutor.show_me, "lesson_replay": self.replay,
            "lesson_back": self.lesson_back,
            "lesson_leave": self.lesson_leave, "other_view": self.other_view,
            "rule_ids": self.rule_ids}
        keys[name]()

    def replay(self) -> None:
        """The step again as the learner met it: its position, the others' moves that led to
        it shown again, the panel afresh, no hint."""
        flow = self.flow
        flow.beats.stop()
        flow.tutor.forget_hints()
        run = L.step_start(flow.run)
        flow.lesson.run = run
        flow.table.message = ""
        flow.table.picker = None
        flow.announced_all()
        if run.beats:
            flow.beats.again()  # shown again, one at a time
            flow.advance()
            return
        flow.show_lesson()

    def rule_ids(self) -> None:
        flow = self.flow
        flow.show_ids = not flow.show_ids
        if flow.beats.playing is None and not flow.showing_other:
            flow.steps.draw(note=flow.steps.message() if flow.table.message else None)

    def lesson_back(self) -> None:
        flow = self.flow
        flow.beats.stop()
        flow.lesson.run = L.back(flow.run)
        flow.heard.count = -1
        flow.show_lesson()

    def lesson_leave(self) -> None:
        self.flow.beats.stop()
        self.flow.table.dismiss(None)

    def other_view(self) -> None:
        flow = self.flow
        other = flow.run.other_view()
        if other is None:
            return
        flow.showing_other = not flow.showing_other
        if not flow.showing_other:
            flow.show_lesson()
            return
        name, view = other
        table = flow.table
        table.picker = None
        flow.draw_public(view)
        table.game.draw_private(view)
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
        out.append(flow.run.text.strip(), style="dim")
        flow.steps.put(out, _("{name}'s view · {step}").format(name=name,
                                                              step=step_counter(flow.run)))
        table.refresh_keys()  # Enter's word: back to the learner's own view


__all__ = ["LESSON_BINDINGS", "LessonKeys"]
