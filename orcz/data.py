"""Orcz data tables: cards, battlefields, enemy tiles and event tiles.

Values the rules text does not print are *reconstructed* and labelled so (rulings O-R1 and O-R2):
correct them here without touching rule code.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

# The counts of the rulebook: players, goblins each at the start, ranks each per round; and the
# two sides of a rank, one of its cards face down.
MIN_PLAYERS, MAX_PLAYERS = 2, 4
START_GOBLINS = 5
RANKS_PER_ROUND = 5
SIDES = ("left", "right")

INFANTRY, ARCHER, CAVALRY, CHAMPION, SHAMAN, SCOUT = (
    "infantry", "archer", "cavalry", "champion", "shaman", "scout",
)


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    kind: str
    strength: int
    name: str

    @property
    def is_hero(self) -> bool:
        return self.kind in (CHAMPION, SHAMAN, SCOUT)


def _troops() -> list[Card]:
    # O-R1 (reconstructed): infantry 1-4, archers 1-3, cavalry 1-3; 22 strength per player.
    table = [(INFANTRY, "Infantry", 4), (ARCHER, "Archer", 3), (CAVALRY, "Cavalry", 3)]
    cards: list[Card] = []
    for kind, name, count in table:
        for strength in range(1, count + 1):
            card_id, label = f"{kind}-{strength}", f"{name} {strength}"
            cards.append(Card(len(cards), card_id, kind, strength, label))
    return cards


CARDS: tuple[Card, ...] = (
    *_troops(),
    Card(10, CHAMPION, CHAMPION, 0, "Champion"),
    Card(11, SHAMAN, SHAMAN, 0, "Shaman"),
    Card(12, SCOUT, SCOUT, 0, "Scout"),
)
CARD_BY_ID = {card.id: card for card in CARDS}
CHAMPION_I, SHAMAN_I, SCOUT_I = 10, 11, 12
ALL_CARDS = (1 << len(CARDS)) - 1
TROOPS = (1 << 10) - 1
HEROES = ALL_CARDS & ~TROOPS


@dataclass(frozen=True, slots=True)
class Battlefield:
    index: int
    id: str
    name: str
    symbol: str
    people: str


BATTLEFIELDS: tuple[Battlefield, ...] = (
    Battlefield(0, "lothari", "Forest of Lothari", "tree", "elves"),
    Battlefield(1, "urth", "Valley of Urth", "anvil", "dwarves"),
    Battlefield(2, "falladir", "Kingdom of Falladir", "tower", "men"),
    Battlefield(3, "thirst", "Desert of Thirst", "tent", "nomads"),
)
FIELD_BY_ID = {field.id: field for field in BATTLEFIELDS}


@dataclass(frozen=True, slots=True)
class Enemy:
    id: str
    battlefield: int
    name: str
    main: int
    secondary: int


# O-R2 (reconstructed): every battlefield has the tiles 2/1, 3/1, 3/2, 4/2, 5/2, 6/3.
ENEMY_VALUES = ((2, 1), (3, 1), (3, 2), (4, 2), (5, 2), (6, 3))
_ENEMY_NAMES = {
    "lothari": ("Elven Scouts", "Elven Archers", "Wood Wardens", "Elven Knights", "Treefolk",
                "Elven Lord"),
    "urth": ("Dwarf Miners", "Dwarf Axemen", "Hammer Guard", "Dwarf Warband", "Iron Legion",
             "Dwarf King"),
    "falladir": ("Militia", "Bowmen", "Pikemen", "Men-at-Arms", "Royal Knights",
                 "King of Falladir"),
    "thirst": ("Nomad Raiders", "Desert Archers", "Camel Riders", "Sand Warriors", "Djinn",
               "Sultan of Thirst"),
}


def _enemies() -> tuple[Enemy, ...]:
    out = []
    for field in BATTLEFIELDS:
        for name, (main, secondary) in zip(_ENEMY_NAMES[field.id], ENEMY_VALUES, strict=True):
            out.append(Enemy(f"{field.id}-{main}-{secondary}", field.index, name, main, secondary))
    return tuple(out)


ENEMIES = _enemies()
ENEMY_BY_ID = {enemy.id: enemy for enemy in ENEMIES}

# Event kinds. A tile id is its kind, plus the battlefield when there is one per battlefield. The
# four Shortage tiles are alike, so they share one id: nobody at the table can tell them apart,
# so no view, log or set-up may name one of them (the pile simply holds "shortage" four times).
FAVOUR, WHIM, STORM, OPEN_GROUND, HEAVY_GROUND = (
    "favour", "whim", "storm", "open-ground", "heavy-ground",
)
SHORTAGE, REINFORCEMENTS, WRATH, ANTIMAGIC = "shortage", "reinforcements", "wrath", "antimagic"
CONFUSION, DIVERSION, FOG = "confusion", "diversion", "fog"
SHORTAGE_TILES = 4


@dataclass(frozen=True, slots=True)
class EventTile:
    id: str
    kind: str
    name: str
    battlefield: int  # -1 when the event is not tied to one battlefield
    text: str


_EVENT_TEXT = {
    FAVOUR: ("Llovar's Favour", "On {field}, a winning strongest player gets 2 extra goblins."),
    WHIM: ("Llovar's Whim", "Only the strongest players of won battles get goblins; "
           "nothing is handed out to the others."),
    STORM: ("Storm", "Archers no longer beat infantry automatically: the higher strength wins."),
    OPEN_GROUND: ("Open Ground", "Infantry no longer beats cavalry automatically: "
                  "the higher strength wins."),
    HEAVY_GROUND: ("Heavy Ground", "Cavalry no longer beats archers automatically: "
                   "the higher strength wins."),
    SHORTAGE: ("Shortage", "After deployment, on every battlefield with ranks, the owner of the "
               "rear rank pays 2 goblins to the bank."),
    REINFORCEMENTS: ("Reinforcements", "Every battle needs main × players + players strength; "
                     "rewards are unchanged."),
    WRATH: ("Llovar's Wrath", "On {field}, the strongest winner's main reward is halved, "
            "rounded down."),
    ANTIMAGIC: ("Anti-magic Zone", "No shaman may be placed on {field} this round."),
    CONFUSION: ("Confusion", "No champion may be placed this round."),
    DIVERSION: ("Diversion", "At most as many ranks per battlefield as there are players."),
    FOG: ("Fog", "No scout may be played this round."),
}


def _events() -> tuple[EventTile, ...]:
    out: list[EventTile] = []
    for kind in (FAVOUR, WRATH, ANTIMAGIC):
        name, text = _EVENT_TEXT[kind]
        for field in BATTLEFIELDS:
            out.append(EventTile(f"{kind}-{field.id}", kind, f"{name} ({field.name})",
                                 field.index, text.format(field=field.name)))
    name, text = _EVENT_TEXT[SHORTAGE]
    out.extend(EventTile(SHORTAGE, SHORTAGE, name, -1, text) for _copy in range(SHORTAGE_TILES))
    for kind in (WHIM, STORM, OPEN_GROUND, HEAVY_GROUND, REINFORCEMENTS, CONFUSION, DIVERSION,
                 FOG):
        name, text = _EVENT_TEXT[kind]
        out.append(EventTile(kind, kind, name, -1, text))
    return tuple(out)


EVENTS = _events()
EVENT_BY_ID = {event.id: event for event in EVENTS}
# How many tiles of each id the pile holds (one, but four Shortage tiles).
EVENT_COPIES = Counter(event.id for event in EVENTS)
# The ids the Shortage tiles once had (a set-up or lesson written then still reads).
_OLD_SHORTAGE_IDS = frozenset(f"{SHORTAGE}-{n}" for n in range(1, SHORTAGE_TILES + 1))


def event_id(value: object) -> object:
    """``value`` as an event tile id of today: an old Shortage copy id is the Shortage tile."""
    return SHORTAGE if value in _OLD_SHORTAGE_IDS else value
assert len(EVENTS) == 24
