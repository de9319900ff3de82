"""``hotseat simulate``: many games between computer players, and what they say about a game.

``hotseat simulate GAME --games N --seats hard,normal,random,random [--seed S] [--json]`` plays N
games in parallel over the machine's cores (a process pool), shows a progress bar with the time
left, and prints per seat the win rate with its 95% interval, the mean points (goblins, fame) and
the mean game length; then what the game's ``Figures`` (common/registry.py) ask for: the games
nobody won (Orcz's collective defeats), and for a game in stages (Orcz's rounds) the win rate and
the points won by position in each stage's order (each stage's figures cover only the games that
reached it), else the share of games each seat finished at each place (Pirate's Cove).

Ctrl+C (or SIGTERM, SIGHUP) stops it at once and prints the figures of every finished game; a
second Ctrl+C leaves at once. No worker outlives the run, however the run ends. Work goes out
piece by piece (one game at a time with a ``hard`` seat), so the bar moves from the first game
and memory stays flat whatever ``--games`` is.

A seat's win rate is its share of the games someone won: games nobody won count for nobody, and a
shared win counts as a fraction for each winner. Game ``i`` uses the seed ``S + i`` and its bots
seeds drawn from it, so a run is reproducible (``hard`` within its step budget).

The shell registers the subcommand with ``add_parser(subparsers)`` and runs it with ``run(args)``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import multiprocessing
import os
import queue
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from common.bots import CLOCK, HARD_ROUNDS, HARD_SECONDS, LEVELS, choose, game_bots, make_bot
from common.codec import clip
from common.engine import get_game
from common.i18n import (
    N_,
    _,
    bare,
    choices,
    decimal,
    echoed,
    ngettext,
    percent,
    pgettext,
    positional,
    said_by,
    system_reason,
)
from common.levels import level_of, level_word, levels_words
from common.registry import GAMES, Figures
from common.words import shown

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


# --------------------------------------------------------------------------- one game

@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one finished game tells: who won, each seat's points, its length, whether nobody won
    (when the game counts that apart), and for a game in stages each stage's first player and
    every seat's points won or lost in that stage."""

    winners: tuple[int, ...]
    points: tuple[int, ...]
    length: int
    collective_defeat: bool  # nobody won, in a game with ``Figures.nobody_won``
    firsts: tuple[int, ...] = ()
    gains: tuple[tuple[int, ...], ...] = ()
    ranking: tuple[int, ...] = ()  # a game without stages: the standings' seats, best first
    searches: int = 0  # ``hard`` decisions searched
    clock_cuts: int = 0  # ... of which the clock ended before their step budget


class StageWatch(Protocol):
    """A game's watcher of its stages (``Figures.stages``), made from the first state and shown
    every later one: each stage's first seat, and each seat's points won in every stage ended."""

    firsts: list[int]
    gains: list[tuple[int, ...]]

    def after(self, state: Any) -> None: ...


def _watch(figures: Figures, state: Any) -> StageWatch | None:
    if not figures.stages:
        return None
    module, _, name = figures.stages.partition(":")
    watch: StageWatch = getattr(importlib.import_module(module), name)(state)
    return watch


def play_game(game: str, seats: Sequence[str], seed: int, **budget: Any) -> GameRecord:
    """One game of bots at ``seats`` (levels), from seed ``seed``."""
    support = game_bots(game)
    rules = support.rules
    figures = GAMES[game].figures
    bots = [make_bot(game, level, seed * 8 + i, **budget) for i, level in enumerate(seats)]
    state = rules.new_game([f"Bot {i + 1}" for i in range(len(seats))], seed)
    watch = _watch(figures, state)
    turn = 0
    searches, cuts = CLOCK.searches, CLOCK.cut
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        state = rules.apply(state, choose(bots[seat], state, seat, turn))
        turn += 1
        if watch is not None:
            watch.after(state)
    winners = tuple(support.winners(state))
    points = tuple(support.points(state, p) for p in range(len(seats)))
    searches, cuts = CLOCK.searches - searches, CLOCK.cut - cuts
    if watch is not None:
        return GameRecord(winners, points, turn, bool(figures.nobody_won) and not winners,
                          tuple(watch.firsts), tuple(watch.gains), searches=searches,
                          clock_cuts=cuts)
    ranking = tuple(row["seat"] for row in rules.result(state)["standings"])
    return GameRecord(winners, points, turn, bool(figures.nobody_won) and not winners,
                      ranking=ranking, searches=searches, clock_cuts=cuts)


