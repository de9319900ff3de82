"""What may not be on screen, for every registered game: another seat's private panel and private
log lines, and what is private to a seat derived from the engine contract and the game's own
table, with no list written per game:

- the texts of ``view(state, s)`` that neither the spectator's view nor another seat's shows
  (``view_secrets``);
- the lines the game's table draws in its private panel for ``s`` (its ``draw_private`` hook,
  drawn for each seat in turn and put back: ``private_drawings``) that it draws for no other
  seat and for nobody; and the private panel on screen must be the allowed seat's drawing.

The two shipped games add their own known secrets on top (Orcz's goblins, scouted and face-down
cards; Pirate's Cove's Tavern cards, their tips and secret choices), which read the screen
where the generic derivation cannot (a face-down card drawn as a back on the board).
``check_screen`` is the one check."""

from __future__ import annotations

import re
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
from common.tui.tips import tip_line
from orcz.ui.render import card_name, card_short
from orcz.ui.screens import ScoutScreen
from orcz.ui.widgets import FieldPanel
from pirates.ui.render import card_text, my_choice_text
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
        scout = getattr(table.game, "scout", None)  # Orcz's scout, a part of its game's part
        return getattr(scout, "scouting", None)
    return None


def check_curtain(app: App[Any]) -> None:
    """A curtain shows the hand-off words and nothing else, for every game, but the table's
    public tip (made of public facts only: common/tui/tips.py), never a seat's private one."""
    top = app.screen
    assert isinstance(top, CurtainScreen)
    words = {w.strip("┃━┏┓┗┛") for w in rendered(app).split()} - {""}
    allowed = set(top.message.split())
    if top.tip is not None:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        public = table.tips.current
        assert public is not None, top.tip.plain
        assert top.tip.plain == tip_line(public, lesson_key=False).plain, top.tip.plain
        allowed |= set(top.tip.plain.split())
    assert words <= allowed and set(top.message.split()) <= words, words


HOLDER_UNSET: Any = object()


def said(english: str, **fields: str) -> set[str]:
    """A text of the interface as the screen may word it: in English and in the language in
    use (a French game is scanned too)."""
    return {text.format(**fields) for text in (english, _(english))}


class Views:
    """Each seat's view (and the public one), asked once per check: a scan looks at every seat
    against every other."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._views: dict[int | None, dict[str, Any]] = {}
        # The texts of each view, gathered once a check: ``view_secrets`` reads every seat's
        # against every other's, which at five seats walked each view about ten times.
        self._texts: dict[int | None, set[str]] = {}
        self._public_texts: dict[int, set[str]] = {}

    def __getitem__(self, seat: int | None) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = self.session.view(seat)
        return self._views[seat]

    def public(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s decision at the public table is drawn from: public by the contract
        (a reason worded from public costs, shown when the table decides for the seat)."""
        return self.session.public_view(seat)

    def texts(self, seat: int | None) -> set[str]:
        """``strings`` of ``seat``'s view (None: the spectator's)."""
        if seat not in self._texts:
            self._texts[seat] = strings(self[seat])
        return self._texts[seat]

    def public_texts(self, seat: int) -> set[str]:
        """``strings`` of ``seat``'s public decision view."""
        if seat not in self._public_texts:
            self._public_texts[seat] = strings(self.public(seat))
        return self._public_texts[seat]


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
    drawings = private_drawings(app, session, views)
    check_private_panel(app, drawings, allowed, exact=holder is HOLDER_UNSET)
    seats = len(session.players)
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
        for secret in view_secrets(views, seat, allowed, seats):
            assert secret not in text, f"{name}'s {secret!r} (only in their view) on screen"
        for line in drawn_secrets(drawings, seat, allowed):
            assert not ends_a_line(line, text), f"{name}'s private panel line {line!r} on screen"
        # the shipped games' own known secrets, on top of the generic ones
        if session.record.game == "orcz":
            check_orcz_seat(session, text, seat, views, allowed)
            check_board(widgets, seat, views, allowed)
        elif session.record.game == "pirates":
            check_pirates_seat(session, text, seat, views, mine)


# A text this short ("6", "yes") may be on screen for other reasons: a secret is longer.
MIN_SECRET = 4
# A view's names of things ("hull", "Infantry 2") are also the public labels of choices and
# boards: of a view's texts, only phrases (a private log line, a secret in words) are secrets.
MIN_WORDS = 3


def strings(data: Any) -> set[str]:
    """Every text in a view (its values, at any depth)."""
    found: set[str] = set()
    stack = [data]
    while stack:  # a loop, not a recursion of set unions: a scan walks views at every screen
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def view_secrets(views: Views, seat: int, allowed: Any, seats: int) -> set[str]:
    """The texts of ``seat``'s view that the spectator's view, the other seats' views and the
    allowed viewer's do not show: private to ``seat`` by the engine contract itself."""
    known = views.texts(None) | views.public_texts(seat)
    for other in range(seats):
        if other != seat:
            known |= views.texts(other)
    return {t for t in views.texts(seat) - known if len(t.split()) >= MIN_WORDS}


