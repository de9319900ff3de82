"""Pickers built of menus, for any game's private panel (plain logic, no widgets).

A ``TreePicker`` shows menus in steps: a choice leads to an action, to a further menu or to an
``Adjustable`` sub-picker (rows of numbers changed with +/-). A choice that is not legal now keeps
its place as ``Unavailable``, with the rules' reason. ``pick`` answers typed, as every picker
does (``common.tui.choices.PickResult``). ``route`` finds the steps that lead a fresh
picker to an action (tests and the key driver), ``follow`` plays them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from common.i18n import _
from common.tui.choices import Choice, Chosen, Moved, Nothing, Picker, PickResult, Refused

Why = Callable[[Any], str]
Step = tuple[Any, ...]  # ("pick", index) or ("adjust", index, delta)


@dataclass
class Menu:
    """One step of a tree picker: a prompt and its choices (actions, menus or a sub-picker)."""

    prompt: str
    choices: list[Choice]
    note: Text | None = None
    columns: int = 4


@dataclass
class Unavailable:
    """The value of a choice that is not legal now, with the rules' reason (from the view)."""

    reason: str = ""


class Adjustable(Picker):
    """Rows of numbers changed with +/- (or ← →); Enter takes the whole when it is legal.

    A subclass that sets ``summed`` sums the whole up first: Enter on the rows shows it on one
    line (``summary_prompt`` and ``summary_label``), and only Enter there takes it; Esc goes
    back to the rows. So no habitual Enter sends what was not looked at."""

    numbered = False
    adjustable = True
    max_columns = 1
    summed = False

    def __init__(self, rows: Sequence[str], start: Sequence[int], low: Sequence[int],
                 high: Sequence[int], legal: Mapping[Any, Any], why: Why) -> None:
        self.rows = list(rows)
        self.start = tuple(start)
        self.values = list(start)
        self.low, self.high = list(low), list(high)
        self.legal = legal
        self.why = why
        self.summary = False

    @property
    def step(self) -> str:
        """The footer's keys differ between the rows and the summary."""
        return "summary" if self.summary else "rows"

    def adjust(self, index: int, delta: int) -> None:
        if 0 <= index < len(self.values) and not self.summary:
            self.values[index] = max(self.low[index],
                                     min(self.high[index], self.values[index] + delta))

    def pick(self, index: int) -> PickResult:
        action = self.legal.get(tuple(self.values))
        if action is None:
            return Refused(self.refusal())
        if self.summary or not self.summed:
            return Chosen(action)
        self._show_summary(True)
        return Moved()

    def _show_summary(self, on: bool) -> None:
        self.summary = on
        self.adjustable = not on
        self.numbered = on

    def prompt(self) -> str:
        return self.summary_prompt() if self.summary else self.rows_prompt()

    def choices(self) -> list[Choice]:
        if self.summary:
            return [Choice(self.summary_label(), self.legal.get(tuple(self.values)))]
        return self.row_choices()

    def rows_prompt(self) -> str:
        return ""

    def row_choices(self) -> list[Choice]:
        """One choice per row, its number in words."""
        return [Choice(f"{row}  {value}", row) for row, value in zip(self.rows, self.values,
                                                                      strict=True)]

    def summary_prompt(self) -> str:
        """The whole, on one line, at the summary."""
        return ""

    def summary_label(self) -> str:
        """The summary's one choice: what Enter there does (``Enter buries …``)."""
        return _("Enter confirms")

    def back(self) -> bool:
        if not self.summary:
            return False
        self._show_summary(False)
        return True

    def can_go_back(self) -> bool:
        return self.summary

    def confirming(self) -> bool:
        return self.summary  # the whole, looked at: Enter takes it

    def prefilled(self) -> bool:
        return not self.summary  # the rows open filled in: Enter takes them as shown

    def refusal(self) -> str:
        return _("that is not possible")

    def route(self, action: Any) -> list[Step] | None:
        target = next((k for k, a in self.legal.items() if a == action), None)
        if target is None:
            return None
        steps: list[Step] = [("adjust", i, t - s)
                             for i, (t, s) in enumerate(zip(target, self.start, strict=True))
                             if t != s]
        return [*steps, ("pick", 0), *([("pick", 0)] if self.summed else [])]


class TreePicker(Picker):
    """Menus in steps: a choice leads to an action, to a further menu or to a sub-picker."""

    def __init__(self, menu: Menu, why: Why) -> None:
        self.stack: list[Menu] = [menu]
        self.sub: Picker | None = None
        self.why = why
        self._sync()

    @property
    def step(self) -> str:
        """Which step is shown (the footer's keys depend on it), the sub-picker's included."""
        sub = self.sub
        return f"{len(self.stack)}" + (f"+{getattr(sub, 'step', '')}" if sub else "")

    def _sync(self) -> None:
        sub = self.sub
        self.adjustable = bool(sub and sub.adjustable)
        self.numbered = not self.adjustable
        self.max_columns = sub.max_columns if sub else self.stack[-1].columns

    def prompt(self) -> str:
        return self.sub.prompt() if self.sub else self.stack[-1].prompt

    def choices(self) -> list[Choice]:
        return self.sub.choices() if self.sub else self.stack[-1].choices

    def preview(self) -> Text | None:
        return self.sub.preview() if self.sub else self.stack[-1].note

    def adjust(self, index: int, delta: int) -> None:
        if self.sub is not None:
            self.sub.adjust(index, delta)

    def confirming(self) -> bool:
        return self.sub is not None and self.sub.confirming()

    def prefilled(self) -> bool:
        return self.sub is not None and self.sub.prefilled()

    def back_word(self) -> str | None:
        return self.sub.back_word() if self.sub is not None else None

    def pick(self, index: int) -> PickResult:
        if self.sub is not None:
            outcome = self.sub.pick(index)
            self._sync()  # the sub-picker may have moved to its summary
            return outcome
        options = self.choices()
        if not 0 <= index < len(options):
            return Nothing()
        value = options[index].value
        if isinstance(value, Unavailable) or not options[index].enabled:
            return Refused(_reason(value, self.why))
        if isinstance(value, Menu):
            self.stack.append(value)
        elif isinstance(value, Picker):
            self.sub = value
        else:
            return Chosen(value)
        self._sync()
        return Moved()

    def back(self) -> bool:
        if self.sub is not None:
            if not self.sub.back():
                self.sub = None
        elif len(self.stack) > 1:
            self.stack.pop()
        else:
            return False
        self._sync()
        return True

    def can_go_back(self) -> bool:
        return self.sub is not None or len(self.stack) > 1

    def route(self, action: Any) -> list[Step] | None:
        return _route(self.stack[0], action)


def _reason(value: Any, why: Why) -> str:
    if isinstance(value, Unavailable) and value.reason:
        return value.reason
    return _("that is not possible now")


def _route(menu: Menu, action: Any) -> list[Step] | None:
    for i, choice in enumerate(menu.choices):
        value = choice.value
        if not choice.enabled or isinstance(value, Unavailable):
            continue
        if isinstance(value, Menu):
            rest = _route(value, action)
        elif isinstance(value, Adjustable):
            rest = value.route(action)
        else:
            rest = [] if value == action else None
        if rest is not None:
            return [("pick", i), *rest]
    return None


def follow(picker: Picker, steps: list[Step],
           index_of: Callable[[], int] | None = None) -> PickResult:
    """Play ``steps`` on ``picker``; the outcome of the last pick."""
    outcome: PickResult = Nothing()
    for step in steps:
        if step[0] == "adjust":
            picker.adjust(step[1], step[2])
        else:
            outcome = picker.pick(step[1])
    return outcome
