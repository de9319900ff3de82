"""Pure functions from a Pirate's Cove view (plain data) to Rich text. No state, no widgets.

Colours always come with a letter: every ship shows as ``[A]`` (its captain's tag) in the seat's
colour, so the table reads without colour too (NO_COLOR). Names are appended as plain text,
never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from common.events import kind_names
from common.words import plural
from pirates import data as D
from pirates import event_kinds as E

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "gold1", "magenta")
SECTION_SHORT = {"hull": "hull", "sails": "sails", "crew": "crew", "cannons": "guns"}
MAT_LETTERS = {"hull": "H", "sails": "S", "crew": "C", "cannons": "G"}
SECTION_VALUE = {"hull": "chests", "sails": "speed", "crew": "crew", "cannons": "cannons"}

PHASE_NAMES = {
    "outfit": "Outfitting (secret)",
    "before_navigation": "Events before navigation",
    "navigation": "Navigation (secret)",
    "after_navigation": "Events after navigation",
    "combat": "Combat",
    "plunder": "Plunder",
    "island_effects": "Island effects",
    "over": "Game over",
}

ISLAND_EFFECTS = {
    1: "buy Tavern cards, 2 gold each",
    2: "raise your Hull",
    3: "raise your Sails",
    4: "raise your Cannons",
    5: "raise your Crew",
    6: "bury treasure for fame; one double-cost upgrade",
    7: "repair (2 gold a section); 2 cards, or 1 card + 2 gold",
}
ISLAND_SHORT = {
    1: "buy cards 2g", 2: "raise hull", 3: "raise sails", 4: "raise cannons",
    5: "raise crew", 6: "bury, 2× upgrade", 7: "repair, draw",
}

# What each Tavern card does, in a few words (the private panel lists the hand with these).
CARD_EFFECTS = {
    D.FLINT: "parrot: carry any number of chests",
    D.SILVER: "parrot: always roll 6 dice",
    D.BONES: "parrot: roll as many dice as Cannons",
    D.TRELAWNEY: "parrot: +20 speed",
    D.MASTERCRAFT: "fit on a section: takes its first two hits",
    D.BECALMED: "battle: no more cards in this combat",
    D.WINDS: "battle: +6 speed this combat",
    D.HOOKS: "battle: everyone rolls Crew dice",
    D.SMOKE: "battle: only 6s hit you this combat",
    D.OVERBOARD: "battle: +2 speed per chest thrown overboard",
    D.GRAPESHOT: "volley: hits on 3-6, beats Smoke; 2 hits on your own Cannons",
    D.POWDER_KEG: "volley: each hit also hits every hull here, yours too",
    D.BROADSIDE: "volley: each hit damages every section; no volley next exchange",
    D.ESCAPE: "after navigation: sail to an empty outer island or Treasure Island",
    D.PRIVATEERING: "before navigation: take half of a player's plunder this month",
    D.LOOKOUT: "before navigation: courses are open this month, from a player you name",
    D.SHIPOWNER: "island effects: one level free",
    D.MARQUE: "after navigation: redirect the Royal Navy and control it",
    D.NAVY: "after navigation: send the Royal Navy to an outer island",
    D.TREASURE_MAP: "before navigation: a die marks an island; plunder it for double chests",
    "fame1": "fame card: 1 fame at the end",
    "fame2": "fame card: 2 fame at the end",
    "fame3": "fame card: 3 fame at the end",
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


def ship_label(seat: int, view: dict[str, Any], tags: list[str]) -> Text:
    out = ship_tag(seat, tags)
    out.append(" " + view["players"][seat]["name"])
    return out


def target_name(target: int, view: dict[str, Any]) -> str:
    if target == D.LEGEND_SHIP:
        legend = (view.get("combat") or {}).get("legend")
        if legend is None:
            return "the legendary pirate"
        name = str(legend["name"])
        return "the " + name[4:] if name.startswith("The ") else name
    if target == D.NAVY_SHIP:
        return "the Royal Navy"
    return str(view["players"][target]["name"])


def card_effect(card_id: str) -> str:
    card = D.TAVERN_BY_ID.get(card_id)
    effect = card.effect if card else card_id
    return CARD_EFFECTS.get(effect, "")


def card_name(card_id: str) -> str:
    card = D.TAVERN_BY_ID.get(card_id)
    if card is not None:
        return card.name
    return D.EFFECT_NAMES.get(card_id, card_id.replace("_", " "))


def card_text(card_id: str) -> Text:
    """A Tavern card and what it does: ``Smoke — battle: only 6s hit you this combat``."""
    out = Text(card_name(card_id), style="bold")
    effect = card_effect(card_id)
    if effect:
        out.append(" — " + effect)
    return out


def treasure_words(card: dict[str, Any] | None, short: bool = False) -> str:
    """A Treasure card's contents: ``2 gold, 1 chest`` (short: ``2g 1ch``)."""
    if card is None:
        return "—" if short else "no card"
    if short:
        parts = [(card["gold"], "g"), (card["chests"], "ch"), (card["cards"], "card"),
                 (card["fame"], "fame")]
        return " ".join(f"{n}{what}" for n, what in parts if n) or "nothing"
    words = [(card["gold"], "gold", "gold"), (card["chests"], "chest", "chests"),
             (card["cards"], "Tavern card", "Tavern cards"), (card["fame"], "fame", "fame")]
    return ", ".join(f"{n} {one if n == 1 else many}" for n, one, many in words if n) or "nothing"


