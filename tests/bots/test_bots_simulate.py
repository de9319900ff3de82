"""``hotseat simulate``: the figures and the JSON keys scripts read, on small runs."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

from common.simulate import GameRecord, Tally, add_parser, print_summary, run, wilson

ROOT = Path(__file__).resolve().parents[2]


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


def test_wilson_interval_by_hand() -> None:
    # p = 0.5, n = 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 0.000096) / 1.0384 = 0.0962
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_win_rates_count_shared_wins_as_fractions_and_defeats_for_nobody() -> None:
    tally = Tally("orcz", ("normal", "random", "random"))
    records = [
        GameRecord((0,), (9, 3, 2), 100, False, (0, 1, 2), ((1, 0, 0),) * 3),
        GameRecord((0, 2), (7, 3, 7), 100, False, (1, 2, 0), ((0, 0, 1),) * 3),
        GameRecord((), (1, 2, 3), 90, True, (2, 0, 1), ((0, 0, 0),) * 3),
    ]
    for record in records:
        tally.add(record)
    s = tally.summary(1.0)
    assert s["decided"] == 2 and s["collective_defeats"] == 1
    assert s["wins"] == [1.5, 0.0, 0.5]
    assert s["win_rate"] == [0.75, 0.0, 0.25]
    # Round 1: seat 0 was first in game 1 and third (last) in game 2, where seat 2 was second.
    assert s["by_position"][0] == [0.5, 0.25, 0.25]
    assert s["mean_points"] == [pytest.approx(17 / 3, abs=1e-3), pytest.approx(8 / 3, abs=1e-3),
                                4.0]


def test_simulate_json_has_the_keys_of_the_issue(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse("orcz", "--games", "12", "--seats", "normal,random,random,random",
                 "--seed", "3", "--json", "--workers", "1")
    assert run(args) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("game", "games", "seats", "seconds", "decided", "wins", "win_rate", "interval",
                "collective_defeats", "by_position"):
        assert key in out
    assert out["games"] == 12 and out["decided"] + out["collective_defeats"] == 12
    assert sum(out["wins"]) == pytest.approx(out["decided"])
    for rate, interval in zip(out["win_rate"], out["interval"], strict=True):
        if rate is not None:
            assert interval[0] <= rate <= interval[1]
    assert len(out["by_position"]) == 4 and all(len(row) == 4 for row in out["by_position"])


def test_simulate_is_reproducible_and_uses_a_pool(capsys: pytest.CaptureFixture[str]) -> None:
    figures = []
    for workers in ("1", "2"):
        args = parse("pirates", "--games", "6", "--seats", "random,normal,random", "--json",
                     "--workers", workers)
        assert run(args) == 0
        out = json.loads(capsys.readouterr().out)
        figures.append({k: out[k] for k in ("wins", "decided", "mean_points", "mean_length")})
    assert figures[0] == figures[1]
    assert "collective_defeats" not in out and figures[0]["decided"] == 6


def test_simulate_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("orcz", "--games", "4", "--seats", "random,random", "--workers", "1")) == 0
    text = capsys.readouterr().out
    assert "win rate by position" in text and "collective defeats" in text


def orcz_table(capsys: pytest.CaptureFixture[str]) -> str:
    """The printed table of the three hand-made Orcz games above: two won (one shared), one
    collective defeat."""
    tally = Tally("orcz", ("normal", "random", "random"))
    tally.add(GameRecord((0,), (9, 3, 2), 100, False, (0, 1, 2), ((1, 0, 0),) * 3))
    tally.add(GameRecord((0, 2), (7, 3, 7), 100, False, (1, 2, 0), ((0, 0, 1),) * 3))
    tally.add(GameRecord((), (1, 2, 3), 90, True, (2, 0, 1), ((0, 0, 0),) * 3))
    print_summary(tally.summary(1.0))
    return capsys.readouterr().out


def test_the_table_says_what_a_win_rate_is_a_share_of(capsys: pytest.CaptureFixture[str]) -> None:
    text = orcz_table(capsys)
    assert "won by someone: 2 of 3" in text
    assert "collective defeats: 1 of 3 (33.3%), counted for nobody" in text
    assert "share of the 2 games someone won (a shared win counts as a fraction)" in text
    # Seat 1 won one game and shared another: 1.5 of 2, Wilson's interval [26.9%, 95.6%].
    low, high = wilson(1.5, 2)
    assert f"seat 1 (normal):  75.0% (95% interval {100 * low:.1f}%–{100 * high:.1f}%)" in text


def test_the_table_has_one_precision_throughout(capsys: pytest.CaptureFixture[str]) -> None:
    text = orcz_table(capsys)
    decimals = {len(n.split(".")[1]) for n in re.findall(r"\d+\.\d+", text)}
    assert decimals == {1}
    assert "mean goblins 5.7" in text and "mean length 96.7 actions" in text  # 17/3, 290/3


def test_the_table_reads_positions_as_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    text = orcz_table(capsys)
    # Round 1: the first player won game 1, the third shared game 2 with the second: of the two
    # games someone won, position 1 won 1, positions 2 and 3 half a game each.
    assert "how often the seat\n  in that position won, of the games someone won" in text
    assert "(even: 33.3%)" in text
    assert "round 1:  50.0%  25.0%  25.0%" in text


def test_the_pirates_table_says_places_are_shares_of_all_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    tally = Tally("pirates", ("normal", "random", "random"))
    for ranking in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (0, 1, 2)):
        tally.add(GameRecord((ranking[0],), (9, 5, 3), 200, False, ranking=ranking))
    print_summary(tally.summary(1.0))
    text = capsys.readouterr().out
    assert "share of the 4 games each seat finished at each place" in text
    assert "seat 1:  75.0%  25.0%   0.0%" in text and "collective" not in text


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("pirates", "--games", "3", "--seats", "random,random")) == 2
    assert "3 to 5 players" in capsys.readouterr().err
    assert run(parse("orcz", "--games", "3", "--seats", "random,clever")) == 2


def test_importing_simulate_does_not_import_textual() -> None:
    code = "import sys, common.simulate; sys.exit('textual' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# --------------------------------------------------------------------------- a real process

class Running:
    """``python -m common.simulate ...`` in its own process, its progress bar read as it goes
    (rich draws it on a pipe when told the pipe is a terminal)."""

    def __init__(self, *argv: str) -> None:
        env = {**os.environ, "TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "COLUMNS": "120"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "common.simulate", *argv], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.err = ""
        assert self.process.stderr is not None
        self.reader = threading.Thread(target=self._read, args=(self.process.stderr,),
                                       daemon=True)
        self.reader.start()

    def _read(self, stream: IO[str]) -> None:
        while chunk := stream.read(1):
            self.err += chunk

    def games_done(self, total: int, at_least: int, timeout: float = 60) -> int:
        """Wait until the bar shows ``at_least`` finished games of ``total``; how many it shows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = [int(n) for n in re.findall(rf"(\d+)/{total}\b", self.err)]
            if shown and max(shown) >= at_least:
                return max(shown)
            assert self.process.poll() is None, self.err
            time.sleep(0.05)
        raise AssertionError(f"the bar never showed {at_least}/{total}: {self.err[-300:]!r}")

    def interrupt(self, times: int = 1) -> tuple[int, str, float]:
        """Ctrl+C ``times`` times; the exit status, the output and the seconds it took to exit."""
        start = time.monotonic()
        for _ in range(times):
            self.process.send_signal(signal.SIGINT)
        out, _ = self.process.communicate(timeout=30)
        self.reader.join(timeout=5)
        return self.process.returncode, out, time.monotonic() - start

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=30)

    def rss_kb(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))


