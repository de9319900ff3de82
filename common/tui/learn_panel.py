"""The step panel of a lesson and the words around it: the keys to press, a scripted move in
words, the label of the part of the board a step is about, and whether a part is whole on
screen (the lesson's CSS fits it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.containers import VerticalScroll
from textual.errors import NoWidget
from textual.widgets import Static

from common import lessons as L
from common.i18n import N_, _

# the keys, for the step panel's words (the bindings are LessonFlow's, the help is the tutor's)
HINT_KEY, SHOW_KEY, REPLAY_KEY, BACK_KEY = "i", "m", "Ctrl+R", "Ctrl+B"
TUTOR_KEYS = N_("Stuck at a task? {hint}: a hint, {show}: show me the move. {replay}: this step "
                "again, {back}: the step before.")
KEYS = {"hint": HINT_KEY, "show": SHOW_KEY, "replay": REPLAY_KEY, "back": BACK_KEY}
KEYS_HELP = N_("""## In a lesson

| Key | What it does |
| --- | --- |
| Enter | a step that explains: go on; a task: confirm the choice you moved to |
| {hint} | a hint: the idea to look at, or where the move begins in your panel ({hint} again: \
the whole move) |
| {show} | show me: the task's move played on the board for you to see, then put back (Enter); \
a move that would turn a card, roll a die or reveal a secret is said in words instead |
| {replay} | this step again from its start (the others' moves that led to it too) |
| {back} | the step before |
| Ctrl+O | the table as another seat sees it, when a step teaches secrecy |
| Ctrl+X or q | leave the lesson for the list (open it again to start it over) |

""")
TASK_KEYS = N_("Your move, in your panel (left): arrows and Enter, or an option's number; "
             "Esc: back one choice.")
SPLIT_KEYS = N_("Your move, in your panel (left): ↑ ↓ pick a line, ← → (or + and −) change it, "
              "Enter when all is set.")
READ_KEYS = N_("Enter: go on")
# a capstone's verdict, on pages that each fit the step panel
NEXT_PAGE_KEYS = N_("Enter: next page ({page} of {pages})")
LAST_PAGE_KEYS = N_("Enter: go on (page {page} of {pages})")
CHOOSE_FIRST = N_("Enter confirms a choice you moved to: move with the arrows (or type the "
                "option's number) first.")
# the same on the panel's message line, two rows of a narrow panel at 80×24
CHOOSE_FIRST_SHORT = N_("Choose first: an arrow or the option's number, then Enter.")


def target_label(target: str) -> str:
    """A board part in words, for the frame of the panel it points at: "island 2", "Anne's
    ship" (a part that is one widget of its own needs no label: it has its frame)."""
    kind, _colon, which = target.partition(":")
    if not which or kind in ("battlefield",):
        return ""
    if kind == "ship":
        return "▶ " + _("{name}'s ship").format(name=which)
    if kind == "island":
        return "▶ " + _("island {number}").format(number=which)
    return f"▶ {kind} {which}"


# A frame's title has its two corners, a line and a space on each side: "╭─ title ─╮".
TITLE_FRAME = 6


def step_counter(run: L.Run) -> str:
    """Which step of the lesson this is: "step 2 of 7"."""
    total = len(run.lesson.steps)
    return _("step {number} of {total}").format(number=min(run.index + 1, total), total=total)


class StepPanel(VerticalScroll):
    """The step's text; its foot says when the text goes on below (Enter or PgDn reads on)."""

    MORE = N_("▼ more: Enter or PgDn")
    MORE_BY_PGDN = N_("▼ more: PgDn")  # where Enter does something else, or only the notes go on
    enter_acts = False  # Enter does something else here (a task, the next move): PgDn reads on
    on_resized: Callable[[], None] | None = None  # the lesson's: re-page a verdict
    _title = ""  # the frame's title, and the shorter one for a frame too narrow for it
    _short_title = ""

    def set_title(self, title: str, short_title: str = "") -> None:
        """Frame the step with ``title``, or ``short_title`` where ``title`` would be cut."""
        self._title, self._short_title = title, short_title
        self._fit_title()

    def _fit_title(self) -> None:
        # Chosen again at every resize: a step put before the panel's first layout has no
        # width to measure, and the terminal may change size under it.
        room = self.size.width - TITLE_FRAME  # 0 or less: not laid out yet
        title = self._title
        if self._short_title and 0 < room < cell_len(title):
            title = self._short_title
        if title:
            self.border_title = Text(title, style="bold")

    def on_resize(self) -> None:
        self._fit_title()
        if self.on_resized is not None:
            self.on_resized()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.mark_more()

    def _size_updated(self, size: Any, virtual_size: Any, container_size: Any,
                      layout: bool = True) -> bool:
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        self.mark_more()
        return changed

    @property
    def goes_on(self) -> bool:
        return self.max_scroll_y - self.scroll_y >= 1

    def mark_more(self) -> None:
        enter_reads_on = not self.enter_acts and self.text_goes_on()
        more = self.MORE if enter_reads_on else self.MORE_BY_PGDN
        self.border_subtitle = _(more) if self.goes_on else ""

    def text_goes_on(self) -> bool:
        """Whether the step's own text (not its notes) goes on below the panel's foot: only
        then does Enter read on (``LessonFlow.choose``)."""
        try:
            main = self.query_one("#lesson-text", Static)
        except Exception:  # not composed yet
            return False
        seen_to = self.scroll_y + self.scrollable_content_region.height
        return bool(main.virtual_region.bottom > seen_to + 0.5)



def beat_words(run: L.Run, move: Any, lines: tuple[str, ...]) -> str:
    """A scripted move in words: whose it is and what the learner's log says of it."""
    seat = move.get("seat")
    players = run.lesson.names
    who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
    said = " ".join(lines)
    if seat == run.lesson.seat:
        if not lines:
            return _("{name} (played for you): a move you cannot see").format(name=who)
        return _("{name} (played for you): {move}").format(name=who, move=said)
    if not lines:
        return _("{name}: a move you cannot see").format(name=who)
    return said if said.startswith(who) else _("{name}: {move}").format(name=who, move=said)





# The frame of the part a step is about is drawn around it, never over its own lines: a header
# that grows with its text may grow by the frame; a part too tall for its place keeps the frame to
# its sides; the combat may take the mats' width (``LessonFlow.fit_focus``). App-wide CSS (a
# screen's CSS is), so every rule is under the lesson's class (``-lesson-mode``).
LESSON_CSS = """
.-lesson-mode #info.-lesson-focus { max-height: 6; }
.-lesson-mode .-lesson-focus.-lesson-thin { border: none !important;
    border-left: heavy $warning !important; border-right: heavy $warning !important; }
.-lesson-mode.-lesson-wide #side { display: none; }
.-lesson-mode #prompt.-whole { height: auto; max-height: 2; text-wrap: wrap; }
"""


def whole_on_screen(node: Any) -> str:
    """Why ``node`` is not whole on screen ("" when it is): clipped by its place or the screen,
    or its text longer than the lines it is given."""
    screen = node.screen
    try:
        geometry = screen.find_widget(node)
    except NoWidget:
        return "not on screen"
    region, clip = geometry.region, geometry.clip
    if region.intersection(clip) != region:
        return f"clipped: {region} shown in {clip}"
    if region.right > screen.size.width or region.bottom > screen.size.height:
        return f"off the screen: {region}"
    inner = node.content_region
    needed = node.get_content_height(inner.size, screen.size, inner.width)
    if needed > inner.height:
        return f"its text needs {needed} lines, {inner.height} shown"
    return ""