def play_games(game: str, seats: Sequence[str], seeds: Sequence[int],
               budget: dict[str, Any]) -> list[GameRecord]:
    return [play_game(game, seats, seed, **budget) for seed in seeds]


# --------------------------------------------------------------------------- figures

@dataclass
class Tally:
    """Figures gathered over the games played so far: running sums, never the games themselves,
    so that memory stays flat whatever the number of games."""

    game: str
    seats: tuple[str, ...]
    games: int = 0
    decided_games: int = 0
    collective_defeats: int = 0
    length_sum: int = 0
    win_sum: list[float] = field(default_factory=list)
    point_sum: list[int] = field(default_factory=list)
    # A game in stages, per stage: [games won by someone, share won by each position in the
    # stage's order]
    won_by: list[tuple[list[int], list[float]]] = field(default_factory=list)
    # ... per stage: [games that reached it, points won by each position]
    gained_by: list[tuple[list[int], list[float]]] = field(default_factory=list)
    # ... per stage: the squares of those points, for their intervals
    gained_sq: list[tuple[list[int], list[float]]] = field(default_factory=list)
    # A game without stages, per seat: how often it finished at each place (first to last)
    places: list[list[int]] = field(default_factory=list)
    # A game in stages with mixed levels, per level, per stage: [won games in which a seat of
    # that level held each position, its wins there]
    level_won: dict[str, list[tuple[list[int], list[float]]]] = field(default_factory=dict)
    searches: int = 0
    clock_cuts: int = 0
    seed: int = 1  # the first game's
    budget: dict[str, Any] = field(default_factory=dict)  # what the command line gave hard
    figures: Figures = field(init=False)

    def __post_init__(self) -> None:
        self.figures = GAMES[self.game].figures
        self.win_sum = [0.0] * self.count
        self.point_sum = [0] * self.count
        self.places = [[0] * self.count for _ in range(self.count)]

    @property
    def count(self) -> int:
        return len(self.seats)

    def add(self, r: GameRecord) -> None:
        """Count one finished game."""
        self.games += 1
        self.length_sum += r.length
        self.collective_defeats += r.collective_defeat
        for p, points in enumerate(r.points):
            self.point_sum[p] += points
        if r.winners:
            self.decided_games += 1
            for w in r.winners:
                self.win_sum[w] += 1 / len(r.winners)
        for k, first in enumerate(r.firsts):
            if r.winners:
                games, shares = _row(self.won_by, k, self.count)
                games[0] += 1
                for w in r.winners:
                    shares[(w - first) % self.count] += 1 / len(r.winners)
            if k < len(r.gains):
                games, sums = _row(self.gained_by, k, self.count)
                squares = _row(self.gained_sq, k, self.count)[1]
                games[0] += 1
                for seat, gain in enumerate(r.gains[k]):
                    sums[(seat - first) % self.count] += gain
                    squares[(seat - first) % self.count] += gain * gain
        for place, seat in enumerate(r.ranking):
            self.places[seat][place] += 1
        self.searches += r.searches
        self.clock_cuts += r.clock_cuts
        if self.mixed and r.winners:
            self._add_levels(r)

    @property
    def mixed(self) -> bool:
        """Seats of more than one level: the pooled figures by position mix them."""
        return len(set(self.seats)) > 1

    def _add_levels(self, r: GameRecord) -> None:
        """Per level, per stage: which positions its seats held, and the wins they had there."""
        for k, first in enumerate(r.firsts):
            for seat, level in enumerate(self.seats):
                held, won = _level_row(self.level_won, level, k, self.count)
                position = (seat - first) % self.count
                held[position] += 1
                won[position] += (seat in r.winners) / len(r.winners)

    def wins(self) -> list[float]:
        return list(self.win_sum)

    def decided(self) -> int:
        return self.decided_games

    def by_position(self) -> list[list[float | None]]:
        """A game in stages: per stage, per position in that stage's order (first to last), the
        share of the won games won by the seat that held that position. Otherwise: per seat, the
        share of the games it finished at each place of the standings (first to last)."""
        if not self.figures.stage:
            return [[n / self.games if self.games else None for n in row] for row in self.places]
        return [[s / games[0] if games[0] else None for s in shares]
                for games, shares in self.won_by]

    def by_position_by_level(self) -> dict[str, list[list[float | None]]]:
        """A game in stages with mixed levels: per level, per stage, per position, how often a
        seat of that level in that position won, of the won games where one held it."""
        return {level: [[w / n if n else None for n, w in zip(held, won, strict=True)]
                        for held, won in rows]
                for level, rows in self.level_won.items()}

    def budgets(self) -> list[dict[str, Any] | None]:
        """Each seat's budget of a decision: ``hard``'s steps, clock guard and worlds (the
        game's defaults where the command line gave none); None for a seat that does not
        search."""
        hard = {"steps": self.budget.get("steps") or game_bots(self.game).hard_steps,
                "seconds": self.budget.get("seconds", HARD_SECONDS),
                "rounds": self.budget.get("rounds", HARD_ROUNDS)}
        return [dict(hard) if level == "hard" else None for level in self.seats]

    def gain_by_position(self) -> list[list[float | None]]:
        """Per stage, per position: the mean points won (or lost) in that stage."""
        return [[s / games[0] if games[0] else None for s in sums]
                for games, sums in self.gained_by]

    def gain_margin_by_position(self) -> list[list[float | None]]:
        """Per stage, per position: the half-width of the 95% interval of that mean."""
        table: list[list[float | None]] = []
        for (games, sums), (_games, squares) in zip(self.gained_by, self.gained_sq, strict=True):
            n = games[0]
            table.append([
                None if n < 2 else Z95 * math.sqrt(max(0.0, (q - t * t / n) / (n - 1)) / n)
                for t, q in zip(sums, squares, strict=True)])
        return table

    def summary(self, seconds: float) -> dict[str, Any]:
        decided = self.decided()
        wins = self.wins()
        games = self.games
        out: dict[str, Any] = {
            "game": self.game,
            "games": games,
            "seats": list(self.seats),
            "seconds": round(seconds, 2),
            "decided": decided,
            "wins": [round(w, 3) for w in wins],
            "win_rate": [round(w / decided, 4) if decided else None for w in wins],
            "interval": [[round(x, 4) for x in wilson(w, decided)] if decided else None
                         for w in wins],
            "mean_points": [round(s / games, 3) if games else None for s in self.point_sum],
            "points": self.figures.points,
            "mean_length": round(self.length_sum / games, 1) if games else None,
            "by_position": _rounded(self.by_position()),
            "seed": self.seed,
            "budgets": self.budgets(),
            "hard_searches": self.searches,
            "clock_cuts": self.clock_cuts,
        }
        if self.mixed and self.figures.stage:
            out["by_position_by_level"] = {
                level: _rounded(table) for level, table in self.by_position_by_level().items()}
        if self.figures.nobody_won:
            key = _key(self.figures.nobody_won)
            out[f"{key}s"] = self.collective_defeats
            out[f"{key}_rate"] = round(self.collective_defeats / games, 4) if games else None
        if self.figures.stage:
            out["gain_by_position"] = _rounded(self.gain_by_position())
            out["gain_margin_by_position"] = _rounded(self.gain_margin_by_position())
            # Stage k's figures cover only the games that reached stage k.
            out[f"games_by_{_key(self.figures.stage)}"] = [n[0] for n, _ in self.gained_by]
        return out