@pytest.fixture
def running() -> Iterator[Callable[..., Running]]:
    """Start simulations; every one still alive at the end (a failed test) is killed."""
    started: list[Running] = []

    def start(*argv: str) -> Running:
        started.append(Running(*argv))
        return started[-1]

    yield start
    for one in started:
        one.kill()


HARD = ("--seats", "hard,random,random", "--steps", "30", "--seconds", "0.05", "--workers", "1")


def test_ctrl_c_keeps_every_finished_game_and_prints_at_once(
        running: Callable[..., Running]) -> None:
    run_ = running("orcz", "--games", "100000", "--seats", "random,random,random",
                   "--workers", "1", "--json")
    shown = run_.games_done(100000, at_least=50)
    code, out, seconds = run_.interrupt()
    summary = json.loads(out)
    assert code == 130 and summary["interrupted"] is True
    assert shown <= summary["games"] < 100000
    assert summary["decided"] + summary["collective_defeats"] == summary["games"]
    assert seconds < 5 and "Traceback" not in run_.err


def test_hard_games_go_out_one_at_a_time_so_the_bar_moves_from_the_first(
        running: Callable[..., Running]) -> None:
    # A billion games start at once, in flat memory: a careless count must not exhaust it.
    run_ = running("pirates", "--games", "1000000000", *HARD)
    run_.games_done(1000000000, at_least=1)
    early = run_.rss_kb()
    run_.games_done(1000000000, at_least=3)
    assert run_.rss_kb() < max(early * 1.2, early + 10_000)
    code, out, seconds = run_.interrupt()
    assert code == 130 and "(interrupted)" in out and seconds < 5
    assert re.search(r"Pirate's Cove: [1-9]\d* games", out) and "finished at each place" in out


def test_a_second_ctrl_c_exits_at_once_without_a_traceback(
        running: Callable[..., Running]) -> None:
    run_ = running("orcz", "--games", "1000", *HARD)
    run_.games_done(1000, at_least=1)
    code, _, seconds = run_.interrupt(times=2)
    assert code == 130 and seconds < 5
    assert "Traceback" not in run_.err and "KeyboardInterrupt" not in run_.err


def test_pirates_reports_each_seats_places() -> None:
    tally = Tally("pirates", ("normal", "random", "random"))
    for ranking in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (0, 1, 2)):
        tally.add(GameRecord((ranking[0],), (9, 5, 3), 200, False, ranking=ranking))
    places = tally.summary(1.0)["by_position"]
    assert places[0] == [0.75, 0.25, 0.0]
    assert places[1] == [0.25, 0.5, 0.25] and places[2] == [0.0, 0.25, 0.75]


def test_the_goblins_won_by_position_carry_their_interval() -> None:
    # Two 2-player games of one round, seat 0 first: the first player wins 1 then 3 goblins
    # (mean 2, sample deviation √2), so the margin is 1.96 · √2 / √2 = 1.96.
    tally = Tally("orcz", ("random", "random"))
    tally.add(GameRecord((0,), (1, 0), 10, False, (0,), ((1, 0),)))
    tally.add(GameRecord((0,), (3, 0), 10, False, (0,), ((3, 0),)))
    s = tally.summary(1.0)
    assert s["gain_by_position"] == [[2.0, 0.0]] and s["games_by_round"] == [2]
    assert s["gain_margin_by_position"] == [[pytest.approx(1.96, abs=1e-3), 0.0]]
