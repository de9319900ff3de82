"""The end screen of every game: the standings, the whole log, and the review."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from common.tui.log_panel import LogPanel
from common.tui.messages import BackToMenu
from common.tui.small import TooSmall, too_small

if TYPE_CHECKING:
    from common.tui.table import TableScreen


class EndScreen(Screen[None]):
    """Standings (the game's own words) and the review with everything revealed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", "Review the game (all revealed)"),
        Binding("m,escape", "menu", "Menu"),
        Binding("q", "app.quit_saved", "Quit"),
        Binding("up,pageup", "log_page(-1)", "Log ↑", show=False),
        Binding("down,pagedown", "log_page(1)", "Log ↓", show=False),
    ]

    def __init__(self, table: TableScreen) -> None:
        super().__init__()
        self.table = table
        self.session = table.session

    def compose(self) -> ComposeResult:
        view = self.session.view(None)
        yield TooSmall()
        with Horizontal(classes="body", id="end"):
            with VerticalScroll(id="standings") as box:
                box.border_title = "The game is over"
                yield Static(self.table.standings(view, self.session.result()))
            yield LogPanel(id="end-log")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.query_one(LogPanel).show(self.session.log_lines())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not too_small(self) or action == "quit_saved"

    def action_log_page(self, direction: int) -> None:
        self.query_one(LogPanel).page(direction)

    def action_review(self) -> None:
        from common.tui.table import table_for

        self.app.push_screen(table_for(self.session, review=True))

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())
