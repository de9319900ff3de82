"""The SSH door's faults that the others must never feel, with clients that misbehave for real:
a client killed in the middle of a move, a client that stops reading (and keeps typing), a
hundred wrong codes at once, a seat's table that takes no key. Bob's seat is behind the door;
Ann and Cid play through their channels meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pytest

from common.remote import ssh as ssh_module
from common.remote.client import RemoteSession
from common.remote.hub import Hub
from common.remote.ssh import Seat, SSHDoor
from common.save import load_or_recover
from common.session import GameSession
from common.tui.keyguard import KeyGuard
from tests.bench.remote_latency import Terminal, ssh_terminal
from tests.remote.hosting import LoopThread, serve
from tests.remote.sshing import needs_clients, wait_for

CODE = "ABCD2345"
BOB = 1
# The seat's table runs as shipped, its key guard on (the test suite turns it off in this
# process only, after this module is imported): a pre-filled choice or a summary takes an Enter
# only once it has been on screen this long, as a person reads it first.
GUARD = KeyGuard.SECONDS + 0.2
PANELS = ("Outfit your ship", "Nothing to decide now.")  # Bob's outfit to choose, or made


def read(term: Terminal, text: str, what: str) -> None:
    """Wait until ``term`` shows ``text``, then as long as a person reads it before Enter."""
    term.wait_for(lambda t: text in t.screen().text(), what)
    time.sleep(GUARD)  # the key guard's own time: the condition is the time on screen


@dataclass
class Door:
    session: GameSession
    hub: Hub
    loop: LoopThread
    port: int
    folder: Path

    def bob(self, code: str = CODE) -> Terminal:
        """Bob's OpenSSH client, at his table."""
        term = ssh_terminal(self.folder, "bob", "bob", self.port, code)
        term.wait_for(lambda t: "Bob's private panel" in t.screen().text(), "Bob's table")
        return term

    def joined(self) -> bool:
        return bool(self.loop.call(lambda: BOB in self.hub.connections))

    def others(self) -> dict[int, RemoteSession]:
        return {s: RemoteSession.connect(self.folder / "host.sock", f"t{s}") for s in (0, 2)}

    def play_on(self, others: dict[int, RemoteSession]) -> tuple[int, float]:
        """Ann and Cid move when it is their turn, and the host is asked something: (moves
        made, the longest any of it took)."""
        moves, slowest = 0, 0.0
        for seat, remote in others.items():
            remote.take_push()
            started = time.monotonic()
            if seat in remote.to_act() and not remote.is_over():
                remote.apply(remote.legal(seat)[0])
                moves += 1
            self.loop.call(lambda: None)  # the host's loop answers at once
            slowest = max(slowest, time.monotonic() - started)
        return moves, slowest


@pytest.fixture
def door(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Door]:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 6)
    with serve(session, tmp_path / "host.sock") as (hub, loop, _sent):
        ssh = SSHDoor({"bob": Seat(BOB, "Bob", f"t{BOB}", CODE)}, tmp_path / "host.sock",
                      tmp_path, taken=lambda seat: seat in hub.connections)
        port = loop.run(ssh.start("127.0.0.1", 0))
        try:
            yield Door(session, hub, loop, port, tmp_path)
        finally:
            loop.run(ssh.stop())
    session.release()


def _saved(door: Door) -> list[object]:
    return list(load_or_recover(door.session.path)[0].actions)


