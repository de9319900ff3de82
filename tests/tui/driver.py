"""Drive the hotseat app with keys, as players would, for every game: a seeded RNG chooses a
legal action, then the keys that lead the picker on screen to it are pressed.

``play_to_end`` plays a whole game with a game's one-move ``step``: ``orcz_step`` or
``pirates_step`` for the shipped games' own pickers, ``any_step`` for any game whose pickers
find their way to an action (``route``, as the shell's ``TreePicker`` does); ``step_for`` picks
one by the game's name. The interface tests and the benchmarks use this module."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable, Coroutine
from typing import Any

from textual import events
from textual.app import App
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import RichLog, Static

import pirates
from common import i18n
from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.end import EndScreen
from common.tui.gameui import key_of  # each key's letter in the language in use
from common.tui.log_panel import LogPanel
from common.tui.numbered import number_keys
from common.tui.table import TableScreen
from common.tui.tree import TreePicker
from common.tui.window import WindowPicker
from orcz.actions import PlaceRank, Scout
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker
from orcz.ui.screens import OrczTable
from pirates.actions import Done, Pass
from pirates.offers import plays_card
from pirates.options import _listlegal
from pirates.ui.picker import route
from pirates.ui.screens import PiratesTable


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
    go straight into the app's queue, ahead of what ``Pilot.pause`` waits for there (the driver's
    own ``send_message`` would queue them later, from another task). Two rounds of that wait,
    not Textual's wait for the process to go idle (at least 20 ms a send, more than half of a
    key fuzz's time, and fooled by a loaded machine): the first drains the app's queue, where
    the keys' bindings run; the second the queues of the widgets the app handed a key on to.
    What they lead to (a screen pushed, a table drawn) is for ``press`` and ``wait_until`` to
    wait for."""
    for name in names:
        char = {"enter": "\r", "escape": "\x1b"}.get(name, name if len(name) == 1 else None)
        event = events.Key(name, char)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause(0)
    await pilot.pause(0)


async def wait_until(pilot: Pilot[Any], ready: Callable[[], bool], what: str,
                     limit: float = 20.0) -> None:
    """Let the app run until ``ready()`` holds (a screen, a message): never a fixed wait, so a
    loaded machine only makes the test slower, not red."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not _holds(ready):
        if loop.time() > deadline:
            raise AssertionError(f"still waiting for {what} after {limit} s")
        await pilot.pause(0.05)


def _holds(ready: Callable[[], bool]) -> bool:
    """A widget the condition looks at may not be mounted yet (a screen just pushed, on a
    loaded machine): that is "not yet", not a failure."""
    try:
        return ready()
    except NoMatches:
        return False


def ready(app: App[Any]) -> bool:
    """Whether the app waits for a player: its top screen is mounted and, for a table, drawn
    (the panel of the seat at the terminal with its picker, or the review), for a notice, drawn
    (it takes no key before)."""
    screen = app.screen
    if not screen.is_mounted:
        return False
    if isinstance(screen, TableScreen):
        if screen.reviewing:
            # the review's frame, in the language in use (a French game is driven too)
            return str(screen.query_one("#private").border_title) in ("Review", i18n._("Review"))
        return screen.picker is not None
    return getattr(screen, "drawn", True)  # a notice takes keys once it is drawn


def moment(app: App[Any]) -> tuple[Any, ...]:
    """What a player's key changes: the screen, the picker and its step, the moves, the review."""
    screen = app.screen
    picker = getattr(screen, "picker", None)
    session = getattr(screen, "session", None)
    return (screen, len(app.screen_stack), picker, getattr(picker, "step", None),
            getattr(getattr(screen, "review", None), "step", None),
            None if session is None else session.action_count)


async def settle(pilot: Pilot[Any], what: str = "the app to wait for a player") -> None:
    await wait_until(pilot, lambda: ready(pilot.app), what)


async def press(pilot: Pilot[Any], *names: str, what: str = "") -> None:
    """Send keys, then wait until they changed something and the app waits for a player again.

    ``Pilot.pause`` alone is no such wait: it takes the app for idle when the process gets little
    CPU time, which is what a loaded machine looks like."""
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