def _key(words: str) -> str:
    """A JSON key from words: "collective defeat" -> "collective_defeat"."""
    return words.replace(" ", "_")


def _row(table: list[tuple[list[int], list[float]]], k: int,
         count: int) -> tuple[list[int], list[float]]:
    while len(table) <= k:
        table.append(([0], [0.0] * count))
    return table[k]


def _level_row(table: dict[str, list[tuple[list[int], list[float]]]], level: str, k: int,
               count: int) -> tuple[list[int], list[float]]:
    rows = table.setdefault(level, [])
    while len(rows) <= k:
        rows.append(([0] * count, [0.0] * count))
    return rows[k]


def _rounded(table: list[list[float | None]]) -> list[list[float | None]]:
    return [[None if x is None else round(x, 4) for x in row] for row in table]


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion (``wins`` may be fractional: shared wins)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


# --------------------------------------------------------------------------- the command

MAX_SEED = 2**64 - 1  # the games' seeds, as a save and the command line take them
MAX_DIGITS = 30  # digits of any number this command takes (a seed has at most 20)

def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``simulate`` on the ``hotseat`` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        bare("simulate"), help=_("play many games between computer players and print the figures"),
        description=_("Many games between computer players, and what they say about a game."))
    # Only the games that load: a registered game that fails to import is said by the command
    # (common.tui.cli), and must not stop the others' help nor their runs.
    parser.add_argument("game", choices=choices([entry.name for entry in GAMES.working()]),
                        metavar=positional(pgettext("argument", "game")),
                        help=_("the game to play"))
    parser.add_argument("--games", metavar=pgettext("argument", "GAMES"),
                        type=_positive, default=100,
                        help=_("games to play (default {count})").format(count=100))
    parser.add_argument("--seats", metavar=pgettext("argument", "SEATS"),
                        required=True,
                        help=_("one level per seat, comma-separated ({levels})").format(
                            levels=levels_words()))
    parser.add_argument("--seed", metavar=pgettext("argument", "SEED"),
                        type=_seed, default=1,
                        help=_("seed of the first game (default {seed})").format(seed=1))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--workers", metavar=pgettext("argument", "WORKERS"),
                        type=_workers, default=_cores(),
                        help=_("processes, at most one per core (default {count}, this "
                               "machine's cores)").format(count=_cores()))
    parser.add_argument("--seconds", metavar=pgettext("argument", "SECONDS"),
                        type=_seconds, default=None,
                        help=_("the clock's guard on one hard decision, in seconds: the "
                               "step budget decides, and a search the clock cuts short is "
                               "counted (default {seconds})").format(
                            seconds=f"{HARD_SECONDS:g}"))
    parser.add_argument("--steps", metavar=pgettext("argument", "STEPS"),
                        type=_positive, default=None,
                        help=_("rollout steps of one hard decision (default {steps})").format(
                            steps=_hard_steps()))
    parser.add_argument("--rounds", metavar=pgettext("argument", "ROUNDS"),
                        type=_positive, default=None,
                        help=_("at most this many search rounds of one hard decision "
                               "(default {rounds})").format(rounds=HARD_ROUNDS))
    parser.set_defaults(handler=run)
    return parser


