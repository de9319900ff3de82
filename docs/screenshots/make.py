"""Make the README's screenshots: one SVG of each game's table, from a seeded game.

Run from the repository root: ``python docs/screenshots/make.py``. Each game is played from its
seed by seeded random legal moves up to a busy moment, then shown at 100×32 behind the curtain
of the seat to act, with that seat's panel open; the SVG is written beside this file. Saves go to
a temporary folder, never the user's own.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
os.environ["HOTSEAT_DATA_DIR"] = tempfile.mkdtemp(prefix="hotseat-shots-")

from common.session import GameSession  # noqa: E402
from common.tui.app import HotseatApp  # noqa: E402
from common.tui.curtain import CurtainScreen  # noqa: E402
from common.tui.table import TableScreen  # noqa: E402

# (game, players, seed, moves played before the picture)
SHOTS = [
    ("orcz", ["Ann", "Bob", "Cid"], 7, 9),
    ("pirates", ["Ann", "Bob", "Cid", "Dan"], 7, 40),
]


def position(game: str, players: list[str], seed: int, moves: int) -> GameSession:
    session = GameSession.new(game, players, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        seat = session.to_act()[0]
        session.apply(pick.choice(session.legal(seat)))
    return session


async def shoot(game: str, players: list[str], seed: int, moves: int) -> Path:
    session = position(game, players, seed, moves)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        while not isinstance(app.screen, CurtainScreen):
            await pilot.pause(0.05)
        await pilot.press("enter")
        while not isinstance(app.screen, TableScreen) or app.screen.viewer is None:
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        target = HERE / f"{game}.svg"
        target.write_text(app.export_screenshot(title=f"hotseat — {game}"), encoding="utf-8")
    session.release()
    return target


def main() -> None:
    for shot in SHOTS:
        print("wrote", asyncio.run(shoot(*shot)).relative_to(HERE.parents[1]))


if __name__ == "__main__":
    main()
