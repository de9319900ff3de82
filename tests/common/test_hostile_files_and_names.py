"""No file, number or name can hang the app, write through a link, or leave a game
unsaveable. Real files, links, FIFOs, locks and processes, as a hostile or unlucky user makes
them."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import orcz
from common import save, storage
from common.errors import GameLocked, SaveError, WriteFailed
from common.session import GameSession
from common.tui.names import parse_bots, parse_names, parse_seed
from tests.tui.test_kill import lift_curtain

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


def _game() -> GameSession:
    return GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)


def _move(session: GameSession) -> None:
    session.apply(session.legal(session.to_act()[0])[0])


def _moves_on_disk(path: Path) -> int:
    return len(save.decode_actions(json.loads(path.read_text())["actions"]))


def _hotseat(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "common.tui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


# ---------------------------------------------------------------- item 1: no link is followed

def test_a_lock_file_that_is_a_link_to_the_save_is_refused_and_the_save_kept() -> None:
    session = _game()
    _move(session)
    session.release()
    before = session.path.read_bytes()
    storage.lock_path(session.path).symlink_to(session.path.name)
    with pytest.raises(SaveError, match="symbolic link"):
        GameSession.load(session.path)
    assert session.path.read_bytes() == before  # once shrunk to "PID TOKEN"


def test_a_lock_file_that_is_a_link_elsewhere_never_writes_there(tmp_path: Path) -> None:
    session = _game()
    session.release()
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    storage.lock_path(session.path).symlink_to(victim)
    with pytest.raises(SaveError, match="symbolic link"):
        GameSession.load(session.path)
    assert victim.read_text() == "keep me"


def test_a_lock_file_that_is_a_fifo_is_refused_at_once() -> None:
    session = _game()
    session.release()
    os.mkfifo(storage.lock_path(session.path))
    with pytest.raises(SaveError, match="not a regular file"):
        GameSession.load(session.path)


def test_a_save_that_is_a_link_is_refused(tmp_path: Path) -> None:
    session = _game()
    session.release()
    link = session.path.with_name("link.json")
    link.symlink_to(session.path)
    with pytest.raises(SaveError, match="symbolic link"):
        save.load_file(link)


# ---------------------------------------------------------------- item 2: deleted lock or folder

def test_a_deleted_lock_file_is_made_again_and_saving_goes_on() -> None:
    session = _game()
    storage.lock_path(session.path).unlink()
    _move(session)  # once "open in another hotseat", for ever
    assert not session.unsaved and _moves_on_disk(session.path) == 1
    assert storage.lock_path(session.path).exists()
    with pytest.raises(GameLocked):  # and the game is locked again for a second window
        storage.SaveLock._lock_file(storage.lock_path(session.path))


def test_a_deleted_saves_folder_is_made_again_and_saving_goes_on() -> None:
    session = _game()
    _move(session)
    for path in session.path.parent.iterdir():
        path.unlink()
    session.path.parent.rmdir()
    _move(session)
    assert not session.unsaved and _moves_on_disk(session.path) == 2


def test_a_lock_lost_to_another_hotseat_that_wrote_moves_is_not_taken_back() -> None:
    """The other window wrote moves while the lock file was gone: they are never overwritten."""
    mine = _game()
    storage.lock_path(mine.path).unlink()
    other = GameSession.load(mine.path)  # another window (same process: a new lock file)
    _move(other)
    other.release()
    with pytest.raises(GameLocked):
        _move(mine)
    assert _moves_on_disk(mine.path) == 1  # the other window's move


# ---------------------------------------------------------------- item 4: a read-only disk

@contextlib.contextmanager
def _tmpfs(where: Path, size: str = "4m") -> Iterator[Path]:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode:
        pytest.skip("needs a tmpfs of its own (mount)")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True)


def test_a_game_on_a_read_only_disk_opens_read_only_and_says_so(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "disk") as disk:
        first = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7, path=disk / "g.json")
        _move(first)
        first.release()
        _remount(disk, "ro")
        try:
            session = GameSession.load(first.path)  # once: "cannot hold a lock file"
            assert session.action_count == 1
            assert session.read_only == ("this game cannot be saved here: the saves folder "
                                         "cannot be written to")
            with pytest.raises(WriteFailed, match=r"cannot be saved here.*not saved"):
                _move(session)
            assert session.unsaved and session.action_count == 2
        finally:
            _remount(disk, "rw")
        session.save()  # writable again: w saves it
        assert not session.unsaved and session.read_only is None
        assert _moves_on_disk(first.path) == 2


# ---------------------------------------------------------------- item 7: names

@pytest.mark.parametrize("name", ["\x1b]0;pwned\x07", "\x1b[2J", "Ann\u202eboB", "A\u2028B",
                                  "\ufeffAnn"], ids=repr)
def test_a_save_with_a_control_or_format_character_in_a_name_is_refused(
    tmp_path: Path, name: str
) -> None:
    record = save.Record("orcz", 3, (name, "Bob", "Cid"), None, {}, ())
    path = tmp_path / "g.json"
    path.write_text(json.dumps(save.to_dict(record)))  # a valid checksum: hotseat wrote it
    with pytest.raises(SaveError, match="control characters"):
        save.load_file(path)
    with pytest.raises(ValueError, match="control characters"):
        parse_names(f"{name},Bob", orcz)


@pytest.mark.parametrize("name", ["🏴‍☠️", "Zoë", "李雷", "👩🏽‍🚀", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
def test_emoji_and_printable_letters_are_names(name: str) -> None:
    assert parse_names(f"{name},Bob", orcz) == [name, "Bob"]


# ---------------------------------------------------------------- items 11, 13: the command line

@pytest.mark.parametrize("given", ["", "/", ".", ".."], ids=repr)
def test_resume_of_an_empty_name_or_a_folder_says_so_and_exits_2(
    data_dir: Path, given: str
) -> None:
    done = _hotseat("resume", given, data=data_dir)
    assert done.returncode == 2, done.stderr
    assert "resume takes a save file" in done.stderr and "Traceback" not in done.stderr


def test_a_4000_digit_seed_is_refused_in_words_for_a_player(data_dir: Path) -> None:
    done = _hotseat("orcz", "--players", "Ann,Bob", "--seed", "9" * 4000, data=data_dir)
    assert done.returncode == 2
    assert "the seed must be a whole number from 0 to 18446744073709551615" in done.stderr
    assert "lock file" not in done.stderr and len(done.stderr) < 600


@pytest.mark.parametrize("raw", ["-1", "2", "18446744073709551615"])
def test_seeds_are_bounded_0_to_2_64_minus_1(raw: str) -> None:
    if raw == "-1":
        with pytest.raises(ValueError, match="from 0 to"):
            parse_seed(raw)
    else:
        assert parse_seed(raw) == int(raw)
    with pytest.raises(ValueError, match="from 0 to"):
        parse_seed(str(2**64))


@pytest.mark.parametrize("raw", ["9" * 5000, "9", "99"])
def test_too_many_bots_are_refused_in_words(raw: str) -> None:
    with pytest.raises(ValueError, match=r"than any game seats \(at most 8\)"):
        parse_bots(raw)


def test_a_superscript_two_is_no_count_of_bots() -> None:
    with pytest.raises(ValueError, match="level is one of"):
        parse_bots("²")


def test_the_command_words_a_bad_bots_count_for_a_player(data_dir: Path) -> None:
    for raw in ("9" * 5000, "²"):
        done = _hotseat("orcz", "--players", "Ann,Bob", "--bots", raw, data=data_dir)
        assert done.returncode == 2
        assert "digits" not in done.stderr and "int()" not in done.stderr
        assert "computer player" in done.stderr


# ---------------------------------------------------------------- item 14: the exit status

def _read_until(fd: int, want: str, seconds: float = 90.0) -> str:
    """What the terminal showed, once ``want`` is among it (escape sequences taken out)."""
    import re
    import select
    import time

    raw, text = b"", ""
    end = time.monotonic() + seconds
    while want not in text and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                raw += os.read(fd, 65536)
            except OSError:
                break
            text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", raw.decode(errors="replace"))
    return text


def _exit_code(proc: subprocess.Popen[bytes], fd: int, seconds: float = 90.0) -> int | None:
    """The app's exit code once it ends, reading what it writes meanwhile: a loaded machine
    can take a while, and an unread terminal would block the app's last writes."""
    import time

    end = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < end:
        _read_until(fd, "\x00never", 0.2)
    return proc.poll()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_quitting_with_a_move_not_on_disk_exits_3(data_dir: Path) -> None:
    """A real hotseat in a pseudo-terminal: the save cannot be written any more (its name is
    now a folder), a rank is placed, Ctrl+C: the exit status says the move is lost."""
    import pty
    import signal

    main, child = pty.openpty()
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data_dir), "COLUMNS": "100", "LINES": "32",
           "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "common.tui", "orcz", "--players", "Ann,Bob,Cid", "--seed", "7"],
        stdin=child, stdout=child, stderr=child, env=env, cwd=ROOT, start_new_session=True)
    os.close(child)
    try:
        assert "Enter" in _read_until(main, "Enter")  # the first curtain
        (path,) = (data_dir / "saves").glob("*.json")
        path.unlink()
        path.mkdir()
        (path / "in-the-way").write_text("")
        lift_curtain(main, b"Bob's private panel")  # Bob takes the terminal
        os.write(main, b"21\r2l")  # and places a rank ("1" waits for Enter: there are 10+)
        assert "you see" in _read_until(main, "you see")  # the preview
        time.sleep(0.6)  # the preview takes an Enter only once it could be read (a key guard)
        os.write(main, b"\r")
        assert "Not saved" in _read_until(main, "Not saved")  # the move is on screen only
        os.write(main, b"\x03")
        assert _exit_code(proc, main) == 3
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        os.close(main)


