"""The end screen of every game: the standings, a chart of the score through the game, the whole
log, and the review."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from common.i18n import N_, _, ngettext
from common.session import GameSession
from common.tui.fit import shorten
from common.tui.footer import Footer
from common.tui.gameui import ScoreSeries, ui_for
from common.tui.log_panel import LogPanel
from common.tui.messages import BackToMenu
from common.tui.small import TooSmall, too_small


class EndScreen(Screen[None]):
    """Standings (the game's own words) and the review with everything revealed: ``review``
    makes the table that shows it (the end screen knows no table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", N_("Review the game (all revealed)")),
        Binding("m,escape", "menu", N_("Menu")),
        Binding("q", "app.quit_saved", N_("Quit")),
        Binding("up,pageup", "log_page(-1)", N_("Log ↑"), show=False),
        Binding("down,pagedown", "log_page(1)", N_("Log ↓"), show=False),
    ]

    def __init__(self, session: GameSession, standings: Text,
                 review: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.session = session
        self.standings = standings
        self.review = review

    def compose(self) -> ComposeResult:
        view = self.session.view(None)
        yield TooSmall()
        with Horizontal(classes="body", id="end"):
            with VerticalScroll(id="standings") as box:
                box.border_title = _("The game is over")
                yield Static(self.standings)
                yield Chart(self.session.record.game, view, id="end-chart")
            yield LogPanel(id="end-log")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.query_one(LogPanel).show(self.session.log_lines())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not too_small(self) or action == "quit_saved"

    def action_log_page(self, direction: int) -> None:
        self.query_one(LogPanel).page(direction)

    def action_review(self) -> None:
        self.app.push_screen(self.review())

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())


def default_standings(view: dict[str, Any], result: dict[str, Any]) -> Text:
    """The standings of a game that words none of its own: "1. Ann — 3 points", a place a
    line, best first, with the row's ``points`` when it gives them (``common.engine.Standing``);
    names as literal text."""
    names = [str(p.get("name", "?")) for p in view.get("players", [])]
    lines = []
    for place, row in enumerate(result.get("standings", []), start=1):
        seat = row.get("seat")
        name = names[seat] if type(seat) is int and 0 <= seat < len(names) else "?"
        points = row.get("points")
        if type(points) is int:
            lines.append(ngettext("{place}. {name} — {count} point",
                                  "{place}. {name} — {count} points", points).format(
                place=place, name=name, count=points))
        else:
            lines.append(_("{place}. {name}").format(place=place, name=name))
    return Text("\n".join(lines))


BARS = "▁▂▃▄▅▆▇█"


def bars(row: list[int], top: int, cell: int) -> Text:
    """One player's row of bars, on the scale where ``top`` is a full bar."""
    out = Text()
    for value in row:
        level = 0 if top <= 0 else round(value / top * (len(BARS) - 1))
        out.append(BARS[level] * cell, style="bold" if value == top and top else "")
    return out


def numbers(row: list[int], count: int) -> str:
    """The numbers beside the bars: all of them when they are few (Orcz's rounds), else the
    last one (Pirate's Cove's months)."""
    return " ".join(str(v) for v in row) if count <= 6 else str(row[-1])


def top_of(series: ScoreSeries) -> int:
    return max((v for row in series.rows for v in row), default=0)


def chart_text(series: ScoreSeries, names: list[str], width: int) -> Text:
    """``series`` as one row of bars per player, all on one scale, and the numbers; fits
    ``width`` (a cell of one to three columns a point)."""
    count = len(series.labels)
    top = top_of(series)
    name_width = min(10, max((len(n) for n in names), default=1))
    said = [numbers(row, count) for row in series.rows]
    room = width - name_width - 2 - max((len(n) for n in said), default=1)
    cell = max(1, min(3, room // max(1, count)))
    out = Text(series.title, style="bold")
    for seat, row in enumerate(series.rows):
        name = names[seat] if seat < len(names) else "?"
        out.append(f"\n{shorten(name, name_width).plain:<{name_width}} ")
        out.append_text(bars(row, top, cell))
        out.append(" " + said[seat])
    out.append(f"\n{'':<{name_width}} {series.labels[0]} → {series.labels[-1]}", style="dim")
    return out


def review_chart(game: str, view: dict[str, Any]) -> tuple[Text, list[Text]] | None:
    """The review's chart so far (``view``: at the move shown), to share the hands' lines: a
    title, and per seat its bars and numbers. None: no chart (yet)."""
    seats = len(view.get("players", []))
    series = ui_for(game).score_series(view.get("log", []), seats)
    if series is None:
        return None
    count, top = len(series.labels), top_of(series)
    cell = 1 if count > 6 else 2
    title = Text(f"{series.title} ({series.labels[0]} → {series.labels[-1]})", style="dim")
    rows = [bars(row, top, cell) + Text(" " + numbers(row, count)) for row in series.rows]
    return title, rows


class Chart(Static):
    """The game's score through its public log, drawn to the width it is given; nothing when
    the game has no chart."""

    def __init__(self, game: str, view: dict[str, Any], *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.names = [str(p.get("name", "?")) for p in view.get("players", [])]
        self.series = ui_for(game).score_series(view.get("log", []), len(self.names))
        self.display = self.series is not None

    def on_resize(self) -> None:
        if self.series is not None:
            self.update(chart_text(self.series, self.names, self.content_size.width))
