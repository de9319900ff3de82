"""OpenSSH's own client in a tmux pane against a host's SSH door on the loopback address: the
helpers of the tests with real clients."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]"  # CSI: colours, cursor moves
                  rb"|\][^\x07\x1b]*(\x07|\x1b\\)"  # OSC: titles
                  rb"|[()][0-9A-Za-z]|[=>78DEHMNOZc])")  # character sets, modes

needs_clients = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux")),
    reason="OpenSSH's client (openssh-client) and tmux are needed to test with real clients")


def plain(data: bytes) -> str:
    """A terminal stream with its escape sequences taken out."""
    return ANSI.sub(b"", data).decode("utf-8", "replace")


class Pane:
    """``ssh`` in a tmux pane of a private tmux server (its own socket, its own size)."""

    def __init__(self, folder: Path, user: str, port: int, code: str | None, *,
                 key: Path | None = None, size: tuple[int, int] = (100, 32)) -> None:
        self.server = f"hotseat-test-{uuid.uuid4().hex[:8]}"
        askpass = folder / f"askpass-{user}.sh"
        askpass.write_text(f"#!/bin/sh\necho '{code or ''}'\n")
        askpass.chmod(0o700)
        options = ["-tt", "-p", str(port), "-o", "StrictHostKeyChecking=no",
                   "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                   "-o", "NumberOfPasswordPrompts=1", "-F", "/dev/null"]
        if key is not None:
            options += ["-i", str(key), "-o", "PreferredAuthentications=publickey",
                        "-o", "IdentitiesOnly=yes"]
        else:
            options += ["-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no"]
        command = " ".join(["ssh", *options, f"{user}@127.0.0.1"])
        env = {**os.environ, "SSH_ASKPASS": str(askpass), "SSH_ASKPASS_REQUIRE": "force",
               "DISPLAY": ":0"}
        subprocess.run(["tmux", "-L", self.server, "-f", "/dev/null", "new-session", "-d",
                        "-x", str(size[0]), "-y", str(size[1]),
                        f"{command}; echo SSH-ENDED $?; sleep 30"], check=True, env=env)

    def text(self) -> str:
        found = subprocess.run(["tmux", "-L", self.server, "capture-pane", "-p"],
                               capture_output=True, text=True)
        return found.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "-L", self.server, "send-keys", *keys], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)


def wait_for(ready: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    """Poll a condition (a screen, a file), never a fixed sleep; fail after ``limit``."""
    deadline = time.monotonic() + limit
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what} after {limit} s")
        time.sleep(0.1)


def processes_of(data: Path) -> list[int]:
    """The processes started with this data folder: the host and its seats' tables."""
    marker = f"HOTSEAT_DATA_DIR={data}\0".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if marker in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
    return found


@contextlib.contextmanager
def pane(folder: Path, user: str, port: int, code: str | None, **kwargs: object) -> Iterator[Pane]:
    opened = Pane(folder, user, port, code, **kwargs)  # type: ignore[arg-type]
    try:
        yield opened
    finally:
        opened.close()
