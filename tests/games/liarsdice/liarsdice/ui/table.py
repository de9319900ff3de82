"""The Liar's Dice table: the shell's ``TableScreen`` with Liar's Dice's part (``LiarsGame``, a
``TableGame``): the cups and the standing bid
(public), the seat's own dice in its private panel (drawn only for the seat holding the
terminal), the bid picker, and the reveal as a public notice.

Its words are English only: an outside game's texts are not in hotseat's catalog (it may ship a
catalog of its own); the shell's words around them are translated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from common.session import GameSession
from common.tui.choices import Choice, Picker
from common.tui.flow import Flow
from common.tui.flow_api import TableFlow
from common.tui.table import StatusLine, TableScreen
from common.tui.table_game import TableGame
from common.tui.tree import Menu, TreePicker
from liarsdice import FACES, Bid, Call, bid_words, faces

PIPS = " ⚀⚁⚂⚃⚄⚅"


def cup_text(cup: list[int]) -> str:
    return " ".join(f"{PIPS[d]}{d}" for d in cup)


class LiarsGame(TableGame):
    """The cups (top), the private panel with the seat's dice, and the log."""

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield Static(id="cups")
        yield from self.compose_bottom(Static(id="hand"))

    def draw_public(self, view: dict[str, Any]) -> None:
        lines = [f"{p['name']}: {'▣ ' * p['dice'] or 'out'}" for p in view["players"]]
        bid = view["bid"]
        lines.append(f"Dice at the table: {view['total']} · round {view['round']}")
        lines.append("No bid yet" if bid is None else
                     f"Bid: {bid_words(bid['qty'], bid['face'])} "
                     f"({view['players'][bid['seat']]['name']})")
        self.table.drawing.put_text("#cups", "\n".join(lines))

    def draw_private(self, view: dict[str, Any] | None) -> None:
        cup = view.get("cup") if view is not None else None
        self.table.drawing.put_text("#hand", f"Your dice: {cup_text(cup)}" if cup else "")

    def status_text(self, view: dict[str, Any]) -> Text:
        names = [p["name"] for p in view["players"]]
        waiting = ", ".join(names[s] for s in view["to_act"])
        return Text(f"{waiting} to bid or call" if waiting else "The game is over")

    def make_picker(self, view: dict[str, Any], legal: list[Any]) -> Picker | None:
        return make_picker(legal)

    def results(self, entries: list[dict[str, Any]], view: dict[str, Any]) -> Text | None:
        """The reveal, for the whole table: the cups lifted and who loses a die."""
        lines = [e["text"] for e in entries
                 if e.get("kind") in ("call", "reveal", "out", "won") and not e.get("private")]
        return Text("\n".join(lines)) if lines else None

    def standings(self, view: dict[str, Any], result: dict[str, Any]) -> Text:
        names = [p["name"] for p in view["players"]]
        return Text("\n".join(f"{i + 1}. {names[row['seat']]} ({row['dice']} dice)"
                              for i, row in enumerate(result["standings"])))


class LiarsTable(TableScreen):
    """The shared table with Liar's Dice's part (the game has no keys of its own)."""

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
        super().__init__(session, LiarsGame, review=review, flow=flow)


def make_picker(legal: list[Any]) -> Picker | None:
    """Liar! first, then how many dice, then which face (only the raises the rules allow)."""
    if not legal:
        return None
    choices = [Choice("Liar!", a) for a in legal if isinstance(a, Call)]
    bids = [a for a in legal if isinstance(a, Bid)]
    prompt = "Liar!, or bid how many dice?" if choices else "Bid how many dice?"
    for qty in sorted({b.qty for b in bids}):
        options = [Choice(f"{PIPS[b.face]} {b.face}", b) for b in bids if b.qty == qty]
        choices.append(Choice(f"{qty} dice", Menu(f"{qty} dice showing which face?", options,
                                                  columns=FACES)))
    return TreePicker(Menu(prompt, choices, columns=6), lambda value: "")


__all__ = ["LiarsTable", "cup_text", "faces", "make_picker"]
