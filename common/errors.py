"""The typed errors of the engine contract."""


class IllegalAction(ValueError):
    """An action that is not legal now, or is malformed; the message is for a player to read.

    Raising it never changes the state the action was applied to: states are immutable.
    """


class SaveError(ValueError):
    """A save file that cannot be loaded: unreadable, of another format, or tampered with."""


class GameLocked(SaveError):
    """The game is open in another hotseat: this one may neither open nor save it."""


class WriteFailed(SaveError):
    """The save file could not be written; the moves since the last write exist only in memory."""
