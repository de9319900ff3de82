"""Computer players that never peek: the bot protocol and the levels every game shares.

A bot decides from a ``Seen``: its seat, its legal actions, and worlds sampled from what that seat
has seen (each game's ``sample.sample``, whose worlds look the same to the seat: the secrecy
property's twin). The real state never reaches a bot: ``Seen`` holds only a world sampled from it
at the boundary, and every further world is sampled from that one. A bot that could read more
than its seat may know would have to work hard at it; one that reads its ``Seen`` cannot.

Levels: ``random`` (a legal action at random), ``normal`` (each game's heuristic, ``GAME.bot``) and
``hard`` (a search over sampled worlds: successive halving at the root over the heuristic's
shortlist, each action played out in worlds drawn for the seat, to the end of the round or month
(Pirate's Cove's last two months: the game) with the heuristic at every seat, and scored by the
game's value function; see ``HardBot``).
Time lives here, never in the rules cores.

The shell asks ``make_bot(game, level, seed)`` once per computer seat and then
``choose(bot, state, seat, turn)`` whenever that seat is to act; ``turn`` (the number of actions
applied so far) and the bot's seed fix the decision's randomness, so that a replayed, undone or
resumed game decides the same way.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from common.engine import GameModule, get_game
from common.registry import GAMES

LEVELS = ("random", "normal", "hard")
DEFAULT_LEVEL = "normal"
HARD_SECONDS = 1.0  # the default time budget of one ``hard`` decision
HARD_ROUNDS = 400  # the default cap on the worlds of one ``hard`` decision

Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]
Sample = Callable[[Any, int, random.Random], Any]
DEFAULT_HARD_STEPS = 8_000  # a game's hard budget when it names none: Orcz's and Pirate's Cove's
# What a rollout costs at the least, in steps: drawing its world and applying the action cost
# about that much. Without it a decision whose rollouts end at once (a stage that ends a few
# steps on, as Pirate's Cove's opening outfit did when it was searched) played its worlds to the
# cap and needed the clock to stop.
ROLLOUT_FLOOR = 10


@dataclass(frozen=True, slots=True)
class GameBots:
    """What a game supplies to its computer players (its ``GameEntry``'s ``sampler`` and
    ``bots``), each part the game leaves out filled with a default (``game_bots``).

    ``random`` needs nothing; ``normal`` needs the heuristic (``normal``) and, in a game with
    hidden information, the sampler: the heuristic must never read the real state; ``hard``
    needs no more than ``normal``: its other parts have defaults."""

    rules: GameModule
    sample: Sample | None  # a world ``seat`` cannot tell from state; None: none to give a bot
    normal: Policy | None  # the heuristic: (world, seat, legal, rnd) -> action; None: none
    shortlist: Callable[[Any, int, Sequence[Any], int], list[Any]]  # the k most promising
    winners: Callable[[Any], Sequence[int]]  # of a finished game; empty: nobody won
    points: Callable[[Any, int], int]  # a seat's goblins or fame
    hard_steps: int  # rollout steps of one ``hard`` decision: about half a second here
    stage: Callable[[Any], int]  # the round or month
    # What a rollout plays to the end of: the stage, or a longer one (near the end of the game a
    # rollout cut at the stage's end misjudges what the last stage will make of the state).
    horizon: Callable[[Any], int]
    value: Callable[[Any, int], float]  # what a state is worth to a seat, in [0, 1]
    out_of_turn: Policy | None  # the heuristic's move while another seat acts; None: never

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels this game's computer players can play."""
        return LEVELS if self.normal is not None and self.sample is not None else ("random",)

    def heuristic(self) -> Policy:
        if self.normal is None:
            raise ValueError(f"{self.rules.TITLE} has no heuristic for its computer players")
        return self.normal

    def sampler(self) -> Sample:
        if self.sample is None:
            raise ValueError(f"{self.rules.TITLE} has hidden information and no sampler")
        return self.sample


def _as_it_is(state: Any, seat: int, rnd: random.Random) -> Any:
    """The sampler of a game without hidden information: the one world there is."""
    return state


def _standings(rules: GameModule, state: Any) -> list[Any]:
    found: list[Any] = rules.result(state).get("standings", [])
    return found


