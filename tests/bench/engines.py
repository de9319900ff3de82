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
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=200, help="games played before timing")
    parser.add_argument("--anchor-games", type=int, default=600,
                        help="games of the OpenSpiel dominoes anchor, before and after each round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="anchor, game, anchor, this many times: the median ratio is printed")
    args = parser.parse_args(argv)
    for name in args.games_to_run:
        play(name, args.warmup, args.players, args.seed + 10**6)
        ratios = []
        for r in range(args.rounds):
            ratio = measure_round(name, args, r)
            if ratio is not None:
                ratios.append(ratio)
        if ratios:
            print(f"  {name} costs {statistics.median(ratios):.2f}× the anchor per step "
                  f"(median of {len(ratios)} rounds: {', '.join(f'{x:.2f}' for x in ratios)})")
    return 0


def measure_round(name: str, args: argparse.Namespace, r: int) -> float | None:
    """One round: the anchor, the game, the anchor again; the game's cost per step over the
    anchor's, or None without open_spiel."""
    seed = args.seed + r * args.games
    before = dominoes(args.anchor_games, seed)
    steps, seconds = play(name, args.games, args.players, seed)
    after = dominoes(args.anchor_games, seed + 1)
    per_step = seconds / steps * 1e6
    target = TARGET_US.get(name)
    verdict = "" if target is None else ("  OK" if per_step < target else "  SLOW")
    print(f"{name}: {args.games} games of {args.players} players, {steps} steps in "
          f"{seconds:.2f} s")
    print(f"  {steps / seconds:,.0f} steps/s, {per_step:.1f} µs/step"
          f" (target < {target} µs){verdict}, {args.games / seconds:,.1f} games/s")
    if not (before and after):
        return None
    anchor = (before[1] + after[1]) / (before[0] + after[0]) * 1e6
    print(f"  OpenSpiel's pure-Python block dominoes in the same round: {anchor:.1f} µs/step"
          f" → {name} costs {per_step / anchor:.2f}× the anchor per step")
    return per_step / anchor


if __name__ == "__main__":
    raise SystemExit(main())
