"""The key guard's clock in tests: keys typed at a moment the test chooses."""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot

from common.tui.keyguard import KeyGuard


class Clock:
    """The guard's clock: still, until a player takes their time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def wait(self) -> None:
        self.now += KeyGuard.SECONDS


async def typed(pilot: Pilot[object], clock: Clock, *names: str) -> None:
    """Keys typed now on the test's clock, then handled."""
    for name in names:
        event = events.Key(name, "\r" if name == "enter" else None)
        event.time = clock.now
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()


__all__ = ["Clock", "typed"]
