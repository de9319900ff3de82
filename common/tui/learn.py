"""Learn to play: the lesson lists and a lesson played on the game's own table.

A lesson (``common.lessons``) runs on the real rules core; it is shown by the game's real table
on a flow of its own, ``LessonFlow`` (the table's other flow, beside pass and play:
``common.tui.flow``): ``lesson_table(run)`` gives the game's table the lesson as its session
(``LessonSession``) and that flow, whose panel beside the private panel is the step's text (in
place of the log), and which has no curtains — the learner plays one seat and sees that seat's
view only. The other seats' moves are the lesson's script; each is said in a line.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.errors import NoWidget
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from common import lessons as L
from common.engine import GameModule
from common.errors import IllegalAction
from common.save import write_atomic
from common.session import data_dir
from common.storage import load_progress
from common.tui.choices import Picker
from common.tui.flow import Flow
from common.tui.gameui import GameUI, all_uis, ui_for
from common.tui.log_panel import LogPanel
from common.tui.numbered import NumberedList, numbered
from common.tui.small import TooSmall
from common.tui.table import TableScreen

PROGRESS_FILE = "lessons-done.json"


# ---- progress, in the data folder


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def lessons_done(game: str, say: Callable[[str], Any] | None = None) -> set[str]:
    """The ids of the lessons of ``game`` played to their end (an unreadable file: none, and
    ``say`` is told that it was set aside)."""
    data, notice = load_progress(progress_path())
    if notice and say is not None:
        say(notice)
    done = data.get(game, [])
    return {d for d in done if isinstance(d, str)} if isinstance(done, list) else set()


def mark_done(game: str, lesson_id: str) -> None:
    data, _ = load_progress(progress_path())
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
    humans = 1

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

    def is_bot(self, seat: Any) -> bool:
        return False  # the other seats' moves are the lesson's script

    def save(self) -> None:
        """Lessons are not saved: the same lesson played twice is the same."""

    def release(self) -> None:
        """Nothing is locked."""

    def log_lines(self) -> list[str]:
        return [str(e.get("text", "")) for e in self.view(None)["log"]]


# ---- the lesson's flow on a game's table


TASK_KEYS = ("Your move, in your panel (left): arrows and Enter, or an option's number; "
             "Esc: back one choice.")
SPLIT_KEYS = ("Your move, in your panel (left): ↑ ↓ pick a line, ← → (or + and −) change it, "
              "Enter when all is set.")
READ_KEYS = "Enter: go on"
CHOOSE_FIRST = ("Enter confirms a choice you moved to: move with the arrows (or type the "
                "option's number) first.")
_RULE_ID = re.compile(r"\s*\((?:[OP]-R\d+(?:,\s*)?)+\)")


def plain_reason(reason: str, show_ids: bool = False) -> str:
    """A reason without the rulings' ids ("(P-R11)"), which are for developers."""
    return reason if show_ids else _RULE_ID.sub("", reason)


def _target_label(target: str) -> str:
    """A board part in words, for the frame of the panel it points at: "island 2", "Anne's
    ship" (a part that is one widget of its own needs no label: it has its frame)."""
    kind, _, which = target.partition(":")
    if not which or kind in ("battlefield",):
        return ""
    if kind == "ship":
        return f"▶ {which}'s ship"
    return f"▶ {kind} {which}"


class StepPanel(VerticalScroll):
    """The step's text; its foot says when the text goes on below (Enter or PgDn reads on)."""

    MORE = "▼ more: Enter or PgDn"
    MORE_BY_PGDN = "▼ more: PgDn"  # where Enter does something else, or only the notes go on
    enter_acts = False  # Enter does something else here (a task, the next move): PgDn reads on

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
        self.border_subtitle = more if self.goes_on else ""

    def text_goes_on(self) -> bool:
        """Whether the step's own text (not its notes) goes on below the panel's foot: only
        then does Enter read on (``LessonFlow.choose``)."""
        try:
            main = self.query_one("#lesson-text", Static)
        except Exception:  # not composed yet
            return False
        seen_to = self.scroll_y + self.scrollable_content_region.height
        return bool(main.virtual_region.bottom > seen_to + 0.5)


def _judged(judgement: L.Judgement | None) -> Text:
    """A capstone's verdict under its last step: the goal, what went well, what to try."""
    out = Text()
    if judgement is None:
        return out
    out.append("\n" + ("✓ " if judgement.met else "✗ ") + judgement.verdict + "\n",
               style="bold green" if judgement.met else "bold yellow")
    for title, lines in (("What went well:", judgement.well), ("What to try:", judgement.tries)):
        if lines:
            out.append(title + "\n", style="bold")
            for line in lines:
                out.append("• " + line + "\n")
    return out


