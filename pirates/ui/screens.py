"""The Pirate's Cove table: the shared table (``common.tui.table``) with Pirate's Cove's part
(``PiratesGame``: the map, every ship's mat, the combat, the private panel of the seat at the
terminal and the log) and its keys (``PiratesTable``, the screen)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from common.i18n import _, colon, ngettext
from common.lessons.targets import Target
from common.session import GameSession
from common.tui.choices import Picker
from common.tui.end import review_chart
from common.tui.flow import Flow
from common.tui.flow_api import TableFlow
from common.tui.table import StatusLine, TableScreen
from common.tui.table_game import TableGame
from common.tui.tree import TreePicker
from pirates import event_kinds as E
from pirates.actions import Done, Pass
from pirates.ui.bindings import GAME_BINDINGS
from pirates.ui.log_words import chests, count
from pirates.ui.names import card_in_sentence, card_name, island_name, raider_name, section_name
from pirates.ui.picker import make_picker
from pirates.ui.render import (
    drawn_news,
    hand_effects,
    hand_line,
    player_tags,
    results_text,
    standings_text,
    status_text,
)
from pirates.ui.widgets import CombatPanel, HandLine, MapPanel, MatsPanel
from pirates.view_types import Entry, PiratesView, as_result, as_view

SHORTCUTS = {"pass": Pass, "done": Done}


def shortcut_index(picker: Picker | None, kind: str) -> int | None:
    """Where the picker's first menu has its Pass or Done (``kind``), if it shows that menu."""
    wanted = SHORTCUTS[kind]
    if not isinstance(picker, TreePicker) or picker.sub is not None:
        return None
    for index, choice in enumerate(picker.stack[0].choices):
        if choice.enabled and isinstance(choice.value, wanted):
            return index
    return None