def _cores() -> int:
    return os.cpu_count() or 1


def _hard_steps() -> str:
    """Each game's own budget of a hard decision: one number when they agree."""
    steps = {}
    for entry in GAMES.working():
        try:
            support = game_bots(entry.name)
        except Exception:  # any failure of its bots modules: said when it is simulated, not here
            continue
        if "hard" in support.levels:
            steps[entry.name] = support.hard_steps
    if len(set(steps.values())) == 1:
        return str(next(iter(steps.values())))
    return ", ".join(f"{name} {n}" for name, n in steps.items())


def _whole(raw: str) -> int:
    """A whole number as typed (digits, a sign), for argparse; what is echoed is kept short."""
    text = raw.strip()
    digits = text.removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(_("{raw} is not a whole number").format(raw=echoed(raw)))
    if len(digits) > MAX_DIGITS:  # past any count or seed; int() of 4,300 digits is an error
        raise argparse.ArgumentTypeError(_("{raw} is far too large").format(raw=echoed(raw)))
    return int(text)


def _positive(raw: str) -> int:
    """A whole number of at least 1, for argparse."""
    value = _whole(raw)
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(
            value=clip(value)))
    return value


def _seed(raw: str) -> int:
    """A seed the games take: a whole number from 0 to 2**64 - 1."""
    value = _whole(raw)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(_seed_range(value))
    return value


