"""What may not be on screen, for both games: another seat's private panel and private log
lines and, by game, its hidden cards, goblins and scouted cards (Orcz), or its Tavern cards and
pending secret choice, outfitting or course (Pirate's Cove). ``check_screen`` is the one check."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

from common.entries import log_lines
from common.i18n import _
from common.session import GameSession
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.end import EndScreen
from common.tui.log_panel import LogPanel
from common.tui.table import TableScreen
from orcz.ui.render import card_name, card_short, hand_text
from orcz.ui.screens import OrczTable, ScoutScreen
from orcz.ui.widgets import FieldPanel
from pirates.ui.render import card_text, hand_line, my_choice_text
from pirates.ui.screens import PiratesTable
from pirates.ui.tips import TEXTS as PIRATE_TIPS
from pirates.ui.tips import card_key


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


def rendered(app: App[Any], widgets: list[Widget] | None = None, *, drawn: bool = True) -> str:
    """The terminal as shown (``drawn``), plus the whole content of logs and texts (scrolled
    parts too) and the frames' titles. Without ``drawn`` (a full draw of the terminal, the
    costly part) only the widgets' contents: every text on a table is in one of them."""
    parts = ["\n".join(s.text for s in app.screen._compositor.render_strips())] if drawn else []
    for widget in visible_widgets(app) if widgets is None else widgets:
        if isinstance(widget, LogPanel):
            parts.append(widget.plain_text())
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
        for title in (widget.border_title, widget.border_subtitle):
            if title:
                parts.append(str(title))
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


HOLDER_UNSET: Any = object()


def said(english: str, **fields: str) -> set[str]:
    """A text of the interface as the screen may word it: in English and in the language in
    use (a French game is scanned too: issue 31)."""
    return {text.format(**fields) for text in (english, _(english))}


class Views:
    """Each seat's view (and the public one), asked once per check: a scan looks at every seat
    against every other."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._views: dict[int | None, dict[str, Any]] = {}

    def __getitem__(self, seat: int | None) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = self.session.view(seat)
        return self._views[seat]


def check_screen(app: App[Any], session: GameSession, *, holder: Any = HOLDER_UNSET,
                 drawn: bool = True) -> None:
    """Assert that the screen shows no private information of any seat but the allowed one:
    by default the one the app says (``allowed_seat``); with ``holder``, the seat a test
    derived itself from the curtains passed (None: nobody), whatever the app thinks.
    ``drawn``: look at the terminal as drawn too, not only at the widgets' contents."""
    if holder is HOLDER_UNSET:
        allowed = allowed_seat(app)
    else:
        finished = allowed_seat(app) == "all"  # the end screen and the review show all
        allowed = "all" if finished else holder
    if allowed == "all":
        return
    if isinstance(app.screen, CurtainScreen):
        check_curtain(app)  # its words and nothing else
        return
    widgets = visible_widgets(app)
    text = rendered(app, widgets, drawn=drawn)
    views = Views(session)
    mine = views[allowed] if isinstance(allowed, int) else None
    def words(entry: dict[str, Any]) -> str:  # as the game's wording shows it, now
        return log_lines(session.game.NAME, [entry], session.players)[0]

    own_private = {words(e) for e in mine["log"] if e.get("private")} if mine else set()
    check_hand(app, mine, exact=holder is HOLDER_UNSET)
    for seat, name in enumerate(session.players):
        if seat == allowed:
            continue
        theirs = views[seat]
        for title in said("{name}'s private panel", name=name):
            assert title not in text, f"{name}'s private panel on screen"
        for entry in theirs["log"]:
            line = words(entry) if entry.get("private") else ""
            if line and line not in own_private:
                assert line not in text, f"{name}'s private log line on screen"
        if session.record.game == "orcz":
            check_orcz_seat(session, text, seat, views, allowed)
            check_board(widgets, seat, views, allowed)
        else:
            check_pirates_seat(session, text, seat, views, mine)


def check_hand(app: App[Any], mine: dict[str, Any] | None, *, exact: bool) -> None:
    """The hand line shows the allowed seat's hand, or (``exact`` False: the holder need not
    be looking) nothing; never another seat's."""
    screen = app.screen
    if isinstance(screen, PiratesTable):
        own = hand_line(mine).plain if mine else ""
    elif isinstance(screen, OrczTable):
        own = hand_text(mine).plain if mine else ""
    else:
        return
    hand = str(screen.query_one("#hand").render())
    assert hand == own or (not exact and hand == ""), f"a hand not the holder's: {hand}"


def check_orcz_seat(session: GameSession, text: str, seat: int, views: Views,
                    allowed: Any) -> None:
    """Orcz: ``seat``'s goblins and the cards it scouted."""
    name = session.players[seat]
    theirs = views[seat]
    goblins = theirs["players"][seat]["goblins"]
    assert f"{name}: {goblins} goblins" not in text, f"{name}'s goblins on screen"
    scouted_lines = [line for line in text.splitlines() if "Scouted:" in line]
    own_scouted = views[allowed]["scouted"] if isinstance(allowed, int) else []
    for scouted in theirs["scouted"]:
        if scouted in own_scouted:
            continue
        words = f"{session.players[scouted['owner']]}'s {card_name(scouted['card'])}"
        assert not any(words in line for line in scouted_lines), f"{name}'s scouted card"


def check_pirates_seat(session: GameSession, text: str, seat: int, views: Views,
                       mine: dict[str, Any] | None) -> None:
    """Pirate's Cove: ``seat``'s Tavern cards and its pending secret choice, unless the viewer
    has the same words of their own."""
    name = session.players[seat]
    theirs = views[seat]
    own_cards = {card_text(c).plain for c in mine["hand"]} if mine else set()
    for card in theirs["hand"]:
        words = card_text(card).plain
        if words not in own_cards:
            assert words not in text, f"{name}'s card {card} on screen"
    check_card_tips(session, text, seat, views, mine)
    own_choice = my_choice_text(mine) if mine else None
    choice = my_choice_text(theirs)
    if choice is not None and (own_choice is None or choice.plain != own_choice.plain):
        assert choice.plain not in text, f"{name}'s secret choice on screen"


def check_card_tips(session: GameSession, text: str, seat: int, views: Views,
                    mine: dict[str, Any] | None) -> None:
    """The tip of a card in ``seat``'s hand (common/tui/tips.py) shows only to ``seat``: unless
    the viewer holds that card too, or the card was played and its tip shown to the table."""
    own = {card_key(card) for card in mine["hand"]} if mine else set()
    for card in views[seat]["hand"]:
        key = card_key(card)
        if key in own or key in session.record.tips:
            continue
        for words in said(PIRATE_TIPS[key][0]):
            assert words not in text, f"the tip of {session.players[seat]}'s card {card} on screen"


def check_board(widgets: list[Widget], seat: int, views: Views, allowed: Any) -> None:
    """Every face-down card of ``seat`` that the allowed viewer does not know shows as a back."""
    theirs = views[seat]
    viewer = views[allowed if isinstance(allowed, int) else None]
    for panel in (w for w in widgets if isinstance(w, FieldPanel)):
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
                    assert card_short(card["id"]) not in cell, (
                        f"{views.session.players[seat]}'s face-down card shown: {cell}")
                    assert "▒" in cell, f"a face-down card not shown as a back: {cell}"


__all__ = ["allowed_seat", "check_curtain", "check_screen", "rendered"]
