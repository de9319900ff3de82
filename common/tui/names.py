"""Players' names as typed on the command line or the new-game form."""

from __future__ import annotations

from common.codec import unsafe_character
from common.engine import GameModule
from common.registry import GAMES

MAX_NAME = 24  # characters: a name must fit a curtain, a mat and the log
MAX_SEED = 2**64 - 1
MAX_BOTS = 8  # more than any game seats


def parse_bots(raw: str) -> list[str]:
    """Computer players: a number of ``normal`` ones, or their levels (``hard,normal``)."""
    from common.bots import DEFAULT_LEVEL, LEVELS

    raw = raw.strip()
    if not raw:
        return []
    if raw.isascii() and raw.isdigit():  # not "²", which str.isdigit() takes for a digit
        if len(raw) > 2 or int(raw) > MAX_BOTS:
            raise ValueError(f"that is more computer players than any game seats (at most "
                             f"{MAX_BOTS})")
        return [DEFAULT_LEVEL] * int(raw)
    levels = [x.strip().lower() for x in raw.split(",") if x.strip()]
    wrong = [x for x in levels if x not in LEVELS]
    if wrong:
        raise ValueError(f"a computer player's level is one of {', '.join(LEVELS)} "
                         f"(not {wrong[0][:MAX_NAME]})")
    return levels


BOT_NAMES = ("Hal", "Kit", "Max", "Ivy", "Zed", "Uma", "Rex", "Pia")


def bot_names(count: int, humans: list[str]) -> list[str]:
    """Short names for ``count`` computer players: none a person has, and initials unlike the
    people's where possible (player tags come from initials)."""
    taken = {n.casefold() for n in humans}
    initials = {n[:1].casefold() for n in humans}
    free = [n for n in BOT_NAMES if n.casefold() not in taken]
    free.sort(key=lambda n: n[:1].casefold() in initials)  # stable: unlike initials first
    return free[:count]


def parse_table(
    raw_names: str, raw_bots: str, core: GameModule
) -> tuple[list[str], list[str | None]]:
    """The players (people first, then computer players) and each seat's bot level or None."""
    levels = parse_bots(raw_bots)
    if levels and not GAMES[core.NAME].has_bots:
        raise ValueError(f"{core.TITLE} has no computer players yet: leave the bots empty")
    humans = parse_names(raw_names, core, extra=len(levels))
    names = humans + bot_names(len(levels), humans)
    return names, [None] * len(humans) + list(levels)


def parse_names(raw: str, core: GameModule, *, extra: int = 0) -> list[str]:
    """The names in ``raw`` (comma-separated), with ``extra`` computer players to come;
    ``ValueError`` with a reason a player can read."""
    names = [n.strip() for n in raw.split(",")]
    names = [n for n in names if n]
    low, high = core.MIN_PLAYERS, core.MAX_PLAYERS
    if not names or not low <= len(names) + extra <= high:
        bots = f" (with {extra} computer players)" if extra else ""
        raise ValueError(f"{core.TITLE} is for {low} to {high} players{bots}: type the "
                         "names of the people playing, separated by commas, e.g. Ann,Bob,Cid")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("each player needs a different name")
    long = next((n for n in names if len(n) > MAX_NAME), None)
    if long is not None:
        raise ValueError(f"a name may have at most {MAX_NAME} characters "
                         f"({long[:MAX_NAME]}… is longer)")
    if any(unsafe_character(n) for n in names):  # emoji and any printable letter are welcome
        raise ValueError("a name may not hold control characters")
    return names


def parse_seed(raw: str) -> int:
    """A seed as typed: a whole number from 0 to 2**64 - 1; ``ValueError`` with a reason a
    player can read."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(MAX_SEED)) \
            or int(raw) > MAX_SEED:
        raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    return int(raw)
