"""What a player needs that a screen cut, for the whole-game scans at 80×24
(``tests/tui/test_fit_whole_games.py``): a line shortened with "…", a key left out of the key
bar, the status line without what is being decided, a sum split across two lines.

Written apart from the code it checks: the signs are read on the terminal as drawn."""

from __future__ import annotations

import re
from typing import Any

from textual.app import App
from textual.widgets import Static

from common.tui.keybar import KeyBar
from common.tui.table import StatusLine, TableScreen

ELLIPSIS = "…"
PART = " · "  # the status line's parts: what is decided first, then the rest
FRAME = " │┃║▁▂▃▄▅▆▇█"
# "…" that is the text's own, not a cut: the key bar's "1… Pick" (the digits), a computer
# player thinking, the log's lines left above (in French, a no-break space after their count)
OWN = re.compile(r"(^|\s)1…(\s|$)|(thinking|réfléchit)…|…\s*\d+\s(earlier|ligne)")
# a sum or a count broken across two lines: a line that ends on "+" or "=", or starts with one
BROKEN_SUM = re.compile(r"(^|\s)[+=]$|^[+=]\s")


def screen_rows(app: App[Any]) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def cut_rows(rows: list[str]) -> list[str]:
    """The rows with a "…" that marks a cut."""
    return [row.rstrip() for row in rows if ELLIPSIS in OWN.sub("", row)]


def broken_sums(rows: list[str]) -> list[str]:
    """The rows (in a frame or not) that end or start a sum split across lines."""
    found = []
    for row in rows:
        for cell in re.split(r"[│┃║]", row):
            if BROKEN_SUM.search(cell.strip(FRAME)):
                found.append(row.rstrip())
    return found


def missing_keys(app: App[Any]) -> list[str]:
    """The key bar's keys that it does not show (whole, as "key words")."""
    found = []
    for bar in app.screen.query(KeyBar).results(KeyBar):
        shown = " ".join(bar.text.split())
        found += [f"{key} {words}" for key, words, _own in bar.pairs
                  if " ".join(f"{key} {words}".split()) not in shown]
    return found


def status_without_action(app: App[Any]) -> list[str]:
    """The status line's first part (what is decided now), when the line does not show it
    whole."""
    screen = app.screen
    if not isinstance(screen, TableScreen) or screen.reviewing:
        return []
    status = screen.query_one(StatusLine)
    content = status.content
    full = content.plain if hasattr(content, "plain") else str(content)
    action = full.split(PART)[0].split("  ⚠ ")[0].strip()
    shown = " ".join(str(status.render()).split()) if isinstance(status, Static) else ""
    return [] if " ".join(action.split()) in shown else [f"status: {action!r} not in {shown!r}"]


def cuts(app: App[Any]) -> list[str]:
    """Everything the player needs that this screen cut, in words (empty: nothing)."""
    rows = screen_rows(app)
    found = [f"cut: {row}" for row in cut_rows(rows)]
    found += [f"key left out: {key}" for key in missing_keys(app)]
    found += status_without_action(app)
    found += [f"sum split: {row}" for row in broken_sums(rows)]
    return found


__all__ = ["broken_sums", "cut_rows", "cuts", "missing_keys", "screen_rows",
           "status_without_action"]
