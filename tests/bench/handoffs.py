"""Hand-offs: the curtains a whole game costs, against the floor its secrets force (issue 16).

Seeded whole games are played through the app's keys (headless, Textual's ``Pilot``), every seat
a person, with a scripted policy: a person who could play a card plays one about half of the
times they could (claiming a window with their number, or opening their hand with ``o`` at a
public decision), and otherwise takes a random public choice. Two counts:

- **curtains**: the hand-off screens shown;
- **floor**: what the secrets force whatever the interface: one per seat for each simultaneous
  secret choice, plus one each time a seat opens its hand, to play a card or to look at it (in
  Orcz every decision is taken from the hand, so each run of a seat's decisions is one).

Targets: curtains ≤ 1.3 × floor for Pirate's Cove with 3 and 5 people and Orcz with 4.

Run: ``python tests/bench/handoffs.py`` (``--json`` prints one object per game, ``--seed`` and
``--games`` choose the games). Saves go to a temporary folder, never the user's own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ["HOTSEAT_DATA_DIR"] = tempfile.mkdtemp(prefix="hotseat-handoffs-")

from textual.pilot import Pilot

from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.session import GameSession
from common.tui.table import TableScreen
from common.tui.window import WindowPicker
from tests.tui import driver

TARGET = 1.3
GAMES = (("pirates", 3), ("pirates", 5), ("orcz", 4))
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


class Count:
    """The curtains seen, and the hands opened (the floor's share beyond the secret choices)."""

    def __init__(self) -> None:
        self.curtains: set[int] = set()
        self.opened = 0
        self.viewer: int | None = None

    def look(self, app: Any) -> None:
        top = app.screen
        if isinstance(top, CurtainScreen):
            self.curtains.add(id(top))
        table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        viewer = None if table is None else table.viewer
        if viewer is not None and viewer != self.viewer:
            self.opened += 1  # a hand shown: a private decision, a claim, an ``o``
        self.viewer = viewer


async def pirates_move(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """The policy: a card about half the times one could be played, else a public choice."""
    top = pilot.app.screen
    table = driver.pirates_table(pilot.app)
    if not isinstance(top, TableScreen) or table is None or table.picker is None:
        return await driver.pirates_step(pilot, rng)
    if isinstance(table.picker, WindowPicker):
        return await driver.claim(pilot, table, rng)
    if table.viewer is None:
        return await driver.pirates_step(pilot, rng)  # ``o`` half the time, as a player might
    seat = table.viewer
    legal = table.session.legal(seat)
    cards = [a for a in legal if driver.plays_card(a)]
    action = rng.choice(cards) if cards else rng.choice(legal)
    before = table.session.action_count
    await driver.press_route(pilot, table, action, rng)
    assert table.session.action_count > before, f"the keys did not make {action}"
    return type(action).__name__


def secret_choices(session: GameSession) -> int:
    """Simultaneous secret choices made, one per seat each time: the outfits, and the courses
    set without Lookout (under Lookout the courses are set openly)."""
    count = 0
    for step, action in enumerate(session.record.actions):
        if action.get("type") in ("outfit", "navigate"):
            view = session.game.view(session._states[step], None)
            count += view.get("lookout_first") is None
    return count


async def play(game: str, players: int, seed: int) -> dict[str, Any]:
    session = GameSession.new(game, list(NAMES[:players]), seed)
    app = HotseatApp(session, bot_pause=0)
    count = Count()
    move = pirates_move if game == "pirates" else driver.orcz_step
    rng = random.Random(seed)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(40000):
            await driver.settle(pilot)
            count.look(pilot.app)
            if isinstance(pilot.app.screen, EndScreen):
                break
            await move(pilot, rng, game == "orcz")
        else:
            raise AssertionError("the game did not end")
    # The floor: the secret choices, and every other time a hand was opened (the policy's card
    # plays and looks; in Orcz, every run of a seat's decisions).
    secret = secret_choices(session) if game == "pirates" else 0
    floor = secret + max(0, count.opened - secret)
    curtains = len(count.curtains)
    return {"game": game, "players": players, "seed": seed, "curtains": curtains,
            "floor": floor, "ratio": round(curtains / floor, 3) if floor else None,
            "moves": session.action_count}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--games", type=int, default=1, help="seeds per table")
    args = parser.parse_args(argv)
    worst = 0.0
    for game, players in GAMES:
        for seed in range(args.seed, args.seed + args.games):
            start = time.perf_counter()
            row = asyncio.run(play(game, players, seed))
            worst = max(worst, row["ratio"] or 0.0)
            if args.json:
                print(json.dumps({k: row[k] for k in ("game", "players", "curtains", "floor",
                                                      "ratio")}))
            else:
                print(f"{game:8} {players} people, seed {seed}: {row['curtains']:4} curtains, "
                      f"floor {row['floor']:4}, ratio {row['ratio']} (target ≤ {TARGET}); "
                      f"{row['moves']} moves, {time.perf_counter() - start:.0f} s")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
