"""The bots benchmark's measures of how the computer players play: the habits of each level
(the share of chances it takes, per kind of decision), the new ``normal`` against the old one
(``baseline``, a frozen copy in ``tests/bench/baseline``), and the stability of ``hard`` across
bot seeds.

Run through ``tests/bench/bots.py habits|baseline|stability``.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from common.bots import Bot, Seen, aside, choose, game_bots, make_bot, world_outcomes
from common.simulate import wilson

FAIR = 0.25


@dataclass(frozen=True, slots=True)
class BaselineBot:
    """The heuristic as it was before its tuning, played like ``normal`` on one sampled world."""

    game: str
    seed: int
    level: str = "baseline"

    def decide(self, seen: Seen) -> Any:
        if len(seen.legal) == 1:
            return seen.legal[0]
        module = importlib.import_module(f"tests.bench.baseline.{self.game}_bot")
        return module.normal(seen.world(), seen.seat, seen.legal, seen.rng)


def bot_of(game: str, level: str, seed: int) -> Bot:
    return BaselineBot(game, seed) if level == "baseline" else make_bot(game, level, seed)


# --------------------------------------------------------------------------- habits

Tally = dict[str, list[int]]  # kind of decision -> [chances, taken]


def orcz_habits(state: Any, legal: Sequence[Any], action: Any, tally: Tally) -> None:
    from orcz import data as D
    from orcz.actions import Attack, Hold, PlaceRank, Scout

    def count(kind: str, taken: bool) -> None:
        tally.setdefault(kind, [0, 0])
        tally[kind][0] += 1
        tally[kind][1] += taken

    if isinstance(action, PlaceRank):
        cards = {c.id: c for c in D.CARDS}
        left, right = cards[action.left], cards[action.right]
        down, up = (left, right) if action.face_down == "left" else (right, left)
        heroes = {"champion", "shaman"}
        if {left.kind, right.kind} & heroes:
            count("hide a hero (ranks with one)", down.kind in heroes)
        elif left.strength != right.strength:
            count("hide the weaker troop (ranks of two)", down.strength < up.strength)
    if any(isinstance(a, Scout) for a in legal):
        count("scout (decisions with a scout in hand)", isinstance(action, Scout))
    if any(isinstance(a, Attack) for a in legal) and any(isinstance(a, Hold) for a in legal):
        count("attack (fights with a choice)", isinstance(action, Attack))


def pirates_habits(state: Any, legal: Sequence[Any], action: Any, tally: Tally) -> None:
    from pirates import actions as A

    events = (A.Privateering, A.TreasureMap, A.Lookout, A.SendNavy, A.Marque, A.Escape,
              A.Shipowner)
    kinds: list[tuple[str, Callable[[Any], bool]]] = [
        ("buy a Tavern card", lambda a: isinstance(a, A.Buy)),
        ("play an event card", lambda a: isinstance(a, events)),
        ("play a Battle card", lambda a: isinstance(a, A.PlayBattle)),
        ("play a Volley card", lambda a: isinstance(a, A.PlayVolley)),
        ("fit a Mastercraft", lambda a: isinstance(a, A.Mastercraft)),
        ("bury", lambda a: isinstance(a, A.Bury)),
    ]
    for kind, test in kinds:
        if any(test(a) for a in legal):
            tally.setdefault(kind, [0, 0])
            tally[kind][0] += 1
            tally[kind][1] += test(action)
    if any(isinstance(a, A.Bury) for a in legal) and isinstance(action, A.Bury | A.Done):
        kind = "leave Treasure Island without burying"  # of the visits' ends, bury or not
        tally.setdefault(kind, [0, 0])
        tally[kind][0] += 1
        tally[kind][1] += isinstance(action, A.Done)


def habits_game(game: str, level: str, seed: int) -> Tally:
    """One 4-player game; the habits of the seats at ``level`` (``hard``: one seat, which turns
    with the seed, against three ``normal``). Orcz is played with the orc challenge: before each
    placement the next seat is offered a challenge, as a shell does when its clock runs out."""
    support = game_bots(game)
    rules = support.rules
    seats = [level] * 4 if level != "hard" else ["normal"] * 4
    if level == "hard":
        seats[seed % 4] = "hard"
    bots = [bot_of(game, lv, seed * 8 + i) for i, lv in enumerate(seats)]
    options = {"orc_challenge": True} if game == "orcz" else {}
    state = rules.new_game([f"Bot {i + 1}" for i in range(4)], seed, **options)
    watch = orcz_habits if game == "orcz" else pirates_habits
    tally: Tally = {}
    turn = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        if game == "orcz" and state.pending.kind == "deploy" and not state.challenged:
            other = (seat + 1) % 4
            if seats[other] != "baseline":  # the old heuristic never challenged
                taken = aside(bots[other], state, other, turn)
                if seats[other] == level:
                    tally.setdefault("challenge a slow player (offers)", [0, 0])
                    tally["challenge a slow player (offers)"][0] += 1
                    tally["challenge a slow player (offers)"][1] += taken is not None
                if taken is not None:
                    state = rules.apply(state, taken)
                    turn += 1
                    continue
        legal = rules.legal_actions(state, seat)
        action = choose(bots[seat], state, seat, turn)
        if seats[seat] == level and len(legal) > 1:
            watch(state, legal, action, tally)
        state = rules.apply(state, action)
        turn += 1
    return tally


PRIVATEERED = "leave Treasure Island without burying, privateered (seeded)"


def privateered(seed: int) -> Tally:
    """``hard`` at each Treasure Island visit of a seeded ``normal`` game before the last month,
    with the rival of most fame privateering it (half the fame of burying would go to that rival):
    in whole games a privateer rarely meets a visit of the one ``hard`` seat."""
    from pirates import actions as A
    from pirates import data as PD

    rules = game_bots("pirates").rules
    bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
    state = rules.new_game([f"Bot {i + 1}" for i in range(4)], seed)
    tally: Tally = {PRIVATEERED: [0, 0]}
    turn = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        if state.month < PD.MONTHS and any(isinstance(a, A.Bury) for a in legal):
            rival = max((p for p in range(4) if p != seat), key=lambda p: state.ships[p].fame)
            hard = make_bot("pirates", "hard", seed * 8 + seat)
            action = choose(hard, state._replace(privateer=(rival, seat)), seat, turn)
            tally[PRIVATEERED][0] += 1
            tally[PRIVATEERED][1] += isinstance(action, A.Done)
        state = rules.apply(state, choose(bots[seat], state, seat, turn))
        turn += 1
    return tally


def habits(game: str, level: str, games: int, seed: int, workers: int,
           seeded: int = 0) -> bool:
    """Print the share of chances taken per kind of decision; whether every kind is above 0.
    ``seeded``: for Pirates ``hard``, that many games of :func:`privateered` too."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        tallies = list(pool.map(habits_game, [game] * games, [level] * games,
                                range(seed, seed + games)))
        if game == "pirates" and level == "hard" and seeded:
            tallies += list(pool.map(privateered, range(seed, seed + seeded)))
    total: Tally = defaultdict(lambda: [0, 0])
    for tally in tallies:
        for kind, (chances, taken) in tally.items():
            total[kind][0] += chances
            total[kind][1] += taken
    scenario = f" and {seeded} seeded games" if game == "pirates" and level == "hard" else ""
    print(f"{game} {level}: {games} games (seeds {seed}..{seed + games - 1}){scenario}, "
          f"{time.perf_counter() - start:.0f} s")
    ok = True
    for kind, (chances, taken) in sorted(total.items()):
        share = taken / chances if chances else 0.0
        ok = ok and taken > 0
        print(f"  {kind:<45} {taken:>6} of {chances:>6}  {100 * share:5.1f}%")
    return ok


