"""Key → screen time of the busiest Pirate's Cove table: 5 ships, in a volley exchange between
players (a volley menu with targets and sections), headless. Target: p95 under 8 ms.

For each key, the time from sending it to the end of the next refresh, with Textual's frame
pacing lifted (``TEXTUAL_FPS=1000``) so that the app's own work is measured.
Run: ``python tests/tui_pirates/bench_keys.py`` (saves go to a temporary folder)."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ["HOTSEAT_DATA_DIR"] = tempfile.mkdtemp(prefix="hotseat-bench-")
os.environ["TEXTUAL_FPS"] = "1000"  # before Textual is imported

from textual import events

from common.tui.app import HotseatApp
from common.tui.session import GameSession
from pirates.ui.screens import PiratesTable

KEYS = 300


def busy_session() -> GameSession:
    """Five ships, a volley between players (no raider: targets open a section menu)."""
    for seed in range(200):
        session = GameSession.new("pirates", ["Ann", "Bob", "Cid", "Dan", "Eve"], seed)
        rng = random.Random(seed)
        while not session.is_over():
            view = session.view(None)
            cb = view["combat"]
            if cb and cb["stage"] == "volleys" and len(cb["fighters"]) >= 3 and \
                    cb["legend_hull"] is None and cb["navy_hull"] is None and \
                    cb["to_fire"] and cb["to_fire"][0] >= 0 and not view["parrot_choice"]:
                return session
            session.apply(rng.choice(session.legal(session.to_act()[0])))
    raise AssertionError("no busy combat found")


async def key_latency() -> list[float]:
    app = HotseatApp(busy_session())
    timings: list[float] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, PiratesTable)
        done: list[asyncio.Future[float]] = []

        def after() -> None:
            future = done[-1]
            game.call_after_refresh(lambda: future.done() or future.set_result(
                time.perf_counter()))

        for name in ("action_nav", "action_quick", "action_back"):
            original = getattr(game, name)

            def timed(*args: Any, _original: Any = original) -> None:
                _original(*args)
                after()

            setattr(game, name, timed)
        driver = app._driver
        assert driver is not None
        cycle = ["right", "down", "left", "up", "1", "right", "escape"]
        loop = asyncio.get_running_loop()
        for n in range(KEYS):
            key = cycle[n % len(cycle)]
            done.append(loop.create_future())
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            start = time.perf_counter()
            driver.send_message(event)
            end = await asyncio.wait_for(done[-1], 5)
            timings.append((end - start) * 1000)
    return timings


def main() -> None:
    timings = asyncio.run(key_latency())
    ordered = sorted(timings)
    p95 = ordered[round(0.95 * (len(ordered) - 1))]
    print(f"5 ships in combat, {len(timings)} keys: median {statistics.median(timings):.2f} ms, "
          f"p95 {p95:.2f} ms (target: p95 < 8 ms)")


if __name__ == "__main__":
    main()
