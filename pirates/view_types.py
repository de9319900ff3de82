"""The shape of a Pirate's Cove view (``pirates.view.view`` and ``public_view``), declared for
the type checker.

The view stays plain JSON data at run time (dicts and lists); these TypedDicts only name its keys,
so that mypy fails on an interface that reads a key the core no longer gives. A key that only
some views carry (the seat's own hand and offers, the result once the game is over) is
``NotRequired``; what differs by phase (the offers, the secret choice) is spelt out below.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

# A log entry carries the fields of its own event kind beside its ``kind``, and no words (the
# game's wording module words it where it is shown): its shape is the event kind's
# (``pirates.event_kinds``), not the view's.
Entry = dict[str, Any]

# A seat's secret choice this month: its outfitting (each section's ring) or its course (an
# island number); None when it has none to make or has not made it.
Outfit = dict[str, int]
SecretChoice = Outfit | int | None


class CraftView(TypedDict):
    """A Mastercraft on a section of the mat (several only in the variant)."""

    section: str
    damaged: bool


class PlayerView(TypedDict):
    """A ship's mat, public to all; its fame cards only for its own seat (and at the end)."""

    seat: int
    name: str
    island: int
    levels: dict[str, int]
    values: dict[str, int]
    speed: int
    dice: int
    gold: int
    chests: int
    fame: int
    cards_in_hand: int
    parrot: str | None
    parrot_wounded: bool
    mastercraft: str | None
    mastercraft_damaged: bool
    mastercrafts: list[CraftView]
    crippled: bool
    has_chosen: bool | None
    fame_cards: list[str] | None
    # The review of a finished game adds every hand and secret choice (never the core).
    revealed_hand: NotRequired[list[str]]
    revealed_choice: NotRequired[SecretChoice]


class TreasureView(TypedDict):
    """A face-up Treasure card: what plundering its island brings."""

    kind: str
    gold: int
    chests: int
    cards: int
    fame: int


class IslandLegend(TypedDict):
    """A legendary pirate at an island."""

    id: str
    name: str
    hull: int
    sunk: bool


class IslandView(TypedDict):
    """An island; the outer ones have a Treasure stack and its face-up card (None: none)."""

    number: int
    name: str
    stack: NotRequired[int]
    treasure: NotRequired[TreasureView | None]
    legends: list[IslandLegend]


class NavyView(TypedDict):
    island: int
    controller: int
    sender: int


class PrivateeringView(TypedDict):
    seat: int
    victim: int


class TreasureMapView(TypedDict):
    island: int
    seat: int


class ParrotChoiceView(TypedDict):
    """A seat deciding whether to swap its parrot for the one it drew."""

    seat: int
    card: str


class CombatLegend(TypedDict):
    """The legendary pirate in the combat: its hull now and in full, its dice and fame."""

    id: str
    name: str
    hull: int
    full: int
    dice: int
    fame: int


class TargetView(TypedDict):
    """A ship the volley may fire at, and the least face that hits it."""

    target: int
    hits_on: int


class NextVolley(TypedDict):
    ship: int
    dice: int
    targets: list[TargetView]


# A combat's stage: its boarding rounds (Battle cards), then its volleys.
Stage = Literal["boarding", "volleys"]


class CombatView(TypedDict):
    """The combat in progress."""

    island: int
    tiebreak: bool
    stage: Stage
    exchange: int
    fighters: list[int]
    order: list[int]
    speeds: list[int]
    to_fire: list[int]
    legend: CombatLegend | None
    legend_hull: int | None
    navy_hull: int | None
    next_volley: NextVolley | None
    battle_cards: list[str]
    becalmed: bool
    grappling_hooks: bool
    winds: list[int]
    smoke: list[int]
    overboard: list[int]
    hit: list[int]
    volley_cards: list[str]


class Reason(TypedDict):
    """Why an option is refused: the rules' English ``text``, and its ``code`` and ``params``
    for an interface to word it in its own language."""

    text: str
    code: str
    params: dict[str, object]


class BuyOffer(TypedDict):
    cost: int
    reason: Reason | None


# "from" is a keyword: the functional form names it.
LevelOffer = TypedDict(
    "LevelOffer",
    {"section": str, "from": int, "level": int, "cost": int, "reason": Reason | None},
)


class UpgradeOffer(LevelOffer):
    """An upgrade at the island of its section, with the value the new level gives."""

    value: int


class Offers(TypedDict, total=False):
    """What the seat's panel lists beside its legal actions (``pirates.reasons.offers``); which
    keys are there depends on the decision: a parrot's swap, the outfitting's dice, a window's
    cards and islands, a combat's cards, fire and flight, or an island's effects."""

    swap: Reason | None
    dice: list[list[int]]
    cards: dict[str, Reason]
    islands: dict[str, list[Reason | None]]
    flee: Reason | None
    fire: dict[int, Reason]
    buy: BuyOffer
    upgrades: list[UpgradeOffer]
    sections: dict[str, list[Reason | None]]
    mend: Reason | None
    bury: Reason | None
    double: list[LevelOffer]


class OptionsView(TypedDict):
    multi_mastercraft: bool


class StandingView(TypedDict):
    seat: int
    name: str
    fame: int


class ResultView(TypedDict):
    """Standings by fame, the tie-break's winner first among the tied."""

    over: bool
    winner: int | None
    tie_break: bool
    standings: list[StandingView]


# The phases of a month (``pirates.state``), and "over" once the game has ended.
Phase = Literal["outfit", "before_navigation", "navigation", "after_navigation", "combat",
                "plunder", "island_effects", "over"]


class PiratesView(TypedDict):
    """What one seat (None: a spectator) may know of the game."""

    game: str
    seat: int | None
    month: int
    months: int
    phase: Phase
    to_act: list[int]
    players: list[PlayerView]
    islands: list[IslandView]
    treasury_chests: int
    tavern_deck: int
    tavern_discard: list[str]
    treasure_discard: list[str]
    legend_deck: int
    legend_discard: list[str]
    royal_navy: NavyView | None
    privateering: PrivateeringView | None
    treasure_map: TreasureMapView | None
    lookout_first: int | None
    combat: CombatView | None
    parrot_choice: ParrotChoiceView | None
    log: list[Entry]
    over: bool
    # The game's options; a seat's own view counts its legal actions here instead.
    options: OptionsView | int
    hand: NotRequired[list[str]]
    my_choice: NotRequired[SecretChoice]
    my_choice_values: NotRequired[Outfit | None]
    offers: NotRequired[Offers]
    result: NotRequired[ResultView]
    # The review of a finished game sets it: every hand and secret choice is on the mats.
    revealed: NotRequired[bool]


def as_view(view: Mapping[str, Any]) -> PiratesView:
    """The shell hands a game's table its views as plain mappings: they are Pirate's Cove's."""
    return cast(PiratesView, view)


def as_result(result: Mapping[str, Any]) -> ResultView:
    """The shell hands the table the game's result as a plain mapping: it is ``result()``'s."""
    return cast(ResultView, result)


def seat_of(view: PiratesView) -> int:
    """The seat ``view`` is for: a panel or a decision is never a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view is for no seat")
    return seat
