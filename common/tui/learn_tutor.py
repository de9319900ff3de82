"""A tutor's keys in a lesson, as Board Game Arena and Lichess Learn have them: a hint on request
(first the idea to look at, the task's ``nudge``, or else where its move begins in the learner's
panel; then the whole move), "show me" (the task's
move played on the board for the learner to see, then put back: the step is not passed), and the
step again from its start.

"Show me" plays the move only when taking it back shows nothing the learner could not see before
choosing it: the game's own undo rule (``may_undo``: no card turned, no die rolled, no secret
revealed). Otherwise it says the move in words and leaves the board as it is. It never applies
the move to the lesson: the run is never changed by it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Protocol

from rich.text import Text
from textual.binding import Binding

from common import lessons as L
from common.entries import lines_since
from common.errors import IllegalAction
from common.i18n import _
from common.tui.choices import Chosen, Moved, Picker
from common.tui.gameui import key_of
from common.tui.learn_fit import LessonFit
from common.tui.learn_judge import LessonSession
from common.tui.learn_panel import (
    BACK_KEY,
    HINT_KEY,
    KEYS,
    KEYS_HELP,
    REPLAY_KEY,
    SHOW_KEY,
    TUTOR_KEYS,
    step_counter,
)
from common.tui.learn_steps import LessonSteps
from common.tui.numbered import number_key
from common.tui.table import TableScreen

# a picker's inputs, which its choices never change: shared by the copies tried, not copied
_INPUTS = ("view", "legal", "legal_set")


@dataclass(frozen=True)
class Shown:
    """The task's move for "show me": ``after`` is the state it makes, None when playing it
    would show what the learner cannot see yet; ``lines`` are the learner's log lines of it."""

    action: Any
    after: Any
    lines: tuple[str, ...]


def shown_move(run: L.Run) -> Shown | None:
    """The task's move and what the learner would see of it (None: the task has no move)."""
    try:
        action = L.expected_action(run)
    except IllegalAction:
        return None
    game, seat = run.game, run.lesson.seat
    after = game.apply(run.state, action)
    if not game.may_undo(run.state, action, after):
        return Shown(action, None, ())
    seen = len(game.events(run.state, seat))
    lines = lines_since(game, after, seat, seen)
    return Shown(action, after, lines)


def panel_path(picker: Picker | None, target: Any, parts: frozenset[Any] = frozenset(),
               depth: int = 8) -> list[str] | None:
    """The choices of a fresh ``picker`` that lead to ``target``, each as "key label" (the
    picker's own words); None when the panel does not lead there (a key of the table's own).
    ``parts``: the values of the target's fields (its JSON), whose choices are tried first:
    a rank's battlefield, then its cards (a search in choice order took seconds)."""
    if picker is None or depth == 0:
        return None
    route = getattr(picker, "route", None)
    if route is not None:
        steps = route(target)
        return None if steps is None else _route_words(_copy(picker), steps)
    if picker.adjustable:
        return None
    choices = list(enumerate(picker.choices()))
    choices.sort(key=lambda pair: not _among(pair[1].value, parts))
    for index, choice in choices:
        if not choice.enabled:
            continue
        trial = _copy(picker)
        result = trial.pick(index)
        word = _choice_word(picker, index, choice.label)
        if result == Chosen(target):
            return [word]
        rest = panel_path(trial, target, parts, depth - 1) if isinstance(result, Moved) else None
        if rest is not None:
            return [word, *rest]
    return None


def _among(value: Any, parts: frozenset[Any]) -> bool:
    try:
        return value in parts
    except TypeError:  # not hashable: a menu, an action
        return False


def _route_words(picker: Picker, steps: list[tuple[Any, ...]]) -> list[str]:
    """A route's steps in words: each pick by its choice, each row changed by its new value."""
    words: list[str] = []
    changed: list[int] = []
    for step in steps:
        if step[0] == "adjust":
            picker.adjust(step[1], step[2])
            changed.append(step[1])
            continue
        if changed:
            words += [picker.choices()[row].label.strip() for row in dict.fromkeys(changed)]
            changed = []
        options = picker.choices()
        if 0 <= step[1] < len(options):
            words.append(_choice_word(picker, step[1], options[step[1]].label))
        picker.pick(step[1])
    return words


def _choice_word(picker: Picker, index: int, label: str) -> str:
    label = " ".join(label.split())
    return f"{number_key(index)} {label}" if picker.numbered else label


def _copy(picker: Picker) -> Picker:
    shared = {id(v): v for k, v in vars(picker).items() if callable(v) or k in _INPUTS}
    return copy.deepcopy(picker, memo=shared)


class Tutored(Protocol):
    """What the tutor reads of its lesson's flow."""

    table: TableScreen
    showing_other: bool
    fit: LessonFit
    steps: LessonSteps

    @property
    def run(self) -> L.Run: ...

    @property
    def lesson(self) -> LessonSession: ...

    @property
    def beats_on_show(self) -> bool: ...

    def draw_public(self, view: dict[str, Any]) -> None: ...


