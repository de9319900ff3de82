"""The help screen: key bindings and the rules text from ``docs/`` (package ``hotseat_docs``)."""

from __future__ import annotations

import importlib
from importlib import resources
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer

from common.tui.small import TooSmall

FALLBACK = (
    "*The rules text ({name}) is not installed with this copy of hotseat.*\n\n"
    "Reinstall the package (`pip install hotseat`) or read `docs/{name}` in the repository."
)


def load_doc(name: str) -> str:
    """The markdown of ``docs/<name>``, or a clear fallback when it is missing."""
    try:
        return (resources.files("hotseat_docs") / name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError, UnicodeDecodeError):
        pass
    # ``hotseat_docs`` is a namespace package; in an editable install its path also holds the
    # installer's import hook, which ``importlib.resources`` refuses (Python 3.11): look in the
    # package's real folders directly.
    try:
        package = importlib.import_module("hotseat_docs")
        folders = [Path(p) for p in getattr(package, "__path__", []) if Path(p).is_dir()]
    except ImportError:
        folders = []
    for folder in folders:
        try:
            return (folder / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return FALLBACK.format(name=name)


class HelpScreen(Screen[None]):
    """Keys first, then the rules (and the rulings); Escape, q, F1 or ? closes it."""

    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 0 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close help"),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
    ]

    def __init__(self, keys_markdown: str, docs: tuple[str, ...]) -> None:
        super().__init__()
        self.keys_markdown = keys_markdown
        self.docs = docs

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # imported when help is first asked for

        yield TooSmall()
        with VerticalScroll(classes="body", id="help-scroll"):
            yield Markdown("\n\n---\n\n".join([self.keys_markdown,
                                                  *(load_doc(d) for d in self.docs)]))
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down()
        else:
            scroll.scroll_page_up()
