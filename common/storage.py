"""Save files on disk: reading one safely, writing one atomically, and one lock per open game.

- ``read_regular`` reads a regular file only (never a pipe, a device or a folder, which could
  hang or never end) and at most ``cap`` bytes.
- ``write_atomic`` writes beside the file and renames, so a crash leaves the old file or the new.
  Its temporary file names the writer's pid: ``clean_stale_temps`` removes the ones a killed
  process left behind, and never one that a live process is still writing.
- ``SaveLock`` marks a game as open in one hotseat. On Linux it is an ``flock``, which the kernel
  drops when the process dies, so a lock left by a killed process is simply taken over.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
import sys
import tempfile
import time
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from common.codec import shorten
from common.errors import CannotLock, GameLocked, SaveError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]

STALE_AFTER = 60.0  # seconds: no write takes that long, so an older temporary file is an orphan
LOCKED = "this game is open in another hotseat"


def _reason(err: OSError) -> str:
    return (err.strerror or type(err).__name__).lower()


# Every file of the data folder is opened with these: never through a symbolic link (a lock
# written through one would overwrite whatever it points at), never as the terminal of the
# process, and without waiting (opening a FIFO would wait for a writer for ever).
SAFE_FLAGS = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
              | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))


def _open_refusal(name: str, err: OSError, what: str = "read") -> SaveError:
    if err.errno == errno.ELOOP:  # O_NOFOLLOW met a link
        return SaveError(f"{name} is a symbolic link, not a regular file: hotseat does not "
                         "follow links")
    return SaveError(f"cannot {what} {name}: {_reason(err)}")


def _regular(fd: int, name: str) -> None:
    """``SaveError`` unless ``fd`` (what was opened, not what the name points at now) is a
    regular file."""
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        raise SaveError(f"{name} is not a regular file")


def read_regular(path: Path, cap: int) -> bytes:
    """The bytes of the regular file ``path``; ``SaveError`` for anything else or past ``cap``."""
    name = shorten(path.name)
    try:
        fd = os.open(path, os.O_RDONLY | SAFE_FLAGS)
    except OSError as err:
        raise _open_refusal(name, err) from None
    try:
        _regular(fd, name)
        chunks: list[bytes] = []
        size = 0
        while size <= cap:
            chunk = os.read(fd, min(1 << 16, cap + 1 - size))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
        raise SaveError(f"{name} is too large to be a save (over {cap // (1 << 20)} MB)")
    except OSError as err:
        raise SaveError(f"cannot read {name}: {_reason(err)}") from None
    finally:
        os.close(fd)


MAX_PROGRESS_BYTES = 1 << 20  # the lessons done: a few hundred bytes


def load_progress(path: Path) -> tuple[dict[str, Any], str]:
    """A small JSON object kept in the data folder (the lessons done), and a notice for the
    player (empty when all is well). A file that is not one (a FIFO, a link, a device, not
    JSON) is set aside beside it, so that the next write starts afresh: progress is a
    convenience, and what cannot be read must never stop a lesson."""
    from common.save import parse_json  # save imports this module

    try:
        os.lstat(path)
    except OSError:
        return {}, ""  # not made yet
    try:
        data = parse_json(read_regular(path, MAX_PROGRESS_BYTES), shorten(path.name))
        if not isinstance(data, dict):
            raise SaveError(f"{shorten(path.name)} is not a JSON object")
        return data, ""
    except SaveError as err:
        aside = path.with_name(path.name + ".bad")
        try:
            os.replace(path, aside)  # a link is renamed itself, never followed
        except OSError:
            return {}, f"The lesson progress cannot be read ({err}); it is not kept."
        return {}, f"The lesson progress could not be read ({err}): it was set aside as " \
                   f"{aside.name}, and the lessons start afresh."


# ---------------------------------------------------------------- atomic writes, stale temps

def _temp_prefix(path: Path) -> str:
    return f".{path.name}.{os.getpid()}."


def write_atomic(path: Path, data: Mapping[str, Any] | Sequence[Any]) -> None:
    """Write JSON so that a crash at any moment leaves either the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _writer_pid(name: str) -> int | None:
    """The pid in a temporary file's name (``.game.json.<pid>.<random>.tmp``), if it has one."""
    parts = name.removesuffix(".tmp").rsplit(".", 2)
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def _alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill would end the process there: trust the age alone
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process, or no such pid at all
        return False
    except OSError:  # it exists, owned by somebody else
        return True
    return True


