"""The part of the board a lesson step is about, as its ``board`` names it: ``kind``, then which
one (``:which``), then the exact card or section in it (``:part``), e.g. "battlefield:urth",
"battlefield:urth:rank2" (the second rank from the front), "ship:Anne:cannons", "island:6",
"hand:Ann:archer-2" (a card in the learner's hand). The region ("battlefield:urth",
"ship:Anne", "hand:Ann") is framed; the exact part is marked inside it
(``common.tui.learn_mark``). Each game lists the words of its board in its lessons' folder
(``_targets.toml``); the parts every table has ("hand", "panel", "status", "log") are named
whole, but for the cards a game's ``hand`` lists."""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from common.engine import get_game
from common.registry import package_dirs

TARGETS_FILE = "_targets.toml"
SHARED = ("hand", "panel", "status", "log")
PLAYER = "player"  # a ``which`` that is one of the lesson's players
LEARNER = "learner"  # a ``which`` that is the learner (only their own hand is on screen)
_NUMBERED = re.compile(r"([a-z_]+)([1-9][0-9]?)")


@dataclass(frozen=True)
class Target:
    kind: str  # "battlefield", "ship", "island", "hand"…
    which: str = ""  # "urth", "Anne", "6"; empty: the whole kind
    part: str = ""  # "rank2", "enemy", "cannons"; empty: the whole of ``which``

    @property
    def region(self) -> str:
        """What the table frames: the kind and which one, without the exact part."""
        return f"{self.kind}:{self.which}" if self.which else self.kind

    @property
    def number(self) -> int:
        """A numbered part's number ("rank2": 2); 0 when the part has none."""
        match = _NUMBERED.fullmatch(self.part)
        return int(match.group(2)) if match else 0


def split_target(board: str) -> Target:
    """``board`` cut at its colons, unchecked (``parse_target`` checks it)."""
    kind, which, part = [*board.split(":", 2), "", ""][:3]
    return Target(kind, which, part)


@functools.cache
def board_words(game: str) -> Mapping[str, Mapping[str, Any]]:
    """A game's ``_targets.toml``: each kind with its ``which`` (words, "player" or "learner")
    and its ``parts`` (words; one ending in "#" takes a number from 1: "rank#" is "rank1",
    "rank2"…), which a refusal calls by ``part`` ("card"; "part" by default). Empty when the
    game has none."""
    for folder in package_dirs(get_game(game).NAME):
        path = folder / "lessons" / TARGETS_FILE
        if path.is_file():
            return tomllib.loads(path.read_text(encoding="utf-8"))
    return {}


def _part_problem(part: str, parts: list[str], noun: str = "part") -> str:
    numbered = _NUMBERED.fullmatch(part)
    if part in parts or (numbered and numbered.group(1) + "#" in parts):
        return ""
    said = ", ".join(p.replace("#", " and its number ('" + p[:-1] + "1')") if p.endswith("#")
                     else repr(p) for p in parts)
    return f"the {noun} is one of {said}, not {part!r}"


def _which_problem(which: str, allowed: Any, kind: str, players: tuple[str, ...],
                   seat: int) -> str:
    if allowed == LEARNER:
        learner = players[seat] if 0 <= seat < len(players) else "?"
        return "" if which == learner else \
            f"the {kind} on screen is the learner's, {learner}, not {which!r}"
    words = list(players) if allowed == PLAYER else [str(w) for w in allowed]
    if which in words:
        return ""
    mine = "a player's: " if allowed == PLAYER else ""
    return f"the {kind} is {mine}one of {', '.join(words)}, not {which!r}"


def parse_target(board: str, game: str, players: tuple[str, ...] = (), seat: int = 0) -> Target:
    """``board`` as a ``Target`` of ``game``'s table, whose learner is ``players[seat]``;
    ``ValueError`` saying what is wrong (an unknown kind, which one or part, or one given where
    the kind takes none)."""
    kind, which, part, *extra = [*board.split(":"), "", ""]
    if any(extra):
        raise ValueError(f"board {board!r}: at most kind:which:part")
    kinds = board_words(game)
    if kind not in kinds:
        if kind not in SHARED:
            known = ", ".join(sorted({*kinds, *SHARED}))
            raise ValueError(f"board {board!r}: no part of the table is called {kind!r} "
                             f"({known})")
        words: Mapping[str, Any] = {}
    else:
        words = kinds[kind]
    if (which and "which" not in words) or (part and "parts" not in words):
        raise ValueError(f"board {board!r}: {kind!r} is named whole, with nothing after it")
    if part and not which:
        raise ValueError(f"board {board!r}: say which {kind} before its part")
    problem = _which_problem(which, words["which"], kind, players, seat) if which else ""
    if not problem and part:
        problem = _part_problem(part, list(words["parts"]), str(words.get("part", "part")))
    if problem:
        raise ValueError(f"board {board!r}: {problem}")
    return Target(kind, which, part)
