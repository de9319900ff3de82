"""The Pirate's Cove log in the player's language: each log entry worded from its kind, ids and
numbers. This is the game's one wording of its log (``GameEntry.words``): the log panel, the
notices, the review, the lessons and the golden playthroughs all word entries here; the English
msgids are the English text.

It imports no Textual (only the catalog and the names of things), so headless users word a log
too (``common.entries.log_lines``); and it registers nothing: the core's entries are data, and
importing this changes no one's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.entries import Entry
from common.events import EventKind, by_name
from common.i18n import N_, _, ngettext, pgettext
from pirates import data as D
from pirates import event_kinds as E
from pirates.ui.names import (
    capitalised,
    card_in_sentence,
    card_name,
    island_name,
    raider_name,
    section_name,
)

Get = Callable[..., Any]


def count(text: str, n: int) -> str:
    """A counted noun, ``text`` its form for ``n`` (``ngettext``): ``count(ngettext("{count}
    chest", "{count} chests", 2), 2)`` → "2 chests"."""
    return text.format(count=n)


def _buried(g: Callable[[str], Any], who: str) -> str:
    """What a ship buries: a count of none is left out in the words ("Anne enterre 3 or"), as
    the core's English, which says it, is kept word for word in its own ids."""
    filled = {"who": who, "chests": chests(g("chests")), "gold": gold(g("gold")),
              "fame": fame(g("fame"))}
    if g("chests") == 0:
        return _("{who} buries 0 chests and {gold} for {fame}.").format(**filled)
    if g("gold") == 0:
        return _("{who} buries {chests} and 0 gold for {fame}.").format(**filled)
    return _("{who} buries {chests} and {gold} for {fame}.").format(**filled)


def gold(n: int) -> str:
    return count(ngettext("{count} gold", "{count} gold", n), n)


def fame(n: int) -> str:
    return count(ngettext("{count} fame", "{count} fame", n), n)


def fame_short(n: int) -> str:
    """Fame in a narrow column (the combat box, the burial's rows), where French's "10 points
    de renommée" would wrap: French writes the mats' "★10", English "10 fame" as ever."""
    # NOTE: fame in a narrow column; French: the mats' sign, "★{count}"
    return pgettext("fame, short", "{count} fame").format(count=n)


def chests(n: int) -> str:
    return count(ngettext("{count} chest", "{count} chests", n), n)


def dice_words(n: int) -> str:
    return count(ngettext("{count} die", "{count} dice", n), n)


def tavern_cards(n: int) -> str:
    return count(ngettext("{count} Tavern card", "{count} Tavern cards", n), n)


def listing(parts: list[str]) -> str:
    """``a, b and c``; "nothing" when empty."""
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def name(players: tuple[str, ...], ship: Any, start: bool = False) -> str:
    """A ship of the log: a captain's name, or a raider's words."""
    if isinstance(ship, int) and ship < 0:
        return raider_name(ship, start=start)
    return players[ship] if isinstance(ship, int) and ship < len(players) else "?"


def mat_values(levels: Any) -> str:
    """Ring positions as the values the mat shows: ``hull 4, sails 7, crew 3, cannons 2``."""
    rings = [int(v) for v in str(levels).split(",")] if isinstance(levels, str) else levels
    return ", ".join(f"{section_name(s)} {D.value(i, ring)}" for i, (s, ring) in
                     enumerate(zip(D.SECTIONS, rings, strict=True)))


def loot(card_id: Any, chest_count: Any = None) -> str:
    """A Treasure card's loot; ``chest_count``, when given, is what was taken instead."""
    t = D.treasure_named(card_id)
    if t is None:
        return "?"
    n = t.chests if chest_count is None else chest_count
    parts = [gold(t.gold) if t.gold else "", chests(n) if n else "",
             tavern_cards(t.cards) if t.cards else "", fame(t.fame) if t.fame else ""]
    return ", ".join(part for part in parts if part) or _("nothing")


def _outfits(g: Get, who: str, players: tuple[str, ...]) -> str:
    rows = ["  " + _("{who}: {values}").format(who=players[i], values=mat_values(lv))
            for i, lv in enumerate(g("levels"))]
    return "\n".join([_("The outfits are revealed:"), *rows])


def _volley(g: Get, who: str, players: tuple[str, ...]) -> str:
    ship, target = g("ship"), g("target")
    shooter = (raider_name(ship, g("legend"), start=True) if ship == D.LEGEND_SHIP
               else capitalised(name(players, ship, start=True)))
    aimed = (raider_name(target, g("at_legend")) if target == D.LEGEND_SHIP
             else name(players, target))
    dice = " ".join(str(v) for v in g("dice"))
    hits = count(ngettext("{count} hit", "{count} hits", g("hits")), g("hits"))
    section = section_name(g("section"))
    if g("cards"):
        cards = ", ".join(card_in_sentence(c) for c in g("cards"))
        return _("{shooter} fires with {cards} at {target}'s {section}: dice {dice}, "
                 "{hits}.").format(shooter=shooter, cards=cards, target=aimed,
                                   section=section, dice=dice, hits=hits)
    return _("{shooter} fires at {target}'s {section}: dice {dice}, {hits}.").format(
        shooter=shooter, target=aimed, section=section, dice=dice, hits=hits)


def _powder_keg(g: Get, who: str, players: tuple[str, ...]) -> str:
    more = count(ngettext("{count} more hit", "{count} more hits", g("hits")), g("hits"))
    hulls = []
    if g("legend"):
        raider = D.LEGEND_BY_ID.get(g("legend"))
        legend = raider_name(D.LEGEND_SHIP, g("legend"), start=True)
        hulls.append(_("{legend}'s hull is at {hull}/{full}").format(
            legend=legend, hull=g("legend_hull"), full=raider.hull) if raider else
            _("{legend}'s hull is at {hull}").format(legend=legend, hull=g("legend_hull")))
    if g("navy_hull") is not None:
        hulls.append(_("the Royal Navy's at {hull}/{full}").format(hull=g("navy_hull"),
                                                                   full=D.ROYAL_NAVY.hull))
    if not hulls:
        return _("{who}'s Powder Keg: {hits} on every hull here.").format(who=who, hits=more)
    return _("{who}'s Powder Keg: {hits} on every hull here: {hulls}.").format(
        who=who, hits=more, hulls=", ".join(hulls))


def _damaged(g: Get, who: str, players: tuple[str, ...]) -> str:
    section = g("section")
    if g("level") < 0:
        return {"hull": _("{who}'s hull is destroyed!"),
                "sails": _("{who}'s sails are destroyed!"),
                "crew": _("{who}'s crew is destroyed!"),
                "cannons": _("{who}'s cannons are destroyed!")}.get(
            section, "{who}: " + str(section)).format(who=who)
    return _("{who}'s {section} ring moves to {level}.").format(
        who=who, section=section_name(section), level=g("level"))


def _share(g: Get, who: str, players: tuple[str, ...]) -> str:
    parts = [gold(g("gold")) if g("gold") else "", chests(g("chests")) if g("chests") else "",
             tavern_cards(g("cards")) if g("cards") else "", fame(g("fame")) if g("fame") else ""]
    return _("{who} takes {what} from {victim} (Privateering).").format(
        who=who, what=listing([p for p in parts if p]), victim=name(players, g("victim")))


def _tie_roll(g: Get, who: str, players: tuple[str, ...]) -> str:
    """Equal speeds: the dice set who goes first; equal dice are rolled again (P-R1)."""
    rolls = sorted(zip(g("dice"), g("ships"), strict=True), key=lambda r: -r[0])
    names = ", ".join(name(players, s) for s in g("ships"))
    shown = ", ".join(f"{name(players, s)} {v}" for v, s in rolls)
    if len(rolls) > 1 and rolls[0][0] == rolls[1][0]:
        return _("Equal speed ({names}): a die each decides who goes first: {dice}; the equal "
                 "dice are rolled again.").format(names=names, dice=shown)
    if len({v for v, _s in rolls}) < len(rolls):
        return _("Equal speed ({names}): a die each decides who goes first: {dice}; {first} "
                 "goes first; the others' equal dice are rolled again.").format(
            names=names, dice=shown, first=name(players, rolls[0][1]))
    return _("Equal speed ({names}): a die each decides who goes first: {dice}; {first} goes "
             "first.").format(names=names, dice=shown, first=name(players, rolls[0][1]))


def _plunder(g: Get, who: str, players: tuple[str, ...]) -> str:
    t = D.treasure_named(g("card"))
    printed = (t.chests if t else 0) * (2 if g("doubled") else 1)
    notes = [_("Treasure Map: chests doubled")] if g("doubled") else []
    if g("chests") is not None and g("chests") < printed:
        held = g("chests")
        notes.append(count(ngettext("the box held only {count} chest",
                                    "the box held only {count} chests", held), held))
    what = loot(g("card"), g("chests"))
    island = island_name(g("island"))
    if notes:
        return _("{who} plunders {island}: {loot} ({notes}).").format(
            who=who, island=island, loot=what, notes="; ".join(notes))
    return _("{who} plunders {island}: {loot}.").format(who=who, island=island, loot=what)


def _witnesses(g: Get, players: tuple[str, ...]) -> str:
    names = ", ".join(players[s] for s in g("witnesses"))
    return " " + _("Witnesses gain {fame} fame: {names}.").format(fame=D.WITNESS_FAME,
                                                                  names=names)


def _fled(g: Get, who: str, players: tuple[str, ...]) -> str:
    text = _("{who} flees to Pirate's Cove.").format(who=who)
    if g("witnesses"):
        text += _witnesses(g, players)
    text += " " + _("Mutiny die: {die}.").format(die=g("die"))
    if g("mutiny"):
        text += " " + _("MUTINY! All gold and chests lost, and {fame} fame.").format(
            fame=D.MUTINY_FAME)
    return text


def _routed(g: Get, who: str, players: tuple[str, ...]) -> str:
    if g("final"):
        return _("{who}'s ship is crippled: out of the final combat.").format(who=who)
    text = _("{who}'s ship is crippled and routed to Pirate's Cove.").format(who=who)
    return text + (_witnesses(g, players) if g("witnesses") else "")


def _battle_card(g: Get, who: str, players: tuple[str, ...]) -> str:
    card = card_in_sentence(g("card"))
    if g("chests"):
        return _("{who} plays {card}, throwing {chests} overboard.").format(
            who=who, card=card, chests=chests(g("chests")))
    return _("{who} plays {card}.").format(who=who, card=card)


def _legend_moves(g: Get, who: str, players: tuple[str, ...]) -> str:
    legend = raider_name(D.LEGEND_SHIP, g("legend"), start=True)
    island = island_name(g("island"))
    if g("replaced"):
        return _("{legend} appears off {island}.").format(legend=legend, island=island)
    return _("{legend} sails to {island}.").format(legend=legend, island=island)


def _cove_draw(g: Get, who: str, players: tuple[str, ...]) -> str:
    if g("gold"):
        card_count, gold_count = D.COVE_CARD_GOLD
        return _("{who} takes {cards} and {gold}.").format(
            who=who, cards=tavern_cards(card_count), gold=gold(gold_count))
    return _("{who} takes {cards}.").format(who=who, cards=tavern_cards(D.COVE_CARDS))


def _repaired(g: Get, who: str, players: tuple[str, ...]) -> str:
    repaired = list(g("sections") or ())
    sections = ", ".join(section_name(s) for s in repaired)
    # one form per number of sections: French says "la section coque", "les sections …"
    if g("short"):
        said = ngettext("{who} repairs {sections} for {gold}, short of gold: no cards or gold in "
                        "the Cove.", "{who} repairs {sections} for {gold}, short of gold: no "
                        "cards or gold in the Cove.", len(repaired))
    else:
        said = ngettext("{who} repairs {sections} for {gold}.",
                        "{who} repairs {sections} for {gold}.", len(repaired))
    return said.format(who=who, sections=sections, gold=gold(g("paid")))


def _combat_end(g: Get, who: str, players: tuple[str, ...]) -> str:
    if g("island") == D.TIEBREAK:
        return _("The final combat is over.")
    return _("The combat off {island} is over.").format(island=island_name(g("island")))


def _fame_cards(g: Get, who: str, players: tuple[str, ...]) -> str:
    if g("cards"):
        return _("{who} reveals fame cards worth {fame}.").format(who=who, fame=g("fame"))
    return _("{who} has no fame card.").format(who=who)


def tied_for_most(fame: Any, players: tuple[str, ...]) -> list[str]:
    """The captains with the most fame, in seat order."""
    best = max(fame, default=0)
    return [players[s] for s, f in enumerate(fame) if f == best and s < len(players)]


def _game_over(g: Get, who: str, players: tuple[str, ...]) -> str:
    """The end as the book names its winner (P-R11): the most fame, or a tie for it settled
    by the final combat; a final combat that leaves no ship leaves the tie standing. Each case
    is a sentence of its own, so that the French says which it is."""
    winner, tied = g("winner"), tied_for_most(g("fame"), players)
    if not (isinstance(winner, int) and 0 <= winner < len(players)):
        return _("The game is over with no winner: {names} are still tied for the most "
                 "fame.").format(names=listing(tied))
    if len(tied) > 1:
        return _("The game is over: {winner} wins the final combat between the pirates tied "
                 "for the most fame!").format(winner=players[winner])
    return _("The game is over: {winner} is the most famous pirate!").format(
        winner=players[winner])


def _simple(text: str, **fixed: object) -> Callable[[Get, str, tuple[str, ...]], str]:
    """A sentence naming only the captain (``{who}``) and fixed numbers of the rules."""
    return lambda g, w, p: _(text).format(who=w, **fixed)


def _legend(g: Get) -> str:
    return raider_name(D.LEGEND_SHIP, g("legend"), start=True)


# One sentence per kind of event (a test checks that every kind declared has one).
SENTENCES: dict[EventKind, Callable[[Get, str, tuple[str, ...]], str]] = {
    E.GAME_START: _simple(N_("A game of Pirate's Cove begins.")),
    E.OUTFITTING: _simple(N_("Every captain secretly outfits their ship with {gold} gold."),
                          gold=D.START_GOLD),
    E.OUTFIT_CHOSEN: _simple(N_("{who} has outfitted their ship (secret until all have).")),
    E.NAVIGATION_CHOSEN: _simple(N_("{who} has set a course (secret until all have).")),
    E.WINDOW_PASS: _simple(N_("{who} plays no event.")),
    E.BOARDING_PASS: _simple(N_("{who} passes in the boarding round.")),
    E.DREW: _simple(N_("{who} draws a Tavern card.")),
    E.TAVERN_RESHUFFLED: _simple(N_("The Tavern discards are shuffled into a new deck.")),
    E.TAVERN_EMPTY: _simple(N_("The Tavern deck is empty: no card to draw.")),
    E.RELOAD: _simple(N_("{who} reloads after a Full Broadside and cannot fire.")),
    E.NAVY_LEAVES: _simple(N_("The Royal Navy leaves the waters.")),
    E.BOUGHT: _simple(N_("{who} buys a Tavern card for {gold} gold."), gold=D.TAVERN_PRICE),
    E.EFFECTS_DONE: _simple(N_("{who} is done.")),
    E.MASTERCRAFT_MENDED: _simple(N_("{who} mends their Mastercraft for {gold} gold."),
                                  gold=D.MEND_COST),
    E.PARROT_HEALED: _simple(N_("{who}'s wounded parrot heals.")),
    E.GRAPESHOT_RECOIL: _simple(N_("{who}'s cannons take the Grapeshot recoil!")),
    E.OUTFIT_SECRET: lambda g, w, p: _("Your secret outfitting: {values}.").format(
        values=mat_values(g("levels"))),
    E.OUTFITS_REVEALED: _outfits,
    E.VOLLEY: _volley,
    E.NAVY_VOLLEY: _volley,
    E.LEGEND_VOLLEY: _volley,
    E.PLUNDER: _plunder,
    E.FLED: _fled,
    E.ROUTED: _routed,
    E.MONTH_START: lambda g, w, p: _("Month {month} of {months} begins.").format(
        month=g("month"), months=D.MONTHS),
    E.MONTH_END: lambda g, w, p: _("Month {month} ends.").format(month=g("month")),
    E.TREASURE_UP: lambda g, w, p: _("{island}: the Treasure card shows {loot}.").format(
        island=capitalised(island_name(g("island"))), loot=loot(g("card"))),
    E.LEGEND_PLACED: lambda g, w, p: _("{legend} lies off {island}.").format(
        legend=_legend(g), island=island_name(g("island"))),
    E.LEGEND_MOVES: _legend_moves,
    E.NAVIGATION_SECRET: lambda g, w, p: _("Your secret course: {island}.").format(
        island=island_name(g("island"))),
    E.NAVIGATED_OPENLY: lambda g, w, p: _("{who} sets course for {island} (Lookout).").format(
        who=w, island=island_name(g("island"))),
    E.NAVIGATION_REVEALED: lambda g, w, p: _("Courses revealed: {courses}").format(
        # NOTE: the separator between the courses of a list ("Ann to …; Bob to …")
        courses=_("; ").join(_("{who} to {island}").format(who=p[i], island=island_name(x))
                          for i, x in enumerate(g("islands")))),
    E.TIE_ROLL: _tie_roll,
    E.PRIVATEERING: lambda g, w, p: _("{who} plays Privateering against {victim}.").format(
        who=w, victim=name(p, g("victim"))),
    E.PRIVATEERING_CANCELLED: _simple(N_("{who}'s Escape cancels the Privateering.")),
    E.PRIVATEERING_FAME: _share,
    E.PRIVATEERING_LOOT: _share,
    E.POWDER_KEG: _powder_keg,
    E.TREASURE_MAP: lambda g, w, p: _("{who} plays a Treasure Map: {island} is marked.").format(
        who=w, island=island_name(g("island"))),
    E.LOOKOUT: lambda g, w, p: _("{who} plays Lookout: courses are open, {first} first.").format(
        who=w, first=name(p, g("first"))),
    E.ROYAL_NAVY: lambda g, w, p: _("{who} sends the Royal Navy to {island}!").format(
        who=w, island=island_name(g("island"))),
    E.LETTER_OF_MARQUE: lambda g, w, p: _(
        "{who} plays a Letter of Marque: the Royal Navy turns to {island}.").format(
        who=w, island=island_name(g("island"))),
    E.ESCAPE: lambda g, w, p: _("{who} plays Escape and slips away to {island}.").format(
        who=w, island=island_name(g("island"))),
    E.COMBAT_START: lambda g, w, p: _("Combat off {island}!").format(
        island=island_name(g("island"))),
    E.TIEBREAK_START: lambda g, w, p: _(
        "Tied for most fame: a final combat decides! {ships}").format(
        ships=", ".join(name(p, s) for s in g("ships"))),
    E.BATTLE_CARD: _battle_card,
    E.VOLLEY_CARD: lambda g, w, p: _("{who} readies {card}.").format(
        who=w, card=card_in_sentence(g("card"))),
    E.EXCHANGE: lambda g, w, p: _("Volley exchange {number}.").format(number=g("number")),
    E.LEGEND_REGAINS: lambda g, w, p: _("{legend} mends its hull to {hull}.").format(
        legend=_legend(g), hull=g("hull")),
    E.DAMAGED: _damaged,
    E.MASTERCRAFT_DAMAGED: lambda g, w, p: _("{who}'s Mastercraft on {section} is damaged."
                                             ).format(who=w, section=section_name(g("section"))),
    E.MASTERCRAFT_DESTROYED: lambda g, w, p: _(
        "{who}'s Mastercraft on {section} is destroyed.").format(
        who=w, section=section_name(g("section"))),
    E.PARROT_DRAWN: lambda g, w, p: _("{who} draws {card}!").format(
        who=w, card=card_in_sentence(g("card"))),
    E.PARROT_WOUNDED: lambda g, w, p: _("{who}'s {card} is wounded.").format(
        who=w, card=card_in_sentence(g("card"))),
    E.PARROT_KILLED: lambda g, w, p: _("{who}'s {card} dies: {who} loses {fame} fame.").format(
        who=w, card=card_in_sentence(g("card")), fame=D.DEAD_PARROT_FAME),
    E.PARROT_SWAPPED: lambda g, w, p: _("{who} pays {fame} fame to swap {old} for {card}."
                                        ).format(who=w, fame=D.PARROT_SWAP_FAME,
                                                 old=card_in_sentence(g("old")),
                                                 card=card_in_sentence(g("card"))),
    E.PARROT_KEPT: lambda g, w, p: _("{who} keeps the old parrot; {card} goes back.").format(
        who=w, card=card_in_sentence(g("card"))),
    E.NAVY_SUNK: _simple(N_("The Royal Navy is sunk!")),
    E.NAVY_FAME: lambda g, w, p: _("Survivors share the Royal Navy's fame: {share} each."
                                   ).format(share=g("share")),
    E.LEGEND_SUNK: lambda g, w, p: _("{legend} is sunk! {share} fame to each ship present."
                                     ).format(legend=_legend(g), share=g("share")),
    E.COMBAT_END: _combat_end,
    E.DREW_CARD: lambda g, w, p: _("You draw {card}.").format(card=card_name(g("card"))),
    E.UPGRADED: lambda g, w, p: _("{who} raises {section} to {level} for {gold}.").format(
        who=w, section=section_name(g("section")), level=g("level"), gold=gold(g("cost"))),
    E.BURIED: lambda g, w, p: _buried(g, w),
    E.COVE_DRAW: _cove_draw,
    E.REPAIRED: _repaired,
    E.MASTERCRAFT: lambda g, w, p: _("{who} fits a Mastercraft on {section}.").format(
        who=w, section=section_name(g("section"))),
    E.SHIPOWNER: lambda g, w, p: _("{who} plays Shipowner: {section} up to {level}.").format(
        who=w, section=section_name(g("section")), level=g("level")),
    E.HOLD_OVERFLOW: lambda g, w, p: _("{who}'s hold is too small: {chests} lost.").format(
        who=w, chests=chests(g("lost"))),
    E.FAME_CARDS: _fame_cards,
    E.GAME_OVER: _game_over,
}

_BY_NAME = by_name(SENTENCES)


def describe(entry: Entry, players: tuple[str, ...]) -> str:
    """One log entry in words, in the language in use, with the players' names."""
    handler = _BY_NAME.get(entry.get("kind", ""))
    if handler is None:
        return str(entry.get("kind", "")).replace("_", " ")
    return handler(entry.get, name(players, entry.get("seat")), tuple(players))


__all__ = ["SENTENCES", "count", "describe", "listing", "loot"]
