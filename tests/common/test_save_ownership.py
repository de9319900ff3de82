"""Hotseat writes only where it owns the file: nothing is cleaned or locked beside a
file that is not a save, a lock is never written through another name, the checksum is what it
says and unknown keys are refused, and file problems get their own words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import save, storage
from common.errors import SaveError
from common.session import GameSession, data_dir, saves_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def hotseat_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


def _hotseat(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "common.tui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def _saved_game(moves: int = 1) -> GameSession:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    for _ in range(moves):
        session.apply(session.legal(session.to_act()[0])[0])
    session.release()
    return session


def _old(path: Path, text: str) -> Path:
    path.write_text(text)
    stamp = time.time() - 300
    os.utime(path, (stamp, stamp))
    return path


# ---------------------------------------------------------------- item 1: only what is ours

def test_resuming_a_non_save_leaves_another_program_s_temp_file(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    draft = _old(folder / ".draft.tmp", "data\n")
    (folder / "x.json").write_text("{}")
    result = _hotseat("resume", str(folder / "x.json"), data=tmp_path / "data")
    assert result.returncode == 1 and "cannot be resumed" in result.stderr
    assert draft.read_text() == "data\n"
    assert sorted(p.name for p in folder.iterdir()) == [".draft.tmp", "x.json"]


def test_resuming_another_program_s_file_leaves_its_lock_alone(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "config.json").write_text('{"a":1}')
    lock = folder / "config.json.lock"
    lock.write_text("4242 other-app\n")
    with pytest.raises(SaveError, match="does not say its format"):
        GameSession.load(folder / "config.json")
    assert lock.read_text() == "4242 other-app\n"
    assert sorted(p.name for p in folder.iterdir()) == ["config.json", "config.json.lock"]


def test_a_save_outside_the_saves_folder_is_resumed_without_cleaning_its_folder(
    tmp_path: Path
) -> None:
    session = _saved_game()
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    moved = folder / "game.json"
    moved.write_bytes(session.path.read_bytes())
    stale = _old(folder / ".game.json.1.abc.tmp", "mine, not hotseat's")
    GameSession.load(moved).release()
    assert stale.exists()


def test_temp_cleanup_in_the_saves_folder_takes_only_hotseat_s_names() -> None:
    session = _saved_game()
    folder = saves_dir()
    theirs = _old(folder / ".draft.tmp", "data")
    ours = _old(folder / f".{session.path.name}.1.abc{storage.TEMP_SUFFIX}", "{")
    GameSession.load(session.path).release()
    assert theirs.exists() and not ours.exists()


def test_a_lock_file_another_program_wrote_beside_a_save_is_left_alone() -> None:
    session = _saved_game()
    lock = storage.lock_path(session.path)
    lock.write_text("4242 other-app\n")
    with pytest.raises(SaveError, match="not made by hotseat"):
        GameSession.load(session.path)
    assert lock.read_text() == "4242 other-app\n"


def test_a_lock_left_by_an_older_hotseat_or_empty_is_taken_over() -> None:
    session = _saved_game()
    lock = storage.lock_path(session.path)
    for leftover in ("12345 0123456789abcdef\n", ""):
        lock.write_text(leftover)
        resumed = GameSession.load(session.path)
        assert resumed.holds_lock
        resumed.release()


# ---------------------------------------------------------------- item 2: no second name

def test_a_lock_file_hard_linked_to_the_save_is_refused_and_both_kept() -> None:
    session = _saved_game()
    game = session.path.with_name("g.json")
    game.write_bytes(session.path.read_bytes())
    before = game.read_bytes()
    os.link(game, storage.lock_path(game))
    with pytest.raises(SaveError, match="another name too") as caught:
        GameSession.load(game)
    assert "hard link" in str(caught.value) and "remove it" in str(caught.value)
    assert game.read_bytes() == before  # once shrunk to 22 bytes of "PID TOKEN"
    assert storage.lock_path(game).read_bytes() == before


def test_a_lock_file_hard_linked_elsewhere_never_changes_that_file(tmp_path: Path) -> None:
    session = _saved_game()
    victim = tmp_path / "precious.txt"
    victim.write_text("hotseat-lock 1 0123456789abcdef\n")  # even one that looks like a lock
    os.link(victim, storage.lock_path(session.path))
    with pytest.raises(SaveError, match="hard link"):
        GameSession.load(session.path)
    assert victim.read_text() == "hotseat-lock 1 0123456789abcdef\n"


def test_a_lock_file_that_is_a_folder_says_so() -> None:
    session = _saved_game()
    storage.lock_path(session.path).mkdir()
    with pytest.raises(SaveError, match=r"lock file .* is a folder, not a file") as caught:
        GameSession.load(session.path)
    assert "cannot hold a lock file" not in str(caught.value)
    assert storage.lock_path(session.path).is_dir()


# ---------------------------------------------------------------- item 8: keys and checksum

def test_an_unknown_key_is_refused_even_outside_the_checksum(tmp_path: Path) -> None:
    session = _saved_game()
    data = json.loads(session.path.read_text())
    data["pad"] = "x" * (3 << 20)
    padded = tmp_path / "padded.json"
    padded.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="the key 'pad', which no hotseat save holds"):
        save.load_file(padded)
    with pytest.raises(SaveError, match="'pad'"):
        save.summary_of(padded)  # the resume list refuses it too
    data["pad"] = "x" * (4 << 20)
    padded.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="too large to be a save"):
        save.load_file(padded)


def test_a_format_1_save_with_its_own_keys_still_loads() -> None:
    old = ROOT / "tests" / "common" / "data" / "orcz_v1_seed5_30_moves.json"
    record, _, _ = save.load_file(old)
    assert len(record.actions) == 30


def test_the_docstring_says_the_checksum_catches_accidents_not_edits() -> None:
    doc = save.__doc__ or ""
    assert "deliberate" not in doc
    assert "accidental damage" in doc and "not edits" in doc


def test_an_edited_save_with_its_checksum_recomputed_is_a_different_game(tmp_path: Path) -> None:
    """What the docs say: anyone can recompute an unkeyed checksum, so an edit that replays
    legally loads (here: another seed, so other cards)."""
    session = _saved_game(0)
    data = json.loads(session.path.read_text())
    data["seed"] = 8
    data["checksum"] = save._checksum(data)
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    record, _, states = save.load_file(edited)
    assert record.seed == 8 and states[0] != session._states[0]


# ---------------------------------------------------------------- item 10: the right words

def test_a_dangling_data_folder_link_says_so(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    link = tmp_path / "data-link"
    link.symlink_to(tmp_path / "gone")
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(link))
    with pytest.raises(SaveError, match=r"data-link is a link to .*gone, which does not exist"):
        GameSession.new("orcz", ["Ann", "Bob"], 3)


def test_a_saves_path_that_links_to_a_file_says_so(hotseat_data: Path, tmp_path: Path) -> None:
    hotseat_data.mkdir()
    (tmp_path / "a-file").write_text("")
    (hotseat_data / "saves").symlink_to(tmp_path / "a-file")
    with pytest.raises(SaveError, match="saves is a link to a file, not to a folder"):
        GameSession.new("orcz", ["Ann", "Bob"], 3)


def test_a_saves_fifo_says_so(hotseat_data: Path) -> None:
    hotseat_data.mkdir()
    os.mkfifo(hotseat_data / "saves")
    with pytest.raises(SaveError, match=r"saves is a named pipe \(FIFO\), not a folder"):
        GameSession.new("orcz", ["Ann", "Bob"], 3)


def test_a_tilde_in_the_data_folder_is_the_home_folder(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("HOTSEAT_DATA_DIR", "~/hs")
    assert data_dir() == tmp_path / "hs"