def default_parts(rules: GameModule, normal: Policy | None) -> dict[str, Any]:
    """The parts of ``GameBots`` a game may leave out, read from its ``result``: the winner is
    the first of the standings, a seat's points its row's ``points`` (0 without), a finished
    state is worth its place (1 the first, 0 the last), one under way an even 0.5; the game is
    one stage (a rollout plays to the end); the shortlist is the heuristic's own choice, then
    the legal actions in their order."""

    def winners(state: Any) -> list[int]:
        rows = _standings(rules, state)
        return [rows[0]["seat"]] if rows else []

    def points(state: Any, seat: int) -> int:
        row: dict[str, Any] = next((r for r in _standings(rules, state) if r["seat"] == seat),
                                   {})
        found = row.get("points", 0)
        return found if type(found) is int else 0

    def value(state: Any, seat: int) -> float:
        seats = [row["seat"] for row in _standings(rules, state)] if rules.is_over(state) else []
        if seat not in seats:
            return 0.5
        return 1.0 - seats.index(seat) / max(1, len(seats) - 1)

    def shortlist(world: Any, seat: int, legal: Sequence[Any], k: int) -> list[Any]:
        first = [normal(world, seat, legal, random.Random(0))] if normal is not None else []
        return (first + [a for a in legal if a not in first])[:k]

    return {"winners": winners, "points": points, "value": value, "shortlist": shortlist,
            "stage": lambda state: 0, "hard_steps": DEFAULT_HARD_STEPS}


@cache
def game_bots(game: str) -> GameBots:
    """The bot support of ``game``, any part it does not give filled with its default
    (``default_parts``); ``KeyError`` for an unknown game. A game without a ``bots`` module
    gets the ``random`` level alone (``GameBots.levels``)."""
    entry = GAMES[game]
    rules = get_game(game)
    sample: Sample | None = _as_it_is if not entry.hidden else None
    if entry.sampler:
        sample = importlib.import_module(entry.sampler).sample
    heuristic = importlib.import_module(entry.bots) if entry.bots else None
    normal: Policy | None = getattr(heuristic, "normal", None)
    parts = default_parts(rules, normal)
    names = {"shortlist": "shortlist", "winners": "winners", "points": "points",
             "hard_steps": "HARD_STEPS", "stage": "stage", "value": "value"}
    given = {part: getattr(heuristic, name, parts[part]) for part, name in names.items()}
    given["horizon"] = getattr(heuristic, "horizon", given["stage"])
    return GameBots(rules, sample, normal, out_of_turn=getattr(heuristic, "out_of_turn", None),
                    **given)


class Seen:
    """Everything a bot may use to decide: nothing here holds the real state."""

    __slots__ = ("_first", "_game", "legal", "rng", "seat")

    def __init__(
        self, game: GameBots, state: Any, seat: int, rng: random.Random, *, worlds: bool = True
    ) -> None:
        self._game = game
        self.seat = seat
        self.legal: tuple[Any, ...] = tuple(game.rules.legal_actions(state, seat))
        self.rng = rng
        # The one world drawn from the real state; later worlds are drawn from it. A random bot
        # needs none (``worlds=False``): that saves the draw on every step of a simulation.
        self._first: Any = game.sampler()(state, seat, rng) if worlds else None

    def world(self) -> Any:
        """A world drawn at random among those this seat cannot tell from the real game."""
        if self._first is None:
            raise RuntimeError("this bot was given no worlds")
        return self._game.sampler()(self._first, self.seat, self.rng)

    def view(self) -> dict[str, Any]:
        """The seat's view, which every sampled world shares with the real game."""
        return self._game.rules.view(self.world(), self.seat)


class Bot(Protocol):
    """A computer player: its game, its level, its seed, and how it decides from a ``Seen``."""

    @property
    def game(self) -> str: ...

    @property
    def level(self) -> str: ...

    @property
    def seed(self) -> int: ...

    def decide(self, seen: Seen) -> Any: ...


@dataclass(frozen=True, slots=True)
class RandomBot:
    game: str
    seed: int
    level: str = "random"

    def decide(self, seen: Seen) -> Any:
        return seen.legal[int(seen.rng.random() * len(seen.legal))]


@dataclass(frozen=True, slots=True)
class NormalBot:
    """Each game's heuristic, run on one sampled world (it reads only what the seat knows)."""

    game: str
    seed: int
    level: str = "normal"

    def decide(self, seen: Seen) -> Any:
        if len(seen.legal) == 1:
            return seen.legal[0]
        return game_bots(self.game).heuristic()(seen.world(), seen.seat, seen.legal, seen.rng)


