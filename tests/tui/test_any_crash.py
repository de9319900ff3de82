"""Any bug in the app ends on hotseat's own crash screen, never Textual's printout, which shows
local variables: a view that raised at the table once put the whole game state on the shared
screen (Bob's face-down card, the next enemy in the stack). The report goes to the data
folder's ``reports`` only, never through a link, readable by its owner only; where none can be
written, the screen says so in plain words, never with the exception's text
(``common.tui.crash``, ``HotseatApp._handle_exception``)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from common.session import GameSession
from common.tui import app as app_module
from common.tui.app import HotseatApp
from common.tui.cli import main
from common.tui.crash import CrashScreen, write_report
from common.tui.curtain import CurtainScreen
from common.tui.menu import MenuScreen
from tests.tui.driver import keys, screen_text, sync, wait_until
from tests.tui.secrecy import check_screen

SECRET_LOCAL = "BOBS-FACE-DOWN-CAVALRY-1"  # in a local variable of the failing code
SECRET_TEXT = "NEXT-ENEMY-IN-THE-STACK"  # in the exception's message


class Bug(RuntimeError):
    pass


def failing(*_args: Any, **_kwargs: Any) -> Any:
    hidden = {"placed_hidden": SECRET_LOCAL}  # what Textual's printout used to show
    raise Bug(f"the view broke on {SECRET_TEXT}" if hidden else "")


def nothing_secret(text: str) -> None:
    for word in (SECRET_LOCAL, SECRET_TEXT, "Traceback", "Bug", "placed_hidden"):
        assert word not in text, f"{word!r} shown"


def reports_in(data_dir: Path) -> list[Path]:
    folder = data_dir / "reports"
    return sorted(folder.glob("crash-*.txt")) if folder.is_dir() else []


def assert_private_report(data_dir: Path) -> str:
    """The one report: 0600 in a 0700 folder; its traceback, no locals."""
    reports = reports_in(data_dir)
    assert len(reports) == 1, reports
    assert stat.S_IMODE(reports[0].stat().st_mode) == 0o600
    assert stat.S_IMODE((data_dir / "reports").stat().st_mode) == 0o700
    text = reports[0].read_text()
    assert "Traceback" in text and SECRET_TEXT in text  # for whoever mends the bug
    assert SECRET_LOCAL not in text  # no locals, not even in the report
    return text


@pytest.fixture
def table_session(tmp_path: Path) -> Iterator[GameSession]:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7, path=tmp_path / "game.json")
    yield session
    session.release()


async def view_breaks_at_the_table(session: GameSession, monkeypatch: pytest.MonkeyPatch,
                                   app: HotseatApp, pilot: Any) -> None:
    """The first curtain lifted with a game's view that raises: the table cannot be drawn."""
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.drawn,
                     "the first curtain")
    monkeypatch.setattr(session.game, "view", failing)
    await keys(pilot, "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen), "the crash screen")


@sync
async def test_a_view_that_raises_at_the_table_ends_on_the_crash_screen(
        table_session: GameSession, monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        capfd: pytest.CaptureFixture[str]) -> None:
    app = HotseatApp(table_session, bot_pause=0)
    with pytest.raises(Bug):  # ``run_test`` raises the app's first error at its end, as Textual
        async with app.run_test(size=(100, 32)) as pilot:
            await view_breaks_at_the_table(table_session, monkeypatch, app, pilot)
            text = screen_text(app)
            nothing_secret(text)
            check_screen(app, table_session, holder=None)  # nobody's private information
            report = reports_in(data_dir)[0]
            assert "hotseat met a bug" in text
            assert "saved up to the last move" in text and str(table_session.path) in text
            assert str(report) in text.replace("\n", "")
            await keys(pilot, "enter")  # Enter quits: the game is saved
            await wait_until(pilot, lambda: not app.is_running, "the app to end")
    assert app.return_code == 1
    out, err = capfd.readouterr()
    nothing_secret(out + err)
    assert_private_report(data_dir)


@sync
async def test_a_reports_link_is_refused_with_a_clear_line(
        table_session: GameSession, monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "reports").symlink_to(elsewhere)
    app = HotseatApp(table_session, bot_pause=0)
    with pytest.raises(Bug):
        async with app.run_test(size=(100, 32)) as pilot:
            await view_breaks_at_the_table(table_session, monkeypatch, app, pilot)
            text = screen_text(app).replace("\n", " ")
            nothing_secret(text)
            assert "No report could be written" in text and "symbolic link" in text
    assert list(elsewhere.iterdir()) == []


@sync
async def test_a_bug_in_the_menu_ends_on_the_crash_screen(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(MenuScreen, "on_option_list_option_selected", failing)
    app = HotseatApp()
    with pytest.raises(Bug):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen),
                             "the crash screen")
            text = screen_text(app)
            nothing_secret(text)
            assert "Every game is saved up to its last move." in text
            await pilot.press("q")  # the app's own quit: the exit code still says a bug
            await wait_until(pilot, lambda: not app.is_running, "the app to end")
    assert app.return_code == 1
    out, err = capfd.readouterr()
    nothing_secret(out + err)
    assert_private_report(data_dir)


