"""Pure functions from an Orcz view (plain data) to Rich text. No state, no widgets.

Colours always come with a letter: a face-down card is a back in its owner's colour showing the
owner's letter, and every rank starts with its owner's letter.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from orcz import data as D

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "gold1")
CELL = 6  # width of one card cell


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def player_tags(names: list[str]) -> list[str]:
    """A short distinct letter (or two) per player, from their names."""
    tags: list[str] = []
    for i, name in enumerate(names):
        letters = [c.upper() for c in name if c.isalnum()] or [str(i + 1)]
        tag = letters[0]
        if tag in tags:
            tag = (letters[0] + (letters[1] if len(letters) > 1 else str(i + 1)))[:2]
        if tag in tags:
            tag = str(i + 1)
        tags.append(tag)
    return tags


def card_short(card_id: str) -> str:
    card = D.CARD_BY_ID.get(card_id)
    if card is None:
        return "?"
    return {
        D.INFANTRY: f"Inf{card.strength}", D.ARCHER: f"Arc{card.strength}",
        D.CAVALRY: f"Cav{card.strength}", D.CHAMPION: "Chmp", D.SHAMAN: "Shmn",
        D.SCOUT: "Scout",
    }[card.kind]


def card_name(card_id: str) -> str:
    card = D.CARD_BY_ID.get(card_id)
    return card.name if card else "?"


def card_cell(card: dict[str, Any] | None, owner: int, tags: list[str]) -> Text:
    """One card of a rank: face up, face down (known to the viewer) or a back with a letter."""
    if card is None:
        return Text("  --  ", style="dim")
    if card.get("id") is None:
        tag = tags[owner]
        back = f"▒{tag}▒".center(CELL, "▒")
        return Text(back, style=f"bold black on {seat_colour(owner)}")
    short = card_short(str(card["id"]))
    if card.get("face_down"):
        return Text(f"({short})".center(CELL), style="italic")
    return Text(short.center(CELL), style="bold")


def rank_line(rank: dict[str, Any], number: str, tags: list[str]) -> Text:
    owner = int(rank["owner"])
    line = Text()
    line.append(f"{number:>2}", style="dim")
    line.append(f"{tags[owner]:<2}", style=f"bold {seat_colour(owner)}")
    line.append_text(card_cell(rank["left"], owner, tags))
    line.append(" ")
    line.append_text(card_cell(rank["right"], owner, tags))
    return line


def field_title(field: dict[str, Any], index: int) -> str:
    now = "▶NOW " if field.get("resolving") else ""
    return f"{now}{index + 1} {field['name']}"


def field_head(field: dict[str, Any]) -> Text:
    """The two header lines of a battlefield: enemy and values, strength needed and stack."""
    out = Text()
    if field["cleared"]:
        out.append("CLEARED\n", style="bold green")
        beaten = field["defeated"]
        out.append(f"{beaten} {'enemy' if beaten == 1 else 'enemies'} beaten", style="dim")
        return out
    enemy = field.get("enemy")
    if enemy:
        out.append(f"{enemy['main']}/{enemy['secondary']} ", style="bold magenta")
        out.append(f"{enemy['name']}\n", style="bold")
        out.append(f"need {field['needed']} · ")
    else:
        out.append("enemy beaten\n", style="green")
    out.append(f"stack {field['stack']}", style="dim")
    return out


def field_column(field: dict[str, Any], tags: list[str]) -> Text:
    """The orc column from the front (rank 1) to the rear, then the ranks set aside."""
    lines: list[Text] = [rank_line(rank, str(position + 1), tags)
                         for position, rank in enumerate(field["column"])]
    if field["aside"]:
        lines.append(Text(f"— aside (+{field['aside_strength']}) —", style="dim"))
        lines.extend(rank_line(rank, "·", tags) for rank in field["aside"])
    return Text("\n").join(lines)


def pending_text(view: dict[str, Any]) -> str:
    """Whose turn it is and what is being decided, in words."""
    pending = view["pending"]
    names = [p["name"] for p in view["players"]]
    kind = pending["kind"]
    if kind == "over":
        return "The game is over."
    who = names[pending["seat"]]
    where = _field_name(view, pending.get("battlefield"))
    if kind == "deploy":
        return f"{who} places a rank (turn {pending['turn']} of {pending['turns']})."
    if kind == "fight":
        return f"Fights on {where}: {who}'s rear rank attacks the rank ahead or holds."
    amount = pending.get("amount", 0)
    if kind == "hand_out":
        return f"{who} won on {where} and hands out {amount} goblin(s) to the others."
    if kind == "impose":
        return f"{who} lost on {where} and chooses who pays {amount} goblin(s) to the bank."
    return f"{who} decides."


def _field_name(view: dict[str, Any], field_id: Any) -> str:
    for field in view["battlefields"]:
        if field["id"] == field_id:
            return str(field["name"])
    return "?"


def header_text(view: dict[str, Any], tags: list[str]) -> Text:
    out = Text()
    names = [p["name"] for p in view["players"]]
    out.append(f"Round {view['round']}/{view['rounds']}", style="bold")
    out.append(f" · first: {names[view['first_player']]} · ")
    for p in view["players"]:
        seat = p["seat"]
        out.append(f"[{tags[seat]}]", style=f"bold black on {seat_colour(seat)}")
        out.append(f" {p['name']}")
        spent = p["spent_heroes"]
        if spent:
            out.append(" (spent " + ",".join(card_short(h) for h in spent) + ")", style="dim")
        out.append("  ")
    event = view.get("event")
    out.append("\n")
    if event:
        out.append(f"Event: {event['name']}", style="bold yellow")
        out.append(f" — {event['text']}")
    else:
        out.append("No event.")
    return out


def hand_list(view: dict[str, Any]) -> Text:
    """The cards behind the viewer's screen."""
    out = Text("Behind your screen: ", style="dim")
    out.append(" ".join(card_short(c) for c in view.get("hand", [])) or "nothing")
    return out


