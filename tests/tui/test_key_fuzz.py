"""Random keys through whole games of every registered game, the secrecy scan at every screen
against the holder the harness derives from the curtains passed (``tests/tui/fuzz.py``).

A short run for the README suite; the long one (four parts of 2,500 screens per shipped game,
split so that xdist spreads it) under ``slow``; ``HOTSEAT_FUZZ_PARTS=8`` soaks all eight tables
of each game. A game installed beside the shipped ones gets tables made from its player counts
(``tables_for``). A failure prints the table, the seeds, the key trace and the screen."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from common.engine import get_game
from common.registry import GAMES
from common.tui.table import TableScreen
from tests.tui.driver import sync, wait_until
from tests.tui.fuzz import Fuzzer, Leak, Run, Table, curtains_passed, fuzz, new_session, replay

# Who sits at the table in the long run's parts: every size of table of each game, people
# alone, with computer players, or a person alone with computers (no curtain at all); "!" plays
# with Orcz's orc challenge. The first four, which CI runs, are one of each kind; the soak
# (HOTSEAT_FUZZ_PARTS=8) adds the other sizes.
ORCZ = [
    ("Ann", "Bob", "Cid", "Dan"), ("Ann", "+Hal", "+Kit"), ("Ann", "Bob", "+Hal"),
    ("!", "Ann", "+Hal", "Bob"),
    ("Ann", "Bob"), ("Ann", "Bob", "Cid"), ("Ann", "Bob", "Cid", "+Hal"),
    ("!", "Ann", "Bob", "Cid", "+Hal"),
]
PIRATES = [
    ("Ann", "Bob", "Cid", "Dan", "Eve"), ("Ann", "+Hal", "+Kit"), ("Ann", "Bob", "+Hal"),
    ("Ann", "+Hal", "Bob", "Cid", "Dan"),
    ("Ann", "Bob", "Cid"), ("Ann", "Bob", "Cid", "Dan"), ("Ann", "Bob", "Cid", "+Hal", "+Kit"),
    ("Ann", "Bob", "Cid", "Dan"),
]
SEEDS = [1002, 1003, 1004, 1007, 1000, 1001, 1005, 1006]  # each table kept its seed when reordered
SHIPPED = {"orcz": ORCZ, "pirates": PIRATES}
SCREENS_A_PART = 2_500
# Another game's parts are shorter: CI runs them beside the shipped games' in its time (its
# games are shorter too; a part still plays whole games).
OTHER_SCREENS_A_PART = 750
# Four parts keep CI under its time; each part is about three minutes of one core.
PARTS = min(len(ORCZ), int(os.environ.get("HOTSEAT_FUZZ_PARTS", "4")))
PEOPLE = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Ivy")
COMPUTERS = ("+Hal", "+Kit", "+Lou", "+Max", "+Ned", "+Oz", "+Pat")


def tables_for(game: str) -> list[tuple[str, ...]]:
    """The long run's eight tables of ``game``: the shipped games' own, or made from the
    game's player counts: the most people, a person alone with computers, people with a
    computer, the fewest people, then every other size (computers only for a game that has
    them)."""
    if game in SHIPPED:
        return SHIPPED[game]
    core = get_game(game)
    low, high = core.MIN_PLAYERS, core.MAX_PLAYERS
    bots = GAMES[game].has_bots
    alone = ("Ann", *COMPUTERS[:max(low, 2) - 1]) if bots else PEOPLE[:low]
    mixed = (*PEOPLE[:max(low, 3) - 1], COMPUTERS[0])[:high] if bots else PEOPLE[:high]
    out = [PEOPLE[:high], alone, mixed, PEOPLE[:low]]
    out += [PEOPLE[:n] for n in range(low, high + 1)]
    while len(out) < len(SEEDS):
        out.append(out[len(out) % 4])
    return out[:len(SEEDS)]


def table(game: str, seats: tuple[str, ...], seed: int) -> Table:
    """A table from names; "+Name" is a computer player (the quick ``random`` level); a
    first seat "!" plays Orcz's orc challenge on a short clock."""
    challenge = 0.5 if seats[0] == "!" else None
    seats = seats[1:] if challenge else seats
    names = tuple(s.lstrip("+") for s in seats)
    bots = tuple("random" if s.startswith("+") else None for s in seats)
    return Table(game, names, bots if any(bots) else (), seed, challenge)


