"""The end of a lesson: the next one offered, or the list."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from common import lessons as L
from common.i18n import N_, _
from common.tui.footer import Footer
from common.tui.small import TooSmall

NEXT, LIST = "next", "list"


class LessonDone(Screen[str]):
    """The end of a lesson: Enter opens the next one (if any), Esc goes back to the list; the
    list's cursor is on the next lesson either way."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "close('next')", N_("Next lesson")),
                                             Binding("enter,escape", "close('list')",
                                                     N_("The lessons"))]

    def __init__(self, lesson: L.Lesson, next_title: str = "") -> None:
        super().__init__()
        self.lesson = lesson
        self.next_title = next_title

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text("✓ " + _("Lesson done: {title}").format(title=self.lesson.title),
                              style="bold"),
                         classes="dialog-title")
            seen = _("You have seen: {teaches}.").format(teaches=self.lesson.teaches)
            yield Static(Text(seen), id="notice-text")
            yield Static(self.note(), classes="dialog-note")
        yield Footer(classes="body", compact=True)

    def note(self) -> str:
        if not self.next_title:
            return _("That ends this track: play a real game now, and take the other lessons "
                     "when their rule comes up. Enter: the list of lessons.")
        return _("Enter: the next lesson, {title}. Esc: the list of lessons.").format(
            title=self.next_title)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and parameters == (NEXT,):
            return bool(self.next_title)  # the last lesson: Enter goes to the list
        return True

    def action_close(self, where: str) -> None:
        self.dismiss(where if self.next_title else LIST)
