"""The SSH door of a host: an OpenSSH client reaches its seat's table.

Built on asyncssh. A seat's user name is its player's name (lower case, as ``ssh bob@HOST``);
it is let in by its code (the password) or by a public key the host was given for it. A wrong
code is refused after a pause that grows with the seat's failures (up to ``MAX_PAUSE``), so
guessing is slow whatever the client does.

Each SSH session runs the seat's app (``hotseat seat``) in a pseudo-terminal of its own, in a
process that holds only its seat's channel token: what goes down the SSH channel is that
process's screen, drawn from that seat's snapshots alone. The bridge never waits on a slow
client for long: while the client does not read, the seat's app waits, and nobody else does.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hmac
import logging
import os
import pty
import signal
import struct
import sys
import termios
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from common.i18n import _
from common.remote.client import TOKEN_ENV

LOG = logging.getLogger("hotseat.remote")
MAX_PAUSE = 5.0  # seconds: the longest pause after a wrong code
DRAIN_TIMEOUT = 30.0  # seconds a client may leave its screen unread before it is dropped
LAST_WORDS = 2.0  # seconds an app that ended has to have its last output read
STOP_WAIT = 8.0  # seconds the seats' apps have to end by themselves when the host stops


@dataclass
class Seat:
    """A remote seat as the door knows it."""

    index: int
    name: str
    token: str  # the seat channel's token (common.remote.hub)
    code: str | None  # the password, or None: public keys only
    keys: list[asyncssh.SSHKey] = field(default_factory=list)
    failures: int = 0


def user_name(name: str) -> str:
    """A player's name as an SSH user name: lower case, spaces out."""
    return "".join(name.lower().split())


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host's key, made once and kept 0600 in ``folder``: clients that saw it once can tell
    this host again."""
    path = folder / "ssh_host_ed25519_key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    return asyncssh.read_private_key(str(path))


def pause_after(failures: int) -> float:
    return min(MAX_PAUSE, 0.25 * 2.0 ** min(failures, 8))


class Door(asyncssh.SSHServer):
    """Authentication for one SSH connection: a seat's code or key, nothing else."""

    # How a refusal waits (tests count the pauses instead of sitting through them).
    sleep: Callable[[float], Awaitable[None]] = staticmethod(asyncio.sleep)

    def __init__(self, seats: Mapping[str, Seat],
                 open_connections: set[asyncssh.SSHServerConnection] | None = None) -> None:
        self.seats = seats
        self.seat: Seat | None = None
        self._open = open_connections if open_connections is not None else set()
        self._conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._open.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._conn is not None:
            self._open.discard(self._conn)

    def begin_auth(self, username: str) -> bool:
        self.seat = self.seats.get(username)
        return True  # always ask: an unknown name is refused as a wrong code is

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        seat = self.seats.get(username)
        if seat is not None and seat.code is not None and hmac.compare_digest(
                seat.code.encode(), password.strip().upper().encode()):
            return True
        if seat is not None:
            seat.failures += 1
            LOG.warning("a wrong code for %s (%d so far)", seat.name, seat.failures)
        await Door.sleep(pause_after(seat.failures if seat else 4))
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        seat = self.seats.get(username)
        wanted = key.public_data
        return seat is not None and any(k.public_data == wanted for k in seat.keys)


