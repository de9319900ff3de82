"""The hotseat Textual app: the menu, new games, resume, and the game screens."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import BindingType

from common.tui.curtain import CurtainScreen
from common.tui.help import HelpScreen
from common.tui.messages import BackToMenu
from common.tui.session import GameSession
from common.tui.small import SIZE_CSS, size_breakpoints
from orcz.ui.bindings import APP_BINDINGS, KEYS_MARKDOWN

if TYPE_CHECKING:
    from orcz.ui.screens import GameScreen

_H, _V = size_breakpoints()
_V32 = [*_V, (32, "-tall32")]


class HotseatApp(App[int]):
    """``start`` is "menu", or a session to play straight away; ``error`` shows a message first."""

    TITLE = "hotseat"
    CSS_PATH = str(Path(__file__).parents[2] / "orcz" / "ui" / "orcz.tcss")
    CSS = SIZE_CSS
    HORIZONTAL_BREAKPOINTS = _H
    VERTICAL_BREAKPOINTS = _V32
    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: GameSession | None = None, *, error: str | None = None,
                 challenge_seconds: float | None = None) -> None:
        super().__init__()
        self.start_session = session
        self.start_error = error
        self.challenge_seconds = challenge_seconds
        self.pending_game: GameSession | None = None  # shown behind its first curtain

    def on_mount(self) -> None:
        if self.start_session is not None:
            self.start_game(self.start_session)  # the menu is built only if asked for
        else:
            from common.tui.menu import MenuScreen

            self.push_screen(MenuScreen())
        if self.start_error:
            from common.tui.menu import ErrorScreen

            self.push_screen(ErrorScreen(self.start_error))

    def start_game(self, session: GameSession) -> None:
        """Straight to the curtain of the seat to act; the table is built behind it."""
        if session.is_over():
            self.push_screen(self._game(session))
            return
        seat = session.to_act()[0]
        self.pending_game = session

        def open_table(_: None) -> None:
            self.pending_game = None
            self.push_screen(self._game(session, seat))

        self.push_screen(CurtainScreen(session.players[seat]), callback=open_table)

    def _game(self, session: GameSession, viewer: int | None = None) -> GameScreen:
        from orcz.ui.screens import GameScreen  # the table: after the first curtain

        kwargs: dict[str, Any] = {}
        if self.challenge_seconds is not None:
            kwargs["challenge_seconds"] = self.challenge_seconds
        return GameScreen(session, viewer=viewer, **kwargs)

    def _table_behind_first_curtain(self) -> GameScreen | None:
        """The scout key at the very first curtain: build the table now, then scout."""
        session = self.pending_game
        if session is None or not isinstance(self.screen, CurtainScreen):
            return None
        self.pending_game = None
        self.pop_screen()
        game = self._game(session)
        self.push_screen(game)
        return game

    def game_screen(self) -> GameScreen | None:
        from orcz.ui.screens import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scout" and self.pending_game is not None:
            return isinstance(self.screen, CurtainScreen)
        if action in ("scout", "undo"):
            game = self.game_screen()
            if game is None or game.session.is_over():
                return False
            top = self.screen
            return top is game or isinstance(top, CurtainScreen)
        return True

    def action_scout(self) -> None:
        game = self.game_screen()
        if game is not None:
            game.request_scout()
            return
        game = self._table_behind_first_curtain()
        if game is not None:
            game.after_start = game.request_scout

    def action_undo(self) -> None:
        game = self.game_screen()
        if game is not None:
            game.request_undo()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(KEYS_MARKDOWN, "orcz-rules.md"))

    def action_quit_saved(self) -> None:
        """Every move is saved as it is made: quitting loses nothing."""
        self.exit(0)

    def on_back_to_menu(self, message: BackToMenu) -> None:
        from common.tui.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        if not isinstance(self.screen, MenuScreen):
            self.push_screen(MenuScreen())


