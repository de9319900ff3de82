"""Every path a careless script or a hostile setting takes ends in one clear line: a seed out of
the games' range, a number far too long to echo, ``--version`` to a full disk, a data folder
under an unknown user's ``~``, a settings file behind a link."""

from __future__ import annotations

import argparse

import pytest

from common.simulate import MAX_SEED, add_parser


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