def _beat_words(run: L.Run, move: Any, lines: tuple[str, ...]) -> str:
    """A scripted move in words: whose it is and what the learner's log says of it."""
    seat = move.get("seat")
    players = run.lesson.players
    who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
    if seat == run.lesson.seat:
        who += " (played for you)"
    if not lines:
        return f"{who}: a move you cannot see"
    said = " ".join(lines)
    return said if said.startswith(who) else f"{who}: {said}"


class LessonFlow(Flow):
    """A lesson's flow on the game's own table: the step panel, no curtains, the lesson's keys,
    and the other seats' scripted moves shown one at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+b", "flow('lesson_back')", "Step back"),
        Binding("ctrl+r", "flow('lesson_restart')", "Restart"),
        Binding("ctrl+o", "flow('other_view')", "Other seat's view"),
        Binding("ctrl+x", "flow('lesson_leave')", "Leave"),
        # q, which quits a game (saved), leaves a lesson for its list: no lesson is lost
        Binding("q", "flow('lesson_leave')", "Leave", show=False),
        Binding("ctrl+d", "flow('rule_ids')", "Rule ids (for developers)", show=False),
    ]
    # Enter confirms only a choice the learner moved to or typed on this panel (issue 18): a
    # task's first choice is never played by an Enter meant for the read step before it. The
    # table's key guard (``PickerPanel.arm``) keeps that state; a lesson disarms it again when
    # its panel is drawn afresh.
    mark_again = False  # one learner: every panel is theirs
    beat_seconds = 1.5  # how long each scripted move of another seat stays on screen
    # the rule and ruling ids a step teaches, and those in the rules' reasons, are for
    # developers: Ctrl+D shows them, or HOTSEAT_DEBUG=1 in the environment
    show_ids = bool(os.environ.get("HOTSEAT_DEBUG"))
    table: TableScreen  # a lesson's flow draws on the whole table, not only ``Flow``'s Table

    def __init__(self, table: TableScreen, next_title: str = "") -> None:
        super().__init__(table)
        self.next_title = next_title  # the lesson after this one, offered when it is done
        self.showing_other = False
        self.playing: list[L.Beat] | None = None  # the scripted moves still to show, if shown
        self.fitting = False  # while the highlighted part is being fitted on screen (tests wait)
        self._beat_timer: Timer | None = None
        self._labelled: Widget | None = None
        self._beats_of: L.Run | None = None
        self._hint_later = ""
        self._grown: Widget | None = None  # the panel made taller by its frame

    @property
    def armed(self) -> bool:
        return self.table.panel.armed

    @property
    def lesson(self) -> LessonSession:
        """The table's session: a lesson's, on this flow."""
        session = self.table.session
        assert isinstance(session, LessonSession)
        return session

    @property
    def run(self) -> L.Run:
        return self.lesson.run

    def mount(self) -> None:
        table = self.table
        log = table.query_one(LogPanel)
        log.display = False
        panel = StepPanel(Static(id="lesson-text"), Static(id="lesson-notes"), id="lesson")
        panel.can_focus = False
        parent = log.parent
        assert isinstance(parent, Widget)
        parent.mount(panel, after=log)
        table.add_class("-lesson-mode")  # the step panel as wide as the private panel

    def start(self) -> None:
        self.table.holder.alone(self.lesson.seat)  # one learner: the terminal is theirs
        self.show_lesson()

    # the flow: always the learner's panel, never a curtain
    def go_on(self) -> None:
        run = self.run
        if run.finished:
            mark_done(run.lesson.game, run.lesson.id)
            self.table.app.push_screen(LessonDone(run.lesson, self.next_title),
                                       callback=self.table.dismiss)  # where to go next
            return
        self.show_lesson()

    def push_curtain(self, seat: int, then: Callable[[], None]) -> None:
        then()  # one learner at the terminal: no curtain

    def handoff(self, seat: int) -> None:
        """Never another seat's panel (after the challenge the game hands over to the slow
        player): the lesson goes on, the others' moves first."""
        self.table.hide_private()
        self.table.viewer = self.lesson.seat
        self.advance()

    def out_of_turn_done(self, seat: int) -> None:
        """After the scout's private screen: the others' moves, then the next step."""
        self.advance()

    def show_lesson(self) -> None:
        self.showing_other = False
        self.table.panel.disarm(refresh=False)
        self.table.show_for(self.lesson.seat)
        self.draw_step()
        if self._hint_later:
            hint, self._hint_later = self._hint_later, ""
            self.say(Text("✋ " + hint, style="bold yellow"))

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

    def handle_pick(self, outcome: Any) -> None:
        if isinstance(outcome, str):
            outcome = plain_reason(outcome, self.show_ids)
        super().handle_pick(outcome)
        if isinstance(outcome, str):  # the picker's own refusal (the rules' reason)
            self.draw_step(note=self._message())
        elif outcome is None:  # on to the choice's next part: a new panel, no old message
            self.table.panel.disarm()
            self.draw_step()

    # ---- Enter confirms only what the learner chose

    def adjust(self, delta: int) -> None:
        self.table.panel.arm()
        super().adjust(delta)

    def quick(self, index: int) -> None:
        self.table.panel.arm()
        super().quick(index)

    def clicked(self, index: int) -> None:
        self.table.panel.arm()
        super().clicked(index)

    def back(self) -> None:
        """Esc: back one choice, or (at the first) away with the hint or reason said."""
        table = self.table
        went_back = table.picker is not None and table.picker.can_go_back()
        super().back()
        if went_back:
            table.panel.disarm()
        elif table.message:
            table.message = ""
            table.refresh_private(keep=True)
        self.draw_step()

    def keys_signature(self) -> tuple[Any, ...]:
        run = self.run
        return (*super().keys_signature(), run.index, id(run), self.playing is not None,
                self.showing_other, self.armed)

    # ---- the other seats' moves, one at a time

    def advance(self) -> None:
        """After a move or Enter: first the scripted moves that followed, each seen happening
        (the board as it was after it, a line saying what it was), then the table's flow."""
        run = self.run
        beats = list(run.beats)
        if self.playing is None and beats and self._beats_of is not run:
            self._beats_of = run  # each run's moves are shown once
            self.playing = beats
            self.table.picker = None
            self.table.refresh_bindings()  # no lesson keys but Enter while the others move
            self._play_next_beat()
            return
        super().advance()

    def _play_next_beat(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        beats = self.playing
        if not beats:
            self.playing = None
            self.table.refresh_bindings()
            self.advance()
            return
        done = len(self.run.beats) - len(beats)
        move, lines, state = beats.pop(0)
        self.show_beat(done, move, lines, state)
        self._beat_timer = self.table.set_timer(self.beat_seconds, self._play_next_beat)

    def show_beat(self, done: int, move: Any, lines: tuple[str, ...], state: Any) -> None:
        """The board after one scripted move, and what it was in the learner's own log lines
        (never the move itself: it may hold a face-down card or a secret course)."""
        run, table = self.run, self.table
        view = run.game.view(state, run.lesson.seat)
        table.viewer = run.lesson.seat
        table.query_one("#private").border_title = Text(
            f"{run.lesson.players[run.lesson.seat]}'s private panel")
        self._draw_public(view)
        table.draw_private(view)
        self.fit_focus()  # the part highlighted may have grown with the move
        status = Text(f"▶ Move {done + 1} of {len(run.beats)}: ", style="bold")
        status.append(_beat_words(run, move, lines))
        table.query_one("#status", Static).update(status, layout=False)
        table.panel.clear(Text("The others' moves (Enter: next)", style="bold"),
                          table.grid_note())
        table.refresh_keys()
        out = Text()
        out.append("What the others do, one move at a time:\n", style="bold")
        for index, (past_move, past_lines, _) in enumerate(run.beats[:done + 1]):
            past = index < done
            out.append(("• " if past else "▶ ") + _beat_words(run, past_move, past_lines) + "\n",
                       style="dim" if past else "bold cyan")
        out.append("\nEnter: the next move.", style="bold")
        self._put_step(out, "")
        # the latest move is at the foot: keep it in sight
        panel = table.query_one("#lesson", StepPanel)
        table.call_after_refresh(lambda: panel.scroll_end(animate=False))

    # ---- the step panel

    def draw_step(self, note: Text | None = None) -> None:
        run = self.run
        step = run.step
        if step is None:
            return
        out = Text()
        if note is not None and note.plain:
            out.append_text(note)
            out.append("\n\n")
        out.append(run.text.strip() + "\n")
        if run.index == len(run.lesson.steps) - 1:
            out.append_text(_judged(L.judgement(run)))
        out.append("\n" + (READ_KEYS if step.kind == L.READ else self.task_keys()), style="bold")
        other = run.other_view()
        if other is not None and "Ctrl+O" not in run.text:
            out.append(f"\nCtrl+O: see the table as {other[0]} sees it (and back).",
                       style="bold")
        notes = Text()
        if run.said:  # after the step: the learner has just watched them happen
            notes.append("Just before this step:\n", style="dim bold")
            for line in run.said:
                notes.append("• " + line + "\n", style="dim italic")
        if self.show_ids:
            notes.append(f"Teaches: {', '.join(step.rules)}", style="dim")
        self._put_step(out, f"{run.counter} · {run.lesson.title}", notes if notes.plain else None)
        self.highlight(step.board)

    def task_keys(self) -> str:
        """Which keys do the task: the panel's, or a key of the table's own when the move is
        not in the panel (Orcz's scout, out of turn; the challenge)."""
        run = self.run
        kinds = L.task_kinds(run)
        bound = [b for cls in type(self.table).__mro__ for b in getattr(cls, "BINDINGS", ())
                 if isinstance(b, Binding) and b.action in kinds]
        if bound and len(kinds) == 1:
            binding = bound[0]
            return (f"Your move: press {binding.key} ({binding.description}), then "
                    "follow your panel (left): arrows and Enter.")
        picker = self.table.picker
        keys = SPLIT_KEYS if picker is not None and picker.adjustable else TASK_KEYS
        # a move of the table's own that the task also takes is an option, never the advice
        others = ", ".join(f"{b.key} ({b.description})" for b in bound)
        return f"{keys}\nOr, if you choose: {others}." if others else keys

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

    def highlight(self, target: str) -> None:
        """Mark the part of the table the step is about, fitted whole on screen, and label its
        frame when the part is one of several in a widget."""
        table = self.table
        if self._labelled is not None:
            self._labelled.border_title = None
            self._labelled = None
        self.unfit_focus()
        table.highlight(target)
        self.fit_focus()
        label = _target_label(target)
        node = table.highlight_target(target) if target else None
        if label and node is not None and not node.border_title:
            node.border_title = label
            self._labelled = node

    def fit_focus(self) -> None:
        """Make the highlighted part whole on screen: a panel whose height is fixed to its
        lines (the map, the mats) grows by its frame; if it is still too tall for its place,
        the combat takes the mats' width too, and then the frame keeps to its sides; last, it
        is scrolled into its place's view."""
        focus = list(self.table.query(".-lesson-focus"))
        if not focus:
            return
        node = focus[0]
        self._size_to_frame(node)
        self.fitting = True
        self.table.call_after_refresh(self._fit_next, node, 0)

    def _size_to_frame(self, node: Widget) -> None:
        lines = getattr(node, "_lines", -1)
        if getattr(node, "fixed_height", False) and lines >= 0:
            self._grown = node
            node.styles.height = lines + (0 if node.has_class("-lesson-thin") else 2)

    def _fit_next(self, node: Widget, tried: int, measured: bool = False) -> None:
        if not node.is_mounted or not node.display or not node.has_class("-lesson-focus"):
            self.fitting = False  # gone meanwhile (a combat over): nothing to fit
            return
        node.scroll_visible(animate=False, immediate=True)
        why = whole_on_screen(node)
        if why and not measured:
            # Measured again after one more refresh before the frame is thinned: right after a
            # notice closes, the layout is the one from under the notice (a combat panel still
            # shown), and the map came out thinned though it had room for its whole frame.
            self.table.call_after_refresh(self._fit_next, node, tried, True)
            return
        if not why or why == "not on screen" or tried >= 2:
            self.fitting = False
            return
        if tried == 0 and node.id == "combat":
            self.table.add_class("-lesson-wide")
        else:
            node.add_class("-lesson-thin")
            self._size_to_frame(node)
        self.table.call_after_refresh(self._fit_next, node, tried + 1)

    def unfit_focus(self) -> None:
        self.table.remove_class("-lesson-wide")
        for node in self.table.query(".-lesson-thin"):
            node.remove_class("-lesson-thin")
        if self._grown is not None:
            lines = getattr(self._grown, "_lines", -1)
            if lines >= 0:
                self._grown.styles.height = lines
            self._grown = None

    def _draw_public(self, view: dict[str, Any]) -> None:
        self.table.draw_public(view)
        self.public_drawn()

    def public_drawn(self) -> None:
        if self._grown is not None:
            self._size_to_frame(self._grown)  # a redrawn panel set its height to its lines

    def private_drawn(self) -> None:
        step = self.run.step
        if self.table.picker is None and step is not None and step.kind == L.READ and not (
                self.playing or self.showing_other):
            self.table.put_text("#prompt", Text("Read the step (right), then Enter.",
                                                style="bold"))

    def status_text(self, view: dict[str, Any]) -> Text:
        run = self.run
        if self.showing_other:
            other = run.other_view()
            name = other[0] if other else "?"
            return Text(f"What {name} sees, not you (Ctrl+O: back to your own view)",
                        style="bold reverse")
        text = Text(f"Lesson · {run.counter} · ")
        text.append_text(super().status_text(view))
        return text

    def choose(self) -> None:
        if self.playing is not None:
            self._play_next_beat()  # Enter: on to the next scripted move
            return
        if self.showing_other:
            self.show_lesson()
            return
        step = self.run.step
        if step is not None and step.kind == L.READ:
            if self.text_goes_on():
                self.scroll_step(1)  # read the whole step before going on
                return
            self.lesson.run = L.advance(self.run)
            self._announced = len(self.lesson.view(None)["log"]) - len(self.run.said)
            self.advance()
            return
        if self.table.picker is not None and not self.armed:
            self.say(Text("✋ " + CHOOSE_FIRST, style="bold yellow"))
            return
        super().choose()

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "flow":
            if parameters == ("other_view",):
                return self.playing is None and self.run.other_view() is not None
            return True  # step back, restart, leave, the rule ids
        table = self.table
        step = self.run.step
        if action == "choose" and (self.playing is not None or self.showing_other or (
                step is not None and step.kind == L.READ)):
            return True
        if action == "nav" and table.picker is None:
            return True
        if action == "back" and table.picker is not None and table.message:
            return True  # Esc clears the hint or reason
        if action == "choose" and table.picker is not None and not self.armed:
            return False  # Enter confirms only a choice moved to: not shown, does nothing
        if action in ("undo", "save_again"):
            return False
        reading = step is not None and step.kind == L.READ
        if (self.playing is not None or reading) and action in ui_for(
                self.run.lesson.game).acting_keys:
            return False  # a read step or the others' moves wait for Enter alone
        return None

    def key_label(self, action: str) -> str | None:
        """Enter's word when it does not choose (common/tui/keybar.py)."""
        if action != "choose":
            return None
        step = self.run.step
        if self.playing is not None:
            return "Next move"
        if self.showing_other:
            return "Back"
        if step is not None and step.kind == L.READ:
            return "Go on"
        return None

    def picker_for(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        step = self.run.step
        if step is None or step.kind == L.READ or self.playing is not None:
            return None  # a read step asks for Enter, not a move
        return super().picker_for(view, legal)

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
        more = Text(f"… {len(lines) - head - len(tail)} lines more, cut to fit (the board shows "
                    "what they did)", style="dim italic")
        return Text("\n").join([*lines[:head], more, *tail])

    def apply_and_save(self, action: Any) -> bool:
        """Out-of-turn moves (a scout) are judged by the task too; a hint is said."""
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self._hint_later = str(hint)  # said on the panel once the table is back
        return True

    def new_public_entries(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.lesson.view(None)["log"]
        if self._announced > len(log):  # a new scene: its set-up is not news
            self._announced = len(log)
        return super().new_public_entries()

    def act(self, action: Any) -> None:
        try:
            self.lesson.apply(action)
        except LessonHint as hint:
            self.say(Text("✋ " + str(hint), style="bold yellow"))
            return
        except IllegalAction as err:
            self.say(Text("✗ " + plain_reason(str(err), self.show_ids), style="bold red"))
            return
        self.table.picker = None
        self.advance()

    # ---- the lesson's own keys

    def run_key(self, name: str) -> None:
        keys: dict[str, Callable[[], None]] = {
            "lesson_back": self.lesson_back, "lesson_restart": self.lesson_restart,
            "lesson_leave": self.lesson_leave, "other_view": self.other_view,
            "rule_ids": self.rule_ids}
        keys[name]()

    def rule_ids(self) -> None:
        self.show_ids = not self.show_ids
        if self.playing is None and not self.showing_other:
            self.draw_step(note=self._message() if self.table.message else None)

    def _stop_playing(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None
        self.playing = None

    def lesson_back(self) -> None:
        self._stop_playing()
        self.lesson.run = L.back(self.run)
        self._announced = -1
        self.show_lesson()

    def lesson_restart(self) -> None:
        self._stop_playing()
        self.lesson.run = L.restart(self.run)
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
        self._draw_public(view)
        table.draw_private(view)
        table.refresh_status(view)
        table.panel.clear(Text(f"{name}'s screen, not yours (Ctrl+O: back)",
                               style="bold reverse"))
        table.query_one("#private").border_title = Text(
            f"{name}'s private panel: what {name} sees", style="bold reverse")
        out = Text(f"You are looking at the table as {name} sees it.\n", style="bold reverse")
        out.append(f"What only {name} knows is shown here, and what only you know is hidden. "
                   "Ctrl+O or Enter: back to your own view.\n\n")
        out.append(self.run.text.strip(), style="dim")
        self._put_step(out, f"{name}'s view · {self.run.counter}")


# The frame of the part a step is about is drawn around it, never over its own lines: a header
# that grows with its text may grow by the frame; a part too tall for its place keeps the frame to
# its sides; the combat may take the mats' width (``LessonFlow.fit_focus``). App-wide CSS (a
# screen's CSS is), so every rule is under the lesson's class (``-lesson-mode``).
LESSON_CSS = """
.-lesson-mode #info.-lesson-focus { max-height: 6; }
.-lesson-mode .-lesson-focus.-lesson-thin { border: none !important;
    border-left: heavy $warning !important; border-right: heavy $warning !important; }
.-lesson-mode.-lesson-wide #side { display: none; }
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
    return table


# ---- the lists


class LearnGamesScreen(Screen[None]):
    """Which game to learn."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="menu-box"):
            yield Static("Learn to play: choose a game", id="menu-title")
            yield NumberedList(*(Option(numbered(i, f"{ui.title} ({ui.players_hint()})"),
                                        id=ui.name) for i, ui in enumerate(all_uis())),
                               id="menu")
        yield Footer(classes="body", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(LessonListScreen(ui_for(str(event.option.id))))


class LessonNumbers(NumberedList):
    """The lesson list: a digit opens the lesson of that number (0: lesson 10), wherever its
    track lists it, as each row shows its lesson's own number."""

    def action_pick(self, index: int) -> None:
        for row in range(self.option_count):
            option = self.get_option_at_index(row)
            if option.id and not option.disabled and lesson_number(option.id) == index + 1:
                self.highlighted = row
                self.action_select()
                return
        self.app.bell()


def lesson_number(lesson_id: str) -> int:
    """A lesson's number, from its file name ("03_fights": 3)."""
    head = lesson_id.split("_", 1)[0]
    return int(head) if head.isdigit() else 0


class LessonListScreen(Screen[None]):
    """A game's lessons: the essentials first, in order, then those to take when their rule
    comes up (``L.read_tracks``); title, what each teaches, ✓ for those done."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, ui: GameUI) -> None:
        super().__init__()
        self.ui = ui
        self.tracks = L.read_tracks(ui.name)
        self.lessons = list(self.tracks.all)  # in the menu's order

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static(f"Learn {self.ui.title}: {len(self.lessons)} lessons", id="menu-title")
            yield LessonNumbers(id="lessons")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()  # a lesson just finished shows its ✓

    def fill(self) -> None:
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
        first = Text("Essentials: your first game, in order", style="bold reverse")
        rest = Text("When it happens: the rest, one rule at a time, when it comes up",
                    style="bold reverse")
        return [(first, essentials), (rest, later)] if later else [(first, essentials)]

    def entry(self, lesson: L.Lesson, done: bool) -> Option:
        # a lesson keeps its own number (its file's order) in either track: the steps' texts
        # send the learner to "lesson 7"
        number = sorted(x.id for x in self.lessons).index(lesson.id) + 1
        label = Text(f"{'✓' if done else ' '} {number}. {lesson.title}\n", style="bold")
        label.append(f"     {lesson.teaches}", style="dim")
        return Option(label, id=lesson.id)

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
        number = next(i for i, x in enumerate(self.lessons) if x.id == event.option.id)
        self.open(number)

    def open(self, number: int) -> None:
        lesson = self.lessons[number]
        following = self.following(number)
        table = lesson_table(L.start(lesson), following.title if following else "")
        for name, value in getattr(self.app, "table_options", {}).items():
            table.set_option(name, value)  # e.g. a test's short challenge clock
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