class LessonTutor:
    """The tutor of a lesson: a hint (twice: more) and show me. ``showing_me`` while the
    task's move is on the board, to be put back."""

    def __init__(self, flow: Tutored) -> None:
        self.flow = flow
        self.showing_me = False
        self._hinted: tuple[L.Run | None, int] = (None, 0)  # the run hinted at, and how often
        self.shown_status = ""  # the status line while the move is shown

    @property
    def keys_help(self) -> str:
        """The lesson's keys, which the help screen (F1) puts before the game's."""
        return _(KEYS_HELP).format(**KEYS)

    def ready(self) -> bool:
        """Whether the hint and show me keys act: at a task, on the learner's own table."""
        step = self.flow.run.step
        return (step is not None and step.kind == L.TASK and not self.flow.beats_on_show
                and not self.flow.showing_other and not self.showing_me)

    def forget_hints(self) -> None:
        """The step begins again: the next hint is the first."""
        self._hinted = (None, 0)

    # ---- a hint on request

    def hint(self) -> None:
        if not self.ready():
            return
        run, times = self._hinted
        self._hinted = (self.flow.run, times + 1 if run is self.flow.run else 1)
        first = self._hinted[1] == 1
        nudge = self.flow.run.nudge
        if first and nudge:  # the idea before the move: the learner may find the move alone
            out = Text("💡 " + _("Hint: {words}").format(words=nudge), style="bold cyan")
            out.append(" " + _("({hint} again: the whole move; {show}: show me.)").format(**KEYS),
                       style="cyan")
            self.flow.steps.say(out)
            return
        shown = shown_move(self.flow.run)
        if shown is None:
            return
        path = self.path_to(shown.action)
        more = path is not None and len(path) > 1 and first and not nudge  # more to say
        out = Text("💡 " + _("Hint: {words}").format(
            words=self.move_words(shown.action, path, whole=not more)), style="bold cyan")
        if more:
            out.append(" " + _("({hint} again: the whole move; {show}: show me.)").format(**KEYS),
                       style="cyan")
        self.flow.steps.say(out)

    def move_words(self, action: Any, path: list[str] | None, whole: bool) -> str:
        """The task's move as the learner makes it: the panel's choices (the first, or all),
        or the table's key when the panel does not hold it; else the game's words for it."""
        if path:
            if not whole:
                return _("in your panel, begin with «{choice}».").format(choice=path[0])
            return _("the whole move, in your panel: {choices}.").format(
                choices=" → ".join(f"«{p}»" for p in path))
        key = self.table_key(action)
        if key:
            return _("this move is not in your panel: press {key}.").format(key=key)
        data = self.flow.run.game.action_to_json(action)
        move = self.flow.table.game.describe_action(data)
        return _("a move that does it: {move}.").format(move=move)

    def path_to(self, action: Any) -> list[str] | None:
        lesson = self.flow.lesson
        seat = lesson.seat
        picker = self.flow.table.game.make_picker(lesson.view(seat), lesson.legal(seat))
        data = self.flow.run.game.action_to_json(action)
        parts = frozenset(v for v in data.values() if isinstance(v, str | int))
        return panel_path(picker, action, parts)

    def table_key(self, action: Any) -> str:
        """The table's own key that makes ``action`` (Orcz's scout: "s (Scout)"), if any."""
        kind = self.flow.run.game.action_to_json(action).get("type")
        for cls in type(self.flow.table).__mro__:
            for binding in getattr(cls, "BINDINGS", ()):
                if isinstance(binding, Binding) and binding.action == kind:
                    return f"{key_of(binding.key, binding.id)} ({_(binding.description)})"
        return ""

    # ---- show me

    def show_me(self) -> None:
        if not self.ready():
            return
        shown = shown_move(self.flow.run)
        if shown is None:
            return
        words = self.move_words(shown.action, self.path_to(shown.action), whole=True)
        if shown.after is None:
            out = Text("▶ " + _("Show me: {words}").format(words=words) + "\n",
                       style="bold cyan")
            out.append(_("It is not played on the board here: it would show what you cannot see "
                         "before you choose it (a card drawn or turned, a die rolled, a secret "
                         "revealed)."), style="cyan")
            self.flow.steps.say(out)
            return
        self.showing_me = True
        self.play_shown(shown, words)

    def play_shown(self, shown: Shown, words: str) -> None:
        """The board after the task's move, as the learner would see it; Enter puts it back."""
        run, table = self.flow.run, self.flow.table
        view = run.game.view(shown.after, run.lesson.seat)
        table.picker = None
        table.message = ""
        self.flow.draw_public(view)
        table.game.draw_private(view)
        self.flow.fit.fit_focus()
        self.shown_status = _("Show me: {words}").format(
            words=" ".join(shown.lines) or _("the move is made"))
        table.refresh_status(view)
        table.panel.clear(Text(_("Show me: the task's move (Enter: put it back)"), style="bold"))
        table.refresh_keys()
        out = Text(_("Show me: the task's move, played for you to see.") + "\n",
                   style="bold reverse")
        for line in shown.lines:
            out.append("• " + line + "\n", style="bold cyan")
        out.append("\n" + words[:1].upper() + words[1:] + "\n\n")
        out.append(_("Enter or Esc: put it back, then make the move yourself (the step is not "
                     "passed until you do)."), style="bold")
        self.flow.steps.put(out, _("Show me · {step}").format(step=step_counter(run)))


__all__ = ["BACK_KEY", "HINT_KEY", "KEYS", "KEYS_HELP", "REPLAY_KEY", "SHOW_KEY", "TUTOR_KEYS",
           "LessonTutor", "Shown", "panel_path", "shown_move"]
