"""What every family's listing and rule checks share: the cards in a hand, the actions built once
for every listing, and the words of refusals that several rules give."""

from __future__ import annotations

from functools import lru_cache

from common.codec import clip
from common.errors import IllegalAction
from common.rules import Refusal
from pirates import data as D
from pirates.actions import Done, Flee, Pass, Reload
from pirates.state import Combat, Ship, State

SECTION_IDS = D.SECTIONS

# The actions offered at nearly every listing, built once: a frozen dataclass costs a
# microsecond or so to build, and a listing offers several.
_SEATS = range(D.MAX_PLAYERS)
PASS = tuple(Pass(seat) for seat in _SEATS)
DONE = tuple(Done(seat) for seat in _SEATS)
FLEE = tuple(Flee(seat) for seat in _SEATS)
RELOAD_OR_FLEE = tuple((Reload(seat), Flee(seat)) for seat in _SEATS)


def holds(ship: Ship, effect: str) -> bool:
    return effect in _effects(ship.hand)


@lru_cache(maxsize=8192)
def _effects(hand: tuple[int, ...]) -> frozenset[str]:
    return frozenset(D.TAVERN[c].effect for c in hand)


def island_name(island: int) -> str:
    return D.ISLAND_NAMES.get(island, f"island {island}")


def card_name(effect: str) -> str:
    return D.EFFECT_NAMES[effect]


def fight(state: State) -> Combat:
    cb = state.combat
    assert cb is not None
    return cb


def target_refusal(cb: Combat, target: int) -> Refusal:
    if target not in cb.fighters:
        return IllegalAction(f"there is no ship {clip(target)} in this combat", "not-in-combat")
    return None


def unaffordable(what: str, cost: int, gold: int, code: str,
                 **params: object) -> Refusal:
    if cost > gold:
        return IllegalAction(f"{what} costs {cost} gold and you have {gold}", code,
                             {"cost": cost, "gold": gold, **params})
    return None


def in_play(effect: str) -> IllegalAction:
    return IllegalAction(f"{card_name(effect)} is already in play this month", "already-in-play",
                         {"card": effect})


def seat_refusal(state: State, seat: int, role: str) -> Refusal:
    if seat not in range(state.seat_count):
        return IllegalAction(f"there is no seat {clip(seat)} to be {role}", "no-such-seat")
    return None


def wrong_island(state: State, what: str, task: str) -> IllegalAction:
    """``task`` names ``what`` for an interface: "cove", "buy", "upgrade", "bury", "double"."""
    return IllegalAction(f"{what}, and you are at {island_name(state.island)}", "wrong-island",
                         {"task": task, "island": state.island})


def at_top(section: str) -> IllegalAction:
    return IllegalAction(f"your {section} is at the top already", "section-at-top",
                         {"section": section})
