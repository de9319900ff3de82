"""Pure functions from a Pirate's Cove view (plain data) to Rich text. No state, no widgets.

Colours always come with a letter: every ship shows as ``[A]`` (its captain's tag) in the seat's
colour, so the table reads without colour too (NO_COLOR). Names are appended as plain text,
never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from rich.cells import cell_len
from rich.text import Text

from common.entries import players_of
from common.events import kind_names
from common.i18n import N_, _, ngettext, pgettext
from common.tui.fit import NO_BREAK, PART, unbroken
from common.tui.learn_mark import marked, marked_line
from pirates import data as D
from pirates import event_kinds as E
from pirates.ui.log_words import (
    chests,
    count,
    describe,
    dice_words,
    fame,
    fame_short,
    gold,
    listing,
    tavern_cards,
    tied_for_most,
)
from pirates.ui.names import (
    card_name,
    island_heading,
    island_name,
    island_tiny,
    legend_short,
    raider_name,
    section_column,
    section_name,
)
from pirates.view_types import (
    CombatView,
    Entry,
    IslandView,
    PiratesView,
    PlayerView,
    ResultView,
    TreasureView,
)

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "gold1", "magenta")
SECTION_VALUE = {"hull": N_("chests"), "sails": N_("speed")}

PHASE_NAMES = {
    "outfit": N_("Outfitting (secret)"),
    "before_navigation": N_("Events before navigation"),
    "navigation": N_("Navigation (secret)"),
    "after_navigation": N_("Events after navigation"),
    "combat": N_("Combat"),
    "plunder": N_("Plunder"),
    "island_effects": N_("Island effects"),
    "over": N_("Game over"),
}

ISLAND_EFFECTS = {
    1: N_("buy Tavern cards, 2 gold each"),
    2: N_("raise your Hull"),
    3: N_("raise your Sails"),
    4: N_("raise your Cannons"),
    5: N_("raise your Crew"),
    6: N_("bury treasure for fame; one double-cost upgrade"),
    7: N_("repair (2 gold a section); 2 cards, or 1 card + 2 gold"),
}
ISLAND_SHORT = {
    1: N_("buy cards 2g"), 2: N_("raise hull"), 3: N_("raise sails"), 4: N_("raise cannons"),
    5: N_("raise crew"), 6: N_("bury, 2× upgrade"), 7: N_("repair, draw"),
}

# What each Tavern card does, in a few words (the private panel lists the hand with these).
CARD_EFFECTS = {
    D.FLINT: N_("parrot: carry any number of chests"),
    D.SILVER: N_("parrot: always roll 6 dice"),
    D.BONES: N_("parrot: roll as many dice as Cannons"),
    D.TRELAWNEY: N_("parrot: +20 speed"),
    D.MASTERCRAFT: N_("fit on a section: takes its first two hits"),
    D.BECALMED: N_("battle: no more cards in this combat"),
    D.WINDS: N_("battle: +6 speed this combat"),
    D.HOOKS: N_("battle: everyone rolls Crew dice"),
    D.SMOKE: N_("battle: only 6s hit you this combat"),
    D.OVERBOARD: N_("battle: +2 speed per chest thrown overboard"),
    D.GRAPESHOT: N_("volley: hits on 3-6, beats Smoke; 2 hits on your own Cannons"),
    D.POWDER_KEG: N_("volley: each hit also hits every hull here, yours too"),
    D.BROADSIDE: N_("volley: each hit damages every section; no volley next exchange"),
    D.ESCAPE: N_("after navigation: sail to an empty outer island or Treasure Island"),
    D.PRIVATEERING: N_("before navigation: take half of a player's plunder this month"),
    D.LOOKOUT: N_("before navigation: courses are open this month, from a player you name"),
    D.SHIPOWNER: N_("island effects: one level free"),
    D.MARQUE: N_("after navigation: redirect the Royal Navy and control it"),
    D.NAVY: N_("after navigation: send the Royal Navy to an outer island"),
    D.TREASURE_MAP: N_("before navigation: a die marks an island; plunder it for double chests"),
    "fame1": N_("fame card: 1 fame at the end"),
    "fame2": N_("fame card: 2 fame at the end"),
    "fame3": N_("fame card: 3 fame at the end"),
}


# --------------------------------------------------------------------------- names and tags

def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def player_tags(names: Iterable[str]) -> list[str]:
    """One distinct letter (or letter and digit) per captain, from their names."""
    tags: list[str] = []
    for i, name in enumerate(names):
        letters = [c.upper() for c in name if c.isalnum()]
        tag = letters[0] if letters else str(i + 1)
        if tag in tags:
            tag = f"{tag[0]}{i + 1}"
        tags.append(tag)
    return tags


def ship_tag(seat: int, tags: list[str]) -> Text:
    """``[A]`` in the seat's colour: the letter carries the meaning without colour."""
    return Text(f"[{tags[seat]}]", style=f"bold black on {colour(seat)}")


def ship_label(seat: int, view: PiratesView, tags: list[str]) -> Text:
    out = ship_tag(seat, tags)
    out.append(" " + view["players"][seat]["name"])
    return out


def target_name(target: int, view: PiratesView) -> str:
    if target < 0:
        combat = view.get("combat")
        legend = combat["legend"] if combat and target == D.LEGEND_SHIP else None
        return raider_name(target, legend["id"] if legend else None)
    return str(view["players"][target]["name"])


