"""Save files: the seed, the set-up, the options, the players and the action list, as JSON.

Loading replays every action through the rules core, which is also the validation of a hand-edited
file: anything that does not replay is refused with a message that says where and why. A checksum
over the content tells an accidental or deliberate edit from a file hotseat wrote itself.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common.engine import GameModule, get_game
from common.errors import IllegalAction, SaveError

FORMAT = "hotseat-save/1"
_KEYS = ("format", "game", "seed", "setup", "options", "players", "actions")


@dataclass(frozen=True)
class Record:
    """Everything needed to rebuild a game: ``(seed, setup, options, players, actions)``."""

    game: str
    seed: int
    players: tuple[str, ...]
    setup: Mapping[str, Any] | None
    options: Mapping[str, Any]
    actions: tuple[dict[str, Any], ...]

    def with_action(self, action_json: dict[str, Any]) -> Record:
        return Record(
            self.game, self.seed, self.players, self.setup, self.options,
            (*self.actions, action_json),
        )

    def without_last(self) -> Record:
        return Record(
            self.game, self.seed, self.players, self.setup, self.options, self.actions[:-1]
        )


def _checksum(body: Mapping[str, Any]) -> str:
    canonical = json.dumps({k: body[k] for k in _KEYS}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def to_dict(record: Record) -> dict[str, Any]:
    body: dict[str, Any] = {
        "format": FORMAT,
        "game": record.game,
        "seed": record.seed,
        "setup": None if record.setup is None else dict(record.setup),
        "options": dict(record.options),
        "players": list(record.players),
        "actions": list(record.actions),
    }
    body["checksum"] = _checksum(body)
    return body


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SaveError(message)


def from_dict(data: Any, *, verify_checksum: bool = True) -> Record:
    """Check the shape of a save's JSON and turn it into a ``Record`` (no replay yet)."""
    _require(isinstance(data, dict), "the save is not a JSON object")
    _require(data.get("format") == FORMAT, f"unknown save format {data.get('format')!r}")
    missing = [k for k in _KEYS if k not in data]
    _require(not missing, f"the save lacks {', '.join(missing)}")
    if verify_checksum:
        _require(
            data.get("checksum") == _checksum(data),
            "the save was changed outside hotseat (its checksum does not match)",
        )
    _require(isinstance(data["game"], str), "the game name is not text")
    _require(type(data["seed"]) is int, "the seed is not a whole number")
    players = data["players"]
    _require(
        isinstance(players, list) and all(isinstance(p, str) for p in players),
        "the players are not a list of names",
    )
    _require(data["setup"] is None or isinstance(data["setup"], dict), "the set-up is malformed")
    _require(isinstance(data["options"], dict), "the options are malformed")
    actions = data["actions"]
    _require(
        isinstance(actions, list) and all(isinstance(a, dict) for a in actions),
        "the actions are not a list of objects",
    )
    return Record(
        data["game"], data["seed"], tuple(players), data["setup"], data["options"], tuple(actions)
    )


def replay(record: Record) -> tuple[GameModule, list[Any]]:
    """Rebuild every state of the game: ``states[0]`` is the start, ``states[-1]`` the present."""
    try:
        game = get_game(record.game)
    except KeyError as err:
        raise SaveError(str(err)) from None
    try:
        state = game.new_game(
            list(record.players), record.seed, setup=record.setup, **dict(record.options)
        )
    except (IllegalAction, TypeError, KeyError, ValueError) as err:
        raise SaveError(f"the game cannot be set up from this save: {err}") from None
    states = [state]
    for number, raw in enumerate(record.actions, start=1):
        try:
            state = game.apply(state, game.action_from_json(raw))
        except IllegalAction as err:
            raise SaveError(f"action {number} does not replay: {err}") from None
        states.append(state)
    return game, states


def load_file(path: Path) -> tuple[Record, GameModule, list[Any]]:
    """Read, check and replay a save file; any problem is a ``SaveError`` with a clear message."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SaveError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"{path.name} is not valid JSON (line {err.lineno})") from None
    record = from_dict(data)
    game, states = replay(record)
    return record, game, states


def write_atomic(path: Path, data: Mapping[str, Any] | Sequence[Any]) -> None:
    """Write JSON so that a crash at any moment leaves either the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
