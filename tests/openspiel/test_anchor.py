"""The anchor run (``tests/bench/bots.py anchor``): Ctrl+C ends it, its worker too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("pyspiel",
                    reason="OpenSpiel is an optional extra: pip install -e '.[openspiel]'")

ROOT = Path(__file__).resolve().parents[2]
SIGINT_BIT = 1 << (signal.SIGINT - 1)  # in /proc's SigIgn mask


def group_members(group: int) -> list[int]:
    """The live (not zombie) processes of a process group, read from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn"))
    return bool(int(mask, 16) & SIGINT_BIT)


def wait_for(check: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def is_worker(pid: int, parent: int) -> bool:
    """A process of the run's pool: spawned, or forked (the parent's command line)."""
    try:
        line = Path(f"/proc/{pid}/cmdline").read_bytes()
        return pid != parent and (b"spawn_main" in line
                                  or line == Path(f"/proc/{parent}/cmdline").read_bytes())
    except OSError:
        return False


def start_anchor() -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "tests/bench/bots.py", "anchor", "--only", "orcz", "--anchor-games", "4",
         "--anchor-seconds", "0.2", "--workers", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)


def assert_all_ended(run: subprocess.Popen[str]) -> None:
    try:
        out, _ = run.communicate(timeout=60)
        assert run.returncode == 130 and "stopped: the workers are ended" in out
        assert wait_for(lambda: not group_members(run.pid), 30), group_members(run.pid)
    finally:
        if run.poll() is None or group_members(run.pid):
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes from /proc")
def test_ctrl_c_ends_the_anchor_and_its_worker() -> None:
    run = start_anchor()
    try:
        # The worker is playing once it ignores Ctrl+C (its initializer): Ctrl+C is the parent's.
        assert wait_for(lambda: any(ignores_sigint(p) for p in group_members(run.pid)
                                    if is_worker(p, run.pid)), 120)
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl+C: the whole group
    finally:
        assert_all_ended(run)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes from /proc")
def test_sigint_to_the_run_alone_ends_its_worker_too() -> None:
    """As ``timeout -s INT`` or ``kill -INT`` do: only the run is told, no worker plays on."""
    run = start_anchor()
    try:
        assert wait_for(lambda: any(is_worker(p, run.pid) for p in group_members(run.pid)), 120)
        os.kill(run.pid, signal.SIGINT)
    finally:
        assert_all_ended(run)
