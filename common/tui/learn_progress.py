"""Which lessons the learner finished: a file in the data folder, keyed by game and lesson id."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.save import write_atomic
from common.session import data_dir
from common.storage import load_progress

PROGRESS_FILE = "lessons-done.json"


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
