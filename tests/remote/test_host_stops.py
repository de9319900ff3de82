"""A host whose terminal goes away ends as on Ctrl+C: its seats are told in one line how the
game goes on, its port and its save's lock are free, no process of its own is left, and
``hotseat host --resume`` goes on from the same move. Played as a player would: the host in a
tmux terminal of its own, Bob over OpenSSH's client, the host's terminal closed under it."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import random
import signal
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from common.remote.client import RemoteSession
from common.remote.host_table import HostApp
from common.remote.seat_app import SeatApp, stopped_words
from common.remote.terminal import Forgiving, HangUpDriver
from common.session import GameSession
from common.storage import SaveLock
from tests.remote.hosting import JOIN, serve
from tests.remote.sshing import Pane, needs_clients, pane, processes_of, wait_for

pytestmark = needs_clients
ROOT = Path(__file__).resolve().parents[2]


class HostTerminal:
    """``hotseat host`` in a tmux terminal of its own; Ann plays there, Bob and Cid remote."""

    def __init__(self, data: Path, *args: str) -> None:
        self.server = f"hotseat-host-{uuid.uuid4().hex[:8]}"
        command = (f"cd {ROOT} && HOTSEAT_DATA_DIR={data} PYTHONPATH={ROOT} {sys.executable} "
                   f"-m common.tui host {' '.join(args)} --remote Bob,Cid --bind 127.0.0.1 "
                   "--port 0; sleep 30")
        subprocess.run(["tmux", "-L", self.server, "-f", "/dev/null", "new-session", "-d",
                        "-x", "100", "-y", "32", command], check=True)

    def text(self) -> str:
        return subprocess.run(["tmux", "-L", self.server, "capture-pane", "-p", "-J"],
                              capture_output=True, text=True).stdout

    def join_line(self) -> tuple[int, str]:
        """Bob's port and code, from the host's first screen, as one capture of it showed
        them (a second capture may come while the screen is redrawn)."""
        seen: list[tuple[int, str]] = []

        def bob() -> bool:
            lines = {m[1]: (int(m[2]), m[4]) for m in JOIN.finditer(self.text())}
            if "Bob" in lines:
                seen.append(lines["Bob"])
            return bool(seen)

        wait_for(bob, "the host's join lines", 90)
        return seen[0]

    def close(self) -> None:
        """The terminal goes away (its window closed): tmux hangs up the host's terminal."""
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)


@contextlib.contextmanager
def host_terminal(data: Path, *args: str) -> Iterator[HostTerminal]:
    opened = HostTerminal(data, *args)
    try:
        yield opened
    finally:
        opened.close()
        for pid in processes_of(data):  # a host that outlived its terminal: not left behind
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def save_of(data: Path) -> Path:
    saves = list((data / "saves").glob("*.json"))
    assert len(saves) == 1, saves
    return saves[0]


def moves_in(save: Path) -> int:
    with contextlib.suppress(OSError, ValueError):
        return len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    return -1  # being replaced: look again


def status(bob: Pane) -> str:
    """Bob's status line, without who is away (that changes as people come and go)."""
    found = [line for line in bob.text().splitlines() if "▶" in line]
    return found[0].split("  · away")[0].strip() if found else ""


KEYS = ("Enter", "Enter", "1", "2", "+", "+", "Right", "Down", "Up", "Left")


def bob_moves(bob: Pane, save: Path) -> None:
    """Random keys of the table's own (a bounded fuzz, seeded) at Bob's terminal until a move
    of his is in the save."""
    before, rng = moves_in(save), random.Random(5)
    for _attempt in range(150):
        bob.keys(rng.choice(KEYS))
        with contextlib.suppress(AssertionError):
            wait_for(lambda: moves_in(save) > before, "Bob's move in the save", 0.3)
            return
    raise AssertionError(f"Bob's keys made no move: {bob.text()}")


def test_a_host_whose_terminal_hangs_up_tells_its_seats_frees_all_and_resumes(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    with host_terminal(data, "orcz", "--players", "Ann,Bob,Cid", "--seed", "7") as host:
        port, code = host.join_line()
        save = save_of(data)
        with pane(tmp_path, "bob", port, code) as bob:
            wait_for(lambda: "Bob's private panel" in bob.text(), "Bob's table")
            bob_moves(bob, save)  # seed 7: Bob places the first rank
            wait_for(lambda: "Nothing to decide now." in bob.text() and "▶ Bob" not in status(bob),
                     "Bob's table waiting for another seat")
            moves, before = moves_in(save), status(bob)
            assert len(processes_of(data)) == 2  # the host and Bob's table
            host.close()
            wait_for(lambda: "SSH-ENDED" in bob.text(), "Bob's ssh to end", 60)
            said = "".join(bob.text().splitlines())  # the line as it reads, across the wrap
            assert f"the host stopped; the game is saved there and goes on when the host " \
                   f"serves it again (hotseat host --resume {save})" in said, bob.text()
            assert "SSH-ENDED 0" in said
        wait_for(lambda: not processes_of(data), "the host and Bob's table to end", 30)
        assert port_free(port)
        SaveLock.acquire(save).release()  # nobody holds the game
        assert moves_in(save) == moves  # the save whole, nothing lost
    with host_terminal(data, "--resume", str(save)) as again:
        port, code = again.join_line()
        with pane(tmp_path, "bob", port, code) as bob:
            wait_for(lambda: status(bob) == before, f"Bob's table as it was: {before}")
            assert moves_in(save) == moves


def test_a_terminal_that_hung_up_takes_the_frames_of_the_hosts_apps_without_failing() -> None:
    """Textual's writer thread ends at the first failed write, and the app then blocks once
    thirty frames wait for it: the host's apps draw to a terminal that never fails."""
    master, slave = pty.openpty()
    os.close(master)  # the terminal's window closed
    hung_up = os.fdopen(slave, "w")
    try:
        with pytest.raises(OSError):
            hung_up.write("a frame")
            hung_up.flush()
        forgiving = Forgiving(hung_up)
        assert forgiving.write("a frame") == len("a frame")
        forgiving.flush()
        assert forgiving.fileno() == slave
    finally:
        with contextlib.suppress(OSError):  # what it still holds cannot be written either
            hung_up.close()
    assert HostApp.get_driver_class(HostApp.__new__(HostApp)) is HangUpDriver
    assert SeatApp.get_driver_class(SeatApp.__new__(SeatApp)) is HangUpDriver


@pytest.mark.parametrize("over", [False, True])
def test_each_seat_is_sent_the_hosts_farewell_then_its_channel_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, over: bool) -> None:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 8)
    rng = random.Random(1)
    while over and not session.is_over():
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    with serve(session, tmp_path / "host.sock") as (hub, loop, _sent):
        seats = [RemoteSession.connect(tmp_path / "host.sock", f"t{s}") for s in (0, 1)]
        loop.run(hub.stop({"save": str(session.path), "over": session.is_over()}))
        for remote in seats:
            wait_for(lambda r=remote: r.gone, "the channel to close", 10)
            assert remote.stopped == {"save": str(session.path), "over": over}
            words = stopped_words(remote.stopped)
            if over:
                assert words == "the host stopped; the game is over, and saved at the host."
            else:
                assert f"hotseat host --resume {session.path}" in words
            remote.close()
