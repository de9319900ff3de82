"""Learn to play: the lesson lists and a lesson played on the game's own table.

A lesson (``common.lessons``) runs on the real rules core; it is shown by the game's real table
class in a *lesson mode*: ``lesson_table(run)`` makes a subclass of the game's table whose session
is the lesson (``LessonSession``), whose panel beside the private panel is the step's text (in
place of the log), and whose flow has no curtains — the learner plays one seat and sees that
seat's view only. The other seats' moves are the lesson's script; each is said in a line.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from common import lessons as L
from common.engine import GameModule
from common.errors import IllegalAction
from common.save import write_atomic
from common.tui.gameui import GameUI, all_uis, ui_for
from common.tui.log_panel import LogPanel
from common.tui.small import TooSmall
from common.tui.table import TableScreen

PROGRESS_FILE = "lessons-done.json"


# ---- progress, in the data folder


def progress_path() -> Path:
    from common.tui.session import data_dir

    return data_dir() / PROGRESS_FILE


def lessons_done(game: str) -> set[str]:
    """The ids of the lessons of ``game`` played to their end (an unreadable file: none)."""
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return set()
    done = data.get(game, []) if isinstance(data, dict) else []
    return {d for d in done if isinstance(d, str)} if isinstance(done, list) else set()


def mark_done(game: str, lesson_id: str) -> None:
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError, RecursionError):
        data = {}
    done = sorted(lessons_done(game) | {lesson_id})
    data[game] = done
    with contextlib.suppress(OSError):  # progress is a convenience: a full disk stops nothing
        write_atomic(progress_path(), data)


# ---- a lesson as the table's session


@dataclass
class _Record:
    game: str
    actions: tuple[dict[str, Any], ...] = ()


class LessonHint(IllegalAction):
    """A legal move that is not what the task asks: shown like a refusal, with the hint."""


class LessonSession:
    """What the table asks a session for, answered from a lesson ``Run``: the learner's seat is
    always the one to act, and a move is judged by the task before the rules apply it."""

    unsaved = False

    def __init__(self, run: L.Run) -> None:
        self.run = run
        self.record = _Record(run.lesson.game)
        self.path: Path | None = None
        self.notes: list[Any] = []

    @property
    def game(self) -> GameModule:
        return self.run.game

    @property
    def players(self) -> tuple[str, ...]:
        return self.run.lesson.players

    @property
    def seat(self) -> int:
        return self.run.lesson.seat

    @property
    def action_count(self) -> int:
        return 0

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.run.state, seat)

    def to_act(self) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, seat: int) -> list[Any]:
        step = self.run.step
        if seat != self.seat or step is None or step.kind != L.TASK:
            return []  # a read step asks for Enter, not a move
        return self.game.legal_actions(self.run.state, seat)

    def why_illegal(self, action: Any) -> str:
        try:
            self.game.apply(self.run.state, action)
        except IllegalAction as err:
            return str(err)
        return ""

    def apply(self, action: Any) -> None:
        verdict = L.check(self.run, action)
        if verdict.kind == L.ILLEGAL:
            raise IllegalAction(verdict.message)
        if verdict.kind == L.HINT:
            raise LessonHint(verdict.message or "That is legal, but not what this step asks.")
        if verdict.kind == L.NOT_A_TASK:
            raise IllegalAction(verdict.message)
        self.run = L.advance(self.run, action)

    def is_over(self) -> bool:
        return False

    def result(self) -> dict[str, Any]:
        return {}

    def can_undo(self, seat: int | None) -> bool:
        return False

    def save(self) -> None:
        """Lessons are not saved: the same lesson played twice is the same."""

    def release(self) -> None:
        """Nothing is locked."""

    def log_lines(self) -> list[str]:
        return [str(e.get("text", "")) for e in self.view(None)["log"]]


# ---- the lesson mode of a game's table


class LessonMode:
    """Mixed in before a game's table class: the step panel, no curtains, lesson keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+b", "lesson_back", "Step back"),
        Binding("ctrl+r", "lesson_restart", "Restart"),
        Binding("ctrl+o", "other_view", "Other seat's view"),
        Binding("ctrl+x", "lesson_leave", "Leave"),
    ]

    session: LessonSession
    showing_other = False

    def on_mount(self: Any) -> None:
        log = self.query_one(LogPanel)
        log.display = False
        panel = VerticalScroll(Static(id="lesson-text"), id="lesson")
        panel.can_focus = False
        log.parent.mount(panel, after=log)
        super().on_mount()  # type: ignore[misc]

    def _start(self: Any) -> None:
        self.viewer = self.session.seat
        self.show_lesson()

    # the flow: always the learner's panel, never a curtain
    def _continue(self: Any) -> None:
        run = self.session.run
        if run.finished:
            mark_done(run.lesson.game, run.lesson.id)
            self.app.push_screen(LessonDone(run.lesson), callback=lambda _: self.dismiss(None))
            return
        self.show_lesson()

    def push_curtain(self: Any, seat: int, then: Any) -> None:
        then()  # one learner at the terminal: no curtain

    def show_lesson(self: Any) -> None:
        self.showing_other = False
        self.show_for(self.session.seat)
        self.draw_step()

    def draw_step(self: Any) -> None:
        run = self.session.run
        step = run.step
        if step is None:
            return
        lesson = run.lesson
        out = Text()
        out.append(f"{lesson.title} — {run.counter}\n", style="bold")
        for line in run.said:
            out.append("• " + line + "\n", style="italic cyan")
        out.append(run.text.strip() + "\n")
        if step.kind == L.READ:
            out.append("\nPress Enter to go on.", style="bold")
        else:
            out.append("\nYour move: use the panel's keys.", style="bold")
        if step.show:
            out.append(f"\nCtrl+O shows what {step.show} sees.", style="dim")
        out.append(f"\nTeaches: {', '.join(step.rules)}", style="dim")
        self.query_one("#lesson-text", Static).update(out)
        self.query_one("#lesson", VerticalScroll).scroll_home(animate=False)
        self.highlight(step.board)

    def status_text(self: Any, view: dict[str, Any]) -> Text:
        run = self.session.run
        if self.showing_other:
            other = run.other_view()
            name = other[0] if other else "?"
            return Text(f"What {name} sees (Ctrl+O: back to your own view)", style="bold")
        text = Text(f"Lesson: {run.lesson.title} · {run.counter} · ")
        text.append_text(super().status_text(view))  # type: ignore[misc]
        return text

    def action_choose(self: Any) -> None:
        step = self.session.run.step
        if step is not None and step.kind == L.READ:
            self.session.run = L.advance(self.session.run)
            self._announced = len(self.session.view(None)["log"]) - len(self.session.run.said)
            self.advance()
            return
        super().action_choose()  # type: ignore[misc]

    def check_action(self: Any, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("lesson_back", "lesson_restart", "lesson_leave"):
            return True
        if action == "other_view":
            return self.session.run.other_view() is not None
        step = self.session.run.step
        if action == "choose" and step is not None and step.kind == L.READ:
            return True
        if action in ("undo", "save_again"):
            return False
        result: bool | None = super().check_action(action, parameters)  # type: ignore[misc]
        return result

    def make_picker(self: Any, view: dict[str, Any], legal: list[Any]) -> Any:
        step = self.session.run.step
        if step is None or step.kind == L.READ:
            return None  # a read step asks for Enter, not a move
        return super().make_picker(view, legal)  # type: ignore[misc]

    def apply_and_save(self: Any, action: Any) -> None:
        """Out-of-turn moves (a scout) are judged by the task too; a hint is said."""
        try:
            self.session.apply(action)
        except LessonHint as hint:
            self.app.notify(str(hint), severity="warning", markup=False)

    def _new_public_entries(self: Any) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.session.view(None)["log"]
        if self._announced > len(log):  # a new scene: its set-up is not news
            self._announced = len(log)
        entries: list[dict[str, Any]] = super()._new_public_entries()  # type: ignore[misc]
        return entries

    def act(self: Any, action: Any) -> None:
        try:
            self.session.apply(action)
        except LessonHint as hint:
            self.message = Text("✋ " + str(hint), style="bold yellow")
            self.refresh_private()
            return
        except IllegalAction as err:
            self.message = Text("✗ " + str(err), style="bold red")
            self.refresh_private()
            return
        self.picker = None
        self.advance()

    def action_lesson_back(self: Any) -> None:
        self.session.run = L.back(self.session.run)
        self._announced = -1
        self.show_lesson()

    def action_lesson_restart(self: Any) -> None:
        self.session.run = L.restart(self.session.run)
        self._announced = -1
        self.show_lesson()

    def action_lesson_leave(self: Any) -> None:
        self.dismiss(None)

    def action_other_view(self: Any) -> None:
        other = self.session.run.other_view()
        if other is None:
            return
        self.showing_other = not self.showing_other
        if not self.showing_other:
            self.show_lesson()
            return
        _, view = other
        self.picker = None
        self.draw_public(view)
        self.draw_private(view)
        self.refresh_status(view)
        self.query_one("#private").border_title = Text(f"{other[0]}'s private panel "
                                                       "(what they see)")


def lesson_table(run: L.Run) -> TableScreen:
    """The game's own table in lesson mode, playing ``run``."""
    base: type[TableScreen] = ui_for(run.lesson.game).table_class()
    # Textual gathers BINDINGS from its own classes only: the mixin's go in the new class
    cls = type(f"Lesson{base.__name__}", (LessonMode, base), {"BINDINGS": LessonMode.BINDINGS})
    table: TableScreen = cls(LessonSession(run), viewer=run.lesson.seat)
    return table


# ---- the lists


class LearnGamesScreen(Screen[None]):
    """Which game to learn."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="menu-box"):
            yield Static("Learn to play: choose a game", id="menu-title")
            yield OptionList(*(Option(f"{ui.title} ({ui.players_hint()})", id=ui.name)
                               for ui in all_uis()), id="menu")
        yield Footer(classes="body", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(LessonListScreen(ui_for(str(event.option.id))))


class LessonListScreen(Screen[None]):
    """A game's lessons in order: title, what each teaches, ✓ for those done."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, ui: GameUI) -> None:
        super().__init__()
        self.ui = ui
        self.lessons = L.read_lessons(ui.name)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static(f"Learn {self.ui.title}: {len(self.lessons)} lessons, in order",
                         id="menu-title")
            yield OptionList(id="lessons")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()  # a lesson just finished shows its ✓

    def fill(self) -> None:
        box = self.query_one("#lessons", OptionList)
        keep = box.highlighted
        box.clear_options()
        done = lessons_done(self.ui.name)
        for number, lesson in enumerate(self.lessons, 1):
            mark = "✓" if lesson.id in done else " "
            label = Text(f"{mark} {number}. {lesson.title}\n", style="bold")
            label.append(f"     {lesson.teaches}", style="dim")
            box.add_option(Option(label, id=lesson.id))
        if box.option_count:
            box.highlighted = keep if keep is not None and keep < box.option_count else 0
            box.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        lesson = next(x for x in self.lessons if x.id == event.option.id)
        table = lesson_table(L.start(lesson))
        for name, value in getattr(self.app, "table_options", {}).items():
            setattr(table, name, value)  # e.g. a test's short challenge clock
        self.app.push_screen(table)


class LessonDone(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", "Back to lessons")]

    def __init__(self, lesson: L.Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(f"✓ Lesson done: {self.lesson.title}", style="bold"),
                         classes="dialog-title")
            yield Static(Text(f"You have seen: {self.lesson.teaches}."), id="notice-text")
            yield Static("Press Enter for the list of lessons.", classes="dialog-note")
        yield Footer(classes="body", compact=True)

    def action_close(self) -> None:
        self.dismiss(None)
