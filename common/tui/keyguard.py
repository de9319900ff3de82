"""A hurried key never acts on a screen it was not meant for.

At a table a player often presses Enter twice: once for their move, once more by habit. The
second press must not lift the next player's curtain (the whole table would see that player's
hand) nor close the public notice nobody has read yet. So a curtain and a notice take their key
only once they have been on screen for ``SECONDS``: long enough that a key pressed then was
pressed for them, short enough that nobody waits for it. A key refused is simply ignored; the
footer shows the key once it acts.

Both ends of that wait are real moments, not the moments the app got round to them:

- the key counts from when it was **pressed**: the driver's input thread stamps every key event
  as it reads it from the terminal (``Message.time``), however long the app then stalls before
  handling it. Timed when handled, keys queued behind a stall would pass as read.
- the screen counts from when its first frame was **handed to the terminal**
  (``HotseatApp._display`` calls ``now_drawn``): a stalled app may have mounted a screen it has
  not painted yet, and nobody reads a screen that is not there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import _time, events


class KeyGuard:
    """When a screen was first on the terminal, and whether a key may act on it yet.

    ``keys``: the keys it holds back (the screen's way on); ``on_drawn``: called once, when the
    screen is first on the terminal."""

    SECONDS: ClassVar[float] = 0.5  # a double press comes within about a fifth of a second; 0: off
    # The clock Textual stamps its events with (``Message.time``): the key's time and the
    # screen's must be read on the same one. Tests: a clock that moves on request.
    clock: ClassVar[Callable[[], float]] = _time.get_time

    def __init__(self, *keys: str, on_drawn: Callable[[], None] | None = None) -> None:
        self.keys = frozenset(keys)
        self._on_drawn = on_drawn
        self._since: float | None = None  # when the screen was first on the terminal

    @property
    def drawn(self) -> bool:
        return self._since is not None

    def now_drawn(self) -> None:
        """The screen's first frame went to the terminal now (later frames change nothing)."""
        if self._since is None:
            self._since = KeyGuard.clock()
            if self._on_drawn is not None:
                self._on_drawn()

    def ready(self, pressed: float | None = None) -> bool:
        """Whether a key pressed at ``pressed`` (by default: now) was meant for the screen."""
        if self._since is None:
            return False
        if self.SECONDS <= 0:  # off (the tests that type faster than a person)
            return True
        when = KeyGuard.clock() if pressed is None else pressed
        return when - self._since >= self.SECONDS

    def hold_back(self, event: events.Key) -> bool:
        """Stop ``event`` before any binding sees it if it is one of the guarded keys pressed
        too early for the screen (the screen's ``on_key`` asks); whether it was stopped."""
        if event.key not in self.keys or self.ready(event.time):
            return False
        event.prevent_default()
        event.stop()  # a key stopped here never reaches the app, which runs the bindings
        return True


__all__ = ["KeyGuard"]
