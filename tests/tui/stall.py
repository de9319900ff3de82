"""A loaded machine, made on purpose: the app's loop blocked right after a curtain or a notice
mounts, and keys typed meanwhile by a person who does not wait.

On a busy machine (or a slow disk) the app may mount the next player's curtain and then not run
for a while: the keys typed meanwhile wait in its queue and are handled only after the stall.
``stalls`` makes that happen at every curtain and notice; ``Typist`` types keys from another
thread at real moments, as a terminal's driver reads them (its input thread stamps each key as
it reads it), whether or not the app's loop is running."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen

from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen

GUARDED: tuple[type[Screen[Any]], ...] = (CurtainScreen, NoticeScreen)


@contextmanager
def stalls(seconds: Callable[[Screen[Any]], float],
           first: Callable[[Screen[Any]], None] | None = None, *,
           painted: bool = False) -> Iterator[None]:
    """Each curtain and notice blocks the app's loop for ``seconds(screen)`` right after it
    mounts (before anything is painted) or, with ``painted``, right after its first paint;
    ``first(screen)`` is called just before."""
    originals = {cls: cls.__dict__.get("on_mount") for cls in GUARDED}

    def block(screen: Screen[Any]) -> None:
        if first is not None:
            first(screen)
        time.sleep(seconds(screen))  # blocking on purpose: nothing runs, keys queue up

    def stalled(self: Screen[Any]) -> None:
        for cls in type(self).__mro__:
            if cls in originals:
                original = originals[cls]
                if original is not None:
                    original(self)
                break
        if painted:
            self.call_after_refresh(block, self)
        else:
            block(self)

    for cls in GUARDED:
        cls.on_mount = stalled
    try:
        yield
    finally:
        for cls, original in originals.items():
            if original is None:
                delattr(cls, "on_mount")
            else:
                cls.on_mount = original


class Typist:
    """Types keys at real moments from a thread of its own, as a terminal's input thread does:
    each key is stamped as it is typed, then queued for the app.

    Each burst ends with a key no screen uses (``MARK``): it reaches the app's own key handler
    only once the screens have handled every key before it, so ``done`` says that the app has
    handled all that was typed."""

    MARK = "f20"

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.typed: list[float] = []  # when each key was typed
        self._threads: list[threading.Thread] = []
        self._bursts = self._handled = 0
        setattr(app, f"key_{self.MARK}", self._mark)

    def _mark(self) -> None:
        self._handled += 1

    @property
    def done(self) -> bool:
        """Whether the app has handled every key typed so far."""
        return self._handled == self._bursts

    def type(self, names: Sequence[str], gaps: Sequence[float]) -> None:
        """``names[i]`` typed ``gaps[i]`` seconds after the one before (the first: from now);
        returns at once."""
        self._bursts += 1
        names, gaps = [*names, self.MARK], [*gaps, 0.0]
        thread = threading.Thread(target=self._type, args=(names, gaps), daemon=True)
        self._threads.append(thread)
        thread.start()

    def _type(self, names: list[str], gaps: list[float]) -> None:
        driver = self.app._driver
        assert driver is not None
        for name, gap in zip(names, gaps, strict=True):
            time.sleep(gap)
            event = events.Key(name, "\r" if name == "enter" else None)
            self.typed.append(event.time)
            driver.process_message(event)  # what the driver's input thread does with a key

    def join(self) -> None:
        for thread in self._threads:
            thread.join()