# --------------------------------------------------------------------------- new against old

def rotated_game(game: str, levels: tuple[str, str], seed: int) -> tuple[float, bool]:
    """One 4-player game, ``levels[0]`` at the seat ``seed % 4`` and ``levels[1]`` elsewhere:
    that seat's share of the win, and whether someone won."""
    support = game_bots(game)
    rules = support.rules
    mine = seed % 4
    bots = [bot_of(game, levels[0] if i == mine else levels[1], seed * 8 + i) for i in range(4)]
    state = rules.new_game([f"Bot {i + 1}" for i in range(4)], seed)
    turn = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        state = rules.apply(state, choose(bots[seat], state, seat, turn))
        turn += 1
    winners = list(support.winners(state))
    return (1 / len(winners) if mine in winners else 0.0), bool(winners)


def against(game: str, levels: tuple[str, str], games: int, seed: int, workers: int) -> float:
    """Print ``levels[0]``'s win rate against three ``levels[1]``; return its lower bound."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(rotated_game, [game] * games, [levels] * games,
                                range(seed, seed + games)))
    decided = [share for share, won in results if won]
    wins = sum(decided)
    low, high = wilson(wins, len(decided))
    rate = wins / len(decided) if decided else 0.0
    verdict = "OK" if low > FAIR else "NOT MET"
    print(f"{game}: {levels[0]} against three {levels[1]}, seats rotated: {games} games "
          f"(seeds {seed}..{seed + games - 1}), {len(decided)} won by someone, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  win rate {100 * rate:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]  "
          f"(lower bound above {100 * FAIR:.0f}%: {verdict})")
    return low


# --------------------------------------------------------------------------- stability

def decision_points(game: str, count: int, seed: int) -> list[tuple[Any, int, int]]:
    """``count`` states of ``normal`` games where the seat to act has a real choice, spread over
    whole games: (state, seat, turn)."""
    support = game_bots(game)
    rules = support.rules
    rnd = random.Random(seed)
    out: list[tuple[Any, int, int]] = []
    game_seed = seed
    while len(out) < count:
        bots = [make_bot(game, "normal", game_seed * 8 + i) for i in range(4)]
        state = rules.new_game([f"Bot {i + 1}" for i in range(4)], game_seed)
        turn = 0
        while not rules.is_over(state) and len(out) < count:
            seat = rules.to_act(state)[0]
            if len(rules.legal_actions(state, seat)) > 1 and rnd.random() < 0.1:
                out.append((state, seat, turn))
            state = rules.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
        game_seed += 1
    return out


def agreement(game: str, point: tuple[Any, int, int], seeds: int,
              budget: dict[str, Any]) -> tuple[float, list[float]]:
    """The share of bot seeds whose ``hard`` choice is the most common one at ``point``, and
    the processor seconds of each decision (the machine is shared: its clock says little)."""
    state, seat, turn = point
    choices: Counter[str] = Counter()
    times = []
    for s in range(seeds):
        start = time.process_time()
        choices[repr(choose(make_bot(game, "hard", s, **budget), state, seat, turn))] += 1
        times.append(time.process_time() - start)
    return choices.most_common(1)[0][1] / seeds, times


def stability(game: str, points: int, seeds: int, seed: int, workers: int,
              budget: dict[str, Any]) -> float:
    start = time.perf_counter()
    chosen = decision_points(game, points, seed)
    budget = {"seconds": 1000.0, **budget}  # the step budget alone ends a search: deterministic
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(agreement, [game] * points, chosen, [seeds] * points,
                                [budget] * points))
    mean = sum(share for share, _ in results) / len(results)
    times = sorted(t for _, ts in results for t in ts)
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    verdict = "OK" if mean >= 0.9 else "below the 0.9 aimed at"
    print(f"{game}: hard's stability over {points} decisions of normal games, {seeds} bot seeds "
          f"each, {budget}: {mean:.2f} agree with the most common choice ({verdict}); "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  processor time per decision: p50 {p50:.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s"
          f" (p95 ≤ 1 s: {'OK' if p95 <= 1 else 'SLOW'})")
    return mean


# --------------------------------------------------------------------------- regret

def long_values(game: str, point: tuple[Any, int, int], worlds: int,
                seed: int) -> tuple[list[Any], list[float], float]:
    """``hard``'s shortlist at ``point``, each option's value as a long search finds it (every
    option played out in the same ``worlds`` worlds, none dropped on the way), and the largest
    standard error of those values: a regret below it is the long search's noise as much as
    ``hard``'s."""
    state, seat, turn = point
    support = game_bots(game)
    seen = Seen(support, state, seat, random.Random(seed * 100_003 + turn))
    width = make_bot(game, "hard", seed).width
    options = support.shortlist(seen.world(), seat, seen.legal, width)
    found: list[list[float]] = [[] for _ in options]
    for _ in range(worlds):  # as ``hard`` plays a world: every option on the same luck
        for values, (value, _) in zip(found, world_outcomes(support, seen, options), strict=True):
            values.append(value)
    return options, [statistics.fmean(v) for v in found], max(_error(v) for v in found)


