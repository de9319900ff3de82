"""The part of the board a lesson step is about, as its ``board`` names it: ``kind``, then which
one (``:which``), then the exact card or section in it (``:part``), e.g. "battlefield:urth",
"battlefield:urth:rank2" (the second rank from the front), "battlefield:urth:enemy",
"ship:Anne:cannons", "island:6". The region ("battlefield:urth", "ship:Anne") is framed; the
exact part is marked inside it (``common.tui.learn_mark``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

# A game's words for the parts of its board, checked against its data by the lesson tests.
ORCZ_FIELDS = ("lothari", "urth", "falladir", "thirst")
PIRATE_SECTIONS = ("hull", "sails", "crew", "cannons")
PIRATE_ISLANDS = tuple(str(n) for n in range(1, 8))

_RANK = re.compile(r"rank([1-9][0-9]?)")

# parts every table has (``TableScreen.highlight_target``)
_SHARED = ("hand", "panel", "status", "log")


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
    def rank(self) -> int:
        """An Orcz rank's position from the front (1-based); 0 when the part is no rank."""
        match = _RANK.fullmatch(self.part)
        return int(match.group(1)) if match else 0


def _one_of(words: tuple[str, ...], what: str) -> Callable[[str], str]:
    def check(word: str) -> str:
        return "" if word in words else f"{what} is one of {', '.join(words)}, not {word!r}"
    return check


def _orcz_part(part: str) -> str:
    if part == "enemy" or _RANK.fullmatch(part):
        return ""
    return f"a battlefield's part is 'enemy' or 'rank' and its number from the front " \
           f"('rank1'), not {part!r}"


# kind -> (how ``which`` is checked, how ``part`` is checked); None: it takes none. A ship's
# ``which`` (a player's name) is checked against the lesson's players.
_PLAYER = "player"
Rule = tuple[Callable[[str], str] | str | None, Callable[[str], str] | None]
_GAMES: Mapping[str, Mapping[str, Rule]] = {
    "orcz": {
        "battlefield": (_one_of(ORCZ_FIELDS, "a battlefield"), _orcz_part),
        **{kind: (None, None) for kind in ("battlefields", "event", "players", "round",
                                           "enemies", "goblins")},
    },
    "pirates": {
        "ship": (_PLAYER, _one_of(PIRATE_SECTIONS, "a ship's section")),
        "island": (_one_of(PIRATE_ISLANDS, "an island"), None),
        **{kind: (None, None) for kind in ("islands", "map", "ships", "players", "mats",
                                           "combat", "month", "phase")},
    },
}


def split_target(board: str) -> Target:
    """``board`` cut at its colons, unchecked (``parse_target`` checks it)."""
    kind, which, part = [*board.split(":", 2), "", ""][:3]
    return Target(kind, which, part)


def parse_target(board: str, game: str, players: tuple[str, ...] = ()) -> Target:
    """``board`` as a ``Target`` of ``game``'s table; ``ValueError`` saying what is wrong (an
    unknown kind, battlefield, island, section or player, a part where none is taken)."""
    kind, which, part, *extra = [*board.split(":"), "", ""]
    if any(extra):
        raise ValueError(f"board {board!r}: at most kind:which:part")
    rules = _GAMES.get(game, {})
    if kind in _SHARED:
        if which:
            raise ValueError(f"board {board!r}: {kind!r} is named whole, with nothing after it")
        return Target(kind)
    if kind not in rules:
        known = ", ".join(sorted({*rules, *_SHARED}))
        raise ValueError(f"board {board!r}: no part of the table is called {kind!r} ({known})")
    check_which, check_part = rules[kind]
    if (which and check_which is None) or (part and check_part is None):
        raise ValueError(f"board {board!r}: {kind!r} is named whole, with nothing after it")
    if part and not which:
        raise ValueError(f"board {board!r}: say which {kind} before its part")
    if check_which == _PLAYER:
        problem = "" if which in players or not which else \
            f"a ship is a player's: one of {', '.join(players)}, not {which!r}"
    else:
        problem = check_which(which) if callable(check_which) and which else ""
    if not problem and part and check_part is not None:
        problem = check_part(part)
    if problem:
        raise ValueError(f"board {board!r}: {problem}")
    return Target(kind, which, part)
