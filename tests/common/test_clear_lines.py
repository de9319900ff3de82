"""Every path a careless script or a hostile setting takes ends in one clear line: a seed out of
the games' range, a number far too long to echo, ``--version`` to a full disk, a data folder
under an unknown user's ``~``, a settings file behind a link."""

from __future__ import annotations

import argparse
import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from common.simulate import MAX_SEED, add_parser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the player's own data folder."""
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["simulate", "orcz", "--seats", "random,random", *argv])
    assert exit_.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("seed", ["-5", str(2**64), "-1"])
def test_a_seed_out_of_the_games_range_is_refused_with_the_range(
        seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(capsys, "--seed", seed)
    assert f"from 0 to {MAX_SEED}" in said, said


def test_the_last_seed_is_accepted() -> None:
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", "orcz", "--seats", "random,random",
                              "--seed", str(MAX_SEED)])
    assert args.seed == MAX_SEED


def test_seeds_that_would_run_past_the_range_are_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    from common.simulate import main

    assert main(["orcz", "--seats", "random,random", "--seed", str(MAX_SEED),
                 "--games", "2"]) == 2
    assert str(MAX_SEED) in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--seed", "--games", "--workers", "--seconds", "--steps"])
@pytest.mark.parametrize("raw", ["9" * 5000, "-" + "9" * 5000, "x" * 5000])
def test_a_long_number_is_echoed_short(option: str, raw: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(capsys, option, raw)
    assert len(said) < 200, said


class FullDisk:
    """A standard output on a full disk, as ``> /dev/full`` gives."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["orcz", "--help"],
                                  ["rules", "orcz"]])
def test_what_cannot_be_printed_is_said_with_a_failure(
        argv: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from common.tui import cli

    monkeypatch.setattr(cli, "_stdout_to_nowhere", lambda: None)  # the test's own stdout stays
    monkeypatch.setattr(sys, "stdout", FullDisk())
    try:
        code = cli.main(argv)
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == 1
    assert capsys.readouterr().err.strip() == (
        "hotseat: cannot write to the standard output: no space left on device")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_version_to_dev_full_fails() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "common.tui", "--version"], cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                              check=False)
    assert done.returncode == 1
    assert "cannot write to the standard output" in done.stderr, done.stderr


UNKNOWN_HOME = "~nosuchuser-of-hotseat/x"


def test_a_data_folder_under_an_unknown_users_home_is_a_clear_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from common.errors import SaveError
    from common.session import data_dir

    monkeypatch.setenv("HOTSEAT_DATA_DIR", UNKNOWN_HOME)
    with pytest.raises(SaveError, match="the home folder of nosuchuser-of-hotseat is not known"):
        data_dir()


@pytest.mark.parametrize("argv", [["resume"], ["orcz", "--players", "Ann,Bob"],
                                  ["resume", "game.json"]])
def test_commands_that_keep_files_refuse_such_a_data_folder_in_one_line(
        argv: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from common.tui.cli import main

    monkeypatch.setenv("HOTSEAT_DATA_DIR", UNKNOWN_HOME)
    assert main(argv) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("hotseat: HOTSEAT_DATA_DIR is ~nosuchuser-of-hotseat/x, but the home "
                           "folder of nosuchuser-of-hotseat is not known here"), said
    assert "\n" not in said


def test_a_settings_file_linked_in_is_read_and_written_through_its_link(
        tmp_path: Path) -> None:
    from common.tui import settings

    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "hotseat-settings.json"
    real.write_text('{"tips": false}')
    link = settings.settings_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    assert settings.tips_on() is False  # read through the link
    assert settings.settings_notice() == ""
    assert settings.set_tips(True)
    assert link.is_symlink() and os.readlink(link) == str(real)  # the link is kept
    assert json.loads(real.read_text()) == {"tips": True}  # written where it leads
    assert not link.with_name(link.name + ".bad").exists()


@pytest.mark.parametrize("target", ["nothing", "folder", "fifo"])
def test_a_settings_link_to_what_is_no_file_is_said_and_left_alone(
        target: str, tmp_path: Path) -> None:
    from common.tui import settings

    aim = tmp_path / "aim"
    if target == "folder":
        aim.mkdir()
    elif target == "fifo":
        os.mkfifo(aim)
    link = settings.settings_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(aim)
    notice = settings.settings_notice()
    assert notice.startswith("settings.json is a link to "), notice
    assert settings.tips_on() is settings.DEFAULTS["tips"]  # the defaults
    assert not settings.set_tips(True)  # never written through, nor replaced
    assert link.is_symlink() and os.readlink(link) == str(aim)
    assert not link.with_name(link.name + ".bad").exists()


def test_the_menu_says_why_a_linked_settings_file_is_not_used(tmp_path: Path) -> None:
    import asyncio

    from common.tui import settings
    from common.tui.app import HotseatApp
    from tests.tui.driver import screen_text, wait_until

    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(tmp_path / "gone.json")

    async def menu() -> None:
        app = HotseatApp(None)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Tips in games" in screen_text(app), "the menu")
            await wait_until(pilot, lambda: any("which does not exist" in n.message
                                                for n in app._notifications),
                             "the settings notice")

    asyncio.run(menu())
