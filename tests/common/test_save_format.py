"""Format 2: nobody reads a face-down card or a secret choice off the save at a
glance; the file still replays, tampering is still caught, and format 1 saves still load."""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path
from typing import Any

import pytest

import orcz
import pirates
from common import save
from common.errors import SaveError

V1_FILE = Path(__file__).parent / "data" / "orcz_v1_seed5_30_moves.json"


def _played(game: Any, players: list[str], steps: int, seed: int) -> tuple[save.Record, Any]:
    rnd = random.Random(seed)
    state = game.new_game(players, seed)
    record = save.Record(game.NAME, seed, tuple(players), None, {}, ())
    for _ in range(steps):
        seat = game.to_act(state)[0]
        action = rnd.choice(game.legal_actions(state, seat))
        state = game.apply(state, action)
        record = record.with_action(game.action_to_json(action))
    return record, state


def test_an_orcz_save_shows_no_placement_at_a_glance(tmp_path: Path) -> None:
    record, state = _played(orcz, ["Ann", "Bob", "Cid"], 12, seed=5)
    path = tmp_path / "game.json"
    save.write_atomic(path, save.to_dict(record))
    text = path.read_text()
    placed = [a for a in record.actions if a["type"] == "place_rank"]
    assert placed
    for word in ("place_rank", "face_down", *(a["left"] for a in placed),
                 *(a["right"] for a in placed)):
        assert word not in text
    assert json.loads(text)["format"] == "hotseat-save/2"
    loaded, _, states = save.load_file(path)
    assert loaded.actions == record.actions
    assert states[-1] == state


def test_a_pirates_autosave_hides_a_secret_navigation_choice(tmp_path: Path) -> None:
    players = ["Ann", "Bob", "Cid"]
    state = pirates.new_game(players, 2)
    record = save.Record("pirates", 2, tuple(players), None, {}, ())
    while not any(a["type"] == "navigate" for a in record.actions):
        seat = pirates.to_act(state)[0]
        action = pirates.legal_actions(state, seat)[-1]
        state = pirates.apply(state, action)
        record = record.with_action(pirates.action_to_json(action))
    path = tmp_path / "pirates.json"
    save.write_atomic(path, save.to_dict(record))
    assert "navigate" not in path.read_text() and "island" not in path.read_text()
    assert save.load_file(path)[2][-1] == state


def test_the_checksum_covers_the_encoded_actions(tmp_path: Path) -> None:
    record, _ = _played(orcz, ["Ann", "Bob"], 8, seed=3)
    data = save.to_dict(record)
    actions = save.decode_actions(data["actions"])
    actions[-1] = {**actions[-1], "seat": 1 - actions[-1]["seat"]}
    data["actions"] = save.encode_actions(actions)  # re-encoded well, checksum kept
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="checksum"):
        save.load_file(path)


def _signed(tmp_path: Path, encoded: str) -> Path:
    record, _ = _played(orcz, ["Ann", "Bob"], 0, seed=3)
    data = save.to_dict(record)
    data["actions"] = encoded
    data["checksum"] = save._checksum(data)
    path = tmp_path / "signed.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("encoded", "message"), [
    ("not base64 at all!", "not readable"),
    (base64.b64encode(b"not zlib").decode(), "not readable"),
    (base64.b64encode(zlib.compress(b"[{}]")[:-3]).decode(), "cut short"),
    (base64.b64encode(zlib.compress(b"{}")).decode(), "not a list"),
    (base64.b64encode(zlib.compress(b"[" * 50_000)).decode(), "nested too deeply"),
    (base64.b64encode(zlib.compress(b" " * (save.MAX_ACTIONS_BYTES + 1))).decode(), "too large"),
], ids=["base64", "zlib", "cut", "object", "deep", "bomb"])
def test_a_damaged_action_list_with_a_good_checksum_is_a_save_error(
    tmp_path: Path, encoded: str, message: str
) -> None:
    with pytest.raises(SaveError, match=message):
        save.load_file(_signed(tmp_path, encoded))


def test_a_format_1_save_written_by_the_previous_version_still_loads() -> None:
    """The file was written by the code of before format 2 (30 random moves, orc challenge on)."""
    raw = json.loads(V1_FILE.read_text())
    assert raw["format"] == "hotseat-save/1" and isinstance(raw["actions"], list)
    record, game, states = save.load_file(V1_FILE)
    assert game is orcz and len(states) == 31
    state = orcz.new_game(["Ann", "Bob", "Cid"], 5, orc_challenge=True)
    for action in raw["actions"]:
        state = orcz.apply(state, orcz.action_from_json(action))
    assert states[-1] == state
    assert record.options == {"orc_challenge": True}


def test_a_format_1_save_is_written_back_as_format_2(tmp_path: Path) -> None:
    record, _, states = save.load_file(V1_FILE)
    path = tmp_path / "again.json"
    save.write_atomic(path, save.to_dict(record))
    assert json.loads(path.read_text())["format"] == "hotseat-save/2"
    assert save.load_file(path)[2][-1] == states[-1]


def test_a_hand_edited_format_1_save_is_still_detected(tmp_path: Path) -> None:
    raw = json.loads(V1_FILE.read_text())
    raw["actions"][0]["face_down"] = "left" if raw["actions"][0]["face_down"] == "right" \
        else "right"
    path = tmp_path / "edited-v1.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="checksum"):
        save.load_file(path)
