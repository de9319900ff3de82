"""The Orcz table on the shell's pass-and-play flow (``common.tui.table``): the battlefields, the
private panel's pickers, the scout (out of turn), the orc challenge's clock and the review."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.timer import Timer

from common.entries import players_of
from common.errors import IllegalAction
from common.i18n import _
from common.session import GameSession
from common.tui.choices import Picker
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.end import review_chart
from common.tui.flow import Flow
from common.tui.flow_api import TableFlow
from common.tui.options import TableOptions
from common.tui.table import StatusLine, TableScreen
from orcz import event_kinds as E
from orcz.actions import Challenge, Scout
from orcz.ui.bindings import GAME_BINDINGS, NOTHING_BINDING, PICKER_ACTIONS, picker_allows
from orcz.ui.names import field_name, side_word
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker
from orcz.ui.refusals import refusal_words
from orcz.ui.render import (
    action_words,
    card_short,
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
from orcz.ui.story import describe
from orcz.ui.widgets import Board, HandLine, InfoBar
from orcz.view_types import Entry, OrczView, as_view, seat_of

CHALLENGE_SECONDS = 15.0


class OrczTable(TableScreen):
    """The four battlefields, the private panel of the seat at the terminal, the log."""

    BINDINGS: ClassVar[list[Any]] = [*GAME_BINDINGS, NOTHING_BINDING]

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
        super().__init__(session, review=review, flow=flow)
        self.tags = player_tags(list(session.players))
        self.challenge_seconds = CHALLENGE_SECONDS
        self.clock_left: float | None = None
        self.clock_timer: Timer | None = None
        self.clock_expired = False
        self.scouting: int | None = None  # the seat whose scout screen is open
        self._view: OrczView | None = None
        self._secret = ""  # the viewer's latest private log line this round

    def configure_game(self, options: TableOptions) -> None:
        if options.challenge_seconds is not None:
            self.challenge_seconds = options.challenge_seconds

    # ---- layout and drawing

    def compose_table(self) -> ComposeResult:
        yield InfoBar(id="info")
        yield StatusLine(id="status")
        yield Board(id="board")
        yield from self.compose_bottom(HandLine(id="hand"))

    def draw_public(self, shown: Mapping[str, Any]) -> None:
        view = as_view(shown)
        self.query_one(InfoBar).show(view, self.tags)
        self.query_one(Board).show(view, self.tags)

    def draw_private(self, shown: Mapping[str, Any] | None) -> None:
        if shown is None:
            self._view = None
            self._secret = ""
            self.put_text("#hand", "")
            return
        view = self._view = as_view(shown)
        log = view["log"]
        start = max((i for i, e in enumerate(log) if e.get("kind") == E.ROUND_START.name),
                    default=0)
        private = [e for e in log[start:] if e.get("private")]
        self._secret = describe(private[-1], players_of(view)) if private else ""
        self.put_text("#hand", hand_text(view))

    def grid_note(self) -> Text | None:
        if self.viewer is None:
            return self._open_note()
        picker = self.picker
        # while picking cards the grid is the hand; otherwise the hand is listed below it
        if isinstance(picker, DeployPicker) and picker.step in ("left", "right"):
            return None
        return hand_list(self._view) if self._view is not None else None

    def hint(self) -> Text | str:
        view, picker = self._view, self.picker
        if view is not None and view["pending"].get("forced_hero") \
                and isinstance(picker, DeployPicker) \
                and picker.step == "field":
            return Text(_("Every legal rank left to you uses a hero (champion or shaman): "
                          "you must place one."), style="yellow")
        return Text("• " + self._secret, style="italic cyan") if self._secret else ""

    def _open_note(self) -> Text | None:
        """At a public decision, below the choices (the message line holds the picker's
        help): how the seat looks at its own cards first."""
        seat, offer = self.public_seat, self.offer
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
        text.append_text(clock_text(self.clock_left, self.clock_expired))
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

    def key_label(self, action: str) -> str | None:
        return _("Own cards") if action == "open_hand" else super().key_label(action)

    def keys_signature(self) -> tuple[Any, ...]:
        return (*super().keys_signature(), self.clock_expired)

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in PICKER_ACTIONS:
            return picker_allows(self.picker, action)
        if action == "challenge":
            return self.clock_expired
        if action == "scout":
            return not self.session.is_over() and self.anyone_may_scout()
        return True

    def anyone_may_scout(self) -> bool:
        """Whether some seat may play a scout now (the key bar shows only keys that act)."""
        return any(isinstance(a, Scout) for seat in range(len(self.session.players))
                   if self.holder.here(seat) for a in self.session.legal(seat))

    def action_fight(self, which: str) -> None:
        if isinstance(self.picker, FightPicker):
            self.handle_pick(self.picker.pick(0 if which == "attack" else 1))

    def action_nothing(self) -> None:
        if isinstance(self.picker, SplitPicker):
            self.handle_pick(self.picker.nothing())

    def action_side(self, side: str) -> None:
        picker = self.picker
        if isinstance(picker, DeployPicker) and picker.step == "down":
            self.handle_pick(picker.pick(0 if side == "left" else 1))

    # ---- the scout: any player with one, whenever it is allowed

    def action_scout(self) -> None:
        self.out_of_turn_key("scout")

    def request_out_of_turn_kind(self, kind: str, back: Any) -> None:
        if kind != "scout":
            super().request_out_of_turn_kind(kind, back)
            return
        self.stop_clock()
        self.request_out_of_turn(
            _("Who plays a scout?"), lambda a: isinstance(a, Scout),
            _("Only players with a scout that may be played now are listed."), self.peek,
            none_note=_("No scout can be played now (no scout left, Fog, or no face-down card "
                        "of another player)."), back=back)

    def peek(self, seat: int) -> None:
        """``seat``'s scout screen; the flow has handed it the terminal (its curtain)."""
        view = self.private_view(seat)
        if view is None:  # not the holder: never another seat's cards
            self.out_of_turn_done(seat)
            return
        self.scouting = seat
        scouts = [a for a in self.session.legal(seat) if isinstance(a, Scout)]

        def done(action: Scout | None) -> None:
            if action is None:
                self.scouting = None
                self.out_of_turn_done(seat)
                return
            before = self._scouts_seen(seat)
            if not self.apply_and_save(action):
                return
            seen = self._scouts_seen(seat)
            if len(seen) == len(before):  # not played (a lesson's hint): nothing to show
                self.scouting = None
                self.out_of_turn_done(seat)
                return
            text = describe(seen[-1], self.session.players)
            title = Text(_("{name}'s scout").format(name=self.session.players[seat])).plain

            def closed(_: None) -> None:
                self.scouting = None
                self.out_of_turn_done(seat)

            self.push_private(seat, NoticeScreen(title, Text(str(text))), closed)

        self.push_private(seat, ScoutScreen(as_view(view), scouts), done)

    def _scouts_seen(self, seat: int) -> list[Entry]:
        log = as_view(self.session.view(seat))["log"]
        return [e for e in log if e.get("kind") == E.SCOUT_SEEN.name]

    # ---- the orc challenge

    def on_seat_shown(self, shown: dict[str, Any]) -> None:
        """The clock runs while the seat placing a rank has a challenger (the optional rule)."""
        self.stop_clock()
        self.clock_expired = False
        view = as_view(shown)
        pending = view["pending"]
        if not view["options"].get("orc_challenge") or pending["kind"] != "deploy":
            return
        if not self.challengers(pending["seat"]):
            return
        self.clock_left = self.challenge_seconds
        self.clock_timer = self.set_interval(0.25, self._tick)
        self.refresh_status(shown)

    def on_seat_hidden(self) -> None:
        self.stop_clock()

    def _tick(self) -> None:
        if self.clock_left is None:
            return
        self.clock_left -= 0.25
        if self.clock_left <= 0:
            self.stop_clock()
            self.clock_expired = True
            self.refresh_keys()
            self._computer_challenge()
        self.refresh_status()

    def _computer_challenge(self) -> None:
        """A computer player may challenge the slow player too, as a person at the table
        would (its heuristic's ``out_of_turn``); the challenge is public."""
        slow = self.viewer
        if slow is None:
            return
        for seat in self.challengers(slow):
            if not self.session.is_bot(seat):
                continue
            action = self.session.bot_aside(seat)
            if isinstance(action, Challenge):
                self.clock_expired = False
                if not self.apply_and_save(action):
                    return
                names = self.session.players
                self.news = _("{name} (computer) challenges {target}: place at once.").format(
                    name=names[seat], target=names[slow])
                self.show_for(slow)
                return

    def stop_clock(self) -> None:
        if self.clock_timer is not None:
            self.clock_timer.stop()
        self.clock_timer = None
        self.clock_left = None

    def challengers(self, slow: int) -> list[int]:
        """Every seat that may challenge ``slow``: the clock runs when there is one. Only the
        seats this terminal plays for are asked (a remote seat's options are its own)."""
        return [s for s in range(len(self.session.players)) if s != slow and self.holder.here(s)
                and any(isinstance(a, Challenge) for a in self.session.legal(s))]

    def people_challenging(self, slow: int) -> list[int]:
        """Those offered at "Who challenges?": a computer player never presses a key, it
        challenges by itself (``_computer_challenge``)."""
        return [s for s in self.challengers(slow) if not self.session.is_bot(s)]

    def action_challenge(self) -> None:
        if self.viewer is None or not self.clock_expired:
            return
        # the slow one: the seat placing
        target = as_view(self.session.view(None))["pending"]["seat"]
        others = self.people_challenging(target)
        if not others:
            return

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.clock_expired = False
                if not self.apply_and_save(Challenge(seat, target)):
                    return
            self.handoff(target)

        self.hide_private()
        self.app.push_screen(
            PickPlayerScreen(_("Who challenges {name}?").format(name=self.session.players[target]),
                             [(s, self.session.players[s]) for s in others],
                             _("The slow player pays 1 goblin to the bank and must place at "
                               "once.")),
            callback=chosen,
        )

    def highlight_target(self, target: str) -> Any:
        """A lesson's ``board``: a battlefield, the four, the header (round, event, players)."""
        kind, _, which = target.partition(":")
        if kind == "battlefield":
            ids = [f["id"] for f in as_view(self.session.view(None))["battlefields"]]
            return self.query_one(f"#frame-{ids.index(which)}") if which in ids else None
        if kind == "battlefields":
            return self.query_one(Board)
        if kind in ("event", "players", "round", "enemies"):
            return self.query_one(InfoBar)
        if kind == "goblins":
            return self.query_one("#private")
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

    def draw_review(self) -> None:
        """The shell's review, and every hand behind every screen in the panel."""
        super().draw_review()
        step = self.review_step or 0
        hands = [as_view(self.session.view_at(step, seat))
                 for seat in range(len(self.session.players))]
        chart = review_chart("orcz", self.session.view_at(step, None))
        self.put_text("#hand", review_hands(hands, chart))

    def describe_action(self, action: dict[str, Any]) -> str:
        return action_words(action, self.session.players)


class ScoutScreen(PickPlayerScreen):
    """Private: the scouting player picks a face-down card of another player."""

    def __init__(self, view: OrczView, scouts: list[Scout]) -> None:
        names = [p["name"] for p in view["players"]]
        fields = {f["id"]: f for f in view["battlefields"]}
        choices: list[tuple[Any, str]] = []
        for action in scouts:
            field = fields[action.battlefield]
            rank = field["column"][action.rank]
            other = rank["right" if action.side == "left" else "left"]
            card = other["id"] if other else None
            beside = card_short(card) if card else "?"
            choices.append((action, _("{name}'s {side} card, {battlefield} rank {rank} (beside "
                                      "{card})").format(
                name=names[rank["owner"]], side=side_word(action.side),
                battlefield=field_name(field["id"]), rank=action.rank + 1, card=beside)))
        me = names[seat_of(view)]
        super().__init__(_("{name}'s scout — which face-down card do you look at?").format(
                             name=me), choices,
                         _("Only you will see it; the card stays face down for the others. "
                           "Esc: keep the scout."))
