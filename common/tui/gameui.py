"""What a game's interface registers with the shell (no Textual import: the menu and the command
line read it before any screen is built).

Each game package has a ``ui`` sub-package whose ``__init__`` defines ``UI = GameUI(...)``. The
shell finds it by the game's name (``ui_for("pirates")`` imports ``pirates.ui``), so a third game
needs only its rules package and its ``ui/``: the menu, ``hotseat GAME --players …``, resume,
review, the end screen, undo, autosave and the log panel are the shell's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.engine import GAMES, GameModule, get_game


@dataclass(frozen=True)
class OptionSpec:
    """One option of ``new_game``: a checkbox on the new-game form, a ``--flag`` on the command
    line. Only on/off options exist so far."""

    name: str  # the keyword of new_game
    flag: str  # the command-line flag, e.g. "--challenge"
    label: str  # the form's and the help's words


@dataclass(frozen=True)
class GameUI:
    """A game's interface, as the shell sees it.

    ``table`` is ``"module:Class"``, imported only when a game is shown: a subclass of
    ``common.tui.table.TableScreen``. ``css`` is the game's stylesheet (a ``.tcss`` path), loaded
    with the app. ``bindings`` are the game's own keys on its table (a list of Textual bindings,
    built lazily by ``bindings_factory`` so this module stays free of Textual).
    """

    name: str
    css: Path
    keys_markdown: str
    rules_doc: str
    table: str
    options: tuple[OptionSpec, ...] = ()
    bindings_factory: Callable[[], list[Any]] | None = field(default=None, compare=False)

    @property
    def core(self) -> GameModule:
        return get_game(self.name)

    @property
    def title(self) -> str:
        return self.core.TITLE

    def players_hint(self) -> str:
        core = self.core
        return f"{core.MIN_PLAYERS} to {core.MAX_PLAYERS} players"

    def table_class(self) -> type[Any]:
        module, _, name = self.table.partition(":")
        cls: type[Any] = getattr(importlib.import_module(module), name)
        return cls


def ui_for(name: str) -> GameUI:
    """The interface registered for the game ``name``; ``KeyError`` for an unknown game."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}")
    ui: GameUI = importlib.import_module(f"{GAMES[name]}.ui").UI
    return ui


def all_uis() -> list[GameUI]:
    """Every game with an interface, in the order of ``common.engine.GAMES``."""
    out = []
    for name in GAMES:
        try:
            out.append(ui_for(name))
        except (ImportError, AttributeError):
            continue  # a rules core without an interface yet
    return out
