"""The numbers the rules derive from a ship and a combat: speed, dice, the least face that hits.

One place for the rules (``combat.py``, ``navy.py``) and the view (``view.py``), so that what a
panel announces is what the next volley does.
"""

from __future__ import annotations

from collections.abc import Sequence

from pirates import data as D
from pirates.state import NOBODY, Combat, Legend, Ship


def base_speed(ship: Ship) -> int:
    """The Sails value; Squire Trelawney's parrot adds its speed."""
    speed = D.value(D.SAILS, ship.levels[D.SAILS])
    if ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.TRELAWNEY:
        return speed + D.TRELAWNEY_SPEED
    return speed


def combat_speed(cb: Combat, ships: Sequence[Ship], legends: Sequence[Legend], ship: int) -> int:
    """A ship's speed in a combat: Favourable Winds and chests thrown overboard count."""
    if ship == D.LEGEND_SHIP:
        return D.LEGEND_BY_ID[legends[cb.legend].card].speed
    if ship == D.NAVY_SHIP:
        return D.ROYAL_NAVY.speed
    return base_speed(ships[ship]) + cb.winds[ship] + D.OVERBOARD_SPEED * cb.overboard[ship]


def ship_dice(ship: Ship, hooks: bool) -> int:
    """The dice a ship throws: the smaller of Crew and Cannons; Long John Silver's parrot 6,
    Billy Bones's the Cannons; Grappling Hooks (``hooks``) the Crew."""
    parrot = D.TAVERN[ship.parrot].effect if ship.parrot != NOBODY else ""
    cannons = D.value(D.CANNONS, ship.levels[D.CANNONS])
    if parrot == D.SILVER:
        return D.SILVER_DICE
    if parrot == D.BONES:
        return cannons
    crew = D.value(D.CREW, ship.levels[D.CREW])
    if hooks:
        return crew
    return min(crew, cannons)


def hit_face(cb: Combat, target: int, grapeshot: int) -> int:
    """The least die that hits ``target``: 5; 6 on a ship under Smoke; Grapeshot 3, Smoke or
    not."""
    if grapeshot:
        return D.GRAPESHOT_HIT_FACE
    return D.SMOKE_HIT_FACE if target >= 0 and target in cb.smoke else D.HIT_FACE


__all__ = ["base_speed", "combat_speed", "hit_face", "ship_dice"]