def card_effect(card_id: str) -> str:
    card = D.TAVERN_BY_ID.get(card_id)
    effect = card.effect if card else card_id
    return _(CARD_EFFECTS[effect]) if effect in CARD_EFFECTS else ""


def card_text(card_id: str) -> Text:
    """A Tavern card and what it does: ``Smoke — battle: only 6s hit you this combat``."""
    out = Text(card_name(card_id), style="bold")
    effect = card_effect(card_id)
    if effect:
        out.append(" — " + effect)
    return out


def treasure_words(card: TreasureView | None, short: bool = False) -> str:
    """A Treasure card's contents: ``2 gold, 1 chest`` (short: ``2g 1ch``)."""
    if card is None:
        return "—" if short else _("no card")
    if short:
        # NOTE: short forms on the map: g gold, ch chests, card a Tavern card, fame
        parts = [f"{n}{what}" for n, what in ((card["gold"], pgettext("short: gold", "g")),
                                              (card["chests"], pgettext("short: chests", "ch")))
                 if n]
        if card["cards"]:
            # a whole word, not a letter: French writes its count apart ("1 carte"), held to
            # it by a no-break space
            # NOTE: short form on the map, a count of Tavern cards: French "{count} carte"
            parts.append(unbroken(ngettext("{count}card", "{count}cards", card["cards"])
                                  .format(count=card["cards"])))
        if card["fame"]:
            parts.append(str(card["fame"]) + pgettext("short: fame", "fame"))
        return " ".join(parts) or _("nothing")
    words = [gold(card["gold"]) if card["gold"] else "",
             chests(card["chests"]) if card["chests"] else "",
             tavern_cards(card["cards"]) if card["cards"] else "",
             fame(card["fame"]) if card["fame"] else ""]
    return ", ".join(w for w in words if w) or _("nothing")


# --------------------------------------------------------------------------- the map

def raider_text(raider: D.Raider, hull: int, sunk: bool = False, short: bool = False) -> Text:
    """``☠ Blackbeard hull 8/8 · 6 dice · 6 fame`` (the Navy: ``⚓``)."""
    navy = raider.id == D.ROYAL_NAVY.id
    mark = "⚓" if navy else "☠"
    if short:
        name = pgettext("raider, short", "Navy") if navy else legend_short(raider.id)
    else:
        name = _("Royal Navy") if navy else raider_heading(raider.id)
    out = Text(f"{mark} {name} ", style="bold")
    if sunk:
        out.append(_("sunk"), style="dim")
        return out
    sep = ", " if short else " · "
    dice = ngettext("{count} die", "{count} dice", raider.dice).format(count=raider.dice)
    worth = fame_short(raider.fame) if short else fame(raider.fame)
    out.append(_("hull {hull}/{full}").format(hull=hull, full=raider.hull)
               + f"{sep}{dice}{sep}" + worth)
    return out


def raider_heading(legend: str) -> str:
    """A legendary pirate as a heading names it (no article): "Blackbeard", "Flying Dutchman"."""
    if legend == "blackbeard":
        return _("Blackbeard")
    return _("Flying Dutchman") if legend == "flying_dutchman" else legend


def _raiders(view: PiratesView, island: IslandView) -> list[tuple[D.Raider, int, bool]]:
    """The raiders at ``island``: (raider, hull now, sunk); the Royal Navy last."""
    cb = view.get("combat")
    here = cb if cb is not None and cb["island"] == island["number"] else None
    out = []
    for lg in island["legends"]:
        hull = lg["hull"]
        legend_hull = here["legend_hull"] if here is not None else None
        if not lg["sunk"] and legend_hull is not None:
            hull = legend_hull
        out.append((D.LEGEND_BY_ID[lg["id"]], hull, bool(lg["sunk"])))
    navy = view.get("royal_navy")
    if navy and navy["island"] == island["number"]:
        navy_hull = here["navy_hull"] if here is not None else None
        out.append((D.ROYAL_NAVY, D.ROYAL_NAVY.hull if navy_hull is None else navy_hull, False))
    return out


def island_raiders(view: PiratesView, island: IslandView,
                   short: bool = False) -> list[Text]:
    out = []
    navy = view["royal_navy"]
    for raider, hull, sunk in _raiders(view, island):
        out.append(raider_text(raider, hull, sunk, short))
        if raider is D.ROYAL_NAVY and navy is not None:
            out[-1].append(" · " + _("fired by") + " ")
            out[-1].append(view["players"][navy["controller"]]["name"])
    return out


def _combat_island(view: PiratesView) -> int | None:
    """The island of the combat in progress (None: no combat)."""
    cb = view.get("combat")
    return cb["island"] if cb else None


def island_ships(view: PiratesView, number: int, tags: list[str]) -> list[int]:
    return [p["seat"] for p in view["players"] if p["island"] == number]