def _error(values: list[float]) -> float:
    """The standard error of the mean of ``values``."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def point_regret(game: str, point: tuple[Any, int, int], seeds: int, worlds: int, seed: int,
                 budget: dict[str, Any]) -> tuple[list[float | None], float]:
    """What ``hard``'s choice at ``point`` gives up against the best option of the long search,
    one figure per bot seed (None: a choice off the long search's shortlist), and the long
    search's standard error there."""
    state, seat, turn = point
    options, values, error = long_values(game, point, worlds, seed)
    out: list[float | None] = []
    for s in range(seeds):
        action = choose(make_bot(game, "hard", s, **budget), state, seat, turn)
        out.append(max(values) - values[options.index(action)] if action in options else None)
    return out, error


def regret(game: str, points: int, seeds: int, seed: int, workers: int, worlds: int,
           budget: dict[str, Any]) -> float:
    """How much of the value a long search finds ``hard`` gives up to its budget: the search's
    own noise, apart from what its value and rollouts misjudge (which no budget mends)."""
    start = time.perf_counter()
    chosen = decision_points(game, points, seed)
    budget = {"seconds": 1000.0, **budget}  # the step budget alone ends a search: deterministic
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(point_regret, [game] * points, chosen, [seeds] * points,
                                [worlds] * points, [seed] * points, [budget] * points))
    found = [r for rs, _ in results for r in rs if r is not None]
    error = sum(e for _, e in results) / len(results)
    mean = statistics.fmean(found)
    best = sum(r == 0 for r in found) / len(found)
    print(f"{game}: hard's regret over {points} decisions of normal games, {seeds} bot seeds "
          f"each, {budget}, against {worlds} worlds an option: {mean:.4f} ± "
          f"{1.96 * _error(found):.4f} of value a decision; the long search's best "
          f"taken in {best:.0%} of {len(found)}; the long search's own standard error "
          f"{error:.4f} ({time.perf_counter() - start:.0f} s)")
    return mean
