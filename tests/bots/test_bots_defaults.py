"""The bot contract (common/bots.py): ``random`` needs nothing of a game, ``normal`` its
heuristic (and its sampler, when it hides anything), and ``hard`` nothing more, every other part
taken from the defaults. Hidden Dice (tests/conformance/hidden_dice.py) gives only ``normal``
and its sampler."""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from common import registry
from common.bots import DEFAULT_HARD_STEPS, LEVELS, choose, game_bots, make_bot
from common.registry import GAMES, GROUP
from common.simulate import play_game
from tests.conformance import hidden_dice


@pytest.fixture
def dice() -> Iterator[None]:
    real = registry.entry_points
    point = EntryPoint("hiddendice", "tests.conformance.hidden_dice:GAME", GROUP)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "entry_points",
                      lambda *, group: [*real(group=group), point])
        GAMES.reset()
        game_bots.cache_clear()
        yield
    GAMES.reset()
    game_bots.cache_clear()


def test_a_game_with_only_a_heuristic_and_a_sampler_gets_every_level(dice: None) -> None:
    support = game_bots("hiddendice")
    assert support.levels == LEVELS and support.hard_steps == DEFAULT_HARD_STEPS
    state = hidden_dice.new_game(["Ann", "Bob", "Cid"], 4)
    state = hidden_dice.apply(hidden_dice.apply(state, 2), 3)
    for level in LEVELS:
        action = choose(make_bot("hiddendice", level, 1, steps=200), state, 2, 2)
        assert action in hidden_dice.legal_actions(state, 2)
    # The defaults read the standings: the first wins, a row's points are its points.
    record = play_game("hiddendice", ["hard", "normal", "random"], 7, steps=200)
    assert len(record.winners) == 1 and sorted(record.points) == [0, 1, 1]


def test_the_default_shortlist_puts_the_heuristics_choice_first(dice: None) -> None:
    support = game_bots("hiddendice")
    state = hidden_dice.apply(hidden_dice.new_game(["Ann", "Bob"], 4), 2)
    legal = hidden_dice.legal_actions(state, 1)
    mine = hidden_dice.normal(state, 1, legal, random.Random(0))
    assert support.shortlist(state, 1, legal, 2) == [mine, *[a for a in legal if a != mine]][:2]
    assert support.stage(state) == 0 and support.value(state, 1) == 0.5
    assert support.horizon is support.stage  # rollouts end with the stage: nothing longer given


def test_only_pirates_rolls_out_past_the_stage() -> None:
    # Orcz's rollouts stop at the round's end as before (its search, and its figures, unchanged);
    # Pirate's Cove's play the last months to the end of the game.
    assert game_bots("orcz").horizon is game_bots("orcz").stage
    pirates_bots = game_bots("pirates")
    state = pirates_bots.rules.new_game(["A", "B", "C"], 1)
    months = [pirates_bots.horizon(state._replace(month=m)) for m in range(1, 13)]
    assert months == [*range(1, 11), 11, 11]


def test_a_game_that_hides_something_and_has_no_sampler_plays_random_alone(
        dice: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its heuristic would read the real dice: no ``normal`` nor ``hard`` level without worlds to
    give it."""
    from dataclasses import replace

    monkeypatch.setattr(hidden_dice, "GAME", replace(hidden_dice.GAME, sampler=""))
    assert game_bots("hiddendice").levels == ("random",)
    with pytest.raises(ValueError, match="has no normal computer players"):
        make_bot("hiddendice", "normal")


def test_a_game_whose_bots_module_is_missing_is_said_and_help_works(
        dice: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from dataclasses import replace

    from common.tui.cli import main

    monkeypatch.setattr(hidden_dice, "GAME", replace(hidden_dice.GAME, bots="no_such_bots_here"))
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0
    assert main(["simulate", "hiddendice", "--seats", "random,random"]) == 2
    assert "no_such_bots_here" in capsys.readouterr().err
