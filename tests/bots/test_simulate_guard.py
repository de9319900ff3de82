"""``hotseat simulate`` against a careless script: counts it refuses, workers
bound to the machine and never left behind, a reader that leaves, a full disk, true help."""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import bots
from common.bots import game_bots
from common.registry import GAMES
from common.simulate import add_parser

ROOT = Path(__file__).resolve().parents[2]
RANDOM3 = ("orcz", "--seats", "random,random,random", "--workers", "1")


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


@pytest.mark.parametrize("wrong", [
    ("--workers", "-5"), ("--workers", "0"), ("--workers", str((os.cpu_count() or 1) + 1)),
    ("--workers", "100000"), ("--steps", "-1"), ("--rounds", "0"), ("--games", "0"),
    ("--games", "-3"), ("--seconds", "0"), ("--seconds", "nan"),
])
def test_a_count_out_of_bounds_is_an_argparse_error(
    wrong: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse("orcz", "--seats", "random,random", *wrong)
    assert exit_.value.code == 2
    assert f"argument {wrong[0]}" in capsys.readouterr().err


def test_the_machine_s_cores_are_accepted() -> None:
    cores = os.cpu_count() or 1
    assert parse("orcz", "--seats", "random,random", "--workers", str(cores)).workers == cores


def test_the_help_gives_the_defaults_the_code_uses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--help")
    text = " ".join(capsys.readouterr().out.split())
    # each game's own budget of a hard decision (one number when every game agrees)
    steps = {name: game_bots(name).hard_steps for name in GAMES if GAMES[name].has_bots}
    assert {"orcz", "pirates"} <= set(steps)
    if len(set(steps.values())) == 1:
        assert f"(default {steps['orcz']})" in text
    else:
        assert all(f"{name} {n}" in text for name, n in steps.items()), steps
    rounds = next(f.default for f in dataclasses.fields(bots.HardBot) if f.name == "rounds")
    assert f"(default {rounds})" in text
    assert f"(default {bots.HARD_SECONDS:g})" in text
    assert "``" not in text  # no raw markup


def _simulate(*argv: str, stdout: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "common.simulate", *argv], cwd=ROOT,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          check=False)


def test_a_reader_that_left_is_no_error() -> None:
    read, write = os.pipe()
    os.close(read)  # ``| head -c 10`` that has already gone
    try:
        done = _simulate(*RANDOM3, "--games", "2", "--json", stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == ""  # quiet: no traceback, no message


def test_a_full_disk_is_said_with_exit_1() -> None:
    with open("/dev/full", "w") as full:
        done = _simulate(*RANDOM3, "--games", "2", stdout=full.fileno())
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "cannot write the figures: no space left on device" in done.stderr


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(n) for n in listing.read().split()]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_a_killed_run_leaves_no_worker_behind(how: signal.Signals) -> None:
    # Hard seats with their full budget: a game takes its workers minutes.
    process = subprocess.Popen(
        [sys.executable, "-m", "common.simulate", "orcz", "--games", "50", "--seats",
         "hard,hard,hard", "--workers", str(min(2, os.cpu_count() or 1))],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (workers := _children(process.pid)):
            assert time.monotonic() < deadline, "no worker started"
            time.sleep(0.05)
        time.sleep(0.5)  # the workers are playing
        process.send_signal(how)
        process.wait(30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers):
            assert time.monotonic() < deadline, f"workers left behind after {how.name}"
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
