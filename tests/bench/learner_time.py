"""A learner's time through the lessons, estimated from what each lesson asks of them.

    python tests/bench/learner_time.py [orcz] [pirates]

Each lesson's time is its words read (the steps' texts with their numbers filled in, and the
other seats' move lines said) at 180 words a minute, plus 20 s a task (finding the move on the
board) and 3 s a read step (the key, the eyes back on the board), and 10 s a scene (a new board
to take in). The figures are a model, not a stopwatch: they rank the lessons and check the
issue's aim (Orcz about 30 minutes, Pirate's Cove about 45, capstones included); a timed learner
in tmux is the measurement they stand for.
"""

from __future__ import annotations

import sys

from common import lessons as L

WORDS_PER_MINUTE = 180
TASK_SECONDS, READ_SECONDS, SCENE_SECONDS = 20, 3, 10


def lesson_seconds(lesson: L.Lesson) -> tuple[float, int, int]:
    """(seconds, words, tasks) for one lesson played along its expected line."""
    run, words, tasks, seconds = L.start(lesson), 0, 0, 0.0
    while not run.finished:
        step = run.step
        assert step is not None
        words += len(run.text.split()) + sum(len(line.split()) for line in run.said)
        if step.position is not None:
            seconds += SCENE_SECONDS
        if step.kind == L.TASK:
            tasks += 1
            seconds += TASK_SECONDS
            run = L.advance(run, L.expected_action(run))
        else:
            seconds += READ_SECONDS
            run = L.advance(run)
    return seconds + 60 * words / WORDS_PER_MINUTE, words, tasks


def main(games: list[str]) -> None:
    for game in games or ["orcz", "pirates"]:
        total = 0.0
        print(f"{game}:")
        for lesson in L.read_lessons(game):
            seconds, words, tasks = lesson_seconds(lesson)
            total += seconds
            print(f"  {lesson.id:32} {words:5} words {tasks:3} tasks {seconds / 60:5.1f} min")
        print(f"  {'total':32} {total / 60:29.1f} min")


if __name__ == "__main__":
    main(sys.argv[1:])
