"""The typed errors of the engine contract."""

from __future__ import annotations

from collections.abc import Mapping


class IllegalAction(ValueError):
    """An action that is not legal now, or is malformed; the message is for a player to read.

    ``code`` names the rule that refused it (``"malformed"`` when no rule did), so that an
    interface or a lesson can tell refusals apart without matching their English words.
    Raising it never changes the state the action was applied to: states are immutable.
    """

    def __init__(self, reason: str, code: str = "malformed",
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(reason)
        self.code = code
        # The values the reason names (seats, amounts, card and island ids), so that an
        # interface can word it in its own language from ``code`` and these, never from ``reason``.
        self.params: dict[str, object] = dict(params or {})

    def __reduce__(self) -> tuple[type, tuple[str, str, dict[str, object]]]:
        return (type(self), (str(self), self.code, self.params))  # code and params cross processes


class SaveError(ValueError):
    """A save file that cannot be loaded: unreadable, of another format, or tampered with."""


class GameLocked(SaveError):
    """The game is open in another hotseat: this one may neither open nor save it."""


class CannotLock(SaveError):
    """The saves folder cannot hold a lock file (read-only, or full): the game can be opened to
    be played on or reviewed, but not saved there."""


class WriteFailed(SaveError):
    """The save file could not be written; the moves since the last write exist only in memory."""
