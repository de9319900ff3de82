"""Whatever a save file holds or is, loading it raises ``SaveError`` with a short message.

Files a careless or curious player could hand to ``hotseat resume PATH`` or
leave in the saves folder. Each must be refused cleanly: no other exception, no hang, no memory
blow-up, and no message that echoes megabytes back.
"""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

import orcz
import pirates
from common import save
from common.engine import MAX_NAME_LENGTH, check_players
from common.errors import IllegalAction, SaveError
from common.session import GameSession
from common.tui.cli import main

MAX_MESSAGE = 300  # characters: a message a player reads, not a dump of the file


def _orcz_record(steps: int = 6) -> save.Record:
    rnd = random.Random(3)
    state = orcz.new_game(["Ann", "Bob", "Cid"], 3)
    record = save.Record("orcz", 3, ("Ann", "Bob", "Cid"), None, {}, ())
    for _ in range(steps):
        action = rnd.choice(orcz.legal_actions(state, orcz.to_act(state)[0]))
        state = orcz.apply(state, action)
        record = record.with_action(orcz.action_to_json(action))
    return record


def _with_actions(record: save.Record, actions: list[Any]) -> save.Record:
    return save.Record(record.game, record.seed, record.players, record.setup, record.options,
                       tuple(actions))


def _signed(tmp_path: Path, body: dict[str, Any], name: str = "game.json") -> Path:
    """A v1 file with a correct checksum, so that loading goes past the checksum check."""
    body = {**body, "format": save.FORMAT_V1}
    body["checksum"] = save._checksum(body)
    path = tmp_path / name
    path.write_text(json.dumps(body))
    return path


def _v1_body(record: save.Record) -> dict[str, Any]:
    return {"game": record.game, "seed": record.seed, "setup": None,
            "options": dict(record.options), "players": list(record.players),
            "actions": list(record.actions)}


