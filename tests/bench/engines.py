"""Rules-core speed: seeded random games through the public calls of the engine contract.

Run on its own: ``python tests/bench/engines.py [orcz] [pirates] [--games N] [--players P]``.
A step is listing one seat's legal actions and applying one of them. The action choice uses a
separate ``random.Random`` so that the figures measure the engine, not the test harness.
"""

from __future__ import annotations

import argparse
import random
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", default=["orcz"], metavar="GAME")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=200, help="games played before timing")
    args = parser.parse_args(argv)
    for name in args.games_to_run:
        play(name, args.warmup, args.players, args.seed + 10**6)
        steps, seconds = play(name, args.games, args.players, args.seed)
        per_step = seconds / steps * 1e6
        target = TARGET_US.get(name)
        verdict = "" if target is None else ("  OK" if per_step < target else "  SLOW")
        print(f"{name}: {args.games} games of {args.players} players, {steps} steps in "
              f"{seconds:.2f} s")
        print(f"  {steps / seconds:,.0f} steps/s, {per_step:.1f} µs/step"
              f" (target < {target} µs){verdict}, {args.games / seconds:,.1f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
