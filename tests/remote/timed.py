"""hotseat with a clock on every move, for the load test and the latency bench:
``python -m tests.remote.timed FOLDER ARGS…`` runs ``hotseat ARGS…`` (a host, or a table at one
terminal) that appends, once each move is applied and saved, ``<monotonic time> <moves made>
<seat>`` to ``FOLDER/moves`` (an undo: ``undo`` for the seat), and taps every byte a seat is sent
into ``FOLDER`` as ``tests.remote.tapped_host`` does. Linux's monotonic clock is the machine's,
so these times compare with the driver's: the key that made a move is the last one written to
its seat's terminal before the move's time."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from common.session import GameSession
from common.tui.cli import main
from tests.remote.tapped_host import tapped


def timed(folder: Path) -> None:
    """Every game session made from now on writes its moves' times into ``folder/moves``."""
    folder.mkdir(parents=True, exist_ok=True)
    apply, undo = GameSession.apply, GameSession.undo

    def write(line: str) -> None:
        with open(folder / "moves", "a") as out:
            out.write(line + "\n")

    def timed_apply(self: GameSession, action: Any) -> None:
        try:
            seat = self.actor_of(action)
        except Exception:
            seat = -1
        apply(self, action)
        write(f"{time.monotonic():.6f} {self.action_count} {seat}")

    def timed_undo(self: GameSession, seat: int | None) -> str:
        said = undo(self, seat)
        write(f"{time.monotonic():.6f} {self.action_count} undo")
        return said

    GameSession.apply = timed_apply  # type: ignore[method-assign]
    GameSession.undo = timed_undo  # type: ignore[method-assign]


if __name__ == "__main__":
    taps = Path(sys.argv[1])
    tapped(taps)
    timed(taps)
    raise SystemExit(main(sys.argv[2:]))