def island_text(view: PiratesView, island: IslandView, tags: list[str],
                wide: bool = False) -> Text:
    """One island: number, name and effect; this month's Treasure; ships; raiders.

    Compact (two lines): name, effect and ships by tag; then the treasure and the raiders."""
    number = island["number"]
    out = Text()
    out.append("⚔ " if _combat_island(view) == number else "", style="bold yellow")
    out.append(f"{number if number <= 6 else '·'} {island_heading(number)}", style="bold")
    out.append(" · " + _((ISLAND_EFFECTS if wide else ISLAND_SHORT)[number]), style="dim")
    mark = view.get("treasure_map")
    if mark and mark["island"] == number:
        out.append(" " + _("✠ map"), style="bold")
    ships = island_ships(view, number, tags)
    if wide:
        out.append("\n  ")
    for seat in ships:
        out.append(" ")
        out.append_text(ship_tag(seat, tags))
        if wide:
            out.append(" " + view["players"][seat]["name"])
    if wide and not ships:
        out.append(_("no ship"), style="dim")
    raiders = island_raiders(view, island, short=not wide)
    if "treasure" in island or not wide:
        out.append("\n  ")
    if "treasure" in island:
        words = treasure_words(island["treasure"], short=not wide)
        out.append(_("treasure: {loot}").format(loot=words) if wide else words, style="cyan")
    for i, raider in enumerate(raiders):
        out.append("\n  " if wide else "  " if i or "treasure" in island else "")
        out.append_text(raider)
    if "treasure" not in island and not raiders and not wide:
        out.append("—", style="dim")
    return out


MAP_KEY = N_("☠ ⚓ hull left/full · Tavern: buy cards · Hull/Sail/Cannon/Crew: raise it · "
             "Treasure: bury, 2× upgrade · Cove: repair, draw")


def map_key(width: int = 0, rows: int = 1) -> Text:
    """The map's key in at most ``rows`` lines of ``width`` cells (0: one line, whole): its
    parts whole, in their order, each where it fits; a part that fits nowhere is left out (the
    glossary, on g, explains every sign)."""
    parts = _(MAP_KEY).split(PART)
    if width <= 0:
        return Text(PART.join(parts), style="dim")
    lines: list[str] = [""]
    for part in parts:
        if cell_len(part) > width:
            continue
        if lines[-1] and cell_len(lines[-1] + PART + part) > width:
            if len(lines) >= rows:
                continue
            lines.append("")
        lines[-1] = lines[-1] + PART + part if lines[-1] else part
    return Text("\n".join(lines), style="dim")


def island_line(view: PiratesView, island: IslandView, tags: list[str], width: int = 0) -> Text:
    """One island on one line: ``4 Cannon  1g 2ch    [A][C] ☠Blackbe. 8/8``; when that is
    wider than ``width``, the raiders by their sign alone (``☠8/8``: the key says it)."""
    line = _island_line(view, island, tags, names=True)
    if 0 < width < line.cell_len:
        return _island_line(view, island, tags, names=False)
    return line


def _island_line(view: PiratesView, island: IslandView, tags: list[str], names: bool) -> Text:
    number = island["number"]
    out = Text("⚔" if _combat_island(view) == number else " ", style="bold yellow")
    out.append(f"{number if number <= 6 else '·'} {island_tiny(number):<8}", style="bold")
    words = treasure_words(island["treasure"], short=True) if "treasure" in island else ""
    out.append(f"{words:<9}", style="cyan")
    mark = view.get("treasure_map")
    ships = island_ships(view, number, tags)
    if cell_len(words) >= 9 and ((mark and mark["island"] == number) or ships):
        out.append(" ")  # a treasure filling its column ("1cf 1 carte") never runs into a ship
    if mark and mark["island"] == number:
        out.append("✠ ", style="bold")
    for seat in ships:
        out.append_text(ship_tag(seat, tags))
    for raider, hull, sunk in _raiders(view, island):
        sign = "⚓" if raider is D.ROYAL_NAVY else "☠"
        name = pgettext("raider, short", "Navy") if raider is D.ROYAL_NAVY else \
            legend_short(raider.id)
        name = name if len(name) <= 8 else name[:7] + "."  # two ships and a raider fit 40
        state = _("sunk") if sunk else f"{hull}/{raider.hull}"  # _() outside the f-string
        out.append(f" {sign}{name} {state}" if names else f" {sign}{state}", style="bold")
    return out


# The map's layouts, by the room the panel has: a line an island, two lines, or in full.
MapLayout = Literal["line", "compact", "wide"]


def map_text(view: PiratesView, tags: list[str], mode: MapLayout = "compact",
             width: int = 0, rows: int = 0, island: int = 0) -> Text:
    """The six islands and Pirate's Cove, in island order. ``mode``: "line" (one line each and
    a key of the effects, fitted to ``width`` and ``rows`` when they are given), "compact" (two
    lines) or "wide" (names and effects in full). ``island``: the one a lesson's step is
    about, its first line marked (0: none)."""
    at_sea = _at_sea(view, tags)

    def mark(text: Text, number: int) -> Text:
        return marked_line(text, 0) if number == island else text

    if mode == "line":
        lines = [mark(island_line(view, isl, tags, width), isl["number"])
                 for isl in view["islands"]]
        # the rows left free, but two (a lesson's frame around the map takes them)
        free = rows - len(at_sea) - len(lines) - 2
        return Text("\n").join([*at_sea, *lines, map_key(width, max(1, free))])
    wide = mode == "wide"
    return Text("\n").join([*at_sea, *(mark(island_text(view, isl, tags, wide), isl["number"])
                                       for isl in view["islands"])])


def _at_sea(view: PiratesView, tags: list[str]) -> list[Text]:
    """Ships not at an island yet (before the first navigation): one line, or none."""
    ships = island_ships(view, 0, tags)
    if not ships:
        return []
    out = Text(" " + _("At sea:"), style="bold")
    for seat in ships:
        out.append(" ")
        out.append_text(ship_tag(seat, tags))
    return [out]