def _seed_range(value: int) -> str:
    return _("the seed must be a whole number from 0 to {max}, not {value}").format(
        max=MAX_SEED, value=clip(value))


def _workers(raw: str) -> int:
    """At most one process per core: more only slows every game down and fills the memory."""
    value = _positive(raw)
    if value > _cores():
        raise argparse.ArgumentTypeError(ngettext(
            "this machine has {cores} core: at most {cores} worker, not {value}",
            "this machine has {cores} cores: at most {cores} workers, not {value}",
            _cores()).format(cores=_cores(), value=value))
    return value


def _seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{raw} is not a number of seconds").format(
            raw=echoed(raw))) from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(_("must be a number of seconds above 0, not {raw}")
                                         .format(raw=echoed(raw)))
    return value


class Stopped(Exception):
    """SIGTERM or SIGHUP reached the run: it stops as on Ctrl+C, and its workers with it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: Any) -> None:
    for sig in (signal.SIGTERM, signal.SIGHUP):  # one stop at a time: the workers are ending
        signal.signal(sig, signal.SIG_IGN)
    raise Stopped(signum)


def run(args: argparse.Namespace) -> int:
    seats = tuple(level_of(s) or s.strip() for s in args.seats.split(","))
    problem = _check(args.game, seats, args.games, args.seed)
    if problem:
        print(said_by("hotseat simulate") + shown(problem), file=sys.stderr)
        return 2
    chosen = (("seconds", args.seconds), ("steps", args.steps), ("rounds", args.rounds))
    budget = {k: v for k, v in chosen if v is not None}
    if budget and "hard" not in seats:
        print(said_by("hotseat simulate") + _idle_budget(budget), file=sys.stderr)
        return 2
    tally = Tally(args.game, seats, seed=args.seed, budget=budget)
    start = time.perf_counter()
    stopped = _collect(tally, args.seed, args.games, max(1, args.workers), budget)
    summary = tally.summary(time.perf_counter() - start)
    if stopped:
        summary["interrupted"] = True
    written = _write_out(summary, as_json=args.json)
    if stopped == signal.SIGINT:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if not written:
        return 1
    return 128 + stopped if stopped else 0


def _idle_budget(budget: dict[str, Any]) -> str:
    """Why a budget given with no ``hard`` seat is refused: it would change nothing, and the
    figures would seem to have been made with it."""
    return _("{options}: these options tune the hard computer players, and no seat is hard; "
             "they would change nothing").format(
        options=", ".join(f"--{name}" for name in budget))


def _write_out(summary: dict[str, Any], *, as_json: bool) -> bool:
    """Print the figures; a reader that left (``| head``) is no error, a full disk is said.
    False when they could not be written."""
    try:
        if as_json:
            print(json.dumps(summary))
        else:
            print_summary(summary)
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_to_nowhere()  # nobody reads on: the exit must not try to write again
        return True
    except OSError as err:
        _stdout_to_nowhere()
        print(said_by("hotseat simulate") + _("cannot write the figures: {reason}").format(
            reason=system_reason(err)), file=sys.stderr)
        return False
    return True


def _stdout_to_nowhere() -> None:
    """What is left in stdout's buffer goes nowhere, so that Python's exit does not fail on it."""
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, sys.stdout.fileno())
    os.close(nowhere)


def _check(game: str, seats: Sequence[str], games: int, seed: int = 1) -> str | None:
    if seed + games - 1 > MAX_SEED:  # game i plays the seed ``seed + i``: the last one too
        return _("the seeds of the games would pass {max} (game i plays the seed {seed} + i): "
                 "choose a smaller --seed or fewer --games").format(max=MAX_SEED, seed=seed)
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        return _("unknown level {level}; levels: {levels}").format(
            level=echoed(unknown[0]), levels=levels_words())
    try:
        support = game_bots(game)
    except Exception as err:  # any failure of a game's own bots modules is that game's problem
        return _("the computer players of {game} cannot be loaded: {reason}").format(
            game=game, reason=err)
    rules = support.rules
    wrong = next((s for s in seats if s not in support.levels), None)
    if wrong is not None:
        return _("{game} has no {level} computer players: its levels are {levels}").format(
            game=_(rules.TITLE), level=level_word(wrong), levels=levels_words(support.levels))
    if not rules.MIN_PLAYERS <= len(seats) <= rules.MAX_PLAYERS:
        return _("{game} is for {low} to {high} players, not {count}").format(
            game=_(rules.TITLE), low=rules.MIN_PLAYERS, high=rules.MAX_PLAYERS, count=len(seats))
    return None


def _chunk_size(seats: Sequence[str], games: int, workers: int) -> int:
    """Games per piece of work, sized by the seats' cost: one at a time with a ``hard`` seat (a
    game takes it minutes), more for cheap seats, where handing out costs more than playing."""
    if "hard" in seats:
        return 1
    most = 25 if set(seats) == {"random"} else 5
    return max(1, min(most, games // (workers * 8)))


def _chunks(first: int, games: int, size: int) -> Iterator[list[int]]:
    """The seeds, piece by piece, made only when handed out (a billion games cost no memory)."""
    for at in range(0, games, size):
        yield list(range(first + at, first + min(games, at + size)))


def _collect(tally: Tally, seed: int, games: int, workers: int, budget: dict[str, Any]) -> int:
    """Play the games into ``tally``; the signal that stopped it (SIGINT for Ctrl+C, SIGTERM,
    SIGHUP), else 0.

    At most two pieces of work per worker are out at a time, so the bar moves from the first
    finished game and nothing queues up. A stop keeps every finished game and ends the workers
    at once (their unfinished games are dropped); a second Ctrl+C, while the summary is made,
    exits at once."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    progress = Progress(*columns, console=Console(stderr=True), transient=True)
    done: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    size = _chunk_size(tally.seats, games, workers)
    workers = min(workers, math.ceil(games / size))  # no idle process for a short run
    chunks = _chunks(seed, games, size)
    before = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    pool = multiprocessing.Pool(workers, initializer=_worker_start, initargs=(os.getpid(),))
    try:
        with progress:
            task = progress.add_task(f"{tally.game} {','.join(tally.seats)}", total=games)
            out = sum(_hand_out(pool, tally, budget, done, chunks) for _ in range(2 * workers))
            while out:
                ok, value = done.get()
                out -= 1
                if not ok:
                    raise value
                for record in value:
                    tally.add(record)
                progress.advance(task, len(value))
                out += _hand_out(pool, tally, budget, done, chunks)
        pool.close()
        return 0
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, _exit_at_once)
        return signal.SIGINT
    except Stopped as stop:
        return stop.signum
    finally:
        pool.terminate()
        pool.join()  # every worker gone before the figures are printed
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _hand_out(pool: Any, tally: Tally, budget: dict[str, Any],
              done: queue.SimpleQueue[tuple[bool, Any]], chunks: Iterator[list[int]]) -> int:
    """Hand the next piece of work to the pool; 1 if there was one, else 0."""
    seeds = next(chunks, None)
    if seeds is None:
        return 0
    pool.apply_async(play_games, (tally.game, tally.seats, seeds, budget),
                     callback=lambda records: done.put((True, records)),
                     error_callback=lambda error: done.put((False, error)))
    return 1


