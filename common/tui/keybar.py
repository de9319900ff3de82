"""A one-line bar of the keys that do something now.

Textual's ``Footer`` rebuilds its widgets whenever the keys change, which on the table (keys
change with every step of a picker) costs a new layout per key press. ``KeyBar`` draws the same
thing as one line of text, redrawn in place."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class KeyBar(Static):
    """The screen's shown, enabled bindings as ``key description`` pairs. A screen may word a
    key for the moment with ``key_label(action) -> str | None`` (None: the binding's own)."""

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground;
             text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, classes: str | None = None) -> None:
        super().__init__("", classes=classes)
        self._shown = ""

    def redraw(self) -> None:
        """Draw the keys as they are now (cheap: no new layout)."""
        app = self.app
        seen: set[str] = set()
        out = Text(" ")
        shown = [a for a in self.screen.active_bindings.values()
                 if a.binding.show and a.enabled]
        shown.sort(key=lambda a: a.node is app)  # the game's keys first, quit and help last
        label = getattr(self.screen, "key_label", None)
        for active in shown:
            binding = active.binding
            if binding.action in seen:
                continue
            seen.add(binding.action)
            words = label(binding.action) if label is not None else None
            out.append(app.get_key_display(binding), style="bold reverse")
            out.append(f" {words or binding.description}  ")
        if out.plain != self._shown:
            self._shown = out.plain
            self.update(out, layout=False)