# --------------------------------------------------------------------------- the map

def raider_text(raider: D.Raider, hull: int, sunk: bool = False, short: bool = False) -> Text:
    """``☠ Blackbeard hull 8/8 · 6 dice · 6 fame`` (the Navy: ``⚓``)."""
    mark = "⚓" if raider.id == D.ROYAL_NAVY.id else "☠"
    name = raider.name.removeprefix("The ").removeprefix("the ")
    if short:
        name = name.split()[-1]
    out = Text(f"{mark} {name} ", style="bold")
    if sunk:
        out.append("sunk", style="dim")
        return out
    sep = ", " if short else " · "
    out.append(f"hull {hull}/{raider.hull}{sep}{raider.dice} dice{sep}{raider.fame} fame")
    return out


def _raiders(view: dict[str, Any], island: dict[str, Any]) -> list[tuple[D.Raider, int, bool]]:
    """The raiders at ``island``: (raider, hull now, sunk); the Royal Navy last."""
    cb = view.get("combat") or {}
    here = cb.get("island") == island["number"]
    out = []
    for lg in island["legends"]:
        hull = lg["hull"]
        if here and not lg["sunk"] and cb.get("legend_hull") is not None:
            hull = cb["legend_hull"]
        out.append((D.LEGEND_BY_ID[lg["id"]], hull, bool(lg["sunk"])))
    navy = view.get("royal_navy")
    if navy and navy["island"] == island["number"]:
        hull = cb["navy_hull"] if here and cb.get("navy_hull") is not None else D.ROYAL_NAVY.hull
        out.append((D.ROYAL_NAVY, hull, False))
    return out


def island_raiders(view: dict[str, Any], island: dict[str, Any],
                   short: bool = False) -> list[Text]:
    out = []
    for raider, hull, sunk in _raiders(view, island):
        out.append(raider_text(raider, hull, sunk, short))
        if raider is D.ROYAL_NAVY:
            out[-1].append(" · fired by ")
            out[-1].append(view["players"][view["royal_navy"]["controller"]]["name"])
    return out


def island_ships(view: dict[str, Any], number: int, tags: list[str]) -> list[int]:
    return [p["seat"] for p in view["players"] if p["island"] == number]


