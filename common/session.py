"""A game in progress: the save record, the states, autosave and undo.

The session is the only object that touches a game state for the interface. Screens ask it for
views (``view(seat)``), legal actions and reasons, and hand it the actions players choose; it
applies them through the rules core and writes the save file atomically after every action. It
knows no interface (it imports no textual, rich nor ``common.tui``): it runs headless, and the
save's progress summary comes from the game's contract (``common.engine.summary_of``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import platformdirs

from common.bots import aside, choose, make_bot
from common.codec import shorten
from common.engine import GameModule, get_game, stage_words, summary_of
from common.entries import log_lines
from common.errors import CannotLock, GameLocked, IllegalAction, SaveError, WriteFailed
from common.i18n import _, system_reason
from common.offer import Offer, offer_of, public_view_of
from common.save import Record, load_or_recover, prove_save, replay, to_dict, write_atomic
from common.storage import SaveLock, clean_stale_temps, previous_of

DATA_ENV = "HOTSEAT_DATA_DIR"

def data_dir() -> Path:
    """The folder for saves: ``$HOTSEAT_DATA_DIR`` (``~`` expanded, as a shell would have) or
    the platform's user data folder; ``SaveError`` when that ``~`` names nobody known here."""
    override = os.environ.get(DATA_ENV)
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError:  # "~nosuchuser", or "~" with neither $HOME nor a password entry
            user = override[1:].split("/", 1)[0] or os.environ.get("USER", "")
            raise SaveError(_("{variable} is {value}, but the home folder of {user} is not "
                              "known here: set it to a folder that exists, or leave it out")
                            .format(variable=DATA_ENV, value=shorten(override, 60),
                                    user=shorten(user or "~"))) from None
    return Path(platformdirs.user_data_dir("hotseat"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def list_saves() -> list[Path]:
    """Save files, the most recently written first (opening the folder clears stale temps)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    clean_stale_temps(folder)
    dated: list[tuple[float, str, Path]] = []
    for path in folder.glob("*.json"):
        try:
            if path.is_file():
                dated.append((path.stat().st_mtime, path.name, path))
        except OSError:  # removed or unreadable meanwhile: not a save to offer
            continue
    return [path for _, _, path in sorted(dated, reverse=True)]


def _clean_if_ours(folder: Path) -> None:
    """Clear stale temporary files, in hotseat's own saves folder only: a save elsewhere
    shares its folder with files hotseat has no business removing."""
    try:
        ours = folder.resolve() == saves_dir().resolve()
    except (OSError, RuntimeError):
        return
    if ours:
        clean_stale_temps(folder)


def latest_save() -> Path | None:
    saves = list_saves()
    return saves[0] if saves else None


def _fresh_path(game_name: str, seed: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game_name}-{stamp}-{seed}.json"
    n = 1
    while path.exists() or path.with_name(path.name + ".lock").exists():
        n += 1
        path = saves_dir() / f"{game_name}-{stamp}-{seed}-{n}.json"
    return path


def _write_failure(err: OSError) -> str:
    """A short message for a failed write, saying that the move is only on screen."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full: this move is not saved yet")
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the saves folder cannot be written to: this move is not saved yet")
    reason = system_reason(err)
    return _("the save cannot be written ({reason}): this move is not saved yet").format(
        reason=reason)


def _fingerprint(path: Path) -> tuple[int, ...] | None:
    """What tells one version of a file from another (None: there is no file)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(frozen=True)
class Note:
    """A line of the interface's own for the log (e.g. an undo), placed after ``at`` log lines."""

    at: int
    text: str
    mark: str = "↶ "  # an undo's; a note of what was done (a hand opened) has none


class GameSession:
    """One game: its record, every state so far, the save path and the interface's notes."""

    def __init__(
        self, record: Record, game: GameModule, states: list[Any], path: Path
    ) -> None:
        self.record = record
        self.game = game
        self._states = states
        self.path = path
        self.notes: list[Note] = []
        self._lock: SaveLock | None = None
        self._unsaved = False
        # Why this game cannot be saved where it is (a read-only or full disk), or None.
        self.read_only: str | None = None
        self._written: tuple[int, ...] | None = None  # the save file as this session left it
        # Why the game was resumed from the previous generation of its save ("": it was not).
        self.recovered = ""
        self._damaged = False  # the file at ``path`` is not a good save: never keep it
        # The moves the game was resumed with: a damaged save resumed from its copy is written
        # again only once the record differs (a move, an undo), never for a tip shown.
        self._loaded: tuple[dict[str, Any], ...] = record.actions
        # Why the last good copy of the save (``<save>.prev``) could not be kept ("": it was).
        self.no_copy = ""
        self._bots: dict[int, Any] = {}  # computer players, made when first asked
        self._undo_cache: tuple[Any, int | None, int] = (None, None, 0)

    # ---- construction

    @classmethod
    def new(
        cls,
        game_name: str,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        path: Path | None = None,
        bots: Sequence[str | None] = (),
        setup: Mapping[str, Any] | None = None,
    ) -> GameSession:
        """A new game, saved at once; ``bots``: per seat, a computer player's level or None;
        ``setup``: chance-decided parts fixed (tests, lessons)."""
        game = get_game(game_name)
        opts = dict(options or {})
        state = game.new_game(list(players), seed, setup=setup, **opts)
        record = Record(game_name, seed, tuple(players), None if setup is None else dict(setup),
                        opts, (),
                        tuple(bots) if any(bots) else ())
        session = cls(record, game, [state], path or _fresh_path(game_name, seed))
        _clean_if_ours(session.path.parent)
        session.acquire()
        try:
            session.save()
        except BaseException:
            session.release()
            raise
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """Load and replay a save, and take its lock; ``SaveError`` with a clear message when
        it cannot be (``GameLocked`` when another hotseat has it open). A save damaged on disk
        resumes from its previous generation, and ``recovered`` says so."""
        prove_save(path)  # nothing is written or removed beside a file that is not a save
        _clean_if_ours(path.parent)
        read_only: str | None = None
        try:
            lock: SaveLock | None = SaveLock.acquire(path)  # first: a game open elsewhere is
        except CannotLock as err:  # not even read; one on a read-only disk is, to be seen
            lock, read_only = None, _("this game cannot be saved here: {reason}").format(
                reason=err)
        try:
            record, game, states, notice = load_or_recover(path)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session = cls(record, game, states, path)
        session._lock, session.read_only = lock, read_only
        session._written = _fingerprint(path)
        session.recovered, session._damaged = notice, bool(notice)
        return session

    # ---- the lock: one game, one window

    def acquire(self) -> None:
        """Take the game's lock; ``GameLocked`` if another hotseat has the game open."""
        if not self.holds_lock:
            self._lock = SaveLock.acquire(self.path, new_folder=True)

    def release(self) -> None:
        """Give the game up: another hotseat may open it; this session can no longer save."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def holds_lock(self) -> bool:
        return self._lock is not None and self._lock.held()

    def __enter__(self) -> GameSession:
        self.acquire()
        return self

    def __exit__(self, *_: object) -> None:
        self.release()

    # ---- queries (views only go out)

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def _state(self) -> Any:
        return self._states[-1]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self._state, seat)

    def view_at(self, step: int, seat: int | None) -> dict[str, Any]:
        """The view after ``step`` actions; only once the game is over (for the review)."""
        if not self.is_over():
            raise IllegalAction(_("the game can be reviewed once it is over"))
        return self.game.view(self._states[max(0, min(step, len(self._states) - 1))], seat)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self._state)

    def legal(self, seat: int) -> list[Any]:
        return self.game.legal_actions(self._state, seat)

    def offer(self, seat: int) -> Offer:
        """Which part of ``seat``'s decision the whole table may see (``common.offer``)."""
        return offer_of(self.game, self._state, seat)

    def public_view(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s decision at the public table is drawn from (nothing private)."""
        return public_view_of(self.game, self._state, seat)

    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def result(self) -> dict[str, Any]:
        return self.game.result(self._state)

    def why_illegal(self, action: Any) -> str:
        """The rules core's reason why ``action`` is not legal now; empty when it is."""
        refusal = self.refusal(action)
        return "" if refusal is None else str(refusal)

    def refusal(self, action: Any) -> IllegalAction | None:
        """The rules core's refusal of ``action`` now, with its code and params for an interface
        to word; None when it is legal."""
        try:
            self.game.apply(self._state, action)
        except IllegalAction as err:
            return err
        return None

    @property
    def action_count(self) -> int:
        return len(self.record.actions)

    # ---- changes

    def apply(self, action: Any) -> None:
        """Apply an action (``IllegalAction`` if it is not legal) and autosave."""
        state = self.game.apply(self._state, action)
        self._states.append(state)
        self.record = self.record.with_action(self.game.action_to_json(action))
        self.save()

    @property
    def unsaved(self) -> bool:
        """Whether the save file lacks moves made here (its last write failed)."""
        return self._unsaved

    def save(self) -> None:
        """Write the save file. ``GameLocked`` without the lock; ``WriteFailed`` when the disk
        refuses, and then the moves stay here (``unsaved``) for the next save to write."""
        if not self.holds_lock and not self._regain_lock():
            self._unsaved = True
            if self.read_only:
                raise WriteFailed(_("{reason}: this move is not saved").format(
                    reason=self.read_only))
            raise GameLocked(_("this game is open in another hotseat: this window cannot save "
                               "it"))
        # The file there becomes the previous generation only when it is known good: this
        # session wrote it, or loaded it whole.
        good = not self._damaged and _fingerprint(self.path) == self._written
        if self._damaged and self.record.actions == self._loaded:
            return  # the file is not rewritten before a move is made in the game resumed
        try:
            no_copy = write_atomic(self.path, to_dict(self.record, self._summary()),
                                   previous_of(self.path) if good else None)
        except OSError as err:
            self._unsaved = True
            raise WriteFailed(_write_failure(err)) from err
        self._unsaved = False
        self._written = _fingerprint(self.path)
        self._damaged = False
        if no_copy and not self.no_copy:  # said once: the game is saved, only its copy is not
            self.no_copy = no_copy
            self.note(_("The game is saved, but no last good copy of it can be kept: "
                        "{reason}.").format(reason=no_copy))

    def _summary(self) -> dict[str, Any]:
        """How far the game went, written into the save: language-free (the stage, which the
        resume list words), with its English words for an older hotseat's list."""
        over = self.is_over()
        stage = {} if over else summary_of(self.game, self._state)
        progress = "finished" if over else stage_words(stage)
        return {"progress": progress, "over": over, **({"stage": stage} if stage else {})}

    def _regain_lock(self) -> bool:
        """Take the lock again where that is safe: its file (or the saves folder) was deleted
        while this session held it, or the disk that was read-only lets a lock be made now.
        Never when the save file changed since this session last read or wrote it: another
        hotseat wrote moves there meanwhile."""
        if _fingerprint(self.path) not in (self._written, None):
            return False
        if self._lock is not None:
            return self._lock.renew()
        if self.read_only is None:
            return False  # released: given up to another hotseat
        try:
            self._lock = SaveLock.acquire(self.path, new_folder=True)
        except SaveError:
            return False
        if _fingerprint(self.path) not in (self._written, None):  # written before we locked
            self.release()
            return False
        self.read_only = None
        return True

    def actor_of(self, action: Any) -> int:
        """The seat that would take ``action`` now, as the game says."""
        return self.game.actor(self._state, action)

    def actor(self, step: int) -> int:
        """The seat that took the ``step``-th action (0: the first), as the game says."""
        action = self.game.action_from_json(self.record.actions[step])
        return self.game.actor(self._states[step], action)

    def undo_span(self, seat: int | None) -> int:
        """How many actions an undo by ``seat`` takes back: its own last action with the
        computer players' moves after it, while the game says it may be taken back; 0: none."""
        if seat is None or self.is_bot(seat):
            return 0
        # The key bar asks on every redraw: work it out once per state (the state itself is the
        # key, kept alive here, so that a new state can never pass for it).
        state, who, span = self._undo_cache
        if state is not self._states[-1] or who != seat:
            span = self._undo_span(seat)
            self._undo_cache = (self._states[-1], seat, span)
        return span

    def _undo_span(self, seat: int) -> int:
        count = self.action_count
        for span in range(1, count + 1):
            who = self.actor(count - span)
            if who == seat:
                break
            if not self.is_bot(who):
                return 0  # another person moved since: their move is theirs to take back
        else:
            return 0
        step = count - span
        action = self.game.action_from_json(self.record.actions[step])
        return span if self.game.may_undo(self._states[step], action, self._states[-1]) else 0

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last action (see ``undo_span``)."""
        return self.undo_span(seat) > 0

    def undo(self, seat: int | None) -> str:
        """Drop ``seat``'s last action (and the computer moves after it) and replay; returns the
        log line saying so."""
        span = self.undo_span(seat)
        if not span:
            raise IllegalAction(
                _("only your own last action, while it revealed nothing, can be undone")
            )
        assert seat is not None
        record = self.record.without_last(span)
        game, states = replay(record)
        self.record, self.game, self._states = record, game, states
        self.save()
        text = (_("{name} took back their last move and the computer moves after it (it had "
                  "revealed nothing).") if span > 1 else
                _("{name} took back their last move (it had revealed nothing)."))
        text = text.format(name=self.players[seat])
        log_length = len(self.view(None)["log"])
        self.notes = [n for n in self.notes if n.at <= log_length]
        self.notes.append(Note(log_length, text))
        return text

    # ---- computer players

    def is_bot(self, seat: Any) -> bool:
        bots = self.record.bots
        return isinstance(seat, int) and 0 <= seat < len(bots) and bots[seat] is not None

    @property
    def humans(self) -> int:
        return sum(not self.is_bot(seat) for seat in range(len(self.players)))

    @property
    def only_person(self) -> int | None:
        """The seat of the one person at a table of computer players (who needs no curtain at
        all); None when several people play."""
        people = [s for s in range(len(self.players)) if not self.is_bot(s)]
        return people[0] if len(people) == 1 else None

    def bot_decision(self, seat: int) -> tuple[int, Callable[[], Any]]:
        """(the action count now, a call that works out the computer player's action at
        ``seat``). The call reads only this moment's state, so it may run in another thread;
        apply its answer only if the action count has not moved meanwhile."""
        bot = self._bot(seat)
        state, turn = self._state, len(self.record.actions)
        return turn, lambda: choose(bot, state, seat, turn)

    def bot_aside(self, seat: int) -> Any | None:
        """What the computer player at ``seat`` does while another seat is to act (Orcz: a
        challenge of a slow player), or None."""
        return aside(self._bot(seat), self._state, seat, len(self.record.actions))

    def _bot(self, seat: int) -> Any:
        level = self.record.bots[seat]
        assert level is not None
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.record.game, level,
                                              seed=self.record.seed * 31 + seat)
        return bot

    def remember_tip(self, key: str) -> None:
        """The tip ``key`` was shown: kept in the save, so that it is not shown again after a
        resume (written now unless a move waits for its write, which will carry it; a tip
        never says "not saved" itself: the move's own write says when the disk fails)."""
        self.record = replace(self.record, tips=(*self.record.tips, key))
        if self.unsaved or self.read_only:
            return
        with contextlib.suppress(SaveError):
            self.save()

    def note(self, text: str) -> None:
        """A public line of the interface's own in the log, after what is there now."""
        self.notes.append(Note(len(self.view(None)["log"]), text, mark=""))

    def log_lines(self) -> list[str]:
        """The public log in words (the game's wording, in the language in use), with the
        interface's notes in place."""
        log = self.view(None)["log"]
        return merge_notes(log, self.notes, log_lines(self.game.NAME, log, self.players))



def merge_notes(log: list[dict[str, Any]], notes: list[Note], texts: list[str]) -> list[str]:
    """Insert each note after the ``at``-th public entry of ``log``, whose words are ``texts``."""
    if not notes:
        return texts
    out: list[str] = []
    seen_public = 0
    pending = sorted(notes, key=lambda n: n.at)
    for text, entry in zip(texts, log, strict=True):
        while pending and pending[0].at <= seen_public:
            note = pending.pop(0)
            out.append(note.mark + note.text)
        out.append(text)
        if not entry.get("private"):
            seen_public += 1
    out.extend(n.mark + n.text for n in pending)
    return out


__all__ = [
    "DATA_ENV", "GameLocked", "GameSession", "Note", "SaveError", "WriteFailed", "data_dir",
    "latest_save", "list_saves", "merge_notes", "saves_dir",
]
