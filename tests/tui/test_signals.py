"""Every signal ends the app cleanly: a real process in a pseudo-terminal,
stopped by SIGTERM, SIGHUP, SIGINT or SIGQUIT, leaves the terminal as it found it (its termios
modes, the alternate screen left, mouse reporting off, the cursor shown), says its farewell and
keeps the save."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from common.save import load_file
from common.session import latest_save
from tests.tui.test_kill import _drain  # one way to read a pseudo-terminal

PLAIN = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def _read_until(fd: int, done: Callable[[bytes], bool], limit: float = 60.0) -> bytes:
    """What the terminal received until ``done(received)`` holds (a loaded machine only makes
    it slower)."""
    out = b""
    end = time.monotonic() + limit
    while not done(out):
        if time.monotonic() > end:
            raise AssertionError(f"still waiting after {limit} s: {out[-400:]!r}")
        out += _drain(fd, 0.1)
    return out


# Private modes: the alternate screen, mouse reporting (four kinds), focus events, bracketed
# paste are off in a terminal left as found; the cursor and line wrap are on.
OFF = (1049, 1000, 1002, 1003, 1006, 1015, 1004, 2004)
ON = (25, 7)


def _modes_left_as_found(written: bytes) -> None:
    """Each private mode the app changed is set back, the last word on it being the default."""
    assert b"\x1b[?1049h" in written, "the app never drew on the alternate screen"
    for mode, default, other in [*((m, b"l", b"h") for m in OFF), *((m, b"h", b"l") for m in ON)]:
        changed = written.rfind(b"\x1b[?%d" % mode + other)
        if changed >= 0:
            back = written.rfind(b"\x1b[?%d" % mode + default)
            assert back > changed, f"mode ?{mode} is left as the app set it"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT])
def test_a_signal_restores_the_terminal_and_keeps_the_save(
    how: signal.Signals, data_dir: Path
) -> None:
    main, child = pty.openpty()
    modes = termios.tcgetattr(child)
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data_dir), "COLUMNS": "100", "LINES": "32",
           "TERM": "xterm-256color"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "common.tui", "orcz", "--players", "Ann,Bob,Cid", "--seed", "7"],
        stdin=child, stdout=child, stderr=child, env=env, start_new_session=True,
    )
    try:
        written = _read_until(main, lambda out: b"Pass the terminal" in PLAIN.sub(b"", out))
        proc.send_signal(how)
        written += _read_until(main, lambda out: proc.poll() is not None
                               and not select.select([main], [], [], 0.2)[0])
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    try:
        assert termios.tcgetattr(child) == modes  # raw mode undone: echo, lines, signals
    finally:
        os.close(child)
        os.close(main)
    _modes_left_as_found(written)
    farewell = PLAIN.sub(b"", written[written.rfind(b"\x1b[?1049l"):]).decode()
    assert f"stopped by {how.name}" in farewell and "the game is saved in" in farewell
    path = latest_save()
    assert path is not None and load_file(path)[0].actions == ()
