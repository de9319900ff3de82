"""A terminal that may hang up under a running app (the host's own, a seat's pseudo-terminal).

Textual draws through a writer thread that ends at the first failed write, and its queue is
then never read again: once thirty frames wait in it, the app's loop blocks on the next one
for ever — the host's, which serves every seat. A terminal that hung up (its window closed,
its SSH session gone) fails every write; here such writes go nowhere instead, so that the app
can end as on its Quit key, its game saved and its seats told.
"""

from __future__ import annotations

import contextlib
from typing import IO, Any

from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver


class Forgiving:
    """A terminal's file whose writes and flushes never fail: a terminal gone takes nothing."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file

    def write(self, text: str) -> int:
        with contextlib.suppress(OSError, ValueError):  # ValueError: the file was closed
            return self.file.write(text)
        return len(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.file.flush()

    def fileno(self) -> int:
        return self.file.fileno()


class HangUpDriver(LinuxDriver):
    """Textual's Linux driver, drawing to a ``Forgiving`` terminal."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        if self._file is not None:
            self._file = Forgiving(self._file)  # type: ignore[assignment]


def hang_up_safe(found: type[Driver]) -> type[Driver]:
    """The driver an app of the host's draws with: Textual's own, forgiving on Linux."""
    return HangUpDriver if found is LinuxDriver else found


__all__ = ["Forgiving", "HangUpDriver", "hang_up_safe"]