# --------------------------------------------------------------------------- ship mats

def track(position: int) -> Text:
    """Positions 0..7 with the ring's position as its digit: ``··2·····``; destroyed: ``✗``."""
    if position < 0:
        return Text("✗ " + _("destroyed"), style="bold red")
    out = Text("·" * position, style="dim")
    out.append(str(position), style="bold reverse")
    out.append("·" * (D.TOP_LEVEL - position), style="dim")
    return out


def mat_letter(section: str) -> str:
    """A section in one letter on a mat: H S C G (hull, sails, crew, guns)."""
    return {"hull": pgettext("mat letter", "H"), "sails": pgettext("mat letter", "S"),
            "crew": pgettext("mat letter", "C"), "cannons": pgettext("mat letter", "G")}[section]


def _section_extras(player: PlayerView, section: str) -> str:
    craft_mark = pgettext("mat: a Mastercraft", "MC")
    extras = [craft_mark + ("!" if craft["damaged"] else "")
              for craft in player.get("mastercrafts") or [] if craft["section"] == section]
    parrot = player.get("parrot")
    if parrot and D.SECTIONS[D.TAVERN_BY_ID[parrot].section] == section:
        extras.append("P" + ("!" if player.get("parrot_wounded") else ""))
    return "+" + "+".join(extras) if extras else ""


# A mat's layouts, by the room the panel has: a line per track, three lines, or two lines.
MatLayout = Literal["full", "medium", "compact"]


def mat_text(view: PiratesView, seat: int, tags: list[str], mode: MatLayout = "full",
             computer: bool = False, section: str = "") -> Text:
    """A ship's public mat: the four tracks (ring and value), Mastercraft and parrot, purse,
    chests against capacity, fame, cards in hand, dice. ``mode``: "full" (a line per track),
    "medium" (three lines) or "compact" (two lines). ``computer``: a computer player's ship.
    ``section``: the one a lesson's step is about, marked."""
    head = _mat_head(view, seat, tags, mode == "compact", computer)
    return _MAT_LAYOUTS[mode](head, view["players"][seat], section)


def _mat_head(view: PiratesView, seat: int, tags: list[str], short: bool,
              computer: bool) -> Text:
    """The mat's first line: the captain, a computer's mark, crippled (on the sections' line
    when ``short``), in the combat, and the review's revealed hand and choice."""
    p = view["players"][seat]
    cb = view.get("combat")
    out = ship_label(seat, view, tags)
    if computer:
        out.append(" " + (_("cpu") if short else _("(computer)")), style="italic")
    if p["crippled"] and not short:
        out.append(" " + _("CRIPPLED"), style="bold red")
    if cb and seat in cb["fighters"]:
        out.append(" ⚔", style="bold yellow")
    out.append_text(_revealed(p))
    return out


def _capacity(p: PlayerView) -> int | str:
    return "∞" if _parrot_effect(p) == D.FLINT else p["values"]["hull"]


def _faster(p: PlayerView) -> bool:
    """Squire Trelawney's parrot: the speed is not the sails' value."""
    return p["speed"] != p["values"]["sails"]


def _purse(p: PlayerView) -> str:
    purse = _("fame {fame}, gold {gold}, chests {chests}/{capacity}, {cards}, {dice}").format(
        fame=p["fame"], gold=p["gold"], chests=p["chests"], capacity=_capacity(p),
        cards=count(ngettext("{count} card", "{count} cards", p["cards_in_hand"]),
                    p["cards_in_hand"]),
        dice=dice_words(p["dice"]))
    return purse + (_(", speed {speed}").format(speed=p["speed"]) if _faster(p) else "")


def _mat_medium(out: Text, p: PlayerView, marked_section: str = "") -> Text:
    """Three lines: the name, each section's ring and value, the purse."""
    out.append("\n ")
    span = (0, 0)
    for section in D.SECTIONS:
        level = p["levels"][section]
        shown = "✗" if level < 0 else f"{level}:{p['values'][section]}"
        start = len(out) + 1  # after the blank, which the mark takes
        out.append(f" {section_name(section)} {shown}", style="bold red" if level < 0 else "")
        out.append(_section_extras(p, section), style="bold")
        span = (start, len(out)) if section == marked_section else span
    out.append("\n  " + _purse(p))
    return marked(out, *span) if marked_section else out


def _mat_compact(out: Text, p: PlayerView, marked_section: str = "") -> Text:
    """Two lines: the name and the purse in short forms, then each section in a letter."""
    faster = _faster(p)
    # NOTE: a mat's short forms: g gold, ch chests, c cards in hand, d dice
    out.append(_(" ★{fame} {gold}g {chests}/{capacity}ch {cards}c {dice}d").format(
        fame=p["fame"], gold=p["gold"], chests=p["chests"], capacity=_capacity(p),
        cards=p["cards_in_hand"], dice=p["dice"]) + (f" »{p['speed']}" if faster else ""))
    out.append("\n ")
    span = (0, 0)
    for section in D.SECTIONS:
        level = p["levels"][section]
        shown = "✗" if level < 0 else f"{level}:{p['values'][section]}"
        start = len(out) + 1  # after the blank, which the mark takes
        out.append(f" {mat_letter(section)}{shown}",
                   style="bold red" if level < 0 else "")
        out.append(_section_extras(p, section), style="bold")
        span = (start, len(out)) if section == marked_section else span
    if p["crippled"]:  # the name's line is full at 80×24: the purse must not be cut
        out.append(" " + _("CRIPPLED"), style="bold red")
    return marked(out, *span) if marked_section else out


