"""A seeded key fuzzer for every game: whole games through the app with random keys,
the secrecy scan at every screen.

The fuzzer plays as a hurried table would: mostly keys that make a move on the picker shown (a
choice's number, arrows and Enter, + and −), and a share of chaos keys: every key the key bar
offers, the out-of-turn keys (``s``, ``c``, ``o``, ``n``, digits, ``u``), Esc, Enter in bursts,
and resizes between 80×24 and 100×32.

Who may see what is decided here, not asked of the app: the **holder** is the seat whose curtain
was last passed with Enter (or the only person at a table of computers); before any curtain,
nobody. At every screen nothing private of any other seat may show (``secrecy.check_screen``
with ``holder``). A failure names the table, the seed, the key trace and the screen text, and
``replay`` plays the same keys again."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from common.entries import view_lines
from common.session import GameSession
from common.tui import settings
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid, Picker
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.keyguard import KeyGuard
from common.tui.learn import LessonFlow
from common.tui.numbered import number_keys
from common.tui.table import TableScreen
from common.tui.window import WindowPicker
from tests.tui.driver import keys, ready, screen_text, wait_until
from tests.tui.keypath import key_path
from tests.tui.secrecy import check_screen
from tests.tui.stall import stalls

SIZES = ((80, 24), (100, 32))
# Keys a player may type whatever is on screen (beyond what the key bar shows).
OUT_OF_TURN = ("s", "c", "o", "n", "u", "escape", "enter", "1", "2", "3", "4", "5", "0")
NEVER = frozenset({"ctrl+c", "ctrl+q"})  # quitting ends the run, not a leak to look for


def quits(action: str) -> bool:
    """Whether a binding's action leaves the app (``q`` mid-game quits, saved, as Ctrl+C)."""
    return action.startswith(("quit", "app.quit"))


@dataclass(frozen=True)
class Table:
    """Who sits at the table: the game, the names, computer levels (None: a person)."""

    game: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...] = ()
    seed: int = 1  # the game's own seed (its deal)
    # Orcz's optional orc challenge with a clock this short (seconds), so that ``c`` acts; the
    # clock makes such a run depend on timing: its trace replays only roughly.
    challenge: float | None = None

    def describe(self) -> str:
        levels = self.bots or (None,) * len(self.players)
        people = [name if level is None else f"{name} ({level} computer)"
                  for name, level in zip(self.players, levels, strict=True)]
        return f"{self.game}, {', '.join(people)}, game seed {self.seed}"


@dataclass
class Run:
    """What a fuzz run did: screens scanned, moves made, whether the game ended, the keys."""

    table: Table
    seed: int
    size: tuple[int, int] = (100, 32)  # the terminal it started on
    screens: int = 0
    moves: int = 0
    ended: bool = False
    trace: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # the public log at the end
    kinds: Counter[str] = field(default_factory=Counter)  # screens scanned, by kind


class Leak(AssertionError):
    """The scan failed: the message holds everything needed to replay it."""


@contextmanager
def curtains_passed() -> Iterator[list[str]]:
    """The names on the curtains passed with Enter, in order: the harness's own record of who
    took the terminal (a curtain's Enter is the one moment the terminal changes hands)."""
    passed: list[str] = []
    original = CurtainScreen.action_continue

    def recorded(self: CurtainScreen) -> None:
        passed.append(self.player)
        original(self)

    CurtainScreen.action_continue = recorded  # type: ignore[method-assign]
    try:
        yield passed
    finally:
        CurtainScreen.action_continue = original  # type: ignore[method-assign]


def in_lesson(app: HotseatApp) -> bool:
    """Whether a tip's lesson (``e``) is on screen: a made-up table of its own, no seat's."""
    return isinstance(getattr(app.screen, "flow", None), LessonFlow)


def new_session(table: Table) -> GameSession:
    # Tips show in real games (tests/tui/conftest.py turns them off for the other tests): the
    # scan reads the tip line too, and ``e`` opens a lesson and comes back.
    settings.DEFAULTS["tips"] = True
    settings.set_tips(True)  # a ``t`` of the run before turned them off for good
    options = {"orc_challenge": True} if table.challenge is not None else None
    return GameSession.new(table.game, list(table.players), table.seed, options,
                           bots=list(table.bots))


def new_app(table: Table, session: GameSession) -> HotseatApp:
    """The app with computer players that do not pause (their moves still show)."""
    if table.challenge is None:
        return HotseatApp(session, bot_pause=0)
    return HotseatApp(session, bot_pause=0, challenge_seconds=table.challenge)


def only_person(session: GameSession) -> int | None:
    people = [s for s in range(len(session.players)) if not session.is_bot(s)]
    return people[0] if len(people) == 1 else None


