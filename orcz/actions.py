"""Orcz actions: small frozen records, and their stable JSON form (see docs/orcz-actions.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.codec import ActionCodec


@dataclass(frozen=True, slots=True)
class PlaceRank:
    seat: int
    battlefield: str
    left: str
    right: str
    face_down: str  # "left" or "right"


@dataclass(frozen=True, slots=True)
class Scout:
    seat: int
    battlefield: str
    rank: int  # counted from the front, 0-based
    side: str  # "left" or "right"


@dataclass(frozen=True, slots=True)
class Attack:
    seat: int
    battlefield: str


@dataclass(frozen=True, slots=True)
class Hold:
    seat: int
    battlefield: str


@dataclass(frozen=True, slots=True)
class HandOut:
    """The strongest winner's hand-out of the secondary value: goblins per seat."""

    seat: int
    battlefield: str
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Impose:
    """The strongest loser's choice of who pays the secondary value to the bank, per seat."""

    seat: int
    battlefield: str
    payments: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Challenge:
    """The optional orc challenge: ``seat`` calls out the slow ``target``, who pays 1 goblin."""

    seat: int
    target: int


Action = PlaceRank | Scout | Attack | Hold | HandOut | Impose | Challenge

CODEC = ActionCodec(
    "an Orcz",
    {
        "place_rank": PlaceRank,
        "scout": Scout,
        "attack": Attack,
        "hold": Hold,
        "hand_out": HandOut,
        "impose": Impose,
        "challenge": Challenge,
    },
    {
        "seat": int, "battlefield": str, "left": str, "right": str, "face_down": str, "rank": int,
        "side": str, "shares": tuple, "payments": tuple, "target": int,
    },
)


def action_to_json(action: Action) -> dict[str, Any]:
    return CODEC.to_json(action)


def action_from_json(data: Any) -> Action:
    action: Action = CODEC.from_json(data)
    return action