def _mat_full(out: Text, p: PlayerView, marked_section: str = "") -> Text:
    """A line per track with its ring, then the purse, then the Mastercrafts and parrot."""
    if marked_section:  # its track's line, after the name's
        return marked_line(_mat_full(out, p), 1 + D.SECTIONS.index(marked_section))
    faster = _faster(p)
    for section in D.SECTIONS:
        out.append(f"\n  {section_name(section):<{section_column()}}")
        out.append_text(track(p["levels"][section]))
        out.append(f" {p['values'][section]:>2} {_(SECTION_VALUE[section])}"
                   if section in SECTION_VALUE else f" {p['values'][section]:>2}")
        out.append(" " + _("({speed} with parrot)").format(speed=p["speed"])
                   if section == "sails" and faster else "")
        out.append(" " + _section_extras(p, section), style="bold")
    out.append("\n  " + _purse(p))
    parts = []
    for craft in p.get("mastercrafts") or []:
        damaged = " " + _("(damaged)") if craft["damaged"] else ""
        parts.append(_("Mastercraft on {section}").format(section=section_name(craft["section"]))
                     + damaged)
    if p.get("parrot"):
        wounded = " " + _("(wounded)") if p["parrot_wounded"] else ""
        parts.append(f"{card_name(p['parrot'])}{wounded}")
    if parts:
        out.append("\n  " + " · ".join(parts), style="italic")
    return out


_MAT_LAYOUTS: dict[MatLayout, Callable[[Text, PlayerView, str], Text]] = {
    "full": _mat_full, "medium": _mat_medium, "compact": _mat_compact,
}


def _revealed(player: PlayerView) -> Text:
    """The review of a finished game shows each hand and secret choice on the mats."""
    if "revealed_hand" not in player:
        return Text("")
    out = Text(" · " + _("cards: {cards}").format(
        cards=", ".join(card_name(c) for c in player["revealed_hand"]) or _("none")),
        style="italic")
    choice = player.get("revealed_choice")
    if choice is not None:
        out.append(" · " + _("secret: {choice}").format(
            choice=island_name(choice) if isinstance(choice, int)
            else ", ".join(f"{section_name(k)} {v}" for k, v in choice.items())))
    return out


def _parrot_effect(player: PlayerView) -> str:
    parrot = player.get("parrot")
    return D.TAVERN_BY_ID[parrot].effect if parrot else ""


MAT_KEY = ("H S C G: hull, sails, crew, guns (cannons) — ring:value · +MC Mastercraft, "
           "+P parrot, ! damaged/wounded · ★ fame · g gold · ch chests · c cards · d dice")


# --------------------------------------------------------------------------- combat

def _ship_short(ship: int, tags: list[str]) -> Text:
    if ship >= 0:
        return ship_tag(ship, tags)
    return Text("⚓" if ship == D.NAVY_SHIP else "☠", style="bold")


def _ships_in_order(cb: CombatView, ships: list[int], tags: list[str],
                    speeds: bool, sep: str = " ") -> Text:
    speed = dict(zip(cb["order"], cb["speeds"], strict=True))
    out = Text()
    for i, ship in enumerate(ships):
        out.append(sep if i else "")
        out.append_text(_ship_short(ship, tags))
        if speeds and ship in speed:
            out.append(str(speed[ship]))
    return out


def combat_text(view: PiratesView, tags: list[str]) -> Text | None:
    """The combat in progress: where, the stage, the exchange, the ships with their live
    sections, the speed order, cards in force and the latest volleys."""
    cb = view.get("combat")
    if not cb:
        return None
    out = Text()
    where = _("Final combat (tie-break)") if cb["tiebreak"] else island_heading(cb["island"])
    out.append(f"⚔ {where}", style="bold yellow")
    if cb["stage"] == "boarding":
        out.append(_(": {what}").format(what=_("boarding rounds")))
    else:
        out.append(_(": {what}").format(what=_("volleys, exchange {number}").format(
            number=cb["exchange"])))
    order = list(cb["order"])
    out.append("\n " + (_("boarding turns:") if cb["stage"] == "boarding" else _("order:"))
               + " ")
    out.append_text(_ships_in_order(cb, order, tags, speeds=True))
    waiting = [s for s in cb["to_fire"] if s in order]
    if cb["stage"] == "volleys" and waiting and waiting != order:
        # held together: where the box is too narrow, the whole list goes to the next line,
        # not its last ship alone
        out.append("  " + unbroken(_("to fire:")) + NO_BREAK)
        out.append_text(_ships_in_order(cb, waiting, tags, speeds=False, sep=NO_BREAK))
    for seat in cb["fighters"]:
        p = view["players"][seat]
        out.append("\n ")
        out.append_text(ship_label(seat, view, tags))
        out.append("  " + " ".join(
            f"{mat_letter(s)}{'✗' if p['levels'][s] < 0 else p['values'][s]}"
            for s in D.SECTIONS))
        out.append(" · " + dice_words(p["dice"]))
        marks = [m for m, on in ((_("smoke"), seat in cb["smoke"]), (_("hit"), seat in cb["hit"]),
                                 (_("{count} overboard").format(count=cb["overboard"][seat]),
                                  cb["overboard"][seat] > 0)) if on]
        if marks:  # each mark whole: "(1 / par-dessus bord)" read as two things
            out.append(" (" + ", ".join(unbroken(m) for m in marks) + ")", style="dim")
    legend = cb.get("legend")
    if legend:
        out.append("\n ")
        out.append_text(raider_text(D.LEGEND_BY_ID[legend["id"]], legend["hull"],
                                    legend["hull"] <= 0, short=True))
    navy_hull = cb["navy_hull"]
    if navy_hull is not None:
        out.append("\n ")
        out.append_text(raider_text(D.ROYAL_NAVY, navy_hull, navy_hull <= 0, short=True))
    cards = [card_name(c) for c in cb["battle_cards"]]
    if cb["becalmed"] and not cb["tiebreak"]:
        cards.append(_("(becalmed: no more cards)"))
    if cards:
        out.append("\n " + _("in force: {cards}").format(cards=", ".join(cards)),
                   style="italic")
    if cb["volley_cards"]:
        out.append("\n " + _("readied: {cards}").format(
            cards=", ".join(card_name(c) for c in cb["volley_cards"])), style="italic")
    return out


