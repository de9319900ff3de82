"""Learn to play: the lesson lists and a lesson played on the game's own table.

A lesson (``common.lessons``) runs on the real rules core; it is shown by the game's real table
on a flow of its own, ``LessonFlow`` (the table's other flow, beside pass and play:
``common.tui.flow``): ``lesson_table(run)`` gives the game's table the lesson as its session
(``LessonSession``) and that flow, whose panel beside the private panel is the step's text (in
place of the log), and which has no curtains — the learner plays one seat and sees that seat's
view only. The other seats' moves are the lesson's script; each is said in a line.

The parts, one job each: ``learn_progress`` (lessons done), ``learn_judge`` (a move judged
against the task, a capstone's verdict), ``learn_panel`` (the step panel and its words),
``learn_play`` (the flow, a director that uses the table and the session) and ``learn_flow``
(the lesson's table), the parts that flow has (``learn_fit``: the board's part fitted on
screen, ``learn_steps``: the step panel, ``learn_tutor``: hint and show me, ``learn_beats``: the
others' moves, ``learn_keys``: the lesson's keys), ``learn_screens`` (the lists) and
``learn_done`` (the end of a lesson). This module gathers what the rest of the app uses.
"""

from __future__ import annotations

from common.tui.learn_done import LIST, NEXT, LessonDone
from common.tui.learn_flow import LessonFlow, lesson_table
from common.tui.learn_judge import LessonHint, LessonSession, plain_reason
from common.tui.learn_panel import StepPanel, whole_on_screen
from common.tui.learn_progress import lessons_done, mark_done, progress_path
from common.tui.learn_screens import LearnGamesScreen, LessonListScreen

__all__ = ["LIST", "NEXT", "LearnGamesScreen", "LessonDone", "LessonFlow", "LessonHint",
           "LessonListScreen", "LessonSession", "StepPanel", "lesson_table",
           "lessons_done", "mark_done", "plain_reason", "progress_path", "whole_on_screen"]