def hand_text(view: dict[str, Any], show_hand: bool = False) -> Text:
    """The viewer's private summary: goblins, spent heroes, scouted (and the hand)."""
    seat = view["seat"]
    me = view["players"][seat]
    names = [p["name"] for p in view["players"]]
    out = Text()
    out.append(f"{me['name']}: ", style=f"bold {seat_colour(seat)}")
    out.append(f"{me['goblins']} goblins", style="bold")
    spent = me["spent_heroes"]
    out.append(" · spent heroes: " + (", ".join(card_name(h) for h in spent) or "none"),
               style="dim")
    scouted = view.get("scouted") or []
    if scouted:
        seen = ", ".join(f"{names[s['owner']]}'s {card_short(s['card'])}" for s in scouted)
        out.append(f" · Scouted: {seen}", style="cyan")
    if show_hand:
        out.append("\n")
        out.append_text(hand_list(view))
    return out


def standings_text(view: dict[str, Any]) -> Text:
    result = view.get("result") or {}
    out = Text()
    if result.get("collective_defeat"):
        out.append(
            f"Only {result.get('cleared', 0)} battlefield(s) cleared: the forces of good win "
            "and EVERY ORC LOSES!\n\n", style="bold red",
        )
    else:
        names = [p["name"] for p in view["players"]]
        winners = " and ".join(names[w] for w in result.get("winners", []))
        out.append(f"{winners} win(s) with the most goblins!\n\n", style="bold green")
    out.append("Standings\n", style="bold underline")
    for place, row in enumerate(result.get("standings", []), start=1):
        out.append(f"{place}. {row['name']:<12} {row['goblins']:>3} goblins\n")
    out.append(f"\nBattlefields cleared: {result.get('cleared', 0)} of 4")
    return out
