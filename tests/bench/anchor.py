"""The anchor: ``hard`` against OpenSpiel's Python IS-MCTS, at the same CPU time per
decision. Run as ``python tests/bench/bots.py anchor [--anchor-games N] [--anchor-seconds S]
[--only GAME]``; needs the ``[openspiel]`` extra.

Each game is a 4-player table with two ``hard`` seats and two IS-MCTS seats; the seats rotate
through the arrangements HHII, IHHI, IIHH, HIIH, so that each side holds every seat equally
often. A side's share of a decided game is the share of the win its two seats took; the figures
are each side's share of the decided games with a 95% Wilson interval.

**Equal time, enforced.** Both sides get the same budget of ``seconds`` per decision with a
choice: ``hard`` searches until its clock ends it (its step budget is set out of reach), and
IS-MCTS runs simulations until the same clock ends. The clock is the CPU time of the thread
that plays the game (``time.thread_time``; a game is one thread of one worker), not the wall
time: on a shared machine the others' load stretches the wall time of a decision but not the
work done in it, so neither side is starved by whatever else runs. Both sides' mean and
largest CPU seconds per decision, the wall seconds beside them, and IS-MCTS's simulations per
decision are printed.

**A strengthened IS-MCTS** (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, UCT constant 2,
its worlds drawn by our sampler through ``resample_from_infostate``), the usual ways:

- its nodes are keyed by the compact information-state string (``common.openspiel``: a few kB,
  worked out once per state, where the whole log ran to 226 kB);
- its rollouts play ``normal``'s heuristic at every seat to the end of the round or month and
  score the state reached with the game's value, as ``hard``'s do (random rollouts made it close
  to a random player);
- a node expands only the heuristic's shortlist of its seat's actions (as ``hard`` searches only
  its shortlist): an Orcz placement has up to 947 legal actions, more than the simulations a
  decision gets.

Ctrl+C stops the run, its workers included.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import statistics
import time
from typing import Any

from common.bots import choose, game_bots, make_bot
from common.simulate import wilson

ARRANGEMENTS = ("HHII", "IHHI", "IIHH", "HIIH")
WIDTH = 6  # actions a node expands, from the heuristic's shortlist (hard's width)


def strong_ismcts(game: str, table: Any, seed: int) -> Any:
    """An IS-MCTS bot of ``table`` with heuristic rollouts, shortlisted expansion and a clock."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    support = game_bots(game)
    rules = support.rules

    class HeuristicRollouts(mcts.Evaluator):  # type: ignore[misc]
        """``normal`` at every seat to the end of the stage, scored by the game's value."""

        def __init__(self) -> None:
            self.rnd = random.Random(seed)

        def evaluate(self, state: Any) -> Any:
            core = state.core.value
            stage = support.stage(core)
            while not rules.is_over(core) and support.stage(core) == stage:
                who = rules.to_act(core)[0]
                legal = rules.legal_actions(core, who)
                action = legal[0] if len(legal) == 1 else support.normal(core, who, legal,
                                                                         self.rnd)
                core = rules.apply(core, action)
            return np.array([support.value(core, p) for p in range(table.num_players())])

        def prior(self, state: Any) -> list[tuple[int, float]]:
            legal = state.legal_actions()
            return [(a, 1 / len(legal)) for a in legal]

    class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
        """Simulations until the clock ends the decision; nodes expand the shortlist only."""

        seconds = 1.0
        simulations = 0

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal = state.legal_actions()
            self.simulations = 0
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            deadline = time.thread_time() + self.seconds
            self._root_node = self.create_new_node(state)
            # at least two: the first only evaluates the root, the second visits a child
            while self.simulations < 2 or time.thread_time() < deadline:
                self.run_simulation(self.sample_root_state(state))
                self.simulations += 1
            return self.get_final_policy(state, self._root_node)

        def create_new_node(self, state: Any) -> Any:
            node = super().create_new_node(state)
            core = state.core.value
            seat = state.current_player()
            legal = state._legal()  # the core's actions, in the order of the ids
            world = core  # the node's first world: the shortlist reads only what the seat knows
            short = support.shortlist(world, seat, legal, WIDTH)
            node.candidates = {i for i, action in enumerate(legal) if action in short}
            return node

        def check_expand(self, node: Any, legal_actions: list[int]) -> int:
            allowed = [a for a in legal_actions if a in node.candidates] or legal_actions
            return int(super().check_expand(node, allowed))

    rng = np.random.RandomState(seed)
    bot = TimedISMCTS(table, HeuristicRollouts(), 2.0, max_simulations=1, random_state=rng)
    sampler = random.Random(seed)
    bot.set_resampler(lambda s, p: s.resample_from_infostate(p, lambda: sampler.random()))
    return bot


