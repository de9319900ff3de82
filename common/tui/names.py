"""Players' names as typed on the command line or the new-game form."""

from __future__ import annotations

from common.engine import GameModule

MAX_NAME = 24  # characters: a name must fit a curtain, a mat and the log


def parse_names(raw: str, core: GameModule) -> list[str]:
    """The names in ``raw`` (comma-separated); ``ValueError`` with a reason a player can read."""
    names = [n.strip() for n in raw.split(",")]
    names = [n for n in names if n]
    low, high = core.MIN_PLAYERS, core.MAX_PLAYERS
    if not low <= len(names) <= high:
        raise ValueError(f"{core.TITLE} is for {low} to {high} players: type their names "
                         "separated by commas, e.g. Ann,Bob,Cid")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("each player needs a different name")
    long = next((n for n in names if len(n) > MAX_NAME), None)
    if long is not None:
        raise ValueError(f"a name may have at most {MAX_NAME} characters "
                         f"({long[:MAX_NAME]}… is longer)")
    if any(not n.isprintable() for n in names):
        raise ValueError("a name may not hold control characters")
    return names
