"""Pirate's Cove actions: small frozen records and their stable JSON (docs/pirates-actions.md).

Cards are named by their effect (``"smoke"``, ``"grapeshot"``); the rules take the lowest copy of
that card in the player's hand. Sections are ``"hull"``, ``"sails"``, ``"crew"``, ``"cannons"``.
Combat targets are seats, or -1 for the legendary pirate and -2 for the Royal Navy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.codec import ActionCodec
from common.errors import IllegalAction
from pirates.data import SECTIONS


@dataclass(frozen=True, slots=True)
class Outfit:
    seat: int
    levels: tuple[int, int, int, int]  # hull, sails, crew, cannons: target positions 1..7


@dataclass(frozen=True, slots=True)
class Navigate:
    seat: int
    island: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Play nothing in an event window or a boarding round."""

    seat: int


@dataclass(frozen=True, slots=True)
class Privateering:
    seat: int
    victim: int


@dataclass(frozen=True, slots=True)
class TreasureMap:
    seat: int


@dataclass(frozen=True, slots=True)
class Lookout:
    seat: int
    first: int  # the seat who chooses an island first


@dataclass(frozen=True, slots=True)
class SendNavy:
    """Royal Navy in Pursuit."""

    seat: int
    island: int


@dataclass(frozen=True, slots=True)
class Marque:
    """Letter of Marque: redirect the Royal Navy and take control of it."""

    seat: int
    island: int


@dataclass(frozen=True, slots=True)
class Escape:
    seat: int
    island: int


@dataclass(frozen=True, slots=True)
class Shipowner:
    seat: int
    section: str


@dataclass(frozen=True, slots=True)
class PlayBattle:
    seat: int
    card: str
    chests: int = 0  # Overboard only: chests thrown overboard


@dataclass(frozen=True, slots=True)
class PlayVolley:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Fire:
    seat: int
    target: int
    section: str


@dataclass(frozen=True, slots=True)
class Flee:
    seat: int


@dataclass(frozen=True, slots=True)
class Reload:
    """Skip this exchange's volley: the ship reloads after a Full Broadside."""

    seat: int


@dataclass(frozen=True, slots=True)
class NavyFire:
    """The Royal Navy's controller names its target and section."""

    seat: int
    target: int
    section: str


@dataclass(frozen=True, slots=True)
class ParrotChoice:
    """A second parrot was drawn: swap (1 fame) or keep the old one."""

    seat: int
    swap: bool


@dataclass(frozen=True, slots=True)
class Buy:
    seat: int


@dataclass(frozen=True, slots=True)
class Upgrade:
    seat: int
    section: str
    level: int  # the target position


@dataclass(frozen=True, slots=True)
class DoubleUpgrade:
    """Treasure Island: one section one level at double cost."""

    seat: int
    section: str


@dataclass(frozen=True, slots=True)
class Bury:
    seat: int
    chests: int
    bags: int  # bags of 3 gold


@dataclass(frozen=True, slots=True)
class CoveDraw:
    """Pirate's Cove: 2 Tavern cards, or (``gold``) 1 Tavern card and 2 gold."""

    seat: int
    gold: bool


@dataclass(frozen=True, slots=True)
class Mastercraft:
    seat: int
    section: str


@dataclass(frozen=True, slots=True)
class Mend:
    seat: int


@dataclass(frozen=True, slots=True)
class Done:
    """End this ship's island-effects turn."""

    seat: int


Action = (
    Outfit | Navigate | Pass | Privateering | TreasureMap | Lookout | SendNavy | Marque | Escape
    | Shipowner | PlayBattle | PlayVolley | Fire | Flee | Reload | NavyFire | ParrotChoice | Buy
    | Upgrade | DoubleUpgrade | Bury | CoveDraw | Mastercraft | Mend | Done
)

TYPES: dict[str, type] = {
    "outfit": Outfit,
    "navigate": Navigate,
    "pass": Pass,
    "privateering": Privateering,
    "treasure_map": TreasureMap,
    "lookout": Lookout,
    "royal_navy": SendNavy,
    "letter_of_marque": Marque,
    "escape": Escape,
    "shipowner": Shipowner,
    "battle_card": PlayBattle,
    "volley_card": PlayVolley,
    "fire": Fire,
    "flee": Flee,
    "reload": Reload,
    "navy_fire": NavyFire,
    "parrot": ParrotChoice,
    "buy": Buy,
    "upgrade": Upgrade,
    "double_upgrade": DoubleUpgrade,
    "bury": Bury,
    "cove": CoveDraw,
    "mastercraft": Mastercraft,
    "mend": Mend,
    "done": Done,
}
def _levels(value: Any) -> tuple[int, int, int, int]:
    if not isinstance(value, dict) or set(value) != set(SECTIONS):
        raise IllegalAction("levels must give hull, sails, crew and cannons")
    if any(type(value[s]) is not int for s in SECTIONS):
        raise IllegalAction("levels must be whole numbers")
    hull, sails, crew, cannons = (value[s] for s in SECTIONS)
    return hull, sails, crew, cannons



CODEC = ActionCodec(
    "a Pirate's Cove",
    TYPES,
    {
        **dict.fromkeys(("seat", "island", "victim", "first", "chests", "target", "level",
                         "bags"), int),
        **dict.fromkeys(("swap", "gold"), bool),
        **dict.fromkeys(("section", "card"), str),
    },
    special={"levels": (lambda levels: dict(zip(SECTIONS, levels, strict=True)), _levels)},
    defaults={(PlayBattle, "chests"): 0},
)
NAMES = CODEC.names  # each action record's name in JSON and in refusals


def action_to_json(action: Action) -> dict[str, Any]:
    return CODEC.to_json(action)


def action_from_json(data: Any) -> Action:
    action: Action = CODEC.from_json(data)
    return action
