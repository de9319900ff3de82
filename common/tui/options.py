"""The settings an app run gives each of its tables: the command line's (``--no-tips``) and the
tests' (a short computer-player pause, a short challenge clock, quick lesson beats)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableOptions:
    """None leaves the table's own default (``common/tui/table.py``, a game's table, a lesson)."""

    bot_pause: float | None = None  # seconds a computer player's move stays on screen
    challenge_seconds: float | None = None  # Orcz: the clock of an orc challenge
    beat_seconds: float | None = None  # a lesson: each scripted move of another seat
    no_tips: bool = False  # --no-tips: no tips at the tables of this run
