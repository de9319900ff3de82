"""Remote seats under load, through real clients: a key in one SSH terminal → the other seats'
screens, beside its anchor, the local table's key → screen, both measured in the same run.

``--games`` hosts (``hotseat host pirates``, five people each, every seat remote) run at once;
each seat is OpenSSH's own ``ssh`` in a pseudo-terminal of its own, as a player's terminal,
so a run of ten games is fifty ``ssh`` processes (a few MB each: the client is not the cost; the
host runs a seat's table for every connection, whatever the client). ``--locals`` tables of five
people at one terminal (``hotseat pirates``, curtains and all) run beside them in ptys too. A
driver writes random keys of the table's own to every terminal for ``--seconds``: one key at a
time per terminal, the next once its screen has been quiet a moment (a person reads before the
next key), so a lone Escape stays a lone Escape.

What is timed. Every host and local table runs under ``tests.remote.timed``, which writes each
move's time on the machine's monotonic clock, the driver's too. The key that made a move is the
last key written to the mover's terminal before that time. The moves timed are those that change
whom the game waits for (the turn passes: what the other players wait to see), keyed at least
``SETTLE`` seconds before the keys stop. Each terminal's stream (every chunk with its arrival
time) is replayed into a screen (``Screen``: the cells as the escapes draw them), and a move
shows at a terminal with the first chunk after its key that leaves the status line changed to
one saying whom the game waits for after it (or after a later move, when a newer snapshot came
before the screen was drawn; never a text of the moves just before), or brings up a notice
once the move was made (a reveal everyone reads before the table); at one terminal, the
curtain that comes up for the next person counts too. A screen that had a notice up as the key
was sent shows nothing until its person reads on: counted apart, not timed. Remote: key → each
other seat's screen (the figure), → the mover's own, and → the move made at the host; local:
key → the screen. Beside them, the CPU seconds per move the hosts, their seats' tables and
the local tables used while the keys ran, and the machine's load average.

What is checked. No move lost: every host is killed (SIGKILL) at the end, and its save, read back
as a new host would, holds every move the host acknowledged (the moves it timed, and the newest
``count`` any seat's channel was sent). No byte of another seat's secret: the tap on every seat's
channel and SSH stream (``tests.remote.tapped_host``) and the stream each terminal received are
scanned for the secret texts of the other seats' views (``tests.remote.hosting.secret_words``)
as of every moment the bytes may have been sent at, and the terminals' text for the screen
scan's words (``tests.tui.secrecy``).

Run: ``nice -n 10 python tests/bench/remote_latency.py [--games 10] [--locals 3] [--seconds 180]``
(saves in a temporary folder; ``--keep DIR`` keeps the run, ``--detail`` prints every move).
``tests/remote/test_load_ssh.py`` runs a smaller one as a test.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import fcntl
import itertools
import json
import os
import pty
import random
import re
import select
import selectors
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from common.save import load_or_recover  # noqa: E402
from common.session import GameSession  # noqa: E402
from tests.remote.hosting import (  # noqa: E402
    JOIN,
    game_at,
    saved_game,
    scan_some_moment,
    secret_words,
)
from tests.remote.sshing import plain  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve")
SIZE = (132, 36)  # wide enough that the status line keeps "waiting for" five names whole
# The table's own keys, as a hurried player presses them (tests/remote/test_whole_games.py's,
# as bytes): Enter takes the option under the cursor, a digit another one, the arrows and +
# move or change a share, Escape backs out. No undo, no quit.
KEYS = (b"\r", b"\r", b"\r", b"1", b"2", b"3", b"+", b"\x1b[C", b"\x1b[B", b"\x1b[A", b"\x1b[D",
        b"\x1b")
QUIET = 0.15  # seconds a screen stays still before its next key
GAP = (0.25, 0.6)  # seconds between two keys at one terminal, at least
SETTLE = 5.0  # seconds the screens are read after the last key; moves of the last ones untimed
STUCK = 3.0  # seconds after which a key goes even if the screen never stays still
WAITING = "waiting for "
CURTAIN_TEXT = "Pass the terminal to "


@dataclass
class Terminal:
    """A program in a pseudo-terminal of its own: what it drew (each chunk's arrival time and
    end offset) and the keys written to it (each with its time)."""

    label: str
    pid: int
    fd: int
    data: bytearray = field(default_factory=bytearray)
    chunks: list[tuple[float, int]] = field(default_factory=list)
    keys: list[tuple[float, bytes]] = field(default_factory=list)
    last_out: float = 0.0
    next_key: float = 0.0
    live: bool = True

    def text(self) -> str:
        return plain(bytes(self.data))

    def screen(self) -> Screen:
        """What the terminal shows now."""
        shown = Screen()
        shown.feed(bytes(self.data))
        return shown

    def read(self, timeout: float) -> None:
        """What came within ``timeout``, if anything (a terminal read on its own)."""
        if not self.live or not select.select([self.fd], [], [], timeout)[0]:
            return
        try:
            chunk = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        except OSError:  # its program ended
            chunk = b""
        if not chunk:
            self.live = False
            return
        self.last_out = time.monotonic()
        self.data += chunk
        self.chunks.append((self.last_out, len(self.data)))

    def wait_for(self, ready: Callable[[Terminal], bool], what: str, limit: float = 60) -> None:
        """Read until ``ready`` (a condition on what it shows), failing after ``limit``."""
        deadline = time.monotonic() + limit
        while not ready(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.label}: still waiting for {what} after {limit} s; "
                                     f"it shows:\n{self.screen().text()}")
            self.read(0.05)

    def write(self, key: bytes) -> None:
        os.write(self.fd, key)
        self.keys.append((time.monotonic(), key))

    def kill(self) -> None:
        """Its program killed (SIGKILL), as a pulled cable or a closed laptop would."""
        if self.fd < 0:
            return  # done already
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        with contextlib.suppress(OSError):
            os.close(self.fd)
        self.fd, self.live = -1, False

    def received(self, start: float, end: float) -> bytes:
        """The bytes that arrived from ``start`` (excluded) to ``end`` (included)."""
        times = [t for t, _end in self.chunks]
        first, last = bisect.bisect_right(times, start), bisect.bisect_right(times, end)
        low = self.chunks[first - 1][1] if first else 0
        high = self.chunks[last - 1][1] if last else 0
        return bytes(self.data[low:high])

    def key_before(self, moment: float) -> float | None:
        """When the last key written before ``moment`` was written."""
        times = [t for t, _key in self.keys]
        index = bisect.bisect_right(times, moment)
        return times[index - 1] if index else None


TOKENS = re.compile(rb"\x1b\[([0-9;?<>=$]*)[ -/]*([@-~])"  # CSI: its numbers, its letter
                    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: titles
                    rb"|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMNOZc]"  # character sets, modes
                    rb"|([\r\n\x08])"  # the cursor's own characters
                    rb"|([^\x1b\r\n\x08]+)")  # text
NOTICE = re.compile(r"Press Enter (to go on|when done)")


class Screen:
    """The cells of a terminal as the bytes it received draw them, as far as Textual draws:
    cursor moves, erasing and text (colours and modes are read past)."""

    def __init__(self, width: int = SIZE[0], height: int = SIZE[1]) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.row = self.col = 0
        self.rest = b""  # an escape or a character cut at the end of the last bytes

    def feed(self, data: bytes) -> None:
        data = self.rest + data
        cut = data.rfind(b"\x1b")
        if cut != -1 and TOKENS.match(data, cut) is None:  # an escape cut short: wait for it
            data, self.rest = data[:cut], data[cut:]
        else:
            self.rest = b""
        for back in range(1, min(4, len(data)) + 1):  # a character cut short too
            lead = data[-back]
            if lead & 0xC0 == 0xC0:  # the first byte of a character of several
                size = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
                if size > back:
                    data, self.rest = data[:-back], data[-back:] + self.rest
                break
            if lead & 0x80 == 0:
                break
        for token in TOKENS.finditer(data):
            if token[4] is not None:
                self._text(token[4].decode("utf-8", "replace"))
            elif token[3] is not None:
                self._control(token[3])
            elif token[2] is not None:
                self._csi(token[1].decode(), token[2].decode())

    def _text(self, text: str) -> None:
        row = self.rows[min(self.row, self.height - 1)]
        for char in text:
            wide = unicodedata.east_asian_width(char) in "WF"
            if self.col < self.width:
                row[self.col] = char
            if wide and self.col + 1 < self.width:
                row[self.col + 1] = ""
            self.col += 2 if wide else 1

    def _control(self, char: bytes) -> None:
        if char == b"\r":
            self.col = 0
        elif char == b"\n":
            self.row = min(self.height - 1, self.row + 1)
        else:
            self.col = max(0, self.col - 1)

    def _csi(self, args: str, letter: str) -> None:
        if args.startswith(("?", ">", "<", "=")):
            return  # modes
        numbers = [int(n) if n.isdigit() else 0 for n in args.split(";")] if args else []
        first = numbers[0] if numbers else 0
        if letter in "Hf":
            self.row = max(1, first or 1) - 1
            self.col = max(1, numbers[1] if len(numbers) > 1 and numbers[1] else 1) - 1
        elif letter == "A":
            self.row = max(0, self.row - (first or 1))
        elif letter == "B":
            self.row = min(self.height - 1, self.row + (first or 1))
        elif letter == "C":
            self.col += first or 1
        elif letter == "D":
            self.col = max(0, self.col - (first or 1))
        elif letter == "G":
            self.col = max(1, first or 1) - 1
        elif letter == "d":
            self.row = max(1, first or 1) - 1
        elif letter == "K":
            row = self.rows[min(self.row, self.height - 1)]
            span = {0: range(self.col, self.width), 1: range(self.col + 1),
                    2: range(self.width)}.get(first, range(0))
            for col in span:
                if col < self.width:
                    row[col] = " "
        elif letter == "J" and first == 2:
            self.rows = [[" "] * self.width for _ in range(self.height)]

    def line(self, row: int) -> str:
        return "".join(self.rows[row])

    def text(self) -> str:
        return "\n".join(self.line(r) for r in range(self.height))


def spawn(label: str, argv: list[str], env: dict[str, str]) -> Terminal:
    """``argv`` in a new pseudo-terminal of ``SIZE`` (its controlling terminal)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: its terminal's size, then the program
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        os.chdir(ROOT)
        os.execvpe(argv[0], argv, env)
    os.set_blocking(fd, False)
    return Terminal(label, pid, fd)