def _settle(ready: asyncio.Future[None]) -> None:
    """A terminal is ready (it may say so twice before its waiter runs)."""
    if not ready.done():
        ready.set_result(None)


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class Bridge:
    """One SSH session: the seat's app in a pseudo-terminal, its screen down the channel."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes], seat: Seat, socket: Path,
                 tap: Callable[[int, bytes], None] | None, lang: str | None) -> None:
        self.process = process
        self.seat = seat
        self.socket = socket
        self.tap = tap
        self.lang = lang

    async def run(self) -> None:
        width, height, _px, _py = self.process.get_terminal_size()
        master, slave = pty.openpty()
        os.set_blocking(master, False)  # the host's loop never waits on one seat's terminal
        _set_size(master, width or 80, height or 24)
        env = {**os.environ, "TERM": self.process.get_terminal_type() or "xterm-256color",
               TOKEN_ENV: self.seat.token}
        argv = [sys.executable, "-m", "common.tui", "seat", "--socket", str(self.socket)]
        if self.lang:
            argv += ["--lang", self.lang]
        child = await asyncio.create_subprocess_exec(
            *argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            cwd=str(Path(__file__).resolve().parents[2]))
        os.close(slave)
        try:
            await self._pump(master, child)
        finally:
            with contextlib.suppress(ProcessLookupError):
                child.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(child.wait(), 5)
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            os.close(master)
            self.process.exit(0)

    async def _pump(self, master: int, child: asyncio.subprocess.Process) -> None:
        screen = asyncio.ensure_future(self._screen(master))
        keys = asyncio.ensure_future(self._keys(master, child))
        ended = asyncio.ensure_future(child.wait())
        await asyncio.wait({screen, keys, ended}, return_when=asyncio.FIRST_COMPLETED)
        if ended.done() and not screen.done():  # its last words (the host stopped...) too
            await asyncio.wait({screen}, timeout=LAST_WORDS)
        for task in (screen, keys, ended):
            task.cancel()

    async def _screen(self, master: int) -> None:
        """The app's output to the client; a client that stops reading is dropped."""
        loop = asyncio.get_running_loop()
        while True:
            ready: asyncio.Future[None] = loop.create_future()
            loop.add_reader(master, ready.set_result, None)
            try:
                await ready
            finally:
                loop.remove_reader(master)
            try:
                data = os.read(master, 65536)
            except BlockingIOError:  # read by now, or not yet written after all
                continue
            except OSError:  # the app ended: its terminal is gone
                return
            if not data:
                return
            if self.tap is not None:
                self.tap(self.seat.index, data)
            self.process.stdout.write(data)
            await asyncio.wait_for(self.process.stdout.drain(), DRAIN_TIMEOUT)

    async def _keys(self, master: int, child: asyncio.subprocess.Process) -> None:
        """The client's keys to the app, and its window size when it changes."""
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                _set_size(master, change.width, change.height)
                with contextlib.suppress(ProcessLookupError):
                    child.send_signal(signal.SIGWINCH)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            await self._give(master, data)

    async def _give(self, master: int, data: bytes) -> None:
        """Keys to the app's terminal. A terminal takes a few kB that its app has not read yet,
        no more: the rest waits here (and this client's next keys wait in SSH's own flow
        control), never the host, whose loop serves every seat; an app that takes no key for
        ``DRAIN_TIMEOUT`` is dropped."""
        loop = asyncio.get_running_loop()
        while data:
            with contextlib.suppress(BlockingIOError):
                data = data[os.write(master, data):]
            if not data:
                return
            ready: asyncio.Future[None] = loop.create_future()
            loop.add_writer(master, _settle, ready)
            try:
                await asyncio.wait_for(ready, DRAIN_TIMEOUT)
            finally:
                loop.remove_writer(master)


class SSHDoor:
    """The SSH server of a host: ``seats`` by user name, each bridged to its seat's app."""

    def __init__(self, seats: Mapping[str, Seat], socket: Path, key_folder: Path, *,
                 taken: Callable[[int], bool], lang: str | None = None) -> None:
        self.seats = dict(seats)
        self.socket = socket
        self.key_folder = key_folder
        self.taken = taken
        self.lang = lang
        self.tap: Callable[[int, bytes], None] | None = None  # tests: every byte a client got
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.fingerprint = ""  # the host key's, for the players to check on first joining
        self._open: set[asyncssh.SSHServerConnection] = set()
        self._sessions: set[asyncio.Task[None]] = set()

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host``:``port`` (0: any free port); returns the port."""
        key = host_key(self.key_folder)
        self.fingerprint = key.get_fingerprint()
        self._acceptor = await asyncssh.create_server(
            lambda: Door(self.seats, self._open), host, port, server_host_keys=[key],
            process_factory=self._session, encoding=None, login_timeout=60,
            keepalive_interval=15, keepalive_count_max=4)
        sockets = self._acceptor.sockets
        found: int = sockets[0].getsockname()[1] if sockets else port
        return found

    async def stop(self) -> None:
        """Stop listening, let every seat's app end (it was told by its channel), then close
        every connection and end any app left (bounded)."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        if self._sessions:  # told by their channels, the apps end and say why: let them
            await asyncio.wait(set(self._sessions), timeout=STOP_WAIT)
        if self._open:  # and a client that has its session's end hangs up by itself
            closing = {asyncio.ensure_future(c.wait_closed()) for c in self._open}
            await asyncio.wait(closing, timeout=LAST_WORDS)
            for waiter in closing:
                waiter.cancel()
        for conn in list(self._open):
            conn.close()
        if self._sessions:
            await asyncio.wait(set(self._sessions), timeout=5)

    async def _session(self, process: asyncssh.SSHServerProcess[Any]) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._sessions.add(task)
            task.add_done_callback(self._sessions.discard)
        name = process.get_extra_info("username")
        seat = self.seats.get(str(name))
        if seat is None:
            process.exit(1)
            return
        if self.taken(seat.index):
            line = _("{name}'s seat is already taken by another connection: only one at a "
                     "time.").format(name=seat.name)
            process.stdout.write((line + "\r\n").encode())
            process.exit(1)
            return
        if process.get_terminal_size()[0] == 0 and process.get_terminal_type() is None:
            line = _("hotseat needs a terminal: join with ssh -t.")
            process.stdout.write((line + "\r\n").encode())
            process.exit(1)
            return
        await Bridge(process, seat, self.socket, self.tap, self.lang).run()


__all__ = ["MAX_PAUSE", "SSHDoor", "Seat", "host_key", "pause_after", "user_name"]
