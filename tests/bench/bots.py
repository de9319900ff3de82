"""Computer players' strength and speed, habits and stability, printed with
95% intervals.

Run on its own: ``python tests/bench/bots.py [strength] [speed] [times] [habits] [baseline]
[stability] [regret] [--games N] [--hard-games N] [--baseline-games N] [--habit-games N]
[--points N] [--long-worlds N]``.

- **strength:** ``normal`` against three ``random`` and ``hard`` against three ``normal``, in
  4-player games of both games. The win rate is the share of the games someone won (Orcz games
  every orc loses count for nobody, a shared win counts as a fraction); the figure is met when
  the whole 95% interval lies above the fair 25%.
- **speed:** the time of each ``hard`` decision in those games (p50, p95, max; met at p95 ≤ 1 s),
  and 10,000 ``random`` Orcz games through ``hotseat simulate``'s pool on 2 cores (met ≤ 60 s).
- **times:** the time of each ``hard`` decision against ``normal`` at 4 and 5 seats (Orcz: 4)
  (``--time-games`` games each; p50, p95, max).
- **habits:** the share of chances taken per kind of decision, for ``normal`` (4 seats),
  ``baseline`` and ``hard`` (one seat against three ``normal``); met when every kind is above 0
  for ``normal`` and ``hard``. Pirates ``hard`` also meets a privateer at every Treasure Island
  visit of ``--seeded-games`` seeded ``normal`` games (whole games seldom bring one).
- **baseline:** the new ``normal`` against three ``baseline`` (the heuristic before its tuning, a
  frozen copy in ``tests/bench/baseline``), seats rotated; met when the lower bound is above 25%.
- **stability:** across bot seeds, the share of ``hard``'s choices that agree with its most
  common choice, over decisions drawn from ``normal`` games; aimed at 0.9.
- **regret:** at the same decisions, the value ``hard``'s choice gives up against the best option
  of a long search (``--long-worlds`` worlds for every option of its shortlist, none dropped):
  what the budget's noise costs, apart from what the value and the rollouts misjudge. Small
  means more steps would not make ``hard`` stronger.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from common.bots import choose, game_bots, make_bot
from common.simulate import Tally, _collect, play_game, wilson
from tests.bench import habits as issue20

FAIR = 0.25


def timed_game(game: str, seats: tuple[str, ...], seed: int) -> tuple[list[int], list[float]]:
    """One game; its winners and the seconds each ``hard`` decision took."""
    support = game_bots(game)
    rules = support.rules
    bots = [make_bot(game, level, seed * 8 + i) for i, level in enumerate(seats)]
    state = rules.new_game([f"Bot {i + 1}" for i in range(len(seats))], seed)
    times: list[float] = []
    turn = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        start = time.perf_counter()
        action = choose(bots[seat], state, seat, turn)
        if bots[seat].level == "hard" and len(rules.legal_actions(state, seat)) > 1:
            times.append(time.perf_counter() - start)
        state = rules.apply(state, action)
        turn += 1
    return list(support.winners(state)), times


def strength(game: str, seats: tuple[str, ...], games: int, seed: int,
             workers: int) -> list[float]:
    """Print seat 1's win rate with its interval; return the hard decision times."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(timed_game, [game] * games, [seats] * games,
                                range(seed, seed + games)))
    decided = [w for w, _ in results if w]
    wins = sum(1 / len(w) for w in decided if 0 in w)
    low, high = wilson(wins, len(decided))
    rate = wins / len(decided) if decided else 0.0
    verdict = "OK" if low > FAIR else "NOT MET"
    print(f"{game}: {seats[0]} against {', '.join(seats[1:])}: {games} games "
          f"(seeds {seed}..{seed + games - 1}), {len(decided)} won by someone, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  win rate {100 * rate:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]  "
          f"(interval above {100 * FAIR:.0f}%: {verdict})")
    return [t for _, times in results for t in times]


def decision_times(game: str, times: list[float]) -> None:
    if not times:
        return
    times = sorted(times)
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    verdict = "OK" if p95 <= 1.0 else "SLOW"
    print(f"{game}: hard decisions with a choice: {len(times)}; p50 {p50:.3f} s, p95 {p95:.3f} s, "
          f"max {times[-1]:.3f} s  (p95 ≤ 1 s: {verdict})")


def seat_times(game: str, games: int, seed: int, workers: int) -> None:
    """``hard``'s decision times against ``normal`` at 4 and 5 seats, as the game allows (Orcz:
    4): after turns lost for want of a legal rank an Orcz world once cost a hundred times more,
    which these times would show."""
    for players in range(4, game_bots(game).rules.MAX_PLAYERS + 1):
        seats = ("hard",) + ("normal",) * (players - 1)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(timed_game, [game] * games, [seats] * games,
                                    range(seed, seed + games)))
        decision_times(f"{game}, {players} seats, {games} games",
                       [t for _, times in results for t in times])


