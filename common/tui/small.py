"""The "terminal too small" notice: below 80×24 a clear message replaces the layout.

Screens list their content with the class ``body`` and yield a ``TooSmall`` widget; the app sets
``HORIZONTAL_BREAKPOINTS``/``VERTICAL_BREAKPOINTS`` from ``size_breakpoints()`` and adds
``SIZE_CSS`` to its stylesheet, so that Textual toggles ``-narrow``/``-short`` on every screen.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from common.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24

SIZE_CSS = """
TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle;
           text-align: center; background: $error 30%; color: $text; text-style: bold; }
Screen.-narrow > TooSmall, Screen.-short > TooSmall { display: block; }
Screen.-narrow > .body, Screen.-short > .body { display: none; }
"""


def too_small(screen: Screen[Any]) -> bool:
    """Whether ``screen`` shows the too-small notice instead of its content: then no key may act
    on what is hidden."""
    return screen.has_class("-narrow") or screen.has_class("-short")


def size_breakpoints() -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Horizontal and vertical breakpoints that mark a screen too narrow or too short."""
    return [(0, "-narrow"), (MIN_WIDTH, "-wide")], [(0, "-short"), (MIN_HEIGHT, "-tall")]


class TooSmall(Static):
    """The message shown instead of a screen when the terminal is smaller than 80×24."""

    def __init__(self) -> None:
        super().__init__(
            _("The terminal is too small.\n\nhotseat needs at least {width}×{height} "
              "characters.\nPlease enlarge the window (the game is saved).").format(
                  width=MIN_WIDTH, height=MIN_HEIGHT)
        )
