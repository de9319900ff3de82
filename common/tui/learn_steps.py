"""The step panel of a lesson's flow: the step's text, the keys to press, a hint or reason at its
head and the status line; a notice longer than the screen scrolls (its own ↓ PgDn), as in a game."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from common import lessons as L
from common.i18n import _
from common.tui.gameui import key_of
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import judged_blocks, judged_page, paged, plain_reason
from common.tui.learn_panel import (
    KEYS,
    LAST_PAGE_KEYS,
    NEXT_PAGE_KEYS,
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
        # a capstone's verdict on pages that each fit the panel (Enter turns them): read
        # whole without scrolling, at 80×24 too
        self.page = 0
        self.pages = 1
        self._paged: L.Run | None = None  # the step the pages are of: a new one starts at 1
        self._first = 0  # the first piece on the page shown: kept in view when re-paged
        self._room = (0, 0)  # the panel's room the pages were made for

    @property
    def more_pages(self) -> bool:
        return self.page + 1 < self.pages

    def next_page(self) -> bool:
        """Enter on a verdict's page that is not its last: the next page (False: none)."""
        if not self.more_pages:
            return False
        self.page += 1
        self._first = -1  # the next page's own first piece
        self.draw()
        self.flow.table.refresh_keys()  # Enter's word, on the last page "Go on"
        return True

    def resized(self) -> None:
        """The step panel resized (the terminal was): a verdict is paged again for its new
        room, the page shown then the one with what was read at the top of the old one."""
        run = self.flow.run
        if run is not self._paged or run.step is None:
            return
        room = self.flow.table.query_one("#lesson", StepPanel).content_region
        if (room.width, room.height) != self._room and room.height > 0:
            self.draw()

    def judged(self, run: L.Run, head: Text, blocks: list[tuple[str, Text]]) -> Text:
        """The last step of a capstone: its text (``head``) and its verdict, on pages that each
        fit the step panel as it is, the page shown now."""
        if run is not self._paged:
            self._paged, self.page, self._first = run, 0, 0
        panel = self.flow.table.query_one("#lesson", StepPanel)
        room = panel.content_region
        self._room = (room.width, room.height)
        # the width a scroll bar leaves, whether it shows yet or not: the notes below may bring
        # one (before it shows, the panel's own ``scrollbar_size_vertical`` is 0)
        width = room.width - panel.styles.scrollbar_size_vertical
        # measured as the text's widget measures it (its styles are the rules Textual reads)
        rules: Any = self.flow.table.query_one("#lesson-text", Static).styles

        def page_text(page: int, pieces: list[int], pages: int) -> Text:
            # piece 0 is the step's own text; the verdict's pieces follow it
            out = head.copy() if 0 in pieces else Text()
            notes = [blocks[i - 1] for i in pieces if i]
            if notes:
                out.append("\n" if 0 in pieces else "")
                out.append_text(judged_page(notes))
            keys = _(READ_KEYS) if pages == 1 else (
                _(NEXT_PAGE_KEYS) if page + 1 < pages else _(LAST_PAGE_KEYS)).format(
                    page=page + 1, pages=pages)
            out.append("\n" + keys, style="bold")
            return out

        def fits(page: int, pieces: list[int]) -> bool:
            text = page_text(page, pieces, len(blocks) + 1)  # the keys' words at their longest
            return Content.from_rich_text(text).get_height(rules, width) <= room.height

        pages = paged(len(blocks) + 1, fits) if room.height > 0 and width > 0 \
            else [list(range(len(blocks) + 1))]
        self.pages = len(pages)
        # the page that holds the piece read first on the page shown before (paged the same,
        # it is that page; paged anew, no piece is skipped)
        self.page = next((n for n, page in enumerate(pages) if self._first in page),
                         min(self.page, self.pages - 1))
        self._first = pages[self.page][0]
        return page_text(self.page, pages[self.page], self.pages)

    def say(self, message: Text, short: Text | None = None) -> None:
        """A hint or the rules' reason: on the panel's message line (``short`` there, when
        given: the line has two or three rows) and, since that line may be cut at 80×24, at the
        head of the step panel too."""
        table = self.flow.table
        table.message = short if short is not None else message
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
        keys = _(READ_KEYS) if step.kind == L.READ else self.task_keys()
        judgement = L.judgement(run) if run.index == len(run.lesson.steps) - 1 else None
        if judgement is not None:
            out = self.judged(run, out, judged_blocks(judgement))
        else:
            out.append("\n" + keys, style="bold")
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
                       notes if notes.plain else None, short_title=run.lesson.title)
        if judgement is not None:
            self.flow.table.refresh_keys()  # Enter's word: the next page, or go on
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

    def put(self, text: Text, title: str, notes: Text | None = None,
            short_title: str = "") -> None:
        """The step panel: ``text`` (what to read and do), then ``notes`` (the moves just
        before, the rule ids), which Enter does not wait for. Its frame says ``title``, or
        ``short_title`` where ``title`` would be cut (the status line counts the steps too)."""
        table = self.flow.table
        panel = table.query_one("#lesson", StepPanel)
        step = self.flow.run.step
        # Enter reads on only at a read step of the learner's own (``choose``): a task, even one
        # played by a key of the table's (the challenge), or the others' moves, take PgDn.
        panel.enter_acts = not (step is not None and step.kind == L.READ
                                and not self.flow.beats_on_show and not self.flow.showing_other)
        panel.set_title(title, short_title)
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
