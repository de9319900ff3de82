"""The pass-the-terminal curtain: a full, opaque screen shown before any private panel.

It is a ``Screen``, not a ``ModalScreen``: a modal screen is translucent by default and the hand
below would show through. It holds nothing but the hand-off message.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from common.tui.small import TooSmall


def handoff_message(name: str) -> str:
    return f"Pass the terminal to {name} — press Enter when only {name} can see."


class CurtainScreen(Screen[None]):
    """Opaque hand-off screen; Enter dismisses it."""

    DEFAULT_CSS = """
    CurtainScreen { background: $background; }
    CurtainScreen Middle { width: 1fr; height: 1fr; }
    CurtainScreen #handoff { width: auto; max-width: 70; padding: 1 3; text-style: bold;
                             border: heavy $accent; text-align: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "continue", "Continue", show=False)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name
        self.message = handoff_message(name)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Middle(classes="body"), Center():
            yield Static(self.message, id="handoff")

    def action_continue(self) -> None:
        self.dismiss(None)
