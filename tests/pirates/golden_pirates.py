"""Golden playthroughs: seeded Pirate's Cove games printed step by step, as each seat reads them.

Run ``python tests/pirates/golden_pirates.py`` to rewrite the files after an intended rule
change; ``git diff`` then shows the change at a glance.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(ROOT.parent.parent.parent))

import pirates  # noqa: E402

GAMES = {
    "pirates_3p_seed7.txt": (["Anne", "Bart", "Cora"], 7),
    "pirates_5p_seed11.txt": (["Anne", "Bart", "Cora", "Dirk", "Elsa"], 11),
}


def playthrough(players: list[str], seed: int) -> str:
    rnd = random.Random(seed)
    state = pirates.new_game(players, seed)
    lines = [f"# Pirate's Cove, {len(players)} players, seed {seed}"]
    seen = [0] * (len(players) + 1)

    def new_log_lines() -> None:
        for slot, seat in enumerate([None, *range(len(players))]):
            log = pirates.events(state, seat)
            for entry in log[seen[slot]:]:
                if seat is None:
                    lines.append(f"  {entry['text']}")
                elif entry["private"]:
                    lines.append(f"  [{players[seat]} only] {entry['text']}")
            seen[slot] = len(log)

    new_log_lines()
    step = 0
    while not pirates.is_over(state):
        seat = pirates.to_act(state)[0]
        action = rnd.choice(pirates.legal_actions(state, seat))
        step += 1
        lines.append(f"{step}. {json.dumps(pirates.action_to_json(action))}")
        state = pirates.apply(state, action)
        new_log_lines()
    lines.append(f"result: {json.dumps(pirates.result(state))}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    for name, (players, seed) in GAMES.items():
        (ROOT / name).write_text(playthrough(players, seed))
        print(f"wrote {name}")
