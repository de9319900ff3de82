"""The Orcz screens. ``GameScreen`` drives the pass-and-play flow: it asks the session for the
view of the seat at the terminal, shows a curtain before every private panel, and hands the
actions players pick back to the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from common.errors import IllegalAction
from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from common.tui.log_panel import LogPanel
from common.tui.messages import BackToMenu
from common.tui.session import GameSession
from common.tui.small import TooSmall
from orcz.actions import Challenge, Scout
from orcz.data import FIELD_BY_ID
from orcz.ui.bindings import GAME_BINDINGS
from orcz.ui.picker import (
    Choice,
    DeployPicker,
    FightPicker,
    Picker,
    SplitPicker,
)
from orcz.ui.render import (
    card_name,
    card_short,
    hand_list,
    hand_text,
    pending_text,
    player_tags,
    standings_text,
)
from orcz.ui.widgets import Board, InfoBar, StatusLine

CHALLENGE_SECONDS = 15.0


class GameScreen(Screen[None]):
    """The table: public board, the private panel of the seat at the terminal, the log."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    def __init__(self, session: GameSession, *, viewer: int | None = None,
                 challenge_seconds: float = CHALLENGE_SECONDS) -> None:
        super().__init__()
        self.session = session
        self.tags = player_tags(list(session.players))
        # the seat whose private panel is shown, None: nobody's. A seat is given only when its
        # curtain was just passed.
        self.viewer: int | None = viewer
        self.after_start: Callable[[], None] | None = None
        self.last_viewer: int | None = None  # who was at the terminal before the last curtain
        self.picker: Picker | None = None
        self.message: Text | str = ""
        self.challenge_seconds = challenge_seconds
        self.clock_left: float | None = None
        self.clock_timer: Timer | None = None
        self.clock_expired = False
        self.scouting: int | None = None  # the seat whose scout panel is open
        self._keys_signature: tuple[Any, ...] = ()
        self._drawn: dict[str, str] = {}
        self._view: dict[str, Any] = {}
        self._hand_for: int | None = None
        self._secret = ""  # the viewer's latest private log line this round
        self._announced = -1  # public log entries already considered for the news
        self.news = ""

    # ---- layout

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="main"):
            yield InfoBar(id="info")
            yield StatusLine(id="status")
            yield Board(id="board")
            with Horizontal(id="bottom"):
                with VerticalScroll(id="private") as private:
                    private.can_focus = False
                    private.border_title = "Private panel"
                    yield Static(id="hand")
                    yield Static(id="prompt")
                    yield ChoiceGrid(id="choices")
                    yield Static(id="message")
                log = LogPanel(id="log")
                log.can_focus = False
                yield log
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        self.advance()
        if self.after_start is not None:
            self.after_start()
            self.after_start = None

    # ---- flow

    def advance(self) -> None:
        """After any change: the end screen, the same seat's panel, or a curtain to the next."""
        self.announce()
        if self.session.is_over():
            self.stop_clock()
            self.viewer = None
            self.picker = None
            self.refresh_all()
            self.app.push_screen(EndScreen(self.session))
            return
        seat = self.session.to_act()[0]
        if seat == self.viewer:
            self.show_for(seat)
        else:
            self.handoff(seat)

    def announce(self) -> None:
        """Public news players must not miss (a lost turn) goes on the status line (never on a
        curtain, which shows nothing but the hand-off)."""
        log = self.session.view(None)["log"]
        if self._announced < 0:
            self._announced = len(log)
        news = [str(e["text"]) for e in log[self._announced:] if e.get("kind") == "lost_turn"]
        self.news = " ".join(news)
        self._announced = len(log)

    def handoff(self, seat: int) -> None:
        """Hide everything private, then the opaque curtain; Enter shows ``seat``'s panel."""
        if self.viewer is not None:
            self.last_viewer = self.viewer
        self.viewer = None
        self.picker = None
        self.message = ""
        self.stop_clock()
        self.refresh_all()
        name = self.session.players[seat]
        self.app.push_screen(CurtainScreen(name), callback=lambda _: self.show_for(seat))

    def show_for(self, seat: int) -> None:
        self.viewer = seat
        self.message = ""
        view = self.session.view(seat)
        self.picker = self.make_picker(view)
        self.refresh_all(view)
        self.start_clock(view)

    def make_picker(self, view: dict[str, Any]) -> Picker | None:
        seat = view["seat"]
        pending = view["pending"]
        if pending["seat"] != seat:
            return None
        legal = self.session.legal(seat)
        kind = pending["kind"]
        if kind == "deploy":
            picker = DeployPicker(view, legal, self.session.why_illegal)
            picker.tags = self.tags
            return picker
        if kind == "fight":
            fight = FightPicker(view, legal)
            fight.tags = self.tags
            return fight
        if kind in ("hand_out", "impose"):
            return SplitPicker(view, legal)
        return None

    def act(self, action: Any) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as err:
            self.message = Text(str(err), style="bold red")
            self.refresh_private()
            return
        self.picker = None
        self.stop_clock()
        self.advance()

    # ---- drawing

    def refresh_all(self, view: dict[str, Any] | None = None) -> None:
        if view is None:
            view = self.session.view(self.viewer)
        self.query_one(InfoBar).show(view, self.tags)
        self.query_one(Board).show(view, self.tags)
        self.query_one(LogPanel).show(self.session.log_lines())
        self.refresh_status(view)
        self.refresh_private(view)

    def refresh_status(self, view: dict[str, Any] | None = None) -> None:
        if view is None:
            view = self.session.view(self.viewer)
        text = Text("▶ " + pending_text(view), style="bold")
        if self.news:
            text.append("  ⚠ " + self.news, style="bold yellow")
        if self.clock_left is not None:
            text.append(f"   ⏱ {max(0, int(self.clock_left + 0.999))} s", style="bold yellow")
        elif self.clock_expired:
            text.append("   ⏱ time's up! another player may challenge: c", style="bold red")
        self.query_one(StatusLine).update(text, layout=False)

    def refresh_private(self, view: dict[str, Any] | None = None, keep: bool = False) -> None:
        """Redraw the private panel; a new ``view`` is given only when the game changed."""
        self._refresh_keys()
        panel = self.query_one("#private", VerticalScroll)
        if self.viewer is None:
            panel.border_title = "Private panel (hidden)"
            self._set("#hand", "")
            self._set("#prompt", "Nothing private is shown.")
            self.query_one(ChoiceGrid).set_options([])
            self._set("#message", "")
            self._hand_for = None
            return
        if view is not None or self._hand_for != self.viewer:
            if view is None:
                view = self.session.view(self.viewer)
            self._view = view
            self._hand_for = self.viewer
            log = view["log"]
            start = max((i for i, e in enumerate(log) if e.get("kind") == "round_start"),
                        default=0)
            private = [str(e["text"]) for e in log[start:] if e.get("private")]
            self._secret = private[-1] if private else ""
            panel.border_title = f"{self.session.players[self.viewer]}'s private panel"
        # Every part of the panel has a fixed height: a new step redraws, it never re-lays out.
        view = self._view
        picker = self.picker
        self._set("#hand", hand_text(view))
        # while picking cards the grid is the hand; otherwise the hand is listed below it
        picking_cards = isinstance(picker, DeployPicker) and picker.step in ("left", "right")
        note = None if picking_cards else hand_list(view)
        grid = self.query_one(ChoiceGrid)
        secret = Text("• " + self._secret, style="italic cyan") if self._secret else ""
        if picker is None:
            self._set("#prompt", "Nothing to decide now.")
            grid.set_options([], note=note)
            self._set("#message", self.message or secret)
            return
        self._set("#prompt", Text(picker.prompt(), style="bold"))
        grid.numbered = not isinstance(picker, SplitPicker)
        grid.max_columns = 1 if isinstance(picker, SplitPicker) else 4
        grid.set_options(picker.choices(), keep=keep, note=note)
        message: Text | str = self.message or picker.preview() or ""
        if not message and view["pending"].get("forced_hero") \
                and isinstance(picker, DeployPicker) and picker.step == "field":
            message = Text("Every legal rank left to you uses a hero (champion or shaman): "
                           "you must place one.", style="yellow")
        self._set("#message", message or secret)

    def _set(self, selector: str, content: Text | str, layout: bool = False) -> None:
        """Update a Static only when its content changed (fixed heights: no new layout)."""
        key = content.markup if isinstance(content, Text) else content
        if self._drawn.get(selector) == key:
            return
        self._drawn[selector] = key
        self.query_one(selector, Static).update(content, layout=layout)

    # ---- the private panel's keys

    def _refresh_keys(self) -> None:
        """Refresh the footer only when the set of meaningful keys changed (it recomposes)."""
        signature = (type(self.picker).__name__, self.clock_expired)
        if signature != self._keys_signature:
            self._keys_signature = signature
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that mean something now."""
        picker = self.picker
        if action == "fight":
            return isinstance(picker, FightPicker)
        if action == "adjust":
            return isinstance(picker, SplitPicker)
        if action == "side":
            return isinstance(picker, DeployPicker)
        if action == "challenge":
            return self.clock_expired
        if action == "back":
            return isinstance(picker, DeployPicker)
        return True

    def _handle(self, outcome: Any) -> None:
        if outcome is None:
            self.message = ""
            self.refresh_private()
        elif isinstance(outcome, str):
            self.message = Text("✗ " + outcome, style="bold red")
            self.refresh_private(keep=True)
        else:
            self.act(outcome)

    def action_nav(self, dx: int, dy: int) -> None:
        if self.picker is None:
            return
        grid = self.query_one(ChoiceGrid)
        if isinstance(self.picker, SplitPicker) and dx:
            self.picker.adjust(grid.index, dx)
            self.refresh_private(keep=True)
            return
        grid.move(dx, dy)

    def action_choose(self) -> None:
        if self.picker is not None:
            self._handle(self.picker.pick(self.query_one(ChoiceGrid).index))

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        if isinstance(self.picker, SplitPicker):
            return  # a click selects a player; Enter confirms the shares
        if self.picker is not None:
            self._handle(self.picker.pick(message.index))

    def action_quick(self, index: int) -> None:
        picker = self.picker
        if picker is None or isinstance(picker, SplitPicker):
            return
        if index < len(picker.choices()):
            self.query_one(ChoiceGrid).index = index
            self._handle(picker.pick(index))

    def action_fight(self, which: str) -> None:
        if isinstance(self.picker, FightPicker):
            self._handle(self.picker.pick(0 if which == "attack" else 1))

    def action_side(self, side: str) -> None:
        picker = self.picker
        if isinstance(picker, DeployPicker) and picker.step == "down":
            self._handle(picker.pick(0 if side == "left" else 1))

    def action_adjust(self, delta: int) -> None:
        if isinstance(self.picker, SplitPicker):
            self.picker.adjust(self.query_one(ChoiceGrid).index, delta)
            self.refresh_private(keep=True)

    def action_back(self) -> None:
        if self.picker is not None and self.picker.back():
            self.message = ""
            self.refresh_private()

    def action_log_page(self, direction: int) -> None:
        self.query_one(LogPanel).page(direction)

    # ---- undo (from the curtain that follows one's own move, or from one's own panel)

    def request_undo(self) -> None:
        top = self.app.screen
        if isinstance(top, CurtainScreen):
            who = self.last_viewer
        elif top is self:
            who = self.viewer
        else:
            return
        if not self.session.can_undo(who):
            if top is self:  # a curtain shows nothing but the hand-off
                self.app.notify("Nothing to undo: only your own last move, while it revealed "
                                "nothing, can be taken back.", severity="warning")
            return
        if top is not self:
            self.app.pop_screen()
        text = self.session.undo(who)
        # From a curtain, whoever pressed the key may already be the next player: the panel
        # that comes back goes behind a curtain of its own.
        self.viewer = who if top is self else None
        self.app.notify(text)
        self.advance()

    # ---- scout (any player with a scout, at any time it is allowed)

    def request_scout(self) -> None:
        top = self.app.screen
        if not (top is self or isinstance(top, CurtainScreen)):
            return
        scouters = [s for s in range(len(self.session.players))
                    if any(isinstance(a, Scout) for a in self.session.legal(s))]
        if not scouters:
            if top is self:  # a curtain shows nothing but the hand-off
                self.app.notify("No scout can be played now (no scout left, Fog, or no "
                                "face-down card of another player).", severity="warning")
            return
        previous = self.viewer
        if top is not self:
            self.app.pop_screen()
        self.viewer = None
        self.picker = None
        self.stop_clock()
        self.refresh_all()
        names = [(s, self.session.players[s]) for s in scouters]

        def chosen(seat: int | None) -> None:
            if seat is None:
                self.resume(previous)
            elif seat == previous:
                self.peek(seat)
            else:
                self.app.push_screen(CurtainScreen(self.session.players[seat]),
                                     callback=lambda _: self.peek(seat))

        self.app.push_screen(
            PickPlayerScreen("Who plays a scout?", names, "Only players with a scout that may "
                             "be played now are listed."),
            callback=chosen,
        )

    def peek(self, seat: int) -> None:
        self.scouting = seat
        view = self.session.view(seat)
        scouts = [a for a in self.session.legal(seat) if isinstance(a, Scout)]

        def done(action: Scout | None) -> None:
            if action is None:
                self.after_private(seat)
                return
            self.session.apply(action)
            seen = [e for e in self.session.view(seat)["log"] if e.get("kind") == "scout_seen"]
            text = seen[-1]["text"] if seen else "Your scout saw nothing."
            self.app.push_screen(NoticeScreen(f"{self.session.players[seat]}'s scout", text),
                                 callback=lambda _: self.after_private(seat))

        self.app.push_screen(ScoutScreen(view, scouts), callback=done)

    def after_private(self, seat: int) -> None:
        """After a private side panel of ``seat``: back to its panel, or a curtain."""
        self.scouting = None
        self.viewer = seat
        self.advance()

    def resume(self, previous: int | None) -> None:
        self.viewer = previous
        self.advance()

    # ---- the orc challenge

    def start_clock(self, view: dict[str, Any]) -> None:
        self.stop_clock()
        self.clock_expired = False
        if not view["options"].get("orc_challenge") or view["pending"]["kind"] != "deploy":
            return
        if not self.challengers():
            return
        self.clock_left = self.challenge_seconds
        self.clock_timer = self.set_interval(0.25, self._tick)
        self.refresh_status(view)

    def _tick(self) -> None:
        if self.clock_left is None:
            return
        self.clock_left -= 0.25
        if self.clock_left <= 0:
            self.stop_clock()
            self.clock_expired = True
            self._refresh_keys()
        self.refresh_status()

    def stop_clock(self) -> None:
        if self.clock_timer is not None:
            self.clock_timer.stop()
        self.clock_timer = None
        self.clock_left = None

    def challengers(self) -> list[int]:
        return [s for s in range(len(self.session.players)) if s != self.viewer
                and any(isinstance(a, Challenge) for a in self.session.legal(s))]

    def action_challenge(self) -> None:
        if self.viewer is None or not self.session.view(None)["options"].get("orc_challenge"):
            return
        if not self.clock_expired:
            self.app.notify("A challenge is possible once the 15-second clock has run out.",
                            severity="warning")
            return
        target = self.viewer
        others = self.challengers()
        if not others:
            return

        def chosen(seat: int | None) -> None:
            if seat is None:
                self.handoff(target)
                return
            self.clock_expired = False
            self.session.apply(Challenge(seat, target))
            self.handoff(target)

        self.viewer = None
        self.picker = None
        self.refresh_all()
        self.app.push_screen(
            PickPlayerScreen(f"Who challenges {self.session.players[target]}?",
                             [(s, self.session.players[s]) for s in others],
                             "The slow player pays 1 goblin to the bank and must place at once."),
            callback=chosen,
        )


class PickPlayerScreen(Screen[Any]):
    """A public, opaque question: which player? (scout, challenge)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "nav(0,-1)", "Move", show=False),
        Binding("down", "nav(0,1)", "Move", show=False),
        Binding("left", "nav(-1,0)", "Move", show=False),
        Binding("right", "nav(1,0)", "Move", show=False),
        Binding("enter", "choose", "Choose"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, title: str, players: list[tuple[Any, str]], note: str) -> None:
        super().__init__()
        self.title_text = title
        self.players = players
        self.note = note

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.note, classes="dialog-note")
            yield ChoiceGrid(id="who")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        grid = self.query_one(ChoiceGrid)
        grid.numbered = False
        grid.set_options([Choice(n, s) for s, n in self.players])

    def action_nav(self, dx: int, dy: int) -> None:
        self.query_one(ChoiceGrid).move(dx, dy)

    def action_choose(self) -> None:
        grid = self.query_one(ChoiceGrid)
        if grid.options:
            self.dismiss(grid.options[grid.index].value)

    def on_choice_grid_picked(self, message: ChoiceGrid.Picked) -> None:
        self.dismiss(self.query_one(ChoiceGrid).options[message.index].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ScoutScreen(PickPlayerScreen):
    """Private: the scouting player picks a face-down card of another player."""

    def __init__(self, view: dict[str, Any], scouts: list[Scout]) -> None:
        names = [p["name"] for p in view["players"]]
        fields = {f["id"]: f for f in view["battlefields"]}
        choices: list[tuple[Any, str]] = []
        for action in scouts:
            field = fields[action.battlefield]
            rank = field["column"][action.rank]
            other = rank["right" if action.side == "left" else "left"]
            beside = card_short(other["id"]) if other and other.get("id") else "?"
            choices.append((action, f"{names[rank['owner']]}'s {action.side} card, "
                                    f"{field['name']} rank {action.rank + 1} (beside {beside})"))
        me = names[view["seat"]]
        super().__init__(f"{me}'s scout — which face-down card do you look at?",
                         choices,
                         "Only you will see it; the card stays face down for the others. "
                         "Esc: keep the scout.")


class NoticeScreen(Screen[None]):
    """A full-screen message with one key to go on (e.g. what a scout saw)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", "Continue")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.text, id="notice-text")
            yield Static("Press Enter when done: the screen will be hidden.",
                         classes="dialog-note")
        yield Footer(classes="body", compact=True)

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Screen[None]):
    """Standings, the collective defeat, and the review with everything revealed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", "Review the game (all revealed)"),
        Binding("m,escape", "menu", "Menu"),
        Binding("q", "app.quit_saved", "Quit"),
        Binding("up,pageup", "log_page(-1)", "Log ↑", show=False),
        Binding("down,pagedown", "log_page(1)", "Log ↓", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        view = self.session.view(None)
        yield TooSmall()
        with Horizontal(classes="body", id="end"):
            with VerticalScroll(id="standings") as box:
                box.border_title = "The game is over"
                yield Static(standings_text(view))
            log = LogPanel(id="end-log")
            yield log
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.query_one(LogPanel).show(self.session.log_lines())

    def action_log_page(self, direction: int) -> None:
        self.query_one(LogPanel).page(direction)

    def action_review(self) -> None:
        self.app.push_screen(ReviewScreen(self.session))

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())


class ReviewScreen(Screen[None]):
    """Step through the finished game; every face-down card is shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("pageup", "step(-10)", "−10", show=False),
        Binding("pagedown", "step(10)", "+10", show=False),
        Binding("home", "step(-100000)", "Start"),
        Binding("end", "step(100000)", "End"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.tags = player_tags(list(session.players))
        self.step = session.action_count

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="main"):
            yield InfoBar(id="info")
            yield StatusLine(id="status")
            yield Board(id="board")
            yield LogPanel(id="review-log")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        view = revealed_view(self.session, self.step)
        self.query_one(InfoBar).show(view, self.tags)
        self.query_one(Board).show(view, self.tags)
        total = self.session.action_count
        action = self.session.record.actions[self.step - 1] if self.step else None
        what = "the start" if action is None else describe_action(action, self.session)
        self.query_one(StatusLine).update(
            Text(f"Review, everything revealed — move {self.step} of {total}: {what}",
                 style="bold"))
        self.query_one(LogPanel).show([str(e.get("text", "")) for e in view["log"]])

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.session.action_count, self.step + delta))
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)


def describe_action(action: dict[str, Any], session: GameSession) -> str:
    names = session.players
    field = FIELD_BY_ID.get(str(action.get("battlefield")))
    action = {**action, "battlefield": field.name if field else action.get("battlefield")}
    who = names[action["seat"]] if isinstance(action.get("seat"), int) else "?"
    kind = action.get("type")
    if kind == "place_rank":
        return (f"{who} places {card_name(action['left'])} | {card_name(action['right'])} "
                f"on {action['battlefield']} ({action['face_down']} face down)")
    if kind == "scout":
        return f"{who} scouts on {action['battlefield']}"
    if kind in ("attack", "hold"):
        return f"{who} {'attacks' if kind == 'attack' else 'holds'} on {action['battlefield']}"
    if kind == "challenge":
        return f"{who} challenges {names[action['target']]}"
    return f"{who}: {kind}"


def revealed_view(session: GameSession, step: int) -> dict[str, Any]:
    """The public view after ``step`` moves with every face-down card shown (finished games)."""
    view = session.view_at(step, None)
    owners = {seat: session.view_at(step, seat) for seat in range(len(session.players))}
    for index, field in enumerate(view["battlefields"]):
        for part in ("column", "aside"):
            for position, rank in enumerate(field[part]):
                mine = owners[rank["owner"]]["battlefields"][index][part][position]
                rank["left"], rank["right"] = mine["left"], mine["right"]
    return view
