"""A hub on its own event loop in a thread, a hosted game read back from its save, and what
the byte tap finds: the helpers of the remote-seat tests and of the latency bench
(``tests/bench/remote_latency.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import re
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from common.conformance import _flat
from common.entries import log_lines
from common.remote.hub import Hub
from common.save import load_or_recover
from common.session import GameSession
from tests.tui.secrecy import Views, check_orcz_seat, check_pirates_seat

# A seat's line on the host's lobby: name, port, user, code.
JOIN = re.compile(r"(\w+): ssh -p (\d+) (\w+)@\S+\s+code: (\w+)")


class LoopThread:
    """An asyncio loop running in a daemon thread; ``run`` waits for a coroutine's result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 20.0) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coro, self.loop)
        return future.result(timeout)

    def call(self, fn: Any) -> Any:
        async def call() -> Any:
            return fn()
        return self.run(call())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


Served = tuple[Hub, LoopThread, dict[int, bytearray]]


@contextlib.contextmanager
def serve(session: GameSession, socket_path: Path) -> Iterator[Served]:
    """A hub for ``session`` with token ``t<seat>`` for every seat, and the bytes each seat
    was sent (the tap)."""
    loop = LoopThread()
    hub = Hub(session, {f"t{seat}": seat for seat in range(len(session.players))})
    sent: dict[int, bytearray] = {seat: bytearray() for seat in range(len(session.players))}
    hub.tap = lambda seat, line: sent[seat].extend(line)
    loop.run(hub.start(socket_path))
    try:
        yield hub, loop, sent
    finally:
        loop.run(hub.stop())
        loop.stop()


def secret_words(session: GameSession, seat: int) -> set[str]:
    """The texts other seats' views show that ``seat`` may not know now: a leaf of another
    seat's view that neither ``seat``'s view nor the spectator's has, at that place or anywhere
    (as the design's rule 10 derives secrets from the contract)."""
    mine = session.view(seat)
    public = session.view(None)
    known = _flat(mine) | _flat(public)
    # The public log in words too: a card named there (face up) may share its name with a
    # face-down copy elsewhere.
    known_texts = json.dumps(mine) + json.dumps(public) + json.dumps(session.log_lines())
    out: set[str] = set()
    for other in range(len(session.players)):
        if other == seat:
            continue
        for path, value in _flat(session.view(other)) - known:
            if path and path[0] == "seat":
                continue
            text = json.loads(value)
            if isinstance(text, str) and len(text) >= 4 and text not in known_texts:
                out.add(text)
    return out


def scan_text(session: GameSession, text: str, seat: int) -> None:
    """The screen scan's checks on a terminal's text at ``seat``: no other seat's private log
    line, hand, goblins, scouted card or secret choice (tests/tui/secrecy.py)."""
    views = Views(session)
    mine = views[seat]

    def words(entry: dict[str, Any]) -> str:  # as the game's wording shows it, now
        return log_lines(session.game.NAME, [entry], session.players)[0]

    own_private = {words(e) for e in mine["log"] if e.get("private")}
    for other, name in enumerate(session.players):
        if other == seat:
            continue
        assert f"{name}'s private panel" not in text
        for entry in views[other]["log"]:
            line = words(entry) if entry.get("private") else ""
            if line and line not in own_private:
                assert line not in text, f"{name}'s private log line: {line}"
        if session.record.game == "orcz":
            check_orcz_seat(session, text, other, views, seat)
        else:
            check_pirates_seat(session, text, other, views, mine)


def saved_game(save: Path) -> GameSession:
    """The game as a host's save holds it now (read, no lock: the host keeps it)."""
    record, game, states, _notice = load_or_recover(save)
    return GameSession(record, game, states, save)


def game_at(session: GameSession, step: int) -> GameSession:
    """The game as it was after ``step`` moves."""
    record = dataclasses.replace(session.record, actions=session.record.actions[:step])
    return GameSession(record, session.game, session._states[:step + 1], session.path)


def scan_some_moment(moments: list[GameSession], text: str, seat: int) -> None:
    """The screen scan (``scan_text``) of bytes sent at one of ``moments``, not known which:
    failing only when the text shows a secret of every one of them (a card that changed hands
    between two moments may be one's own at the first)."""
    for moment in moments[:-1]:
        with contextlib.suppress(AssertionError):
            scan_text(moment, text, seat)
            return
    scan_text(moments[-1], text, seat)
