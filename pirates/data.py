"""Pirate's Cove data tables: the ship mat, the Treasure, Tavern and legendary-pirate cards.

What the seed does not print is *reconstructed* and labelled so (rulings P-R2, P-R3, P-R5, P-R6):
correct it here without touching rule code.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS, MAX_PLAYERS = 3, 5

# ---------------------------------------------------------------- the map

TAVERN_ISLAND, HULL_ISLAND, SAIL_ISLAND, CANNON_ISLAND, CREW_ISLAND = 1, 2, 3, 4, 5
TREASURE_ISLAND, COVE = 6, 7
OUTER = (1, 2, 3, 4, 5)
OPEN_SEA = 0  # where a ship is before its first navigation
TIEBREAK = 0  # the island of the final tie-break's combat (P-R11): none on the map
ISLAND_NAMES = {
    OPEN_SEA: "the open sea",
    1: "Tavern Island",
    2: "Hull Island",
    3: "Sail Island",
    4: "Cannon Island",
    5: "Crew Island",
    6: "Treasure Island",
    7: "Pirate's Cove",
}

# ---------------------------------------------------------------- ship mat (P-R2, reconstructed)

HULL, SAILS, CREW, CANNONS = 0, 1, 2, 3
SECTIONS = ("hull", "sails", "crew", "cannons")
SECTION_INDEX = {name: i for i, name in enumerate(SECTIONS)}
ISLAND_SECTION = {HULL_ISLAND: HULL, SAIL_ISLAND: SAILS, CANNON_ISLAND: CANNONS,
                  CREW_ISLAND: CREW}

OFF = -1  # a ring pushed off the mat: the section is destroyed, the ship crippled
START_LEVEL = 1
TOP_LEVEL = 7
# Value of each section at positions 0..7 (reconstructed, P-R2).
VALUES: tuple[tuple[int, ...], ...] = (
    (2, 3, 4, 5, 6, 7, 8, 10),  # hull: treasure capacity
    (4, 5, 6, 7, 8, 9, 10, 12),  # sails: speed
    (2, 2, 3, 3, 4, 4, 5, 5),  # crew
    (2, 2, 3, 3, 4, 4, 5, 5),  # cannons
)
# Gold to move a ring INTO each position (reconstructed, P-R2; the seed fixes 5→6 = 1, 5→7 = 3).
COST_INTO = (0, 1, 1, 2, 2, 3, 3, 4)
START_GOLD = 9
START_CARDS = 1  # Tavern cards dealt to each player
REPAIR_COST = 2  # per destroyed section, in Pirate's Cove
TAVERN_PRICE = 2
TAVERN_BUYS = 3
BAG = 3  # gold in a bag buried on Treasure Island: 1 fame
MEND_COST = 1  # gold to mend a damaged Mastercraft
PARROT_SWAP_FAME = 1  # fame to swap one's parrot for a new one
DEAD_PARROT_FAME = 2  # fame lost when one's parrot is killed
COVE_CARDS = 2  # Pirate's Cove: 2 Tavern cards, or
COVE_CARD_GOLD = (1, 2)  # 1 Tavern card and 2 gold
MONTHS = 12
CHESTS_IN_BOX = 50


def value(section: int, level: int) -> int:
    """What a section is worth with its ring on ``level`` (a destroyed section counts as 0)."""
    return VALUES[section][level] if level >= 0 else VALUES[section][0]


def upgrade_cost(start: int, target: int) -> int:
    """Gold to move a ring from ``start`` up to ``target``: the sum of every step (seed example)."""
    return sum(COST_INTO[p] for p in range(max(start, 0) + 1, target + 1))


def outfit_cost(levels: tuple[int, ...] | list[int]) -> int:
    """Gold to outfit a ship with its rings on ``levels``, each from the start."""
    return sum(upgrade_cost(START_LEVEL, level) for level in levels)


# ---------------------------------------------------------------- Tavern cards (42, in the seed)

PARROT, MASTERCRAFT, BATTLE, VOLLEY, EVENT, FAME = (
    "parrot", "mastercraft", "battle", "volley", "event", "fame",
)
# Parrots, keyed by the section they advise.
FLINT, SILVER, BONES, TRELAWNEY = "flint", "silver", "bones", "trelawney"
# Battle cards.
BECALMED, WINDS, HOOKS, SMOKE, OVERBOARD = (
    "becalmed", "favourable_winds", "grappling_hooks", "smoke", "overboard",
)
# Volley cards.
GRAPESHOT, POWDER_KEG, BROADSIDE = "grapeshot", "powder_keg", "full_broadside"
# Event cards.
ESCAPE, PRIVATEERING, LOOKOUT, SHIPOWNER, MARQUE, NAVY, TREASURE_MAP = (
    "escape", "privateering", "lookout", "shipowner", "letter_of_marque",
    "royal_navy_in_pursuit", "treasure_map",
)


@dataclass(frozen=True, slots=True)
class TavernCard:
    index: int
    id: str  # unique: the effect, and a copy number when the deck holds several
    kind: str
    effect: str  # the effect key; the same for every copy
    name: str
    section: int = -1  # parrots: the section advised
    fame: int = 0  # fame cards: their worth


_TAVERN_TABLE: tuple[tuple[str, str, str, int, int, int], ...] = (
    # kind, effect, name, copies, section, fame
    (PARROT, FLINT, "Captain Flint's parrot", 1, HULL, 0),
    (PARROT, SILVER, "Long John Silver's parrot", 1, CREW, 0),
    (PARROT, BONES, "Billy Bones' parrot", 1, CANNONS, 0),
    (PARROT, TRELAWNEY, "Squire Trelawney's parrot", 1, SAILS, 0),
    (MASTERCRAFT, MASTERCRAFT, "Mastercraft", 7, -1, 0),
    (BATTLE, BECALMED, "Becalmed", 1, -1, 0),
    (BATTLE, WINDS, "Favourable Winds", 2, -1, 0),
    (BATTLE, HOOKS, "Grappling Hooks", 2, -1, 0),
    (BATTLE, SMOKE, "Smoke", 2, -1, 0),
    (BATTLE, OVERBOARD, "Overboard", 1, -1, 0),
    (VOLLEY, GRAPESHOT, "Grapeshot", 2, -1, 0),
    (VOLLEY, POWDER_KEG, "Powder Keg", 2, -1, 0),
    (VOLLEY, BROADSIDE, "Full Broadside", 2, -1, 0),
    (EVENT, ESCAPE, "Escape", 1, -1, 0),
    (EVENT, PRIVATEERING, "Privateering", 1, -1, 0),
    (EVENT, LOOKOUT, "Lookout", 1, -1, 0),
    (EVENT, SHIPOWNER, "Shipowner", 1, -1, 0),
    (EVENT, MARQUE, "Letter of Marque", 1, -1, 0),
    (EVENT, NAVY, "Royal Navy in Pursuit", 2, -1, 0),  # P-R4: the eighth event is its 2nd copy
    (EVENT, TREASURE_MAP, "Treasure Map", 1, -1, 0),
    (FAME, "fame1", "Fame 1", 5, -1, 1),
    (FAME, "fame2", "Fame 2", 3, -1, 2),
    (FAME, "fame3", "Fame 3", 1, -1, 3),
)


def _tavern() -> tuple[TavernCard, ...]:
    cards: list[TavernCard] = []
    for kind, effect, name, copies, section, fame in _TAVERN_TABLE:
        for copy in range(1, copies + 1):
            card_id = effect if copies == 1 else f"{effect}-{copy}"
            cards.append(TavernCard(len(cards), card_id, kind, effect, name, section, fame))
    return tuple(cards)


TAVERN: tuple[TavernCard, ...] = _tavern()
TAVERN_BY_ID = {c.id: c for c in TAVERN}
# What every copy of an effect shares (kind, name, section, fame): how views and logs name a card.
TAVERN_BY_EFFECT = {c.effect: c for c in reversed(TAVERN)}
EFFECT_NAMES = {c.effect: c.name for c in TAVERN}
BATTLE_EFFECTS = (BECALMED, WINDS, HOOKS, SMOKE, OVERBOARD)
VOLLEY_EFFECTS = (GRAPESHOT, POWDER_KEG, BROADSIDE)
PARROT_BY_SECTION = {c.section: c.effect for c in TAVERN if c.kind == PARROT}

# ---------------------------------------------------------------- Treasure (P-R3, reconstructed)


@dataclass(frozen=True, slots=True)
class TreasureCard:
    index: int
    id: str  # unique: the kind and a copy number (``2g1c#3``), for set-ups only
    gold: int
    chests: int
    cards: int
    fame: int

    @property
    def kind(self) -> str:
        """What the card gives (``2g1c``): copies are one card at a real table, so every view
        and log names this, never the copy."""
        return self.id.split("#")[0]


_TREASURE_TABLE = (
    # copies, gold, chests, Tavern cards, fame
    (10, 2, 1, 0, 0),
    (8, 4, 0, 0, 0),
    (8, 1, 2, 0, 0),
    (8, 0, 1, 1, 0),
    (6, 3, 0, 1, 0),
    (6, 0, 3, 0, 0),
    (5, 2, 0, 0, 1),
    (4, 6, 0, 0, 0),
    (3, 0, 2, 0, 1),
    (2, 0, 0, 2, 0),
)


def _treasure_name(gold: int, chests: int, cards: int, fame: int) -> str:
    parts = [(gold, "g"), (chests, "c"), (cards, "t"), (fame, "f")]
    return "".join(f"{n}{letter}" for n, letter in parts if n)


def _treasures() -> tuple[TreasureCard, ...]:
    cards: list[TreasureCard] = []
    for copies, gold, chests, tavern, fame in _TREASURE_TABLE:
        base = _treasure_name(gold, chests, tavern, fame)
        for copy in range(1, copies + 1):
            cards.append(TreasureCard(len(cards), f"{base}#{copy}", gold, chests, tavern, fame))
    return tuple(cards)


TREASURES: tuple[TreasureCard, ...] = _treasures()
TREASURE_BY_ID = {c.id: c for c in TREASURES}
TREASURE_BY_KIND = {c.kind: c for c in reversed(TREASURES)}


def treasure_named(name: object) -> TreasureCard | None:
    """The Treasure card a log names, by kind (or by copy, as older logs did: a replay of an old
    save still reads them)."""
    return TREASURE_BY_KIND.get(str(name).split("#")[0])

# ---------------------------------------------------------------- legendary pirates and the Navy


@dataclass(frozen=True, slots=True)
class Raider:
    """A non-player ship: a legendary pirate card or the Royal Navy."""

    id: str
    name: str
    dice: int
    fires_at: int  # the section its volleys hit
    order_by: int  # the section whose highest value it fires at first
    hull: int
    speed: int
    fame: int
    regain: int = 0  # hull points regained at the end of each exchange (the Flying Dutchman)


# P-R5: the legendary-pirate deck is the two pirates the seed describes; the table admits more.
LEGENDS: tuple[Raider, ...] = (
    Raider("blackbeard", "Blackbeard", 6, HULL, CANNONS, 8, 24, 6),  # P-R6: most Cannons first
    Raider("flying_dutchman", "The Flying Dutchman", 4, CREW, CREW, 5, 16, 6, regain=2),
)
LEGEND_BY_ID = {r.id: r for r in LEGENDS}
ROYAL_NAVY = Raider("royal_navy", "the Royal Navy", 4, -1, -1, 4, 20, 4)


def legend_islands(players: int) -> tuple[int, ...]:
    """Where the legendary pirates start: Tavern Island, and Cannon Island too with 3 players."""
    return (TAVERN_ISLAND, CANNON_ISLAND) if players == 3 else (TAVERN_ISLAND,)


# ---------------------------------------------------------------- combat

HIT_FACE = 5  # the least die that hits
SMOKE_HIT_FACE = 6  # ... a ship under Smoke
GRAPESHOT_HIT_FACE = 3  # ... with Grapeshot, Smoke or not
WINDS_SPEED = 6  # Favourable Winds
OVERBOARD_SPEED = 2  # per chest thrown overboard
TRELAWNEY_SPEED = 20  # Squire Trelawney's parrot
SILVER_DICE = 6  # Long John Silver's parrot: the dice its ship throws
GRAPESHOT_RECOIL = 2  # hits on the firer's own Cannons, per Grapeshot played
WITNESS_FAME = 1  # to each ship still in the combat, per ship routed (or fled after a hit)
MUTINY_FACE = 1  # the die a ship that flees rolls: this face is a mutiny
MUTINY_FAME = 2  # fame lost in a mutiny, with all gold and chests

# Ship ids in combat: seats are 0..4; the two non-player ships take negative ids.
LEGEND_SHIP, NAVY_SHIP = -1, -2
