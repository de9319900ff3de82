"""Golden playthroughs: a seeded random game printed step by step, as each seat reads it.

Kept as text files beside the tests, they make any change of the rules show up as a readable
diff. Written once against the engine contract, for every game.
"""

from __future__ import annotations

import json
import random

from common.engine import GameModule
from common.entries import log_lines, players_of


def playthrough(game: GameModule, players: list[str], seed: int) -> str:
    """The whole game: each action as JSON, then the new log lines (private ones marked), in
    the game's wording (in English unless another language is in use)."""
    rnd = random.Random(seed)
    state = game.new_game(players, seed)
    lines = [f"# {game.TITLE}, {len(players)} players, seed {seed}"]
    seats: list[int | None] = [None, *range(len(players))]
    seen = [0] * len(seats)

    names = players_of(game.view(state, None))

    def new_log_lines() -> None:
        for slot, seat in enumerate(seats):
            log = game.events(state, seat)
            new = log[seen[slot]:]
            for entry, text in zip(new, log_lines(game.NAME, new, names), strict=True):
                if seat is None:
                    lines.append(f"  {text}")
                elif entry["private"]:
                    lines.append(f"  [{players[seat]} only] {text}")
            seen[slot] = len(log)

    new_log_lines()
    step = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = rnd.choice(game.legal_actions(state, seat))
        step += 1
        lines.append(f"{step}. {json.dumps(game.action_to_json(action))}")
        state = game.apply(state, action)
        new_log_lines()
    lines.append(f"result: {json.dumps(game.result(state))}")
    return "\n".join(lines) + "\n"