@dataclass
class Game:
    """One game: its folder (taps, moves' times, data), its host's process (None: a table at
    one terminal, the terminal's own program), its terminals by seat (a table's: seat None)."""

    folder: Path
    local: bool
    host: subprocess.Popen[bytes] | None = None
    terminals: dict[int | None, Terminal] = field(default_factory=dict)
    checkpoints: list[tuple[float, dict[str, int]]] = field(default_factory=list)

    def save(self) -> Path:
        return next((self.folder / "data" / "saves").glob("*.json"))

    def moves(self) -> list[tuple[float, int, str]]:
        path = self.folder / "taps" / "moves"
        if not path.exists():
            return []
        rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
        return [(float(t), int(count), seat) for t, count, seat in rows]

    def tap_sizes(self) -> dict[str, int]:
        taps = self.folder / "taps"
        return {p.name: p.stat().st_size for p in taps.glob("*-*")} if taps.exists() else {}


# ``--stacks``: every process of a run (hosts, seat tables, local tables) dumps its threads'
# Python stacks on SIGUSR1 into a file of its own, so that a frozen game can be looked at live:
# a table that stopped drawing and one that stopped running look the same in the streams.
STACK_HOOK = """import faulthandler, os, signal
_folder = os.environ.get("HOTSEAT_STACKS")
if _folder:
    _file = open(os.path.join(_folder, f"{os.getpid()}.txt"), "w")
    faulthandler.register(signal.SIGUSR1, file=_file, all_threads=True)
"""
STACKS: list[Path] = []  # the folder the stacks go to, when asked for
FROZEN = 60.0  # seconds without a move, keys going, after which a game is taken for frozen


