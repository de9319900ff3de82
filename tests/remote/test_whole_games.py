"""Whole games with real clients: ``hotseat host`` in a terminal of its own (tmux), OpenSSH's
client in a tmux pane for each remote seat, a computer player at the host, random keys of the
table's own at every seat until the game is over. Mid-game one client is killed and joins again,
and the host is killed and started again with ``--resume``: nothing is lost. The byte tap on
every connection (each seat's channel, each SSH stream) and every terminal's text never carry a
secret of another seat."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from common.save import load_or_recover
from common.session import GameSession
from tests.remote.hosting import scan_text, secret_words
from tests.remote.sshing import Pane, needs_clients, plain, wait_for

pytestmark = [needs_clients, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
JOIN = re.compile(r"(\w+): ssh -p (\d+) (\w+)@\S+\s+code: (\w+)")
# The table's own keys, as a hurried player presses them: Enter takes the option under the
# cursor, a digit another one, the arrows and + move or change a share, Escape backs out of a
# choice that leads nowhere. An Orcz rank is typed whole now and then: a battlefield, two cards,
# the side face down (l or r), Enter; a fight is a or h.
KEYS = {"orcz": ("Enter", "Enter", "1", "2", "3", "4", "-", "=", "Down", "Up", "Right", "a", "h",
                 "n", "Escape"),
        "pirates": ("Enter", "Enter", "Enter", "1", "2", "3", "+", "Right", "Down", "Up", "Left",
                    "Escape")}
CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")


def some_keys(game: str, rng: random.Random) -> list[str]:
    if game == "orcz" and rng.random() < 0.5:
        return [rng.choice("1234"), rng.choice(CARDS), rng.choice(CARDS), rng.choice("lr"),
                "Enter"]
    return rng.choices(KEYS[game], k=3)


GAME_LIMIT = 40 * 60  # seconds for a whole game on a loaded two-core machine


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class HostTerminal:
    """``hotseat host …`` (tapped: ``tests.remote.tapped_host``) in a tmux pane of its own: the
    host's terminal, where a seat may play."""

    def __init__(self, data: Path, taps: Path, port: int, *args: str) -> None:
        self.server = f"hotseat-host-{uuid.uuid4().hex[:8]}"
        self.pid_file = taps.parent / f"{self.server}.pid"
        # the host's own process id, for the kill: the inner shell says it, then becomes it
        host = (f"echo $$ > {self.pid_file}; exec {sys.executable} -m tests.remote.tapped_host "
                f"{taps} host {' '.join(args)} --bind 127.0.0.1 --port {port}")
        command = (f"cd {ROOT} && HOTSEAT_DATA_DIR={data} PYTHONPATH={ROOT} sh -c '{host}'; "
                   "echo HOST-ENDED $?; sleep 60")
        subprocess.run(["tmux", "-L", self.server, "-f", "/dev/null", "new-session", "-d",
                        "-x", "100", "-y", "32", command], check=True)

    def text(self) -> str:
        return subprocess.run(["tmux", "-L", self.server, "capture-pane", "-p", "-S", "-60"],
                              capture_output=True, text=True).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "-L", self.server, "send-keys", *keys], check=True)

    def joins(self) -> dict[str, tuple[int, str, str]]:
        """name -> (port, user, code), once the host shows them."""
        wait_for(lambda: "fingerprint" in self.text() or "SHA256:" in self.text(),
                 "the join lines", 90)
        return {m[1]: (int(m[2]), m[3], m[4]) for m in JOIN.finditer(self.text())}

    def kill(self) -> None:
        """The host's process killed (SIGKILL), as a crash or a pulled plug would."""
        os.kill(int(self.pid_file.read_text()), signal.SIGKILL)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)
        with contextlib.suppress(OSError, ValueError):  # gone already, as it should be
            pid = int(self.pid_file.read_text())
            # still this host (a process id is given again once its process ended)
            if str(self.pid_file.parent).encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGKILL)


