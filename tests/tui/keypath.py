"""Find the keys that make a picker produce a given action, by searching the picker itself (a
plain object): the way a player would reach any legal action, for every game's pickers."""

from __future__ import annotations

import copy
from collections import deque
from typing import Any

from common.tui.choices import Chosen, Moved, Picker
from common.tui.numbered import number_keys


def key_path(picker: Picker, target: Any, depth: int = 8) -> list[str] | None:
    """Keys (from the picker's first step) that end in ``target``; None if none is found."""
    if picker.adjustable:
        return _split_path(picker, target)
    return _choice_path(picker, target, depth, 0)


def _choice_path(picker: Picker, target: Any, depth: int, grid_index: int) -> list[str] | None:
    if depth == 0:
        return None
    for index, choice in enumerate(picker.choices()):
        if not choice.enabled:
            continue
        trial = _clone(picker)
        outcome = trial.pick(index)
        keys = _choose_keys(picker, index, grid_index)
        if outcome == Chosen(target):
            return keys
        if isinstance(outcome, Moved):
            rest = (_split_path(trial, target) if trial.adjustable else
                    _choice_path(trial, target, depth - 1, _first_enabled(trial)))
            if rest is not None:
                return keys + rest
    return None


# A picker's inputs, which its keys never change: shared by its copies, not copied (a view and
# its legal actions hold most of a game, and copying them made up most of a lesson test's time).
INPUTS = ("view", "legal", "legal_set")


def _clone(picker: Picker) -> Picker:
    """A copy to try a key on; callbacks (the rules' reasons) and inputs are shared, not copied."""
    shared = {id(v): v for k, v in vars(picker).items() if callable(v) or k in INPUTS}
    return copy.deepcopy(picker, memo=shared)


def _first_enabled(picker: Picker) -> int:
    return next((i for i, c in enumerate(picker.choices()) if c.enabled), 0)


def _choose_keys(picker: Picker, index: int, grid_index: int) -> list[str]:
    if picker.numbered:
        return number_keys(index, len(picker.choices()))
    step = index - grid_index
    return (["right"] * step if step > 0 else ["left"] * -step) + ["enter"]


def _split_path(picker: Picker, target: Any) -> list[str] | None:
    """Rows are chosen with ↑↓ and changed with +/-; Enter confirms. Breadth first over the
    picker's own states, keyed by what it shows."""
    rows = len(picker.choices())
    seen = {(_shown(picker), 0)}
    queue: deque[tuple[Picker, int, list[str]]] = deque([(_clone(picker), 0, [])])
    while queue:
        state, row, keys = queue.popleft()
        trial = _clone(state)
        outcome = trial.pick(row)
        if outcome == Chosen(target):
            return [*keys, "enter"]
        # a further step: a summary to confirm
        if isinstance(outcome, Moved) and not trial.adjustable:
            rest = _choice_path(trial, target, 2, _first_enabled(trial))
            if rest is not None:
                return [*keys, "enter", *rest]
        if len(keys) > 40:
            continue
        for delta, key in ((1, "plus"), (-1, "minus")):
            nxt = _clone(state)
            nxt.adjust(row, delta)
            mark = (_shown(nxt), row)
            if mark not in seen:
                seen.add(mark)
                queue.append((nxt, row, [*keys, key]))
        for move, key in ((1, "down"), (-1, "up")):
            mark = (_shown(state), row + move)
            if 0 <= row + move < rows and mark not in seen:
                seen.add(mark)
                queue.append((state, row + move, [*keys, key]))
    return None


def _shown(picker: Picker) -> str:
    return "|".join(c.label for c in picker.choices()) + (picker.prompt() or "")
