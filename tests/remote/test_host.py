"""``hotseat host`` as a player starts it, with OpenSSH's clients: remote seats and a computer
player play, the host is killed mid-game and ``--resume`` takes everyone back, nothing lost."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from common.save import load_or_recover
from tests.remote.sshing import Pane, needs_clients, pane, wait_for

pytestmark = needs_clients
ROOT = Path(__file__).resolve().parents[2]
JOIN = re.compile(r"^\s+(\w+): ssh -p (\d+) (\w+)@\S+\s+code: (\w+)$")


class HostProcess:
    """``hotseat host …`` in a subprocess; its lines as they come."""

    def __init__(self, data: Path, *args: str) -> None:
        env = {**os.environ, "HOTSEAT_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "common.tui", "host", *args, "--bind", "127.0.0.1",
             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=env, cwd=ROOT)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def joins(self) -> dict[str, tuple[int, str, str]]:
        """name -> (port, user, code), once every join line is printed."""
        wait_for(lambda: any("Ctrl+C" in line for line in self.lines), "the join lines", 60)
        found = {}
        for line in self.lines:
            match = JOIN.match(line)
            if match:
                found[match[1]] = (int(match[2]), match[3], match[4])
        return found

    def save(self) -> Path:
        for line in self.lines:
            match = re.search(r"saved in (\S+\.json)\)", line)
            if match:
                return Path(match[1])
        raise AssertionError(self.lines)

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(30)


@pytest.fixture
def hosts(tmp_path: Path) -> Iterator[list[HostProcess]]:
    started: list[HostProcess] = []
    yield started
    for host in started:
        host.stop(signal.SIGKILL)


def _actions(save: Path) -> int:
    return len(_moves(save))


def _moves(save: Path) -> list[object]:
    return list(load_or_recover(save)[0].actions)


KEYS = ("Enter", "Enter", "1", "2", "+", "+", "Right", "Down", "Up", "Left")


def _play(panes: dict[str, Pane], save: Path, moves: int, rng: random.Random) -> None:
    """Random keys at every remote seat until the save holds ``moves`` more moves."""
    goal = _actions(save) + moves
    for _ in range(600):
        if _actions(save) >= goal:
            return
        for seat in panes.values():
            seat.keys(rng.choice(KEYS))
        try:
            wait_for(lambda: _actions(save) >= goal, "the moves", 0.2)
        except AssertionError:
            continue
    raise AssertionError("the seats' keys made too few moves")


def test_a_hosted_game_with_remote_seats_and_a_bot_survives_the_host_killed(
        tmp_path: Path, hosts: list[HostProcess]) -> None:
    data = tmp_path / "data"
    host = HostProcess(data, "pirates", "--players", "Ann,Bob", "--bots", "1", "--seed", "4")
    hosts.append(host)
    joins = host.joins()
    assert set(joins) == {"Ann", "Bob"}
    save = host.save()
    with pane(tmp_path, "ann", joins["Ann"][0], joins["Ann"][2]) as ann, \
            pane(tmp_path, "bob", joins["Bob"][0], joins["Bob"][2]) as bob:
        wait_for(lambda: "Ann's private panel" in ann.text(), "Ann's table")
        wait_for(lambda: "Bob's private panel" in bob.text(), "Bob's table")
        wait_for(lambda: any("Bob joined" in line for line in host.lines), "the lobby line")
        _play({"ann": ann, "bob": bob}, save, 4, random.Random(1))
        assert _actions(save) >= 4  # past the outfits, which the computer player sets too
        before = _moves(save)
        host.stop(signal.SIGKILL)  # the host killed mid-game: the save is the truth
        wait_for(lambda: "SSH-ENDED" in ann.text(), "Ann's ssh to end with the host")
    assert _moves(save) == before
    again = HostProcess(data, "--resume", str(save))
    hosts.append(again)
    joins = again.joins()
    with pane(tmp_path, "bob", joins["Bob"][0], joins["Bob"][2]) as bob:
        wait_for(lambda: "Bob's private panel" in bob.text(), "Bob back at his seat")
        # nothing lost; the computer player, played at the host, may have moved on since
        assert _moves(save)[:len(before)] == before
    assert again.stop() == 0
    assert any("The host stopped" in line for line in again.lines)
    log = data / "host.log"  # refusals and drops are kept, never shown on the lobby
    assert log.exists() and log.stat().st_mode & 0o777 == 0o600
    key = data / "ssh_host_ed25519_key"  # made once, kept private
    assert key.stat().st_mode & 0o777 == 0o600
