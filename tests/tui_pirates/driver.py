"""Drive a Pirate's Cove game with keys, as players would: a seeded RNG chooses a legal action,
then the keys that lead the picker on screen to it are pressed (digits, arrows, +/-, Enter)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

import pirates
from common.tui.choices import ChoiceGrid
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.end import EndScreen
from common.tui.window import WindowPicker
from pirates.actions import Done, Pass
from pirates.offers import plays_card
from pirates.options import _listlegal
from pirates.ui.picker import TreePicker, route
from pirates.ui.screens import PiratesTable
from tests.tui.driver import keys
from tests.tui.driver import play_to_end as shared_play_to_end


def table(app: Any) -> PiratesTable | None:
    """The table (None before the first curtain was passed: it is built behind it)."""
    for screen in app.screen_stack:
        if isinstance(screen, PiratesTable):
            return screen
    return None


async def go_to(pilot: Pilot[Any], game: PiratesTable, index: int) -> None:
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
        await keys(pilot, "p" if isinstance(action, Pass) else "d")
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
        if picker.numbered and index < 10 and rng.random() < 0.8:
            await keys(pilot, str((index + 1) % 10))
        else:
            await go_to(pilot, game, index)
            await keys(pilot, "enter")


async def step(pilot: Pilot[Any], rng: random.Random, extras: bool = False) -> str:
    """One move through the interface; returns what was done (for traces)."""
    app = pilot.app
    top = app.screen
    if isinstance(top, CurtainScreen):
        game = table(app)
        if extras and game is not None and rng.random() < 0.3 and \
                game.session.can_undo(game.last_viewer):
            await keys(pilot, "u")
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


async def play_to_end(
    pilot: Pilot[Any], seed: int, *, limit: int = 20000, extras: bool = False,
    check: Callable[[], None] | None = None, stop_after: int | None = None,
) -> list[str]:
    """The shared ``play_to_end`` with Pirate's Cove's moves."""
    return await shared_play_to_end(pilot, seed, limit=limit, extras=extras, check=check,
                                    stop_after=stop_after, step=step)
