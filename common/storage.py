"""Save files on disk: reading one safely, writing one atomically, and one lock per open game.

- ``read_regular`` reads a regular file only (never a pipe, a device or a folder, which could
  hang or never end) and at most ``cap`` bytes; ``parse_json`` reads its JSON, refusing what
  would crash or slow down what reads it later (a number past Python's digits, deep nesting).
- ``write_atomic`` writes beside the file, renames, and syncs the folder, so a crash or a power
  cut leaves the old file or the new; given ``previous``, the file it replaces is kept there
  first (the last good generation). Its temporary file names the writer's pid and ends in
  ``.hotseat-tmp``: ``clean_stale_temps`` removes those a killed process left behind (only
  those, and only in hotseat's own saves folder), never one a live process still writes.
- ``SaveLock`` marks a game as open in one hotseat. On Linux it is an ``flock``, which the kernel
  drops when the process dies, so a lock left by a killed process is simply taken over. A lock
  file is written only when it is a regular file with no other name, that hotseat made.
- ``folder_problem`` says why a folder cannot be used (a dangling link, a file, a FIFO...).
- ``create_private`` makes a new file only its owner can read (a crash report), in a folder of
  the data folder that is never a link.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
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
from common.i18n import N_, _, system_reason

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]

STALE_AFTER = 60.0  # seconds: no write takes that long, so an older temporary file is an orphan
LOCKED = N_("this game is open in another hotseat")


def _reason(err: OSError) -> str:
    return system_reason(err)


# Every file of the data folder is opened with these: never through a symbolic link (a lock
# written through one would overwrite whatever it points at), never as the terminal of the
# process, and without waiting (opening a FIFO would wait for a writer for ever).
SAFE_FLAGS = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
              | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))


def _open_refusal(name: str, err: OSError, what: str = "read") -> SaveError:
    if err.errno == errno.ELOOP:  # O_NOFOLLOW met a link
        return SaveError(_("{name} is a symbolic link, not a regular file: hotseat does not "
                           "follow links").format(name=name))
    words = _("cannot open {name}: {reason}") if what == "open" else \
        _("cannot read {name}: {reason}")
    return SaveError(words.format(name=name, reason=_reason(err)))


def _regular(fd: int, name: str) -> None:
    """``SaveError`` unless ``fd`` (what was opened, not what the name points at now) is a
    regular file."""
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        raise SaveError(_("{name} is not a regular file").format(name=name))


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
        raise SaveError(_("{name} is too large to be a save (over {size} MB)").format(
            name=name, size=cap // (1 << 20)))
    except OSError as err:
        raise SaveError(_("cannot read {name}: {reason}").format(
            name=name, reason=_reason(err))) from None
    finally:
        os.close(fd)


# ---------------------------------------------------------------- JSON read safely

MAX_DEPTH = 32  # the deepest real save is 4 levels deep


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def nested_within(data: Any, limit: int) -> bool:
    """Whether lists and objects in ``data`` go at most ``limit`` levels deep (no recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if isinstance(value, dict | list):
            if depth > limit:
                return False
            stack.extend((child, depth + 1) for child in children)
    return True


def parse_json(raw: bytes, name: str) -> Any:
    """JSON from bytes, refusing what would crash or slow down what reads it later."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("{name} is not a text file").format(name=name)) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise SaveError(_("{name} is not valid JSON (line {line})").format(
            name=name, line=err.lineno)) from None
    except RecursionError:
        raise SaveError(_("{name} is nested too deeply to be a save").format(name=name)) from None
    except ValueError:  # NaN or Infinity, or a number past Python's digit limit
        raise SaveError(_("{name} holds a number that no save holds").format(name=name)) from None
    if not nested_within(data, MAX_DEPTH):
        raise SaveError(_("{name} is nested too deeply to be a save").format(name=name))
    return data


MAX_PROGRESS_BYTES = 1 << 20  # the lessons done: a few hundred bytes


def load_progress(path: Path) -> tuple[dict[str, Any], str]:
    """A small JSON object kept in the data folder (the lessons done), and a notice for the
    player (empty when all is well). A file that is not one (a FIFO, a link, a device, not
    JSON) is set aside beside it, so that the next write starts afresh: progress is a
    convenience, and what cannot be read must never stop a lesson."""
    try:
        os.lstat(path)
    except OSError:
        return {}, ""  # not made yet
    try:
        data = parse_json(read_regular(path, MAX_PROGRESS_BYTES), shorten(path.name))
        if not isinstance(data, dict):
            raise SaveError(_("{name} is not a JSON object").format(name=shorten(path.name)))
        return data, ""
    except SaveError as err:
        aside = path.with_name(path.name + ".bad")
        try:
            os.replace(path, aside)  # a link is renamed itself, never followed
        except OSError:
            return {}, _("The lesson progress cannot be read ({error}); it is not kept.").format(
                error=err)
        return {}, _("The lesson progress could not be read ({error}): it was set aside as "
                     "{file}, and the lessons start afresh.").format(error=err, file=aside.name)


# ---------------------------------------------------------------- atomic writes, stale temps

TEMP_SUFFIX = ".hotseat-tmp"  # only files with this ending are ever cleaned up


def previous_of(path: Path) -> Path:
    """Where the generation before ``path`` is kept: ``game.json.prev`` beside ``game.json``."""
    return path.with_name(path.name + ".prev")


def _new_temp(beside: Path) -> tuple[int, str]:
    """A new temporary file beside ``beside``, named for it and for this process."""
    return tempfile.mkstemp(prefix=f".{beside.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                            dir=beside.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable: a power cut after it keeps the new name."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return  # a folder that cannot be opened (Windows): the rename is all there is
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise  # a real failure of the disk; some file systems cannot sync a folder
    finally:
        os.close(fd)


def _keep_previous(path: Path, previous: Path) -> None:
    """Make ``previous`` the file now at ``path``, which stays where it is meanwhile."""
    tmp = previous.with_name(f".{previous.name}.{os.getpid()}.{secrets.token_hex(6)}"
                             f"{TEMP_SUFFIX}")
    try:
        try:
            os.link(path, tmp, follow_symlinks=False)
        except FileNotFoundError:
            return  # nothing to keep yet
        except (OSError, NotImplementedError):  # no hard links here: a copy does the same
            try:
                data = read_regular(path, 1 << 26)
            except SaveError as err:
                raise OSError(errno.EIO, str(err)) from None  # said as a failed write
            with open(tmp, "xb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, previous)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomic(path: Path, data: Mapping[str, Any] | Sequence[Any],
                 previous: Path | None = None) -> str:
    """Write JSON so that a crash at any moment leaves either the old file or the new one; with
    ``previous``, the old file is kept there (never a moment without a file at ``path``).

    The copy is a convenience, the file the whole point: when the copy cannot be kept (a folder
    stands at ``previous``, the disk refuses), the file is written all the same and the reason
    returned, for the player to be told; "" when all went well."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temp(path)
    no_copy = ""
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        if previous is not None:
            try:
                _keep_previous(path, previous)
            except OSError as err:
                no_copy = _copy_problem(previous, err)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return no_copy


def _copy_problem(previous: Path, err: OSError) -> str:
    """Why ``previous`` could not be made the copy of the file, in words."""
    name = shorten(previous.name)
    try:
        info = os.lstat(previous)
    except OSError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        return _("{name} is a folder, which hotseat leaves alone").format(name=name)
    return _("{name} cannot be written ({reason})").format(name=name, reason=_reason(err))


def _writer_pid(name: str) -> int | None:
    """The pid in a temporary file's name (``.game.json.<pid>.<random>.hotseat-tmp``)."""
    parts = name.removesuffix(TEMP_SUFFIX).rsplit(".", 2)
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
    writer is dead, or they are older than ``max_age`` seconds. Only names ending in
    ``TEMP_SUFFIX`` are looked at; call it on hotseat's own folders only. Never raises."""
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
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


# ---------------------------------------------------------------- folders in words

_KINDS = ((stat.S_ISREG, N_("a file")), (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
          (stat.S_ISSOCK, N_("a socket")), (stat.S_ISCHR, N_("a device")),
          (stat.S_ISBLK, N_("a device")))


def _kind(mode: int) -> str:
    return _(next((words for test, words in _KINDS if test(mode)), N_("not a folder")))


def _path_end(path: Path | str, limit: int = 60) -> str:
    """A path in a message, its end kept when it is long: the end is what tells."""
    text = str(path)
    return text if len(text) <= limit else "…" + text[1 - limit:]


def folder_problem(folder: Path) -> str:
    """Why ``folder`` cannot be made or used, from the nearest part of it that exists: a link
    to nothing, a link to a file, a file or a FIFO in its place; empty when none of these."""
    for part in (folder, *folder.parents):
        try:
            info = os.lstat(part)
        except FileNotFoundError:
            continue
        except OSError:
            return ""
        name = _path_end(part)
        if stat.S_ISLNK(info.st_mode):
            try:
                target = os.stat(part)
            except OSError:
                return _("{name} is a link to {target}, which does not exist").format(
                    name=name, target=_path_end(os.readlink(part)))
            if stat.S_ISDIR(target.st_mode):
                return ""
            return _("{name} is a link to {kind}, not to a folder").format(
                name=name, kind=_kind(target.st_mode))
        if stat.S_ISDIR(info.st_mode):
            return ""
        return _("{name} is {kind}, not a folder").format(name=name, kind=_kind(info.st_mode))
    return ""


def _not_a_folder(folder: Path) -> SaveError:
    """Why ``folder``, which is not a folder opened as one, cannot hold files: never through a
    link, even one to a folder (it would lead outside the data folder)."""
    try:
        is_link = stat.S_ISLNK(os.lstat(folder).st_mode)
    except OSError:
        is_link = False
    if is_link:
        return SaveError(_("{name} is a symbolic link: hotseat does not follow links").format(
            name=_path_end(folder)))
    return SaveError(folder_problem(folder) or _("{name} is not a folder").format(
        name=_path_end(folder)))


def _open_private_folder(folder: Path) -> int:
    """``folder`` opened, made (mode 0700) if missing; never a link, a file or a FIFO."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | SAFE_FLAGS)
    except NotADirectoryError:
        raise _not_a_folder(folder) from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise _not_a_folder(folder) from None
        raise
    if os.fstat(fd).st_mode & 0o077:  # made by an older hotseat: readable by others
        with contextlib.suppress(OSError):
            os.fchmod(fd, 0o700)
    return fd


def create_private(folder: Path, names: Sequence[str]) -> tuple[int, Path]:
    """A new file in ``folder`` under the first of ``names`` not taken, open for writing, readable
    by its owner only (0600, the folder 0700, as saves are); never through a link, never over a
    file. ``SaveError`` in plain words (the disk's reason, never a path's content) otherwise."""
    try:
        folder_fd = _open_private_folder(folder)
    except OSError as err:
        raise SaveError(_("cannot write in {name}: {reason}").format(
            name=_path_end(folder), reason=_reason(err))) from None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | SAFE_FLAGS
    try:
        for name in names:
            try:
                return os.open(name, flags, 0o600, dir_fd=folder_fd), folder / name
            except FileExistsError:
                continue
        raise SaveError(_("{name} has no free name left").format(name=_path_end(folder)))
    except OSError as err:
        raise SaveError(_("cannot write in {name}: {reason}").format(
            name=_path_end(folder), reason=_reason(err))) from None
    finally:
        os.close(folder_fd)


# ---------------------------------------------------------------- one game, one window

# This process's locks, by lock file; a lock nobody refers to any more is closed and unlocked.
_HELD: weakref.WeakValueDictionary[str, SaveLock] = weakref.WeakValueDictionary()


def lock_path(save: Path) -> Path:
    if not save.name:
        raise SaveError(_("{name} is a folder, not a save file").format(
            name=shorten(str(save))))
    return save.with_name(save.name + ".lock")


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


LOCK_MARK = "hotseat-lock"  # the first word of every lock file hotseat writes
_OLD_LOCK = re.compile(r"\d+ [0-9a-f]{16}\n?")  # "<pid> <token>": a lock of before the mark


def _lock_words(fd: int) -> list[str] | None:
    """What the open lock file ``fd`` holds, word by word (read from it, never through a
    name), with the mark taken off; None when hotseat did not write it."""
    try:
        text = os.pread(fd, 128, 0).decode("ascii", errors="replace")
    except OSError:
        return None
    words = text.split()
    if not words:
        return []  # made, and the maker killed before it wrote: nothing to lose in it
    if words[0] == LOCK_MARK:
        return words[1:]
    return words if _OLD_LOCK.fullmatch(text) else None


def _holder_pid(fd: int) -> int | None:
    """The pid written in the open lock file ``fd``."""
    words = _lock_words(fd) or []
    return int(words[0]) if words and words[0].isdigit() else None


def _check_lock_file(fd: int, name: str) -> None:
    """``SaveError`` unless ``fd`` is a lock file hotseat may write: a regular file, with no
    other name (writing it would change the file behind that name too), that hotseat made."""
    _regular(fd, name)
    if os.fstat(fd).st_nlink != 1:
        raise SaveError(_("{name} has another name too (a hard link): hotseat does not write "
                          "through it").format(name=name))
    if _lock_words(fd) is None:
        raise SaveError(_("{name} was not made by hotseat: hotseat leaves it alone").format(
            name=name))


# The errors of a folder where no file can be made: the game can still be opened, read-only.
READ_ONLY_ERRORS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC,
                              errno.EDQUOT})


def _cannot_lock(err: OSError) -> SaveError:
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return CannotLock(_("the disk is full"))
    if err.errno in READ_ONLY_ERRORS:
        return CannotLock(_("the saves folder cannot be written to"))
    return SaveError(_("cannot open the game for play: no lock file can be made ({reason})")
                     .format(reason=_reason(err)))


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
            raise SaveError(_("cannot open the saves folder: {reason}").format(
                reason=folder_problem(path.parent) or _reason(err))) from None
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
    def _lock_file(path: Path, reuse: bool = True) -> int:
        """An open, exclusively locked descriptor of ``path``: made anew, or with ``reuse`` a
        leftover lock file of hotseat's."""
        name = _("the lock file {name}").format(name=shorten(path.name))
        for _attempt in range(10):
            fd = _open_lock(path, reuse)
            if fd is None:
                continue  # removed between two looks: try again
            try:
                _check_lock_file(fd, name)
                taken = _take(fd, path)
            except SaveError as err:  # a FIFO, a device, another program's: not ours to remove
                os.close(fd)
                raise SaveError(_("{error} (remove it, and the game opens)").format(
                    error=err)) from None
            except BaseException:
                os.close(fd)
                raise
            if not taken:
                holder = _holder_pid(fd)
                os.close(fd)
                raise GameLocked(_(LOCKED) if holder is None else _(
                    "this game is open in another hotseat (process {pid})").format(pid=holder))
            if _same_file(fd, path):
                return fd
            os.close(fd)  # the holder removed or replaced the file meanwhile: try the new one
        raise GameLocked(_(LOCKED))

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
        return content.split()[2:3] == [self._token]

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
            fd = self._lock_file(self.path, reuse=False)
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
        _check_lock_file(fd, f"the lock file {shorten(path.name)}")  # not linked meanwhile
    except SaveError:
        os.close(fd)
        raise
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{LOCK_MARK} {os.getpid()} {token}\n".encode("ascii"))
    except OSError as err:
        with contextlib.suppress(OSError):
            if _same_file(fd, path):
                path.unlink()
        os.close(fd)
        raise _cannot_lock(err) from None


def _open_lock(path: Path, reuse: bool) -> int | None:
    """``path`` opened for writing, never through a link: made new, or (``reuse``) the file
    already there, unchecked yet; None when it went between two looks."""
    save = shorten(path.name.removesuffix(".lock"))
    name = _("the lock file {name}").format(name=shorten(path.name))
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | SAFE_FLAGS, 0o600)
    except FileExistsError:
        if not reuse:
            raise SaveError(_("{name} was made meanwhile").format(name=name)) from None
    except FileNotFoundError:
        raise SaveError(_("cannot read {name}: no such file or directory").format(
            name=save)) from None
    except OSError as err:
        raise _cannot_lock(err) from None
    try:
        return os.open(path, os.O_RDWR | SAFE_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise SaveError(_("{error} (remove it, and the game opens)").format(
                error=_open_refusal(name, err, "open"))) from None
        if err.errno == errno.EISDIR:
            raise SaveError(_("{name} is a folder, not a file: hotseat leaves it alone (remove "
                              "it, and the game opens)").format(name=name)) from None
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
        raise SaveError(_("cannot lock the game: {reason}").format(reason=_reason(err))) from None
    return True
