"""Pure functions from an Orcz view (plain data) to Rich text. No state, no widgets.

Colours always come with a letter: a face-down card is a back in its owner's colour showing the
owner's letter, and every rank starts with its owner's letter.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from common.i18n import _, ngettext, pgettext
from common.tui.fit import shorten, unbroken
from common.tui.learn_mark import marked
from orcz import data as D
from orcz import event_kinds as E
from orcz.ui import names as N
from orcz.ui.story import goblins
from orcz.view_types import (
    CardView,
    Entry,
    FieldView,
    OrczView,
    RankCards,
    ResultView,
    seat_of,
)

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


short_field_name = N.short_field_name
card_name = N.card_name


def card_short(card_id: str) -> str:
    """A card in a cell's few letters: "Inf3", "Chmp"."""
    card = D.CARD_BY_ID.get(card_id)
    if card is None:
        return "?"
    # NOTE: the short forms of the cards on the board (at most 5 letters with the strength)
    short = {D.INFANTRY: pgettext("short card", "Inf"), D.ARCHER: pgettext("short card", "Arc"),
             D.CAVALRY: pgettext("short card", "Cav"), D.CHAMPION: pgettext("short card", "Chmp"),
             D.SHAMAN: pgettext("short card", "Shmn"), D.SCOUT: pgettext("short card", "Scout")}
    strength = str(card.strength) if card.kind in (D.INFANTRY, D.ARCHER, D.CAVALRY) else ""
    return short[card.kind] + strength


def card_cell(card: CardView | None, owner: int, tags: list[str]) -> Text:
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


def rank_line(rank: RankCards, number: str, tags: list[str]) -> Text:
    owner = int(rank["owner"])
    line = Text()
    line.append(f"{number:>2}", style="dim")
    line.append(f"{tags[owner]:<2}", style=f"bold {seat_colour(owner)}")
    line.append_text(card_cell(rank["left"], owner, tags))
    line.append(" ")
    line.append_text(card_cell(rank["right"], owner, tags))
    return line


def field_title(field: FieldView, index: int, width: int = 0) -> str:
    """The frame's title: the battlefield's number and name; its short name when the full
    one would not fit in ``width`` columns (0: always the full name)."""
    now = _now() if field.get("resolving") else ""
    title = f"{now}{index + 1} {N.field_name(field['id'])}"
    if width and len(title) + 4 > width:  # the frame's corners and the title's padding
        title = f"{now}{index + 1} {short_field_name(str(field['id']))}"
    return title


def _now() -> str:
    # NOTE: the mark of the battlefield whose battle is being resolved
    return "▶" + _("NOW") + " "


def fit_title(title: str, room: int) -> str:
    """A frame's title in ``room`` columns: "▶NOW" becomes "▶" (the arrow says it), then
    whole words with "…"."""
    if len(title) > room and title.startswith(_now()):
        title = "▶ " + title[len(_now()):]
    return shorten(title, room).plain if room > 0 else title


def field_head(field: FieldView) -> Text:
    """The two header lines of a battlefield: enemy and values, strength needed and stack."""
    out = Text()
    if field["cleared"]:
        out.append(_("CLEARED") + "\n", style="bold green")
        beaten = int(field["defeated"])
        out.append(ngettext("{count} enemy beaten", "{count} enemies beaten", beaten).format(
            count=beaten), style="dim")
        return out
    enemy = field.get("enemy")
    if enemy:
        out.append(f"{enemy['main']}/{enemy['secondary']} ", style="bold magenta")
        out.append(f"{N.enemy_name(enemy['id'])}\n", style="bold")
        out.append(_("need {strength}").format(strength=field["needed"]) + " · ")
    else:
        out.append(_("enemy beaten") + "\n", style="green")
    out.append(_("stack {count}").format(count=field["stack"]), style="dim")
    return out


def field_column(field: FieldView, tags: list[str], width: int = 0) -> Text:
    """The orc column from the front (rank 1) to the rear, then the ranks set aside (their
    line in fewer words when ``width`` is too narrow for the whole)."""
    lines: list[Text] = [rank_line(rank, str(position + 1), tags)
                         for position, rank in enumerate(field["column"])]
    if field["aside"]:
        strength = field["aside_strength"]
        aside = _("aside: {strength} strength").format(strength=strength)
        if 0 < width < cell_len(aside):
            aside = _("aside: {strength}").format(strength=strength)
        lines.append(Text(aside, style="dim"))
        lines.extend(rank_line(rank, "·", tags) for rank in field["aside"])
    return Text("\n").join(lines)


