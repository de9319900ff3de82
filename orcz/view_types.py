"""The shape of an Orcz view (``orcz.view.view``), declared for the type checker.

The view stays plain JSON data at run time (dicts and lists); these TypedDicts only name its keys,
so that mypy fails on an interface that reads a key the core no longer gives. A key that only
some views carry (the seat's own hand, the result once the game is over) is ``NotRequired``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

# A log entry carries the fields of its own event kind beside its ``kind``, and no words (the
# game's wording module words it where it is shown): its shape is the event kind's
# (``orcz.event_kinds``), not the view's.
Entry = dict[str, Any]


class PlayerView(TypedDict):
    """A seat at the table; its goblins only for itself (and for all once the game is over)."""

    seat: int
    name: str
    goblins: int | None
    spent_heroes: list[str]
    cards_behind_screen: int
    ranks_placed: int
    cards_on_table: int


class EventView(TypedDict):
    """The event tile of the round."""

    id: str
    kind: str
    name: str
    text: str
    battlefield: str | None


class CardView(TypedDict):
    """A card of a rank. One the viewer may not know is only ``{"id": None, "face_down":
    True}``; a known one has its name and strength too."""

    id: str | None
    face_down: bool
    name: NotRequired[str]
    strength: NotRequired[int]


class RankCards(TypedDict):
    """What a rank's line on the board shows: its owner and its two cards (None: no card)."""

    owner: int
    left: CardView | None
    right: CardView | None


class RankView(RankCards):
    revealed: bool


class EnemyView(TypedDict):
    id: str
    name: str
    main: int
    secondary: int


class FieldView(TypedDict):
    """A battlefield: its enemy (None once beaten), the strength its battle needs, the orc
    column from the front rank and the ranks set aside for the battle."""

    id: str
    name: str
    symbol: str
    enemy: EnemyView | None
    needed: int | None
    stack: int
    defeated: int
    cleared: bool
    column: list[RankView]
    aside: list[RankView]
    aside_strength: int
    resolving: bool
    queued: bool


# The decisions the game waits for (``orcz.state``), and "over" once it has ended.
PendingKind = Literal["deploy", "fight", "hand_out", "impose", "over"]


class PendingView(TypedDict):
    """The decision the game waits for. Placing a rank has its turn; a fight, a hand-out or an
    imposed payment its amount and candidates; the game's end nothing more."""

    kind: PendingKind
    seat: int
    battlefield: NotRequired[str]
    turn: NotRequired[int]
    turns: NotRequired[int]
    amount: NotRequired[int]
    candidates: NotRequired[list[int]]
    forced_hero: NotRequired[bool]
    options: NotRequired[int | None]


class OptionsView(TypedDict):
    orc_challenge: bool


class ScoutedView(TypedDict):
    """A face-down card the viewer's scout saw this round."""

    owner: int
    card: str


class Outcome(TypedDict):
    """The game's end (O-R15): who won, or the collective defeat."""

    collective_defeat: bool
    winners: list[int]
    cleared: int


class StandingView(TypedDict):
    seat: int
    name: str
    goblins: int


class ResultView(Outcome):
    over: bool
    standings: list[StandingView]


class OrczView(TypedDict):
    """What one seat (None: a spectator) may know of the game."""

    game: str
    seat: int | None
    round: int
    rounds: int
    first_player: int
    players: list[PlayerView]
    event: EventView | None
    battlefields: list[FieldView]
    pending: PendingView
    options: OptionsView
    log: list[Entry]
    over: bool
    hand: NotRequired[list[str]]
    never_placed: NotRequired[dict[str, str]]
    scouted: NotRequired[list[ScoutedView]]
    result: NotRequired[ResultView]


def seat_of(view: OrczView) -> int:
    """The seat ``view`` is for: a panel or a decision is never a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view is for no seat")
    return seat


def as_view(view: Mapping[str, Any]) -> OrczView:
    """The shell hands a game's table its views as plain mappings: they are Orcz's own."""
    return cast(OrczView, view)


__all__ = [
    "CardView",
    "EnemyView",
    "Entry",
    "EventView",
    "FieldView",
    "OptionsView",
    "OrczView",
    "Outcome",
    "PendingView",
    "PlayerView",
    "RankCards",
    "RankView",
    "ResultView",
    "ScoutedView",
    "StandingView",
    "as_view",
    "seat_of",
]