def island_text(view: dict[str, Any], island: dict[str, Any], tags: list[str],
                wide: bool = False) -> Text:
    """One island: number, name and effect; this month's Treasure; ships; raiders.

    Compact (two lines): name, effect and ships by tag; then the treasure and the raiders."""
    number = island["number"]
    cb = view.get("combat") or {}
    out = Text()
    out.append("⚔ " if cb.get("island") == number else "", style="bold yellow")
    out.append(f"{number if number <= 6 else '·'} {island['name']}", style="bold")
    out.append(" · " + (ISLAND_EFFECTS if wide else ISLAND_SHORT)[number], style="dim")
    mark = view.get("treasure_map")
    if mark and mark["island"] == number:
        out.append(" ✠ map", style="bold")
    ships = island_ships(view, number, tags)
    if wide:
        out.append("\n  ")
    for seat in ships:
        out.append(" ")
        out.append_text(ship_tag(seat, tags))
        if wide:
            out.append(" " + view["players"][seat]["name"])
    if wide and not ships:
        out.append("no ship", style="dim")
    raiders = island_raiders(view, island, short=not wide)
    if "treasure" in island or not wide:
        out.append("\n  ")
    if "treasure" in island:
        words = treasure_words(island["treasure"], short=not wide)
        out.append(f"{'treasure: ' if wide else ''}{words}", style="cyan")
    for i, raider in enumerate(raiders):
        out.append("\n  " if wide else "  " if i or "treasure" in island else "")
        out.append_text(raider)
    if "treasure" not in island and not raiders and not wide:
        out.append("—", style="dim")
    return out


ISLAND_TINY = {1: "Tavern", 2: "Hull", 3: "Sail", 4: "Cannon", 5: "Crew", 6: "Treasure",
               7: "Cove"}
MAP_KEY = ("☠ ⚓ hull left/full · Tavern: buy cards · Hull/Sail/Cannon/Crew: raise it · "
           "Treasure: bury, 2× upgrade · Cove: repair, draw")


def island_line(view: dict[str, Any], island: dict[str, Any], tags: list[str]) -> Text:
    """One island on one line: ``4 Cannon  1g 2ch    [A][C] ☠Blackbe. 8/8``."""
    number = island["number"]
    cb = view.get("combat") or {}
    out = Text("⚔" if cb.get("island") == number else " ", style="bold yellow")
    out.append(f"{number if number <= 6 else '·'} {ISLAND_TINY[number]:<8}", style="bold")
    words = treasure_words(island["treasure"], short=True) if "treasure" in island else ""
    out.append(f"{words:<9}", style="cyan")
    mark = view.get("treasure_map")
    if mark and mark["island"] == number:
        out.append("✠ ", style="bold")
    for seat in island_ships(view, number, tags):
        out.append_text(ship_tag(seat, tags))
    for raider, hull, sunk in _raiders(view, island):
        mark = "⚓" if raider is D.ROYAL_NAVY else "☠"
        name = raider.name.split()[-1]
        name = name if len(name) <= 8 else name[:7] + "."  # two ships and a raider fit 40
        out.append(f" {mark}{name} {'sunk' if sunk else f'{hull}/{raider.hull}'}", style="bold")
    return out


def map_text(view: dict[str, Any], tags: list[str], mode: str = "compact") -> Text:
    """The six islands and Pirate's Cove, in island order. ``mode``: "line" (one line each and
    a key of the effects), "compact" (two lines) or "wide" (names and effects in full)."""
    at_sea = _at_sea(view, tags)
    if mode == "line":
        lines = [island_line(view, isl, tags) for isl in view["islands"]]
        return Text("\n").join([*at_sea, *lines, Text(MAP_KEY, style="dim")])
    wide = mode == "wide"
    return Text("\n").join([*at_sea, *(island_text(view, isl, tags, wide)
                                       for isl in view["islands"])])


def _at_sea(view: dict[str, Any], tags: list[str]) -> list[Text]:
    """Ships not at an island yet (before the first navigation): one line, or none."""
    ships = island_ships(view, 0, tags)
    if not ships:
        return []
    out = Text(" At sea:", style="bold")
    for seat in ships:
        out.append(" ")
        out.append_text(ship_tag(seat, tags))
    return [out]