def _env(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("TEXTUAL_FPS", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(HOTSEAT_DATA_DIR=str(data), PYTHONPATH=str(ROOT), TERM="xterm-256color",
               PYTHONWARNINGS="ignore", LANG="C.UTF-8")  # English: the texts watched for
    if STACKS:  # the hook as a sitecustomize: the seat tables inherit the host's environment
        env.update(PYTHONPATH=f"{STACKS[0] / 'hook'}{os.pathsep}{ROOT}",
                   HOTSEAT_STACKS=str(STACKS[0]))
    return env


def stacks_on(folder: Path) -> None:
    """``--stacks``: the hook, in ``folder``, for every process started from now on."""
    (folder / "hook").mkdir(parents=True)
    (folder / "hook" / "sitecustomize.py").write_text(STACK_HOOK)
    STACKS[:] = [folder]


def frozen(made: list[Game]) -> list[str]:
    """The hosted games that made no move for ``FROZEN`` seconds while the keys went on; with
    ``--stacks``, each of their processes dumps its stacks (the host's, every seat table's)."""
    now, found = time.monotonic(), []
    for game in made:
        if game.local or game.host is None:
            continue
        moves = game.moves()
        if moves and now - moves[-1][0] < FROZEN:
            continue
        found.append(f"{game.folder.name} (last move {moves[-1][1] if moves else 0})")
        if STACKS:
            for pid in (game.host.pid, *_children(game.host.pid)):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGUSR1)
    return found


def start_host(folder: Path, seed: int) -> Game:
    folder.mkdir(parents=True)
    game = Game(folder, local=False)
    out = open(folder / "host.out", "wb")  # noqa: SIM115 - the host's for its whole life
    game.host = subprocess.Popen(
        [sys.executable, "-m", "tests.remote.timed", str(folder / "taps"), "host", "pirates",
         "--players", ",".join(PLAYERS), "--seed", str(seed), "--bind", "127.0.0.1",
         "--port", "0"], stdout=out, stderr=subprocess.STDOUT, env=_env(folder / "data"),
        cwd=ROOT)
    return game


def join_lines(game: Game, limit: float) -> dict[str, tuple[int, str, str]]:
    """name -> (port, user, code), once the host printed them all."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = {m[1]: (int(m[2]), m[3], m[4])
                 for m in JOIN.finditer((game.folder / "host.out").read_text("utf-8", "replace"))}
        if len(found) == len(PLAYERS):
            return found
        assert game.host is not None and game.host.poll() is None, (
            (game.folder / "host.out").read_text())
        time.sleep(0.2)
    raise AssertionError(f"no join lines from {game.folder} in {limit} s")


def join(game: Game, number: int, joins: dict[str, tuple[int, str, str]]) -> None:
    """OpenSSH's client for every seat, in a pty."""
    for seat, name in enumerate(PLAYERS):
        port, user, code = joins[name]
        game.terminals[seat] = ssh_terminal(game.folder, f"g{number}:{name}", user, port, code,
                                            _env(game.folder / "data"))


def ssh_terminal(folder: Path, label: str, user: str, port: int, code: str,
                 env: dict[str, str] | None = None) -> Terminal:
    """``ssh user@127.0.0.1`` in a pty of its own, its code given by SSH_ASKPASS."""
    askpass = folder / f"askpass-{user}.sh"
    askpass.write_text(f"#!/bin/sh\necho '{code}'\n")
    askpass.chmod(0o700)
    env = {**(env or os.environ), "SSH_ASKPASS": str(askpass), "SSH_ASKPASS_REQUIRE": "force",
           "DISPLAY": ":0"}
    argv = ["ssh", "-tt", "-p", str(port), "-F", "/dev/null",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "NumberOfPasswordPrompts=1",
            "-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no",
            f"{user}@127.0.0.1"]
    return spawn(label, argv, env)


def start_local(folder: Path, number: int, seed: int) -> Game:
    folder.mkdir(parents=True)
    game = Game(folder, local=True)
    argv = [sys.executable, "-m", "tests.remote.timed", str(folder / "taps"), "pirates",
            "--players", ",".join(PLAYERS), "--seed", str(seed)]
    game.terminals[None] = spawn(f"local{number}", argv, _env(folder / "data"))
    return game


class Driver:
    """Reads every terminal (each chunk timed as it arrives) and writes random keys to them."""

    def __init__(self, games: list[Game], rng: random.Random) -> None:
        self.games = games
        self.rng = rng
        self.selector = selectors.DefaultSelector()
        for game in games:
            for term in game.terminals.values():
                self.selector.register(term.fd, selectors.EVENT_READ, term)

    @property
    def terminals(self) -> list[Terminal]:
        return [t for g in self.games for t in g.terminals.values()]

    def read(self, timeout: float) -> None:
        for key, _events in self.selector.select(timeout):
            term: Terminal = key.data
            try:
                chunk = os.read(term.fd, 65536)
            except BlockingIOError:
                continue
            except OSError:  # its program ended: its terminal is gone
                chunk = b""
            if not chunk:
                term.live = False
                self.selector.unregister(term.fd)
                continue
            now = time.monotonic()
            term.data += chunk
            term.chunks.append((now, len(term.data)))
            term.last_out = now

    def until(self, ready: Callable[[], bool], what: str, limit: float) -> None:
        """Read every terminal until ``ready``, failing after ``limit`` seconds."""
        deadline = time.monotonic() + limit
        while not ready():
            if time.monotonic() > deadline:
                raise AssertionError(f"still waiting for {what} after {limit} s")
            self.read(0.05)

    def settle(self, seconds: float) -> None:
        """No more keys: the screens catch up for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.read(0.05)

    def play(self, seconds: float) -> None:
        """Random keys at every terminal for ``seconds``; each game's tap sizes noted every
        second or so (the secrecy check's moments)."""
        end = time.monotonic() + seconds
        noted = 0.0
        while (now := time.monotonic()) < end:
            self.read(0.005)
            now = time.monotonic()
            for term in self.terminals:
                if not term.live or now < term.next_key:
                    continue
                waited = now - (term.keys[-1][0] if term.keys else 0.0)
                if now - term.last_out < QUIET and waited < STUCK:
                    continue
                key = self.rng.choice(KEYS)
                try:
                    os.write(term.fd, key)
                except OSError:
                    term.live = False
                    continue
                term.keys.append((time.monotonic(), key))
                term.next_key = now + self.rng.uniform(*GAP)
            if now - noted > 1.0:
                noted = now
                for game in self.games:
                    game.checkpoints.append((time.monotonic(), game.tap_sizes()))


# --------------------------------------------------------------------------- the figures


def _waiting(session: GameSession, step: int) -> str:
    moment = game_at(session, step)
    if moment.is_over():
        return ""
    return ", ".join(session.players[s] for s in moment.to_act())


@dataclass
class Figures:
    remote_others: list[float] = field(default_factory=list)  # key → another seat's screen
    remote_own: list[float] = field(default_factory=list)  # key → the mover's own screen
    remote_host: list[float] = field(default_factory=list)  # key → the move made at the host
    local: list[float] = field(default_factory=list)  # key → the screen, one terminal
    unseen: int = 0  # a timed move some screen never showed
    behind_notice: int = 0  # a screen under a notice as the key was sent (not timed)
    moves: int = 0  # moves made, all games
    remote_moves: int = 0  # of them in hosted games
    lost: int = 0
    secrets_checked: int = 0
    load: tuple[float, float] = (0.0, 0.0)  # the load average (1 min) as the keys began, ended
    froze: list[str] = field(default_factory=list)  # games with no move for FROZEN s, keys going
    rows: list[str] = field(default_factory=list)  # each timed move, for --detail
    # CPU seconds used: the hosts' own processes, their seats' tables, the local tables
    cpu: dict[str, float] = field(default_factory=lambda: dict.fromkeys(
        ("hosts", "seat tables", "local tables"), 0.0))


@dataclass
class Timed:
    """A move that passed the turn, and what shows it at a terminal."""

    count: int  # moves made with it
    key: float  # when the key that made it was written
    made: float  # when the move was made (at the host, or the table)
    mover: int | None
    pattern: re.Pattern[str]  # a status line that says whom the game waits for after it
    shown: dict[int | None, float | str] = field(default_factory=dict)  # terminal -> time


def timings(game: Game, figures: Figures, last_key: float) -> None:
    """The times of every move of ``game`` that passed the turn, its key written before
    ``last_key`` (see the module's docstring)."""
    session = saved_game(game.save())
    last = session.action_count
    texts = [_waiting(session, step) for step in range(last + 1)]
    timed: list[Timed] = []
    for when, count, seat in game.moves():
        if seat == "undo" or count > last or not texts[count] or texts[count] == texts[count - 1]:
            continue
        mover = None if game.local else int(seat)
        key = game.terminals[mover].key_before(when)
        if key is None or key > last_key:
            continue
        if not game.local:
            figures.remote_host.append(when - key)
        # This move's, or a later one's when the screen skipped it (a newer snapshot came
        # before it was drawn), but none the screen may still show from before it.
        later = {texts[k] for k in range(count, min(last, count + 10) + 1) if texts[k]}
        earlier = {texts[k] for k in range(max(0, count - 3), count)}
        names = "|".join(re.escape(t) for t in sorted(later - earlier))
        if names:
            timed.append(Timed(count, key, when, mover, re.compile(
                f"{WAITING}({names})(?![,\\w])")))
    for seat_at, term in game.terminals.items():
        _watch(term, seat_at, timed)
    for move in timed:
        row = f"{game.folder.name} move {move.count} by {move.mover}:"
        for seat_at, shown in move.shown.items():
            row += f" {seat_at}:" + (shown if isinstance(shown, str) else
                                     f"{(shown - move.key) * 1000:.0f}")
            if shown == "notice":
                figures.behind_notice += 1
            elif isinstance(shown, str):
                figures.unseen += 1
            elif game.local:
                figures.local.append(shown - move.key)
            elif seat_at == move.mover:
                figures.remote_own.append(shown - move.key)
            else:
                figures.remote_others.append(shown - move.key)
        figures.rows.append(row)


def _watch(term: Terminal, seat: int | None, timed: list[Timed]) -> None:
    """Replays what ``term`` received, chunk by chunk, and notes when it first showed each
    move: its status line changed to one that says whom the game waits for after the move, or a
    notice came up once the move was made (a reveal everyone reads before the table), or, at
    one terminal, the next person's curtain came up. A screen that had a notice up as the key
    was sent shows nothing until its person reads on: noted as such, and not timed."""
    screen = Screen()
    waiting = sorted(timed, key=lambda m: m.key)
    watching: list[tuple[Timed, str, bool, bool]] = []  # a move; its key's status, curtain, notice
    start = 0
    for arrived, end in term.chunks:
        while waiting and waiting[0].key < arrived:
            move = waiting.pop(0)
            whole = screen.text()
            watching.append((move, screen.line(0), CURTAIN_TEXT in whole,
                             NOTICE.search(whole) is not None))
        screen.feed(bytes(term.data[start:end]))
        start = end
        if not watching:
            continue
        status, whole = screen.line(0), screen.text()
        notice, curtain = NOTICE.search(whole) is not None, CURTAIN_TEXT in whole
        for watched in list(watching):
            move, before, curtained, noticed = watched
            turned = status != before and move.pattern.search(status) is not None
            if (turned or (curtain and not curtained and seat is None)
                    or (notice and not noticed and arrived >= move.made)):
                move.shown[seat] = arrived
            elif notice:
                move.shown[seat] = "notice"
            else:
                continue
            watching.remove(watched)
    for move in [*waiting, *(watched[0] for watched in watching)]:
        move.shown[seat] = "-"


def lost_moves(game: Game) -> tuple[int, int]:
    """(moves the host acknowledged, of them not in the save) after the host was killed."""
    moves = game.moves()
    acknowledged = moves[-1][1] if moves else 0
    for path in (game.folder / "taps").glob("channel-*"):
        for line in path.read_bytes().splitlines():
            with contextlib.suppress(ValueError):
                snapshot = json.loads(line).get("snapshot")
                if snapshot:
                    acknowledged = max(acknowledged, int(snapshot["count"]))
    saved = len(load_or_recover(game.save())[0].actions)
    return acknowledged, max(0, acknowledged - saved)


def _count_at(moves: list[tuple[float, int, str]], moment: float) -> int:
    index = bisect.bisect_right([t for t, _c, _s in moves], moment)
    return moves[index - 1][1] if index else 0


LAG = 5.0  # seconds a screen may lag behind the game: bytes seen at t may show a moment this old


def secrets(game: Game) -> int:
    """No secret of another seat in anything a remote seat was sent or shown; returns the
    secret texts checked (see the module's docstring)."""
    session = saved_game(game.save())
    moves = game.moves()
    checked = 0
    marks = game.checkpoints[:1]
    for mark in game.checkpoints[1:]:  # one look for each stretch without a move
        if _count_at(moves, mark[0]) != _count_at(moves, marks[-1][0]):
            marks.append(mark)
    marks.append((float("inf"), game.tap_sizes()))
    at: dict[int, GameSession] = {}
    known: dict[tuple[int, int], set[str]] = {}

    def moment(step: int) -> GameSession:
        if step not in at:
            at[step] = game_at(session, step)
        return at[step]

    def secret(step: int, seat: int) -> set[str]:
        if (step, seat) not in known:
            known[step, seat] = secret_words(moment(step), seat)
        return known[step, seat]

    for (start, sizes), (end, next_sizes) in itertools.pairwise(marks):
        low = max(0, _count_at(moves, start - LAG) - 1)
        high = min(session.action_count, _count_at(moves, end))
        steps = range(low, high + 1)
        moments = [moment(step) for step in steps]
        if moments[-1].is_over():
            continue  # the end shows every seat's cards to everyone
        for seat in range(len(PLAYERS)):
            words = set.intersection(*(secret(step, seat) for step in steps))
            channel = _tapped(game, f"channel-{seat}", sizes, next_sizes).decode("utf-8",
                                                                                "replace")
            stream = plain(_tapped(game, f"ssh-{seat}", sizes, next_sizes))
            screen = plain(game.terminals[seat].received(start, end))
            for what, text in (("channel", channel), ("SSH stream", stream),
                               ("terminal", screen)):
                found = [w for w in words if w in text]
                assert not found, f"{game.folder.name}: seat {seat}'s {what} carried {found}"
            scan_some_moment(moments, screen, seat)
            checked += len(words)
    return checked


def _tapped(game: Game, name: str, sizes: dict[str, int], next_sizes: dict[str, int]) -> bytes:
    """What the tap ``name`` got between two of the game's checkpoints."""
    path = game.folder / "taps" / name
    if not path.exists():
        return b""
    with open(path, "rb") as tap:
        tap.seek(sizes.get(name, 0))
        return tap.read(max(0, next_sizes.get(name, 0) - sizes.get(name, 0)))


def _cpu_use(made: list[Game]) -> dict[str, float]:
    """The CPU seconds the games' processes used so far, by kind."""
    used = dict.fromkeys(("hosts", "seat tables", "local tables"), 0.0)
    for game in made:
        if game.host is not None:
            used["hosts"] += _cpu(game.host.pid)
            used["seat tables"] += sum(_cpu(c) for c in _children(game.host.pid))
        else:
            used["local tables"] += _cpu(game.terminals[None].pid)
    return used


def _cpu(pid: int) -> float:
    """The CPU seconds process ``pid`` used so far (user and system), 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a host's seats' tables)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == pid:
                    found.append(int(entry.name))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(len(ordered) * share) - 1)]


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"p50 {statistics.median(values) * 1000:.0f} ms, "
            f"p95 {percentile(values, 0.95) * 1000:.0f} ms ({len(values)})")


# --------------------------------------------------------------------------- a run


@contextlib.contextmanager
def running(folder: Path, games: int, locals_: int, seed: int) -> Iterator[list[Game]]:
    """The hosts (every seat joined over ``ssh``) and the local tables, started; every process
    started here ended at the end (by its id)."""
    made: list[Game] = []
    try:
        for number in range(games):
            made.append(start_host(folder / f"host{number}", seed + number))
        for number, game in enumerate(made):
            join(game, number, join_lines(game, 180))
        for number in range(locals_):
            made.append(start_local(folder / f"local{number}", number, seed + 100 + number))
        yield made
    finally:
        for game in made:
            if game.host is not None and game.host.poll() is None:
                game.host.kill()
                game.host.wait(10)
            for term in game.terminals.values():
                term.kill()


def measure(folder: Path, games: int, locals_: int, seconds: float, seed: int = 1,
            stacks: bool = False) -> Figures:
    """A whole run (see the module's docstring): the figures, once nothing was lost or leaked;
    ``stacks``: the stack hook (``STACK_HOOK``), and the stacks of frozen games' processes."""
    rng = random.Random(seed)
    figures = Figures()
    if stacks:
        stacks_on(folder / "stacks")
    with running(folder, games, locals_, seed) as made:
        driver = Driver(made, rng)
        driver.until(lambda: all(
            f"{PLAYERS[s]}'s private panel" in t.text() if s is not None else
            "Pass the terminal to" in t.text()
            for g in made for s, t in g.terminals.items()), "every table", 300)
        for game in made:
            game.checkpoints.append((time.monotonic(), game.tap_sizes()))
        began = os.getloadavg()[0]
        for name, used in _cpu_use(made).items():  # what starting took is not the keys'
            figures.cpu[name] -= used
        driver.play(seconds)
        figures.froze = frozen(made)
        figures.load = (began, os.getloadavg()[0])
        last_key = time.monotonic() - SETTLE  # later moves may not have had time to show
        driver.settle(SETTLE)
        for name, seconds in _cpu_use(made).items():
            figures.cpu[name] += seconds
        for game in made:  # a crash, not a stop: the save must hold every move as it is
            if game.host is not None:
                game.host.kill()
                game.host.wait(10)
        for game in made:  # kept for a look afterwards (--keep)
            for term in game.terminals.values():
                (game.folder / f"screen-{term.label}").write_bytes(bytes(term.data))
                (game.folder / f"screen-{term.label}.json").write_text(json.dumps(
                    {"chunks": term.chunks, "keys": [(t, k.decode()) for t, k in term.keys]}))
        for game in made:
            if game.local:
                game.terminals[None].kill()
        for game in made:
            made_here = len(load_or_recover(game.save())[0].actions)
            figures.moves += made_here
            figures.remote_moves += 0 if game.local else made_here
            timings(game, figures, last_key)
        for game in made:
            if not game.local:
                figures.lost += lost_moves(game)[1]
                figures.secrets_checked += secrets(game)
    return figures


def report(figures: Figures, games: int, locals_: int, seconds: float) -> str:
    before, after = figures.load
    others = figures.remote_others
    ratio = (percentile(others, 0.95) / percentile(figures.local, 0.95)
             if others and figures.local else float("nan"))
    return "\n".join([
        f"{games} hosted games x {len(PLAYERS)} seats over ssh + {locals_} local tables, "
        f"{seconds:.0f} s of random keys; load average {before:.1f} -> {after:.1f} "
        f"({os.cpu_count()} cores)",
        f"moves {figures.moves}, lost {figures.lost}, secrets of other seats found 0 "
        f"({figures.secrets_checked} checked), moves some screen never showed {figures.unseen}, "
        f"screens under a notice as the key was sent (not timed) {figures.behind_notice}",
        f"remote key -> other seats' screens: {summary(others)}",
        f"remote key -> the mover's own screen: {summary(figures.remote_own)}",
        f"remote key -> the move made at the host: {summary(figures.remote_host)}",
        f"local table key -> screen (anchor): {summary(figures.local)}",
        f"ratio of p95s, remote others / local: {ratio:.2f}",
        f"games frozen (no move for {FROZEN:.0f} s while the keys went on): "
        + (", ".join(figures.froze) or "none")
        + (f"; their processes' stacks in {STACKS[0]}" if STACKS and figures.froze else ""),
        "CPU seconds per move made: " + ", ".join(
            f"{name} {seconds / max(1, moves):.2f}" for name, seconds, moves in (
                ("hosts", figures.cpu["hosts"], figures.remote_moves),
                ("their seats' tables", figures.cpu["seat tables"], figures.remote_moves),
                ("local tables", figures.cpu["local tables"],
                 figures.moves - figures.remote_moves))),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--locals", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--detail", action="store_true", help="every timed move's times")
    parser.add_argument("--keep", type=Path, help="run in this (new) folder and keep it")
    parser.add_argument("--stacks", action="store_true",
                        help="every process dumps its Python stacks on SIGUSR1 (into "
                             "stacks/ of the run's folder: use --keep), and a frozen game's "
                             "processes are sent it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hotseat-latency-") as folder:
        figures = measure(args.keep or Path(folder), args.games, args.locals, args.seconds,
                          args.seed, args.stacks)
    if args.detail:
        print("\n".join(figures.rows))
    print(report(figures, args.games, args.locals, args.seconds))


if __name__ == "__main__":
    main()
