"""``simulate``'s figures can be made again from what it prints: the first seed, every seat's
level and budget, and whether the clock cut a search short; mixed levels get their own rates by
position; options that would change nothing are refused."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

import common.bots
import pirates
from common.bots import CLOCK, choose, make_bot
from common.simulate import GameRecord, Tally, add_parser, play_game, run
from pirates.state import NAVIGATE


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hotseat")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


def one_pirates_game(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    args = parse("pirates", "--games", "1", "--seats", "hard,normal,normal", "--seed", "7",
                 "--workers", "1", "--steps", "200", *extra)
    assert run(args) == 0
    return capsys.readouterr().out


def test_the_json_records_the_seed_each_seats_budget_and_the_clock(
        capsys: pytest.CaptureFixture[str]) -> None:
    s = json.loads(one_pirates_game(capsys, "--json"))
    assert s["seed"] == 7
    assert s["budgets"] == [{"steps": 200, "seconds": 1.0, "rounds": 400}, None, None]
    assert s["hard_searches"] > 10 and s["clock_cuts"] == 0


def test_the_text_says_the_seed_the_budget_and_the_clock(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = one_pirates_game(capsys)
    assert "first seed 7" in out
    assert "seat 1 (hard): 200 steps a decision, at most 400 worlds, clock guard 1 s" in out
    assert "clock: 0 of " in out and "hard searches cut short" in out


@pytest.mark.parametrize("option", [("--steps", "50"), ("--seconds", "2"), ("--rounds", "9")])
def test_a_budget_with_no_hard_seat_is_refused_with_its_reason(
        capsys: pytest.CaptureFixture[str], option: tuple[str, str]) -> None:
    args = parse("orcz", "--games", "1", "--seats", "normal,random,random", "--workers", "1",
                 *option)
    assert run(args) == 2
    err = capsys.readouterr().err
    assert option[0] in err and "no seat is hard" in err


def test_the_clock_that_cuts_a_search_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    record = play_game("pirates", ("hard", "normal", "normal"), 3, seconds=1e-9)
    assert record.searches > 0 and record.clock_cuts == record.searches
    calm = play_game("pirates", ("hard", "normal", "normal"), 3, steps=100)
    assert calm.searches > 0 and calm.clock_cuts == 0


def sailing(seed: int) -> Any:
    """A 4-player game at its first navigation (``normal``'s outfits), where ``hard`` searches:
    it takes its opening outfit without one."""
    state = pirates.new_game(["A", "B", "C", "D"], seed)
    turn = 0
    while state.phase != NAVIGATE:
        seat = pirates.to_act(state)[0]
        state = pirates.apply(state, choose(make_bot("pirates", "normal", 1), state, seat, turn))
        turn += 1
    return state


def test_hard_reads_the_clock_it_is_given() -> None:
    # The anchor gives both sides the thread's CPU time, which other processes' load leaves
    # alone; a clock that has run out cuts the search, whatever the wall time says.
    readings = iter(range(0, 10**6, 10))
    state = sailing(3)
    seat = pirates.to_act(state)[0]
    before = (CLOCK.searches, CLOCK.cut)
    bot = make_bot("pirates", "hard", 1, seconds=5.0, clock=lambda: float(next(readings)))
    choose(bot, state, seat, 0)
    assert (CLOCK.searches, CLOCK.cut) == (before[0] + 1, before[1] + 1)
    still = make_bot("pirates", "hard", 1, seconds=5.0, clock=lambda: 0.0)
    choose(still, state, seat, 0)
    assert (CLOCK.searches, CLOCK.cut) == (before[0] + 2, before[1] + 1)


def test_the_opening_outfit_needs_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search of it once played 400 worlds of six outfits, and only the clock stopped it on a
    # slow machine; its rollouts end with the others' outfits, before any fight, so ``hard``
    # now ranks the outfits by the value alone (``pirates.bot``) and plays none.
    played = []
    real = common.bots.rollout

    def counted(*args: Any, **kwargs: Any) -> tuple[float, int]:
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(common.bots, "rollout", counted)
    state = pirates.new_game(["A", "B", "C", "D"], 3)
    before = CLOCK.cut
    choose(make_bot("pirates", "hard", 1, seconds=1e6), state, pirates.to_act(state)[0], 0)
    assert played == []
    assert CLOCK.cut == before


def test_rollouts_that_end_at_once_still_spend_the_step_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A rollout that plays no step (its stage ends at once) counts ROLLOUT_FLOOR steps: without
    # the floor such a search would play its worlds to the cap (400 of six moves), and only the
    # clock would stop it on a slow machine.
    played = []

    def at_once(*args: Any, **kwargs: Any) -> tuple[float, int]:
        played.append(1)
        return 0.5, 0

    monkeypatch.setattr(common.bots, "rollout", at_once)
    state = sailing(3)
    before = CLOCK.cut
    choose(make_bot("pirates", "hard", 1, seconds=1e6), state, pirates.to_act(state)[0], 0)
    steps = common.bots.game_bots("pirates").hard_steps
    assert 0 < len(played) <= steps // 10 + 8  # ten steps at least a rollout, a world's last few
    assert CLOCK.cut == before


def test_mixed_levels_get_their_own_rates_by_position() -> None:
    tally = Tally("orcz", ("hard", "normal", "normal"))
    # Round 1 only: hard first and winning, then hard second and losing to the first seat.
    tally.add(GameRecord((0,), (9, 3, 2), 100, False, (0,), ((1, 0, 0),)))
    tally.add(GameRecord((2,), (3, 3, 9), 100, False, (2,), ((0, 0, 1),)))
    s = tally.summary(1.0)
    assert s["by_position_by_level"]["hard"] == [[1.0, 0.0, None]]
    assert s["by_position_by_level"]["normal"] == [[1.0, 0.0, 0.0]]
    same = Tally("orcz", ("normal",) * 3)
    same.add(GameRecord((0,), (9, 3, 2), 100, False, (0,), ((1, 0, 0),)))
    assert "by_position_by_level" not in same.summary(1.0)
