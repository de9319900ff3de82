"""One rule for names wherever they come from (issue: names hold on load): the command line, the
new-game form and a save refuse the same names with the same words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from common.engine import get_game
from common.errors import SaveError
from common.save import Record, load_file, summary_of, to_dict
from common.tui.names import parse_names

FULLWIDTH_ANN = "\uff21\uff4e\uff4e"  # Ａｎｎ
TABLES = {
    "case": ["ann", "Ann", "ANN"],
    "zero-width joiners": ["Ann", "\u200d\u200d", "Cid"],
    "tag characters": ["Ann", "\U000e0041\U000e0042", "Cid"],
    "Hangul filler": ["Ann", "\u3164", "Cid"],
    "fullwidth": ["Ann", FULLWIDTH_ANN, "Cid"],
    "fullwidth, lower case": ["ann", FULLWIDTH_ANN, "Cid"],
    "a ligature": ["\ufb01n", "fin", "Cid"],  # ﬁn
}


def save_of(folder: Path, players: list[str]) -> Path:
    path = folder / "game.json"
    path.write_text(json.dumps(to_dict(Record("orcz", 7, tuple(players), None, {}, ()))))
    return path


@pytest.mark.parametrize("players", TABLES.values(), ids=TABLES.keys())
def test_the_command_line_and_a_save_refuse_the_same_names_with_the_same_words(
        players: list[str], tmp_path: Path) -> None:
    with pytest.raises(ValueError) as typed:
        parse_names(",".join(players), get_game("orcz"))
    path = save_of(tmp_path, players)
    with pytest.raises(SaveError) as loaded:
        load_file(path)
    assert str(loaded.value) == str(typed.value)
    with pytest.raises(SaveError) as listed:  # the resume list does not offer it either
        summary_of(path)
    assert str(listed.value) == str(typed.value)


def test_fullwidth_letters_look_like_their_own(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="look alike"):
        parse_names(f"Ann,{FULLWIDTH_ANN}", get_game("orcz"))


def test_names_that_differ_still_load(tmp_path: Path) -> None:
    players = ["Ann", "Anne", "Zoë", "\U0001f600"]
    assert parse_names(",".join(players), get_game("orcz")) == players
    record, _game, _states = load_file(save_of(tmp_path, players))
    assert record.players == tuple(players)