def combat_events(view: PiratesView, limit: int = 6) -> list[str]:
    """The log lines of the combat in progress, newest last (at most ``limit``)."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e.get("kind") in
                 (E.COMBAT_START.name, E.TIEBREAK_START.name)), default=len(log))
    names = players_of(view)
    lines = [describe(e, names) for e in log[start + 1:]
             if e.get("kind") not in _QUIET and e.get("kind") != E.TIE_ROLL.name]
    return lines[-limit:]


_QUIET = kind_names(E.BOARDING_PASS, E.WINDOW_PASS, E.DREW)


# --------------------------------------------------------------------------- status

def phase_name(view: PiratesView) -> str:
    phase = view["phase"]
    if view.get("parrot_choice"):
        return _("A parrot decision")
    if phase == "navigation" and view.get("lookout_first") is not None:
        return _("Navigation (open: Lookout)")
    cb = view.get("combat")
    if phase == "combat" and cb:
        if cb["tiebreak"]:
            return _("Final combat (tie-break)")
        if cb["stage"] == "boarding":
            return _("Combat off {island} (boarding)").format(island=island_name(cb["island"]))
        return _("Combat off {island} (exchange {number})").format(
            island=island_name(cb["island"]), number=cb["exchange"])
    if phase == "island_effects" and view["to_act"]:
        island = view["players"][view["to_act"][0]]["island"]
        return _("Island effects: {island}").format(island=island_name(island))
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else str(phase).replace("_", " ")


def deciding(view: PiratesView) -> str:
    """What is being decided now, in words (without whom)."""
    phase = view["phase"]
    parrot = view.get("parrot_choice")
    if parrot:
        return _("swap in {card} (1 fame) or keep the old").format(card=card_name(parrot["card"]))
    cb = view.get("combat")
    if phase == "combat" and cb:
        if cb["stage"] == "boarding":
            return _("play a Battle card or pass")
        if cb["to_fire"] and cb["to_fire"][0] == D.NAVY_SHIP:
            return _("fire the Royal Navy")
        return _("fire or flee")
    words = {
        "outfit": N_("spend 9 gold on the ship"),
        "before_navigation": N_("play Privateering, Treasure Map or Lookout, or pass"),
        "navigation": N_("choose an island"),
        "after_navigation": N_("play Royal Navy, Letter of Marque or Escape, or pass"),
        "island_effects": N_("use the island"),
    }
    return _(words[phase]) if phase in words else ""


def status_text(view: PiratesView) -> Text:
    """``Choose an island · Navigation (secret) · waiting for Ann, Cid · Month 3/12``: what is
    decided first, as the line at 80 columns keeps it whole and leaves out the parts after it
    (the month first, then who, then the phase) when they do not fit."""
    out = Text()
    if view["over"]:
        out.append(_("The game is over."), style="bold")
        return out
    month = view["month"]
    what = deciding(view)
    phase = phase_name(view)
    out.append(what[:1].upper() + what[1:] if what else phase, style="bold")
    if what:
        out.append(PART + phase)
    waiting = [view["players"][s]["name"] for s in view["to_act"]]
    if waiting:
        out.append(PART + _("waiting for") + " ")
        out.append(", ".join(waiting), style="bold")
    out.append(PART + (_("Before month 1") if month == 0 else _("Month {month}/{months}").format(
        month=month, months=view["months"])))
    return out


# --------------------------------------------------------------------------- the private panel

def hand_text(view: PiratesView) -> Text:
    """The seat's Tavern cards, each with its effect in words."""
    hand = view.get("hand") or []
    out = Text(_("Your Tavern cards ({count}):").format(count=len(hand)), style="bold")
    if not hand:
        out.append(" " + _("none"), style="dim")
    for card in hand:
        out.append("\n • ")
        out.append_text(card_text(card))
    return out


def drawn_news(entries: list[Entry]) -> Text | str:
    """The cards a seat drew in ``entries`` (its own log since its last panel), every one:
    ``• Drawn since your last turn: Smoke, Grapeshot and Fame 1.`` (two lines at most)."""
    names = [card_name(e["card"]) for e in entries if e.get("kind") == E.DREW_CARD.name]
    if not names:
        return ""
    return Text(_("• Drawn since your last turn: {cards}.").format(cards=listing(names)),
                style="italic cyan")