def _exit_at_once(signum: int, frame: Any) -> None:
    """The second Ctrl+C: leave now, without a traceback (the first one's summary is on its way).

    The workers are killed first: one left writing a result into the pipe of a parent that has
    gone would print a broken-pipe traceback over the terminal."""
    for worker in multiprocessing.active_children():
        worker.kill()
    os._exit(130)


def _worker_start(parent: int) -> None:
    """Workers leave Ctrl+C to the parent, which stops them; on Linux the kernel ends a
    worker whose parent dies, however it dies (even ``kill -9``): no orphan plays on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != parent:  # it died before the line above: nobody waits for us
        os._exit(0)


def _number(x: float | None) -> str:
    return "–" if x is None else decimal(x)  # one precision throughout the table


def _percent(x: float | None) -> str:
    """A share in a column: as wide as the language writes "100.0%" ("100,0 %" in French)."""
    if x is None:
        return "  –  "
    return percent(x).rjust(len(percent(1.0)))


def _confidence() -> str:
    """The intervals' level (Z95), filled in: "%" in a text reads as a printf field."""
    return percent(0.95, digits=0)


def _interval(span: list[float] | None) -> str:
    return "" if span is None else " " + _("({confidence} interval {low}–{high})").format(
        confidence=_confidence(), low=_percent(span[0]).strip(), high=_percent(span[1]).strip())