# --------------------------------------------------------------------------- ship mats

def track(position: int) -> Text:
    """Positions 0..7 with the ring's position as its digit: ``··2·····``; destroyed: ``✗``."""
    if position < 0:
        return Text("✗ destroyed", style="bold red")
    out = Text("·" * position, style="dim")
    out.append(str(position), style="bold reverse")
    out.append("·" * (D.TOP_LEVEL - position), style="dim")
    return out


def _section_extras(player: dict[str, Any], section: str) -> str:
    extras = [("MC!" if craft["damaged"] else "MC") for craft in player.get("mastercrafts") or []
              if craft["section"] == section]
    parrot = player.get("parrot")
    if parrot and D.SECTIONS[D.TAVERN_BY_ID[parrot].section] == section:
        extras.append("P" + ("!" if player.get("parrot_wounded") else ""))
    return "+" + "+".join(extras) if extras else ""


def mat_text(view: dict[str, Any], seat: int, tags: list[str], mode: str = "full",
             computer: bool = False) -> Text:
    """A ship's public mat: the four tracks (ring and value), Mastercraft and parrot, purse,
    chests against capacity, fame, cards in hand, dice. ``mode``: "full" (a line per track),
    "medium" (three lines) or "compact" (two lines). ``computer``: a computer player's ship."""
    p = view["players"][seat]
    cb = view.get("combat")
    out = ship_label(seat, view, tags)
    if computer:
        out.append(" cpu" if mode == "compact" else " (computer)", style="italic")
    if p["crippled"] and mode != "compact":  # compact: at the end of the sections' line
        out.append(" CRIPPLED", style="bold red")
    if cb and seat in cb["fighters"]:
        out.append(" ⚔", style="bold yellow")
    capacity = "∞" if _parrot_effect(p) == D.FLINT else p["values"]["hull"]
    faster = p["speed"] != p["values"]["sails"]  # Squire Trelawney's parrot
    purse = (f"fame {p['fame']}, gold {p['gold']}, chests {p['chests']}/{capacity}, "
             f"{p['cards_in_hand']} card{'s' if p['cards_in_hand'] != 1 else ''}, "
             f"{p['dice']} dice" + (f", speed {p['speed']}" if faster else ""))
    out.append_text(_revealed(p))
    if mode == "medium":
        out.append("\n ")
        for section in D.SECTIONS:
            level = p["levels"][section]
            shown = "✗" if level < 0 else f"{level}:{p['values'][section]}"
            out.append(f" {section} {shown}", style="bold red" if level < 0 else "")
            out.append(_section_extras(p, section), style="bold")
        out.append("\n  " + purse)
        return out
    if mode == "compact":
        out.append(f" ★{p['fame']} {p['gold']}g {p['chests']}/{capacity}ch "
                   f"{p['cards_in_hand']}c {p['dice']}d" +
                   (f" »{p['speed']}" if faster else ""))
        out.append("\n ")
        for section in D.SECTIONS:
            level = p["levels"][section]
            shown = "✗" if level < 0 else f"{level}:{p['values'][section]}"
            out.append(f" {MAT_LETTERS[section]}{shown}", style="bold red" if level < 0 else "")
            out.append(_section_extras(p, section), style="bold")
        if p["crippled"]:  # the name's line is full at 80×24: the purse must not be cut
            out.append(" CRIPPLED", style="bold red")
        return out
    for section in D.SECTIONS:
        out.append(f"\n  {section:<8}")
        out.append_text(track(p["levels"][section]))
        out.append(f" {p['values'][section]:>2} {SECTION_VALUE[section]}"
                   if section in ("hull", "sails") else f" {p['values'][section]:>2}")
        out.append(f" ({p['speed']} with parrot)" if section == "sails" and faster else "")
        out.append(" " + _section_extras(p, section), style="bold")
    out.append("\n  " + purse)
    parts = []
    for craft in p.get("mastercrafts") or []:
        damaged = " (damaged)" if craft["damaged"] else ""
        parts.append(f"Mastercraft on {craft['section']}{damaged}")
    if p.get("parrot"):
        wounded = " (wounded)" if p["parrot_wounded"] else ""
        parts.append(f"{card_name(p['parrot'])}{wounded}")
    if parts:
        out.append("\n  " + " · ".join(parts), style="italic")
    return out


