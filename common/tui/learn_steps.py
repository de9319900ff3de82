"""The step panel of a lesson's flow: the step's text, the keys to press, a hint or reason at its
head and the status line; a notice longer than the screen scrolls (its own ↓ PgDn), as in a game."""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from common import lessons as L
from common.i18n import _
from common.tui.gameui import key_of
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import judged_text, plain_reason
from common.tui.learn_panel import (
    KEYS,
    READ_KEYS,
    SPLIT_KEYS,
    TASK_KEYS,
    TUTOR_KEYS,
    StepPanel,
    step_counter,
)
from common.tui.table import TableScreen


class SteppedFlow(Protocol):
    """What the step panel reads of its lesson's flow."""

    table: TableScreen
    show_ids: bool  # the rule ids a step teaches, for developers (Ctrl+D)
    showing_other: bool  # the table as another seat sees it
    fit: LessonFit

    @property
    def run(self) -> L.Run: ...

    @property
    def beats_on_show(self) -> bool:
        """Whether the other seats' scripted moves are being shown."""


class LessonSteps:
    """The step panel of a lesson: the step's text, the keys to press, a hint or reason at its
    head. It draws; its lesson's flow decides."""

    def __init__(self, flow: SteppedFlow) -> None:
        self.flow = flow

    def say(self, message: Text) -> None:
        """A hint or the rules' reason: on the panel's message line and, since that line may
        be cut at 80×24, at the head of the step panel too."""
        table = self.flow.table
        table.message = message
        table.panel.disarm(refresh=False)  # drawn afresh: the cursor back on its first choice
        table.refresh_private()  # (which redraws the key bar)
        self.draw(note=message)

    def message(self) -> Text:
        message = self.flow.table.message
        return message if isinstance(message, Text) else Text(message)

    def draw(self, note: Text | None = None) -> None:
        run = self.flow.run
        step = run.step
        if step is None:
            return
        out = Text()
        if note is not None and note.plain:
            out.append_text(note)
            out.append("\n\n")
        out.append(plain_reason(run.text.strip(), self.flow.show_ids) + "\n")  # ids: Ctrl+D
        if run.index == len(run.lesson.steps) - 1:
            out.append_text(judged_text(L.judgement(run)))
        out.append("\n" + (_(READ_KEYS) if step.kind == L.READ else self.task_keys()),
                   style="bold")
        other = run.other_view()
        if other is not None and "Ctrl+O" not in run.text:
            out.append("\n" + _("Ctrl+O: see the table as {name} sees it (and back).").format(
                name=other[0]), style="bold")
        notes = Text()
        reminder = self.keys_reminder()
        if reminder:  # the tutor's keys, read once: a note, so the step's own text fits 80×24
            notes.append(reminder + "\n", style="italic")
        if run.said:  # after the step: the learner has just watched them happen
            notes.append(_("Just before this step:") + "\n", style="dim bold")
            for line in run.said:
                notes.append("• " + line + "\n", style="dim italic")
        if self.flow.show_ids:
            notes.append(_("Teaches: {rules}").format(rules=", ".join(step.rules)), style="dim")
        self.put(out, f"{step_counter(run)} · {run.lesson.title}",
                       notes if notes.plain else None)
        self.flow.fit.highlight(run.lesson.shown_board(step.board))

    def keys_reminder(self) -> str:
        """A line under the keys to press: the tutor's keys, said once in the lesson's intro."""
        return _(TUTOR_KEYS).format(**KEYS) if self.flow.run.index == 0 else ""

    def task_keys(self) -> str:
        """Which keys do the task: the panel's, or a key of the table's own when the move is
        not in the panel (Orcz's scout, out of turn; the challenge)."""
        run = self.flow.run
        kinds = L.task_kinds(run)
        bound = [b for cls in type(self.flow.table).__mro__ for b in getattr(cls, "BINDINGS", ())
                 if isinstance(b, Binding) and b.action in kinds]
        if bound and len(kinds) == 1:
            binding = bound[0]
            return _("Your move: press {key} ({keys_word}), then follow your panel (left): "
                     "arrows and Enter.").format(key=key_of(binding.key, binding.id),
                                                 keys_word=_(binding.description))
        picker = self.flow.table.picker
        keys = _(SPLIT_KEYS if picker is not None and picker.adjustable else TASK_KEYS)
        # a move of the table's own that the task also takes is an option, never the advice
        others = ", ".join(f"{b.key} ({_(b.description)})" for b in bound)
        return keys + "\n" + _("Or, if you choose: {keys}.").format(keys=others) if others \
            else keys

    def put(self, text: Text, title: str, notes: Text | None = None) -> None:
        """The step panel: ``text`` (what to read and do), then ``notes`` (the moves just
        before, the rule ids), which Enter does not wait for."""
        table = self.flow.table
        panel = table.query_one("#lesson", StepPanel)
        step = self.flow.run.step
        # Enter reads on only at a read step of the learner's own (``choose``): a task, even one
        # played by a key of the table's (the challenge), or the others' moves, take PgDn.
        panel.enter_acts = not (step is not None and step.kind == L.READ
                                and not self.flow.beats_on_show and not self.flow.showing_other)
        if title:
            panel.border_title = Text(title, style="bold")
        table.query_one("#lesson-text", Static).update(text)
        extra = table.query_one("#lesson-notes", Static)
        extra.update(notes or "")
        extra.display = bool(notes)
        panel.scroll_home(animate=False)

    def text_goes_on(self) -> bool:
        """Whether the step's own text (not its notes) goes on below the panel's foot."""
        return self.flow.table.query_one("#lesson", StepPanel).text_goes_on()

    def scroll(self, pages: float) -> None:
        panel = self.flow.table.query_one("#lesson", VerticalScroll)
        page = max(1, panel.scrollable_content_region.height - 1)
        lines = int(page * pages) or (1 if pages > 0 else -1)
        panel.scroll_to(y=panel.scroll_y + lines, animate=False)
