"""Orcz's names in the language in use, from the ids the core's views and records carry: the
battlefields, the cards, the enemies and the event tiles with their text (the rules core keeps its
English names for headless users; the French words are the seed's, ``docs/glossary-fr.md``)."""

from __future__ import annotations

from collections.abc import Callable

from common.i18n import N_, Articled, _, pgettext
from orcz import data as D

_FIELDS = {
    "lothari": N_("Forest of Lothari"), "urth": N_("Valley of Urth"),
    "falladir": N_("Kingdom of Falladir"), "thirst": N_("Desert of Thirst"),
}
# a battlefield's short name, and the symbol on its tiles (the seed: "la forêt de Lothari (arbre)")
_SHORT = {
    "lothari": lambda: pgettext("battlefield", "Lothari"),
    "urth": lambda: pgettext("battlefield", "Urth"),
    "falladir": lambda: pgettext("battlefield", "Falladir"),
    "thirst": lambda: pgettext("battlefield", "Thirst"),
}
_SYMBOLS = {
    "tree": lambda: pgettext("symbol", "tree"), "anvil": lambda: pgettext("symbol", "anvil"),
    "tower": lambda: pgettext("symbol", "tower"), "tent": lambda: pgettext("symbol", "tent"),
}

_CARD_KINDS = {
    D.INFANTRY: N_("Infantry {strength}"), D.ARCHER: N_("Archer {strength}"),
    D.CAVALRY: N_("Cavalry {strength}"), D.CHAMPION: N_("Champion"), D.SHAMAN: N_("Shaman"),
    D.SCOUT: N_("Scout"),
}

_ENEMIES = {
    "Elven Scouts": N_("Elven Scouts"), "Elven Archers": N_("Elven Archers"),
    "Wood Wardens": N_("Wood Wardens"), "Elven Knights": N_("Elven Knights"),
    "Treefolk": N_("Treefolk"), "Elven Lord": N_("Elven Lord"),
    "Dwarf Miners": N_("Dwarf Miners"), "Dwarf Axemen": N_("Dwarf Axemen"),
    "Hammer Guard": N_("Hammer Guard"), "Dwarf Warband": N_("Dwarf Warband"),
    "Iron Legion": N_("Iron Legion"), "Dwarf King": N_("Dwarf King"),
    "Militia": N_("Militia"), "Bowmen": N_("Bowmen"), "Pikemen": N_("Pikemen"),
    "Men-at-Arms": N_("Men-at-Arms"), "Royal Knights": N_("Royal Knights"),
    "King of Falladir": N_("King of Falladir"),
    "Nomad Raiders": N_("Nomad Raiders"), "Desert Archers": N_("Desert Archers"),
    "Camel Riders": N_("Camel Riders"), "Sand Warriors": N_("Sand Warriors"),
    "Djinn": N_("Djinn"), "Sultan of Thirst": N_("Sultan of Thirst"),
}

# An event kind's name, and its text ({field}: the battlefield it names).
_EVENTS = {
    D.FAVOUR: (N_("Llovar's Favour"),
               N_("On {field}, a winning strongest player gets 2 extra goblins.")),
    D.WHIM: (N_("Llovar's Whim"), N_("Only the strongest players of won battles get goblins; "
                                     "nothing is handed out to the others.")),
    D.STORM: (N_("Storm"),
              N_("Archers no longer beat infantry automatically: the higher strength wins.")),
    D.OPEN_GROUND: (N_("Open Ground"), N_("Infantry no longer beats cavalry automatically: "
                                          "the higher strength wins.")),
    D.HEAVY_GROUND: (N_("Heavy Ground"), N_("Cavalry no longer beats archers automatically: "
                                            "the higher strength wins.")),
    D.SHORTAGE: (N_("Shortage"), N_("After deployment, on every battlefield with ranks, the "
                                    "owner of the rear rank pays 2 goblins to the bank.")),
    D.REINFORCEMENTS: (N_("Reinforcements"), N_("Every battle needs main × players + players "
                                                "strength; rewards are unchanged.")),
    D.WRATH: (N_("Llovar's Wrath"), N_("On {field}, the strongest winner's main reward is "
                                       "halved, rounded down.")),
    D.ANTIMAGIC: (N_("Anti-magic Zone"), N_("No shaman may be placed on {field} this round.")),
    D.CONFUSION: (N_("Confusion"), N_("No champion may be placed this round.")),
    D.DIVERSION: (N_("Diversion"),
                  N_("At most as many ranks per battlefield as there are players.")),
    D.FOG: (N_("Fog"), N_("No scout may be played this round.")),
}


def field_name(field_id: object) -> str:
    """A battlefield's name: "Forest of Lothari"; "?" for an unknown id."""
    name = _FIELDS.get(str(field_id))
    return _(name) if name else "?"


def short_field_name(field_id: object) -> str:
    """A battlefield's short name: "Lothari", "Urth", "Falladir", "Thirst"."""
    short = _SHORT.get(str(field_id))
    return short() if short else "?"


