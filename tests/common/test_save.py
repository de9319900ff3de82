"""Save files: replay rebuilds the game; corrupt or tampered files are refused clearly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import orcz
from common import save
from common.errors import SaveError


def _played(steps: int, seed: int = 5) -> tuple[save.Record, orcz.State]:
    rnd = random.Random(seed)
    players = ("Ann", "Bob", "Cid")
    state = orcz.new_game(list(players), seed)
    record = save.Record("orcz", seed, players, None, {}, ())
    for _ in range(steps):
        seat = orcz.to_act(state)[0]
        action = rnd.choice(orcz.legal_actions(state, seat))
        state = orcz.apply(state, action)
        record = record.with_action(orcz.action_to_json(action))
    return record, state


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def test_a_saved_game_replays_to_the_same_state(tmp_path: Path) -> None:
    record, state = _played(40)
    path = tmp_path / "game.json"
    save.write_atomic(path, save.to_dict(record))
    loaded, game, states = save.load_file(path)
    assert loaded == record
    assert game is orcz
    assert states[-1] == state
    assert len(states) == 41


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    record, _ = _played(3)
    save.write_atomic(tmp_path / "a.json", save.to_dict(record))
    save.write_atomic(tmp_path / "a.json", save.to_dict(record.with_action({"x": 1})))
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_undo_is_dropping_the_last_action() -> None:
    record, _ = _played(10)
    _, states = save.replay(record.without_last())
    _, full = save.replay(record)
    assert states[-1] == full[-2]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"format": "other"}', "unknown save format"),
    ],
)
def test_corrupt_files_are_refused(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        save.load_file(path)


def test_binary_garbage_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError):
        save.load_file(path)


def test_a_hand_edited_file_is_detected(tmp_path: Path) -> None:
    record, _ = _played(10)
    data = save.to_dict(record)
    data["seed"] = data["seed"] + 1
    with pytest.raises(SaveError, match="changed outside hotseat"):
        save.load_file(_write(tmp_path, data))


def test_an_illegal_action_in_a_save_says_which(tmp_path: Path) -> None:
    record, _ = _played(10)
    actions = list(record.actions)
    actions[4] = {**actions[4], "seat": (actions[4]["seat"] + 1) % 3}
    bad = save.Record(record.game, record.seed, record.players, None, {}, tuple(actions))
    with pytest.raises(SaveError, match="action 5 does not replay"):
        save.load_file(_write(tmp_path, save.to_dict(bad)))


def test_unknown_game_and_bad_players_are_refused(tmp_path: Path) -> None:
    record, _ = _played(0)
    for change, message in (({"game": "chess"}, "unknown game"),
                            ({"players": ["Solo"]}, "cannot be set up")):
        data = save.to_dict(record) | change
        data = save.to_dict(save.from_dict(data, verify_checksum=False))
        with pytest.raises(SaveError, match=message):
            save.load_file(_write(tmp_path, data))


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot read"):
        save.load_file(tmp_path / "nope.json")