class PiratesGame(TableGame):
    """The islands and the combat (left), the mats (right), the private panel and the log."""

    def __init__(self, table: TableScreen) -> None:
        super().__init__(table)
        self.tags = player_tags(table.session.players)
        self._private: PiratesView | None = None
        self._seen: dict[int, int] = {}  # per seat: log entries it had seen at its last panel
        self._hint: tuple[Any, Any, Text | str] = (None, None, "")
        self._note: tuple[Any, Text | None] = (None, None)

    # ---- layout and drawing

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="top"):
            with VerticalScroll(id="left") as left:
                left.can_focus = False
                yield CombatPanel(id="combat")
                yield MapPanel(id="map")
            with VerticalScroll(id="side") as side:
                side.can_focus = False
                yield MatsPanel(id="mats")
        yield from self.compose_bottom(HandLine(id="hand"))

    def draw_public(self, shown: Mapping[str, Any]) -> None:
        view = as_view(shown)
        self.table.query_one(CombatPanel).show(view, self.tags)
        self.table.query_one(MapPanel).show(view, self.tags)
        self.table.query_one(MatsPanel).show(view, self.tags)

    def draw_private(self, shown: Mapping[str, Any] | None) -> None:
        view = self._private = as_view(shown) if shown is not None else None
        self.table.drawing.put_text("#hand", hand_line(view, self.marked_card)
                                    if view is not None else "")

    def mark_exact(self, target: Target | None) -> None:
        super().mark_exact(target)
        if self._private is not None:  # the line of cards too (drawn only when it changed)
            self.table.drawing.put_text("#hand", hand_line(self._private, self.marked_card))

    def hint(self) -> Text | str:
        """The message line: what only this seat learnt since its panel was last shown (the
        cards it drew; its secret choice is on the line of its cards)."""
        view = self._private
        if view is None:
            return ""
        # A key press redraws the panel: the log is read once per view (the view itself is
        # kept in the cache, so that another seat's view can never be taken for it).
        seen = self._seen_at(view)
        cached_view, cached_seen, text = self._hint
        if cached_view is not view or cached_seen != seen:
            text = self._news(view)
            self._hint = (view, seen, text)
        return text

    def _news(self, view: PiratesView) -> Text | str:
        log = view["log"]
        start = self._seen_at(view)
        if start is None:  # first panel of this table (e.g. a resumed game): this month's
            start = max((i for i, e in enumerate(log) if e.get("kind") == E.MONTH_START.name),
                        default=0)
        return drawn_news(log[start:])

    def _seen_at(self, view: PiratesView) -> int | None:
        """How much of the log the view's seat had seen at its last panel (None: no panel)."""
        seat = view["seat"]
        return None if seat is None else self._seen.get(seat)

    def on_seat_hidden(self) -> None:
        # What the panel last showed, not the log now: a public screen hides no panel, and a
        # card drawn meanwhile (a plunder, a month's draw) is news at the seat's next panel.
        view = self._private
        if view is not None and view["seat"] is not None:
            self._seen[view["seat"]] = len(view["log"])

    def grid_note(self) -> Text | None:
        """Below the choices: the seat's cards with their effects."""
        if self._private is None or not self._private.get("hand"):
            return None
        hand = (*self._private["hand"], self.marked_card)
        if self._note[0] != hand:
            self._note = (hand, hand_effects(self._private, self.marked_card))
        return self._note[1]

    def make_picker(self, view: Mapping[str, Any], legal: list[Any]) -> Picker | None:
        return make_picker(as_view(view), legal, self.session.why_illegal)

    def status_text(self, view: Mapping[str, Any]) -> Text:
        return status_text(as_view(view))

    def results(self, entries: list[Entry], view: Mapping[str, Any]) -> Text | None:
        return results_text(entries, as_view(view))

    def standings(self, view: Mapping[str, Any], result: Mapping[str, Any]) -> Text:
        return standings_text(as_view(view), as_result(result), self.tags)

    def highlight_target(self, target: str) -> Any:
        """A lesson's ``board``: the map (an island), the mats (a ship), the combat, the month.
        The map and the mats are one text each: an island or a ship points at its panel."""
        kind = target.partition(":")[0]
        if kind in ("island", "islands", "map"):
            return self.table.query_one(MapPanel)
        if kind in ("ship", "ships", "players", "mats"):
            return self.table.query_one(MatsPanel)
        if kind == "combat":
            combat = self.table.query_one(CombatPanel)
            return combat if combat.display else self.table.query_one(MapPanel)
        if kind in ("month", "phase"):
            return self.table.query_one(StatusLine)
        return super().highlight_target(target)

    # ---- the review: every hand and secret choice shown

    def revealed_view(self, step: int) -> dict[str, Any]:
        shown = self.session.view_at(step, None)
        view = as_view(shown)
        for seat, player in enumerate(view["players"]):
            own = as_view(self.session.view_at(step, seat))
            player["revealed_hand"] = own.get("hand") or []
            player["revealed_choice"] = own.get("my_choice")
        view["revealed"] = True
        return shown

    def draw_review(self, step: int) -> None:
        """Every hand in full in the panel, after the shell's review (the mats have no room)."""
        view = self.revealed_view(step)
        self.table.drawing.put_text("#hand", review_hands(as_view(view), self.tags,
                                            review_chart("pirates", view)))

    def describe_action(self, action: dict[str, Any]) -> str:
        return describe_action(action, self.session.players)

    # ---- the game's own keys

    def check_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "shortcut":
            return shortcut_index(self.table.picker, str(parameters[0])) is not None
        return True

    def shortcut(self, kind: str) -> None:
        """``p`` or ``d``: the picker's first menu's Pass or Done, from anywhere in it."""
        index = shortcut_index(self.table.picker, kind)
        picker = self.table.picker
        if index is None or not isinstance(picker, TreePicker):
            return
        del picker.stack[1:]
        self.table.flow.handle_pick(picker.pick(index))


class PiratesTable(TableScreen):
    """The shared table with Pirate's Cove's part (``pirates``) and its keys."""

    BINDINGS: ClassVar[list[Any]] = GAME_BINDINGS

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
        super().__init__(session, PiratesGame, review=review, flow=flow)
        self.pirates = cast(PiratesGame, self.game)  # the part made just above

    def action_shortcut(self, kind: str) -> None:
        self.pirates.shortcut(kind)


def review_hands(view: PiratesView, tags: list[str],
                 chart: tuple[Text, list[Text]] | None = None) -> Text:
    """Each seat's cards and secret choice, one seat a line (wrapped, never cut), after its
    fame so far when there is a ``chart`` (its title, then a row of bars per seat)."""
    lines = [] if chart is None else [chart[0]]
    for seat, player in enumerate(view["players"]):
        line = Text(f"[{tags[seat]}] {player['name']}", style="bold")
        if chart is not None:
            line.append(" ")
            line.append_text(chart[1][seat])
        line.append(" │ " if chart is not None else colon())
        counts = Counter(card_name(c) for c in player.get("revealed_hand") or [])
        line.append(" · ".join(f"{n}× {name}" if n > 1 else name
                               for name, n in counts.items()) or _("no cards"))
        choice = player.get("revealed_choice")
        if isinstance(choice, int):
            line.append(" │ " + _("course: {island}").format(island=island_name(choice)),
                        style="italic")
        elif isinstance(choice, dict):
            line.append(" │ " + _("outfit: {values}").format(values=", ".join(
                f"{section_name(k)} {v}" for k, v in choice.items())), style="italic")
        lines.append(line)
    return Text("\n").join(lines)