def hand_line(view: PiratesView, card: str = "") -> Text:
    """The seat's cards by name on one line, and its pending secret choice; the ``card`` a
    lesson's step is about (an effect: "treasure_map") marked."""
    hand = view.get("hand") or []
    out = Text(_("Your cards ({count}):").format(count=len(hand)) + " ", style="bold")
    span = (0, 0)
    for i, each in enumerate(hand):
        if i:
            out.append(" · ")
        if each == card and not span[1]:
            span = (len(out), len(out) + len(card_name(each)))
        out.append(card_name(each))
    if not hand:
        out.append(_("none"))
    if span[1]:
        out = marked(out, *span)
    choice = my_choice_text(view)
    if choice is not None:
        out.append(" │ ")
        out.append_text(choice)
    return out


def hand_effects(view: PiratesView, card: str = "") -> Text:
    """Each kind of card in the seat's hand with its effect, one a line (copies counted); the
    name of the ``card`` a lesson's step is about marked."""
    names: dict[str, int] = {}
    first: dict[str, str] = {}
    for each in view.get("hand") or []:
        name = card_name(each)
        names[name] = names.get(name, 0) + 1
        first.setdefault(name, each)
    lines = []
    for name, copies in names.items():
        line = card_text(first[name])
        if copies > 1:
            line = Text(f"{copies}× ", style="bold") + line
        start = len(line) - len(card_text(first[name]))
        lines.append(marked(line, start, start + len(name)) if first[name] == card else line)
    return Text("\n").join(lines)


def my_choice_text(view: PiratesView) -> Text | None:
    """The seat's own pending secret choice (outfitting or course), if any."""
    choice = view.get("my_choice")
    if choice is None:
        return None
    if isinstance(choice, dict):
        values = view.get("my_choice_values") or {}
        # the values the mat shows, as the log line says them (not the ring positions)
        levels = ", ".join(f"{section_name(s)} {values.get(s, '?')}" for s in D.SECTIONS)
        return Text(_("Your secret outfitting: {values}").format(values=levels),
                    style="italic cyan")
    return Text(_("Your secret course: {island}").format(island=island_name(choice)),
                style="italic cyan")


# --------------------------------------------------------------------------- the end

def winner_words(result: ResultView) -> str:
    """Who won, as the book names the winner (P-R11): the most fame; a tie for it settled by
    the final combat; or, when that combat leaves no ship, a tie that stands (no winner)."""
    rows = result.get("standings", [])
    tied = tied_for_most([row["fame"] for row in rows], tuple(row["name"] for row in rows))
    winner = result.get("winner")
    named = [row["name"] for row in rows if row["seat"] == winner]
    if not named:
        return _("No winner: {names} are still tied for the most fame.").format(
            names=listing(tied))
    if result.get("tie_break"):
        return _("{winner} wins the final combat between the pirates tied for the most "
                 "fame!").format(winner=named[0])
    return _("{winner} is the most famous pirate!").format(winner=named[0])


def standings_text(view: PiratesView, result: ResultView, tags: list[str]) -> Text:
    """The standings by fame, every fame card revealed, and the tie-break if there was one."""
    players = view["players"]
    out = Text()
    if result.get("over"):
        out.append(winner_words(result) + "\n\n", style="bold green")
    out.append(_("Standings") + "\n", style="bold underline")
    for place, row in enumerate(result.get("standings", []), start=1):
        seat = row["seat"]
        out.append(f"{place}. ")
        out.append_text(ship_tag(seat, tags))
        out.append(" ")
        out.append(row["name"], style="bold")
        out.append("  " + unbroken(fame(row["fame"])) + "\n")  # to the next line whole
        cards = players[seat].get("fame_cards") or []
        worth = sum(D.TAVERN_BY_EFFECT[c].fame for c in cards)
        values = " + ".join(str(D.TAVERN_BY_EFFECT[c].fame) for c in cards)
        shown = unbroken(f"{values} = {worth}") if cards else _("none")  # never split
        out.append("     " + _("fame cards: {cards}").format(cards=shown) + "\n", style="dim")
    if result.get("tie_break"):
        out.append("\n" + _("A tie for the most fame was settled by a final combat between "
                            "the tied ships (no fame won or lost in it):") + "\n", style="bold")
        final = [describe(e, players_of(view)) for e in view["log"] if e.get("kind") in
                 (E.TIEBREAK_START.name, E.ROUTED.name, E.COMBAT_END.name) and _in_final(e)]
        for line in final:
            out.append(f" {line}\n", style="italic")
    return out


def _in_final(entry: Entry) -> bool:
    return entry.get("kind") == E.TIEBREAK_START.name or bool(entry.get("final")) or (
        entry.get("kind") == E.COMBAT_END.name and not entry.get("island"))


# --------------------------------------------------------------------------- result notices

# Kinds worth a public notice, and those never shown in one (they carry nothing new).
NOTICE_KINDS = kind_names(
    E.OUTFITS_REVEALED, E.NAVIGATION_REVEALED, E.COMBAT_END, E.PLUNDER, E.EFFECTS_DONE,
    E.PRIVATEERING, E.TREASURE_MAP, E.LOOKOUT, E.ROYAL_NAVY, E.LETTER_OF_MARQUE, E.ESCAPE,
    E.PARROT_SWAPPED, E.PARROT_KEPT, E.COVE_DRAW, E.GAME_OVER,
)


