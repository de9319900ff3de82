"""Golden playthroughs: a seeded game printed step by step, as each seat could read it.

Run ``python tests/golden/golden_orcz.py`` to rewrite the files after an intended rule change;
``git diff`` then shows the change at a glance.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent.parent))

import orcz  # noqa: E402

GAMES = {"orcz_3p_seed7.txt": (["Ann", "Bob", "Cid"], 7), "orcz_4p_seed21.txt": (
    ["Ann", "Bob", "Cid", "Dee"], 21)}


def playthrough(players: list[str], seed: int) -> str:
    rnd = random.Random(seed)
    state = orcz.new_game(players, seed)
    lines = [f"# Orcz, {len(players)} players, seed {seed}"]
    seen = [0] * (len(players) + 1)

    def new_log_lines() -> None:
        for slot, seat in enumerate([None, *range(len(players))]):
            log = orcz.events(state, seat)
            for entry in log[seen[slot]:]:
                if seat is None:
                    lines.append(f"  {entry['text']}")
                elif entry["private"]:
                    lines.append(f"  [{players[seat]} only] {entry['text']}")
            seen[slot] = len(log)

    new_log_lines()
    step = 0
    while not orcz.is_over(state):
        seat = orcz.to_act(state)[0]
        action = rnd.choice(orcz.legal_actions(state, seat))
        step += 1
        lines.append(f"{step}. {json.dumps(orcz.action_to_json(action))}")
        state = orcz.apply(state, action)
        new_log_lines()
    lines.append(f"result: {json.dumps(orcz.result(state))}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    for name, (players, seed) in GAMES.items():
        (ROOT / name).write_text(playthrough(players, seed))
        print(f"wrote {name}")