@sync
async def test_a_bug_in_the_app_s_own_handler_ends_on_the_crash_screen(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """The app's own handlers (its keys) run in its own loop, which Textual would end."""
    monkeypatch.setattr(HotseatApp, "action_help", failing)
    app = HotseatApp()
    with pytest.raises(Bug):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            await pilot.press("f1")
            await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen),
                             "the crash screen")
            nothing_secret(screen_text(app))
    assert_private_report(data_dir)


@sync
async def test_a_bug_in_a_worker_ends_on_the_crash_screen(data_dir: Path) -> None:
    """Computer players think in workers: Textual wraps their failure (``WorkerFailed``)."""
    app = HotseatApp()
    with pytest.raises(Exception, match=SECRET_TEXT):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            app.screen.run_worker(failing, thread=True)
            await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen),
                             "the crash screen")
            nothing_secret(screen_text(app))
    assert_private_report(data_dir)


@sync
async def test_when_the_crash_screen_cannot_show_the_app_ends_with_one_plain_line(
        table_session: GameSession, monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(CrashScreen, "compose", failing)
    app = HotseatApp(table_session, bot_pause=0)
    with pytest.raises(Bug):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                             and app.screen.drawn, "the first curtain")
            monkeypatch.setattr(table_session.game, "view", failing)
            await keys(pilot, "enter")
            await wait_until(pilot, lambda: not app.is_running, "the app to end")
    words = app.crash_words
    assert words.startswith("hotseat: ") and "\n" not in words
    assert "saved up to the last move" in words and str(reports_in(data_dir)[0]) in words
    nothing_secret(words)
    out, err = capfd.readouterr()
    nothing_secret(out + err)


def test_an_error_escaping_the_app_prints_one_line_and_no_traceback(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    class Broken:
        def __init__(self, session: Any = None, **_: Any) -> None:
            self.session = session
            self.return_code: int | None = None

        def run(self) -> None:
            failing()

    monkeypatch.setattr(app_module, "HotseatApp", Broken)
    assert main(["orcz", "--players", "Ann,Bob", "--seed", "3"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert "hotseat met a bug" in err and "saved up to the last move" in err
    nothing_secret(err)
    assert_private_report(data_dir)


def hostile_reports(kind: str, reports: Path, elsewhere: Path) -> None:
    """Something other than hotseat's own folder at ``reports``."""
    if kind == "link to a folder":
        reports.symlink_to(elsewhere)
    elif kind == "link to a file":
        target = elsewhere / "file.txt"
        target.write_text("keep me")
        reports.symlink_to(target)
    elif kind == "link to nothing":
        reports.symlink_to(elsewhere / "nothing")
    elif kind == "FIFO":
        os.mkfifo(reports)
    elif kind == "file":
        reports.write_text("keep me")


@pytest.mark.parametrize(("kind", "words"), [
    ("link to a folder", "symbolic link"), ("link to a file", "symbolic link"),
    ("link to nothing", "symbolic link"), ("FIFO", "named pipe"), ("file", "a file"),
])
def test_no_report_is_written_anywhere_but_a_folder_of_the_data_folder(
        tmp_path: Path, kind: str, words: str) -> None:
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    data.mkdir()
    elsewhere.mkdir()
    hostile_reports(kind, data / "reports", elsewhere)
    before = {p: p.read_bytes() for p in elsewhere.iterdir()}
    try:
        failing()
    except Bug as error:
        report = write_report(error, "orcz", None, data)
    assert report.path is None and words in report.problem, report
    nothing_secret(report.problem)
    assert {p: p.read_bytes() for p in elsewhere.iterdir()} == before
    if kind in ("FIFO", "file"):
        assert not stat.S_ISDIR(os.lstat(data / "reports").st_mode)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_reports_folder_is_said_in_plain_words(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir(mode=0o500)
    try:
        failing()
    except Bug as error:
        report = write_report(error, "orcz", None, tmp_path)
    assert report.path is None and "permission denied" in report.problem
    nothing_secret(report.problem)


def test_an_older_reports_folder_open_to_others_is_closed_to_them(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir(mode=0o755)
    os.chmod(tmp_path / "reports", 0o755)
    try:
        failing()
    except Bug as error:
        report = write_report(error, "orcz", None, tmp_path)
    assert report.path is not None
    assert stat.S_IMODE((tmp_path / "reports").stat().st_mode) == 0o700
    assert stat.S_IMODE(report.path.stat().st_mode) == 0o600
