"""The kinds of event the Pirate's Cove rules log, each with its keys (see ``common/log.py``).

The keys are in the order the rules give them (a test checks every call). A private kind is read
only by the seat named in its ``seat`` key. Every kind has a name of its own, its constant's in
lower case (a test checks): the interfaces match a log entry's ``kind`` with ``E.KIND.name``.
Tavern cards are named by their effect (``"smoke"``), never by copy: copies are one card at a
real table, so no record tells them apart (the rules still play the lowest copy held, which no
seat can see). A reshuffle's ``cards`` are the effects of the discards it shuffles: public, so
that what a seat saw can be read from the log it may read (pirates/sample.py).
"""

from __future__ import annotations

from common.events import EventKind

# The game and its months

GAME_START = EventKind.of("game_start", "players")
OUTFITTING = EventKind.of("outfitting")
OUTFIT_CHOSEN = EventKind.of("outfit_chosen", "seat")
OUTFIT_SECRET = EventKind.of("outfit_secret", "seat", "levels", private_to="seat")
OUTFITS_REVEALED = EventKind.of("outfits_revealed", "levels")
MONTH_START = EventKind.of("month_start", "month")
TREASURE_UP = EventKind.of("treasure_up", "island", "card")
MONTH_END = EventKind.of("month_end", "month", "fame")  # fame: every ship's, in seat order
FAME_CARDS = EventKind.of("fame_cards", "seat", "cards", "fame")
GAME_OVER = EventKind.of("game_over", "winner", "fame")

# Tavern cards, parrots and legendary pirates

DREW = EventKind.of("drew", "seat")
DREW_CARD = EventKind.of("drew_card", "seat", "card", private_to="seat")
TAVERN_EMPTY = EventKind.of("tavern_empty", "seat")
TAVERN_RESHUFFLED = EventKind.of("tavern_reshuffled", "cards")
PARROT_DRAWN = EventKind.of("parrot_drawn", "seat", "card")
PARROT_KILLED = EventKind.of("parrot_killed", "seat", "card")
PARROT_SWAPPED = EventKind.of("parrot_swapped", "seat", "card", "old")
PARROT_KEPT = EventKind.of("parrot_kept", "seat", "card")
LEGEND_PLACED = EventKind.of("legend_placed", "legend", "island")
LEGEND_MOVES = EventKind.of("legend_moves", "legend", "island", "replaced")

# Event windows and navigation

WINDOW_PASS = EventKind.of("window_pass", "seat")
PRIVATEERING = EventKind.of("privateering", "seat", "victim")
TREASURE_MAP = EventKind.of("treasure_map", "seat", "dice", "island")
LOOKOUT = EventKind.of("lookout", "seat", "first")
NAVIGATED_OPENLY = EventKind.of("navigated_openly", "seat", "island")
NAVIGATION_CHOSEN = EventKind.of("navigation_chosen", "seat")
NAVIGATION_SECRET = EventKind.of("navigation_secret", "seat", "island", private_to="seat")
NAVIGATION_REVEALED = EventKind.of("navigation_revealed", "islands")
TIE_ROLL = EventKind.of("tie_roll", "ships", "dice")
ROYAL_NAVY = EventKind.of("royal_navy", "seat", "island")
LETTER_OF_MARQUE = EventKind.of("letter_of_marque", "seat", "island")
ESCAPE = EventKind.of("escape", "seat", "island", "old")
PRIVATEERING_CANCELLED = EventKind.of("privateering_cancelled", "seat", "privateer")

# Combat

COMBAT_START = EventKind.of("combat_start", "island", "ships", "legend", "navy")
TIEBREAK_START = EventKind.of("tiebreak_start", "ships")
BOARDING_PASS = EventKind.of("boarding_pass", "seat")
BATTLE_CARD = EventKind.of("battle_card", "seat", "card", "chests")
VOLLEY_CARD = EventKind.of("volley_card", "seat", "card")
EXCHANGE = EventKind.of("exchange", "number", "order")
# ``at_legend``: the legendary pirate fired at (its card id), so that the log can name it.
VOLLEY = EventKind.of("volley", "ship", "target", "at_legend", "section", "dice", "hits", "cards")
# Powder Keg: the extra hits on every hull of the combat, and the raiders' hulls after them.
POWDER_KEG = EventKind.of("powder_keg", "seat", "hits", "legend", "legend_hull", "navy_hull")
NAVY_VOLLEY = EventKind.of(
    "navy_volley", "ship", "controller", "target", "section", "dice", "hits", "cards"
)
LEGEND_VOLLEY = EventKind.of(
    "legend_volley", "ship", "legend", "target", "section", "dice", "hits", "cards"
)
RELOAD = EventKind.of("reload", "seat")
GRAPESHOT_RECOIL = EventKind.of("grapeshot_recoil", "seat")
DAMAGED = EventKind.of("damaged", "seat", "section", "level")
MASTERCRAFT_DAMAGED = EventKind.of("mastercraft_damaged", "seat", "section")
MASTERCRAFT_DESTROYED = EventKind.of("mastercraft_destroyed", "seat", "section")
PARROT_WOUNDED = EventKind.of("parrot_wounded", "seat", "card")
LEGEND_REGAINS = EventKind.of("legend_regains", "legend", "hull")
LEGEND_SUNK = EventKind.of("legend_sunk", "legend", "island", "ships", "share")
NAVY_SUNK = EventKind.of("navy_sunk", "island")
ROUTED = EventKind.of("routed", "seat", "witnesses", "final")
FLED = EventKind.of("fled", "seat", "witnesses", "die", "mutiny")
NAVY_FAME = EventKind.of("navy_fame", "ships", "share")
NAVY_LEAVES = EventKind.of("navy_leaves")
COMBAT_END = EventKind.of("combat_end", "island", "survivors")

# Plunder and island effects

PLUNDER = EventKind.of("plunder", "seat", "island", "card", "doubled", "chests")
PRIVATEERING_FAME = EventKind.of("privateering_fame", "seat", "victim", "fame")
PRIVATEERING_LOOT = EventKind.of(
    "privateering_loot", "seat", "victim", "gold", "chests", "cards", "fame"
)
HOLD_OVERFLOW = EventKind.of("hold_overflow", "seat", "lost")
PARROT_HEALED = EventKind.of("parrot_healed", "seat")
REPAIRED = EventKind.of("repaired", "seat", "sections", "paid", "short")
BOUGHT = EventKind.of("bought", "seat")
UPGRADED = EventKind.of("upgraded", "seat", "section", "level", "cost")
BURIED = EventKind.of("buried", "seat", "chests", "gold", "fame")
COVE_DRAW = EventKind.of("cove_draw", "seat", "gold")
MASTERCRAFT = EventKind.of("mastercraft", "seat", "section")
MASTERCRAFT_MENDED = EventKind.of("mastercraft_mended", "seat")
SHIPOWNER = EventKind.of("shipowner", "seat", "section", "level")
EFFECTS_DONE = EventKind.of("effects_done", "seat")
