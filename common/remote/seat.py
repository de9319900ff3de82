"""One seat's narrow channel to the game a host owns.

``SeatProxy`` is all a remote seat is ever given: its own view and legal actions, the public
view, whose turn it is, and the checked way to act. Everything it sends is built from
``view(state, seat)``, ``view(state, None)`` and the seat's own offer, so a remote player's
connection cannot carry another seat's secret: nothing else is read to build it (the whole
game's record, for the review, only once the game is over and nothing is secret any more). An action
from this seat's connection that another seat would take is refused and logged, never applied.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any

from common.errors import IllegalAction
from common.i18n import _
from common.save import to_dict
from common.session import GameSession

LOG = logging.getLogger("hotseat.remote")


class SeatRefused(IllegalAction):
    """An action from a seat's connection that is not that seat's to take."""


def window_key(window: object) -> str | None:
    """A window's identity as the channel carries it (the flow only compares it)."""
    return None if window is None else json.dumps(window, sort_keys=True, default=repr)


class SeatProxy:
    """``session`` as the seat ``seat`` may know it."""

    def __init__(self, session: GameSession, seat: int) -> None:
        self.session = session
        self.seat = seat

    def snapshot(self) -> dict[str, Any]:
        """Everything the seat's table draws from, as plain data: only this seat's view, the
        spectator's view and public facts."""
        session, seat, game = self.session, self.seat, self.session.game
        over = session.is_over()
        to_act = list(session.to_act()) if not over else []
        offer = session.offer(seat) if seat in to_act else None
        count = session.action_count
        return {
            "game": session.record.game,
            "players": list(session.players),
            "bots": list(session.record.bots),
            "tips": list(session.record.tips),
            "seat": seat,
            "count": count,
            "last_actor": session.actor(count - 1) if count else None,
            "view": session.view(seat),
            "public": session.view(None),
            "public_view": session.public_view(seat) if seat in to_act else None,
            "to_act": to_act,
            "legal": [game.action_to_json(a) for a in session.legal(seat)] if not over else [],
            "offer": None if offer is None else {
                "public": [game.action_to_json(a) for a in offer.public],
                "secret": offer.secret,
                "window": window_key(offer.window),
                "seats": list(offer.seats),
            },
            "over": over,
            "result": session.result() if over else None,
            "log_lines": session.log_lines(),
            "can_undo": session.can_undo(seat),
            "record": self._finished_record() if over else None,
        }

    def _finished_record(self) -> dict[str, Any]:
        """The whole game, for the review at the seat: sent once the game is over only, when
        nothing is secret any more (the end shows every seat's cards, and the review at one
        terminal reveals every step to the whole table too). Without the tips shown, which are
        the host's people's own."""
        return to_dict(replace(self.session.record, tips=()))

    def _action(self, data: object) -> Any:
        """The action ``data`` stands for, if it is this seat's to take; refused otherwise."""
        game = self.session.game
        try:
            action = game.action_from_json(data)
            actor = self.session.actor_of(action)
        except IllegalAction:
            raise
        except Exception as err:  # a malformed action is a refusal, never a crash
            raise IllegalAction(_("this is not an action of this game")) from err
        if actor != self.seat:
            LOG.warning("seat %s (%s) sent an action for seat %s: refused", self.seat,
                        self.session.players[self.seat], actor)
            raise SeatRefused(_("this action is not yours to take"), "not_your_seat")
        return action

    def refusal(self, data: object) -> IllegalAction | None:
        """Why this seat's action would be refused now (None: it is legal)."""
        try:
            return self.session.refusal(self._action(data))
        except IllegalAction as err:
            return err

    def apply(self, data: object) -> None:
        """Apply this seat's action and save; ``IllegalAction`` (``SeatRefused`` for another
        seat's) otherwise."""
        self.session.apply(self._action(data))

    def undo(self) -> None:
        self.session.undo(self.seat)

    def note(self, kind: str) -> None:
        """A public note of this seat's (it opened its hand): worded here, never sent as text,
        so that a connection cannot write what it likes into everyone's log."""
        if kind == "opened":
            self.session.note(_("{name} opened their hand behind the curtain.").format(
                name=self.session.players[self.seat]))


__all__ = ["SeatProxy", "SeatRefused", "window_key"]