@dataclass(slots=True)
class ClockCount:
    """This process's ``hard`` searches, and how many of them the clock cut short: a figure
    made with a step budget is reproducible only while this stays 0 (``simulate`` reports it).
    Counting changes no decision."""

    searches: int = 0
    cut: int = 0


CLOCK = ClockCount()


@dataclass(frozen=True, slots=True)
class HardBot:
    """A search over worlds sampled for the seat: successive halving at the root.

    The heuristic's shortlist (``width`` actions) is searched in phases. In each, every action
    still in the race is played out once per world, the same world and rollout seed for all
    (common random numbers: the actions are compared on the same luck), until the phase's share
    of the budget of ``steps`` game steps is spent (None: the game's default); then the better
    half goes on. A rollout plays the heuristic at every seat to the end of the round (Orcz) or
    month (Pirates; in the last two months, the game: the game's ``horizon``) and is scored by
    the game's value function: short rollouts give many worlds,
    and the heuristic reads no card its seat does not know, so no seat in a rollout plays on
    another's hidden cards. ``rounds`` caps the worlds. A budget in steps rather than seconds
    keeps a decision deterministic for a seed; ``seconds`` is a guard on top, for a machine much
    slower than ours (then the clock may end the search, between two rollouts). ``clock`` reads
    those seconds: wall time for a player waiting at the table; a benchmark on a shared machine
    gives the thread's CPU time (``time.thread_time``), which other processes' load leaves
    alone.
    """

    game: str
    seed: int
    seconds: float = HARD_SECONDS
    steps: int | None = None
    rounds: int = HARD_ROUNDS
    width: int = 6  # actions searched, from the heuristic's shortlist
    level: str = "hard"
    clock: Callable[[], float] = time.perf_counter

    def decide(self, seen: Seen) -> Any:
        if len(seen.legal) == 1:
            return seen.legal[0]
        support = game_bots(self.game)
        candidates = support.shortlist(seen.world(), seen.seat, seen.legal, self.width)
        if len(candidates) == 1:
            return candidates[0]
        search = _Search(support, seen, candidates, self.clock, self.clock() + self.seconds * 0.95)
        budget = self.steps or support.hard_steps
        alive = list(range(len(candidates)))
        phases = max(1, math.ceil(math.log2(len(candidates))))
        for phase in range(phases):
            target = budget * (phase + 1) / phases
            while search.worlds < self.rounds and not search.late():
                search.play(alive)
                if search.used >= target:
                    break
            alive = search.better_half(alive)
        CLOCK.searches += 1
        CLOCK.cut += search.cut
        return candidates[search.best(alive)]