def _revealed(player: dict[str, Any]) -> Text:
    """The review of a finished game shows each hand and secret choice on the mats."""
    if "revealed_hand" not in player:
        return Text("")
    out = Text(" · cards: " + (", ".join(card_name(c) for c in player["revealed_hand"])
                                or "none"), style="italic")
    choice = player.get("revealed_choice")
    if choice is not None:
        out.append(" · secret: " + (D.ISLAND_NAMES.get(choice, "?") if isinstance(choice, int)
                                    else ", ".join(f"{k} {v}" for k, v in choice.items())))
    return out


def _parrot_effect(player: dict[str, Any]) -> str:
    parrot = player.get("parrot")
    return D.TAVERN_BY_ID[parrot].effect if parrot else ""


MAT_KEY = ("H S C G: hull, sails, crew, guns (cannons) — ring:value · +MC Mastercraft, "
           "+P parrot, ! damaged/wounded · ★ fame · g gold · ch chests · c cards · d dice")


# --------------------------------------------------------------------------- combat

def _ship_short(view: dict[str, Any], ship: int, tags: list[str]) -> Text:
    if ship >= 0:
        return ship_tag(ship, tags)
    return Text("⚓" if ship == D.NAVY_SHIP else "☠", style="bold")


def _ships_in_order(view: dict[str, Any], ships: list[int], tags: list[str],
                    speeds: bool) -> Text:
    cb = view["combat"]
    speed = dict(zip(cb["order"], cb["speeds"], strict=True))
    out = Text()
    for i, ship in enumerate(ships):
        out.append(" " if i else "")
        out.append_text(_ship_short(view, ship, tags))
        if speeds and ship in speed:
            out.append(str(speed[ship]))
    return out


def combat_text(view: dict[str, Any], tags: list[str]) -> Text | None:
    """The combat in progress: where, the stage, the exchange, the ships with their live
    sections, the speed order, cards in force and the latest volleys."""
    cb = view.get("combat")
    if not cb:
        return None
    out = Text()
    where = "Final combat (tie-break)" if cb["tiebreak"] else D.ISLAND_NAMES[cb["island"]]
    out.append(f"⚔ {where}", style="bold yellow")
    if cb["stage"] == "boarding":
        out.append(": boarding rounds")
    else:
        out.append(f": volleys, exchange {cb['exchange']}")
    order = list(cb["order"])
    out.append("\n boarding turns: " if cb["stage"] == "boarding" else "\n order: ")
    out.append_text(_ships_in_order(view, order, tags, speeds=True))
    waiting = [s for s in cb["to_fire"] if s in order]
    if cb["stage"] == "volleys" and waiting and waiting != order:
        out.append("  to fire: ")
        out.append_text(_ships_in_order(view, waiting, tags, speeds=False))
    for seat in cb["fighters"]:
        p = view["players"][seat]
        out.append("\n ")
        out.append_text(ship_label(seat, view, tags))
        out.append("  " + " ".join(
            f"{MAT_LETTERS[s]}{'✗' if p['levels'][s] < 0 else p['values'][s]}"
            for s in D.SECTIONS))
        out.append(f" · {p['dice']} dice")
        marks = [m for m, on in (("smoke", seat in cb["smoke"]), ("hit", seat in cb["hit"]),
                                 (f"{cb['overboard'][seat]} overboard",
                                  cb["overboard"][seat] > 0)) if on]
        if marks:
            out.append(" (" + ", ".join(marks) + ")", style="dim")
    legend = cb.get("legend")
    if legend:
        out.append("\n ")
        out.append_text(raider_text(D.LEGEND_BY_ID[legend["id"]], legend["hull"],
                                    legend["hull"] <= 0, short=True))
    if cb.get("navy_hull") is not None:
        out.append("\n ")
        out.append_text(raider_text(D.ROYAL_NAVY, cb["navy_hull"], cb["navy_hull"] <= 0,
                                    short=True))
    cards = [card_name(c) for c in cb["battle_cards"]]
    if cb["becalmed"] and not cb["tiebreak"]:
        cards.append("(becalmed: no more cards)")
    if cards:
        out.append("\n in force: " + ", ".join(cards), style="italic")
    if cb["volley_cards"]:
        out.append("\n readied: " + ", ".join(card_name(c) for c in cb["volley_cards"]),
                   style="italic")
    return out


