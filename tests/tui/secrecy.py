"""What may not be on screen, for both games: another seat's private panel and private log
lines and, by game, its hidden cards, goblins and scouted cards (Orcz), or its Tavern cards and
pending secret choice, outfitting or course (Pirate's Cove). ``check_screen`` is the one check."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.end import EndScreen
from common.tui.log_panel import LogPanel
from common.tui.session import GameSession
from common.tui.table import TableScreen
from orcz.ui.render import card_name, card_short
from orcz.ui.screens import ScoutScreen
from orcz.ui.widgets import FieldPanel
from pirates.ui.render import card_text, hand_line, my_choice_text
from pirates.ui.screens import PiratesTable


def visible_widgets(app: App[Any]) -> list[Widget]:
    out = []
    for widget in app.screen.query(Widget):
        node: Any = widget
        shown = True
        while node is not None and node is not app.screen:
            if not node.display:
                shown = False
                break
            node = node.parent
        if shown:
            out.append(widget)
    return out


def rendered(app: App[Any]) -> str:
    """The terminal as shown, plus the whole content of logs and texts (scrolled parts too)."""
    parts = ["\n".join(s.text for s in app.screen._compositor.render_strips())]
    for widget in visible_widgets(app):
        if isinstance(widget, LogPanel):
            parts.append(widget.plain_text())
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


def allowed_seat(app: App[Any]) -> int | str | None:
    """Whose private information the current screen may show, for every game: "all" after the
    end, the table's viewer, the owner of a private side screen (a scout), else nobody."""
    top = app.screen
    if isinstance(top, EndScreen) or (isinstance(top, TableScreen) and top.reviewing):
        return "all"
    if isinstance(top, TableScreen):
        return top.viewer
    if isinstance(top, (ScoutScreen, NoticeScreen)) and not getattr(top, "public", False):
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        return getattr(table, "scouting", None)
    return None


def check_curtain(app: App[Any]) -> None:
    """A curtain shows the hand-off words and nothing else, for every game."""
    top = app.screen
    assert isinstance(top, CurtainScreen)
    words = {w.strip("┃━┏┓┗┛") for w in rendered(app).split()} - {""}
    assert words == set(top.message.split()), words


def check_screen(app: App[Any], session: GameSession) -> None:
    """Assert that the screen shows no private information of any seat but the allowed one."""
    allowed = allowed_seat(app)
    if allowed == "all":
        return
    if isinstance(app.screen, CurtainScreen):
        check_curtain(app)  # its words and nothing else
        return
    text = rendered(app)
    mine = session.view(allowed) if isinstance(allowed, int) else None
    own_private = {e["text"] for e in mine["log"] if e.get("private")} if mine else set()
    if isinstance(app.screen, PiratesTable):
        hand = str(app.screen.query_one("#hand").render())
        assert hand == (hand_line(mine).plain if mine else ""), hand
    for seat, name in enumerate(session.players):
        if seat == allowed:
            continue
        theirs = session.view(seat)
        assert f"{name}'s private panel" not in text
        for entry in theirs["log"]:
            if entry.get("private") and entry["text"] not in own_private:
                assert entry["text"] not in text, f"{name}'s private log line on screen"
        if session.record.game == "orcz":
            check_orcz_seat(app, session, text, seat, mine)
        else:
            check_pirates_seat(session, text, seat, mine)


def check_orcz_seat(app: App[Any], session: GameSession, text: str, seat: int,
                    mine: dict[str, Any] | None) -> None:
    """Orcz: ``seat``'s goblins, the cards it scouted, its face-down cards on the board."""
    name = session.players[seat]
    theirs = session.view(seat)
    goblins = theirs["players"][seat]["goblins"]
    assert f"{name}: {goblins} goblins" not in text, f"{name}'s goblins on screen"
    scouted_lines = [line for line in text.splitlines() if "Scouted:" in line]
    own_scouted = mine["scouted"] if mine else []
    for scouted in theirs["scouted"]:
        if scouted in own_scouted:
            continue
        words = f"{session.players[scouted['owner']]}'s {card_name(scouted['card'])}"
        assert not any(words in line for line in scouted_lines), f"{name}'s scouted card"
    check_board(app, session, seat, allowed_seat(app))


def check_pirates_seat(session: GameSession, text: str, seat: int,
                       mine: dict[str, Any] | None) -> None:
    """Pirate's Cove: ``seat``'s Tavern cards and its pending secret choice, unless the viewer
    has the same words of their own."""
    name = session.players[seat]
    theirs = session.view(seat)
    own_cards = {card_text(c).plain for c in mine["hand"]} if mine else set()
    for card in theirs["hand"]:
        words = card_text(card).plain
        if words not in own_cards:
            assert words not in text, f"{name}'s card {card} on screen"
    own_choice = my_choice_text(mine) if mine else None
    choice = my_choice_text(theirs)
    if choice is not None and (own_choice is None or choice.plain != own_choice.plain):
        assert choice.plain not in text, f"{name}'s secret choice on screen"


def check_board(app: App[Any], session: GameSession, seat: int, allowed: Any) -> None:
    """Every face-down card of ``seat`` that the allowed viewer does not know shows as a back."""
    theirs = session.view(seat)
    viewer = session.view(allowed if isinstance(allowed, int) else None)
    panels = [w for w in visible_widgets(app) if isinstance(w, FieldPanel)]
    for panel in panels:
        index = int(str(panel.id).split("-")[1])
        lines = str(panel.render()).split("\n")
        field_theirs = theirs["battlefields"][index]
        field_viewer = viewer["battlefields"][index]
        for position, rank in enumerate(field_theirs["column"]):
            if rank["owner"] != seat:
                continue
            line = next(x for x in lines if x[:2].strip() == str(position + 1))
            for side, cell in (("left", line[4:10]), ("right", line[11:17])):
                card = rank[side]
                shown = field_viewer["column"][position][side]
                if card and card.get("face_down") and shown and shown.get("id") is None:
                    assert card_short(card["id"]) not in cell, (cell, card)
                    assert "▒" in cell


__all__ = ["allowed_seat", "check_curtain", "check_screen", "rendered"]
