"""The last good copy of a save (``<save>.prev``) is ours or nothing: whatever stands there never
blocks writing the save, the player is told once that no copy can be kept, a copy of another
game is never opened in the damaged save's place, and a save resumed from its copy is not
written over before a move."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from common import save, storage
from common.errors import SaveError
from common.session import GameSession
from common.tui import cli


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "hotseat-data"
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(folder))
    return folder


def played(game: str, players: list[str], moves: int, seed: int = 11) -> GameSession:
    session = GameSession.new(game, players, seed)
    for _ in range(moves):
        session.apply(session.legal(session.to_act()[0])[0])
    return session


def move(session: GameSession) -> None:
    session.apply(session.legal(session.to_act()[0])[-1])


NO_COPY = "The game is saved, but no last good copy of it can be kept"


def test_a_folder_at_the_copy_never_blocks_the_save_and_is_said_once() -> None:
    session = played("orcz", ["Ann", "Bob", "Cid"], 2)
    previous = storage.previous_of(session.path)
    previous.unlink()
    previous.mkdir()
    (previous / "keep me").write_text("theirs")
    for _ in range(3):
        move(session)  # no WriteFailed: the save itself can be written
    assert not session.unsaved
    assert save.load_file(session.path)[0].actions == session.record.actions
    said = [line for line in session.log_lines() if NO_COPY in line]
    assert said == [f"{NO_COPY}: {previous.name} is a folder, which hotseat leaves alone."]
    assert (previous / "keep me").read_text() == "theirs"  # left alone
    session.release()
    assert cli._farewell(session).startswith("hotseat: the game is saved in")


def test_the_copy_is_kept_again_once_the_folder_is_gone() -> None:
    session = played("orcz", ["Ann", "Bob", "Cid"], 2)
    previous = storage.previous_of(session.path)
    previous.unlink()
    previous.mkdir()
    move(session)
    previous.rmdir()
    move(session)
    assert save.load_file(previous)[0].actions == session.record.actions[:-1]


def cut_orcz_with_a_copy_from(other: GameSession, moves: int = 6) -> GameSession:
    """An Orcz save of Ann, Bob and Cid cut short, ``other``'s save copied to its ``.prev``."""
    orcz = played("orcz", ["Ann", "Bob", "Cid"], moves)
    orcz.release()
    whole = orcz.path.read_bytes()
    orcz.path.write_bytes(whole[:len(whole) * 2 // 3])
    shutil.copyfile(other.path, storage.previous_of(orcz.path))
    return orcz


def test_a_copy_of_another_game_is_refused_and_said() -> None:
    pirates = played("pirates", ["Eve", "Mal", "Tru"], 4, seed=5)
    pirates.release()
    orcz = cut_orcz_with_a_copy_from(pirates)
    before = orcz.path.read_bytes()
    with pytest.raises(SaveError) as refused:
        GameSession.load(orcz.path)
    said = str(refused.value)
    assert "is not that game (another game, another seed, other players)" in said, said
    assert orcz.path.name + ".prev" in said
    assert orcz.path.read_bytes() == before  # nothing written over it


def test_hotseat_resume_refuses_it_in_one_line(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "_run", lambda *args, **kwargs: 99)  # never the app itself
    pirates = played("pirates", ["Eve", "Mal", "Tru"], 4, seed=5)
    pirates.release()
    orcz = cut_orcz_with_a_copy_from(pirates)
    assert cli.main(["resume", str(orcz.path)]) == 1
    err = capsys.readouterr().err
    assert "cannot be resumed" in err and "is not that game" in err
    assert "Traceback" not in err


def test_a_copy_of_the_same_table_with_other_moves_is_refused() -> None:
    twin = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 11)  # the same seed and players
    for _ in range(5):
        move(twin)  # other choices than ``played``'s
    twin.release()
    orcz = cut_orcz_with_a_copy_from(twin)
    with pytest.raises(SaveError, match=r"is not that game \(other moves\)"):
        save.load_or_recover(orcz.path)


def test_the_copy_of_the_same_game_still_resumes() -> None:
    orcz = played("orcz", ["Ann", "Bob", "Cid"], 6)
    orcz.release()
    whole = orcz.path.read_bytes()
    orcz.path.write_bytes(whole[:len(whole) * 2 // 3])
    record, _game, _states, notice = save.load_or_recover(orcz.path)
    assert record.actions == orcz.record.actions[:-1]
    assert "the last move may be missing" in notice


def test_nothing_is_written_over_a_save_resumed_from_its_copy_before_a_move() -> None:
    orcz = played("orcz", ["Ann", "Bob", "Cid"], 6)
    orcz.release()
    whole = orcz.path.read_bytes()
    orcz.path.write_bytes(whole[:len(whole) // 2])
    damaged = orcz.path.read_bytes()
    resumed = GameSession.load(orcz.path)
    assert resumed.recovered
    resumed.record = save.replace(resumed.record, tips=("a tip",))  # a tip shown, then saved
    resumed.save()
    assert orcz.path.read_bytes() == damaged
    move(resumed)
    assert save.load_file(orcz.path)[0].actions == resumed.record.actions
    resumed.release()
    assert os.path.exists(storage.previous_of(orcz.path))


def test_the_resume_list_does_not_offer_a_copy_of_another_game() -> None:
    from common.tui.menu import describe_save

    pirates = played("pirates", ["Eve", "Mal", "Tru"], 4, seed=5)
    pirates.release()
    orcz = cut_orcz_with_a_copy_from(pirates)
    words, _over = describe_save(orcz.path)
    assert "cannot be read" in words and "Eve" not in words, words


def test_a_value_cut_short_is_no_claim_of_another_game() -> None:
    orcz = played("orcz", ["Ann", "Bob", "Cid"], 6)
    orcz.release()
    whole = orcz.path.read_bytes()
    orcz.path.write_bytes(whole[:whole.index(b'"seed": 11') + len('"seed": 1')])  # 1 of 11
    record, _game, _states, _notice = save.load_or_recover(orcz.path)
    assert record.actions == orcz.record.actions[:-1]