def _save(data: Path) -> Path:
    wait_for(lambda: any((data / "saves").glob("*.json")), "the save", 60)
    return next((data / "saves").glob("*.json"))


def _moves(save: Path) -> list[object]:
    return list(load_or_recover(save)[0].actions)


def _game(save: Path) -> GameSession:
    """The game as the save holds it now (read, no lock: the host keeps it)."""
    record, game, states, _notice = load_or_recover(save)
    return GameSession(record, game, states, save)


def _at(session: GameSession, step: int) -> GameSession:
    """The game as it was after ``step`` moves."""
    record = dataclasses.replace(session.record, actions=session.record.actions[:step])
    return GameSession(record, session.game, session._states[:step + 1], session.path)


class Taps:
    """What each remote seat was sent since the last look (its channel, its SSH stream)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.read: dict[str, int] = {}

    def new(self, kind: str, seat: int) -> bytes:
        path = self.folder / f"{kind}-{seat}"
        if not path.exists():
            return b""
        data = path.read_bytes()
        start, self.read[path.name] = self.read.get(path.name, 0), len(data)
        return data[start:]


def check(save: Path, taps: Taps, terminals: dict[int, str], since: int) -> int:
    """No secret of another seat in what each remote seat was sent since the last check (after
    ``since`` moves), nor on any terminal (each shows one seat). The bytes were sent at one of
    the moments since, which moves on by itself (a computer player): what is found is a secret
    at every one of them (a card that changed hands between two moments may be one's own at the
    first). The save is read last: the host saves a move before it sends it, so it holds every
    moment the bytes read were sent at. Returns the secrets checked."""
    sent = {seat: (taps.new("channel", seat), plain(taps.new("ssh", seat)))
            for seat in range(8) if (taps.folder / f"channel-{seat}").exists()}
    session = _game(save)
    moments = [_at(session, step) for step in range(max(0, since - 1), session.action_count + 1)]
    if moments[-1].is_over():
        return 0  # the end shows every seat's cards to everyone: nothing is secret any more
    checked = 0
    for seat, (channel, stream) in sent.items():
        secrets = set.intersection(*(secret_words(m, seat) for m in moments))
        for secret in secrets:
            assert secret.encode() not in channel, f"seat {seat}'s channel carried {secret!r}"
        _scan(moments, stream, seat)
        checked += len(secrets)
    for seat, text in terminals.items():
        _scan(moments, text, seat)
    return checked


def _scan(moments: list[GameSession], text: str, seat: int) -> None:
    """The screen scan's checks, failing only when the text shows a secret of every moment."""
    for moment in moments[:-1]:
        with contextlib.suppress(AssertionError):
            scan_text(moment, text, seat)
            return
    scan_text(moments[-1], text, seat)


