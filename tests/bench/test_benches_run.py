"""Every benchmark in ``tests/bench`` runs as shipped, in a process of its own (the key guard on,
as a player meets it: ``tests/conftest.py`` turns it off only in this process), for a few
seconds: a bench that cannot run hides a regression, so a broken one fails here. The figures of
so short a run mean nothing; that each bench gets to the end and prints them is the point."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = Path(__file__).resolve().parent


def start(script: str, *argv: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TEXTUAL_FPS", "HOTSEAT_DATA_DIR")}
    return subprocess.Popen([sys.executable, str(BENCH / script), *argv], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(bench: subprocess.Popen[str], limit: float = 600) -> str:
    try:
        stdout, stderr = bench.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        bench.kill()
        bench.communicate()
        raise
    assert bench.returncode == 0, f"{' '.join(map(str, bench.args))}:\n{stdout}\n{stderr}"
    assert "Traceback" not in stderr, stderr
    return stdout


def run(script: str, *argv: str, limit: float = 600) -> str:
    return finish(start(script, *argv), limit)


def test_handoffs_and_tui_run_with_the_key_guard_on() -> None:
    """The benches that spend most of their time waiting for the key guard, as a player does
    (handoffs.py, twice: in words and in JSON; tui.py), run side by side: one after the other
    they kept a test worker waiting about 30 s, side by side about 13 s."""
    benches = {"handoffs": start("handoffs.py", "--quick"),
               "handoffs --json": start("handoffs.py", "--quick", "--json"),
               "tui": start("tui.py", "--quick")}
    try:
        out = {name: finish(bench) for name, bench in benches.items()}
    finally:
        for bench in benches.values():
            if bench.poll() is None:
                bench.kill()
                bench.communicate()

    handoffs = out["handoffs"]
    # Keys sent too soon are ignored, not refused: a bench that does not wait for the guard
    # gets past no curtain and plays no move, yet ends. So the moves are counted.
    found = re.search(r"(\d+) curtains, floor +(\d+) .*ratio [\d.]+ .*; (\d+) moves", handoffs)
    assert found is not None, handoffs
    curtains, floor, moves = map(int, found.groups())
    assert curtains >= 3 and floor >= 3 and moves >= 3, handoffs

    row = json.loads(out["handoffs --json"].splitlines()[-1])
    assert row["floor"] >= 3 and row["ratio"] is not None, out["handoffs --json"]

    for figure in ("the bare app's p95", "the bare screen", "ratio"):
        assert figure in out["tui"], out["tui"]


def test_bots_runs_every_part() -> None:
    out = run("bots.py", "strength", "speed", "times", "habits", "baseline", "stability",
              "regret", "--quick")
    for figure in ("win rate", "hard decisions with a choice", "random 4-player games",
                   "hard's stability", "against three baseline", "hard's regret"):
        assert figure in out, out


def test_engines_runs() -> None:
    out = run("engines.py", "orcz", "pirates", "--games", "2", "--warmup", "1", "--rounds", "2",
              "--anchor-games", "2")
    assert out.count("µs/step") >= 2, out


def test_learner_time_runs() -> None:
    out = run("learner_time.py", "orcz", "pirates", "--json")
    assert '"minutes"' in out, out


# Under valgrind one game takes about 15 s: the slow runs (CI's too) check it, not the README's.
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None,
                    reason="instructions.py counts instructions under valgrind, not installed")
def test_instructions_runs() -> None:
    out = run("instructions.py", "orcz", "--warm", "1", "--games", "1")
    assert "instructions per step" in out, out


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None,
                    reason="the anchor plays OpenSpiel's IS-MCTS: pip install -e '.[openspiel]'")
def test_anchor_runs() -> None:
    out = run("bots.py", "anchor", "--quick", "--only", "orcz")
    assert "IS-MCTS" in out, out