def _refused(path: Path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        save.load_file(path)
    assert len(str(caught.value)) < MAX_MESSAGE
    return caught.value


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---------------------------------------------------------------- actions of the wrong shape

@pytest.mark.parametrize("change", [
    {"type": ["place_rank"]},
    {"type": {"a": 1}},
    {"battlefield": ["urth"]},
    {"left": {"card": 1}},
    {"seat": [0]},
    {"seat": True},
    {"face_down": "x" * 100_000},
])
def test_an_orcz_action_with_a_list_or_object_field_is_a_save_error(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    record = _orcz_record()
    actions = [dict(a) for a in record.actions]
    actions[2] = {**actions[2], **change}
    error = _refused(_signed(tmp_path, _v1_body(_with_actions(record, actions))))
    assert "action 3" in str(error)


@pytest.mark.parametrize("game", [orcz, pirates])
@pytest.mark.parametrize("data", [
    {"type": ["pass"], "seat": 0},
    {"type": {"x": 1}, "seat": 0},
    {"type": "pass", "seat": [0]},
    {"type": "pass", "seat": {"a": 0}},
    {"type": "x" * 10_000, "seat": 0},
])
def test_both_codecs_answer_any_json_with_illegal_action(game: Any, data: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction) as caught:
        game.action_from_json(data)
    assert len(str(caught.value)) < 100


# ---------------------------------------------------------------- numbers and nesting

def test_an_integer_past_the_digit_limit_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"format": "hotseat-save/1", "seed": ' + "9" * 5000 + "}")
    _refused(path)


def test_json_nested_100000_deep_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "hotseat-save/1", "actions": ' + _deep(100_000) + "}")
    _refused(path)


def test_options_nested_deep_are_a_save_error(tmp_path: Path) -> None:
    options = '{"orc_challenge": ' + _deep(980) + "}"
    path = tmp_path / "deep-options.json"
    path.write_text('{"format": "hotseat-save/1", "game": "orcz", "seed": 1, "setup": null, '
                    f'"options": {options}, "players": ["A", "B"], "actions": [], '
                    '"checksum": "0"}')
    _refused(path)


def test_options_nested_too_deep_for_the_checksum_are_a_save_error() -> None:
    """``from_dict`` is given parsed data: the checksum must not be what finds the nesting."""
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    body = {**_v1_body(_orcz_record(0)), "format": save.FORMAT_V1,
            "options": {"orc_challenge": deep}, "checksum": "0"}
    with pytest.raises(SaveError, match="nested too deeply"):
        save.from_dict(body)


def test_not_a_number_is_a_save_error(tmp_path: Path) -> None:
    record = _orcz_record()
    body = _v1_body(record)
    text = json.dumps({**body, "format": save.FORMAT_V1, "seed": 1.5}).replace("1.5", "NaN")
    path = tmp_path / "nan.json"
    path.write_text(text)
    _refused(path)


# ---------------------------------------------------------------- things that are not files

def _load_within(path: Path, seconds: float) -> BaseException | None:
    """Load ``path`` in a thread; fail the test if that does not finish in time (a hang)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            save.load_file(path)
        except BaseException as err:  # handed to the test to judge
            outcome.append(err)
        else:
            outcome.append(None)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"loading {path.name} hangs"
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    error = _load_within(fifo, 10)
    assert isinstance(error, SaveError) and "not a regular file" in str(error)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_symlink_to_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    error = _load_within(link, 10)
    assert isinstance(error, SaveError) and "not a regular file" in str(error)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _refused(folder)


def test_an_unreadable_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.json"
    path.write_text("{}")
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything: make the refusal happen anyway
        real_open = os.open

        def refuse(name: Any, *args: Any, **kwargs: Any) -> int:
            if Path(name) == path:
                raise PermissionError(13, "Permission denied", str(name))
            return real_open(name, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
    assert "permission denied" in str(_refused(path))


def test_a_file_too_large_to_be_a_save_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(save.MAX_SAVE_BYTES + 1)  # sparse: nothing real to read
    assert "too large" in str(_refused(path))


# ---------------------------------------------------------------- names

def test_a_20_mb_player_name_is_refused_briefly(tmp_path: Path) -> None:
    body = _v1_body(_orcz_record(0))
    body["players"] = ["A" * 20_000_000, "Bob"]
    error = _refused(_signed(tmp_path, body))
    assert "AAAAAAAAAA" * 10 not in str(error)


def test_a_name_past_the_cap_is_refused_in_a_save(tmp_path: Path) -> None:
    body = _v1_body(_orcz_record(0))
    body["players"] = ["A" * (MAX_NAME_LENGTH + 1), "Bob"]
    assert "too long" in str(_refused(_signed(tmp_path, body)))


def test_new_games_refuse_names_past_the_cap() -> None:
    assert check_players(["A" * MAX_NAME_LENGTH, "Bob"], "Orcz", 2, 4)[0] == "A" * MAX_NAME_LENGTH
    for game, players in ((orcz, ["Ann", "Bob"]), (pirates, ["Ann", "Bob", "Cid"])):
        with pytest.raises(IllegalAction, match="characters at most"):
            game.new_game([*players, "x" * (MAX_NAME_LENGTH + 1)], 1)


def test_messages_quote_at_most_a_little_of_what_the_file_holds(tmp_path: Path) -> None:
    for change in ({"game": "g" * 100_000}, {"format": "f" * 100_000}):
        body = {**_v1_body(_orcz_record(0)), "format": save.FORMAT_V1, **change}
        path = tmp_path / "long.json"
        path.write_text(json.dumps({**body, "checksum": save._checksum(body)}))
        _refused(path)


# ---------------------------------------------------------------- from the command and the session

@pytest.mark.parametrize("content", [
    '{"format": "hotseat-save/1", "seed": ' + "7" * 5000 + "}",
    '{"format": "hotseat-save/1", "actions": ' + _deep(100_000) + "}",
], ids=["long-int", "deep"])
def test_hotseat_resume_path_prints_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    content: str,
) -> None:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < MAX_MESSAGE + 200


def test_the_session_load_of_a_hostile_file_is_a_save_error_and_keeps_no_lock(
    tmp_path: Path
) -> None:
    record = _orcz_record()
    actions = [dict(a) for a in record.actions]
    actions[0] = {**actions[0], "type": ["place_rank"]}
    path = _signed(tmp_path, _v1_body(_with_actions(record, actions)))
    with pytest.raises(SaveError, match="action 1"):
        GameSession.load(path)
    assert not path.with_name(path.name + ".lock").exists()
