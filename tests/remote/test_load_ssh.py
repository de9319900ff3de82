"""Load through real clients, bounded: hosted games of five seats, every seat OpenSSH's ``ssh``
in a pseudo-terminal of its own, and a table of five at one terminal beside them, random keys
at every terminal for a minute. No move is lost (each host is killed at the end, and its save
holds every move it acknowledged), no byte of another seat's secret reaches a seat (its channel,
its SSH stream, its terminal), every move that passed the turn shows on every screen, and the
time from a key in one SSH terminal to the other seats' screens is printed beside the local
table's key → screen. The full size (ten games, fifty clients) is ``tests/bench/remote_latency.py``,
run by hand: its figures are in docs/remote.md ("Load")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench.remote_latency import measure, report
from tests.remote.sshing import needs_clients

pytestmark = [needs_clients, pytest.mark.slow]
GAMES, LOCALS, SECONDS = 2, 1, 60


def test_hosted_games_over_real_ssh_clients_lose_no_move_and_leak_no_secret(
        tmp_path: Path) -> None:
    figures = measure(tmp_path, GAMES, LOCALS, SECONDS, seed=3)
    print("\n" + report(figures, GAMES, LOCALS, SECONDS))
    assert figures.lost == 0, "a move the host acknowledged is not in its save"
    assert figures.secrets_checked > 0, "nothing secret was ever at stake"
    assert figures.unseen == 0, "a move that passed the turn never showed on some screen"
    # The seats played: the turn passed often enough at the hosts and at the local table for
    # the figures to be figures (random keys pass it every few seconds at a table of five).
    assert len(figures.remote_others) >= 20 and figures.local, report(
        figures, GAMES, LOCALS, SECONDS)