def combat_events(view: dict[str, Any], limit: int = 6) -> list[str]:
    """The log lines of the combat in progress, newest last (at most ``limit``)."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e.get("kind") in
                 (E.COMBAT_START.name, E.TIEBREAK_START.name)), default=len(log))
    lines = [str(e["text"]) for e in log[start + 1:]
             if e.get("kind") not in _QUIET and e.get("kind") != E.TIE_ROLL.name]
    return lines[-limit:]


_QUIET = kind_names(E.BOARDING_PASS, E.WINDOW_PASS, E.DREW)


# --------------------------------------------------------------------------- status

def phase_name(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if view.get("parrot_choice"):
        return "A parrot decision"
    if phase == "navigation" and view.get("lookout_first") is not None:
        return "Navigation (open: Lookout)"
    if phase == "combat" and view.get("combat"):
        cb = view["combat"]
        if cb["tiebreak"]:
            return "Final combat (tie-break)"
        stage = "boarding" if cb["stage"] == "boarding" else f"exchange {cb['exchange']}"
        return f"Combat off {D.ISLAND_NAMES[cb['island']]} ({stage})"
    if phase == "island_effects" and view["to_act"]:
        island = view["players"][view["to_act"][0]]["island"]
        return f"Island effects: {D.ISLAND_NAMES.get(island, '?')}"
    return PHASE_NAMES.get(phase) or str(phase).replace("_", " ")


def deciding(view: dict[str, Any]) -> str:
    """What is being decided now, in words (without whom)."""
    phase = view["phase"]
    if view.get("parrot_choice"):
        return f"swap in {card_name(view['parrot_choice']['card'])} (1 fame) or keep the old"
    cb = view.get("combat")
    if phase == "combat" and cb:
        if cb["stage"] == "boarding":
            return "play a Battle card or pass"
        if cb["to_fire"] and cb["to_fire"][0] == D.NAVY_SHIP:
            return "fire the Royal Navy"
        return "fire or flee"
    return {
        "outfit": "spend 9 gold on the ship",
        "before_navigation": "play Privateering, Treasure Map or Lookout, or pass",
        "navigation": "choose an island",
        "after_navigation": "play Royal Navy, Letter of Marque or Escape, or pass",
        "island_effects": "use the island",
    }.get(phase, "")


def status_text(view: dict[str, Any]) -> Text:
    """``Month 3/12 · Navigation (secret) · choose an island: waiting for Ann, Cid``."""
    out = Text()
    if view["over"]:
        out.append("The game is over.", style="bold")
        return out
    month = view["month"]
    out.append("Before month 1" if month == 0 else f"Month {month}/{view['months']}",
               style="bold")
    out.append(" · " + phase_name(view), style="bold")
    waiting = [view["players"][s]["name"] for s in view["to_act"]]
    if waiting:
        out.append(" · waiting for ")
        out.append(", ".join(waiting), style="bold")
    what = deciding(view)
    if what:
        out.append(": " + what if waiting else " · " + what)
    return out


# --------------------------------------------------------------------------- the private panel

def hand_text(view: dict[str, Any]) -> Text:
    """The seat's Tavern cards, each with its effect in words."""
    hand = view.get("hand") or []
    out = Text(f"Your Tavern cards ({len(hand)}):", style="bold")
    if not hand:
        out.append(" none", style="dim")
    for card in hand:
        out.append("\n • ")
        out.append_text(card_text(card))
    return out


