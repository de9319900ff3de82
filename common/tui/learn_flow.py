"""``lesson_table``: the game's own table playing a lesson, on a lesson's flow (``LessonFlow``,
``common.tui.learn_play``: the table's other flow beside pass and play, ``common.tui.flow``)."""

from __future__ import annotations

from common import lessons as L
from common.tui.gameui import ui_for
from common.tui.learn_judge import LessonSession
from common.tui.learn_panel import LESSON_CSS
from common.tui.learn_play import LessonFlow
from common.tui.table import TableScreen


def lesson_table(run: L.Run, next_title: str = "") -> TableScreen:
    """The game's own table playing ``run`` on a lesson's flow; ``next_title``: the lesson
    offered after it ("": the last)."""
    base: type[TableScreen] = ui_for(run.lesson.game).table_class()
    # Textual gathers BINDINGS and CSS from the screen's classes: the flow's go in a class of
    # their own (its CSS is app-wide, every rule under the lesson's class)
    cls = type(f"Lesson{base.__name__}", (base,),
               {"BINDINGS": LessonFlow.BINDINGS, "CSS": LESSON_CSS, "SCOPED_CSS": False})
    def flow(table: TableScreen) -> LessonFlow:
        return LessonFlow(table, next_title)

    table: TableScreen = cls(LessonSession(run), flow=flow)
    table.no_tips = True  # a lesson teaches on its own; tips are for real games
    return table


__all__ = ["LessonFlow", "lesson_table"]
