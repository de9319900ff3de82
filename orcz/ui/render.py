"""Pure functions from an Orcz view (plain data) to Rich text. No state, no widgets.

Colours always come with a letter: a face-down card is a back in its owner's colour showing the
owner's letter, and every rank starts with its owner's letter.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from common.tui.fit import shorten
from common.words import plural
from orcz import data as D
from orcz import event_kinds as E
from orcz.view import names_and

SEAT_COLOURS = ("red", "dodger_blue1", "green3", "gold1")
CELL = 6  # width of one card cell


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


_SPARE_TAGS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def player_tags(names: list[str]) -> list[str]:
    """A short distinct tag per player, from their names: one letter, or two when the first
    letters clash. Never a digit: a tag stands right after a rank number on the board."""
    tags: list[str] = []
    for name in names:
        letters = [c.upper() for c in name if c.isascii() and c.isalpha()]
        options = [*letters[:1], *(letters[0] + c for c in letters[1:2]),
                   *(letters[0] + c for c in letters[2:])] if letters else []
        tag = next((t for t in options if t not in tags), None)
        if tag is None:  # no letter of its own left: the first spare capital
            tag = next(t for t in _SPARE_TAGS if t not in tags)
        tags.append(tag)
    return tags


def short_field_name(field_id: str) -> str:
    """A battlefield's last word: "Lothari", "Urth", "Falladir", "Thirst"."""
    spec = D.FIELD_BY_ID.get(field_id)
    return spec.name.split()[-1] if spec else "?"


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


def field_title(field: dict[str, Any], index: int, width: int = 0) -> str:
    """The frame's title: the battlefield's number and name; its short name when the full
    one would not fit in ``width`` columns (0: always the full name)."""
    now = "▶NOW " if field.get("resolving") else ""
    title = f"{now}{index + 1} {field['name']}"
    if width and len(title) + 4 > width:  # the frame's corners and the title's padding
        title = f"{now}{index + 1} {short_field_name(str(field['id']))}"
    return title


def fit_title(title: str, room: int) -> str:
    """A frame's title in ``room`` columns: "▶NOW" becomes "▶" (the arrow says it), then
    whole words with "…"."""
    if len(title) > room and title.startswith("▶NOW "):
        title = "▶ " + title[len("▶NOW "):]
    return shorten(title, room).plain if room > 0 else title


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
        # the number first: a narrow column keeps it when it shortens the line
        lines.append(Text(f"aside: {field['aside_strength']} strength", style="dim"))
        lines.extend(rank_line(rank, "·", tags) for rank in field["aside"])
    return Text("\n").join(lines)


def pending_text(view: dict[str, Any]) -> str:
    """Whose turn it is and what is being decided, short enough for the status line at 80
    columns (with the round and a name of 20 letters)."""
    pending = view["pending"]
    names = [p["name"] for p in view["players"]]
    kind = pending["kind"]
    if kind == "over":
        return "The game is over."
    who = names[pending["seat"]]
    where = short_field_name(str(pending.get("battlefield")))
    if kind == "deploy":
        return f"{who} places a rank · turn {pending['turn']} of {pending['turns']}"
    if kind == "fight":
        return f"{where} fights: {who}'s rear rank attacks or holds"
    goblins = plural(pending.get("amount", 0), "goblin")
    if kind == "hand_out":
        return f"{where} won: {who} hands out {goblins}"
    if kind == "impose":
        return f"{where} lost: {who} chooses who pays {goblins}, if anyone"
    return f"{who} decides"


_HERO_MARKS = {"champion": "Ch", "shaman": "Sh", "scout": "Sc"}


def header_text(view: dict[str, Any], tags: list[str]) -> Text:
    """Round, first player, each player's tag, name and spent heroes, then the event: at most
    four lines at 80 columns (long names are cut here; the curtain and panel show them whole)."""
    out = Text()
    names = [_cut(str(p["name"])) for p in view["players"]]
    out.append(f"Round {view['round']}/{view['rounds']}", style="bold")
    out.append(f" · first: {names[view['first_player']]} · ")
    for p in view["players"]:
        seat = p["seat"]
        out.append(f"[{tags[seat]}]", style=f"bold black on {seat_colour(seat)}")
        out.append(f" {names[seat]}")
        spent = p["spent_heroes"]
        if spent:
            marks = " ".join(_HERO_MARKS.get(h, card_short(h)) for h in spent)
            out.append(f" (spent {marks})", style="dim")
        out.append("  ")
    event = view.get("event")
    out.append("\n")
    if event:
        name = str(event["name"])
        where = name.partition(" (")[2].rstrip(")")
        if where and where in str(event["text"]):  # the text names the battlefield already
            name = name.partition(" (")[0]
        out.append(f"Event: {name}", style="bold yellow")
        out.append(f" — {event['text']}")
    else:
        out.append("No event.")
    return out


def _cut(name: str, width: int = 8) -> str:
    return shorten(name, width).plain


def hand_list(view: dict[str, Any]) -> Text:
    """The cards behind the viewer's screen."""
    out = Text("Behind your screen: ", style="dim")
    out.append(" ".join(card_short(c) for c in view.get("hand", [])) or "nothing")
    return out