def drawn_news(entries: list[dict[str, Any]]) -> Text | str:
    """The cards a seat drew in ``entries`` (its own log since its last panel), every one:
    ``• Drawn since your last turn: Smoke, Grapeshot and Fame 1.`` (two lines at most)."""
    names = [card_name(e["card"]) for e in entries if e.get("kind") == E.DREW_CARD.name]
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return Text(f"• Drawn since your last turn: {listed}.", style="italic cyan")


def hand_line(view: dict[str, Any]) -> Text:
    """The seat's cards by name on one line, and its pending secret choice."""
    hand = view.get("hand") or []
    out = Text(f"Your cards ({len(hand)}): ", style="bold")
    out.append(" · ".join(card_name(c) for c in hand) or "none")
    choice = my_choice_text(view)
    if choice is not None:
        out.append(" │ ")
        out.append_text(choice)
    return out


def hand_effects(view: dict[str, Any]) -> Text:
    """Each kind of card in the seat's hand with its effect, one a line (copies counted)."""
    names: dict[str, int] = {}
    first: dict[str, str] = {}
    for card in view.get("hand") or []:
        name = card_name(card)
        names[name] = names.get(name, 0) + 1
        first.setdefault(name, card)
    lines = []
    for name, count in names.items():
        line = card_text(first[name])
        if count > 1:
            line = Text(f"{count}× ", style="bold") + line
        lines.append(line)
    return Text("\n").join(lines)


def my_choice_text(view: dict[str, Any]) -> Text | None:
    """The seat's own pending secret choice (outfitting or course), if any."""
    choice = view.get("my_choice")
    if choice is None:
        return None
    if isinstance(choice, dict):
        values = view.get("my_choice_values") or {}
        # the values the mat shows, as the log line says them (not the ring positions)
        levels = ", ".join(f"{s} {values.get(s, '?')}" for s in D.SECTIONS)
        return Text(f"Your secret outfitting: {levels}", style="italic cyan")
    return Text(f"Your secret course: {D.ISLAND_NAMES.get(choice, '?')}", style="italic cyan")


# --------------------------------------------------------------------------- the end

def standings_text(view: dict[str, Any], result: dict[str, Any], tags: list[str]) -> Text:
    """The standings by fame, every fame card revealed, and the tie-break if there was one."""
    players = view["players"]
    out = Text()
    winner = result.get("winner")
    if winner is not None:
        out.append(f"{players[winner]['name']}", style="bold green")
        out.append(" is the most famous pirate!\n\n", style="bold green")
    out.append("Standings\n", style="bold underline")
    for place, row in enumerate(result.get("standings", []), start=1):
        seat = row["seat"]
        out.append(f"{place}. ")
        out.append_text(ship_tag(seat, tags))
        out.append(" ")
        out.append(row["name"], style="bold")
        out.append(f"  {row['fame']} fame\n")
        cards = players[seat].get("fame_cards") or []
        worth = sum(D.TAVERN_BY_EFFECT[c].fame for c in cards)
        values = " + ".join(str(D.TAVERN_BY_EFFECT[c].fame) for c in cards)
        shown = f"{values} = {worth}" if cards else "none"
        out.append(f"     fame cards: {shown}\n", style="dim")
    if result.get("tie_break"):
        out.append("\nA tie for the most fame was settled by a final combat between the tied "
                   "ships (no fame won or lost in it):\n", style="bold")
        final = [str(e["text"]) for e in view["log"] if e.get("kind") in
                 (E.TIEBREAK_START.name, E.ROUTED.name, E.COMBAT_END.name) and _in_final(e)]
        for line in final:
            out.append(f" {line}\n", style="italic")
    return out