PANEL_PARTS = frozenset({"prompt", "choices", "message"})  # the shell's, drawn from the picker


def _game_parts(table: TableScreen) -> list[Static]:
    """The game's own widgets in the private panel (its hand line…), not the shell's."""
    return [w for w in table.query_one("#private").query(Static) if w.id not in PANEL_PARTS]


def _lines(parts: list[Static]) -> list[str]:
    return [line.strip() for w in parts for line in str(w.render()).splitlines()
            if line.strip()]


class Drawn:
    """Stands in for a table's ``draw_private`` (an attribute of the game's part itself): records
    the view the shell drew last, so that the scan can draw each seat's panel and put the table's
    own drawing back exactly (its widgets and the game's own state)."""

    NOTHING: Any = object()

    def __init__(self, table: TableScreen) -> None:
        self.draw = table.game.draw_private  # the game's hook, bound
        self.last: Any = self.NOTHING
        self.probing = False
        table.game.draw_private = self  # type: ignore[method-assign]

    def __call__(self, view: dict[str, Any] | None) -> None:
        if not self.probing:
            self.last = view
        self.draw(view)


def private_drawings(app: App[Any], session: GameSession,
                     views: Views) -> dict[int | None, list[str]] | None:
    """What the game's table draws in its private panel for each seat (and, under None, for
    nobody), and under "shown" what it shows now: each seat's view is drawn through the game's
    own ``draw_private`` hook, then the table's last drawing is put back before anything is
    painted. None: no table (a lesson's, or none yet), or none of its drawings seen yet (the
    first scan of a table starts watching them)."""
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    if table is None or table.reviewing or not table.is_mounted:
        return None
    drawn = table.game.draw_private
    if not isinstance(drawn, Drawn):
        Drawn(table)
        return None
    if drawn.last is Drawn.NOTHING:
        return None
    parts = _game_parts(table)
    out: dict[Any, list[str]] = {"shown": _lines(parts)}
    drawn.probing = True
    try:
        for seat in (None, *range(len(session.players))):
            drawn(views[seat] if seat is not None else None)
            out[seat] = _lines(parts)
    finally:
        drawn.probing = False
        drawn(drawn.last)
    return out


def ends_a_line(line: str, text: str) -> bool:
    """Whether ``line`` is on screen as the end of a line's content (a frame may follow), from a
    word's start: a seat's drawn line may begin or end another seat's ("Your dice: 1 1" and
    "Your dice: 1 1 2 5"; "4 goblins" and "14 goblins")."""
    for found in re.finditer(r"(?<!\w)" + re.escape(line), text):
        rest = text[found.end():].split("\n", 1)[0]
        if not rest.strip(" │┃║"):
            return True
    return False


def check_private_panel(app: App[Any], drawings: dict[Any, list[str]] | None, allowed: Any,
                        *, exact: bool) -> None:
    """The game's part of the private panel shows the allowed seat's drawing, or (``exact``
    False: the holder need not be looking) nobody's; never another seat's."""
    if drawings is None or not isinstance(app.screen, TableScreen):
        return
    shown = drawings["shown"]
    own = drawings.get(allowed) if isinstance(allowed, int) else drawings[None]
    assert shown == own or (not exact and shown == drawings[None]), (
        f"a private panel not the holder's: {shown}")


def drawn_secrets(drawings: dict[Any, list[str]] | None, seat: int, allowed: Any) -> set[str]:
    """The lines the table draws for ``seat`` alone: for no other seat, for nobody, nor for the
    allowed viewer."""
    if drawings is None:
        return set()
    known = set(drawings[None])
    for other, lines in drawings.items():
        if other not in (seat, "shown"):
            known |= set(lines)
    return {line for line in drawings[seat] if line not in known and len(line) >= MIN_SECRET}


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
            line = next((x for x in lines if x[:2].strip() == str(position + 1)), None)
            if line is None:  # the rank is not drawn (a short board at 80×24): nothing shows
                continue
            for side, cell in (("left", line[4:10]), ("right", line[11:17])):
                card = rank[side]
                shown = field_viewer["column"][position][side]
                if card and card.get("face_down") and shown and shown.get("id") is None:
                    assert card_short(card["id"]) not in cell, (
                        f"{views.session.players[seat]}'s face-down card shown: {cell}")
                    assert "▒" in cell, f"a face-down card not shown as a back: {cell}"


__all__ = ["allowed_seat", "check_curtain", "check_screen", "private_drawings", "rendered",
           "view_secrets"]
