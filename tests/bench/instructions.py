"""Rules-core cost in machine instructions per step, a figure that does not move with the machine.

Run on its own: ``python tests/bench/instructions.py [orcz|pirates] [--warm 300] [--games 100]``.
Needs valgrind. Plays ``--warm`` games to fill the caches, then ``--games`` more, under
``valgrind --tool=callgrind``; a second run stops after the warm-up, and the difference divided by
the steps played is the figure. The games are those of ``tests/bench/engines.py``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
CHILD = """
import sys
sys.path.insert(0, {bench!r})
import engines
engines.play({game!r}, {warm}, 4, 10**6)
if {games}:
    print("steps", engines.play({game!r}, {games}, 4, 1)[0])
"""


def count(game: str, warm: int, games: int) -> tuple[int, int]:
    """Instructions executed and steps played by one child run."""
    code = CHILD.format(bench=str(BENCH), game=game, warm=warm, games=games)
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, "-c", code],
            capture_output=True, text=True, check=True,
        )
    collected = re.search(r"Collected : (\d+)", out.stderr)
    steps = re.search(r"steps (\d+)", out.stdout)
    if collected is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(collected.group(1)), int(steps.group(1)) if steps else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="orcz")
    parser.add_argument("--warm", type=int, default=300, help="games played before counting")
    parser.add_argument("--games", type=int, default=100, help="games counted")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: this benchmark counts instructions with it.")
        return 2
    base, _ = count(args.game, args.warm, 0)
    total, steps = count(args.game, args.warm, args.games)
    print(f"{args.game}: {(total - base) / steps:,.0f} instructions per step over {steps} steps "
          f"({args.games} games after {args.warm} to warm the caches)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
