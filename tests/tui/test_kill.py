"""A real process in a pseudo-terminal, killed with SIGKILL mid-round: nothing is lost."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from common.errors import SaveError
from common.save import load_file
from common.session import GameSession, latest_save


def _drain(fd: int, seconds: float) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def _until(fd: int, ready: Callable[[bytes], bool], what: str, limit: float = 60.0) -> None:
    """Read the terminal until ``ready(what it showed)`` holds: a loaded machine only makes it
    slower."""
    shown = b""
    end = time.monotonic() + limit
    while not ready(re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", shown)):
        if time.monotonic() > end:
            raise AssertionError(f"still waiting for {what} after {limit} s")
        shown += _drain(fd, 0.1)


def lift_curtain(fd: int, panel: bytes) -> None:
    """Enter at the curtain until ``panel`` shows: the curtain takes Enter only once it has
    been on screen a moment (common.tui.keyguard), so an Enter sent as it appears is ignored,
    and a person presses again."""
    end = time.monotonic() + 60.0
    shown = b""
    while panel not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", shown):
        if time.monotonic() > end:
            raise AssertionError(f"still waiting for {panel!r} after 60 s")
        os.write(fd, b"\r")
        shown += _drain(fd, 0.7)


def _moves_saved() -> int:
    path = latest_save()
    try:
        return len(load_file(path)[0].actions) if path is not None else 0
    except SaveError:  # being written: read it again
        return 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_sigkill_mid_round_then_resume(data_dir: Path) -> None:
    main, child = pty.openpty()
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data_dir), "COLUMNS": "100", "LINES": "32",
           "TERM": "xterm-256color"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "common.tui", "orcz", "--players", "Ann,Bob,Cid", "--seed", "7"],
        stdin=child, stdout=child, stderr=child, env=env, start_new_session=True,
    )
    os.close(child)
    try:
        _until(main, lambda shown: b"Pass the terminal" in shown, "the first curtain")
        # Keys typed before the panel is drawn would be lost on a loaded machine: wait for it.
        lift_curtain(main, b"Bob's private panel")
        # Bob places a rank: Urth, infantry 1 left ("1" waits for Enter: there are 10 and more),
        # infantry 2 right; the preview takes an Enter only once it could be read
        for keys in (b"2", b"1", b"\r", b"2", b"l"):
            os.write(main, keys)
            _drain(main, 0.2)
        _drain(main, 0.6)
        os.write(main, b"\r")
        _until(main, lambda _: _moves_saved() == 1, "the placement on disk")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        os.close(main)
    path = latest_save()
    assert path is not None
    resumed = GameSession.load(path)
    assert resumed.action_count == 1
    assert resumed.to_act() == (2,)  # Cid places next
    placed = resumed.view(1)["battlefields"][1]["column"]
    assert placed and placed[0]["owner"] == 1
