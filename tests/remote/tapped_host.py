"""``hotseat host`` with the byte tap on every connection, for the tests with real clients:
``python -m tests.remote.tapped_host TAPS host …``. Every byte the host sends a seat's channel
goes to ``TAPS/channel-<seat>``, every byte of a seat's SSH stream to ``TAPS/ssh-<seat>``, every
byte the browser door sends down a seat's websocket to ``TAPS/web-<seat>`` (all appended, so that
a host killed and started again keeps adding to them)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from common.remote.hub import Hub
from common.remote.ssh import SSHDoor
from common.tui.cli import main


def _writer(folder: Path, kind: str) -> Any:
    def tap(seat: int, data: bytes) -> None:
        with open(folder / f"{kind}-{seat}", "ab") as out:
            out.write(data)

    return tap


def tapped(folder: Path) -> None:
    """Every hub and SSH door made from now on taps into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    hub_init, door_init = Hub.__init__, SSHDoor.__init__

    def hub(self: Hub, *args: Any, **kwargs: Any) -> None:
        hub_init(self, *args, **kwargs)
        self.tap = _writer(folder, "channel")

    def door(self: SSHDoor, *args: Any, **kwargs: Any) -> None:
        door_init(self, *args, **kwargs)
        self.tap = _writer(folder, "ssh")

    Hub.__init__ = hub  # type: ignore[method-assign]
    SSHDoor.__init__ = door  # type: ignore[method-assign]
    _tap_web(folder)


def _tap_web(folder: Path) -> None:
    """The browser door too, where textual-serve is installed (``--web``)."""
    try:
        from common.remote.web import WebDoor
    except ImportError:
        return
    web_init = WebDoor.__init__

    def web(self: WebDoor, *args: Any, **kwargs: Any) -> None:
        web_init(self, *args, **kwargs)
        self.tap = _writer(folder, "web")

    WebDoor.__init__ = web  # type: ignore[method-assign]


if __name__ == "__main__":
    tapped(Path(sys.argv[1]))
    raise SystemExit(main(sys.argv[2:]))
