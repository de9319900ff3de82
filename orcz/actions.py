"""Orcz actions: small frozen records, and their stable JSON form (see docs/orcz-actions.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.codec import action_class, field
from common.errors import IllegalAction


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

_TYPES: dict[str, type] = {
    "place_rank": PlaceRank,
    "scout": Scout,
    "attack": Attack,
    "hold": Hold,
    "hand_out": HandOut,
    "impose": Impose,
    "challenge": Challenge,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELD_TYPES: dict[str, type] = {
    "seat": int, "battlefield": str, "left": str, "right": str, "face_down": str, "rank": int,
    "side": str, "shares": tuple, "payments": tuple, "target": int,
}


def _slots(cls: type) -> tuple[str, ...]:
    slots: tuple[str, ...] = getattr(cls, "__slots__")  # noqa: B009
    return slots


def action_to_json(action: Action) -> dict[str, Any]:
    name = _NAMES.get(type(action))
    if name is None:
        raise IllegalAction(f"not an Orcz action: {action!r}")
    out: dict[str, Any] = {"type": name}
    for key in _slots(type(action)):
        value = getattr(action, key)
        out[key] = list(value) if isinstance(value, tuple) else value
    return out


def action_from_json(data: Any) -> Action:
    cls = action_class(data, _TYPES)
    values = [field(data, key, _FIELD_TYPES[key]) for key in _slots(cls)]
    action: Action = cls(*values)
    return action
