"""What a remote seat's process holds: the snapshots its seat was sent, and nothing else.

``RemoteSession`` stands where a table expects a ``GameSession``, but it has no game state: it
answers from the last snapshot the host sent for its seat (``common.remote.seat``) and asks the
host to act. A question about another seat's private side is refused (``SeatRefused``) rather
than answered: the table of a remote seat must never ask one (``SeatFlow``).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.engine import GameModule, get_game
from common.errors import IllegalAction, SaveError
from common.i18n import _
from common.offer import Offer
from common.remote.seat import SeatRefused
from common.remote.wire import MAX_LINE, WireError, decode, encode
from common.save import from_dict, replay
from common.session import GameSession

TOKEN_ENV = "HOTSEAT_SEAT_TOKEN"  # how a seat's process gets its channel token (not argv: ps)
REPLY_TIMEOUT = 20.0  # seconds to wait for the host's answer before the seat gives up


class HostGone(SaveError):
    """The host closed the seat's channel (it stopped, or refused this connection)."""


class RecordView:
    """The public part of a save record that a table reads (the game, bots, tips)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.game: str = data["game"]
        self.players: tuple[str, ...] = tuple(data["players"])
        self.bots: tuple[str | None, ...] = tuple(data["bots"])
        self.tips: tuple[str, ...] = tuple(data["tips"])
        self.actions: tuple[dict[str, Any], ...] = ()


class RemoteSession:
    """A seat's game as its host sends it (see the module's docstring)."""

    def __init__(self, sock: socket.socket, first: dict[str, Any]) -> None:
        self._sock = sock
        self._file = sock.makefile("rb")
        self._snap = first
        self.seat: int = first["seat"]
        self.game: GameModule = get_game(first["game"])
        self.record = RecordView(first)
        self.path = Path(first["game"])
        self.notes: list[Any] = []
        self.recovered = ""
        self.read_only: str | None = None
        self.unsaved = False
        self.warning = ""
        self.on_push: Callable[[], None] | None = None  # called from the reader thread
        self._pushed: dict[str, Any] | None = None
        self._replies: dict[int, dict[str, Any]] = {}
        self._cond = threading.Condition()
        self._next_id = 0
        self.gone = False
        self.stopped: dict[str, Any] | None = None  # the host's farewell, when it stopped
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @classmethod
    def connect(cls, path: Path, token: str) -> RemoteSession:
        """Join the host at ``path`` as the seat of ``token``; ``HostGone`` if refused."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(REPLY_TIMEOUT)
        try:
            sock.connect(str(path))
            sock.sendall(encode({"token": token}))
            first = decode(sock.makefile("rb").readline(MAX_LINE + 1))
        except (OSError, WireError) as err:
            sock.close()
            raise HostGone(_("the host cannot be reached")) from err
        if "snapshot" not in first:
            sock.close()
            if first.get("refused") == "taken":
                raise HostGone(_("this seat is already taken by another connection"))
            raise HostGone(_("the host refused this seat"))
        sock.settimeout(None)
        return cls(sock, first["snapshot"])

    # ---- the channel

    def _read(self) -> None:
        try:
            while True:
                line = self._file.readline(MAX_LINE + 1)
                if not line:
                    break
                message = decode(line)
                with self._cond:
                    if "id" in message:
                        self._replies[int(message["id"])] = message
                    elif "snapshot" in message:
                        self._pushed = message["snapshot"]
                    elif isinstance(message.get("stopped"), dict):
                        self.stopped = message["stopped"]
                    self._cond.notify_all()
                if "snapshot" in message and "id" not in message and self.on_push:
                    self.on_push()
        except (OSError, WireError, ValueError):
            pass
        with self._cond:
            self.gone = True
            self._cond.notify_all()
        if self.on_push:
            self.on_push()

    def take_push(self) -> bool:
        """Take the newest snapshot the host pushed (True: there was one)."""
        with self._cond:
            pushed, self._pushed = self._pushed, None
        if pushed is None:
            return False
        self._snap = pushed
        return True

    def _ask(self, op: str, **fields: Any) -> dict[str, Any]:
        with self._cond:
            self._next_id += 1
            ident = self._next_id
        try:
            self._sock.sendall(encode({"id": ident, "op": op, **fields}))
        except OSError as err:
            raise HostGone(_("the host cannot be reached")) from err
        with self._cond:
            if not self._cond.wait_for(lambda: ident in self._replies or self.gone,
                                       REPLY_TIMEOUT):
                raise HostGone(_("the host does not answer"))
            if ident not in self._replies:
                raise HostGone(_("the host cannot be reached"))
            reply = self._replies.pop(ident)
        if "snapshot" in reply:
            self._snap = reply["snapshot"]
            with self._cond:
                self._pushed = None  # the reply is newer than any push before it
        self.warning = str(reply.get("warning", ""))
        return reply

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()

    # ---- what a table asks (the seat's own side only)

    def _mine(self, seat: int | None) -> None:
        if seat != self.seat:
            raise SeatRefused(_("another seat's side is never sent to this one"), "not_your_seat")

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def present(self) -> list[int]:
        return list(self._snap.get("present", []))

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return dict(self._snap["public"])
        self._mine(seat)
        return dict(self._snap["view"])

    def view_at(self, step: int, seat: int | None) -> dict[str, Any]:
        """The review shows the end as this seat saw it (the steps before stay at the host)."""
        return self.view(seat)

    def to_act(self) -> tuple[int, ...]:
        return tuple(self._snap["to_act"])

    def legal(self, seat: int) -> list[Any]:
        if seat != self.seat:
            return []  # another seat's options are its own
        return [self.game.action_from_json(a) for a in self._snap["legal"]]

    def legal_json(self) -> list[Any]:
        """This seat's legal actions as the host sent them (to compare two snapshots)."""
        return list(self._snap["legal"])

    def offer(self, seat: int) -> Offer:
        self._mine(seat)
        data = self._snap["offer"]
        if data is None:
            return Offer()
        return Offer(tuple(self.game.action_from_json(a) for a in data["public"]),
                     bool(data["secret"]), data["window"], tuple(data["seats"]))

    def public_view(self, seat: int) -> dict[str, Any]:
        self._mine(seat)
        found: dict[str, Any] = self._snap["public_view"] or self.view(None)
        return found

    def is_over(self) -> bool:
        return bool(self._snap["over"])

    def result(self) -> dict[str, Any]:
        found: dict[str, Any] = self._snap["result"] or {}
        return found

    @property
    def action_count(self) -> int:
        return int(self._snap["count"])

    def actor(self, step: int) -> int:
        """Who took the last action (the only step a table asks about)."""
        return int(self._snap["last_actor"] if self._snap["last_actor"] is not None else -1)

    def is_bot(self, seat: Any) -> bool:
        bots = self.record.bots
        return isinstance(seat, int) and 0 <= seat < len(bots) and bots[seat] is not None

    @property
    def humans(self) -> int:
        return 1  # the one person at this terminal: no curtain is ever needed here

    @property
    def only_person(self) -> int:
        return self.seat

    def log_lines(self) -> list[str]:
        return list(self._snap["log_lines"])

    def finished_game(self) -> GameSession | None:
        """The whole game replayed here, for the review, once it is over and the host sent its
        record; None before (or from a host that does not send it)."""
        data = self._snap.get("record") if self.is_over() else None
        if not isinstance(data, dict):
            return None
        try:
            record = from_dict(data)
            game, states = replay(record)
        except SaveError:
            return None
        return GameSession(record, game, states, self.path)

    def can_undo(self, seat: int | None) -> bool:
        return seat == self.seat and bool(self._snap["can_undo"])

    def undo_span(self, seat: int | None) -> int:
        return 1 if self.can_undo(seat) else 0

    # ---- what a table does

    def refusal(self, action: Any) -> IllegalAction | None:
        reply = self._ask("refusal", action=self.game.action_to_json(action))
        return _illegal(reply.get("refusal"))

    def why_illegal(self, action: Any) -> str:
        refusal = self.refusal(action)
        return "" if refusal is None else str(refusal)

    def apply(self, action: Any) -> None:
        reply = self._ask("act", action=self.game.action_to_json(action))
        refusal = _illegal(reply.get("refusal"))
        if refusal is not None:
            raise refusal

    def undo(self, seat: int | None) -> str:
        self._mine(seat)
        refusal = _illegal(self._ask("undo").get("refusal"))
        if refusal is not None:
            raise refusal
        return ""

    def note(self, text: str) -> None:
        self._ask("note", kind="opened")

    def remember_tip(self, key: str) -> None:
        """A tip shown at this seat is not shown here again; the host's record is not this
        seat's to write (the tips of the people at the host are theirs)."""
        self.record.tips = (*self.record.tips, key)

    def save(self) -> None:
        """The host saves after every move: nothing to write here."""

    def release(self) -> None:
        self.close()


def _illegal(data: Any) -> IllegalAction | None:
    if not isinstance(data, dict):
        return None
    params = data.get("params")
    return IllegalAction(str(data.get("reason", "")), str(data.get("code", "malformed")),
                         params if isinstance(params, dict) else None)


__all__ = ["TOKEN_ENV", "HostGone", "RemoteSession"]