# The words the games register for their figures (``common.registry.Figures``: their cores
# stay language-free), marked here for the catalog; the table prints them translated.
FIGURE_WORDS = (N_("goblins"), N_("fame"), N_("round"), N_("collective defeats"))


def _title(game: str) -> str:
    """The game's name as its players say it ("Pirate's Cove", "La Crique des Pirates"), not
    its id; the id when the game is not registered."""
    try:
        title = _(get_game(game).TITLE)
    except KeyError:
        return game
    return title[:1].upper() + title[1:]


def print_summary(s: dict[str, Any]) -> None:
    """The figures as plain text, each saying what it is a share of."""
    games = s["games"]
    head = ngettext("{game}: {count} game of {seats} in {seconds} s",
                    "{game}: {count} games of {seats} in {seconds} s", games).format(
        game=_title(s["game"]), count=games, seats=levels_words(s["seats"]),
        seconds=decimal(s["seconds"]))
    print(head + (" " + _("(interrupted)") if s.get("interrupted") else ""))
    _print_reproduction(s)
    length = "–" if s["mean_length"] is None else _("{count} actions").format(
        count=decimal(s["mean_length"]))
    print("  " + _("won by someone: {decided} of {games}; mean length {length}").format(
        decided=s["decided"], games=games, length=length))
    figures = GAMES[s["game"]].figures
    if figures.nobody_won:
        key = _key(figures.nobody_won)
        what = figures.nobody_won + "s"  # FIGURE_WORDS has it (the registry's word, singular)
        print("  " + _("{what}: {count} of {games} ({rate}), counted for nobody").format(
            what=_(what), count=s[key + "s"], games=games,
            rate=_percent(s[key + "_rate"]).strip()))
    print("  " + _("win rate: each seat's share of the {decided} games someone won (a shared "
                   "win counts as a fraction)").format(decided=s["decided"]))
    for seat, level in enumerate(s["seats"]):
        print("    " + _("seat {number} ({level}): {rate}{interval}, mean {points} {mean}").format(
            number=seat + 1, level=level_word(level), rate=_percent(s["win_rate"][seat]),
            interval=_interval(s["interval"][seat]), points=_(s["points"]),
            mean=_number(s["mean_points"][seat])))
    if figures.stage:
        _print_stages(s, figures.stage, figures.points)
        _print_levels_by_position(s, figures.stage)
    else:
        print("  " + _("share of the {games} games each seat finished at each place (first to "
                       "last):").format(games=games))
        for seat, row in enumerate(s["by_position"]):
            print("    " + _("seat {number}: {shares}").format(
                number=seat + 1, shares=" ".join(_percent(x) for x in row)))


