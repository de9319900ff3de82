"""The step panel of a lesson's flow: the step's text, the keys to press, a hint or reason at its
head, the status line, and the notices cut to fit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from common import lessons as L
from common.i18n import _, ngettext
from common.tui.gameui import key_of
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import judged_text, plain_reason
from common.tui.learn_panel import READ_KEYS, SPLIT_KEYS, TASK_KEYS, StepPanel, step_counter


class LessonSteps(LessonFit):
    """Drawing the step panel and what the table says around it."""

    def say(self, message: Text) -> None:
        """A hint or the rules' reason: on the panel's message line and, since that line may
        be cut at 80×24, at the head of the step panel too."""
        table = self.table
        table.message = message
        table.panel.disarm(refresh=False)  # drawn afresh: the cursor back on its first choice
        table.refresh_private()  # (which redraws the key bar)
        self.draw_step(note=message)

    def _message(self) -> Text:
        message = self.table.message
        return message if isinstance(message, Text) else Text(message)

    def draw_step(self, note: Text | None = None) -> None:
        run = self.run
        step = run.step
        if step is None:
            return
        out = Text()
        if note is not None and note.plain:
            out.append_text(note)
            out.append("\n\n")
        out.append(plain_reason(run.text.strip(), self.show_ids) + "\n")  # ids: Ctrl+D
        if run.index == len(run.lesson.steps) - 1:
            out.append_text(judged_text(L.judgement(run)))
        out.append("\n" + (_(READ_KEYS) if step.kind == L.READ else self.task_keys()),
                   style="bold")
        reminder = self.keys_reminder()
        if reminder:
            out.append("\n" + reminder, style="italic")
        other = run.other_view()
        if other is not None and "Ctrl+O" not in run.text:
            out.append("\n" + _("Ctrl+O: see the table as {name} sees it (and back).").format(
                name=other[0]), style="bold")
        notes = Text()
        if run.said:  # after the step: the learner has just watched them happen
            notes.append(_("Just before this step:") + "\n", style="dim bold")
            for line in run.said:
                notes.append("• " + line + "\n", style="dim italic")
        if self.show_ids:
            notes.append(_("Teaches: {rules}").format(rules=", ".join(step.rules)), style="dim")
        self._put_step(out, f"{step_counter(run)} · {run.lesson.title}",
                       notes if notes.plain else None)
        self.highlight(step.board)

    def keys_reminder(self) -> str:
        """A line under the keys to press (the tutor's keys, at the lesson's intro)."""
        return ""

    def task_keys(self) -> str:
        """Which keys do the task: the panel's, or a key of the table's own when the move is
        not in the panel (Orcz's scout, out of turn; the challenge)."""
        run = self.run
        kinds = L.task_kinds(run)
        bound = [b for cls in type(self.table).__mro__ for b in getattr(cls, "BINDINGS", ())
                 if isinstance(b, Binding) and b.action in kinds]
        if bound and len(kinds) == 1:
            binding = bound[0]
            return _("Your move: press {key} ({keys_word}), then follow your panel (left): "
                     "arrows and Enter.").format(key=key_of(binding.key, binding.id),
                                                 keys_word=_(binding.description))
        picker = self.table.picker
        keys = _(SPLIT_KEYS if picker is not None and picker.adjustable else TASK_KEYS)
        # a move of the table's own that the task also takes is an option, never the advice
        others = ", ".join(f"{b.key} ({_(b.description)})" for b in bound)
        return keys + "\n" + _("Or, if you choose: {keys}.").format(keys=others) if others \
            else keys

    def _put_step(self, text: Text, title: str, notes: Text | None = None) -> None:
        """The step panel: ``text`` (what to read and do), then ``notes`` (the moves just
        before, the rule ids), which Enter does not wait for."""
        table = self.table
        panel = table.query_one("#lesson", StepPanel)
        step = self.run.step
        # Enter reads on only at a read step of the learner's own (``choose``): a task, even one
        # played by a key of the table's (the challenge), or the others' moves, take PgDn.
        panel.enter_acts = not (step is not None and step.kind == L.READ
                                and self.playing is None and not self.showing_other)
        if title:
            panel.border_title = Text(title, style="bold")
        table.query_one("#lesson-text", Static).update(text)
        extra = table.query_one("#lesson-notes", Static)
        extra.update(notes or "")
        extra.display = bool(notes)
        panel.scroll_home(animate=False)

    def text_goes_on(self) -> bool:
        """Whether the step's own text (not its notes) goes on below the panel's foot."""
        return self.table.query_one("#lesson", StepPanel).text_goes_on()

    def scroll_step(self, pages: float) -> None:
        panel = self.table.query_one("#lesson", VerticalScroll)
        page = max(1, panel.scrollable_content_region.height - 1)
        lines = int(page * pages) or (1 if pages > 0 else -1)
        panel.scroll_to(y=panel.scroll_y + lines, animate=False)

    def log_page(self, direction: int) -> None:
        self.scroll_step(direction)  # the log is hidden: PgUp/PgDn scroll the step

    def nav(self, dx: int, dy: int) -> None:
        picker = self.table.picker
        if picker is None and dy:
            self.scroll_step(dy / 4)  # a read step: ↑ ↓ scroll its text
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
        if self.showing_other:
            other = run.other_view()
            name = other[0] if other else "?"
            return Text(_("What {name} sees, not you (Ctrl+O: back to your own view)").format(
                name=name), style="bold reverse")
        text = Text(_("Lesson · {step} · ").format(step=step_counter(run)))
        text.append_text(super().status_text(view))
        return text

    def results(self, entries: list[dict[str, Any]], view: dict[str, Any]) -> Text | None:
        """The game's notice of what a move did, cut to what fits the screen with its title
        and its "press Enter" line: its head (the summary) and its last lines, the rest said
        to be cut (a lesson has no log panel to scroll)."""
        notice = super().results(entries, view)
        if notice is None:
            return None
        size = self.table.app.size
        width = max(20, size.width - 16)
        room = max(4, size.height - 14)

        def rows(line: Text) -> int:
            return max(1, -(-len(line.plain) // int(width)))

        lines = notice.split("\n")
        if sum(map(rows, lines)) <= room:
            return notice
        head = 2 if len(lines) > 2 and not lines[1].plain.strip() else 1
        left = room - sum(rows(x) for x in lines[:head]) - 1
        tail: list[Text] = []
        for line in reversed(lines[head:]):
            if rows(line) > left:
                break
            tail.insert(0, line)
            left -= rows(line)
        cut = len(lines) - head - len(tail)
        more = Text("… " + ngettext("{count} line more, cut to fit (the board shows what they did)",
                                    "{count} lines more, cut to fit (the board shows what they "
                                    "did)", cut).format(count=cut), style="dim italic")
        return Text("\n").join([*lines[:head], more, *tail])

