"""The review of a finished game: the table one move at a time, every hand and secret revealed.

``Review`` is owned by a ``TableScreen`` opened with ``review=True``: it keeps the move shown and
draws the shell's part of it through the game's part of the table (``table.game``:
``revealed_view``, ``describe_action``, ``draw_public``), which it reaches through
``common.tui.table_api.Table``; the game adds its own part in its ``draw_review``, after the
shell's. ``GameUI.new_table(session, review=True)`` opens it (the end screen's ``r``)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from common.entries import view_lines
from common.i18n import N_, _
from common.tui.log_panel import LogPanel
from common.tui.table_api import Table

REVIEW_PROMPT = N_("← → a move · ↑ ↓ scroll · Home End · Esc closes")
# The table's keys that mean something in the review.
REVIEW_KEYS = frozenset({"review_step", "nav", "back", "log_page"})


class Review:
    """Which move of the record the review shows, and its drawing."""

    def __init__(self, table: Table, step: int) -> None:
        self.table = table
        self.step = step

    def allows(self, action: str) -> bool:
        """Whether a table key acts in the review (the rest of the table's keys do not)."""
        return action in REVIEW_KEYS

    def move(self, delta: int) -> None:
        """``delta`` moves on (or back), within the record."""
        total = self.table.session.action_count
        self.step = max(0, min(total, self.step + delta))
        self.draw()

    def nav(self, dx: int, dy: int) -> None:
        """← → a move; ↑ ↓ scroll the panel (every hand of a big table, at 80×24 too)."""
        if dy:
            self.table.query_one("#private").scroll_relative(y=dy, animate=False)
        else:
            self.move(dx)

    def draw(self) -> None:
        """The board after the move shown, everything revealed, and that move in words."""
        table, step = self.table, self.step
        game = table.game
        view = game.revealed_view(step)
        game.draw_public(view)
        game.draw_private(None)
        table.query_one("#private").border_title = _("Review")
        table.panel.clear(_(REVIEW_PROMPT))
        actions = table.session.record.actions
        what = _("the start") if step == 0 else game.describe_action(dict(actions[step - 1]))
        status = Text(_("Review, everything revealed — move {step} of {total}: ").format(
            step=step, total=table.session.action_count), style="bold")
        status.append(what)
        line = table.query_one("#status", Static)
        line.add_class("-news")  # the move shown, in full: it may take two lines
        line.update(status, layout=True)
        table.query_one("#choices").display = False  # nothing to choose: the hands take it all
        table.add_class("-review")
        table.query_one(LogPanel).show(view_lines(table.session.game.NAME, view))
        game.draw_review(step)  # the game's own part (every hand)
        table.refresh_keys()


__all__ = ["REVIEW_KEYS", "Review"]
