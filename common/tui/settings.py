"""The app's settings, in ``settings.json`` in the data folder: what a player chose once and
expects kept across runs (so far: whether tips show in real games).

The file is a convenience, like the lessons' progress: one that cannot be read is set aside
(``common.storage.load_progress``) and the defaults apply; a value of the wrong type is the
default; a failed write changes nothing on screen but the setting for this run."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from common.session import data_dir
from common.storage import load_progress, write_atomic

SETTINGS_FILE = "settings.json"
DEFAULTS: dict[str, bool] = {"tips": True}


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def read_setting(name: str) -> bool:
    """The setting ``name``: the file's value when it is one of the right type, else the
    default."""
    data, _ = load_progress(settings_path())
    value = data.get(name)
    return value if isinstance(value, bool) else DEFAULTS[name]


def write_setting(name: str, value: bool) -> bool:
    """Keep ``name`` = ``value`` (the other settings kept as they are); False when the file
    could not be written."""
    data: dict[str, Any] = dict(load_progress(settings_path())[0])
    data[name] = value
    with contextlib.suppress(OSError):
        write_atomic(settings_path(), data)
        return True
    return False


def tips_on() -> bool:
    return read_setting("tips")


def set_tips(on: bool) -> bool:
    return write_setting("tips", on)


__all__ = ["DEFAULTS", "SETTINGS_FILE", "read_setting", "set_tips", "settings_path", "tips_on",
           "write_setting"]
