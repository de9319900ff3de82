"""The scout at the table: any player with one may play it whenever the rules allow (out of
turn, ``s``, at the table or at a curtain); the seat picks a face-down card on a private screen
behind its curtain and sees it on another. A part of Orcz's part of the table
(``orcz.ui.game.OrczGame.scout``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from common.i18n import _
from common.session import GameSession
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.table_game import TableGame
from orcz import event_kinds as E
from orcz.actions import Scout
from orcz.ui.names import field_name, side_word
from orcz.ui.render import card_short
from orcz.ui.story import describe
from orcz.view_types import Entry, OrczView, as_view, seat_of


class ScoutAside:
    """Who may scout now, and a scout from the question "Who plays a scout?" to the card
    seen; ``scouting`` is the seat whose scout screen is open."""

    def __init__(self, game: TableGame, before: Callable[[], None]) -> None:
        self.game = game
        self.before = before  # what stops while the table asks (the challenge clock)
        self.scouting: int | None = None

    @property
    def session(self) -> GameSession:
        return self.game.session

    def anyone_may(self) -> bool:
        """Whether some seat may play a scout now (the key bar shows only keys that act)."""
        holder = self.game.table.holder
        return any(isinstance(a, Scout) for seat in range(len(self.session.players))
                   if holder.here(seat) for a in self.session.legal(seat))

    def ask(self, back: Callable[[], None] | None) -> None:
        """"Who plays a scout?", then that seat's curtain and its scout screen."""
        self.before()
        self.game.table.flow.asides.request_out_of_turn(
            _("Who plays a scout?"), lambda a: isinstance(a, Scout),
            _("Only players with a scout that may be played now are listed."), self.peek,
            none_note=_("No scout can be played now (no scout left, Fog, or no face-down card "
                        "of another player)."), back=back)

    def peek(self, seat: int) -> None:
        """``seat``'s scout screen; the flow has handed it the terminal (its curtain)."""
        game, flow = self.game, self.game.table.flow
        view = game.private_view(seat)
        if view is None:  # not the holder: never another seat's cards
            flow.out_of_turn_done(seat)
            return
        self.scouting = seat
        scouts = [a for a in self.session.legal(seat) if isinstance(a, Scout)]

        def finished(_: object = None) -> None:
            self.scouting = None
            flow.out_of_turn_done(seat)

        def done(action: Scout | None) -> None:
            if action is None:
                finished()
                return
            before = self._seen(seat)
            if not flow.apply_and_save(action):
                return
            seen = self._seen(seat)
            if len(seen) == len(before):  # not played (a lesson's hint): nothing to show
                finished()
                return
            text = describe(seen[-1], self.session.players)
            title = Text(_("{name}'s scout").format(name=self.session.players[seat])).plain
            game.push_private(seat, NoticeScreen(title, Text(str(text))), finished)

        game.push_private(seat, ScoutScreen(as_view(view), scouts), done)

    def _seen(self, seat: int) -> list[Entry]:
        log = as_view(self.session.view(seat))["log"]
        return [e for e in log if e.get("kind") == E.SCOUT_SEEN.name]


class ScoutScreen(PickPlayerScreen):
    """Private: the scouting player picks a face-down card of another player."""

    def __init__(self, view: OrczView, scouts: list[Scout]) -> None:
        names = [p["name"] for p in view["players"]]
        fields = {f["id"]: f for f in view["battlefields"]}
        choices: list[tuple[Any, str]] = []
        for action in scouts:
            field = fields[action.battlefield]
            rank = field["column"][action.rank]
            other = rank["right" if action.side == "left" else "left"]
            card = other["id"] if other else None
            beside = card_short(card) if card else "?"
            choices.append((action, _("{name}'s {side} card, {battlefield} rank {rank} (beside "
                                      "{card})").format(
                name=names[rank["owner"]], side=side_word(action.side),
                battlefield=field_name(field["id"]), rank=action.rank + 1, card=beside)))
        me = names[seat_of(view)]
        super().__init__(_("{name}'s scout — which face-down card do you look at?").format(
                             name=me), choices,
                         _("Only you will see it; the card stays face down for the others. "
                           "Esc: keep the scout."))


__all__ = ["ScoutAside", "ScoutScreen"]
