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
  handling it. Timed when handled, keys queued behind a stall would pass as read. The app runs
  a key's bindings inside ``key_pressed`` (``HotseatApp.on_event``), and a guard asked then
  answers for that key: a key can reach its bindings through another screen than the guarded
  one (typed at the table, it bubbles up to the app once the curtain is on top).
- the screen counts from when its first frame was **handed to the terminal**
  (``HotseatApp._display`` calls ``now_drawn``): a stalled app may have mounted a screen it has
  not painted yet, and nobody reads a screen that is not there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ClassVar

from textual import _time

# The key whose bindings run now, and the task running them: a task started meanwhile (a
# screen pushed by the key) inherits the variable but is not that task, so it never takes the
# old key's time for its own.
_KEY: ContextVar[tuple[asyncio.Task[object] | None, float] | None] = ContextVar(
    "hotseat_key", default=None)


def _task() -> asyncio.Task[object] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no event loop: no key either
        return None


@contextmanager
def key_pressed(at: float) -> Iterator[None]:
    """While the app runs the bindings of a key typed at ``at`` (the driver's stamp)."""
    token = _KEY.set((_task(), at))
    try:
        yield
    finally:
        _KEY.reset(token)


def _key_time() -> float | None:
    key = _KEY.get()
    return key[1] if key is not None and key[0] is _task() else None


def key_time() -> float | None:
    """When the key whose bindings run now was pressed (the driver's stamp), if one is."""
    return _key_time()


class KeyGuard:
    """When a screen was mounted and first on the terminal, and whether a key may act on it.

    ``on_drawn``: called once, when the screen is first on the terminal."""

    # A double press comes within about a fifth of a second. 0: off (tests that type faster
    # than a person): a key acts if typed once the screen was mounted, painted or not.
    SECONDS: ClassVar[float] = 0.5
    # The clock Textual stamps its events with (``Message.time``): the key's time and the
    # screen's must be read on the same one. Tests: a clock that moves on request.
    clock: ClassVar[Callable[[], float]] = _time.get_time

    def __init__(self, *, on_drawn: Callable[[], None] | None = None) -> None:
        self._on_drawn = on_drawn
        self._mounted: float | None = None  # when the screen was mounted
        self._since: float | None = None  # when the screen was first on the terminal

    @property
    def drawn(self) -> bool:
        return self._since is not None

    def now_mounted(self) -> None:
        if self._mounted is None:
            self._mounted = KeyGuard.clock()

    def now_drawn(self) -> None:
        """The screen's first frame went to the terminal now (later frames change nothing)."""
        if self._since is None:
            self._since = KeyGuard.clock()
            if self._on_drawn is not None:
                self._on_drawn()

    def ready(self) -> bool:
        """Whether the key whose bindings run now (else a key pressed now) was meant for the
        screen."""
        pressed = _key_time()
        when = KeyGuard.clock() if pressed is None else pressed
        if self.SECONDS <= 0:
            return self._mounted is not None and when >= self._mounted
        return self._since is not None and when - self._since >= self.SECONDS


__all__ = ["KeyGuard", "key_pressed", "key_time"]