# Orcz: a choice is picked by its number typed.
async def pick_option(pilot: Pilot[Any], game: OrczTable, value: Any) -> None:
    """Pick the option holding ``value``: its number typed (then Enter if it is a prefix)."""
    assert game.picker is not None
    values = [c.value for c in game.picker.choices()]
    index = values.index(value)
    await press(pilot, *number_keys(index, len(values)), what=f"the choice of {value}")


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
            await press(pilot, key_of("u", "app.undo"), what="the undo")
            return "undo"
        await press(pilot, "enter", what=f"{top.player}'s curtain to lift")
        return f"curtain {top.player}"
    if isinstance(top, EndScreen):
        return "end"
    if isinstance(top, PickPlayerScreen):  # nothing selected: a digit chooses, Enter confirms
        choice = str(1 + rng.randrange(min(9, len(top.players))))
        await press(pilot, choice, "enter", what="the question to close")
        return f"dialog {choice}"
    if isinstance(top, NoticeScreen):
        await press(pilot, "enter", what="the dialog to close")
        return "dialog"
    game = top
    assert isinstance(game, OrczTable), type(top)
    picker = game.picker
    if extras and rng.random() < 0.15 and game.viewer is not None:
        session = game.session
        if any(isinstance(a, Scout) for s in range(len(session.players))
               for a in session.legal(s)):
            await press(pilot, key_of("s", "orcz.scout"), what="the scout")
            return "scout"
    if isinstance(picker, DeployPicker):
        action = rng.choice(picker.legal)
        assert isinstance(action, PlaceRank)
        await pick_option(pilot, game, action.battlefield)
        await pick_option(pilot, game, action.left)
        await pick_option(pilot, game, action.right)
        await press(pilot, key_of("l", "orcz.left") if action.face_down == "left"
                    else key_of("r", "orcz.right"), "enter",
                    what=f"the placement {action}")
        return f"place {action}"
    if isinstance(picker, FightPicker):
        key = rng.choice("ah")
        await press(pilot, key_of(key, "orcz.attack" if key == "a" else "orcz.hold"),
                    what="the fight decision")
        return f"fight {key}"
    if isinstance(picker, SplitPicker):  # Enter confirms a split once a row was moved to
        await press(pilot, "down" if game.query_one(ChoiceGrid).index == 0 else "up",
                    "enter", what="the split")
        return "split"
    raise AssertionError(f"nothing to do on {top!r}")



# Pirate's Cove: the picker on screen is led to the chosen action by its route.
def pirates_table(app: Any) -> PiratesTable | None:
    """The table (None before the first curtain was passed: it is built behind it)."""
    for screen in app.screen_stack:
        if isinstance(screen, PiratesTable):
            return screen
    return None


async def go_to(pilot: Pilot[Any], game: TableScreen, index: int) -> None:
    """Highlight option ``index`` with the arrows (↑↓ in a one-column or adjustable grid)."""
    grid = game.query_one("#choices", ChoiceGrid)
    delta = index - grid.index
    if game.picker is not None and game.picker.adjustable:
        names = ["down"] * delta if delta > 0 else ["up"] * -delta
    else:
        names = ["right"] * delta if delta > 0 else ["left"] * -delta
    if not names:  # Enter confirms only a choice moved to: a move that ends where it began
        back, ahead = ("up", "down") if game.picker is not None and game.picker.adjustable \
            else ("left", "right")
        names = [back] if index == 0 else [ahead] if index == len(grid.options) - 1 \
            else [back, ahead]
    await keys(pilot, *names)
    assert grid.index == index, (grid.index, index)


async def press_route(pilot: Pilot[Any], game: PiratesTable, action: Any,
                      rng: random.Random) -> None:
    """Press the keys of the picker's route to ``action``."""
    picker = game.picker
    assert picker is not None
    steps = route(picker, action)
    assert steps is not None, f"{action} cannot be reached"
    if isinstance(action, Pass | Done) and isinstance(picker, TreePicker) and rng.random() < 0.5:
        await keys(pilot, "p" if isinstance(action, Pass) else key_of("d", "pirates.done"))
        return
    for step in steps:
        picker = game.picker
        assert picker is not None
        if step[0] == "adjust":
            _, index, delta = step
            await go_to(pilot, game, index)
            key = ("plus" if rng.random() < 0.5 else "right") if delta > 0 else (
                "minus" if rng.random() < 0.5 else "left")
            await keys(pilot, *[key] * abs(delta))
            continue
        index = step[1]
        if picker.numbered and rng.random() < 0.8:
            await keys(pilot, *number_keys(index, len(picker.choices())))
        else:
            await go_to(pilot, game, index)
            await keys(pilot, "enter")