class Fuzzer:
    """One run: the keys, the holder, the scan."""

    def __init__(self, pilot: Pilot[Any], session: GameSession, run: Run,
                 passed: list[str]) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.session = session
        self.run = run
        self.rng = random.Random(run.seed)
        self.passed = passed
        self.alone = only_person(session)

    @property
    def holder(self) -> int | None:
        if self.alone is not None:
            return self.alone
        return self.session.players.index(self.passed[-1]) if self.passed else None

    # ---- the loop

    async def play(self, screens: int) -> Run:
        run = self.run
        stalled = 0
        while run.screens < screens:
            await self.settle()
            self.scan()
            run.screens += 1
            if isinstance(self.app.screen, EndScreen):
                run.ended = True
                return run
            before = self.session.action_count
            await self.send(self.choose_keys())
            stalled = 0 if self.session.action_count != before else stalled + 1
            if stalled > 600:
                self.fail("no move for 600 screens: the fuzzer (or the app) is stuck")
        await self.settle()  # what the last keys led to is a screen too
        self.scan()
        return run

    async def settle(self) -> None:
        try:
            await wait_until(self.pilot, lambda: ready(self.app) or in_lesson(self.app),
                             "the app to wait for a player")
        except AssertionError as err:
            self.fail(str(err))

    def scan(self) -> None:
        if in_lesson(self.app):  # a lesson's own table: nothing of the game on it
            self.run.kinds["Lesson"] += 1
            return
        try:
            # The terminal as drawn costs a full draw: every 10th screen, and every screen
            # that is not a table; the widgets' contents are read at every screen.
            drawn = self.run.screens % 10 == 0 or not isinstance(self.app.screen, TableScreen)
            check_screen(self.app, self.session, holder=self.holder, drawn=drawn)
            self.run.kinds[type(self.app.screen).__name__] += 1
        except AssertionError as err:
            self.fail(f"secret on screen: {err}")

    def fail(self, what: str) -> None:
        run = self.run
        holder = self.holder
        raise Leak(
            f"{what}\n"
            f"table: {run.table.describe()}; fuzz seed {run.seed}; screen {run.screens}; "
            f"holder: {'nobody' if holder is None else self.session.players[holder]}; "
            f"top screen: {type(self.app.screen).__name__}\n"
            f"key trace ({len(run.trace)} sends, one word each):\n{' '.join(run.trace)}\n"
            f"replay: replay({run.table!r}, TRACE.split(), size={run.size})\n"
            f"---- screen ----\n{screen_text(self.app)}")

    async def send(self, names: Sequence[str]) -> None:
        """One send: a resize, or keys posted at once (a burst is typed faster than the app
        draws). The trace keeps each send as one word, its keys joined with "+"."""
        self.run.trace.append("+".join(names))
        if names[0].startswith("size:"):
            width, height = (int(x) for x in names[0][5:].split("x"))
            await self.pilot.resize_terminal(width, height)
        else:
            await keys(self.pilot, *names)
        self.run.moves = self.session.action_count

    # ---- which keys

    def choose_keys(self) -> list[str]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.01:  # a resize lays every screen out again: the costliest send
            width, height = rng.choice(SIZES) if rng.random() < 0.7 else (
                rng.randint(80, 100), rng.randint(24, 32))
            return [f"size:{width}x{height}"]
        if roll < 0.21:
            return self.chaos()
        top = self.app.screen
        if isinstance(top, CurtainScreen):
            return ["enter"]
        if in_lesson(self.app):
            return ["ctrl+x"]  # back to the game, where it was
        if isinstance(top, TableScreen) and top.picker is not None:
            return self.progress(top, top.picker)
        return [rng.choice(("enter", "enter", "down", "up", "escape"))]

    def chaos(self) -> list[str]:
        """A key the key bar offers, an out-of-turn key, or Enter in a burst."""
        rng = self.rng
        if rng.random() < 0.25:
            return ["enter"] * rng.randint(2, 4)
        bar = [key for key, active in self.app.screen.active_bindings.items()
               if active.enabled and key not in NEVER and not quits(active.binding.action)]
        pool = bar + list(OUT_OF_TURN)
        return [rng.choice(pool)]

    def progress(self, table: TableScreen, picker: Picker) -> list[str]:
        """Keys that move the picker on: a random choice it offers, or a whole legal split."""
        rng = self.rng
        if isinstance(picker, WindowPicker):
            seats = [str(seat + 1) for seat, _ in picker.seats]
            return [rng.choice([*seats, "n", "n"])]
        if picker.adjustable:
            legal = getattr(picker, "legal", {})
            targets = list(legal.values()) if isinstance(legal, dict) else list(legal)
            if targets:
                path = key_path(picker, rng.choice(targets))
                if path is not None:
                    return path
            return [rng.choice(("plus", "minus", "up", "down", "enter"))]
        grid = table.query_one("#choices", ChoiceGrid)  # the choices drawn: no new search
        choices = [i for i, c in enumerate(grid.options) if c.enabled]
        if not choices:
            return ["escape"]
        index = rng.choice(choices)
        if picker.numbered:
            return number_keys(index, len(grid.options))
        step = index - grid.index
        moves = ["right"] * step if step > 0 else ["left"] * -step
        if not moves:  # Enter confirms only a choice moved to on this step
            moves = ["left", "right"] if index else ["right", "left"]
        return [*moves, "enter"]


