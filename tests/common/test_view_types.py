"""A view key renamed in a game's core fails the type check of the interface that reads it.

Each game declares its view as TypedDicts (``GAME/view_types.py``) and its interface is annotated
with them, so ``mypy --strict`` is the check that the interface and the core agree on every key.
The test copies a game's package into a temporary folder, renames one key in its view types,
and type-checks one interface module there: mypy must name the read of the old key.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[2]

# (game, the key's line in view_types.py, the renamed line, the interface module, its read)
CASES = [
    ("orcz", "    aside_strength: int\n", "    aside_power: int\n", "ui/render.py",
     'field["aside_strength"]'),
    ("pirates", "    cards_in_hand: int\n", "    hand_size: int\n", "ui/render.py",
     'p["cards_in_hand"]'),
]

# Textual and Rich are left out of the check (their types are not the point, and skipping them
# keeps a cold run to seconds), so what subclasses or returns their classes is not flagged.
CONFIG = """[mypy]
python_version = 3.11
strict = True
disallow_subclassing_any = False
warn_return_any = False

[mypy-textual.*]
follow_imports = skip

[mypy-rich.*]
follow_imports = skip
"""


def _copy(package: str, into: Path) -> Path:
    """``package`` beside the shell's ``common`` in ``into``, so that every import resolves
    there and never to the checkout."""
    skip = shutil.ignore_patterns("lessons", "locale", "__pycache__", "*.md", "*.tcss")
    for name in ("common", package):
        shutil.copytree(ROOT / name, into / name, ignore=skip)
    return into / package


def _check(tmp: Path, module: Path) -> tuple[str, int]:
    config = tmp / "mypy.ini"
    config.write_text(CONFIG, encoding="utf-8")
    out, err, status = api.run(["--config-file", str(config), "--cache-dir",
                                str(tmp / ".mypy_cache"), "--no-error-summary", str(module)])
    return out + err, status


def _lines_reading(path: Path, read: str) -> set[int]:
    return {n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if read in line}


@pytest.mark.parametrize(("game", "line", "renamed", "module", "read"), CASES,
                         ids=[case[0] for case in CASES])
def test_mypy_names_the_read_of_a_renamed_view_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, line: str, renamed: str,
        module: str, read: str) -> None:
    monkeypatch.chdir(tmp_path)  # mypy searches the working folder too: never the checkout's
    package = _copy(game, tmp_path)
    types = package / "view_types.py"
    text = types.read_text(encoding="utf-8")
    assert text.count(line) == 1, f"{line.strip()!r} is not a key of {game}'s view types"
    types.write_text(text.replace(line, renamed), encoding="utf-8")
    reads = _lines_reading(package / module, read)
    assert reads, f"{module} no longer reads {read}: choose another key"

    output, status = _check(tmp_path, package / module)

    key = read.split('"')[1]
    named = {int(n) for n in re.findall(
        rf"{re.escape(module)}:(\d+): error: TypedDict \"\w+\" has no key \"{key}\"", output)}
    assert status == 1, output
    assert reads <= named, output