def clean_stale_temps(folder: Path, max_age: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files of ``write_atomic`` that nobody is writing any more: their
    writer is dead, or they are older than ``max_age`` seconds. Never raises."""
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        try:
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode):
                continue
            pid = _writer_pid(path.name)
            if now - info.st_mtime > max_age or (pid is not None and not _alive(pid)):
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------- one game, one window

# This process's locks, by lock file; a lock nobody refers to any more is closed and unlocked.
_HELD: weakref.WeakValueDictionary[str, SaveLock] = weakref.WeakValueDictionary()


def lock_path(save: Path) -> Path:
    if not save.name:
        raise SaveError(f"{shorten(str(save))} is a folder, not a save file")
    return save.with_name(save.name + ".lock")


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _holder_pid(fd: int) -> int | None:
    """The pid written in the open lock file ``fd`` (read from it, never through a name)."""
    try:
        first = os.pread(fd, 64, 0).decode("ascii", errors="replace").split()
    except OSError:
        return None
    return int(first[0]) if first and first[0].isdigit() else None


# The errors of a folder where no file can be made: the game can still be opened, read-only.
READ_ONLY_ERRORS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC,
                              errno.EDQUOT})


def _cannot_lock(err: OSError) -> SaveError:
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return CannotLock("the disk is full")
    if err.errno in READ_ONLY_ERRORS:
        return CannotLock("the saves folder cannot be written to")
    return SaveError("cannot open the game for play: its folder cannot hold a lock file "
                     f"({_reason(err)})")


class SaveLock:
    """The lock of one open game: a file beside the save holding the pid and a token.

    Within one process, opening the same game again hands the lock to the newer session (the
    older one can no longer save): that is a game left and resumed from the menu.
    """

    def __init__(self, path: Path, fd: int, token: str) -> None:
        self.path = path
        self._fd: int | None = fd
        self._token = token

    @classmethod
    def acquire(cls, save: Path, *, new_folder: bool = False) -> SaveLock:
        """Lock ``save``; ``GameLocked`` if another process holds it, ``SaveError`` if its
        folder is missing (created first with ``new_folder``) or cannot hold a lock file
        (``CannotLock`` when it is read-only or full)."""
        path = lock_path(save)
        try:
            if new_folder:
                path.parent.mkdir(parents=True, exist_ok=True)
            key = str(path.parent.resolve() / path.name)
        except OSError as err:
            raise SaveError(f"cannot open the saves folder: {_reason(err)}") from None
        mine = _HELD.get(key)
        if mine is not None and mine.held():
            return mine._hand_over(key)
        fd = cls._lock_file(path)
        token = secrets.token_hex(8)
        _stamp(fd, path, token)
        lock = cls(path, fd, token)
        _HELD[key] = lock
        return lock

    @staticmethod
    def _lock_file(path: Path, flags: int = os.O_CREAT) -> int:
        """An open, exclusively locked descriptor of ``path`` (a leftover file is reused)."""
        name = shorten(path.name)
        for _ in range(10):
            try:
                fd = os.open(path, os.O_RDWR | flags | SAFE_FLAGS, 0o600)
            except FileNotFoundError:
                raise SaveError(f"cannot read {shorten(path.name.removesuffix('.lock'))}: "
                                "no such file or directory") from None
            except OSError as err:
                if err.errno == errno.ELOOP:
                    raise SaveError(f"{_open_refusal(f'the lock file {name}', err, 'open')} "
                                    "(remove it, and the game opens)") from None
                raise _cannot_lock(err) from None
            try:
                _regular(fd, f"the lock file {name}")
                taken = _take(fd, path)
            except SaveError as err:  # a FIFO, a device, a folder: not ours to remove
                os.close(fd)
                raise SaveError(f"{err} (remove it, and the game opens)") from None
            except BaseException:
                os.close(fd)
                raise
            if not taken:
                holder = _holder_pid(fd)
                os.close(fd)
                raise GameLocked(LOCKED if holder is None else f"{LOCKED} (process {holder})")
            if _same_file(fd, path):
                return fd
            os.close(fd)  # the holder removed or replaced the file meanwhile: try the new one
        raise GameLocked(LOCKED)

    def held(self) -> bool:
        """Whether this lock is still ours: not released, handed over, or its file replaced."""
        return self._fd is not None and _same_file(self._fd, self.path) and self._stamped()

    def _stamped(self) -> bool:
        """Whether our open lock file holds our token (none other ever writes into it)."""
        assert self._fd is not None
        try:
            content = os.pread(self._fd, 64, 0).decode("ascii", errors="replace")
        except OSError:
            return False
        return content.split()[1:2] == [self._token]

    def renew(self) -> bool:
        """Make the lock file again, and the folder, if someone deleted them while this lock
        was held (the kernel's lock stays with the open file, the name went): saving goes on.
        False when the lock is not ours to renew: released, handed over, or the name now is
        another file (another hotseat may hold it)."""
        if self._fd is None or not self._stamped():
            return False
        try:
            os.lstat(self.path)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        else:
            return _same_file(self._fd, self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = self._lock_file(self.path, os.O_CREAT | os.O_EXCL)
            _stamp(fd, self.path, self._token)
        except (OSError, SaveError):  # made meanwhile by another hotseat, or the disk refuses
            return False
        os.close(self._fd)
        self._fd = fd
        return True

    def _hand_over(self, key: str) -> SaveLock:
        assert self._fd is not None
        newer = SaveLock(self.path, self._fd, self._token)
        self._fd = None
        _HELD[key] = newer
        return newer

    def __del__(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)

    def release(self) -> None:
        """Give the game up: remove the lock file (while still holding it) and unlock."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        for key, lock in list(_HELD.items()):
            if lock is self:
                del _HELD[key]
        try:
            if _same_file(fd, self.path):
                self.path.unlink()
        except OSError:
            pass  # a leftover lock file is harmless: nobody holds it
        finally:
            os.close(fd)  # closing drops the flock


def _stamp(fd: int, path: Path, token: str) -> None:
    """Write the pid and ``token`` into the locked file ``fd``; on failure close it and remove
    the file (a full disk can make a file, yet refuse its first byte)."""
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()} {token}\n".encode("ascii"))
    except OSError as err:
        with contextlib.suppress(OSError):
            if _same_file(fd, path):
                path.unlink()
        os.close(fd)
        raise _cannot_lock(err) from None


def _take(fd: int, path: Path) -> bool:
    """Lock ``fd`` without waiting; False if another process holds the game."""
    if fcntl is None:  # pragma: no cover - no flock: trust the pid written in the file
        holder = _holder_pid(fd)
        return holder is None or holder == os.getpid() or not _alive(holder)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as err:  # e.g. a file system without locks
        raise SaveError(f"cannot lock the game: {_reason(err)}") from None
    return True
