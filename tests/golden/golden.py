"""The golden playthrough files of every game (see ``common/playthrough.py``).

Run ``python tests/golden/golden.py`` to rewrite them after an intended rule change; ``git diff``
then shows the change at a glance.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent.parent))

from common.engine import get_game  # noqa: E402
from common.playthrough import playthrough  # noqa: E402

# file name: (game, players, seed)
GAMES = {
    "orcz_3p_seed7.txt": ("orcz", ["Ann", "Bob", "Cid"], 7),
    "orcz_4p_seed21.txt": ("orcz", ["Ann", "Bob", "Cid", "Dee"], 21),
    "pirates_3p_seed7.txt": ("pirates", ["Anne", "Bart", "Cora"], 7),
    "pirates_5p_seed11.txt": ("pirates", ["Anne", "Bart", "Cora", "Dirk", "Elsa"], 11),
}


def render(name: str) -> str:
    game, players, seed = GAMES[name]
    return playthrough(get_game(game), players, seed)


if __name__ == "__main__":
    for name in GAMES:
        (ROOT / name).write_text(render(name))
        print(f"wrote {name}")
