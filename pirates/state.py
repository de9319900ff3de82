"""The immutable Pirate's Cove game state.

Cards are indices: Tavern cards into ``data.TAVERN``, Treasure cards into ``data.TREASURES``;
legendary pirates are ids of ``data.LEGENDS``. Ring positions run 0..7, ``OFF`` (-1) when a
section is destroyed. The log is kept as in ``common/log.py``. The records are named tuples, as in
Orcz: immutable like frozen dataclasses, and several times faster to build.
"""

from __future__ import annotations

from typing import NamedTuple

from common.draft import quick_replace
from common.events import Event
from common.log import Log, events
from common.rng import Rng
from pirates.data import LEGEND_SHIP, NAVY_SHIP, OPEN_SEA

# Phases: what the game waits for.
OUTFIT = "outfit"
BEFORE_NAV = "before_navigation"  # Privateering, Treasure Map, Lookout (P-R12)
NAVIGATE = "navigation"
AFTER_NAV = "after_navigation"  # Royal Navy in Pursuit, Letter of Marque, Escape
COMBAT = "combat"
PLUNDER = "plunder"  # automatic; only paused by a parrot decision
EFFECTS = "island_effects"
OVER = "over"

NOBODY = -1


@quick_replace
class Ship(NamedTuple):
    """A player's ship mat and purse. ``hand`` is sorted Tavern card indices."""

    levels: tuple[int, int, int, int]
    gold: int
    chests: int
    fame: int
    hand: tuple[int, ...]
    island: int = OPEN_SEA
    parrot: int = NOBODY
    parrot_wounded: bool = False
    craft: int = NOBODY  # the Mastercraft card on the mat
    craft_section: int = NOBODY
    craft_damaged: bool = False
    # The seed's Mastercraft variant: the further Mastercraft cards, one per section at most, as
    # (section, card, damaged) in section order. Always empty without the variant.
    more_crafts: tuple[tuple[int, int, bool], ...] = ()

    @property
    def crippled(self) -> bool:
        return min(self.levels) < 0

    def craft_at(self, section: int) -> bool:
        """A Mastercraft protects ``section``."""
        if self.craft != NOBODY and self.craft_section == section:
            return True
        return any(c[0] == section for c in self.more_crafts)

    @property
    def craft_to_mend(self) -> bool:
        if self.craft_damaged:
            return True
        return bool(self.more_crafts) and any(c[2] for c in self.more_crafts)


class Legend(NamedTuple):
    """A black ship on the board and the legendary-pirate card under it."""

    card: str
    island: int
    hull: int
    sunk: bool = False


class Navy(NamedTuple):
    island: int
    controller: int
    sender: int  # who first sent it: it never goes to this player's island


@quick_replace
class Combat(NamedTuple):
    """One combat in progress on ``island`` (``data.TIEBREAK``: the final tie-break, P-R11)."""

    island: int
    boarding: bool  # True during the boarding rounds
    fighters: tuple[int, ...]  # player seats still in the combat
    order: tuple[int, ...]  # boarding: seats in turn order; volleys: ships still to act
    turn: int  # boarding: index into order
    played: bool  # boarding: someone played a card this round
    exchange: int
    legend: int  # index into State.legends, or NOBODY
    legend_hull: int
    exchange_hull: int  # the legend's hull when this exchange began (Flying Dutchman)
    navy_hull: int  # 0 when no Royal Navy fights here (or it is sunk)
    navy_in: bool
    battle: tuple[int, ...]  # Battle cards in force (card indices)
    becalmed: bool
    hooks: bool
    winds: tuple[int, ...]  # speed bonus per seat
    smoke: frozenset[int]
    overboard: tuple[int, ...]  # chests thrown overboard per seat
    hit: frozenset[int]  # seats hit at least once in this combat
    reload: tuple[int, ...]  # per seat: the exchange in which it may not fire (Full Broadside)
    volley: tuple[int, ...]  # Volley cards played for the volley being prepared
    legend_fame_done: bool = False


def afloat_raiders(cb: Combat) -> list[int]:
    out = []
    if cb.legend != NOBODY and cb.legend_hull > 0:
        out.append(LEGEND_SHIP)
    if cb.navy_in and cb.navy_hull > 0:
        out.append(NAVY_SHIP)
    return out


class State(NamedTuple):
    players: tuple[str, ...]
    rng: Rng
    dice: tuple[int, ...]  # dice fixed by the set-up, used before the generator
    month: int
    phase: str
    seat: int  # the seat to decide, or NOBODY during simultaneous choices
    ships: tuple[Ship, ...]
    treasury: int  # gold on Treasure Island: paid in minus paid out (it never runs out)
    supply: int  # chests on Treasure Island
    stacks: tuple[tuple[int, ...], ...]  # face-down Treasure stacks of islands 1..5, top first
    face_up: tuple[int, ...]  # the Treasure card turned up on islands 1..5, or NOBODY
    treasure_discard: tuple[int, ...]
    tavern_deck: tuple[int, ...]  # top first
    tavern_discard: tuple[int, ...]
    legends: tuple[Legend, ...]
    legend_deck: tuple[str, ...]
    legend_discard: tuple[str, ...]
    navy: Navy | None
    privateer: tuple[int, int] | None  # (player of the card, victim) this month
    treasure_map: tuple[int, int] | None  # (marked island, player of the card) this month
    lookout: int  # Lookout: the seat who navigates first, openly; NOBODY when secret
    # Each seat's secret outfitting (hull, sails, crew, cannons), None until chosen; revealed all
    # at once, when the last seat has chosen.
    outfits: tuple[tuple[int, int, int, int] | None, ...]
    # The island each seat sails to this month, None until chosen and again once revealed (the
    # ships' islands then say it): secret unless the Lookout opens the navigation.
    headings: tuple[int | None, ...]
    order: tuple[int, ...]  # seats in turn order for windows, open navigation, island effects
    turn: int  # index into order
    passes: int  # windows: consecutive passes
    island: int  # the island being resolved (combat, island effects)
    combat: Combat | None
    bought: int  # Tavern cards bought this visit
    done: frozenset[str]  # island effects already used this visit
    parrots: tuple[tuple[int, int], ...]  # (seat, parrot card) waiting for a swap decision
    winner: int  # the tie-break winner, or NOBODY
    multi_craft: bool  # the seed's variant: several Mastercraft cards, one per section at most
    history: Log  # the event records (pirates/event_kinds.py) as the linked chunks of common/log.py

    @property
    def seat_count(self) -> int:  # not ``count``, which a tuple has already
        return len(self.players)

    @property
    def log(self) -> tuple[Event, ...]:
        return events(self.history)