def pending_text(view: OrczView) -> str:
    """Whose turn it is and what is being decided, short enough for the status line at 80
    columns (with the round and a name of 20 letters)."""
    pending = view["pending"]
    names = [p["name"] for p in view["players"]]
    kind = pending["kind"]
    if kind == "over":
        return _("The game is over.")
    words = {"name": names[pending["seat"]],
             "battlefield": short_field_name(str(pending.get("battlefield"))),
             "goblins": goblins(int(pending.get("amount", 0)))}
    if kind == "deploy":
        return _("{name} places a rank · turn {turn} of {turns}").format(
            turn=pending["turn"], turns=pending["turns"], **words)
    if kind == "fight":
        return _("{battlefield} fights: {name}'s rear rank attacks or holds").format(**words)
    if kind == "hand_out":
        return _("{battlefield} won: {name} hands out {goblins}").format(**words)
    if kind == "impose":
        return _("{battlefield} lost: {name} chooses who pays {goblins}, if anyone").format(
            **words)
    return _("{name} decides").format(**words)


def _hero_mark(hero: str) -> str:
    """A spent hero in two letters, for the top line."""
    marks = {"champion": pgettext("spent hero", "Ch"), "shaman": pgettext("spent hero", "Sh"),
             "scout": pgettext("spent hero", "Sc")}
    return marks.get(hero) or card_short(hero)


def header_text(view: OrczView, tags: list[str]) -> Text:
    """Round, first player, each player's tag, name and spent heroes, then the event: at most
    four lines at 80 columns (long names are cut here; the curtain and panel show them whole)."""
    out = Text()
    names = [_cut(str(p["name"])) for p in view["players"]]
    out.append(_("Round {round}/{rounds}").format(round=view["round"], rounds=view["rounds"]),
               style="bold")
    out.append(" · " + _("first: {name}").format(name=names[view["first_player"]]) + " · ")
    for p in view["players"]:
        # a player's tag and name held together by no-break spaces, and their spent heroes
        # too: a wrapped strip never leaves a tag at a line's end and its name on the next.
        # It may break before the heroes: four long names with every hero spent must still
        # leave the event its rows.
        seat = p["seat"]
        out.append(f"[{tags[seat]}]", style=f"bold black on {seat_colour(seat)}")
        out.append(unbroken(f" {names[seat]}"))
        spent = p["spent_heroes"]
        if spent:
            marks = " ".join(_hero_mark(h) for h in spent)
            said = unbroken("(" + _("spent {heroes}").format(heroes=marks) + ")")
            out.append(" " + said, style="dim")
        out.append("  ")
    event = view.get("event")
    out.append("\n")
    if event:
        # without its battlefield: the text names it already
        name = N.event_name(event["id"], with_field=False)
        out.append(_("Event: {event}").format(event=name), style="bold yellow")
        out.append(f" — {N.event_text(event['id'])}")
    else:
        out.append(_("No event."))
    return out


def _cut(name: str, width: int = 8) -> str:
    return shorten(name, width).plain


def hand_list(view: OrczView, card: str = "") -> Text:
    """The cards behind the viewer's screen, the ``card`` a lesson's step is about marked."""
    out = Text(_("Behind your screen:") + " ", style="dim")
    hand = view.get("hand", [])
    if not hand:
        out.append(_("nothing"))
        return out
    span = (0, 0)
    for i, each in enumerate(hand):
        if i:
            out.append(" ")
        if each == card:
            span = (len(out), len(out) + len(card_short(each)))
        out.append(card_short(each))
    return marked(out, *span) if span[1] else out


def hand_text(view: OrczView, show_hand: bool = False) -> Text:
    """The viewer's private summary in one short line (the panel's title names the player):
    goblins, scouted card, spent heroes (and the hand)."""
    seat = seat_of(view)
    me = view["players"][seat]
    names = [p["name"] for p in view["players"]]
    out = Text()
    out.append(goblins(me["goblins"] or 0), style=f"bold {seat_colour(seat)}")
    scouted = view.get("scouted") or []
    if scouted:  # one scout per player: seldom more than one card
        seen = ", ".join(_("{name}'s {card}").format(name=names[s["owner"]],
                                                     card=card_short(s["card"]))
                         for s in scouted)
        out.append(" · " + _("scouted:") + " ", style="cyan")
        out.append(seen, style="bold cyan")
    spent = ", ".join(card_short(h) for h in me["spent_heroes"]) or pgettext("no hero", "none")
    out.append(" · " + _("spent: {heroes}").format(heroes=spent), style="dim")
    if show_hand:
        out.append("\n")
        out.append_text(hand_list(view))
    return out


