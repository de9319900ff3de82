"""The host's end of the seat channels: a local socket each seat's process connects to.

A connection says its seat's token first, and is then only ever sent that seat's snapshots
(``SeatProxy``). One connection per seat: a second one for a taken seat is refused with a clear
line. The hub never waits on a seat: each connection has one slot for its newest snapshot
(older ones are dropped, as a newer one tells everything they did) and a short queue of replies;
a peer that does not read within ``WRITE_TIMEOUT``, sends garbage, or floods the queue is
disconnected, and its seat simply waits for it to come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.errors import IllegalAction, SaveError
from common.remote.seat import SeatProxy
from common.remote.wire import MAX_LINE, WireError, decode, encode
from common.session import GameSession

LOG = logging.getLogger("hotseat.remote")
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say its token
WRITE_TIMEOUT = 10.0  # seconds a peer may leave its socket unread before it is dropped
MAX_REPLIES = 8  # a seat's process asks one thing at a time: more waiting means a flood
STOP_TIMEOUT = 5.0  # seconds the seats have to take the host's last message when it stops


class Connection:
    """One seat's process: its writer, its newest snapshot and its replies to send."""

    def __init__(self, seat: int, writer: asyncio.StreamWriter) -> None:
        self.seat = seat
        self.writer = writer
        self.snapshot: bytes | None = None
        self.replies: list[bytes] = []
        self.ready = asyncio.Event()
        self.closed = False
        self.last = False  # the host is stopping: close once what is waiting is sent
        self.pumped: asyncio.Future[None] | None = None

    def push(self, line: bytes) -> None:
        self.snapshot = line
        self.ready.set()

    def reply(self, line: bytes) -> None:
        if len(self.replies) >= MAX_REPLIES:
            self.close()
            return
        self.replies.append(line)
        self.ready.set()

    def finish(self, line: bytes) -> None:
        """Send ``line`` after what is waiting, and nothing more: then close."""
        if self.snapshot is not None:  # the last move first, then the farewell
            self.replies.append(self.snapshot)
            self.snapshot = None
        self.replies.append(line)
        self.last = True
        self.ready.set()

    def close(self) -> None:
        self.closed = True
        self.ready.set()
        self.writer.close()

    async def pump(self) -> None:
        """Send what is waiting, replies first; give up on a peer that does not read."""
        while not self.closed:
            await self.ready.wait()
            self.ready.clear()
            lines, self.replies = self.replies, []
            if self.snapshot is not None:
                lines.append(self.snapshot)
                self.snapshot = None
            try:
                for line in lines:
                    self.writer.write(line)
                await asyncio.wait_for(self.writer.drain(), WRITE_TIMEOUT)
            except (OSError, TimeoutError, ConnectionError):
                LOG.info("seat %s: its connection stopped reading: dropped", self.seat)
                self.close()
            if self.last and not self.replies:
                self.close()


class Hub:
    """Serves ``session`` to the seats whose tokens are in ``tokens`` (token -> seat)."""

    def __init__(self, session: GameSession, tokens: dict[str, int],
                 on_change: Callable[[], None] | None = None) -> None:
        self.session = session
        self.tokens = dict(tokens)
        self.connections: dict[int, Connection] = {}
        self.on_change = on_change  # the host's own screen (its lobby, its table)
        self._server: asyncio.AbstractServer | None = None
        self.tap: Callable[[int, bytes], None] | None = None  # tests: every byte sent a seat
        self.at_host: frozenset[int] = frozenset()  # seats played at the host's own terminal

    async def start(self, path: Path) -> None:
        path.unlink(missing_ok=True)
        self._server = await asyncio.start_unix_server(self._serve, path=str(path),
                                                       limit=MAX_LINE + 1)
        path.chmod(0o600)  # only the host's own user may reach a seat's channel

    async def stop(self, farewell: dict[str, Any] | None = None) -> None:
        """Stop serving. ``farewell``: the last message every seat is sent (the host stopped,
        and how the game goes on), given up to ``STOP_TIMEOUT`` to reach them."""
        if self._server is not None:
            self._server.close()  # nobody new while the seats are told
        conns = list(self.connections.values())
        pumps = [c.pumped for c in conns if c.pumped is not None and not c.closed]
        for conn in conns:
            if farewell is not None and not conn.closed:
                conn.finish(encode({"stopped": farewell}))
            else:
                conn.close()
        if pumps:
            await asyncio.wait(pumps, timeout=STOP_TIMEOUT)
        for conn in conns:
            conn.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    @property
    def present(self) -> list[int]:
        """The seats someone plays now: the connected ones and the host's own."""
        return sorted(set(self.connections) | self.at_host)

    def snapshot_line(self, seat: int) -> bytes:
        data = SeatProxy(self.session, seat).snapshot()
        data["present"] = self.present
        line = encode({"snapshot": data})
        if self.tap is not None:
            self.tap(seat, line)
        return line

    def changed(self) -> None:
        """The game moved (or someone came or went): every seat gets its new snapshot."""
        for seat, conn in self.connections.items():
            conn.push(self.snapshot_line(seat))
        if self.on_change is not None:
            self.on_change()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn: Connection | None = None
        try:
            hello = decode(await asyncio.wait_for(reader.readline(), HELLO_TIMEOUT))
            seat = self.tokens.get(str(hello.get("token")))
            if seat is None:
                writer.write(encode({"refused": "token"}))
                return
            if seat in self.connections:
                writer.write(encode({"refused": "taken"}))
                return
            conn = self.connections[seat] = Connection(seat, writer)
            pump = conn.pumped = asyncio.ensure_future(conn.pump())
            self.changed()
            try:
                await self._requests(conn, reader)
            finally:
                conn.close()
                pump.cancel()
        except (WireError, ValueError, TimeoutError, OSError, asyncio.IncompleteReadError,
                asyncio.LimitOverrunError) as err:
            LOG.info("a seat connection closed: %s", type(err).__name__)
        finally:
            if conn is not None and self.connections.get(conn.seat) is conn:
                del self.connections[conn.seat]
                self.changed()
            with contextlib.suppress(Exception):
                writer.close()

    async def _requests(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            line = await reader.readline()
            if not line:
                return
            request = decode(line)
            reply, moved = self._answer(conn.seat, request)
            if self.tap is not None:
                self.tap(conn.seat, encode(reply))
            conn.reply(encode(reply))
            if moved:
                self.changed()

    def _answer(self, seat: int, request: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """The reply to one request of ``seat``'s, and whether the game changed."""
        proxy, op = SeatProxy(self.session, seat), request.get("op")
        reply: dict[str, Any] = {"id": request.get("id")}
        try:
            if op == "refusal":
                reply["refusal"] = _refusal(proxy.refusal(request.get("action")))
                return reply, False
            if op == "act":
                proxy.apply(request.get("action"))
            elif op == "undo":
                proxy.undo()
            elif op == "note":
                proxy.note(str(request.get("kind")))
            else:
                raise WireError("unknown request")
        except IllegalAction as err:
            reply["refusal"] = _refusal(err)
            return reply, False
        except SaveError as err:  # the move stays in memory; the seat is told, not dropped
            reply["warning"] = str(err)
        data = proxy.snapshot()
        data["present"] = self.present
        reply["snapshot"] = data
        return reply, True


def _refusal(err: IllegalAction | None) -> dict[str, Any] | None:
    if err is None:
        return None
    return {"reason": str(err), "code": err.code,
            "params": {k: v for k, v in err.params.items()
                       if isinstance(v, str | int | float | bool) or v is None}}


__all__ = ["Hub"]
