"""Rules-core speed: seeded random games through the public calls of the engine contract.

Run on its own: ``python tests/bench/engines.py [orcz] [pirates] [--games N] [--rounds R]``.
A step is listing one seat's legal actions and applying one of them. The action choice uses a
separate ``random.Random`` so that the figures measure the engine, not the test harness.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from common.engine import get_game

TARGET_US = {"orcz": 20.0, "pirates": 30.0}


def play(game_name: str, games: int, players: int, seed: int) -> tuple[int, float]:
    game = get_game(game_name)
    names = [f"P{i + 1}" for i in range(players)]
    pick = random.Random(seed).random  # one C call per choice: randrange costs a microsecond
    steps = 0
    start = time.perf_counter()
    for n in range(games):
        state = game.new_game(names, seed + n)
        while not game.is_over(state):
            seats = game.to_act(state)
            seat = seats[int(pick() * len(seats))]
            actions = game.legal_actions(state, seat)
            state = game.apply(state, actions[int(pick() * len(actions))])
            steps += 1
    return steps, time.perf_counter() - start


def dominoes(games: int, seed: int) -> tuple[int, float] | None:
    """The anchor: OpenSpiel's pure-Python block dominoes, played the same way (a step is a
    legal listing plus one action applied, chance deals included); None without open_spiel
    (``pip install open_spiel``, a benchmark tool, not a dependency)."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    pick = random.Random(seed).random
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            state.apply_action(actions[int(pick() * len(actions))])
            steps += 1
    return steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", default=["orcz"], metavar="GAME")
    parser.add_argument("--games", type=int, default=100, help="games of the core per round")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=200, help="games played before timing")
    parser.add_argument("--anchor-games", type=int, default=300,
                        help="games of the OpenSpiel dominoes anchor per round")
    parser.add_argument("--rounds", type=int, default=20,
                        help="rounds of the anchor and the core, side by side")
    args = parser.parse_args(argv)
    anchored = dominoes(args.anchor_games, args.seed + 10**6) is not None  # also its warm-up
    for name in args.games_to_run:
        play(name, args.warmup, args.players, args.seed + 10**6)
        rounds = [measure_round(name, args, r, anchored) for r in range(args.rounds)]
        report(name, args, rounds)
    return 0


def measure_round(
    name: str, args: argparse.Namespace, r: int, anchored: bool
) -> tuple[float, float | None]:
    """One round: the core's µs per step, and the anchor's in the same round (None without
    open_spiel). The two run back to back, in turn first, so that the machine's swings, which
    last seconds, fall on both alike; a round takes about half a second."""
    seed = args.seed + r * args.games
    anchor = None
    if anchored and r % 2:
        anchor = per_step(dominoes(args.anchor_games, seed))
    core = per_step(play(name, args.games, args.players, seed))
    if anchored and not r % 2:
        anchor = per_step(dominoes(args.anchor_games, seed))
    return core, anchor


def per_step(measured: tuple[int, float] | None) -> float:
    assert measured is not None
    steps, seconds = measured
    return seconds / steps * 1e6


def report(name: str, args: argparse.Namespace, rounds: list[tuple[float, float | None]]) -> None:
    core = statistics.median(c for c, _ in rounds)
    target = TARGET_US.get(name)
    verdict = "" if target is None else (
        f" (target < {target} µs) " + ("OK" if core < target else "SLOW"))
    print(f"{name}: {args.rounds} rounds of {args.games} games of {args.players} players: "
          f"median {core:.1f} µs/step{verdict}")
    ratios = sorted(c / a for c, a in rounds if a is not None)
    if not ratios:
        print("  (no anchor: pip install open_spiel to compare with its block dominoes)")
        return
    anchor = statistics.median(a for _, a in rounds if a is not None)
    quarter = len(ratios) // 4
    print(f"  OpenSpiel's pure-Python block dominoes, side by side: median {anchor:.1f} µs/step")
    print(f"  {name} costs {statistics.median(ratios):.2f}× the anchor per step "
          f"(median of {len(ratios)} rounds; middle half {ratios[quarter]:.2f}–"
          f"{ratios[-1 - quarter]:.2f})")


if __name__ == "__main__":
    raise SystemExit(main())
