"""Every registered game as an OpenSpiel game, under the short name it declares
(``GameEntry.openspiel``): ``python_hotseat_orcz`` and ``python_hotseat_pirates``.

``register()`` imports ``pyspiel`` (the optional extra: ``pip install -e '.[openspiel]'``) and
registers the games; nothing here imports it before. Then ``pyspiel.load_game(
"python_hotseat_orcz", {"players": 4})`` gives a game that OpenSpiel's algorithms and tests run on.

How the games are told to OpenSpiel:

- **Sequential, imperfect information, general sum, terminal rewards.** A seat's return is its
  share of the win: 1 for a lone winner, ``1/k`` for each of ``k`` who share it, 0 for the others
  (and for everyone in an Orcz game that every orc loses).
- **Chance.** The cores draw every random event from the ``Rng`` held in their state, seeded by
  ``new_game``: once dealt, a game is a function of its seed and its actions. So the one chance
  node is the deal, at the start: outcome ``i`` (of ``DEALS``, all equally likely) starts the game
  from seed ``i``. This is OpenSpiel's explicit-stochastic mode with a single chance node rather
  than its sampled-stochastic mode: pyspiel's Python games cannot hand the game's RNG state to
  OpenSpiel's serializer, so a sampled-stochastic Python game fails ``random_sim_test`` with
  serialization, while a dealt seed serializes as any chance outcome does.
- **Action ids.** At each decision the acting seat's legal actions, in the order of the core's
  ``legal_actions``, are numbered from 0: id ``k`` is the ``k``-th legal action. That order
  depends only on what the seat knows (the worlds it cannot tell apart list the same actions in
  the same order, tested), so an id means the same move in every world of an information state,
  as information-set search needs. ``num_distinct_actions`` is ``MAX_ACTIONS``, above the
  largest count seen (Orcz 947 at the first placing, Pirate's Cove 160 at outfitting); a state
  with more raises ``ValueError`` rather than give an id OpenSpiel would refuse.
- **Strings.** ``observation_string(seat)`` is the seat's view (``view(state, seat)``) without its
  log, as JSON; ``information_state_string(seat)`` adds the log's length and a SHA-256 digest of
  it: two information states share a string exactly when the seat saw the same (a digest
  collision aside), in a few kB however long the game (the whole log ran to 226 kB, and search
  keys its nodes by this string). Each string is worked out once per state and seat. No tensors:
  asking for one raises ``NotImplementedError``, as OpenSpiel expects of a game that provides none.
- **Resampling.** ``resample_from_infostate(seat, sampler)`` returns a world drawn by the game's
  sampler (``GAME/sample.py``), which the seat cannot tell from the real state.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from common.bots import game_bots
from common.registry import GAMES

DEALS = 1 << 16  # the deal's outcomes: the seeds 0 .. DEALS - 1
MAX_ACTIONS = 4096  # ids 0 .. MAX_ACTIONS - 1 (Orcz needs up to 947 here, Pirate's Cove 160)
MAX_LENGTH = 5000  # actions in a game, the deal included (measured: under 1,000)
DEFAULT_PLAYERS = 4

_registered: dict[str, Any] = {}
_DEAL_OUTCOMES = [(seed, 1 / DEALS) for seed in range(DEALS)]


def register() -> None:
    """Register every game with OpenSpiel (importing ``pyspiel``); again does nothing."""
    if _registered:
        return
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    for game in playable_games():
        game_type, game_class = _make(pyspiel, game)
        pyspiel.register_game(game_type, game_class)
        _registered[game] = game_class


def playable_games() -> list[str]:
    """The games OpenSpiel gets: those with a sampler, which ``resample_from_infostate`` needs."""
    return [entry.name for entry in GAMES.working() if entry.has_bots]


def load(game: str, players: int = DEFAULT_PLAYERS) -> Any:
    """The OpenSpiel game of ``game`` (a registered game's name) for ``players``."""
    register()
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return pyspiel.load_game(short_name(game), {"players": players})


def short_name(game: str) -> str:
    """The OpenSpiel name of ``game``, e.g. "python_hotseat_orcz"."""
    return GAMES[game].openspiel


def share_of_win(winners: Any, count: int) -> list[float]:
    """The returns of a finished game: each winner's share of the win, 0 for the others."""
    won = set(winners)
    return [1 / len(won) if seat in won else 0.0 for seat in range(count)]


class _Frozen:
    """A core state, shared (never copied) when OpenSpiel copies a state: the cores' states are
    immutable, and a deep copy of one is the costliest part of a search's clone. It keeps the
    acting seat's legal actions once listed (OpenSpiel asks for them, and names each, often)."""

    __slots__ = ("legal", "seen", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.legal: list[Any] | None = None
        self.seen: dict[tuple[int, bool], str] = {}  # (seat, perfect recall): its string

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


def seen_string(rules: Any, state: Any, seat: int, perfect_recall: bool) -> str:
    """What ``seat`` sees of ``state`` in a few kB: its view without the log, and with perfect
    recall the log's length and digest (the log, which grows all game, is the bulk of a view)."""
    view = dict(rules.view(state, seat))
    log = view.pop("log", [])
    text = json.dumps(view, sort_keys=True, default=str)
    if not perfect_recall:
        return text
    digest = hashlib.sha256(json.dumps(log, sort_keys=True, default=str).encode()).hexdigest()
    return f"{text}\nlog of {len(log)} entries, sha256 {digest}"


def _make(pyspiel: Any, game: str) -> tuple[Any, Any]:
    """The OpenSpiel game type and game class of ``game``."""
    support = game_bots(game)
    rules = support.rules
    game_type = pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"hotseat {rules.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.MAX_PLAYERS,
        min_num_players=rules.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": DEFAULT_PLAYERS},
    )

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            params = dict(params or {"players": DEFAULT_PLAYERS})
            self.players = int(params.get("players", DEFAULT_PLAYERS))
            if not rules.MIN_PLAYERS <= self.players <= rules.MAX_PLAYERS:
                raise ValueError(f"{rules.TITLE} is for {rules.MIN_PLAYERS} to "
                                 f"{rules.MAX_PLAYERS} players, not {self.players}")
            info = pyspiel.GameInfo(
                num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=DEALS,
                num_players=self.players, min_utility=0.0, max_utility=1.0,
                utility_sum=None, max_game_length=MAX_LENGTH)
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> Any:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
            return Observer(perfect_recall)

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.players: int = game.players
            self.core: _Frozen | None = None  # None until the deal

        # -- the core state, and its acting seat's legal actions in the core's order
        def _legal(self) -> list[Any]:
            assert self.core is not None
            if self.core.legal is None:
                state = self.core.value
                legal = rules.legal_actions(state, rules.to_act(state)[0])
                if len(legal) > MAX_ACTIONS:
                    raise ValueError(f"{len(legal)} legal actions, more than the {MAX_ACTIONS} "
                                     "action ids")
                self.core.legal = legal
            return self.core.legal

        def current_player(self) -> int:
            if self.core is None:
                return int(pyspiel.PlayerId.CHANCE)
            if rules.is_over(self.core.value):
                return int(pyspiel.PlayerId.TERMINAL)
            return int(rules.to_act(self.core.value)[0])

        def _legal_actions(self, player: int) -> list[int]:
            return list(range(len(self._legal())))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return _DEAL_OUTCOMES

        def _apply_action(self, action: int) -> None:
            if self.core is None:
                names = [f"Player {i + 1}" for i in range(self.players)]
                self.core = _Frozen(rules.new_game(names, int(action)))
                return
            self.core = _Frozen(rules.apply(self.core.value, self._legal()[action]))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE or self.core is None:
                return f"deal from seed {action}"
            typed = self._legal()[action]
            return json.dumps(rules.action_to_json(typed), sort_keys=True)

        def is_terminal(self) -> bool:
            return self.core is not None and rules.is_over(self.core.value)

        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0] * self.players
            assert self.core is not None
            return share_of_win(support.winners(self.core.value), self.players)

        def resample_from_infostate(self, player: int, sampler: Any) -> Any:
            """A world ``player`` cannot tell from this state, drawn by the game's sampler;
            ``sampler()`` (a number in [0, 1)) seeds the draw."""
            world = State(self.get_game())
            if self.core is not None:
                seed = int(float(sampler()) * (1 << 53))
                world.core = _Frozen(support.sampler()(self.core.value, player,
                                                    random.Random(seed)))
            return world

        def __str__(self) -> str:
            if self.core is None:
                return "before the deal"
            return json.dumps(rules.view(self.core.value, None), sort_keys=True, default=str)

    class Observer:
        """OpenSpiel's Python observer: strings only (no tensors)."""

        def __init__(self, perfect_recall: bool) -> None:
            self.perfect_recall = perfect_recall
            self.tensor = None
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            raise NotImplementedError(f"{rules.TITLE} provides no observation or information "
                                      "state tensors: use the strings")

        def string_from(self, state: Any, player: int) -> str:
            if state.core is None:
                return "before the deal"
            key = (player, self.perfect_recall)
            seen: str | None = state.core.seen.get(key)
            if seen is None:
                seen = state.core.seen[key] = seen_string(rules, state.core.value, player,
                                                          self.perfect_recall)
            return seen

    return game_type, Game