async def pirates_step(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """One Pirate's Cove move through the interface; returns what was done (for traces)."""
    app = pilot.app
    top = app.screen
    if isinstance(top, CurtainScreen):
        game = pirates_table(app)
        if extras and game is not None and rng.random() < 0.3 and \
                game.session.can_undo(game.last_viewer):
            await keys(pilot, key_of("u", "app.undo"))
            return "undo"
        await keys(pilot, "enter")
        return f"curtain {top.player}"
    if isinstance(top, EndScreen):
        return "end"
    if isinstance(top, NoticeScreen | PickPlayerScreen):
        await keys(pilot, "enter")
        return "notice"
    assert isinstance(top, PiratesTable), type(top)
    assert top.picker is not None
    if isinstance(top.picker, WindowPicker):
        return await claim(pilot, top, rng)
    session = top.session
    if top.viewer is None:  # a decision at the public table
        seat = top.public_seat
        assert seat is not None and top.offer is not None
        if top.offer.secret and card_plays(top, seat) and rng.random() < 0.5:
            await keys(pilot, "o")
            return "open hand"
        action = rng.choice(list(top.offer.public))
    else:
        seat = top.viewer
        action = rng.choice(session.legal(seat))
    before = session.action_count
    await press_route(pilot, top, action, rng)
    # Passes taken for the table (a window nobody else plays in) may follow the move.
    assert session.action_count > before, f"the keys did not make {action}"
    assert session.record.actions[before] == pirates.action_to_json(action)
    return f"{type(action).__name__}"


def card_plays(game: PiratesTable, seat: int) -> list[Any]:
    """The cards ``seat`` could play now (the driver may look: it plays every seat)."""
    state = game.session._state
    return [a for a in _listlegal(state, seat) if plays_card(a)]


async def claim(pilot: Pilot[Any], game: PiratesTable, rng: random.Random) -> str:
    """At "Anyone playing a card now?": a person with a card to play claims it half the time
    (with its number), else nobody does (``n``)."""
    picker = game.picker
    assert isinstance(picker, WindowPicker)
    for seat, name in picker.seats:  # a player's key is their seat's number
        if card_plays(game, seat) and rng.random() < 0.5:
            await keys(pilot, str(seat + 1))
            return f"claim {name}"
    await keys(pilot, "n")
    return "nobody"

Step = Callable[[Pilot[Any], random.Random, bool], Coroutine[Any, Any, str]]


# Any game: the picker on screen is led to a legal action by its own route.
def table_of(app: Any) -> TableScreen | None:
    """The game's table (None before the first curtain was passed: it is built behind it)."""
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def any_step(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """One move of any game through the keys: the curtains, notices and questions as a table
    answers them, and on a panel a legal action of the seat chosen at random, reached by the
    picker's ``route`` (a public decision: one of the offer's public actions); with ``extras``,
    a move is sometimes taken back at the next curtain."""
    app = pilot.app
    top = app.screen
    if isinstance(top, CurtainScreen):
        table = table_of(app)
        if extras and table is not None and rng.random() < 0.2 and \
                table.session.can_undo(table.last_viewer):
            await keys(pilot, "u")
            return "undo"
        await keys(pilot, "enter")
        return f"curtain {top.player}"
    if isinstance(top, EndScreen):
        return "end"
    if isinstance(top, PickPlayerScreen):
        await keys(pilot, str(1 + rng.randrange(min(9, len(top.players)))), "enter")
        return "dialog"
    if isinstance(top, NoticeScreen):
        await keys(pilot, "enter")
        return "notice"
    assert isinstance(top, TableScreen) and top.picker is not None, type(top)
    if isinstance(top.picker, WindowPicker):
        await keys(pilot, "n")
        return "nobody"
    session = top.session
    if top.viewer is None:
        assert top.offer is not None, "a panel with no seat and no public decision"
        action = rng.choice(list(top.offer.public))
    else:
        action = rng.choice(session.legal(top.viewer))
    steps = getattr(top.picker, "route", lambda a: None)(action)
    assert steps is not None, f"the picker finds no way to {action}: give it a route"
    before = session.action_count
    for step in steps:
        picker = top.picker
        assert picker is not None
        if step[0] == "adjust":
            _, index, delta = step
            await go_to(pilot, top, index)
            await keys(pilot, *["plus" if delta > 0 else "minus"] * abs(delta))
        elif picker.numbered and rng.random() < 0.8:
            await keys(pilot, *number_keys(step[1], len(picker.choices())))
        else:
            await go_to(pilot, top, step[1])
            await keys(pilot, "enter")
    assert session.action_count > before, f"the keys did not make {action}"
    return f"{type(action).__name__}"


def step_for(game: str) -> Step:
    """The driver's one move for ``game``: the shipped games' own, else ``any_step``."""
    steps: dict[str, Step] = {"orcz": orcz_step, "pirates": pirates_step}
    return steps.get(game, any_step)



async def play_to_end(
    pilot: Pilot[Any], seed: int, *, limit: int = 20000, extras: bool = False,
    check: Callable[[], None] | None = None, stop_after: int | None = None,
    step: Step | None = None,
) -> list[str]:
    """Play until the end screen (or ``stop_after`` steps) with ``step`` (a game's one move
    through the keys: ``orcz_step`` by default, or ``pirates_step``); ``check`` runs on every
    screen."""
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
