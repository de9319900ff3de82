"""Messages posted up to the app (kept apart from the screens so the app imports them cheaply)."""

from __future__ import annotations

from textual.message import Message

from common.lessons import Lesson
from common.session import GameSession


class BackToMenu(Message):
    """Leave the game for the menu."""


class OpenLesson(Message):
    """Play ``lesson`` over the table (a tip's key): leaving it comes back to the game."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson


class StartGame(Message):
    """Play ``session``: from the menu's forms, which know no app (the app imports them)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