def anchor_game(job: tuple[str, int, float]) -> tuple[str, list[float], list[float],
                                                       list[float], list[int], list[float]]:
    """One table from ``seed``: its arrangement, the returns, each side's CPU seconds per
    decision with a choice (hard, IS-MCTS), IS-MCTS's simulations per decision and the wall
    seconds of every decision with a choice."""
    import pyspiel

    from common import openspiel

    game, seed, seconds = job
    rules = game_bots(game).rules
    arrangement = ARRANGEMENTS[seed % 4]
    table = openspiel.load(game, 4)
    state = table.new_initial_state()
    state.apply_action(seed % openspiel.DEALS)
    bots: list[Any] = []
    for seat, side in enumerate(arrangement):
        if side == "H":  # the clock, not the step budget, ends its search
            bots.append(make_bot(game, "hard", seed * 8 + seat, seconds=seconds / 0.95,
                                 steps=10**9, rounds=10**9, clock=time.thread_time))
        else:
            bots.append(strong_ismcts(game, table, seed * 8 + seat))
            bots[-1].seconds = seconds
    times: dict[str, list[float]] = {"H": [], "I": []}
    sims: list[int] = []
    walls: list[float] = []  # of every decision with a choice: how much the load stretched it
    turn = 0
    while not state.is_terminal():
        seat = state.current_player()
        core = state.core.value
        legal = rules.legal_actions(core, seat)
        start, wall = time.thread_time(), time.perf_counter()
        if arrangement[seat] == "H":
            action = legal.index(choose(bots[seat], core, seat, turn))
        else:
            action = int(bots[seat].step(state))
            if len(legal) > 1:
                sims.append(bots[seat].simulations)
        if len(legal) > 1:
            times[arrangement[seat]].append(time.thread_time() - start)
            walls.append(time.perf_counter() - wall)
        assert action != pyspiel.INVALID_ACTION
        state.apply_action(action)
        turn += 1
    return arrangement, list(state.returns()), times["H"], times["I"], sims, walls


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's: it ends the workers


def anchor(game: str, games: int, seed: int, workers: int, seconds: float = 0.5) -> None:
    """Print each side's share of the decided games, with its interval, and the time each
    side took per decision."""
    start = time.perf_counter()
    results = []
    jobs = [(game, s, seconds) for s in range(seed, seed + games)]
    pool: Any = None
    try:  # the pool made inside: Ctrl+C while its workers start ends them as well
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_quiet_worker)
        for result in pool.imap(anchor_game, jobs):
            results.append(result)  # each game as it ends: a long run shows its progress
            arrangement, returns, hard, ismcts, sims, walls = result
            print(f"  {game} game {len(results)} (seed {seed + len(results) - 1}): seats "
                  f"{arrangement}, returns {' '.join(f'{r:.2f}' for r in returns)}; CPU "
                  f"seconds per decision hard {statistics.fmean(hard or [0]):.2f} (largest "
                  f"{max(hard or [0]):.2f}), IS-MCTS {statistics.fmean(ismcts or [0]):.2f} "
                  f"(largest {max(ismcts or [0]):.2f}; {statistics.fmean(sims or [0]):.0f} "
                  f"simulations, least {min(sims or [0])}); wall "
                  f"{statistics.fmean(walls or [0]):.2f}", flush=True)
        pool.close()
    except KeyboardInterrupt:
        _end(pool)
        print("stopped: the workers are ended", flush=True)
        raise SystemExit(130) from None
    except BaseException:  # a failure: no worker plays on either
        _end(pool)
        raise
    pool.join()
    report(game, games, seed, seconds, results, time.perf_counter() - start)


def _end(pool: Any) -> None:
    """Every worker ended; those of a pool interrupted while starting are ended by
    multiprocessing at exit (they are daemons)."""
    if pool is not None:
        pool.terminate()
        pool.join()


def report(game: str, games: int, seed: int, seconds: float, results: list[Any],
           wall: float) -> None:
    hard_share, decided = 0.0, 0
    for arrangement, returns, *_ in results:
        if sum(returns) > 0:
            decided += 1
            hard_share += sum(r for r, side in zip(returns, arrangement, strict=True)
                              if side == "H")
    print(f"{game}: hard ×2 against strengthened IS-MCTS ×2, seats rotated, {seconds:.2f} s "
          f"of CPU time per decision for both: {games} games (seeds {seed}..{seed + games - 1}), "
          f"{decided} won by someone, {wall:.0f} s")
    for name, index in (("hard", 2), ("IS-MCTS", 3)):
        spent = [t for r in results for t in r[index]]
        if spent:
            print(f"  {name}: CPU seconds per decision mean {statistics.fmean(spent):.2f}, "
                  f"largest {max(spent):.2f} ({len(spent)} decisions)")
    walls = [t for r in results for t in r[5]]
    if walls:  # the CPU time is the budget; the wall time says how loaded the machine was
        print(f"  wall seconds per decision: mean {statistics.fmean(walls):.2f}, "
              f"largest {max(walls):.2f}")
    sims = [n for r in results for n in r[4]]
    if sims:
        print(f"  IS-MCTS simulations per decision: mean {statistics.fmean(sims):.0f}, "
              f"median {statistics.median(sims):.0f}, least {min(sims)}")
    for name, share in (("hard", hard_share), ("IS-MCTS", decided - hard_share)):
        low, high = wilson(share, decided)
        rate = share / decided if decided else 0.0
        print(f"  {name}: {100 * rate:.1f}% of the decided games "
              f"[{100 * low:.1f}%, {100 * high:.1f}%] (95% interval)")
    low = wilson(hard_share, decided)[0]
    print(f"  hard's lower bound above 50%: {'MET' if low > 0.5 else 'NOT MET'}")
