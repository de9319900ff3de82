"""Keys pressed as a person presses them, the key guard on as shipped (``common.tui.keyguard``).

A curtain or a notice takes its key only once it has been on screen ``KeyGuard.SECONDS``: a key
sent sooner is ignored, as a hurried second Enter must be. The test suite turns the guard off
(``tests/conftest.py``); the benchmarks run as shipped, so the interface driver they share
(``tests/tui/driver.py``) is made to wait, before a key for such a screen, until the screen has
been seen drawn for ``KeyGuard.SECONDS`` (and a little more). That wait is a player's, not the
app's: it is in no figure (the hand-off bench counts screens, the key bench times keys sent to
a table, from the key to the end of the next refresh).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.keyguard import KeyGuard
from tests.tui import driver

MARGIN = 0.05  # seconds past the guard: a timer's jitter never makes the key too early
GUARDED = (CurtainScreen, NoticeScreen)
_seen: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()
waited = [0.0]  # seconds spent waiting for the guard, for the record


async def wait_for_guard(app: Any) -> None:
    """Wait until a key for the top screen will be taken, if it has a guard."""
    screen = app.screen
    if not isinstance(screen, GUARDED):
        return
    loop = asyncio.get_running_loop()
    while not screen.drawn:
        await asyncio.sleep(0.01)
    first = _seen.setdefault(screen, loop.time())
    remaining = first + KeyGuard.SECONDS + MARGIN - loop.time()
    if remaining > 0:
        waited[0] += remaining
        await asyncio.sleep(remaining)


def install() -> None:
    """Make the driver's keys wait for the guard (once; a no-op with the guard off)."""
    if getattr(driver.keys, "patient", False):
        return
    hurried: Callable[..., Awaitable[None]] = driver.keys

    async def keys(pilot: Pilot[Any], *names: str) -> None:
        await wait_for_guard(pilot.app)
        await hurried(pilot, *names)

    keys.patient = True  # type: ignore[attr-defined]
    driver.keys = keys
