"""Messages posted up to the app (kept apart from the screens so the app imports them cheaply)."""

from __future__ import annotations

from textual.message import Message

from common.session import GameSession


class BackToMenu(Message):
    """Leave the game for the menu."""


class StartGame(Message):
    """Play ``session``: from the menu's forms, which know no app (the app imports them)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
