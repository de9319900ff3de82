"""The names of Pirate's Cove's things in the player's language: islands, sections, cards,
legendary pirates, phases (the French editions' words, ``docs/glossary-fr.md``).

The core names things by ids and numbers (``pirates.data``); it keeps its English names for
headless use, and these give the same English (a test checks it) through the catalog.
"""

from __future__ import annotations

from collections.abc import Callable

from common.i18n import N_, Articled, _, pgettext
from pirates import data as D


def island_name(number: object) -> str:
    """An island as a sentence names it ("sails to Hull Island", "vers l'île de la Coque");
    "?" for a number no island has."""
    if not isinstance(number, int):
        return "?"
    return {D.OPEN_SEA: pgettext("island", "the open sea"),
            1: pgettext("island", "Tavern Island"), 2: pgettext("island", "Hull Island"),
            3: pgettext("island", "Sail Island"), 4: pgettext("island", "Cannon Island"),
            5: pgettext("island", "Crew Island"), 6: pgettext("island", "Treasure Island"),
            7: pgettext("island", "Pirate's Cove")}.get(number, "?")


def island_heading(number: int) -> str:
    """An island as the map heads it: "Tavern Island", "Île de la Taverne"."""
    return {1: pgettext("map", "Tavern Island"), 2: pgettext("map", "Hull Island"),
            3: pgettext("map", "Sail Island"), 4: pgettext("map", "Cannon Island"),
            5: pgettext("map", "Crew Island"), 6: pgettext("map", "Treasure Island"),
            7: pgettext("map", "Pirate's Cove")}.get(number, "?")


def island_tiny(number: int) -> str:
    """An island in one short word, for the one-line map."""
    return {1: pgettext("island, short", "Tavern"), 2: pgettext("island, short", "Hull"),
            3: pgettext("island, short", "Sail"), 4: pgettext("island, short", "Cannon"),
            5: pgettext("island, short", "Crew"), 6: pgettext("island, short", "Treasure"),
            7: pgettext("island, short", "Cove")}.get(number, "?")


def section_column() -> int:
    """The width of a column of section names, a space after the longest (English: 8)."""
    return max(len(section_name(s)) for s in D.SECTIONS) + 1


def section_name(section: object) -> str:
    """A section by its id ("hull"): "hull", "coque"."""
    names = {"hull": pgettext("section", "hull"), "sails": pgettext("section", "sails"),
             "crew": pgettext("section", "crew"), "cannons": pgettext("section", "cannons")}
    return names.get(str(section), str(section))


_CARDS = {
    D.FLINT: N_("Captain Flint's parrot"),
    D.SILVER: N_("Long John Silver's parrot"),
    D.BONES: N_("Billy Bones' parrot"),
    D.TRELAWNEY: N_("Squire Trelawney's parrot"),
    D.MASTERCRAFT: N_("Mastercraft"),
    D.BECALMED: N_("Becalmed"),
    D.WINDS: N_("Favourable Winds"),
    D.HOOKS: N_("Grappling Hooks"),
    D.SMOKE: N_("Smoke"),
    D.OVERBOARD: N_("Overboard"),
    D.GRAPESHOT: N_("Grapeshot"),
    D.POWDER_KEG: N_("Powder Keg"),
    D.BROADSIDE: N_("Full Broadside"),
    D.ESCAPE: N_("Escape"),
    D.PRIVATEERING: N_("Privateering"),
    D.LOOKOUT: N_("Lookout"),
    D.SHIPOWNER: N_("Shipowner"),
    D.MARQUE: N_("Letter of Marque"),
    D.NAVY: N_("Royal Navy in Pursuit"),
    D.TREASURE_MAP: N_("Treasure Map"),
    "fame1": N_("Fame 1"),
    "fame2": N_("Fame 2"),
    "fame3": N_("Fame 3"),
}


def card_name(card: object) -> str:
    """A Tavern card by its effect or its copy's id ("smoke", "smoke-2"): "Smoke", "Fumigènes"."""
    found = D.TAVERN_BY_ID.get(str(card))
    effect = found.effect if found else str(card)
    key = _CARDS.get(effect)
    return _(key) if key else effect.replace("_", " ")


# A card in a sentence ("Bruno tire le Perroquet du Capitaine Flint !", "Anne joue la Mitraille"):
# French names a card with its article, English bare, as the core's log does.
_CARDS_IN_A_SENTENCE: dict[str, Callable[[], str]] = {
    D.FLINT: lambda: pgettext("card in a sentence", "Captain Flint's parrot"),
    D.SILVER: lambda: pgettext("card in a sentence", "Long John Silver's parrot"),
    D.BONES: lambda: pgettext("card in a sentence", "Billy Bones' parrot"),
    D.TRELAWNEY: lambda: pgettext("card in a sentence", "Squire Trelawney's parrot"),
    D.BECALMED: lambda: pgettext("card in a sentence", "Becalmed"),
    D.WINDS: lambda: pgettext("card in a sentence", "Favourable Winds"),
    D.HOOKS: lambda: pgettext("card in a sentence", "Grappling Hooks"),
    D.SMOKE: lambda: pgettext("card in a sentence", "Smoke"),
    D.OVERBOARD: lambda: pgettext("card in a sentence", "Overboard"),
    D.GRAPESHOT: lambda: pgettext("card in a sentence", "Grapeshot"),
    D.POWDER_KEG: lambda: pgettext("card in a sentence", "Powder Keg"),
    D.BROADSIDE: lambda: pgettext("card in a sentence", "Full Broadside"),
}


def card_in_sentence(card: object) -> str:
    """A Tavern card as a sentence names it: with its article in French ("la Mitraille")."""
    found = D.TAVERN_BY_ID.get(str(card))
    effect = found.effect if found else str(card)
    word = _CARDS_IN_A_SENTENCE.get(effect)
    return Articled(word()) if word is not None else card_name(card)


def legend_name(legend: object, mid_sentence: bool = False) -> str:
    """A legendary pirate by id: "The Flying Dutchman" (mid-sentence: "the Flying Dutchman")."""
    if legend == "blackbeard":
        return pgettext("mid-sentence", "Blackbeard") if mid_sentence else _("Blackbeard")
    if legend == "flying_dutchman":
        return (pgettext("mid-sentence", "the Flying Dutchman") if mid_sentence
                else _("The Flying Dutchman"))
    return "?"


def legend_short(legend: object) -> str:
    """A legendary pirate in a word, for the one-line map: "Blackbeard", "Dutchman"."""
    return {"blackbeard": pgettext("legend, short", "Blackbeard"),
            "flying_dutchman": pgettext("legend, short", "Dutchman")}.get(str(legend), "?")


def royal_navy(start: bool = False) -> str:
    """The Royal Navy, as a sentence names it (``start``: as it starts one)."""
    return _("The Royal Navy") if start else _("the Royal Navy")


def raider_name(ship: int, legend: object = None, start: bool = False) -> str:
    """A non-player ship of a combat: a legendary pirate (named when known) or the Navy."""
    if ship == D.NAVY_SHIP:
        return royal_navy(start)
    if legend in D.LEGEND_BY_ID:
        return legend_name(legend, mid_sentence=not start)
    return _("The legendary pirate") if start else _("the legendary pirate")


def capitalised(text: str) -> str:
    """A sentence's first letter up (a name that may start one)."""
    return text[:1].upper() + text[1:]


__all__ = ["capitalised", "card_name", "island_heading", "island_name", "island_tiny",
           "legend_name", "legend_short", "raider_name", "royal_navy", "section_name"]
