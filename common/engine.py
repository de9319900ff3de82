"""The engine contract that every game package exposes at its top level.

The interface, saves, replays, benchmarks and the conformance suite are written once against this
protocol. A game package satisfies it as a module; ``common.registry`` finds the packages and
refuses one that lacks a required part (``common.registry.REQUIRED``), naming it.

What the shell reads of a view, a result and a log entry is typed below (``View``, ``Result``,
``LogEntry``): a game's dicts carry more keys of their own, and ``common.conformance.check_game``
checks these against every view, result and log entry of random games.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, NotRequired, Protocol, TypedDict

from common.codec import clip
from common.errors import IllegalAction
from common.registry import GAMES as GAMES  # re-exported: the registry of games


class PlayerView(TypedDict):
    """A seat as every view names it (a game adds its own keys)."""

    name: str


class _Line(TypedDict):
    kind: str


class LogEntry(_Line, total=False):
    """One line of the log a seat may read: its event kind (a game's ``EventKind`` name) and
    the kind's keys, as data; ``private``, when given: only this seat may read it. A game that
    names a wording (``GameEntry.words``) keeps words out of its entries: the shell words each
    entry where it is shown (``common.entries.log_lines``); one that names none gives each
    entry its ``text``."""

    private: bool
    text: str


class View(TypedDict):
    """What the shell reads of ``view(state, seat)``: the seat it is for (None: a spectator),
    the players and the log that seat may read."""

    seat: int | None
    players: list[PlayerView]
    log: list[LogEntry]


class Standing(TypedDict):
    """A row of the standings, best first: the seat, and when the game counts them its
    ``points`` (the default standings show them, the bots' defaults read them; a game adds keys
    of its own)."""

    seat: int
    points: NotRequired[int]


class Result(TypedDict):
    """What the shell reads of ``result(state)``: the standings, best first (``hotseat
    simulate`` ranks the seats by them)."""

    standings: list[Standing]


class GameModule(Protocol):
    """The public calls of a game's rules core (see ``docs/architecture.md``). Every part is
    required (``common.registry.REQUIRED``); the optional hooks are in ``GameHooks``."""

    NAME: str
    TITLE: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int

    def new_game(
        self,
        players: list[str],
        seed: int,
        *,
        setup: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats the game waits for (empty once it is over): it goes on when one of them acts
        (several seats: simultaneous secret choices, taken in any order)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        """Every action ``seat`` may take now, in turn or out of turn: a seat in ``to_act`` gets its
        decisions (never none), any other seat the actions the rules let it take while the game
        waits for someone else (e.g. a scout played out of turn), often none.
        ``apply`` accepts exactly the listed actions; ``[]`` for a seat not in the game."""
        ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def actor(self, state: Any, action: Any) -> int:
        """The seat that takes ``action`` in ``state`` (undo takes back one's own moves)."""
        ...

    def may_undo(self, before: Any, action: Any, after: Any) -> bool:
        """Whether ``action``, taken in ``before``, may be taken back from ``after`` (``after``
        may follow it by computer moves): only while nothing new was shown to anyone."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), as plain data: a ``View`` and more."""
        ...

    def events(self, state: Any, seat: int | None) -> list[dict[str, Any]]: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any]:
        """The end: a ``Result`` and more."""
        ...

    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Any) -> Any: ...


class GameHooks(Protocol):
    """The optional calls a game may add; the shell has a default for each.

    - ``offer(state, seat) -> common.offer.Offer``: which of a decision may be taken at the
      public table (default: every decision behind the seat's curtain);
    - ``public_view(state, seat)``: what a public decision is drawn from (default: the
      spectator's view with the seat named);
    - ``summary(state) -> dict``: how far the game went, language-free (``stage("round", 2,
      3)``: the interface words it, "round 2 of 3"; default: nothing said, "in progress");
      written into each save, so it must be cheap.
    """

    def offer(self, state: Any, seat: int) -> Any: ...

    def public_view(self, state: Any, seat: int) -> dict[str, Any]: ...

    def summary(self, state: Any) -> dict[str, Any]: ...


def stage(word: str, now: int, total: int = 0) -> dict[str, Any]:
    """How far a game in stages went, language-free: the stage's key ("round", "month"), the
    one under way (0: before the first) and how many there are (0: no fixed number, an
    open-ended game). The interface words it: "round 2 of 3", or the game's own words
    (``GameUI.stage_words``)."""
    return {"stage": word, "now": now, "total": total}


def summary_of(game: Any, state: Any) -> dict[str, Any]:
    """How far a game in ``state`` went (the game's ``summary`` hook: a ``stage``); empty when
    the game does not say."""
    find = getattr(game, "summary", None)
    return dict(find(state)) if find is not None else {}


def stage_words(summary: dict[str, Any]) -> str:
    """A ``stage`` in English words: "round 2 of 3", "before round 1" before the first, "in
    progress" when the game does not say. Saved beside the stage, for an older hotseat's list
    (the list words the stage in the language in use)."""
    if not summary:
        return "in progress"
    word, now, total = summary["stage"], summary["now"], summary["total"]
    if not now:
        return f"before {word} 1"
    return f"{word} {now} of {total}" if total else f"{word} {now}"  # 0: no fixed number


# Characters of a player's name: it must fit a curtain, a mat and the log line. The one limit,
# for the command line, the new-game form and a save alike (the user guide says it).
MAX_NAME_LENGTH = 24


def check_players(players: Any, title: str, low: int, high: int) -> tuple[str, ...]:
    """The players' names, trimmed; ``IllegalAction`` unless ``low``..``high`` distinct names."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise IllegalAction("players must be a list of names")
    names = tuple(p.strip() for p in players)
    if not low <= len(names) <= high:
        raise IllegalAction(f"{title} is for {low} to {high} players, not {len(names)}")
    if any(not n for n in names) or len(set(names)) != len(names):
        raise IllegalAction("every player needs a name of their own")
    if any(len(n) > MAX_NAME_LENGTH for n in names):
        raise IllegalAction(f"a player's name may be {MAX_NAME_LENGTH} characters at most")
    return names


def get_game(name: str) -> GameModule:
    """The rules core registered under ``name``; ``KeyError`` for an unknown game,
    ``common.registry.GameLoadError`` for one that fails to load."""
    module: GameModule = importlib.import_module(GAMES[name].core)
    return module


def check_seat_type(seat: Any) -> None:
    """``IllegalAction`` unless ``seat`` is an ``int``: a bool is no seat, though ``True == 1``."""
    if type(seat) is not int:
        raise IllegalAction(f"there is no seat {clip(seat)}: a seat is a whole number")


def check_options(options: Mapping[str, Any], types: Mapping[str, type]) -> None:
    """``IllegalAction`` unless every option is known and of its exact type (no ``bool("no")``)."""
    unknown = set(options) - set(types)
    if unknown:
        raise IllegalAction(f"unknown option(s): {', '.join(sorted(clip(k) for k in unknown))}")
    for name, value in options.items():
        if type(value) is not types[name]:
            word = "true or false" if types[name] is bool else types[name].__name__
            raise IllegalAction(f"the option {name} must be {word}, not {clip(value)}")


def check_view_seat(seat: Any, count: int) -> None:
    """``ValueError`` unless ``seat`` is ``None`` (a spectator) or a seat of the game."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < count):
        raise ValueError(f"there is no seat {seat!r} in this game")