async def fuzz(table: Table, seed: int, screens: int, *,
               size: tuple[int, int] | None = None, stall: float = 0.0) -> Run:
    """Play ``table`` with keys from ``seed`` for up to ``screens`` screens (or to the end),
    on a terminal of ``size`` (by default 80×24 or 100×32, by the seeds); with ``stall``, as
    a loaded machine (``StalledFuzzer``)."""
    size = size or SIZES[(seed + table.seed) % len(SIZES)]
    session = new_session(table)
    app = new_app(table, session)
    run = Run(table, seed, size)
    with curtains_passed() as passed, stalled(seed, stall) as lifted:
        try:
            async with app.run_test(size=size) as pilot:
                fuzzer = (StalledFuzzer(pilot, session, run, passed, lifted) if stall else
                          Fuzzer(pilot, session, run, passed))
                await fuzzer.play(screens)
        except Leak:
            raise
        except Exception as err:  # the app crashed: a failure to replay like a leak
            raise Leak(f"the app raised {type(err).__name__}: {err}\n"
                       f"table: {table.describe()}; fuzz seed {seed}; screen {run.screens}\n"
                       f"key trace ({len(run.trace)} sends, one word each):\n"
                       f"{' '.join(run.trace)}\n"
                       f"replay: replay({table!r}, TRACE.split(), size={size})"
                       ) from err
    run.log = view_lines(session.game.NAME, session.view(None))
    return run


async def replay(table: Table, trace: Sequence[str], *,
                 size: tuple[int, int] = (100, 32)) -> Run:
    """Send a recorded key trace again, scanning after each send: a failure's reproduction."""
    session = new_session(table)
    app = new_app(table, session)
    run = Run(table, seed=-1, size=size)
    with curtains_passed() as passed:
        async with app.run_test(size=size) as pilot:
            fuzzer = Fuzzer(pilot, session, run, passed)
            for word in trace:
                await fuzzer.settle()
                fuzzer.scan()
                run.screens += 1
                await fuzzer.send(word.split("+"))
            await fuzzer.settle()
            fuzzer.scan()
    run.log = view_lines(session.game.NAME, session.view(None))
    return run


# ---- a loaded machine: the app stalls as curtains and notices appear (tests/tui/stall.py)


@contextmanager
def stalled(seed: int, most: float) -> Iterator[list[CurtainScreen]]:
    """With ``most`` > 0: the key guard on at half of ``most``, each curtain and notice
    stalling the app for a random time up to ``most`` as it mounts; yields the curtains
    lifted, in order. With 0: nothing changes (the guard stays as the tests set it)."""
    lifted: list[CurtainScreen] = []
    if most <= 0:
        yield lifted
        return
    rng = random.Random(seed)
    original, guard = CurtainScreen.action_continue, KeyGuard.SECONDS

    def recorded(self: CurtainScreen) -> None:
        lifted.append(self)
        original(self)

    CurtainScreen.action_continue = recorded  # type: ignore[method-assign]
    KeyGuard.SECONDS = most / 2
    try:
        with stalls(lambda screen: rng.uniform(0, most)):
            yield lifted
    finally:
        CurtainScreen.action_continue = original  # type: ignore[method-assign]
        KeyGuard.SECONDS = guard


class StalledFuzzer(Fuzzer):
    """The fuzzer on a loaded machine: no curtain may be lifted that it never saw on screen.
    A send's keys are all typed at once, before the app handles any: a curtain that came up
    and was lifted within one send was lifted by keys typed before it was drawn."""

    def __init__(self, pilot: Pilot[Any], session: GameSession, run: Run, passed: list[str],
                 lifted: list[CurtainScreen]) -> None:
        super().__init__(pilot, session, run, passed)
        self.lifted = lifted
        self.seen: list[CurtainScreen] = []  # the curtains it waited on, drawn

    async def settle(self) -> None:
        await super().settle()
        top = self.app.screen
        if isinstance(top, CurtainScreen) and top not in self.seen:
            self.seen.append(top)
        # Half the time the player reads a guarded screen (a curtain, a notice) before the
        # next keys, as at a table; the other half they hurry, and the guard must refuse them.
        # Without the readers the keys come faster than the guard's time and the game stalls.
        guard = getattr(top, "guard", None)
        if isinstance(guard, KeyGuard) and self.rng.random() < 0.5:
            try:
                await wait_until(self.pilot, guard.ready, "a guarded screen read a while")
            except AssertionError as err:
                self.fail(str(err))

    async def send(self, names: Sequence[str]) -> None:
        before = len(self.lifted)
        await super().send(names)
        for curtain in self.lifted[before:]:
            if curtain not in self.seen:
                self.fail(f"{curtain.player}'s curtain was lifted by keys typed before it "
                          "was drawn")
