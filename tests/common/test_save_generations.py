"""A save survives damage: every write keeps the previous good generation
beside the save, and a save damaged at any byte resumes from it, losing at most the last move,
and says so."""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path

import pytest

from common import save, storage
from common.errors import SaveError
from common.session import GameSession
from common.tui import cli

MOVES = 12  # a game well under way: each move is one save


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


def _played(game: str, moves: int = MOVES) -> GameSession:
    players = ["Ann", "Bob", "Cid"]
    session = GameSession.new(game, players, 11)
    for _ in range(moves):
        seat = session.to_act()[0]
        session.apply(session.legal(seat)[0])
    assert not session.is_over()
    return session


def _actions_on_disk(path: Path) -> tuple[dict[str, object], ...]:
    return save.load_file(path)[0].actions


def test_each_save_keeps_the_one_before_it_beside_it() -> None:
    session = _played("orcz", 3)
    previous = storage.previous_of(session.path)
    assert previous.name == session.path.name + ".prev"
    assert _actions_on_disk(previous) == session.record.actions[:2]
    session.apply(session.legal(session.to_act()[0])[0])
    assert _actions_on_disk(previous) == session.record.actions[:3]
    assert _actions_on_disk(session.path) == session.record.actions
    assert os.stat(session.path).st_nlink == 1 and os.stat(previous).st_nlink == 1


def test_the_folder_is_synced_after_the_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    session = _played("orcz", 1)
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        real_replace(src, dst)
        events.append(f"rename to {Path(dst).name}")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    session.apply(session.legal(session.to_act()[0])[0])
    assert events[-2:] == [f"rename to {session.path.name}", "fsync folder"]


def _check_recovers(path: Path, damaged: bytes, whole: tuple[dict[str, object], ...],
                    names_another_game: bool = False) -> None:
    path.write_bytes(damaged)
    try:
        record, _, _, notice = save.load_or_recover(path)
    except SaveError as err:
        # A flipped byte in the game, seed, set-up or players makes the save name another
        # game than its copy: the copy is then refused, never guessed to be the same game.
        if names_another_game and "is not that game" in str(err):
            return
        raise AssertionError(f"{len(damaged)} bytes left: not recovered ({err})") from None
    assert record.actions in (whole, whole[:-1]), f"{len(damaged)} bytes: more than a move lost"
    if record.actions != whole:
        assert "could not be read" in notice and ".prev" in notice


def _offsets(size: int, every: bool) -> list[int]:
    if every:
        return list(range(size))
    rng = random.Random(size)  # a fixed sample, the same on every run
    return sorted({0, 1, size // 2, size - 1, *rng.sample(range(size), 60)})


def _damage_everywhere(game: str, every: bool) -> None:
    session = _played(game)
    session.release()
    path = session.path
    whole = session.record.actions
    good = path.read_bytes()
    for offset in _offsets(len(good), every):
        _check_recovers(path, good[:offset], whole)  # the write was cut there
    rng = random.Random(len(good))
    for offset in [*rng.sample(range(len(good)), 40), 0, len(good) - 1]:
        flipped = bytearray(good)
        flipped[offset] ^= 1 << rng.randrange(8)
        _check_recovers(path, bytes(flipped), whole,
                        names_another_game=offset < good.index(b'"actions"'))
    path.write_bytes(good)
    assert save.load_or_recover(path)[0].actions == whole  # the test put everything back


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_a_save_cut_or_flipped_at_sampled_bytes_resumes_losing_at_most_a_move(game: str) -> None:
    _damage_everywhere(game, every=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_a_save_cut_at_every_byte_resumes_losing_at_most_a_move(game: str) -> None:
    _damage_everywhere(game, every=True)


def test_a_damaged_save_resumes_from_the_previous_copy_and_says_so() -> None:
    session = _played("pirates", 4)
    session.release()
    whole = session.record.actions
    session.path.write_bytes(session.path.read_bytes()[:300])
    resumed = GameSession.load(session.path)
    assert resumed.record.actions == whole[:-1]
    assert "could not be read" in resumed.recovered
    assert "the last move may be missing" in resumed.recovered
    # The next move is saved over the damaged file, which never becomes the "good" copy.
    resumed.apply(resumed.legal(resumed.to_act()[0])[0])
    assert _actions_on_disk(storage.previous_of(session.path)) == whole[:-1]
    assert len(_actions_on_disk(session.path)) == len(whole)
    assert GameSession.load(session.path).recovered == ""  # the session holding it is us


def test_hotseat_resume_of_a_damaged_save_says_it_resumed_from_the_copy(
    capsys: pytest.CaptureFixture[str]
) -> None:
    session = _played("orcz", 2)
    session.release()
    session.path.write_bytes(b"")
    resumed = cli._resumed_session(str(session.path))
    assert isinstance(resumed, GameSession) and resumed.action_count == 1
    err = capsys.readouterr().err
    assert "could not be read" in err and session.path.name + ".prev" in err


def test_both_generations_damaged_is_refused_with_the_save_s_own_reason() -> None:
    session = _played("orcz", 2)
    session.release()
    session.path.write_bytes(b"{")
    storage.previous_of(session.path).write_bytes(b"")
    with pytest.raises(SaveError, match="not valid JSON"):
        GameSession.load(session.path)


def test_the_resume_list_shows_a_damaged_save_by_its_copy() -> None:
    from common.tui.menu import describe_save

    session = _played("orcz", 2)
    session.release()
    session.path.write_bytes(b"{")
    words, over = describe_save(session.path)
    assert words.startswith("Orcz: Ann, Bob, Cid — ") and not over
    assert "damaged: resumes from the copy before its last move" in words


def test_where_hard_links_are_refused_the_previous_save_is_copied(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _played("orcz", 2)

    def no_links(*_: object, **__: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    session.apply(session.legal(session.to_act()[0])[0])
    assert _actions_on_disk(storage.previous_of(session.path)) == session.record.actions[:2]
    assert sorted(p.name for p in session.path.parent.iterdir()) == sorted(
        [session.path.name, session.path.name + ".lock", session.path.name + ".prev"])
