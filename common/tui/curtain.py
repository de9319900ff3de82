"""The pass-the-terminal curtain: a full, opaque screen shown before any private panel.

It is the one way the terminal changes hands (``common.tui.holder``): Enter makes its seat the
holder before anything private is drawn. Enter lifts it only once it has been on screen a moment
(``common.tui.keyguard``): a hurried second Enter meant for the screen before never shows the next
player's panel to the table.

It is a ``Screen``, not a ``ModalScreen``: a modal screen is translucent by default and the hand
below would show through. It holds the hand-off message and, under it, the public tip on the
table's line, if any: the curtain is where the whole table looks, so a tip about a public rule
reaches every player there, not only the one who holds the terminal next (a private tip, about a
card in a hand, is never drawn on it). Enter dismisses it with None;
``u`` (undo) and a game's out-of-turn keys (``keys``: key → what) dismiss it with that word, for
the table to act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from common.i18n import N_, _
from common.tui.holder import Holder
from common.tui.keyguard import KeyGuard
from common.tui.keymap import key
from common.tui.small import TooSmall, too_small


def handoff_message(name: str) -> str:
    return _("Pass the terminal to {name} — press Enter when only {name} can see.").format(
        name=name)


class CurtainScreen(Screen[str | None]):
    """Opaque hand-off screen; Enter dismisses it."""

    DEFAULT_CSS = """
    CurtainScreen { background: $background; }
    CurtainScreen Middle { width: 1fr; height: 1fr; }
    CurtainScreen #handoff { width: auto; max-width: 70; padding: 1 3; text-style: bold;
                             border: heavy $accent; text-align: center; }
    CurtainScreen #curtain-tip { width: auto; max-width: 78; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", N_("Continue"), show=False)
    ]

    def __init__(self, name: str, *, holder: Holder, seat: int,
                 keys: Mapping[str, str] | None = None, tip: Text | None = None) -> None:
        super().__init__()
        self.tip = tip
        self.player = name
        self.holder = holder
        self.seat = seat
        holder.release()  # the terminal is on its way: nobody's until Enter
        self.message = handoff_message(name)
        self.keys = {key("app.undo", "u"): "undo", **(keys or {})}
        self.guard = KeyGuard()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Middle(classes="body"):
            with Center():
                yield Static(Text(self.message), id="handoff")
            if self.tip is not None:
                with Center():
                    yield Static(self.tip, id="curtain-tip")

    @property
    def drawn(self) -> bool:
        """On the terminal: Enter may lift it (``tests/tui/driver.py`` waits for this)."""
        return self.guard.drawn

    def on_mount(self) -> None:
        self.guard.now_mounted()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue" and not self.guard.ready():
            return False
        return not too_small(self)

    def action_continue(self) -> None:
        self.holder.lift(self.seat)
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        word = self.keys.get(event.key)
        if word is not None and not too_small(self):
            event.stop()
            self.dismiss(word)