class _Search:
    """The totals of a root search: rollouts played, values, steps, worlds."""

    __slots__ = ("candidates", "clock", "counts", "cut", "deadline", "seen", "support", "totals",
                 "used", "worlds")

    def __init__(self, support: GameBots, seen: Seen, candidates: list[Any],
                 clock: Callable[[], float], deadline: float) -> None:
        self.support, self.seen, self.candidates = support, seen, candidates
        self.clock, self.deadline = clock, deadline
        self.totals = [0.0] * len(candidates)
        self.counts = [0] * len(candidates)
        self.used = 0
        self.worlds = 0
        self.cut = False  # the clock ended the search before its budget

    def late(self) -> bool:
        if self.clock() > self.deadline:
            self.cut = True
        return self.cut

    def play(self, alive: list[int]) -> None:
        """One world, every action still in the race played out in it with one seed."""
        outcomes = world_outcomes(self.support, self.seen, [self.candidates[i] for i in alive])
        self.worlds += 1
        for i in alive:
            if self.late():
                return
            value, steps = next(outcomes)
            self.totals[i] += value
            self.counts[i] += 1
            self.used += max(steps, ROLLOUT_FLOOR)

    def mean(self, i: int) -> float:
        return self.totals[i] / self.counts[i] if self.counts[i] else -math.inf

    def better_half(self, alive: list[int]) -> list[int]:
        """The better half by mean value, rounded up (ties: the heuristic's order)."""
        ranked = sorted(alive, key=lambda i: (-self.mean(i), i))
        return sorted(ranked[:(len(ranked) + 1) // 2])

    def best(self, alive: list[int]) -> int:
        return min(alive, key=lambda i: (-self.mean(i), i))


def world_outcomes(support: GameBots, seen: Seen,
                   actions: Sequence[Any]) -> Iterator[tuple[float, int]]:
    """One world drawn for ``seen``'s seat (now), and each of ``actions`` played out in it on
    the same luck (as it is asked for): the value of the state reached, and the steps played."""
    world = seen.world()
    seed = seen.rng.getrandbits(64)
    stage = support.horizon(world)
    return (rollout(support, support.rules.apply(world, action), seen.seat, random.Random(seed),
                    stage) for action in actions)


def rollout(support: GameBots, state: Any, seat: int, rnd: random.Random,
            stage: int | None = None) -> tuple[float, int]:
    """Play on with the heuristic at every seat, to the end of the game or, given the ``stage``
    it began in (its ``horizon``), of that round or month: the value of the state reached to
    ``seat``, and the steps played."""
    rules, normal = support.rules, support.heuristic()
    steps = 0
    while not rules.is_over(state) and (stage is None or support.horizon(state) == stage):
        who = rules.to_act(state)[0]
        legal = rules.legal_actions(state, who)
        action = legal[0] if len(legal) == 1 else normal(state, who, legal, rnd)
        state = rules.apply(state, action)
        steps += 1
    return support.value(state, seat), steps


def above_rivals(scores: Sequence[float], seat: int, scale: float) -> float:
    """The share of the rivals ``seat`` stands above by ``scores``, each counted smoothly over
    ``scale`` (0: a plain count, a tie half): a game's value blends it in so that a seat far
    behind the leader still ranks its options by the places it may win."""
    mine = scores[seat]

    def above(theirs: float) -> float:
        if scale:
            return 0.5 + 0.5 * math.tanh((mine - theirs) / scale)
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    rivals = [above(s) for p, s in enumerate(scores) if p != seat]
    return sum(rivals) / len(rivals)


_CLASSES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "normal": NormalBot, "hard": HardBot,
}


def make_bot(game: str, level: str = DEFAULT_LEVEL, seed: int = 0, **budget: Any) -> Bot:
    """A computer player of ``level`` for ``game``; ``budget`` (``seconds``, ``steps``, ``rounds``,
    ``width``, ``clock``) tunes ``hard``. ``ValueError`` for an unknown level, ``KeyError`` for
    an unknown game."""
    if level not in _CLASSES:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    support = game_bots(game)
    if level not in support.levels:
        raise ValueError(f"{support.rules.TITLE} has no {level} computer players "
                         f"(levels: {', '.join(support.levels)})")
    extra = budget if level == "hard" else {}
    return _CLASSES[level](game, seed, **extra)


def decision_rng(seed: int, seat: int, turn: int) -> random.Random:
    """The randomness of one decision: fixed by the bot's seed, its seat and the turn."""
    return random.Random((seed * 1_000_003 + seat) * 1_000_003 + turn)


def aside(bot: Bot, state: Any, seat: int, turn: int) -> Any | None:
    """What ``bot`` does at ``seat`` while another seat is to act (Orcz: a challenge of a slow
    player, which a shell offers when its clock runs out), or None: nothing. The heuristic's
    ``out_of_turn`` decides for ``normal`` and ``hard``; ``random`` takes an offer half the time."""
    rng = decision_rng(bot.seed, seat, turn)
    seen = Seen(game_bots(bot.game), state, seat, rng, worlds=bot.level != "random")
    if not seen.legal:
        return None
    if bot.level == "random":
        return seen.legal[int(rng.random() * len(seen.legal))] if rng.random() < 0.5 else None
    decide = game_bots(bot.game).out_of_turn
    return None if decide is None else decide(seen.world(), seat, seen.legal, rng)


def choose(bot: Bot, state: Any, seat: int, turn: int) -> Any:
    """``bot``'s action at ``seat`` in ``state`` (a seat ``to_act`` names); ``turn`` is the number
    of actions applied so far. The state goes no further than the sampling boundary."""
    rng = decision_rng(bot.seed, seat, turn)
    seen = Seen(game_bots(bot.game), state, seat, rng, worlds=bot.level != "random")
    if not seen.legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    return bot.decide(seen)
