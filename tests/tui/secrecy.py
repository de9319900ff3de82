"""What may not be on screen: another seat's hidden cards, goblins, scouted cards, private log."""

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
    top = app.screen
    text = rendered(app)
    if isinstance(top, CurtainScreen):
        check_curtain(app)
    mine = session.view(allowed) if isinstance(allowed, int) else None
    own_private = {e["text"] for e in mine["log"] if e.get("private")} if mine else set()
    for seat, name in enumerate(session.players):
        if seat == allowed:
            continue
        theirs = session.view(seat)
        goblins = theirs["players"][seat]["goblins"]
        assert f"{name}: {goblins} goblins" not in text, f"{name}'s goblins on screen"
        assert f"{name}'s private panel" not in text
        for entry in theirs["log"]:
            if entry.get("private") and entry["text"] not in own_private:
                assert entry["text"] not in text, f"{name}'s private log line on screen"
        scouted_lines = [line for line in text.splitlines() if "Scouted:" in line]
        own_scouted = mine["scouted"] if mine else []
        for scouted in theirs["scouted"]:
            if scouted in own_scouted:
                continue
            words = f"{session.players[scouted['owner']]}'s {card_name(scouted['card'])}"
            assert not any(words in line for line in scouted_lines), f"{name}'s scouted card"
        check_board(app, session, seat, allowed)


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
