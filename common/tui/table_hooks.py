"""The parts of the table's layout every game uses: the status line and the private panel's
frame (a game composes them in its part of the table, ``common.tui.table_game``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import RenderResult
from textual.containers import VerticalScroll

from common.i18n import _
from common.tui.fit import FitStatic, fit_block, fit_parts


class StatusLine(FitStatic):
    """What is being decided and by whom (one line above the board): shortened to whole words;
    with news (``-news``: a computer's whole move) wrapped in at most three lines."""

    NEWS_LINES = 3

    def render(self) -> RenderResult:
        content = self.content
        if self.has_class("-news") and isinstance(content, Text):
            return fit_block(content, self.content_size.width, self.NEWS_LINES)
        if isinstance(content, Text) and self.content_size.width > 0:
            # what is decided comes first: the parts after it give way whole
            return fit_parts(content, self.content_size.width)
        return super().render()



class PrivatePanel(VerticalScroll):
    """The private panel's frame (``#private``): a game puts its own parts inside."""

    def __init__(self, *children: Any, id: str = "private") -> None:
        super().__init__(*children, id=id)
        self.can_focus = False
        self.border_title = _("Private panel")



__all__ = ["PrivatePanel", "StatusLine"]
