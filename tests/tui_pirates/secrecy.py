"""What may not be on a Pirate's Cove screen: another seat's Tavern cards, its pending secret
choice (outfitting or course), its private log lines, its private panel."""

from __future__ import annotations

from typing import Any

from textual.app import App

from common.tui.curtain import CurtainScreen
from common.tui.session import GameSession
from pirates.ui.render import card_text, hand_line, my_choice_text
from pirates.ui.screens import PiratesTable
from tests.tui.secrecy import allowed_seat, check_curtain, rendered


def check_screen(app: App[Any], session: GameSession) -> None:
    """Assert that the screen shows no private information of any seat but the allowed one."""
    allowed = allowed_seat(app)
    if allowed == "all":
        return
    top = app.screen
    text = rendered(app)
    if isinstance(top, CurtainScreen):
        check_curtain(app)
        return
    mine = session.view(allowed) if isinstance(allowed, int) else None
    own_private = {e["text"] for e in mine["log"] if e.get("private")} if mine else set()
    own_cards = {card_text(c).plain for c in mine["hand"]} if mine else set()
    own_choice = my_choice_text(mine) if mine else None
    if isinstance(top, PiratesTable):
        hand = str(top.query_one("#hand").render())
        assert hand == (hand_line(mine).plain if mine else ""), hand
    for seat, name in enumerate(session.players):
        if seat == allowed:
            continue
        theirs = session.view(seat)
        assert f"{name}'s private panel" not in text
        for card in theirs["hand"]:
            words = card_text(card).plain
            if words not in own_cards:
                assert words not in text, f"{name}'s card {card} on screen"
        choice = my_choice_text(theirs)
        if choice is not None and (own_choice is None or choice.plain != own_choice.plain):
            assert choice.plain not in text, f"{name}'s secret choice on screen"
        for entry in theirs["log"]:
            if entry.get("private") and entry["text"] not in own_private:
                assert entry["text"] not in text, f"{name}'s private log line on screen"


__all__ = ["check_screen"]
