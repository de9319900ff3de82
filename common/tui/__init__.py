"""Textual building blocks shared by the games' interfaces.

Curtain, log panel, help screen, size guard and the game session."""

from common.tui.curtain import CurtainScreen
from common.tui.help import HelpScreen, load_doc
from common.tui.log_panel import LogPanel
from common.tui.session import GameSession, data_dir, latest_save, list_saves, saves_dir
from common.tui.small import MIN_HEIGHT, MIN_WIDTH, SIZE_CSS, TooSmall, size_breakpoints

__all__ = [
    "MIN_HEIGHT", "MIN_WIDTH", "SIZE_CSS", "CurtainScreen", "GameSession", "HelpScreen", "LogPanel",
    "TooSmall", "data_dir", "latest_save", "list_saves", "load_doc", "saves_dir",
    "size_breakpoints",
]
