"""``hotseat simulate``: the figures and the JSON keys of issue 12, on small runs."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from common.simulate import GameRecord, Tally, add_parser, run, wilson


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
    tally.records = [
        GameRecord((0,), (9, 3, 2), 100, False, (0, 1, 2), ((1, 0, 0),) * 3),
        GameRecord((0, 2), (7, 3, 7), 100, False, (1, 2, 0), ((0, 0, 1),) * 3),
        GameRecord((), (1, 2, 3), 90, True, (2, 0, 1), ((0, 0, 0),) * 3),
    ]
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


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("pirates", "--games", "3", "--seats", "random,random")) == 2
    assert "3 to 5 players" in capsys.readouterr().err
    assert run(parse("orcz", "--games", "3", "--seats", "random,clever")) == 2


def test_importing_simulate_does_not_import_textual() -> None:
    code = "import sys, common.simulate; sys.exit('textual' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