# ---------------------------------------------------------------- item 6: compression bombs

def _bomb(path: Path, actions_json: bytes) -> Path:
    """A save with a valid checksum whose action list unpacks to ``actions_json``."""
    import base64
    import zlib

    record = save.Record("orcz", 3, ("Ann", "Bob", "Cid"), None, {}, ())
    body = save.to_dict(record)
    body["actions"] = base64.b64encode(zlib.compress(actions_json, 9)).decode("ascii")
    body["summary"] = {"progress": "round 1 of 3", "over": False}
    body["checksum"] = save._checksum(body)
    path.write_text(json.dumps(body))
    return path


@pytest.fixture(scope="module")
def bombs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("bombs")
    one = b'{"type":"hold","seat":0,"battlefield":"urth"},'
    return [_bomb(folder / "wide.json", b"[" + one * 300_000 + one[:-1] + b"]"),
            _bomb(folder / "long.json", b"[" + one * 10_000 + one[:-1] + b"]")]


def test_a_compression_bomb_is_refused_at_once_and_small(bombs: list[Path]) -> None:
    import time

    for path, words in zip(bombs, ("too large", "too many"), strict=True):
        assert path.stat().st_size < 100_000  # it unpacks to 14 MB
        start = time.perf_counter()
        with pytest.raises(SaveError, match=words):
            save.load_file(path)
        assert time.perf_counter() - start < 1.0  # once 8.5 to 14.6 s


