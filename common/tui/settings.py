"""The app's settings, in ``settings.json`` in the data folder: what a player chose once and
expects kept across runs (so far: whether tips show in real games).

The file is a convenience, like the lessons' progress: one that cannot be read is set aside
(``common.storage.load_progress``) and the defaults apply; a value of the wrong type is the
default; a failed write changes nothing on screen but the setting for this run.

A ``settings.json`` that is a symbolic link (a dotfile manager keeps its files elsewhere and
links them in) is followed when it leads to a regular file: read there, and written there, the
link kept. A link to anything else is left alone, the defaults apply, and ``settings_notice``
says why, for the menu to tell the player."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import Any

from common.codec import shorten
from common.errors import SaveError
from common.i18n import _
from common.session import data_dir
from common.storage import MAX_PROGRESS_BYTES, load_progress, parse_json, read_regular, write_atomic

SETTINGS_FILE = "settings.json"
DEFAULTS: dict[str, bool] = {"tips": True}


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def _linked(path: Path) -> tuple[Path | None, str]:
    """Where the settings really are when ``path`` is a link: (the regular file it leads to,
    ""), or (None, why it cannot be used); (None, "") when ``path`` is no link."""
    try:
        if not stat.S_ISLNK(os.lstat(path).st_mode):
            return None, ""
    except OSError:
        return None, ""
    name = shorten(path.name)
    try:
        target = path.resolve(strict=True)
        info = os.stat(target)
    except (OSError, RuntimeError):  # a link to nothing, or a loop of links
        return None, _("{name} is a link to {target}, which does not exist: the settings are "
                       "the defaults, and are not kept").format(
                           name=name, target=shorten(_readlink(path), 60))
    if not stat.S_ISREG(info.st_mode):
        return None, _("{name} is a link to {target}, which is not a regular file: the "
                       "settings are the defaults, and are not kept").format(
                           name=name, target=shorten(str(target), 60))
    return target, ""


def _readlink(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def read_settings() -> tuple[dict[str, Any], str]:
    """The settings file's content and a notice for the player ("" when all is well)."""
    path = settings_path()
    target, problem = _linked(path)
    if problem:
        return {}, problem
    if target is None:  # a file of its own: one that cannot be read is set aside, as before
        return load_progress(path)[0], ""
    try:  # through a link: read where it leads; never set the player's own file aside
        data = parse_json(read_regular(target, MAX_PROGRESS_BYTES), shorten(target.name))
    except SaveError as err:
        return {}, _("The settings cannot be read ({error}): the defaults apply.").format(
            error=err)
    return (data, "") if isinstance(data, dict) else ({}, _(
        "The settings cannot be read ({error}): the defaults apply.").format(
            error=_("{name} is not a JSON object").format(name=shorten(target.name))))


def settings_notice() -> str:
    """Why the settings file cannot be used as it is ("" when it can): for the menu to say."""
    return read_settings()[1]


def read_setting(name: str) -> bool:
    """The setting ``name``: the file's value when it is one of the right type, else the
    default."""
    data, _notice = read_settings()
    value = data.get(name)
    return value if isinstance(value, bool) else DEFAULTS[name]


def write_setting(name: str, value: bool) -> bool:
    """Keep ``name`` = ``value`` (the other settings kept as they are); False when the file
    could not be written (a link to what is not a regular file is never written through)."""
    data, problem = read_settings()
    if problem and _linked(settings_path())[1]:
        return False
    data = dict(data)
    data[name] = value
    target = _linked(settings_path())[0] or settings_path()
    with contextlib.suppress(OSError):
        write_atomic(target, data)
        return True
    return False


def tips_on() -> bool:
    return read_setting("tips")


def set_tips(on: bool) -> bool:
    return write_setting("tips", on)


__all__ = ["DEFAULTS", "SETTINGS_FILE", "read_setting", "read_settings", "set_tips",
           "settings_notice", "settings_path", "tips_on", "write_setting"]
