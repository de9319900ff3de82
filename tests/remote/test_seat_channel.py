"""The seat channel, headless: each seat's process is sent its own view only, acts only for
itself, and a broken or hostile peer never stops the others."""

from __future__ import annotations

import logging
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from common.errors import IllegalAction
from common.remote.client import HostGone, RemoteSession
from common.remote.hub import Hub
from common.session import GameSession
from tests.remote.hosting import LoopThread, secret_words, serve

Served = tuple[Hub, LoopThread, dict[int, bytearray]]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _session(game: str, players: int, seed: int = 3) -> GameSession:
    return GameSession.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed)


@pytest.fixture(params=[("pirates", 3), ("orcz", 3)])
def served(request: pytest.FixtureRequest, data: Path) -> Iterator[Served]:
    session = _session(*request.param)
    with serve(session, data / "host.sock") as served:
        yield served
    session.release()


def _join(data: Path, seat: int) -> RemoteSession:
    return RemoteSession.connect(data / "host.sock", f"t{seat}")


def _settled(hub: Hub, loop: LoopThread, seats: list[RemoteSession]) -> None:
    """Wait until every seat holds the host's newest snapshot (pushed or replied)."""
    def fresh() -> bool:
        count = hub.session.action_count
        for remote in seats:
            remote.take_push()
        return all(r.action_count == count for r in seats)
    # bounded in time, not in tries: on a loaded machine the host's pushes come late
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if loop.call(fresh):
            return
        time.sleep(0.005)
    raise AssertionError("the seats never caught up with the host")


def test_each_seat_is_sent_its_view_only_and_no_byte_of_another_seats_secret(
        served: Served, data: Path) -> None:
    hub, loop, sent = served
    session = hub.session
    seats = [_join(data, seat) for seat in range(len(session.players))]
    rnd = random.Random(7)
    checked = 0
    for _ in range(60):
        _settled(hub, loop, seats)
        if session.is_over():
            break
        for seat, remote in enumerate(seats):
            assert remote.view(seat) == loop.call(lambda s=seat: session.view(s))
            with pytest.raises(IllegalAction):
                remote.view((seat + 1) % len(seats))
            # Every byte this seat was sent so far, against what it may not know now: a secret
            # that was once another seat's and is public now is no leak, so check as we go.
            secrets = loop.call(lambda s=seat: secret_words(session, s))
            tap = bytes(sent[seat])
            for secret in secrets:
                assert secret.encode() not in tap, f"seat {seat} was sent {secret!r}"
            checked += len(secrets)
            sent[seat].clear()
        seat = session.to_act()[0]
        action = rnd.choice(seats[seat].legal(seat))
        seats[seat].apply(action)
    assert checked > 0, "the game never had a secret to keep"
    for remote in seats:
        remote.close()


def test_an_action_for_another_seat_is_refused_and_logged(
        served: Served, data: Path, caplog: pytest.LogCaptureFixture) -> None:
    hub, _loop, _sent = served
    session = hub.session
    seat = session.to_act()[0]
    other = (seat + 1) % len(session.players)
    theirs = session.legal(seat)[0]
    intruder = _join(data, other)
    before = session.action_count
    with caplog.at_level(logging.WARNING, logger="hotseat.remote"), \
            pytest.raises(IllegalAction) as refused:
        intruder.apply(theirs)
    assert refused.value.code == "not_your_seat"
    assert session.action_count == before
    assert any("refused" in r.getMessage() for r in caplog.records)
    intruder.close()


def test_a_second_connection_to_a_taken_seat_is_refused_with_a_clear_line(
        served: Served, data: Path) -> None:
    first = _join(data, 0)
    with pytest.raises(HostGone, match="already taken"):
        _join(data, 0)
    with pytest.raises(HostGone, match="refused"):
        RemoteSession.connect(data / "host.sock", "wrong")
    first.close()


def test_garbage_and_a_client_that_never_reads_do_not_stop_the_others(
        served: Served, data: Path) -> None:
    hub, loop, _sent = served
    session = hub.session
    garbage = socket.socket(socket.AF_UNIX)
    garbage.connect(str(data / "host.sock"))
    garbage.sendall(b"\xff\x00{not json at all\n" + b"x" * 5000 + b"\n")
    silent = socket.socket(socket.AF_UNIX)
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent.connect(str(data / "host.sock"))
    silent.sendall(b'{"token":"t1"}\n')  # joins seat 1, then never reads a byte
    seats = {s: _join(data, s) for s in (0, 2)}
    rnd = random.Random(2)
    moved = 0
    for _ in range(40):
        if session.is_over():
            break
        seat = session.to_act()[0]
        if seat == 1:
            break
        _settled(hub, loop, list(seats.values()))
        seats[seat].apply(rnd.choice(seats[seat].legal(seat)))
        moved += 1
    assert moved > 0 and session.action_count == moved
    for remote in seats.values():
        remote.close()
    garbage.close()
    silent.close()


def test_a_dropped_seat_rejoins_where_it_was(served: Served, data: Path) -> None:
    hub, loop, _sent = served
    session = hub.session
    seat = session.to_act()[0]
    remote = _join(data, seat)
    remote.apply(remote.legal(seat)[0])
    count = remote.action_count
    remote.close()
    for _ in range(400):  # the host sees it go: the seat is free again
        if seat not in loop.call(lambda: hub.present):
            break
        loop.call(lambda: None)
    again = _join(data, seat)
    assert again.action_count == count
    assert again.view(seat) == loop.call(lambda: session.view(seat))
    again.close()


def test_the_whole_game_reaches_a_seat_only_once_it_is_over(served: Served, data: Path) -> None:
    """The review at a seat replays the whole game, every seat's steps revealed: the host sends
    its record with the last move only, never while anything is secret."""
    hub, loop, sent = served
    session = hub.session
    remote = _join(data, 0)
    rnd = random.Random(5)
    before = b""
    while not loop.call(session.is_over):
        _settled(hub, loop, [remote])
        assert remote.finished_game() is None
        before = loop.call(lambda: bytes(sent[0]))  # all it was sent before this move
        loop.call(lambda: session.apply(rnd.choice(session.legal(session.to_act()[0]))))
        loop.call(hub.changed)
    assert b'"record":null' in before and b'"record":{' not in before
    _settled(hub, loop, [remote])
    game = remote.finished_game()
    assert game is not None and game.is_over()
    assert game.record.actions == loop.call(lambda: session.record.actions)
    assert game.view(1) == loop.call(lambda: session.view(1))  # another seat's side, now public
    remote.close()