def describe_action(action: dict[str, Any], players: tuple[str, ...]) -> str:
    """One action of the record in words (the review)."""
    seat = action.get("seat")
    who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
    kind = str(action.get("type", "?"))
    phrase = _ACTION_WORDS.get(kind)
    try:
        return phrase(action, players).format(who=who) if phrase else \
            f"{who}: {kind.replace('_', ' ')}"
    except (KeyError, IndexError, TypeError):
        return f"{who}: {kind.replace('_', ' ')}"


def _target(action: dict[str, Any], players: tuple[str, ...]) -> str:
    t = action.get("target")
    if isinstance(t, int) and t < 0:
        return raider_name(t)
    return players[t] if isinstance(t, int) and 0 <= t < len(players) else "?"


def _isl(action: dict[str, Any]) -> str:
    return island_name(action.get("island", -9))


def _section(action: dict[str, Any]) -> str:
    return section_name(action.get("section"))


def _fill(text: str, **values: Any) -> str:
    """``text`` with its values filled in, ``{who}`` left for the captain's name (the values'
    braces doubled, so that a typed name stays literal when ``{who}`` is filled in)."""
    safe = {k: str(v).replace("{", "{{").replace("}", "}}") for k, v in values.items()}
    return text.format(who="{who}", **safe)


def _battle(a: dict[str, Any], p: tuple[str, ...]) -> str:
    if a.get("chests"):
        return _fill(_("{who} plays {card} ({chests} chests)"),
                     card=card_in_sentence(a.get("card")), chests=a["chests"])
    return _fill(_("{who} plays {card}"), card=card_in_sentence(a.get("card")))


def _bury(a: dict[str, Any], p: tuple[str, ...]) -> str:
    bags = a.get("bags", 0)
    return _fill(_("{who} buries {chests} and {bags} of gold"), chests=chests(a.get("chests", 0)),
                 bags=count(ngettext("{count} bag", "{count} bags", bags), bags))


Phrase = Callable[[dict[str, Any], tuple[str, ...]], str]
_ACTION_WORDS: dict[str, Phrase] = {
    "outfit": lambda a, p: _fill(_("{who} outfits: {values}"), values=", ".join(
        f"{section_name(k)} {v}" for k, v in (a.get("levels") or {}).items())),
    "navigate": lambda a, p: _fill(_("{who} sets course for {island}"), island=_isl(a)),
    "pass": lambda a, p: _("{who} passes"),
    "privateering": lambda a, p: _fill(_("{who} plays Privateering against {victim}"),
                                       victim=p[a["victim"]]),
    "treasure_map": lambda a, p: _("{who} plays a Treasure Map"),
    "lookout": lambda a, p: _fill(_("{who} plays Lookout ({first} first)"), first=p[a["first"]]),
    "royal_navy": lambda a, p: _fill(_("{who} sends the Royal Navy to {island}"),
                                     island=_isl(a)),
    "letter_of_marque": lambda a, p: _fill(_("{who} turns the Royal Navy to {island}"),
                                           island=_isl(a)),
    "escape": lambda a, p: _fill(_("{who} escapes to {island}"), island=_isl(a)),
    "battle_card": _battle,
    "volley_card": lambda a, p: _fill(_("{who} readies {card}"),
                                      card=card_in_sentence(a.get("card"))),
    "fire": lambda a, p: _fill(_("{who} fires at {target}'s {section}"),
                               target=_target(a, p), section=_section(a)),
    "navy_fire": lambda a, p: _fill(_("{who} fires the Royal Navy at {target}'s {section}"),
                                    target=_target(a, p), section=_section(a)),
    "flee": lambda a, p: _("{who} flees"),
    "reload": lambda a, p: _("{who} reloads"),
    "parrot": lambda a, p: _("{who} swaps parrots") if a.get("swap")
    else _("{who} keeps the old parrot"),
    "buy": lambda a, p: _("{who} buys a Tavern card"),
    "upgrade": lambda a, p: _fill(_("{who} raises {section} to {level}"), section=_section(a),
                                  level=a.get("level")),
    "double_upgrade": lambda a, p: _fill(_("{who} raises {section} at double cost"),
                                         section=_section(a)),
    "bury": _bury,
    "cove": lambda a, p: _("{who} takes 1 card and 2 gold") if a.get("gold")
    else _("{who} takes 2 cards"),
    "mastercraft": lambda a, p: _fill(_("{who} fits a Mastercraft on {section}"),
                                      section=_section(a)),
    "mend": lambda a, p: _("{who} mends the Mastercraft"),
    "shipowner": lambda a, p: _fill(_("{who} plays Shipowner on {section}"),
                                    section=_section(a)),
    "done": lambda a, p: _("{who} is done"),
}


__all__ = ["PiratesGame", "PiratesTable", "describe_action", "review_hands"]
