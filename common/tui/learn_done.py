"""The end of a lesson: the next one offered, or the list."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from common import lessons as L
from common.tui.small import TooSmall

NEXT, LIST = "next", "list"


class LessonDone(Screen[str]):
    """The end of a lesson: Enter opens the next one (if any), Esc goes back to the list; the
    list's cursor is on the next lesson either way."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "close('next')", "Next lesson"),
                                             Binding("enter,escape", "close('list')",
                                                     "The lessons")]

    def __init__(self, lesson: L.Lesson, next_title: str = "") -> None:
        super().__init__()
        self.lesson = lesson
        self.next_title = next_title

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(f"✓ Lesson done: {self.lesson.title}", style="bold"),
                         classes="dialog-title")
            yield Static(Text(f"You have seen: {self.lesson.teaches}."), id="notice-text")
            yield Static(self.note(), classes="dialog-note")
        yield Footer(classes="body", compact=True)

    def note(self) -> str:
        if not self.next_title:
            return ("That ends this track: play a real game now, and take the other lessons when "
                    "their rule comes up. Enter: the list of lessons.")
        return f"Enter: the next lesson, {self.next_title}. Esc: the list of lessons."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and parameters == (NEXT,):
            return bool(self.next_title)  # the last lesson: Enter goes to the list
        return True

    def action_close(self, where: str) -> None:
        self.dismiss(where if self.next_title else LIST)