@needs_clients
def test_a_client_killed_mid_move_leaves_the_move_made_whole_or_not_at_all(door: Door) -> None:
    # Outfitting: all three choose at once. Bob's client is killed as his outfit's last Enter
    # leaves it, a moment later each time: the move is made whole (in the save; joining again,
    # his panel has nothing more to decide) or not at all (his choice is open again), never
    # half, and the host's game and its save agree.
    made = 0
    for delay in (0.0, 0.02, 0.1, 0.5, 2.0):
        if BOB not in door.loop.call(door.session.to_act):
            break
        bob = door.bob()
        read(bob, "Enter: confirm all", "Bob's outfit")
        bob.write(b"\r")  # the outfit as shown; it is then shown to be confirmed with Enter
        read(bob, "Enter outfits", "the outfit to confirm")
        bob.write(b"\r")
        time.sleep(delay)  # the moment of the kill is the point, not a wait for something
        bob.kill()
        wait_for(lambda: not door.joined(), "the host to see Bob go", 30)
        count = door.loop.call(lambda: door.session.action_count)
        assert _saved(door) == list(door.loop.call(lambda: door.session.record.actions))
        assert count == made or count == made + 1
        made = count
        again = door.bob()
        again.wait_for(lambda t: any(p in t.screen().text() for p in PANELS), "Bob's panel")
        open_again = BOB in door.loop.call(door.session.to_act)
        assert PANELS[0 if open_again else 1] in again.screen().text()
        again.kill()
        wait_for(lambda: not door.joined(), "the host to see Bob go", 30)
    assert made == 1, "the Enter never reached the host in five tries"


@needs_clients
def test_a_client_that_stops_reading_is_dropped_while_the_others_play_on(
        door: Door, monkeypatch: pytest.MonkeyPatch) -> None:
    # A client that reads nothing more (its window closed: a frozen terminal) but keeps
    # typing: its table draws into a buffer the host bounds, the host gives up on it after
    # DRAIN_TIMEOUT, and Ann and Cid's moves never wait for it. Then Bob joins again.
    monkeypatch.setattr(ssh_module, "DRAIN_TIMEOUT", 2.0)
    client = LoopThread()

    class Frozen(asyncssh.SSHClientSession[bytes]):
        def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:
            chan.pause_reading()  # nothing more is read: no window is given back

    async def freeze() -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel[bytes]]:
        conn = await asyncssh.connect("127.0.0.1", door.port, username="bob", password=CODE,
                                      known_hosts=None, client_keys=None)
        chan, _session = await conn.create_session(Frozen, term_type="xterm",
                                                   term_size=(100, 32), encoding=None,
                                                   window=4096)
        return conn, chan

    async def typing(chan: asyncssh.SSHClientChannel[bytes], turn: int) -> None:
        chan.write(b"\x1b[B\x1b[C" if turn % 2 else b"\x1b[A\x1b[D")
        chan.change_terminal_size(100 + turn % 2 * 20, 32 + turn % 2 * 8)  # a redraw each

    try:
        conn, chan = client.run(freeze())
        wait_for(door.joined, "Bob's frozen client to join", 30)
        others = door.others()
        slowest, turn, moves = 0.0, 0, 0
        deadline = time.monotonic() + 60
        while door.joined():
            assert time.monotonic() < deadline, "the host never gave up on a frozen client"
            client.run(typing(chan, turn))
            turn += 1
            made, took = door.play_on(others)
            moves, slowest = moves + made, max(slowest, took)
            time.sleep(0.05)  # a pace for the keys, not a wait for something
        assert turn > 1 and moves == 2 and slowest < 5.0
        for remote in others.values():
            remote.close()
        client.call(conn.close)
        door.bob().kill()  # Bob joins again: his seat was freed
    finally:
        client.stop()


@needs_clients
def test_a_hundred_wrong_codes_at_once_slow_only_themselves(door: Door) -> None:
    # A hundred clients try wrong codes at the same moment: each is refused after its pause
    # (the pauses run side by side, so they end within a few times the longest pause, not a
    # hundred of them in a row), Ann's and Cid's moves go on meanwhile, and Bob's own code
    # still lets him in afterwards.
    client = LoopThread()

    async def wrong(n: int) -> bool:
        try:
            conn = await asyncssh.connect("127.0.0.1", door.port, username="bob",
                                          password=f"WRONG{n:03d}", known_hosts=None,
                                          client_keys=None, login_timeout=120)
        except asyncssh.PermissionDenied:
            return False
        conn.close()
        return True

    async def storm() -> list[bool]:
        return list(await asyncio.gather(*(wrong(n) for n in range(100))))

    try:
        started = time.monotonic()
        tries = asyncio.run_coroutine_threadsafe(storm(), client.loop)
        others = door.others()
        moves, slowest = 0, 0.0
        while not tries.done():
            made, took = door.play_on(others)
            moves, slowest = moves + made, max(slowest, took)
            time.sleep(0.05)  # a pace for the questions, not a wait for something
        assert tries.result(120) == [False] * 100
        took = time.monotonic() - started
        assert took < 20 * ssh_module.MAX_PAUSE, f"the refusals took {took:.0f} s: one by one?"
        assert moves == 2 and slowest < 5.0
        for remote in others.values():
            remote.close()
    finally:
        client.stop()
    door.bob().kill()


