"""A save carries how far its game went (the resume list reads it without a replay), and the
words come from the game's contract (``summary``, common/engine.py), never from its interface:
a game saves headless."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from common.engine import stage, stage_words, summary_of
from common.save import summary_of as saved_summary
from common.session import GameSession


def test_a_save_says_the_round_or_month_the_game_is_in(tmp_path: Path) -> None:
    # Orcz: as many rounds as players (reference §2); Pirate's Cove: 12 months, outfitting
    # comes before the first.
    with GameSession.new("orcz", ["Ann", "Bob", "Cid"], 5, path=tmp_path / "o.json") as orcz:
        assert saved_summary(orcz.path).progress == "round 1 of 3"
    with GameSession.new("pirates", ["Ann", "Bob", "Cid"], 5, path=tmp_path / "p.json") as pirates:
        assert saved_summary(pirates.path).progress == "before month 1"


def test_a_save_keeps_its_stage_language_free_beside_the_english_words(tmp_path: Path) -> None:
    """The resume list words the stage in the language in use; the English words
    stay for an older hotseat's list."""
    with GameSession.new("orcz", ["Ann", "Bob", "Cid"], 5, path=tmp_path / "o.json") as orcz:
        assert saved_summary(orcz.path).stage == ("round", 1, 3)
    with GameSession.new("pirates", ["Ann", "Bob", "Cid"], 5, path=tmp_path / "p.json") as pirates:
        assert saved_summary(pirates.path).stage == ("month", 0, 12)


def test_a_game_without_the_hook_is_in_progress_and_stages_read_as_words() -> None:
    assert summary_of(object(), None) == {}
    assert stage_words({}) == "in progress"
    assert stage_words(stage("month", 4, 12)) == "month 4 of 12"
    assert stage_words(stage("round", 0, 3)) == "before round 1"


def test_saving_a_game_loads_no_interface(tmp_path: Path) -> None:
    """The session runs headless (a bot match, a script): saving after a move imports neither
    the shell nor an interface library."""
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from common.session import GameSession\n"
            f"s = GameSession.new('orcz', ['Ann', 'Bob'], 3, path=Path({str(tmp_path)!r}) / 'g')\n"
            "s.apply(s.legal(s.to_act()[0])[0])\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')\n"
            "             or m.startswith(('common.tui', 'orcz.ui', 'pirates.ui')))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).parents[2]).stdout.strip()
    assert out == "", f"saving loaded {out}"