def random_orcz(games: int) -> None:
    tally = Tally("orcz", ("random",) * 4)
    play_game("orcz", tally.seats, 0)  # warm the caches of this process
    start = time.perf_counter()
    _collect(tally, 1, games, 2, {})
    seconds = time.perf_counter() - start
    verdict = "OK" if seconds <= 60 else "SLOW"
    print(f"orcz: {tally.games} random 4-player games on 2 cores in {seconds:.1f} s "
          f"(≤ 60 s: {verdict}); collective defeats "
          f"{100 * tally.collective_defeats / tally.games:.0f}%")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["strength", "speed"])
    parser.add_argument("--games", type=int, default=300, help="games of normal against random")
    parser.add_argument("--hard-games", type=int, default=60, help="games of hard against normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--random-games", type=int, default=10_000)
    parser.add_argument("--time-games", type=int, default=4,
                        help="games of hard against normal at 4 and 5 seats (times)")
    parser.add_argument("--only", choices=["orcz", "pirates"], default=None)
    parser.add_argument("--habit-games", type=int, default=100, help="games per level (hard: 10)")
    parser.add_argument("--seeded-games", type=int, default=4,
                        help="normal games whose Treasure Island visits hard meets privateered")
    parser.add_argument("--baseline-games", type=int, default=400)
    parser.add_argument("--points", type=int, default=60, help="decisions for stability")
    parser.add_argument("--bot-seeds", type=int, default=5, help="bot seeds for stability")
    parser.add_argument("--long-worlds", type=int, default=400,
                        help="worlds an option in regret's long search")
    parser.add_argument("--anchor-games", type=int, default=20,
                        help="games of hard against OpenSpiel's IS-MCTS (anchor)")
    parser.add_argument("--anchor-seconds", type=float, default=0.5,
                        help="seconds per decision for both sides of the anchor")
    parser.add_argument("--quick", action="store_true",
                        help="a few games of each part named, hard searching a few worlds: "
                             "checks that the bench runs (its figures mean nothing)")
    args = parser.parse_args(argv)
    if args.quick:
        quick(args)
    games = [args.only] if args.only else ["orcz", "pirates"]
    if "strength" in args.parts:
        for game in games:
            strength(game, ("normal", "random", "random", "random"), args.games, args.seed,
                     args.workers)
        for game in games:
            times = strength(game, ("hard", "normal", "normal", "normal"), args.hard_games,
                             args.seed, args.workers)
            decision_times(game, times)
    if "speed" in args.parts:
        random_orcz(args.random_games)
    if "times" in args.parts:
        for game in games:
            seat_times(game, args.time_games, args.seed, args.workers)
    issue_20(args, games)
    if "anchor" in args.parts:  # tests/bench/anchor.py; needs the [openspiel] extra
        from anchor import anchor
        for game in games:
            anchor(game, args.anchor_games, args.seed, args.workers, args.anchor_seconds)
    return 0


QUICK = {"games": 4, "hard_games": 1, "random_games": 20, "time_games": 1, "habit_games": 2,
         "seeded_games": 1, "baseline_games": 4, "points": 2, "bot_seeds": 2, "workers": 1,
         "anchor_games": 1, "anchor_seconds": 0.05, "long_worlds": 2}


def quick(args: argparse.Namespace) -> None:
    """``--quick``: few games, and ``hard`` searching a few worlds for a moment (its default
    budget, a second a decision, makes a game last minutes)."""
    for name, value in QUICK.items():
        setattr(args, name, value)
    full = make_bot

    def small(game: str, level: str = "normal", seed: int = 0, **budget: Any) -> Any:
        return full(game, level, seed, **{"seconds": 0.01, "rounds": 2, **budget})

    globals()["make_bot"] = issue20.make_bot = small  # type: ignore[attr-defined]


def issue_20(args: argparse.Namespace, games: list[str]) -> None:
    """The habits, baseline and stability parts."""
    if "habits" in args.parts:
        for game in games:
            for level in ("baseline", "normal", "hard"):
                count = max(1, args.habit_games // 10) if level == "hard" else args.habit_games
                issue20.habits(game, level, count, args.seed, args.workers,
                               seeded=args.seeded_games)
    if "baseline" in args.parts:
        for game in games:
            issue20.against(game, ("normal", "baseline"), args.baseline_games, args.seed,
                            args.workers)
    if "stability" in args.parts:
        for game in games:
            issue20.stability(game, args.points, args.bot_seeds, args.seed, args.workers, {})
    if "regret" in args.parts:
        for game in games:
            issue20.regret(game, args.points, args.bot_seeds, args.seed, args.workers,
                           args.long_worlds, {})


if __name__ == "__main__":
    raise SystemExit(main())