class Table:
    """The terminals of a hosted game, and the secrets checked so far."""

    def __init__(self, tmp: Path, host: HostTerminal, here: int | None) -> None:
        self.tmp, self.host, self.here = tmp, host, here
        self.panes: dict[int, Pane] = {}
        self.checked = 0

    def join(self, seat: int, name: str, joins: dict[str, tuple[int, str, str]]) -> None:
        """``seat`` joins with its line; a seat the host has not yet seen go is refused as
        taken, and the player tries again, as a person would."""
        port, user, code = joins[name]
        for _ in range(5):
            pane = self.panes[seat] = Pane(self.tmp, user, port, code)
            wait_for(lambda p=pane: f"{name}'s private panel" in p.text() or
                     "already taken" in p.text(), f"{name}'s table")
            if f"{name}'s private panel" in pane.text():
                return
            self.leave(seat)
        raise AssertionError(f"{name}'s seat stayed taken")

    def leave(self, seat: int) -> None:
        self.panes.pop(seat).close()

    def drop(self, seat: int, name: str) -> None:
        """``seat``'s client killed: the host sees it go (its lobby line, or its table's
        notice), and the seat waits."""
        before = self.host.text().count(f"{name} left")
        self.leave(seat)
        wait_for(lambda: self.host.text().count(f"{name} left") > before,
                 f"the host to see {name} go")

    def close(self) -> None:
        for pane in self.panes.values():
            pane.close()
        self.host.close()

    def terminals(self) -> dict[int, str]:
        found = {seat: pane.text() for seat, pane in self.panes.items()}
        if self.here is not None:
            found[self.here] = self.host.text()
        return found

    def play(self, save: Path, taps: Taps, rng: random.Random, moves: int | None,
             game: str) -> None:
        """Random keys at every seat's terminal until ``moves`` more moves are saved (None:
        until the game is over), checking the secrets after every move."""
        start = len(_moves(save))
        deadline = time.monotonic() + GAME_LIMIT
        seen = start
        while time.monotonic() < deadline:
            count = len(_moves(save))
            if count != seen:
                self.checked += check(save, taps, self.terminals(), seen)
                seen = count
            if _game(save).is_over() or (moves is not None and count >= start + moves):
                return
            for pane in self.panes.values():
                pane.keys(*some_keys(game, rng))
            if self.here is not None:
                self.host.keys(*some_keys(game, rng))
            with contextlib.suppress(AssertionError):  # no move yet: more keys
                wait_for(lambda c=count: len(_moves(save)) != c, "a move", 0.2)
        raise AssertionError(f"the seats made {seen - start} moves in {GAME_LIMIT} s")


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def _whole_game(tmp_path: Path, tables: list[Table], game: str, names: list[str],
                remote: list[int], here: int | None) -> None:
    data, taps = tmp_path / "data", Taps(tmp_path / "taps")
    people = ",".join(names)
    extra = [] if here is None else ["--remote", ",".join(names[s] for s in remote)]
    host = HostTerminal(data, taps.folder, free_port(), game, "--players", people, "--bots",
                        "1", "--seed", "4", *extra)
    table = Table(tmp_path, host, here)
    tables.append(table)
    joins = host.joins()
    assert set(joins) == {names[s] for s in remote}
    save = _save(data)
    for seat in remote:
        table.join(seat, names[seat], joins)
    rng = random.Random(7)
    table.play(save, taps, rng, 12, game)

    # a client killed mid-game: its seat waits, and the player joins again where they were
    dropped = remote[-1]
    table.drop(dropped, names[dropped])
    table.join(dropped, names[dropped], joins)
    table.play(save, taps, rng, 6, game)

    # the host killed mid-game: the save is the truth, --resume takes everyone back
    before = _moves(save)
    host.kill()
    wait_for(lambda: "HOST-ENDED" in host.text(), "the host to end")
    for seat in list(table.panes):
        wait_for(lambda s=seat: "SSH-ENDED" in table.panes[s].text(), "the clients to end")
        table.leave(seat)
    assert _moves(save) == before
    host.close()
    again = HostTerminal(data, taps.folder, free_port(), "--resume", str(save), *extra)
    table.host = again
    joins = again.joins()
    for seat in remote:
        table.join(seat, names[seat], joins)
    assert _moves(save)[:len(before)] == before  # nothing lost (the bot may have moved on)

    table.play(save, taps, rng, None, game)
    final = _game(save)
    assert final.is_over()
    assert table.checked > 0, "nothing secret was ever at stake"


def test_pirates_cove_three_seats_over_ssh_and_a_computer_player(
        tmp_path: Path, tables: list[Table]) -> None:
    _whole_game(tmp_path, tables, "pirates", ["Ann", "Bob", "Cid"], [0, 1, 2], None)


def test_orcz_one_seat_at_the_hosts_terminal_two_over_ssh_and_a_computer_player(
        tmp_path: Path, tables: list[Table]) -> None:
    _whole_game(tmp_path, tables, "orcz", ["Ann", "Bob", "Cid"], [1, 2], 0)
