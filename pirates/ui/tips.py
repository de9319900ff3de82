"""Pirate's Cove's tips in real games (``common.tui.tips``): what a card, a legendary pirate, the
Navy or an island does, the first time it comes up at the table, in one line, with its lesson.

Every text is here, one plain line each (the translation reads this table), and true to the
rules (``docs/pirates-rules.md``, the rulings P-R…). The public tips come from the public log
(a card played, a parrot drawn, a flight) and the public view (the legendary pirates on the
map); the private ones from a seat's own hand, and the table draws those only on that seat's
own panel.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.i18n import N_, _
from common.tui.tips import Entries, GameTips, Tip
from pirates import event_kinds as E
from pirates.view_types import Entry, as_view

SHIP, OUTFIT, NAVIGATION, ISLANDS, COMBAT = ("01_your_ship", "02_outfitting",
                                             "04_secret_navigation", "05_the_islands",
                                             "06_combat")
FLIGHT, COVE, LEGENDS, NAVY, CARDS = ("07_flight_and_mutiny", "08_pirates_cove",
                                      "09_legendary_pirates", "10_the_royal_navy",
                                      "11_battle_and_volley_cards")
EVENTS, PARROTS, TREASURE, END = ("12_event_cards", "13_parrots_and_mastercraft",
                                  "14_treasure_island_and_fame", "15_the_end")

# key: (the line, the lesson). A card's key is its effect (copies share it).
TEXTS: dict[str, tuple[str, str]] = {
    "card:flint": (N_("Captain Flint's parrot: you may carry any number of chests"),
                   PARROTS),
    "card:silver": (N_("Long John Silver's parrot: you always roll 6 dice"), PARROTS),
    "card:bones": (N_("Billy Bones' parrot: you always roll one die per Cannon"), PARROTS),
    "card:trelawney": (N_("Squire Trelawney's parrot: +20 speed"), PARROTS),
    "card:mastercraft": (N_("Mastercraft: absorbs the first 2 hits on its section"), PARROTS),
    "card:becalmed": (N_("Becalmed: no more cards of any kind in this combat"), CARDS),
    "card:favourable_winds": (N_("Favourable Winds: +6 speed for the whole combat"), CARDS),
    "card:grappling_hooks": (N_("Grappling Hooks: player ships roll as many dice as Crew"),
                             CARDS),
    "card:smoke": (N_("Smoke: only 6s hit the ship that played it, all combat"), CARDS),
    "card:overboard": (N_("Overboard: +2 speed for each chest thrown overboard"), CARDS),
    "card:grapeshot": (N_("Grapeshot: 3 to 6 hit; then your own Cannons take 2 hits"), CARDS),
    "card:powder_keg": (N_("Powder Keg: each hit also hits every ship's Hull, yours too"), CARDS),
    "card:full_broadside": (N_("Full Broadside: hits every section; no fire next exchange"),
                            CARDS),
    "card:escape": (N_("Escape: move to an empty outer island or to Treasure Island"), EVENTS),
    "card:privateering": (N_("Privateering: the victim gives you half their plunder"),
                          EVENTS),
    "card:lookout": (N_("Lookout: this month courses are chosen openly, one by one"),
                     NAVIGATION),
    "card:shipowner": (N_("Shipowner: one section up one level, free, on any island"),
                       ISLANDS),
    "card:letter_of_marque": (N_("Letter of Marque: take over the Royal Navy, send it on"), NAVY),
    "card:royal_navy_in_pursuit": (N_("Royal Navy: its sender controls it; 4 hits sink it"), NAVY),
    "card:treasure_map": (N_("Treasure Map: the marked island's plunderer gets 2× chests"),
                          EVENTS),
    "card:fame": (N_("Fame cards: secret until the end, then added to your fame"), END),
    "parrot:second": (N_("A second parrot: swap it in for 1 fame, or keep the old one"), PARROTS),
    "parrot:killed": (N_("A parrot killed costs its owner 2 fame"), PARROTS),
    "legend:blackbeard": (N_("Blackbeard: 6 dice at Hulls, most Cannons first; hull 8"), LEGENDS),
    "legend:flying_dutchman": (N_("The Flying Dutchman: regains up to 2 hull lost each exchange"),
                               LEGENDS),
    "legend:sunk": (N_("A sunk pirate's fame is shared, rounded down, by ships there"),
                    LEGENDS),
    "navy:sunk": (N_("The Navy's 4 fame is shared, rounded down, by the survivors"), NAVY),
    "combat": (N_("Combat: Battle cards, then volleys till one ship is left"), COMBAT),
    "fled": (N_("Fled: if it was hit, each ship left gains 1 fame; 1: mutiny"), FLIGHT),
    "mutiny": (N_("Mutiny: the ship lost all its gold, all its chests, 2 fame"), FLIGHT),
    "routed": (N_("Routed: crippled, to the Cove; each ship left gains 1 fame"), FLIGHT),
    "cove": (N_("Pirate's Cove: draw 2 Tavern cards, or 1 card and 2 gold"), COVE),
    "buried": (N_("Treasure Island: 1 fame per chest buried and per 3 gold"), TREASURE),
    "hold": (N_("Chests beyond your Hull go back to Treasure Island"), SHIP),
    "bought": (N_("Tavern Island: buy up to 3 Tavern cards, 2 gold each"), ISLANDS),
}

# The events whose kind is the card played (its effect's key).
CARD_EVENTS = {E.PRIVATEERING.name: "privateering", E.TREASURE_MAP.name: "treasure_map",
               E.LOOKOUT.name: "lookout", E.ROYAL_NAVY.name: "royal_navy_in_pursuit",
               E.LETTER_OF_MARQUE.name: "letter_of_marque", E.ESCAPE.name: "escape",
               E.SHIPOWNER.name: "shipowner", E.MASTERCRAFT.name: "mastercraft"}
PLAIN = {E.PARROT_SWAPPED.name: "parrot:second", E.PARROT_KEPT.name: "parrot:second",
         E.PARROT_KILLED.name: "parrot:killed", E.LEGEND_SUNK.name: "legend:sunk",
         E.NAVY_SUNK.name: "navy:sunk", E.ROUTED.name: "routed", E.COVE_DRAW.name: "cove",
         E.BURIED.name: "buried", E.HOLD_OVERFLOW.name: "hold", E.BOUGHT.name: "bought"}
FAME_CARDS = ("fame1", "fame2", "fame3")


def tip(key: str) -> Tip:
    """The tip ``key``, in the language in use."""
    text, lesson = TEXTS[key]
    return Tip(key, _(text), lesson)


def card_key(effect: Any) -> str:
    return "card:fame" if effect in FAME_CARDS else f"card:{effect}"


def _entry_keys(entry: Entry) -> list[str]:
    """The tips one public log entry brings up."""
    kind = entry.get("kind")
    if kind in (E.BATTLE_CARD.name, E.VOLLEY_CARD.name, E.PARROT_DRAWN.name):
        return [card_key(entry.get("card"))]
    if kind in CARD_EVENTS:
        return [f"card:{CARD_EVENTS[kind]}"]
    if kind == E.FLED.name:
        return ["fled", "mutiny"] if entry.get("mutiny") else ["fled"]
    if kind == E.COMBAT_START.name:
        return ["combat"]
    return [PLAIN[kind]] if kind in PLAIN else []


def public_tips(entries: Entries, shown: Mapping[str, Any]) -> list[Tip]:
    """The legendary pirates on the map (they are there from the start), then what the move's
    entries show."""
    view = as_view(shown)
    keys = [f"legend:{legend.get('id')}" for island in view.get("islands", ())
            for legend in island.get("legends", ())]
    for entry in entries:
        keys.extend(_entry_keys(entry))
    return [tip(key) for key in dict.fromkeys(keys) if key in TEXTS]


def private_tips(view: Mapping[str, Any]) -> list[Tip]:
    """The cards in the seat's own hand (its view's ``hand``: its own secret)."""
    keys = [card_key(card) for card in as_view(view).get("hand") or ()]
    return [tip(key) for key in dict.fromkeys(keys) if key in TEXTS]


TIPS = GameTips(public_tips, private_tips)

__all__ = ["TEXTS", "TIPS", "private_tips", "public_tips", "tip"]
