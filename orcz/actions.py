"""Orcz actions: small frozen records, and their stable JSON form (see docs/actions.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def _field(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise IllegalAction(f"the action lacks {key!r}")
    value = data[key]
    want = _FIELD_TYPES[key]
    if want is int:
        if type(value) is not int:
            raise IllegalAction(f"{key!r} must be a whole number")
        return value
    if want is tuple:
        if not isinstance(value, list | tuple) or any(type(v) is not int for v in value):
            raise IllegalAction(f"{key!r} must be a list of whole numbers")
        return tuple(value)
    if not isinstance(value, str):
        raise IllegalAction(f"{key!r} must be text")
    return value


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise IllegalAction("an action must be a JSON object")
    cls = _TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise IllegalAction(f"unknown action type {data.get('type')!r}")
    values = [_field(data, key) for key in _slots(cls)]
    action: Action = cls(*values)
    return action
