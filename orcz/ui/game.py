"""Orcz's part of the shared table (``common.tui.table_game``): the battlefields, the private
panel's pickers and words, the review's hands; it has the scout (``scout``, out of turn) and the
orc challenge's clock (``clock``). Its screen, with the Orcz keys, is ``orcz.ui.screens``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult

from common.entries import players_of
from common.errors import IllegalAction
from common.i18n import _
from common.tui.choices import Picker
from common.tui.end import review_chart
from common.tui.options import TableOptions
from common.tui.table import StatusLine, TableScreen
from common.tui.table_game import TableGame
from orcz import event_kinds as E
from orcz.ui.bindings import PICKER_ACTIONS, picker_allows
from orcz.ui.clock import ChallengeClock
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker
from orcz.ui.refusals import refusal_words
from orcz.ui.render import (
    action_words,
    clock_text,
    hand_list,
    hand_text,
    news_words,
    pending_text,
    player_tags,
    review_hands,
    standings_text,
)
from orcz.ui.results import results as results_notice
from orcz.ui.scout import ScoutAside
from orcz.ui.story import describe
from orcz.ui.widgets import Board, HandLine, InfoBar
from orcz.view_types import Entry, OrczView, as_view


class OrczGame(TableGame):
    """The four battlefields, the private panel of the seat at the terminal, the log."""

    def __init__(self, table: TableScreen) -> None:
        super().__init__(table)
        self.tags = player_tags(list(table.session.players))
        self.clock = ChallengeClock(table)
        self.scout = ScoutAside(self, self.clock.stop)
        self._view: OrczView | None = None
        self._secret = ""  # the viewer's latest private log line this round

    def configure(self, options: TableOptions) -> None:
        if options.challenge_seconds is not None:
            self.clock.seconds = options.challenge_seconds

    # ---- layout and drawing

    def compose(self) -> ComposeResult:
        yield InfoBar(id="info")
        yield StatusLine(id="status")
        yield Board(id="board")
        yield from self.compose_bottom(HandLine(id="hand"))

    def draw_public(self, shown: Mapping[str, Any]) -> None:
        view = as_view(shown)
        self.table.query_one(InfoBar).show(view, self.tags)
        self.table.query_one(Board).show(view, self.tags)

    def draw_private(self, shown: Mapping[str, Any] | None) -> None:
        put_text = self.table.drawing.put_text
        if shown is None:
            self._view = None
            self._secret = ""
            put_text("#hand", "")
            return
        view = self._view = as_view(shown)
        log = view["log"]
        start = max((i for i, e in enumerate(log) if e.get("kind") == E.ROUND_START.name),
                    default=0)
        private = [e for e in log[start:] if e.get("private")]
        self._secret = describe(private[-1], players_of(view)) if private else ""
        put_text("#hand", hand_text(view))

    def grid_note(self) -> Text | None:
        if self.table.viewer is None:
            return self._open_note()
        picker = self.table.picker
        # while picking cards the grid is the hand; otherwise the hand is listed below it
        if isinstance(picker, DeployPicker) and picker.step in ("left", "right"):
            return None
        return hand_list(self._view, self.marked_card) if self._view is not None else None

    def hint(self) -> Text | str:
        view, picker = self._view, self.table.picker
        if view is not None and view["pending"].get("forced_hero") \
                and isinstance(picker, DeployPicker) \
                and picker.step == "field":
            return Text(_("Every legal rank left to you uses a hero (champion or shaman): "
                          "you must place one."), style="yellow")
        return Text("• " + self._secret, style="italic cyan") if self._secret else ""

    def _open_note(self) -> Text | None:
        """At a public decision, below the choices (the message line holds the picker's
        help): how the seat looks at its own cards first."""
        seat, offer = self.table.public_seat, self.table.offer
        if seat is None or offer is None or not offer.secret:
            return None
        return Text(self.open_words(self.session.players[seat])[0], style="italic")

    def public_hint(self) -> Text | str:
        return ""  # the note below the choices says what ``o`` does

    def open_words(self, name: str) -> tuple[str, str]:
        return (_("o: {name} looks at their own hidden cards first (curtain)").format(name=name),
                _("{name} looked at their own hidden cards behind the curtain.").format(
                    name=name))

    def status_text(self, view: Mapping[str, Any]) -> Text:
        text = Text(pending_text(as_view(view)), style="bold")
        text.append_text(clock_text(self.clock.left, self.clock.expired))
        return text

    def news_text(self, entries: list[Entry]) -> str:
        """A lost turn goes on the status line (never on a curtain)."""
        return news_words(entries, self.session.players)

    def results(self, entries: list[Entry], view: dict[str, Any]) -> Text | None:
        summary: Text | None = results_notice(entries, view)
        return summary

    def standings(self, view: Mapping[str, Any], result: Mapping[str, Any]) -> Text:
        return standings_text(as_view(view))

    # ---- decisions

    def make_picker(self, shown: Mapping[str, Any], legal: list[Any]) -> Picker | None:
        view = as_view(shown)
        seat = view["seat"]
        pending = view["pending"]
        if pending["seat"] != seat:
            return None
        kind = pending["kind"]
        if kind == "deploy":
            picker = DeployPicker(view, legal, self.why)
            picker.tags = self.tags
            return picker
        if kind == "fight":
            fight = FightPicker(view, legal)
            fight.tags = self.tags
            return fight
        if kind in ("hand_out", "impose"):
            return SplitPicker(view, legal)
        return None

    def why(self, action: Any) -> str:
        """Why the rules refuse ``action`` now, in the language in use; "" when they do not."""
        err = self.session.refusal(action)
        return "" if err is None else self.refusal_words(err)

    def refusal_words(self, err: IllegalAction) -> str:
        return refusal_words(err, self.session.players)

    # ---- the Orcz keys (the screen's, ``orcz.ui.screens.OrczTable``)

    def key_label(self, action: str) -> str | None:
        return _("Own cards") if action == "open_hand" else None

    def keys_signature(self) -> tuple[Any, ...]:
        return (self.clock.expired,)

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in PICKER_ACTIONS:
            return picker_allows(self.table.picker, action)
        if action == "challenge":
            return self.clock.expired
        if action == "scout":
            return not self.session.is_over() and self.scout.anyone_may()
        return True

    def out_of_turn(self, kind: str, back: Callable[[], None] | None = None) -> None:
        if kind != "scout":
            super().out_of_turn(kind, back)
            return
        self.scout.ask(back)

    # ---- the challenge clock runs while a seat places a rank

    def on_seat_shown(self, shown: dict[str, Any]) -> None:
        self.clock.seat_shown(shown)

    def on_seat_hidden(self) -> None:
        self.clock.stop()

    def on_waiting(self, view: dict[str, Any]) -> None:
        self.clock.seat_shown(view, waiting=True)  # the people here may call out the one placing

    def highlight_target(self, target: str) -> Any:
        """A lesson's ``board``: a battlefield, the four, the header (round, event, players)."""
        kind, _, which = target.partition(":")
        if kind == "battlefield":
            ids = [f["id"] for f in as_view(self.session.view(None))["battlefields"]]
            return self.table.query_one(f"#frame-{ids.index(which)}") if which in ids else None
        if kind == "battlefields":
            return self.table.query_one(Board)
        if kind in ("event", "players", "round", "enemies"):
            return self.table.query_one(InfoBar)
        if kind == "goblins":
            return self.table.query_one("#private")
        return super().highlight_target(target)

    # ---- review

    def revealed_view(self, step: int) -> dict[str, Any]:
        """The public view after ``step`` moves with every face-down card shown."""
        session = self.session
        shown = session.view_at(step, None)
        view = as_view(shown)
        owners = {seat: as_view(session.view_at(step, seat))
                  for seat in range(len(session.players))}
        for index, field in enumerate(view["battlefields"]):
            for part in ("column", "aside"):
                for position, rank in enumerate(field[part]):
                    mine = owners[rank["owner"]]["battlefields"][index][part][position]
                    rank["left"], rank["right"] = mine["left"], mine["right"]
        return shown

    def draw_review(self, step: int) -> None:
        """Every hand behind every screen in the panel (after the shell's review)."""
        hands = [as_view(self.session.view_at(step, seat))
                 for seat in range(len(self.session.players))]
        chart = review_chart("orcz", self.session.view_at(step, None))
        self.table.drawing.put_text("#hand", review_hands(hands, chart))

    def describe_action(self, action: dict[str, Any]) -> str:
        return action_words(action, self.session.players)


__all__ = ["OrczGame"]