def results_text(entries: list[Entry], view: PiratesView,
                 limit: int = 18) -> Text | None:
    """A public summary of what a move set off (a combat from its start, plunder, reveals, an
    island-effects turn from its start), from the spectator's ``view``, whose log ends with
    ``entries``. None when nothing worth a notice happened."""
    if not any(e.get("kind") in NOTICE_KINDS for e in entries) and \
            not _volley_before_handoff(entries, view):
        return None
    log = view["log"]
    start = _turn_start(log, max(0, len(log) - len(entries)))
    names = [p["name"] for p in view["players"]]
    lines = [_notice_line(e, names) for e in log[start:]
             if not e.get("private") and e.get("kind") not in _QUIET]
    if len(lines) > limit:
        skipped = len(lines) - limit
        lines = [count(ngettext("… {count} earlier line: see the log",
                       "… {count} earlier lines: see the log", skipped), skipped), *lines[-limit:]]
    out = Text()
    for summary in combat_summaries(log[start:], view):
        out.append_text(summary)
        out.append("\n")
    if out.plain:
        out.append("\n")
    out.append("\n".join(lines))
    return out


_CAPTAINS_VOLLEYS = kind_names(E.VOLLEY, E.NAVY_VOLLEY)  # a legendary pirate has no captain


def _volley_before_handoff(entries: list[Entry], view: PiratesView) -> bool:
    """A volley whose captain does not decide next: its dice go to a public notice, so that the
    captain sees them before the panel is handed on."""
    firers = {e["controller"] if e.get("ship") == D.NAVY_SHIP else e.get("ship")
              for e in entries if e.get("kind") in _CAPTAINS_VOLLEYS}
    return bool(firers) and not firers <= set(view["to_act"])


def combat_summaries(entries: list[Entry], view: PiratesView) -> list[Text]:
    """One line per combat that ends in ``entries``: who stays, who fled or was routed, the
    raiders sunk, and the fame of the ships that fought, as it stands now."""
    names = [p["name"] for p in view["players"]]
    out: list[Text] = []
    fought: list[int] = []
    what: dict[str, list[str]] = {"fled": [], "routed": [], "sunk": [], "raider": []}
    for entry in entries:
        kind = entry.get("kind")
        if kind in _COMBAT_START:
            fought = [s for s in entry.get("ships") or [] if isinstance(s, int) and s >= 0]
            what = {"fled": [], "routed": [], "sunk": [], "raider": []}
            if entry.get("legend") in D.LEGEND_BY_ID:
                what["raider"].append(raider_name(D.LEGEND_SHIP, entry["legend"], start=True))
        elif kind in (E.FLED.name, E.ROUTED.name):
            mutiny = " " + _("(mutiny!)") if entry.get("mutiny") else ""
            what[kind].append(names[entry["seat"]] + mutiny)
        elif kind == E.LEGEND_SUNK.name:
            what["sunk"].append(raider_name(D.LEGEND_SHIP, entry["legend"], start=True))
        elif kind == E.NAVY_SUNK.name:
            what["sunk"].append(raider_name(D.NAVY_SHIP))
        elif kind == E.COMBAT_END.name:
            out.append(_combat_summary(entry, fought, what, names, view))
    return out


def _combat_summary(end: Entry, fought: list[int], what: dict[str, list[str]],
                    names: list[str], view: PiratesView) -> Text:
    island = end.get("island")
    where = island_heading(island) if island else _("the final combat")
    out = Text(f"⚔ {where}" + _(": {what}").format(what=""), style="bold")
    survivors = [names[s] for s in end.get("survivors") or []]
    parts = [ngettext("stays: {ships}", "stay: {ships}", len(survivors)).format(
        ships=", ".join(survivors)) if survivors else _("no ship stays")]
    heads = {"fled": _("fled"), "routed": _("routed"), "sunk": _("sunk")}
    parts += [heads[k] + _(": {what}").format(what=", ".join(v))
              for k, v in what.items() if v and k != "raider"]
    parts += [_("{name} holds the island").format(name=name) for name in what["raider"]
              if name not in what["sunk"]]
    out.append(" · ".join(parts))
    if fought:
        out.append(" · " + _("fame now:") + " " + ", ".join(
            f"{names[s]} {view['players'][s]['fame']}" for s in fought), style="dim")
    return out


_COMBAT_START = kind_names(E.COMBAT_START, E.TIEBREAK_START)
_TURN_BREAKS = kind_names(E.EFFECTS_DONE, E.COMBAT_END, E.PLUNDER)


def _notice_line(entry: Entry, names: list[str]) -> str:
    return describe(entry, tuple(names))  # the game's wording, in the language in use


def _turn_start(log: list[Entry], start: int) -> int:
    """Move ``start`` back to the start of a combat, or of an island-effects turn, that the
    entries from ``start`` on finish."""
    for entry in log[start:]:
        kind = entry.get("kind")
        if kind in _COMBAT_START:
            return start
        if kind == E.COMBAT_END.name:
            return max((i for i in range(start) if log[i].get("kind") in _COMBAT_START),
                       default=start)
        if kind == E.EFFECTS_DONE.name:
            seat = entry.get("seat")
            while start > 0 and log[start - 1].get("seat") == seat and \
                    log[start - 1].get("kind") not in _TURN_BREAKS:
                start -= 1
            return start
    return start


__all__ = [
    "card_name", "card_text", "colour", "combat_text", "hand_text", "map_text", "mat_text",
    "player_tags", "results_text", "standings_text", "status_text", "treasure_words",
]
