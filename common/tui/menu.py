"""The menu, the new-game form, the list of saves and the error screen (imported lazily)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from common.errors import SaveError
from common.tui import __version__
from common.tui.help import HelpScreen
from common.tui.session import GameSession, list_saves
from common.tui.small import TooSmall

if TYPE_CHECKING:
    from common.tui.app import HotseatApp
from orcz.ui.bindings import KEYS_MARKDOWN


class MenuScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit_saved", "Quit")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="menu-box"):
            yield Static(f"hotseat {__version__} — board games passed around one terminal",
                         id="menu-title")
            yield OptionList(
                Option("New Orcz game", id="new"),
                Option("Resume a saved game", id="resume"),
                Option("Pirate's Cove — coming soon", id="pirates", disabled=True),
                Option("Rules and help", id="help"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield Footer(classes="body", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.app.push_screen(NewGameScreen())
        elif choice == "resume":
            self.app.push_screen(ResumeScreen())
        elif choice == "help":
            self.app.push_screen(HelpScreen(KEYS_MARKDOWN, "orcz-rules.md"))
        elif choice == "quit":
            self.app.exit(0)


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static("New game of Orcz — 2 to 4 players", id="menu-title")
            yield Input(placeholder="Player names, comma-separated (e.g. Ann, Bob, Cid)",
                        id="players")
            yield Input(placeholder="Seed (optional, a whole number)", id="seed")
            yield Checkbox("Orc challenge: a 15-second clock per rank", id="challenge")
            yield Button("Start", id="start", variant="primary")
            yield Static("", id="newgame-error")
        yield Footer(classes="body", compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start()

    def start(self) -> None:
        error = self.query_one("#newgame-error", Static)
        names = [n.strip() for n in self.query_one("#players", Input).value.split(",")]
        names = [n for n in names if n]
        if not 2 <= len(names) <= 4:
            error.update("Orcz is for 2 to 4 players: type their names separated by commas.")
            return
        if len({n.casefold() for n in names}) != len(names):
            error.update("Each player needs a different name.")
            return
        raw = self.query_one("#seed", Input).value.strip()
        if raw and not raw.lstrip("-").isdigit():
            error.update("The seed must be a whole number (or left empty).")
            return
        seed = int(raw) if raw else random.SystemRandom().randrange(1, 10**9)
        options = {"orc_challenge": True} if self.query_one(Checkbox).value else {}
        try:
            session = GameSession.new("orcz", names, seed, options)
        except (ValueError, OSError) as err:
            error.update(str(err))
            return
        app = self.app
        assert isinstance(app, _app_class())
        app.pop_screen()
        # after the pop: a curtain's answer goes to the screen below it, which must stay
        app.call_later(app.start_game, session)


class ResumeScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static("Resume a saved game (the most recent first)", id="menu-title")
            saves = list_saves()
            options = [Option(f"{p.stem}   ({_when(p)})", id=str(p)) for p in saves]
            if not options:
                yield Static("No saved game yet.")
            yield OptionList(*options, id="saves")
        yield Footer(classes="body", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = Path(str(event.option.id))
        app = self.app
        assert isinstance(app, _app_class())
        try:
            session = GameSession.load(path)
        except SaveError as err:
            app.push_screen(ErrorScreen(f"{path.name} cannot be resumed: {err}"))
            return
        app.pop_screen()
        # after the pop: a curtain's answer goes to the screen below it, which must stay
        app.call_later(app.start_game, session)


class ErrorScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "app.pop_screen", "OK")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static("This save cannot be loaded", id="menu-title")
            yield Static(self.text, id="error-text")
            yield Static("Press Enter to go back to the menu.")
        yield Footer(classes="body", compact=True)


def _when(path: Path) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))


def _app_class() -> type[HotseatApp]:
    from common.tui.app import HotseatApp

    return HotseatApp