def _in_final(entry: dict[str, Any]) -> bool:
    return entry.get("kind") == E.TIEBREAK_START.name or bool(entry.get("final")) or (
        entry.get("kind") == E.COMBAT_END.name and not entry.get("island"))


# --------------------------------------------------------------------------- result notices

# Kinds worth a public notice, and those never shown in one (they carry nothing new).
NOTICE_KINDS = kind_names(
    E.OUTFITS_REVEALED, E.NAVIGATION_REVEALED, E.COMBAT_END, E.PLUNDER, E.EFFECTS_DONE,
    E.PRIVATEERING, E.TREASURE_MAP, E.LOOKOUT, E.ROYAL_NAVY, E.LETTER_OF_MARQUE, E.ESCAPE,
    E.PARROT_SWAPPED, E.PARROT_KEPT, E.COVE_DRAW, E.GAME_OVER,
)


def results_text(entries: list[dict[str, Any]], view: dict[str, Any],
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
        lines = [f"… {plural(skipped, 'earlier line')}: see the log", *lines[-limit:]]
    out = Text()
    for summary in combat_summaries(log[start:], view):
        out.append_text(summary)
        out.append("\n")
    if out.plain:
        out.append("\n")
    out.append("\n".join(lines))
    return out


_CAPTAINS_VOLLEYS = kind_names(E.VOLLEY, E.NAVY_VOLLEY)  # a legendary pirate has no captain


def _volley_before_handoff(entries: list[dict[str, Any]], view: dict[str, Any]) -> bool:
    """A volley whose captain does not decide next: its dice go to a public notice, so that the
    captain sees them before the panel is handed on."""
    firers = {e["controller"] if e.get("ship") == D.NAVY_SHIP else e.get("ship")
              for e in entries if e.get("kind") in _CAPTAINS_VOLLEYS}
    return bool(firers) and not firers <= set(view["to_act"])


def combat_summaries(entries: list[dict[str, Any]], view: dict[str, Any]) -> list[Text]:
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
                what["raider"].append(D.LEGEND_BY_ID[entry["legend"]].name)
        elif kind in (E.FLED.name, E.ROUTED.name):
            mutiny = " (mutiny!)" if entry.get("mutiny") else ""
            what[kind].append(names[entry["seat"]] + mutiny)
        elif kind == E.LEGEND_SUNK.name:
            what["sunk"].append(D.LEGEND_BY_ID[entry["legend"]].name)
        elif kind == E.NAVY_SUNK.name:
            what["sunk"].append("the Royal Navy")
        elif kind == E.COMBAT_END.name:
            out.append(_combat_summary(entry, fought, what, names, view))
    return out


def _combat_summary(end: dict[str, Any], fought: list[int], what: dict[str, list[str]],
                    names: list[str], view: dict[str, Any]) -> Text:
    island = end.get("island")
    where = D.ISLAND_NAMES.get(island, "?") if island else "the final combat"
    out = Text(f"⚔ {where}: ", style="bold")
    survivors = [names[s] for s in end.get("survivors") or []]
    parts = [("stays" if len(survivors) == 1 else "stay") + ": " + ", ".join(survivors)
             if survivors else "no ship stays"]
    parts += [f"{k}: {', '.join(v)}" for k, v in what.items() if v and k != "raider"]
    parts += [f"{name} holds the island" for name in what["raider"] if name not in what["sunk"]]
    out.append(" · ".join(parts))
    if fought:
        out.append(" · fame now: " + ", ".join(
            f"{names[s]} {view['players'][s]['fame']}" for s in fought), style="dim")
    return out


_COMBAT_START = kind_names(E.COMBAT_START, E.TIEBREAK_START)
_TURN_BREAKS = kind_names(E.EFFECTS_DONE, E.COMBAT_END, E.PLUNDER)


def _notice_line(entry: dict[str, Any], names: list[str]) -> str:
    return str(entry["text"])


def _turn_start(log: list[dict[str, Any]], start: int) -> int:
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
