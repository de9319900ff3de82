"""A hurried key never acts on a screen it was not meant for.

At a table a player often presses Enter twice: once for their move, once more by habit. The
second press must not lift the next player's curtain (the whole table would see that player's
hand) nor close the public notice nobody has read yet. So a curtain and a notice take their key
only once they have been on screen for ``SECONDS``: long enough that a key pressed then was
pressed for them, short enough that nobody waits for it. A key refused is simply ignored; the
footer shows the key once it acts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar


class KeyGuard:
    """When a screen was drawn, and whether its key may act yet."""

    SECONDS: ClassVar[float] = 0.5  # a double press comes within about a fifth of a second
    clock: ClassVar[Callable[[], float]] = time.monotonic  # tests: a clock that moves on request

    def __init__(self) -> None:
        self._since: float | None = None  # when the screen was first drawn

    @property
    def drawn(self) -> bool:
        return self._since is not None

    def now_drawn(self) -> None:
        if self._since is None:
            self._since = KeyGuard.clock()

    def ready(self) -> bool:
        """Whether a key pressed now was meant for the screen."""
        return self._since is not None and KeyGuard.clock() - self._since >= self.SECONDS


__all__ = ["KeyGuard"]