async def fuzz_for(game: str, seats: tuple[str, ...], seed: int, screens: int) -> list[Run]:
    """Whole games one after another at the same table until ``screens`` were scanned."""
    runs: list[Run] = []
    while sum(r.screens for r in runs) < screens:
        left = screens - sum(r.screens for r in runs)
        runs.append(await fuzz(table(game, seats, seed * 100 + len(runs)), seed, left))
    return runs


@pytest.mark.parametrize(("game", "seats", "seed"), [
    ("orcz", ("Ann", "Bob", "Cid", "Dan"), 1),  # caught a scout leak at screen 106
    ("pirates", ("Ann", "Bob", "+Hal"), 3),
    *((game, tables_for(game)[0], 1) for game in sorted(GAMES) if game not in SHIPPED),
])
@sync
async def test_a_short_key_fuzz_leaks_nothing(game: str, seats: tuple[str, ...],
                                              seed: int) -> None:
    screens = 150 if game == "orcz" else 100  # Orcz's caught the scout leak at screen 106
    runs = await fuzz_for(game, seats, seed, screens)
    assert sum(r.screens for r in runs) >= screens
    assert runs[0].moves >= 15, "the keys made too few moves to say anything"


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("game", sorted(GAMES))
@sync
async def test_a_long_key_fuzz_leaks_nothing(game: str, part: int) -> None:
    seats = tables_for(game)[part]
    screens = SCREENS_A_PART if game in SHIPPED else OTHER_SCREENS_A_PART
    runs = await fuzz_for(game, seats, SEEDS[part], screens)
    kinds = sum((r.kinds for r in runs), Counter[str]())
    print(f"{game} {seats}: {sum(r.screens for r in runs)} screens, "
          f"{sum(r.ended for r in runs)} games ended, moves {[r.moves for r in runs]}, "
          f"{dict(kinds)}")
    assert any(r.ended for r in runs), "no game reached its end"


# The scout leak the fuzzer found (4 people, seed 7): Ann's panel, a scout played out of turn by
# Bob, and Ann's panel came back with no curtain while Bob was at the terminal.
SCOUT_LEAK = Table("orcz", ("Ann", "Bob", "Cid", "Dan"), seed=7)
SCOUT_KEYS = (
    "enter", "2", "4", "1", "0", "r", "enter",  # Dan's first rank, then each seat's behind its
    "enter", "1", "7", "1", "1", "r", "enter",  # curtain (a card's number typed in full)
    "enter", "3", "3", "6", "r", "enter",
    "enter", "4", "9", "2", "r", "enter",
    "enter", "3", "6", "7", "r", "enter",
    "enter",  # Ann's panel
    "s", "down", "enter",  # a scout: another seat than Ann's
    "enter", "down", "enter",  # its curtain, a face-down card
    "enter",  # "the screen will be hidden": Ann's panel must not come back without a curtain
)


@sync
async def test_a_scout_out_of_turn_hands_the_terminal_back_behind_a_curtain() -> None:
    run = await replay(SCOUT_LEAK, SCOUT_KEYS)
    assert any("sends a scout" in line for line in run.log), "the keys played no scout"


@sync
async def test_the_fuzzer_catches_a_panel_shown_to_the_wrong_person() -> None:
    """Guard for the guard: a private panel shown with no curtain to the seat at the terminal
    must fail the scan, whatever the app believes about who is there."""
    layout = table("orcz", ("Ann", "Bob", "Cid"), 7)
    session = new_session(layout)
    from common.tui.app import HotseatApp

    app = HotseatApp(session, bot_pause=0)
    with curtains_passed() as passed:
        async with app.run_test(size=(100, 32)) as pilot:
            fuzzer = Fuzzer(pilot, session, Run(layout, 0), passed)
            await fuzzer.send(["enter"])
            await fuzzer.settle()
            fuzzer.scan()  # the seat whose curtain was passed, on its own panel: fine
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.viewer is not None
            other = (screen.viewer + 1) % 3
            # What a flow bug would do: the app hands the terminal over with no curtain (and
            # believes it did right: whatever it keeps of who holds the terminal agrees).
            holder = getattr(screen, "holder", None)
            if holder is not None:
                holder.lift(other)
            screen.show_for(other)
            await wait_until(pilot, lambda: screen.viewer == other, "the other panel")
            with pytest.raises(Leak, match="key trace"):
                fuzzer.scan()