def _seat_tables() -> list[int]:
    """The seats' tables the door of this process started (its children)."""
    mine, found = str(os.getpid()), []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, IndexError):
            if (entry.name.isdigit()
                    and (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == mine
                    and b"common.tui\x00seat" in (entry / "cmdline").read_bytes()):
                found.append(int(entry.name))
    return found


def _reads_key_by_key(table: int) -> bool:
    """Whether ``table``'s terminal is raw: its app has started. Before, the terminal is in
    line mode, which drops a line's keys past its 4 kB and never makes a writer wait."""
    fd = os.open(f"/proc/{table}/fd/0", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        return not termios.tcgetattr(fd)[3] & termios.ICANON
    finally:
        os.close(fd)


@needs_clients
def test_a_seat_table_that_takes_no_key_never_stops_the_host(
        door: Door, monkeypatch: pytest.MonkeyPatch) -> None:
    # Bob's table stops taking keys (its process stopped, as a stalled one is) while his client
    # pastes 64 kB: more than a terminal holds unread. The host's loop, which serves every
    # seat, answers at once and Ann and Cid play on; the keys wait for Bob's table alone, which
    # is dropped once it took none for DRAIN_TIMEOUT; Bob joins again. (A blocking write of
    # the keys to his terminal once stopped the host's whole loop, every seat with it.)
    monkeypatch.setattr(ssh_module, "DRAIN_TIMEOUT", 3.0)
    client = LoopThread()

    async def join() -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel[bytes]]:
        conn = await asyncssh.connect("127.0.0.1", door.port, username="bob", password=CODE,
                                      known_hosts=None, client_keys=None)
        chan, _session = await conn.create_session(asyncssh.SSHClientSession, encoding=None,
                                                   term_type="xterm", term_size=(100, 32))
        return conn, chan

    async def paste(chan: asyncssh.SSHClientChannel[bytes]) -> None:
        chan.write(b"x" * 65536)

    conn = None
    # a table another test of this worker left behind is not Bob's: only the one his joining
    # starts is stopped
    before = set(_seat_tables())
    try:
        conn, chan = client.run(join())
        wait_for(door.joined, "Bob's table to join", 60)
        tables = [table for table in _seat_tables() if table not in before]
        assert len(tables) == 1
        # Bob joins as soon as his table's process connects, before its app has started:
        # stopped then, a paste would be dropped by the line mode and nothing would wait
        wait_for(lambda: _reads_key_by_key(tables[0]), "Bob's table taking keys", 60)
        os.kill(tables[0], signal.SIGSTOP)
        client.run(paste(chan))
        others = door.others()
        moves, slowest = 0, 0.0
        deadline = time.monotonic() + 60
        while door.joined():  # asks the host's loop: a blocked loop fails here
            assert time.monotonic() < deadline, "the host never gave up on Bob's table"
            made, took = door.play_on(others)
            moves, slowest = moves + made, max(slowest, took)
            time.sleep(0.05)  # a pace for the questions, not a wait for something
        assert moves == 2 and slowest < 5.0
        for remote in others.values():
            remote.close()
    finally:
        for table in _seat_tables():
            with contextlib.suppress(ProcessLookupError):
                os.kill(table, signal.SIGCONT)
        if conn is not None:
            client.call(conn.close)
        client.stop()
    door.bob().kill()
