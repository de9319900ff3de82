"""Issue 18: a learner gets through Orcz in about 30 minutes, the capstone included, by the
learner-time model of tests/bench/learner_time.py (words read, tasks, read steps, scenes)."""

from __future__ import annotations

from common import lessons as L
from tests.bench.learner_time import lesson_seconds

ORCZ_AIM_MINUTES = 30.0


def test_orcz_lessons_take_a_learner_at_most_30_minutes() -> None:
    minutes = {lesson.id: lesson_seconds(lesson)[0] / 60 for lesson in L.read_lessons("orcz")}
    assert len(minutes) >= 10  # every lesson counted, the capstone among them
    total = sum(minutes.values())
    assert total <= ORCZ_AIM_MINUTES, {k: round(v, 1) for k, v in minutes.items()}
