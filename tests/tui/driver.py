"""Drive the hotseat app with keys, as players would, choosing legal actions deterministically."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable, Coroutine
from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import RichLog, Static

from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.end import EndScreen
from common.tui.log_panel import LogPanel
from orcz.actions import PlaceRank, Scout
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker
from orcz.ui.screens import OrczTable


def sync(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio (no async pytest plugin needed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text, plus every line of every log panel and the
    whole content of every Static of the current screen (scrolled-out parts included)."""
    strips = app.screen._compositor.render_strips()
    parts = ["\n".join(strip.text for strip in strips)]
    for widget in app.screen.query(Widget):
        if isinstance(widget, LogPanel):
            parts.append(widget.plain_text())
        elif isinstance(widget, RichLog):
            parts.append("\n".join(line.text for line in widget.lines))
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


def game_screen(app: App[Any]) -> OrczTable:
    for screen in app.screen_stack:
        if isinstance(screen, OrczTable):
            return screen
    raise AssertionError("no game screen")


async def keys(pilot: Pilot[Any], *names: str) -> None:
    """Send key presses the way a terminal does, then wait once for the app to settle.

    ``Pilot.press`` waits for the app to go idle after every key (about 50 ms each); sending a
    player's whole decision at once keeps a full game under a few seconds of test time."""
    driver = pilot.app._driver
    assert driver is not None
    for name in names:
        char = {"enter": "\r", "escape": "\x1b"}.get(name, name if len(name) == 1 else None)
        event = events.Key(name, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()


async def wait_until(pilot: Pilot[Any], ready: Callable[[], bool], what: str,
                     limit: float = 20.0) -> None:
    """Let the app run until ``ready()`` holds (a screen, a message): never a fixed wait, so a
    loaded machine only makes the test slower, not red."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not ready():
        if loop.time() > deadline:
            raise AssertionError(f"still waiting for {what} after {limit} s")
        await pilot.pause(0.05)


async def menu_pick(pilot: Pilot[Any], option_id: str) -> None:
    """Choose the menu entry ``option_id`` ("resume", "new:orcz", …) with arrows and Enter."""
    from textual.widgets import OptionList

    menu = pilot.app.screen.query_one("#menu", OptionList)
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    target = ids.index(option_id)
    start = menu.highlighted or 0
    moves = ["down"] * (target - start) if target >= start else ["up"] * (start - target)
    await pilot.press(*moves, "enter")


async def pick_option(pilot: Pilot[Any], game: OrczTable, value: Any) -> None:
    """Pick the option holding ``value``: its number key, or arrows then Enter past 10."""
    assert game.picker is not None
    values = [c.value for c in game.picker.choices()]
    index = values.index(value)
    if index < 10:
        await keys(pilot, str((index + 1) % 10))
        return
    grid = game.query_one(ChoiceGrid)
    moves = index - grid.index
    await keys(pilot, *(["right"] * moves if moves > 0 else ["left"] * -moves), "enter")


async def step(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """Make one move through the interface; returns what was done (for traces).

    With ``extras``, players sometimes take back a move at the next curtain and sometimes
    play a scout."""
    app = pilot.app
    top = app.screen
    if isinstance(top, CurtainScreen):
        games = [s for s in app.screen_stack if isinstance(s, OrczTable)]
        if extras and games and rng.random() < 0.2 and \
                games[0].session.can_undo(games[0].last_viewer):
            await keys(pilot, "u")
            return "undo"
        await keys(pilot, "enter")
        return f"curtain {top.player}"
    if isinstance(top, EndScreen):
        return "end"
    if isinstance(top, (NoticeScreen, PickPlayerScreen)):
        await pilot.press("enter")
        return "dialog"
    game = top
    assert isinstance(game, OrczTable), type(top)
    picker = game.picker
    if extras and rng.random() < 0.15 and game.viewer is not None:
        session = game.session
        if any(isinstance(a, Scout) for s in range(len(session.players))
               for a in session.legal(s)):
            await keys(pilot, "s")
            return "scout"
    if isinstance(picker, DeployPicker):
        action = rng.choice(picker.legal)
        assert isinstance(action, PlaceRank)
        await pick_option(pilot, game, action.battlefield)
        await pick_option(pilot, game, action.left)
        await pick_option(pilot, game, action.right)
        await keys(pilot, "l" if action.face_down == "left" else "r", "enter")
        return f"place {action}"
    if isinstance(picker, FightPicker):
        key = rng.choice("ah")
        await keys(pilot, key)
        return f"fight {key}"
    if isinstance(picker, SplitPicker):
        await keys(pilot, "enter")
        return "split"
    raise AssertionError(f"nothing to do on {top!r}")


async def play_to_end(
    pilot: Pilot[Any], seed: int, *, limit: int = 3000, extras: bool = False,
    check: Callable[[], None] | None = None, stop_after: int | None = None,
) -> list[str]:
    """Play until the end screen (or ``stop_after`` steps); ``check`` runs on every screen."""
    rng = random.Random(seed)
    trace = []
    for _ in range(limit):
        await pilot.pause()
        if check is not None:
            check()
        done = await step(pilot, rng, extras)
        trace.append(done)
        if done == "end" or (stop_after is not None and len(trace) >= stop_after):
            return trace
    raise AssertionError("the game did not end")
