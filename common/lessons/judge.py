"""A capstone's verdict (``judgement``): its goal met or not, in numbers, and the notes of
what went well and what to try, from the learner's own view and log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from common.entries import view_lines
from common.i18n import ENGLISH, _, language
from common.lessons.model import Judgement, Note
from common.lessons.paths import lookup
from common.lessons.patterns import fits, is_number
from common.lessons.runner import Run, start


def judgement(run: Run) -> Judgement | None:
    """A capstone's verdict, from the learner's own view at its start and now: the goal met
    or not, in numbers, and the notes whose events the learner's log shows since the start."""
    judge = run.lesson.judge
    if judge is None:
        return None
    players = run.lesson.players
    before, after = start(run.lesson).view(), run.view()
    moves = [(name, lookup(before, path, players), lookup(after, path, players))
             for path, name in judge.goal.items()]
    met = any(is_number(old) and is_number(new) and new > old for _, old, new in moves)
    numbers = ", ".join(f"{name} {old} → {new}" for name, old, new in moves)
    verdict = (_("Goal met: {numbers}.") if met else _("Goal not met: {numbers}.")).format(
        numbers=numbers)
    events = after["log"][len(before["log"]):]
    lines = view_lines(run.lesson.game, after, len(before["log"]))
    return Judgement(met, verdict, _said(judge.well, events, lines),
                     _said(judge.tries, events, lines)
                     or ((judge.otherwise,) if judge.otherwise else ()))


def _said(notes: Sequence[Note], events: Sequence[Mapping[str, Any]],
          lines: Sequence[str]) -> tuple[str, ...]:
    """Each note whose event happened, with the words of the first such event (``lines``: the
    events in words): in English only (a translated note says it itself)."""
    out = []
    for note in notes:
        seen = next((i for i, e in enumerate(events)
                     if e.get("kind") == note.event and fits(note.fields, e)), None)
        if seen is None:
            continue
        quoted = language() == ENGLISH and lines[seen]
        out.append(f"{note.say} (\"{lines[seen]}\")" if quoted else note.say)
    return tuple(out)
