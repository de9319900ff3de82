"""The lesson lists: which game to learn, and a game's lessons (the essentials first)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from common import lessons as L
from common.i18n import N_, _, ngettext
from common.tui.footer import Footer
from common.tui.gameui import GameUI, all_uis, ui_for
from common.tui.learn_done import NEXT
from common.tui.learn_flow import lesson_table
from common.tui.learn_progress import lessons_done
from common.tui.numbered import NumberedList, numbered
from common.tui.options import TableOptions
from common.tui.small import TooSmall


def learnable() -> list[GameUI]:
    """The games that ship lessons, in the registry's order."""
    return [ui for ui in all_uis() if L.has_lessons(ui.name)]


def games_list(widget_id: str) -> NumberedList:
    """The games that ship lessons, each opening its list of lessons."""
    return NumberedList(*(Option(numbered(i, f"{ui.title} ({ui.players_hint()})"), id=ui.name)
                          for i, ui in enumerate(learnable())), id=widget_id)


class LearnGamesScreen(Screen[None]):
    """Which game to learn."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="menu-box"):
            yield Static(_("Learn to play: choose a game"), id="menu-title")
            yield games_list("menu")
        yield Footer(classes="body", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(LessonListScreen(ui_for(str(event.option.id))))


class LessonNumbers(NumberedList):
    """The lesson list: a lesson's number typed opens it ("1" then "0" for lesson 10), wherever
    its track lists it, as each row shows its lesson's number (``number_of``: lesson id to
    number, the list's own order)."""

    number_of: dict[str, int]

    def numbers(self) -> int:
        return max(self.number_of.values(), default=0)

    def row_of(self, index: int) -> int | None:
        for row in range(self.option_count):
            option = self.get_option_at_index(row)
            if option.id and not option.disabled and self.number_of.get(option.id) == index + 1:
                return row
        return None


class LessonListScreen(Screen[None]):
    """A game's lessons: the essentials first, in order, then those to take when their rule
    comes up (``L.read_tracks``); title, what each teaches, ✓ for those done."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, ui: GameUI) -> None:
        super().__init__()
        self.ui = ui
        self.tracks = L.read_tracks(ui.name)
        self.lessons = list(self.tracks.all)  # in the menu's order
        # numbered in the menu's order, so the essentials read 1, 2, 3… and the steps' texts
        # send the learner to "lesson 9" by the number the list shows
        self.numbers = {lesson.id: i for i, lesson in enumerate(self.lessons, start=1)}

    def compose(self) -> ComposeResult:
        yield TooSmall()
        if not self.lessons:  # a game from outside hotseat may ship none: say so, offer others
            with Vertical(classes="body", id="menu-box"):
                yield Static(Text(_("{game} has no lessons: learn one of these games.").format(
                    game=self.ui.title)), id="menu-title")
                yield games_list("menu")
            yield Footer(classes="body", compact=True)
            return
        with Vertical(classes="body", id="newgame"):
            count = len(self.lessons)
            title = ngettext("Learn {game}: {count} lesson", "Learn {game}: {count} lessons",
                             count).format(game=self.ui.title, count=count)
            yield Static(Text(title), id="menu-title")
            box = LessonNumbers(id="lessons")
            box.number_of = self.numbers
            yield box
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()  # a lesson just finished shows its ✓

    def fill(self) -> None:
        if not self.lessons:
            return
        box = self.query_one("#lessons", OptionList)
        keep = box.highlighted
        box.clear_options()
        done = lessons_done(self.ui.name, lambda text: self.notify(text, severity="warning",
                                                                  markup=False, timeout=15))
        for heading, lessons in self.groups():
            if heading:
                box.add_option(Option(heading, disabled=True))
            for lesson in lessons:
                box.add_option(self.entry(lesson, lesson.id in done))
        if box.option_count:
            enabled = keep is not None and keep < box.option_count and not box.get_option_at_index(
                keep).disabled
            box.highlighted = keep if enabled else self.option_index(0)
            box.focus()

    def groups(self) -> list[tuple[Text | None, tuple[L.Lesson, ...]]]:
        """The tracks under their headings (none when the game has no essentials)."""
        essentials, later = self.tracks.essentials, self.tracks.when_it_happens
        if not essentials:
            return [(None, later)]
        first = Text(_("Essentials: your first game, in order"), style="bold reverse")
        rest = Text(_("When it happens: the rest, one rule at a time, when it comes up"),
                    style="bold reverse")
        return [(first, essentials), (rest, later)] if later else [(first, essentials)]

    def entry(self, lesson: L.Lesson, done: bool) -> Option:
        """A lesson's row: ✓ when done, its number, then its title and what it teaches, both
        wrapped under the title's first letter (the number stands out alone at the left)."""
        number = self.numbers[lesson.id]
        row = Table.grid(padding=(0, 1))
        row.add_column(no_wrap=True)
        row.add_column(ratio=1)
        text = Text(lesson.title + "\n", style="bold")
        text.append(lesson.teaches, style="dim")
        row.add_row(Text(f"{'✓' if done else ' '} {number}.", style="bold"), text)
        return Option(row, id=lesson.id)

    def option_index(self, number: int) -> int:
        """The list's row of lesson ``number`` (0-based, in the menu's order), past headings."""
        box = self.query_one("#lessons", OptionList)
        return box.get_option_index(self.lessons[number].id)

    def following(self, number: int) -> L.Lesson | None:
        """The lesson offered after lesson ``number``: the next of its own track (the last of
        the essentials is followed by a real game, not by a lesson for later)."""
        ending = len(self.tracks.essentials) if number < len(self.tracks.essentials) else len(
            self.lessons)
        return self.lessons[number + 1] if number + 1 < ending else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.lessons:  # a game to learn instead
            self.app.switch_screen(LessonListScreen(ui_for(str(event.option.id))))
            return
        number = next(i for i, x in enumerate(self.lessons) if x.id == event.option.id)
        self.open(number)

    def open(self, number: int) -> None:
        lesson = self.lessons[number]
        following = self.following(number)
        table = lesson_table(L.start(lesson), following.title if following else "")
        options = getattr(self.app, "table_options", None)  # deferred: the app imports this
        if isinstance(options, TableOptions):
            table.configure(options)  # e.g. a test's short challenge clock
        self.app.push_screen(table, callback=lambda answer: self.after(number, answer))

    def after(self, number: int, answer: Any) -> None:
        """Back from lesson ``number``: the cursor on the next one once it is done, or the next
        one opened at once when the learner asked for it."""
        if not isinstance(answer, str):
            return  # left before its end: the cursor stays on it
        following = min(number + 1, len(self.lessons) - 1)
        box = self.query_one("#lessons", OptionList)
        box.highlighted = self.option_index(following)
        if answer == NEXT and self.following(number) is not None:
            self.call_later(self.open, following)
