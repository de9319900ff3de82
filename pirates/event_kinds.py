"""The kinds of event the Pirate's Cove rules log, each with its keys (see ``common/log.py``).

The keys are in alphabetical order, the order of an Event's data. A private kind is read only by
the seat named in its ``seat`` key. Some kinds share a name: a legendary pirate's volley names the
legend, the Royal Navy's names its controller, and the log's words are chosen by the name.
"""

from __future__ import annotations

from common.events import EventKind

# The game and its months

GAME_START = EventKind.of("game_start", "players")
OUTFITTING = EventKind.of("outfitting")
OUTFIT_CHOSEN = EventKind.of("outfit_chosen", "seat")
OUTFIT_SECRET = EventKind.of("outfit_secret", "levels", "seat", private_to="seat")
OUTFITS_REVEALED = EventKind.of("outfits_revealed", "levels")
MONTH_START = EventKind.of("month_start", "month")
TREASURE_UP = EventKind.of("treasure_up", "card", "island")
MONTH_END = EventKind.of("month_end", "month")
FAME_CARDS = EventKind.of("fame_cards", "cards", "fame", "seat")
GAME_OVER = EventKind.of("game_over", "fame", "winner")

# Tavern cards, parrots and legendary pirates

DREW = EventKind.of("drew", "seat")
DREW_CARD = EventKind.of("drew_card", "card", "seat", private_to="seat")
TAVERN_EMPTY = EventKind.of("tavern_empty", "seat")
TAVERN_RESHUFFLED = EventKind.of("tavern_reshuffled")
PARROT_DRAWN = EventKind.of("parrot_drawn", "card", "seat")
PARROT_KILLED = EventKind.of("parrot_killed", "card", "seat")
PARROT_SWAPPED = EventKind.of("parrot_swapped", "card", "old", "seat")
PARROT_KEPT = EventKind.of("parrot_kept", "card", "seat")
LEGEND_PLACED = EventKind.of("legend_placed", "island", "legend")
LEGEND_MOVES = EventKind.of("legend_moves", "island", "legend", "replaced")

# Event windows and navigation

WINDOW_PASS = EventKind.of("window_pass", "seat")
PRIVATEERING = EventKind.of("privateering", "seat", "victim")
TREASURE_MAP = EventKind.of("treasure_map", "dice", "island", "seat")
LOOKOUT = EventKind.of("lookout", "first", "seat")
NAVIGATED_OPENLY = EventKind.of("navigated_openly", "island", "seat")
NAVIGATION_CHOSEN = EventKind.of("navigation_chosen", "seat")
NAVIGATION_SECRET = EventKind.of("navigation_secret", "island", "seat", private_to="seat")
NAVIGATION_REVEALED = EventKind.of("navigation_revealed", "islands")
TIE_ROLL = EventKind.of("tie_roll", "dice", "ships")
ROYAL_NAVY = EventKind.of("royal_navy", "island", "seat")
LETTER_OF_MARQUE = EventKind.of("letter_of_marque", "island", "seat")
ESCAPE = EventKind.of("escape", "island", "old", "seat")
PRIVATEERING_CANCELLED = EventKind.of("privateering_cancelled", "privateer", "seat")

# Combat

COMBAT_START = EventKind.of("combat_start", "island", "legend", "navy", "ships")
TIEBREAK_START = EventKind.of("tiebreak_start", "ships")
BOARDING_PASS = EventKind.of("boarding_pass", "seat")
BATTLE_CARD = EventKind.of("battle_card", "card", "chests", "seat")
VOLLEY_CARD = EventKind.of("volley_card", "card", "seat")
EXCHANGE = EventKind.of("exchange", "number", "order")
VOLLEY = EventKind.of("volley", "cards", "dice", "hits", "section", "ship", "target")
NAVY_VOLLEY = EventKind.of(
    "volley", "cards", "controller", "dice", "hits", "section", "ship", "target"
)
LEGEND_VOLLEY = EventKind.of(
    "volley", "cards", "dice", "hits", "legend", "section", "ship", "target"
)
RELOAD = EventKind.of("reload", "seat")
GRAPESHOT_RECOIL = EventKind.of("grapeshot_recoil", "seat")
DAMAGED = EventKind.of("damaged", "level", "seat", "section")
MASTERCRAFT_DAMAGED = EventKind.of("mastercraft_damaged", "seat", "section")
MASTERCRAFT_DESTROYED = EventKind.of("mastercraft_destroyed", "seat", "section")
PARROT_WOUNDED = EventKind.of("parrot_wounded", "card", "seat")
LEGEND_REGAINS = EventKind.of("legend_regains", "hull", "legend")
LEGEND_SUNK = EventKind.of("legend_sunk", "island", "legend", "share", "ships")
NAVY_SUNK = EventKind.of("navy_sunk", "island")
ROUTED = EventKind.of("routed", "final", "seat", "witnesses")
FLED = EventKind.of("fled", "die", "mutiny", "seat", "witnesses")
NAVY_FAME = EventKind.of("navy_fame", "share", "ships")
NAVY_LEAVES = EventKind.of("navy_leaves")
COMBAT_END = EventKind.of("combat_end", "island", "survivors")

# Plunder and island effects

PLUNDER = EventKind.of("plunder", "card", "doubled", "island", "seat")
PRIVATEERING_FAME = EventKind.of("privateering_share", "fame", "seat", "victim")
PRIVATEERING_LOOT = EventKind.of(
    "privateering_share", "cards", "chests", "fame", "gold", "seat", "victim"
)
HOLD_OVERFLOW = EventKind.of("hold_overflow", "lost", "seat")
PARROT_HEALED = EventKind.of("parrot_healed", "seat")
REPAIRED = EventKind.of("repaired", "paid", "seat", "sections", "short")
BOUGHT = EventKind.of("bought", "seat")
UPGRADED = EventKind.of("upgraded", "cost", "level", "seat", "section")
BURIED = EventKind.of("buried", "chests", "fame", "gold", "seat")
COVE_DRAW = EventKind.of("cove_draw", "gold", "seat")
MASTERCRAFT = EventKind.of("mastercraft", "seat", "section")
MASTERCRAFT_MENDED = EventKind.of("mastercraft_mended", "seat")
SHIPOWNER = EventKind.of("shipowner", "level", "seat", "section")
EFFECTS_DONE = EventKind.of("effects_done", "seat")
