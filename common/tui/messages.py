"""Messages posted up to the app (kept apart from the screens so the app imports them cheaply)."""

from __future__ import annotations

from textual.message import Message


class BackToMenu(Message):
    """Leave the game for the menu."""