def hand_text(view: dict[str, Any], show_hand: bool = False) -> Text:
    """The viewer's private summary in one short line (the panel's title names the player):
    goblins, scouted card, spent heroes (and the hand)."""
    seat = view["seat"]
    me = view["players"][seat]
    names = [p["name"] for p in view["players"]]
    out = Text()
    out.append(plural(me["goblins"] or 0, "goblin"), style=f"bold {seat_colour(seat)}")
    scouted = view.get("scouted") or []
    if scouted:  # one scout per player: seldom more than one card
        seen = ", ".join(f"{names[s['owner']]}'s {card_short(s['card'])}" for s in scouted)
        out.append(" · scouted: ", style="cyan")
        out.append(seen, style="bold cyan")
    spent = me["spent_heroes"]
    out.append(" · spent: " + (", ".join(card_short(h) for h in spent) or "none"), style="dim")
    if show_hand:
        out.append("\n")
        out.append_text(hand_list(view))
    return out


def review_hands(views: list[dict[str, Any]],
                 chart: tuple[Text, list[Text]] | None = None) -> Text:
    """The review: the cards behind each player's screen (``views``: each seat's own), one
    player a line, wrapped, never cut; after its goblins so far when there is a ``chart`` (its
    title, then a row of bars per seat)."""
    lines = [] if chart is None else [chart[0]]
    for seat, view in enumerate(views):
        me = view["players"][seat]
        line = Text(me["name"], style=f"bold {seat_colour(seat)}")
        if chart is not None:
            line.append(" ")
            line.append_text(chart[1][seat])
            line.append(" │ ")
        else:
            line.append(f" ({plural(me['goblins'] or 0, 'goblin')}): ")
        line.append(" ".join(card_short(c) for c in view.get("hand", [])) or "nothing")
        lines.append(line)
    return Text("\n").join(lines)


def standings_text(view: dict[str, Any]) -> Text:
    result = view.get("result") or {}
    out = Text()
    if result.get("collective_defeat"):
        cleared = plural(result.get("cleared", 0), "battlefield")
        out.append(f"Only {cleared} cleared: the forces of good win and EVERY ORC LOSES!\n\n",
                   style="bold red")
    else:
        names = [p["name"] for p in view["players"]]
        winners = [names[w] for w in result.get("winners", [])]
        verb = "wins" if len(winners) == 1 else "share the victory"
        out.append(f"{names_and(winners)} {verb} with the most goblins!\n\n", style="bold green")
    out.append("Standings\n", style="bold underline")
    for place, row in enumerate(result.get("standings", []), start=1):
        out.append(f"{place}. {row['name']:<12} {plural(row['goblins'], 'goblin'):>10}\n")
    out.append(f"\nBattlefields cleared: {result.get('cleared', 0)} of 4")
    return out


def action_words(action: dict[str, Any], names: list[str] | tuple[str, ...]) -> str:
    """One action (its JSON form) in words, for the review: never an internal name."""
    def who_is(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    field = D.FIELD_BY_ID.get(str(action.get("battlefield")))
    where = field.name if field else "?"
    who = who_is(action.get("seat"))
    kind = action.get("type")
    if kind == "place_rank":
        return (f"{who} places {card_name(str(action.get('left')))} | "
                f"{card_name(str(action.get('right')))} on {where} "
                f"({action.get('face_down')} face down)")
    if kind == "scout":
        return f"{who} scouts on {where}"
    if kind in ("attack", "hold"):
        return f"{who} {'attacks' if kind == 'attack' else 'holds'} on {where}"
    if kind == "challenge":
        return f"{who} challenges {who_is(action.get('target'))}"
    if kind in ("hand_out", "impose"):
        amounts = action.get("shares" if kind == "hand_out" else "payments") or []
        shares = [f"{who_is(seat)} {n}" for seat, n in enumerate(amounts)
                  if isinstance(n, int) and n]
        if kind == "hand_out":
            return f"{who} hands out on {where}: {', '.join(shares) or 'nothing'}"
        if not shares:
            return f"{who} imposes nothing on {where}"
        return f"{who} has the bank paid on {where}: {', '.join(shares)}"
    return f"{who}: {str(kind).replace('_', ' ')}"


def clock_text(seconds_left: float | None, expired: bool) -> Text:
    """The orc challenge's clock for the status line, short enough to follow the longest
    status at 80 columns: "⏱ 12 s", or the key to press once the time is up."""
    if seconds_left is not None:
        return Text(f"  ⏱ {max(0, int(seconds_left + 0.999))} s", style="bold yellow")
    if expired:
        return Text("  ⏱ time's up: c to challenge", style="bold red")
    return Text("")


def news_words(entries: list[dict[str, Any]], names: list[str] | tuple[str, ...]) -> str:
    """Public news for the status line (lost turns), short: the log has the whole sentence."""
    out = []
    for entry in entries:
        if entry.get("kind") != E.LOST_TURN.name:
            continue
        seat = entry.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        full = "full" in str(entry.get("reason", ""))
        out.append(f"{who} lost a turn ({'all full' if full else 'no rank possible'})")
    return " · ".join(out)
