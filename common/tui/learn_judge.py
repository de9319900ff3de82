"""A lesson judged as the table's session: the learner's move is checked against the task before
the rules apply it (``LessonSession``), the rules' reasons without their ids, and a capstone's
verdict in words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text

from common import lessons as L
from common.engine import GameModule
from common.entries import view_lines
from common.errors import IllegalAction
from common.i18n import _

_RULE_ID = re.compile(r"\s*\((?:[OP]-R\d+(?:,\s*)?)+\)")


def plain_reason(reason: str, show_ids: bool = False) -> str:
    """A reason without the rulings' ids ("(P-R11)"), which are for developers."""
    return reason if show_ids else _RULE_ID.sub("", reason)




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
        return self.run.lesson.names

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
        refusal = self.refusal(action)
        return "" if refusal is None else str(refusal)

    def refusal(self, action: Any) -> IllegalAction | None:
        """As ``GameSession.refusal``: the rules' refusal, with its code and params for the
        table to word in the language in use; None when the rules allow ``action``."""
        try:
            self.game.apply(self.run.state, action)
        except IllegalAction as err:
            return err
        return None

    def apply(self, action: Any) -> None:
        verdict = L.check(self.run, action)
        if verdict.kind == L.ILLEGAL:
            raise verdict.error or IllegalAction(verdict.message)  # its code words it
        if verdict.kind == L.HINT:
            raise LessonHint(verdict.message or _("That is legal, but not what this step asks."))
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

    @property
    def only_person(self) -> int:
        return self.seat  # the learner, alone at the terminal

    def save(self) -> None:
        """Lessons are not saved: the same lesson played twice is the same."""

    def release(self) -> None:
        """Nothing is locked."""

    def log_lines(self) -> list[str]:
        return view_lines(self.game.NAME, self.view(None))



def judged_blocks(judgement: L.Judgement | None) -> list[tuple[str, Text]]:
    """A capstone's verdict as the pieces a page never cuts, each with the heading of its list
    ("" for the goal's line): the goal, then each note of what went well and what to try."""
    if judgement is None:
        return []
    blocks = [("", Text(("✓ " if judgement.met else "✗ ") + judgement.verdict,
                        style="bold green" if judgement.met else "bold yellow"))]
    for title, lines in ((_("What went well:"), judgement.well),
                         (_("What to try:"), judgement.tries)):
        blocks.extend((title, Text("• " + line)) for line in lines)
    return blocks


def judged_page(blocks: list[tuple[str, Text]]) -> Text:
    """Some of a verdict's pieces, one after the other: each list's heading before the first
    of its notes on the page."""
    out = Text()
    heading = ""
    for title, block in blocks:
        if title and title != heading:
            out.append(title + "\n", style="bold")
        heading = title
        out.append_text(block)
        out.append("\n")
    return out


def paged(blocks: int, fits: Callable[[int, list[int]], bool]) -> list[list[int]]:
    """``blocks`` pieces, in order, on pages: a page takes the next piece while ``fits(page,
    pieces)`` says the page with it still fits (a page always takes one: a piece too tall
    alone is a page of its own)."""
    pages: list[list[int]] = [[]]
    for i in range(blocks):
        if pages[-1] and not fits(len(pages) - 1, [*pages[-1], i]):
            pages.append([])
        pages[-1].append(i)
    return pages
