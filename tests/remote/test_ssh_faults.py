"""The SSH door's faults, bounded: a hundred wrong codes, garbage on the port, a client that
never reads; none of them stops the seats that play."""

from __future__ import annotations

import asyncio
import random
import socket
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from common.remote.client import RemoteSession
from common.remote.ssh import MAX_PAUSE, Door, Seat, SSHDoor
from common.session import GameSession
from tests.remote.hosting import LoopThread, serve
from tests.remote.sshing import needs_clients, pane, wait_for

CODE = "ABCD2345"


def test_a_hundred_wrong_codes_are_refused_ever_slower_and_the_right_one_still_works(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []

    async def counted(seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(Door, "sleep", staticmethod(counted))
    seats = {"bob": Seat(1, "Bob", "t1", CODE)}

    async def tries() -> list[bool]:
        answers = [await Door(seats).validate_password("bob", f"WRONG{n:03d}") for n in range(100)]
        answers.append(await Door(seats).validate_password("nobody", CODE))
        answers.append(await Door(seats).validate_password("bob", CODE.lower()))
        return answers

    answers = asyncio.run(tries())
    assert answers[:101] == [False] * 101 and answers[101] is True
    assert pauses == sorted(pauses[:100]) + pauses[100:]
    assert pauses[0] > 0 and max(pauses) == MAX_PAUSE
    assert seats["bob"].failures == 100


@pytest.fixture
def door(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[SSHDoor, int,
                                                                              LoopThread]]:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 6)
    with serve(session, tmp_path / "host.sock") as (hub, loop, _sent):
        ssh = SSHDoor({"bob": Seat(1, "Bob", "t1", CODE)}, tmp_path / "host.sock", tmp_path,
                      taken=lambda seat: seat in hub.connections)
        port = loop.run(ssh.start("127.0.0.1", 0))
        try:
            yield ssh, port, loop
        finally:
            loop.run(ssh.stop())
    session.release()


@needs_clients
def test_garbage_on_the_port_then_a_real_client_joins(
        door: tuple[SSHDoor, int, LoopThread], tmp_path: Path) -> None:
    _ssh, port, _loop = door
    rnd = random.Random(5)
    for _ in range(5):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
            raw.sendall(bytes(rnd.randrange(256) for _ in range(4096)))
            raw.sendall(b"SSH-2.0-nonsense\r\n" + b"\x00" * 1024)
    with pane(tmp_path, "bob", port, CODE) as bob:
        wait_for(lambda: "Bob's private panel" in bob.text(), "Bob's table after the garbage")


def test_a_client_that_never_reads_does_not_stop_the_others(
        door: tuple[SSHDoor, int, LoopThread], tmp_path: Path) -> None:
    _ssh, port, loop = door

    async def silent() -> asyncssh.SSHClientConnection:
        conn = await asyncssh.connect("127.0.0.1", port, username="bob", password=CODE,
                                      known_hosts=None, client_keys=None)
        await conn.create_session(asyncssh.SSHClientSession, term_type="xterm",
                                  term_size=(100, 32))  # its screen is never read
        return conn

    conn = loop.run(silent())
    others = {s: RemoteSession.connect(tmp_path / "host.sock", f"t{s}") for s in (0, 2)}
    rnd = random.Random(2)
    moved = 0
    for _ in range(20):
        seat = next((s for s in others if s in others[s].to_act()), None)
        if seat is None:
            for remote in others.values():
                remote.take_push()
            seat = next((s for s in others if s in others[s].to_act()), None)
        if seat is None:
            break  # Bob's turn: he never reads, and the game waits for him as it should
        others[seat].apply(rnd.choice(others[seat].legal(seat)))
        moved += 1
    assert moved >= 2
    loop.call(conn.close)
    for remote in others.values():
        remote.close()
