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
from common.tui.table import TableScreen
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
    """Send key presses as a terminal's driver does, then wait until the app has handled them.

    ``Pilot.press`` waits for the app to go idle after every key (about 50 ms each); sending a
    player's whole decision at once keeps a full game under a few seconds of test time. The keys
    go straight into the app's queue, ahead of what ``Pilot.pause`` waits for there, so they are
    handled when it returns (the driver's own ``send_message`` would queue them later, from
    another task). What they lead to (a screen pushed, a table drawn) is for ``press`` to wait
    for."""
    for name in names:
        char = {"enter": "\r", "escape": "\x1b"}.get(name, name if len(name) == 1 else None)
        event = events.Key(name, char)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
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


def ready(app: App[Any]) -> bool:
    """Whether the app waits for a player: its top screen is mounted and, for a table, drawn
    (the panel of the seat at the terminal with its picker, or the review)."""
    screen = app.screen
    if not screen.is_mounted:
        return False
    if isinstance(screen, TableScreen):
        if screen.reviewing:
            return screen.query_one("#private").border_title == "Review"
        return screen.picker is not None
    return True


def moment(app: App[Any]) -> tuple[Any, ...]:
    """What a player's key changes: the screen, the picker and its step, the moves, the review."""
    screen = app.screen
    picker = getattr(screen, "picker", None)
    session = getattr(screen, "session", None)
    return (screen, len(app.screen_stack), picker, getattr(picker, "step", None),
            getattr(screen, "review_step", None),
            None if session is None else session.action_count)


async def settle(pilot: Pilot[Any], what: str = "the app to wait for a player") -> None:
    await wait_until(pilot, lambda: ready(pilot.app), what)


async def press(pilot: Pilot[Any], *names: str, what: str = "") -> None:
    """Send keys, then wait until they changed something and the app waits for a player again.

    ``Pilot.pause`` alone is no such wait: it takes the app for idle when the process gets little
    CPU time, which is what a loaded machine looks like (issue 9, item 18)."""
    before = moment(pilot.app)
    await keys(pilot, *names)
    await wait_until(pilot, lambda: moment(pilot.app) != before and ready(pilot.app),
                     what or f"the keys {' '.join(names)} to act")


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
        await press(pilot, str((index + 1) % 10), what=f"the choice of {value}")
        return
    grid = game.query_one(ChoiceGrid)
    moves = index - grid.index
    await press(pilot, *(["right"] * moves if moves > 0 else ["left"] * -moves), "enter",
                what=f"the choice of {value}")  # past 10, never where the grid starts


async def orcz_step(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """Make one move through the interface; returns what was done (for traces).

    With ``extras``, players sometimes take back a move at the next curtain and sometimes
    play a scout."""
    app = pilot.app
    top = app.screen
    if isinstance(top, CurtainScreen):
        games = [s for s in app.screen_stack if isinstance(s, OrczTable)]
        if extras and games and rng.random() < 0.2 and \
                games[0].session.can_undo(games[0].last_viewer):
            await press(pilot, "u", what="the undo")
            return "undo"
        await press(pilot, "enter", what=f"{top.player}'s curtain to lift")
        return f"curtain {top.player}"
    if isinstance(top, EndScreen):
        return "end"
    if isinstance(top, (NoticeScreen, PickPlayerScreen)):
        await press(pilot, "enter", what="the dialog to close")
        return "dialog"
    game = top
    assert isinstance(game, OrczTable), type(top)
    picker = game.picker
    if extras and rng.random() < 0.15 and game.viewer is not None:
        session = game.session
        if any(isinstance(a, Scout) for s in range(len(session.players))
               for a in session.legal(s)):
            await press(pilot, "s", what="the scout")
            return "scout"
    if isinstance(picker, DeployPicker):
        action = rng.choice(picker.legal)
        assert isinstance(action, PlaceRank)
        await pick_option(pilot, game, action.battlefield)
        await pick_option(pilot, game, action.left)
        await pick_option(pilot, game, action.right)
        await press(pilot, "l" if action.face_down == "left" else "r", "enter",
                    what=f"the placement {action}")
        return f"place {action}"
    if isinstance(picker, FightPicker):
        key = rng.choice("ah")
        await press(pilot, key, what="the fight decision")
        return f"fight {key}"
    if isinstance(picker, SplitPicker):  # Enter confirms a split once a row was moved to
        await press(pilot, "down" if game.query_one(ChoiceGrid).index == 0 else "up",
                    "enter", what="the split")
        return "split"
    raise AssertionError(f"nothing to do on {top!r}")


Step = Callable[[Pilot[Any], random.Random, bool], Coroutine[Any, Any, str]]


async def play_to_end(
    pilot: Pilot[Any], seed: int, *, limit: int = 3000, extras: bool = False,
    check: Callable[[], None] | None = None, stop_after: int | None = None,
    step: Step | None = None,
) -> list[str]:
    """Play until the end screen (or ``stop_after`` steps) with ``step`` (a game's one move
    through the keys; Orcz's by default); ``check`` runs on every screen."""
    rng = random.Random(seed)
    move = step or orcz_step
    trace = []
    for _ in range(limit):
        await settle(pilot)
        if check is not None:
            check()
        done = await move(pilot, rng, extras)
        trace.append(done)
        if done == "end" or (stop_after is not None and len(trace) >= stop_after):
            return trace
    raise AssertionError("the game did not end")
