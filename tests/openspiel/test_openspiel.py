"""Both games in OpenSpiel: OpenSpiel's own random simulation test, with
serialization, and what information-set search needs of action ids and resampled worlds."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is an optional extra: pip install -e '.[openspiel]'")

from common import openspiel  # noqa: E402

GAMES = [("orcz", 2), ("orcz", 4), ("pirates", 3), ("pirates", 5)]


# Serialization replays a game from its start at every step, so a 5-player Pirate's Cove game
# costs minutes here: the simulation plays Orcz at 2 and 4 players and Pirate's Cove at 3.
@pytest.mark.parametrize(("game", "players"), GAMES[:3])
def test_openspiels_random_sim_test_passes_with_serialization(game: str, players: int) -> None:
    pyspiel.random_sim_test(openspiel.load(game, players), num_sims=3, serialize=True,
                            verbose=False)


def test_both_games_are_registered_with_their_types() -> None:
    openspiel.register()
    names = pyspiel.registered_names()
    for game in ("orcz", "pirates"):
        kind = pyspiel.load_game(openspiel.short_name(game)).get_type()
        assert openspiel.short_name(game) in names
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert kind.provides_information_state_string and kind.provides_observation_string


def played(game: str, players: int, seed: int, steps: int) -> object:
    """A state after the deal from ``seed`` and ``steps`` random actions (or the end)."""
    state = openspiel.load(game, players).new_initial_state()
    state.apply_action(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_an_id_means_the_same_move_in_every_world_of_an_information_state(
        game: str, players: int) -> None:
    rules = openspiel.game_bots(game).rules
    differs = 0
    for seed in range(3):
        for steps in (0, 7, 40, 120):
            state = played(game, players, seed, steps)
            if state.is_terminal():  # type: ignore[attr-defined]
                continue
            seat = state.current_player()  # type: ignore[attr-defined]
            key = state.information_state_string(seat)  # type: ignore[attr-defined]
            ids = [state.action_to_string(seat, a)  # type: ignore[attr-defined]
                   for a in state.legal_actions()]  # type: ignore[attr-defined]
            for _ in range(4):
                world = state.resample_from_infostate(  # type: ignore[attr-defined]
                    seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                assert world.information_state_string(seat) == key
                assert [world.action_to_string(seat, a) for a in world.legal_actions()] == ids
                differs += world.core.value != state.core.value  # type: ignore[attr-defined]
                assert rules.view(world.core.value, seat) == rules.view(
                    state.core.value, seat)  # type: ignore[attr-defined]
    assert differs  # the worlds are drawn, not the real state handed back


def test_returns_are_each_seats_share_of_the_win() -> None:
    assert openspiel.share_of_win([2], 4) == [0.0, 0.0, 1.0, 0.0]
    assert openspiel.share_of_win([0, 2], 3) == [0.5, 0.0, 0.5]
    assert openspiel.share_of_win([], 4) == [0.0] * 4  # every orc lost: a collective defeat


def test_openspiels_ismcts_plays_with_our_sampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load("pirates", 3)
    state = played("pirates", 3, 1, 5)
    rng = __import__("numpy").random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=8,
                           random_state=rng)
    action = bot.step(state)
    assert action in state.legal_actions()  # type: ignore[attr-defined]


def test_importing_the_module_does_not_import_pyspiel() -> None:
    code = "import sys, common.openspiel; sys.exit('pyspiel' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(("game", "players"), [("orcz", 4), ("pirates", 5)])
def test_information_state_strings_stay_small_and_tell_what_the_seat_saw(
        game: str, players: int) -> None:
    """A whole game's information state is under 20 kB (the log is a digest), and two states
    that differ only in what a seat cannot see give that seat the same string."""
    state = played(game, players, 11, 100_000)
    assert state.is_terminal()  # type: ignore[attr-defined]
    for seat in range(players):
        text = state.information_state_string(seat)  # type: ignore[attr-defined]
        assert len(text.encode()) < 20_000, len(text)
        assert len(state.observation_string(seat)) < 20_000  # type: ignore[attr-defined]
    mid = played(game, players, 11, 60)
    world = mid.resample_from_infostate(0, random.Random(3).random)  # type: ignore[attr-defined]
    assert world.information_state_string(0) == mid.information_state_string(0)  # type: ignore
    earlier = played(game, players, 11, 59)
    mover = earlier.current_player()  # type: ignore[attr-defined]
    assert earlier.information_state_string(mover) != mid.information_state_string(mover)  # type: ignore


@pytest.mark.parametrize(("game", "players"), [("orcz", 3), ("pirates", 3)])
def test_tensors_raise_as_for_a_game_that_provides_none(game: str, players: int) -> None:
    state = played(game, players, 1, 5)
    for ask in ("observation_tensor", "information_state_tensor"):
        with pytest.raises(Exception, match="no observation or information state tensors"):
            getattr(state, ask)(0)