def test_the_resume_list_never_unpacks_or_replays_a_save(bombs: list[Path]) -> None:
    import time

    from common.tui.menu import describe_save

    start = time.perf_counter()
    words = [describe_save(path)[0] for path in bombs]
    assert time.perf_counter() - start < 0.5  # the whole list once froze for 14 s
    assert all(w.startswith("Orcz: Ann, Bob, Cid — round 1 of 3") for w in words)


def test_an_older_save_without_a_summary_is_listed_without_a_replay(tmp_path: Path) -> None:
    from common.tui.menu import describe_save

    session = _game()
    _move(session)
    body = json.loads(session.path.read_text())
    del body["summary"]
    body["checksum"] = save._checksum(body)
    session.path.write_text(json.dumps(body))
    words, over = describe_save(session.path)
    assert words.startswith("Orcz: Ann, Bob, Cid — saved by an older hotseat") and not over
    assert GameSession.load(session.path).action_count == 1  # and it still loads


# ---------------------------------------------------------------- item 3: the lesson progress

@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "dev-urandom", "folder", "not-json"])
def test_a_bad_lesson_progress_file_is_set_aside_at_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "lessons-done.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind.startswith("dev-"):
        path.symlink_to("/dev/" + kind.removeprefix("dev-"))
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text("{not json")
    data, notice = storage.load_progress(path)  # once: a freeze, or a MemoryError
    assert data == {} and "set aside as lessons-done.json.bad" in notice
    assert not os.path.lexists(path) and os.path.lexists(tmp_path / "lessons-done.json.bad")


def test_a_good_lesson_progress_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "lessons-done.json"
    path.write_text('{"orcz": ["deploy"]}')
    assert storage.load_progress(path) == ({"orcz": ["deploy"]}, "")
    assert storage.load_progress(tmp_path / "none.json") == ({}, "")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_lessons_start_with_a_fifo_for_a_progress_file(data_dir: Path) -> None:
    """A real hotseat: ``hotseat learn orcz`` once froze on a FIFO, deaf to Ctrl+C."""
    import pty
    import signal

    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / "lessons-done.json")
    main, child = pty.openpty()
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(data_dir), "COLUMNS": "100", "LINES": "32",
           "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "common.tui", "learn", "orcz"],
                            stdin=child, stdout=child, stderr=child, env=env, cwd=ROOT,
                            start_new_session=True)
    os.close(child)
    try:
        shown = _read_until(main, "set aside")
        assert "set aside" in shown and "lessons" in shown
        os.write(main, b"\x03")
        assert _exit_code(proc, main) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        os.close(main)


def test_a_game_on_a_full_disk_opens_read_only_with_a_banner(tmp_path: Path) -> None:
    from tests.tui.driver import keys, screen_text, sync, wait_until

    with _tmpfs(tmp_path / "disk", size="1m") as disk:
        first = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7, path=disk / "g.json")
        first.release()
        with contextlib.suppress(OSError), (disk / "filler").open("wb") as filler:
            while True:
                filler.write(b"x" * 65536)
        session = GameSession.load(first.path)  # once: "cannot lock the game"
        assert session.read_only == "this game cannot be saved here: the disk is full"

        @sync
        async def play() -> None:
            from common.tui.app import HotseatApp

            app = HotseatApp(session)
            async with app.run_test(size=(100, 32)) as pilot:
                await keys(pilot, "enter")
                await wait_until(pilot, lambda: "cannot be saved here" in screen_text(app),
                                 "the banner")

        play()
