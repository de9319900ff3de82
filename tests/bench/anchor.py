"""The anchor (issue 20 §4): ``hard`` against OpenSpiel's Python IS-MCTS, at the same time per
decision. Run as ``python tests/bench/bots.py anchor [--anchor-games N] [--only GAME]``; needs the
``[openspiel]`` extra.

Each game is a 4-player table with two ``hard`` seats and two IS-MCTS seats
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random rollouts, UCT constant 2, its worlds
drawn by our sampler through ``resample_from_infostate``). The seats rotate through the four
arrangements HHII, IHHI, IIHH, HIIH, so that each side holds every seat equally often. IS-MCTS
counts simulations, not seconds: before each of its decisions its simulation count is set so that
its decision takes as long as ``hard``'s mean decision so far, at the rate its last decision ran;
the mean seconds of both sides are printed, to check. A
side's share of a decided game is the share of the win its two seats took; the figures are each
side's share of the decided games with a 95% Wilson interval.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from common.bots import choose, game_bots, make_bot
from common.simulate import wilson

ARRANGEMENTS = ("HHII", "IHHI", "IIHH", "HIIH")


class Clock:
    """The mean time of ``hard``'s decisions with a choice, and IS-MCTS's measured rate."""

    def __init__(self) -> None:
        self.hard_seconds, self.hard_count = 0.0, 0
        self.sims, self.sim_seconds = 0, 0.0

    def target(self) -> float:
        return self.hard_seconds / self.hard_count if self.hard_count else 0.3

    def simulations(self) -> int:
        # The rate of the last decision: a simulation costs more early in a game than late.
        rate = self.sims / self.sim_seconds if self.sim_seconds else 20.0
        return max(2, round(rate * self.target()))

    def measured(self, sims: int, seconds: float) -> None:
        self.sims, self.sim_seconds = sims, seconds


def anchor_game(game: str, seed: int) -> tuple[str, list[float], float, float]:
    """One table from ``seed``; its arrangement, the returns, and each side's mean seconds per
    decision with a choice (hard, IS-MCTS)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from common import openspiel

    rules = game_bots(game).rules
    arrangement = ARRANGEMENTS[seed % 4]
    table = openspiel.load(game, 4)
    state = table.new_initial_state()
    state.apply_action(seed % openspiel.DEALS)
    rng = np.random.RandomState(seed)
    sampler = random.Random(seed)
    bots: list[Any] = []
    for seat, side in enumerate(arrangement):
        if side == "H":
            bots.append(make_bot(game, "hard", seed * 8 + seat))
        else:
            bot = ismcts.ISMCTSBot(table, mcts.RandomRolloutEvaluator(1, rng), 2.0,
                                   max_simulations=20, random_state=rng)
            bot.set_resampler(lambda s, p: s.resample_from_infostate(
                p, lambda: sampler.random()))
            bots.append(bot)
    clock = Clock()
    ismcts_seconds, ismcts_count = 0.0, 0
    turn = 0
    while not state.is_terminal():
        seat = state.current_player()
        core = state.core.value
        legal = rules.legal_actions(core, seat)
        start = time.perf_counter()
        if arrangement[seat] == "H":
            action = legal.index(choose(bots[seat], core, seat, turn))
            if len(legal) > 1:
                clock.hard_seconds += time.perf_counter() - start
                clock.hard_count += 1
        else:
            sims = clock.simulations()
            bots[seat]._max_simulations = sims  # the count is the bot's only budget
            action = int(bots[seat].step(state))
            if len(legal) > 1:
                seconds = time.perf_counter() - start
                clock.measured(sims, seconds)
                ismcts_seconds += seconds
                ismcts_count += 1
        assert action != pyspiel.INVALID_ACTION
        state.apply_action(action)
        turn += 1
    return (arrangement, list(state.returns()), clock.target(),
            ismcts_seconds / ismcts_count if ismcts_count else 0.0)


def anchor(game: str, games: int, seed: int, workers: int) -> None:
    """Print each side's share of the decided games, with its interval."""
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(anchor_game, [game] * games, range(seed, seed + games)):
            results.append(result)  # each game as it ends: a long run shows its progress
            arrangement, returns, hard_time, ismcts_time = result
            print(f"  {game} game {len(results)}: seats {arrangement}, returns "
                  f"{' '.join(f'{r:.2f}' for r in returns)}; seconds per decision hard "
                  f"{hard_time:.2f}, IS-MCTS {ismcts_time:.2f}", flush=True)
    hard_share, decided = 0.0, 0
    for arrangement, returns, _, _ in results:
        if sum(returns) > 0:
            decided += 1
            hard_share += sum(r for r, side in zip(returns, arrangement, strict=True)
                              if side == "H")
    hard_time = sum(r[2] for r in results) / len(results)
    ismcts_time = sum(r[3] for r in results) / len(results)
    print(f"{game}: hard ×2 against OpenSpiel IS-MCTS ×2, seats rotated: {games} games "
          f"(seeds {seed}..{seed + games - 1}), {decided} won by someone, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  seconds per decision: hard {hard_time:.2f}, IS-MCTS {ismcts_time:.2f}")
    for name, share in (("hard", hard_share), ("IS-MCTS", decided - hard_share)):
        low, high = wilson(share, decided)
        rate = share / decided if decided else 0.0
        print(f"  {name}: {100 * rate:.1f}% of the decided games "
              f"[{100 * low:.1f}%, {100 * high:.1f}%]")
    low = wilson(hard_share, decided)[0]
    print(f"  hard's lower bound above 50%: {'MET' if low > 0.5 else 'NOT MET'}")