def review_hands(views: list[OrczView],
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
            # the colon through the catalog: French sets a no-break space before it
            line.append(" " + _("({goblins}):").format(goblins=goblins(me["goblins"] or 0)) + " ")
        line.append(" ".join(card_short(c) for c in view.get("hand", [])) or _("nothing"))
        lines.append(line)
    return Text("\n").join(lines)


# What the standings read of a view with no result yet: no winner, no standings.
_NO_RESULT: ResultView = {"collective_defeat": False, "winners": [], "cleared": 0, "over": False,
                         "standings": []}


def standings_text(view: OrczView) -> Text:
    result = view.get("result") or _NO_RESULT
    out = Text()
    if result.get("collective_defeat"):
        cleared = int(result.get("cleared", 0))
        out.append(ngettext(
            "Only {count} battlefield cleared: the forces of good win and EVERY ORC LOSES!",
            "Only {count} battlefields cleared: the forces of good win and EVERY ORC LOSES!",
            cleared).format(count=cleared) + "\n\n", style="bold red")
    else:
        names = [p["name"] for p in view["players"]]
        winners = [names[w] for w in result.get("winners", [])]
        won = (_("{names} wins with the most goblins!") if len(winners) == 1
               else _("{names} share the victory with the most goblins!"))
        out.append(won.format(names=N.and_list(winners)) + "\n\n", style="bold green")
    out.append(_("Standings") + "\n", style="bold underline")
    for place, row in enumerate(result.get("standings", []), start=1):
        out.append(f"{place}. {row['name']:<12} {goblins(row['goblins']):>10}\n")
    # "4 of 4" on one line, however narrow the standings
    out.append("\n" + unbroken(_("Battlefields cleared: {count} of 4").format(
        count=result.get("cleared", 0)), last=2))
    return out


def action_words(action: dict[str, Any], names: list[str] | tuple[str, ...]) -> str:
    """One action (its JSON form) in words, for the review: never an internal name."""
    def who_is(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    words = {"name": who_is(action.get("seat")),
             "battlefield": N.field_name(action.get("battlefield"))}
    kind = action.get("type")
    if kind == "place_rank":
        return _("{name} places {left} | {right} on {battlefield} ({side} face down)").format(
            left=card_name(str(action.get("left"))), right=card_name(str(action.get("right"))),
            side=N.side_word(action.get("face_down")), **words)
    if kind == "scout":
        return _("{name} scouts on {battlefield}").format(**words)
    if kind == "attack":
        return _("{name} attacks on {battlefield}").format(**words)
    if kind == "hold":
        return _("{name} holds on {battlefield}").format(**words)
    if kind == "challenge":
        return _("{name} challenges {target}").format(target=who_is(action.get("target")),
                                                     **words)
    if kind in ("hand_out", "impose"):
        amounts = action.get("shares" if kind == "hand_out" else "payments") or []
        shares = ", ".join(f"{who_is(seat)} {n}" for seat, n in enumerate(amounts)
                           if isinstance(n, int) and n)
        if kind == "hand_out":
            return _("{name} hands out on {battlefield}: {shares}").format(
                shares=shares or _("nothing"), **words)
        if not shares:
            return _("{name} imposes nothing on {battlefield}").format(**words)
        return _("{name} has the bank paid on {battlefield}: {shares}").format(shares=shares,
                                                                                **words)
    # a kind worded above is every kind the codec knows (a test holds it): this line is for a
    # malformed record, still said in the language in use, never with the internal name
    return _("{name} makes a move").format(name=words["name"])


def clock_text(seconds_left: float | None, expired: bool) -> Text:
    """The orc challenge's clock for the status line, short enough to follow the longest
    status at 80 columns: "⏱ 12 s", or the key to press once the time is up."""
    if seconds_left is not None:
        return Text(f"  ⏱ {max(0, int(seconds_left + 0.999))} s", style="bold yellow")
    if expired:
        return Text("  ⏱ " + _("time's up: c to challenge"), style="bold red")
    return Text("")


def news_words(entries: list[Entry], names: list[str] | tuple[str, ...]) -> str:
    """Public news for the status line (lost turns), short: the log has the whole sentence."""
    out = []
    for entry in entries:
        if entry.get("kind") != E.LOST_TURN.name:
            continue
        seat = entry.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        full = "full" in str(entry.get("reason", ""))
        text = (_("{name} lost a turn (all full)") if full
                else _("{name} lost a turn (no rank possible)"))
        out.append(text.format(name=who))
    return " · ".join(out)