def symbol_name(symbol: object) -> str:
    """The symbol of a battlefield's tiles: "tree", "anvil", "tower", "tent"."""
    word = _SYMBOLS.get(str(symbol))
    return word() if word else str(symbol)


def card_name(card_id: object) -> str:
    """A card's name: "Infantry 3", "Shaman"; "?" for an unknown id."""
    card = D.CARD_BY_ID.get(str(card_id))
    return _(_CARD_KINDS[card.kind]).format(strength=card.strength) if card else "?"


def enemy_name(enemy_id: object) -> str:
    enemy = D.ENEMY_BY_ID.get(str(enemy_id))
    return _(_ENEMIES.get(enemy.name, enemy.name)) if enemy else "?"


# An enemy in a sentence, with the article French needs ("contre le Roi des hommes", "des
# Pillards"); English names it bare, as the core's log does.
_ENEMIES_IN_A_SENTENCE: dict[str, Callable[[], str]] = {
    "Elven Scouts": lambda: pgettext("enemy in a sentence", "Elven Scouts"),
    "Elven Archers": lambda: pgettext("enemy in a sentence", "Elven Archers"),
    "Wood Wardens": lambda: pgettext("enemy in a sentence", "Wood Wardens"),
    "Elven Knights": lambda: pgettext("enemy in a sentence", "Elven Knights"),
    "Treefolk": lambda: pgettext("enemy in a sentence", "Treefolk"),
    "Elven Lord": lambda: pgettext("enemy in a sentence", "Elven Lord"),
    "Dwarf Miners": lambda: pgettext("enemy in a sentence", "Dwarf Miners"),
    "Dwarf Axemen": lambda: pgettext("enemy in a sentence", "Dwarf Axemen"),
    "Hammer Guard": lambda: pgettext("enemy in a sentence", "Hammer Guard"),
    "Dwarf Warband": lambda: pgettext("enemy in a sentence", "Dwarf Warband"),
    "Iron Legion": lambda: pgettext("enemy in a sentence", "Iron Legion"),
    "Dwarf King": lambda: pgettext("enemy in a sentence", "Dwarf King"),
    "Militia": lambda: pgettext("enemy in a sentence", "Militia"),
    "Bowmen": lambda: pgettext("enemy in a sentence", "Bowmen"),
    "Pikemen": lambda: pgettext("enemy in a sentence", "Pikemen"),
    "Men-at-Arms": lambda: pgettext("enemy in a sentence", "Men-at-Arms"),
    "Royal Knights": lambda: pgettext("enemy in a sentence", "Royal Knights"),
    "King of Falladir": lambda: pgettext("enemy in a sentence", "King of Falladir"),
    "Nomad Raiders": lambda: pgettext("enemy in a sentence", "Nomad Raiders"),
    "Desert Archers": lambda: pgettext("enemy in a sentence", "Desert Archers"),
    "Camel Riders": lambda: pgettext("enemy in a sentence", "Camel Riders"),
    "Sand Warriors": lambda: pgettext("enemy in a sentence", "Sand Warriors"),
    "Djinn": lambda: pgettext("enemy in a sentence", "Djinn"),
    "Sultan of Thirst": lambda: pgettext("enemy in a sentence", "Sultan of Thirst"),
}


def enemy_in_sentence(enemy_id: object) -> str:
    """An enemy as a sentence names it: "the" in French ("le Roi des hommes"), bare in English."""
    enemy = D.ENEMY_BY_ID.get(str(enemy_id))
    if enemy is None:
        return "?"
    word = _ENEMIES_IN_A_SENTENCE.get(enemy.name)
    return Articled(word()) if word is not None else enemy_name(enemy_id)


def event_name(event_id: object, with_field: bool = True) -> str:
    """An event tile's name, with the battlefield it is tied to ("Llovar's Favour (Forest of
    Lothari)") unless ``with_field`` is False."""
    tile = D.EVENT_BY_ID.get(str(event_id))
    if tile is None:
        return "?"
    name = _(_EVENTS[tile.kind][0])
    if tile.battlefield < 0 or not with_field:
        return name
    return _("{event} ({battlefield})").format(
        event=name, battlefield=field_name(D.BATTLEFIELDS[tile.battlefield].id))


def event_text(event_id: object) -> str:
    """What an event tile does, naming its battlefield."""
    tile = D.EVENT_BY_ID.get(str(event_id))
    if tile is None:
        return "?"
    where = field_name(D.BATTLEFIELDS[tile.battlefield].id) if tile.battlefield >= 0 else ""
    return _(_EVENTS[tile.kind][1]).format(field=where)


def side_word(side: object) -> str:
    """A rank's side: "left", "right"."""
    return {"left": pgettext("side", "left"), "right": pgettext("side", "right")}.get(
        str(side), str(side))


def and_list(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
