"""The session's files: one game open in one hotseat at a time, no orphan
temporary files, and a failed write is said, never hidden."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import save, storage
from common.errors import GameLocked, SaveError, WriteFailed
from common.session import GameSession, list_saves

ROOT = Path(__file__).resolve().parents[2]

# A second hotseat, in a process of its own: it opens the game and holds it until told.
HOLDER = """
import sys
from pathlib import Path
from common.session import GameSession
session = GameSession.load(Path(sys.argv[1]))
print("open", flush=True)
sys.stdin.readline()
session.apply(session.legal(session.to_act()[0])[0])
print("moved", flush=True)
sys.stdin.readline()
"""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


def _env(data: Path) -> dict[str, str]:
    return {**os.environ, "HOTSEAT_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}


def _holder(path: Path, data: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, env=_env(data),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "open"  # waits for the child, however slow
    return proc


def _tell(proc: subprocess.Popen[str], expect: str) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == expect


def _moves_on_disk(path: Path) -> int:
    return len(save.decode_actions(json.loads(path.read_text())["actions"]))


# ---------------------------------------------------------------- item 2: one game, one window

def test_a_game_open_in_another_process_cannot_be_opened_or_overwritten(data_dir: Path) -> None:
    mine = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    mine.release()
    other = _holder(mine.path, data_dir)
    try:
        with pytest.raises(GameLocked, match="open in another hotseat"):
            GameSession.load(mine.path)
        with pytest.raises(GameLocked):
            mine.apply(mine.legal(mine.to_act()[0])[0])  # the released session may not write
        assert _moves_on_disk(mine.path) == 0
        _tell(other, "moved")
        assert _moves_on_disk(mine.path) == 1  # the other window's move is still there
    finally:
        other.kill()
        other.wait(30)


def test_a_second_hotseat_resume_says_so_and_exits(data_dir: Path) -> None:
    mine = GameSession.new("orcz", ["Ann", "Bob"], 3)
    mine.apply(mine.legal(mine.to_act()[0])[0])
    before = mine.path.read_bytes()
    second = subprocess.run([sys.executable, "-m", "common.tui", "resume", str(mine.path)],
                            cwd=ROOT, env=_env(data_dir), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=120)
    assert second.returncode == 1
    assert "open in another hotseat" in second.stderr and "Traceback" not in second.stderr
    assert mine.path.read_bytes() == before
    mine.apply(mine.legal(mine.to_act()[0])[0])  # this window still plays and saves
    assert _moves_on_disk(mine.path) == 2


def test_the_lock_of_a_killed_process_is_taken_over(data_dir: Path) -> None:
    mine = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    mine.release()
    other = _holder(mine.path, data_dir)
    _tell(other, "moved")
    other.send_signal(signal.SIGKILL)
    other.wait(30)
    lock = storage.lock_path(mine.path)
    assert lock.exists()  # left behind: a killed process says no goodbye
    assert lock.read_text().split()[:2] == ["hotseat-lock", str(other.pid)]
    resumed = GameSession.load(mine.path)
    assert resumed.action_count == 1 and resumed.holds_lock
    assert lock.read_text().split()[:2] == ["hotseat-lock", str(os.getpid())]
    resumed.apply(resumed.legal(resumed.to_act()[0])[0])
    assert _moves_on_disk(mine.path) == 2


def test_release_lets_another_open_the_game_and_stops_this_one_saving() -> None:
    with GameSession.new("orcz", ["Ann", "Bob"], 3) as first:
        assert first.holds_lock
    assert not first.holds_lock and not storage.lock_path(first.path).exists()
    with pytest.raises(GameLocked):
        first.save()
    second = GameSession.load(first.path)
    assert second.holds_lock
    second.release()
    first.acquire()  # the game can be taken up again once free
    first.save()


def test_opening_the_same_game_again_in_one_process_hands_it_over() -> None:
    """Leaving a game for the menu and resuming it: the newer session is the one that saves."""
    older = GameSession.new("orcz", ["Ann", "Bob"], 3)
    newer = GameSession.load(older.path)
    assert newer.holds_lock and not older.holds_lock
    with pytest.raises(GameLocked):
        older.apply(older.legal(older.to_act()[0])[0])
    newer.apply(newer.legal(newer.to_act()[0])[0])
    assert _moves_on_disk(newer.path) == 1


def test_a_lock_file_replaced_behind_the_session_stops_it_saving() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    lock = storage.lock_path(session.path)
    lock.unlink()
    lock.write_text("12345 someone-else\n")
    assert not session.holds_lock
    with pytest.raises(GameLocked):
        session.save()


# ---------------------------------------------------------------- item 3: no orphan temp files

def _temp(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text("{")
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait(30)
    return proc.pid


def test_stale_temporary_files_are_removed_when_the_saves_folder_is_opened(
    data_dir: Path
) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    folder = session.path.parent
    name = session.path.name
    dead = _temp(folder, f".{name}.{_dead_pid()}.abc123.hotseat-tmp", age=1)
    old = _temp(folder, f".{name}.k2j4h5.hotseat-tmp", age=3600)  # without a pid, but old
    live = _temp(folder, f".{name}.{os.getpid()}.zz9.hotseat-tmp", age=1)  # being written now
    fresh = _temp(folder, f".{name}.q8w7e6.hotseat-tmp", age=1)  # no pid, too young to judge
    other = _temp(folder, "notes.tmp", age=3600)  # not hidden: not one of ours
    foreign = _temp(folder, ".draft.tmp", age=3600)  # another program's: not hotseat's name
    assert list_saves() == [session.path]
    assert not dead.exists() and not old.exists()
    assert live.exists() and fresh.exists() and other.exists() and foreign.exists()


def test_many_interrupted_writes_leave_nothing_once_the_folder_is_opened() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    folder = session.path.parent
    for n in range(20):  # what a kill between the write and the rename leaves behind
        _temp(folder,
              f".{session.path.name}.{_dead_pid() if n < 2 else 10**30}.t{n}.hotseat-tmp",
              age=1 if n < 2 else 120)
    GameSession.load(session.path).release()
    assert sorted(p.name for p in folder.iterdir()) == [session.path.name]


# ---------------------------------------------------------------- item 4: a failed write is said

def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)


def test_a_move_on_a_full_disk_stays_in_memory_and_is_said_unsaved(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    first = session.legal(session.to_act()[0])[0]
    session.apply(first)
    assert not session.unsaved
    view_before = session.view(None)
    with monkeypatch.context() as patch:
        _disk_full(patch)
        move = session.legal(session.to_act()[0])[0]
        with pytest.raises(WriteFailed, match="the disk is full: this move is not saved yet"):
            session.apply(move)
        assert session.unsaved
        assert session.action_count == 2  # the move is kept, not lost
        assert session.view(None) != view_before
        assert _moves_on_disk(session.path) == 1  # the file holds the old game, whole
        with pytest.raises(WriteFailed):
            session.save()  # trying again while the disk is still full says so again
    assert sorted(p.name for p in session.path.parent.iterdir()) == sorted(
        [session.path.name, session.path.name + ".lock", session.path.name + ".prev"]
    )  # no temporary file left
    session.save()  # room again: the same move is written
    assert not session.unsaved
    assert _moves_on_disk(session.path) == 2
    assert GameSession.load(session.path).view(None) == session.view(None)


def test_write_failures_are_save_errors_with_a_short_message(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    for code, words in ((errno.EACCES, "cannot be written to"), (errno.EIO, "input/output")):
        def fail(*_: object, code: int = code) -> None:
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(os, "replace", fail)
        with pytest.raises(SaveError, match=words) as caught:
            session.save()
        assert "not saved yet" in str(caught.value) and len(str(caught.value)) < 100
        assert session.unsaved


def test_a_new_game_on_a_full_disk_is_a_write_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_full(monkeypatch)
    with pytest.raises(WriteFailed, match="disk is full"):
        GameSession.new("orcz", ["Ann", "Bob"], 3)
    monkeypatch.undo()
    assert GameSession.new("orcz", ["Ann", "Bob"], 3).holds_lock  # nothing stale in the way


def test_resuming_a_missing_save_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "game.json"
    with pytest.raises(SaveError, match=r"cannot read game\.json"):
        GameSession.load(missing)
    assert not missing.parent.exists()
    beside = tmp_path / "gone.json"
    with pytest.raises(SaveError, match="cannot read"):
        GameSession.load(beside)
    assert list(tmp_path.iterdir()) == []  # no folder, no lock file left behind
