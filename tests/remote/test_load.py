"""Load on the seat channels, bounded: ten games of five seats each on one host loop, random
moves through every seat's connection. No move is lost (the saves hold every acknowledged move),
no byte of another seat's secret reaches a seat, and the time from a move to the other seats'
snapshots is reported (docs/remote.md has the figures)."""

from __future__ import annotations

import random
import statistics
import time
from contextlib import ExitStack
from pathlib import Path

import pytest

from common.remote.client import RemoteSession
from common.save import load_or_recover
from common.session import GameSession
from tests.remote.hosting import secret_words, serve

GAMES, SEATS, MOVES = 10, 5, 30


@pytest.mark.slow
def test_ten_games_of_five_remote_seats_lose_no_move_and_leak_no_secret(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    rnd = random.Random(11)
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    delays: list[float] = []
    checked = 0
    with ExitStack() as stack:
        games = []
        for number in range(GAMES):
            session = GameSession.new("pirates", names, 100 + number)
            stack.callback(session.release)
            _hub, loop, sent = stack.enter_context(serve(session, tmp_path / f"g{number}.sock"))
            seats = [RemoteSession.connect(tmp_path / f"g{number}.sock", f"t{s}")
                     for s in range(SEATS)]
            for remote in seats:
                stack.callback(remote.close)
            games.append((session, loop, sent, seats, [0]))
        deadline = time.monotonic() + 240  # bounded whatever the machine's load
        for _ in range(MOVES):
            for session, loop, sent, seats, acked in games:
                if time.monotonic() > deadline or loop.call(session.is_over):
                    continue
                seat = loop.call(session.to_act)[0]
                seats[seat].take_push()
                seats[seat].apply(rnd.choice(seats[seat].legal(seat)))
                acked[0] += 1
                started = time.monotonic()
                count = loop.call(lambda s=session: s.action_count)
                for remote in seats:
                    while remote.action_count < count and time.monotonic() < deadline + 30:
                        if not remote.take_push():
                            time.sleep(0.001)
                    assert remote.action_count == count
                delays.append(time.monotonic() - started)
                for other in range(SEATS):
                    secrets = loop.call(lambda o=other, s=session: secret_words(s, o))
                    tap = bytes(sent[other])
                    assert not [w for w in secrets if w.encode() in tap]
                    checked += len(secrets)
                    sent[other].clear()
        for session, _loop, _sent, _seats, acked in games:
            record = load_or_recover(session.path)[0]  # the file as a new host would read it
            assert len(record.actions) == acked[0], "an acknowledged move is not in the save"
    assert checked > 0
    delays.sort()
    p50 = statistics.median(delays)
    p95 = delays[int(len(delays) * 0.95) - 1]
    print(f"\nload: {GAMES} games x {SEATS} seats, {len(delays)} moves, 0 lost, 0 secrets "
          f"({checked} checked); move to every seat's snapshot p50 {p50 * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms")