def _shortest(x: float) -> str:
    """``x`` with no more decimals than it needs ("2", "0.5"), as the language writes it."""
    digits = len(f"{x:f}".rstrip("0").partition(".")[2])
    return decimal(x, digits)


def _print_reproduction(s: dict[str, Any]) -> None:
    """What it takes to make these figures again: the first seed, each seat's level and budget,
    and whether the clock cut searches short (then the figures depend on the machine)."""
    print("  " + _("first seed {seed} (game i plays seed {seed} + i)").format(seed=s["seed"]))
    for seat, (level, budget) in enumerate(zip(s["seats"], s["budgets"], strict=True)):
        if budget is None:
            continue
        print("    " + _("seat {number} ({level}): {steps} steps a decision, at most {rounds} "
                         "worlds, clock guard {seconds} s").format(
            number=seat + 1, level=level_word(level), steps=budget["steps"],
            rounds=budget["rounds"], seconds=_shortest(budget["seconds"])))
    if s["hard_searches"]:
        print("  " + _("clock: {cuts} of {searches} hard searches cut short (0: reproducible)"
                       ).format(
            cuts=s["clock_cuts"], searches=s["hard_searches"]))


def _print_levels_by_position(s: dict[str, Any], stage: str) -> None:
    """With mixed levels the table by position pools them: each level's own rates."""
    tables = s.get("by_position_by_level")
    if not tables:
        return
    word = _(stage)
    print("  " + _("the rates above pool the levels; each level's own, of the won games"))
    print("  " + _("where a seat of that level held the position:"))
    for level, table in tables.items():
        for k, row in enumerate(table):
            print("    " + _("{level}, {stage} {number}: {figures}").format(
                level=level_word(level), stage=word, number=k + 1,
                figures=" ".join(_percent(x) for x in row)))


def _print_stages(s: dict[str, Any], stage: str, points: str) -> None:
    even = _percent(1 / len(s["seats"])).strip()
    word = _(stage)
    print("  " + _("win rate by position in each {stage}'s order (first to last): how often the "
                   "seat").format(stage=word))
    print("  " + _("in that position won, of the games someone won that reached the {stage} "
                   "(even: {even}):").format(stage=word, even=even))
    for k, row in enumerate(s["by_position"]):
        print("    " + _("{stage} {number}: {figures}").format(
            stage=word, number=k + 1, figures=" ".join(_percent(x) for x in row)))
    print("  " + _("{points} won in each {stage} by position (first to last), mean ± half its "
                   "{confidence} interval:").format(points=_(points), stage=word,
                                                    confidence=_confidence()))
    for k, row in enumerate(s["gain_by_position"]):
        margins = s["gain_margin_by_position"][k]
        print("    " + _("{stage} {number}: {figures}").format(
            stage=word, number=k + 1, figures=" ".join(
                "  –  " if x is None else f"{decimal(x, sign=True):>5}±{decimal(m or 0)}"
                for x, m in zip(row, margins, strict=True))))
    print("  " + _("games that reached each {stage}: {counts}").format(
        stage=word, counts=", ".join(str(n) for n in s[f"games_by_{_key(stage)}"])))


def main(argv: list[str] | None = None) -> int:
    """``python -m common.simulate ...`` (the same as ``hotseat simulate ...``)."""
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(sys.argv[1:] if argv is None else argv)])
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
