"""Players' names as typed on the command line or the new-game form."""

from __future__ import annotations

from common.bots import DEFAULT_LEVEL, LEVELS, game_bots
from common.codec import unsafe_character
from common.engine import MAX_NAME_LENGTH, GameModule
from common.i18n import _, language, ngettext, quoted
from common.levels import level_of, level_word, levels_words
from common.names import name_problem, skeleton, visible

MAX_NAME = MAX_NAME_LENGTH  # characters: a name must fit a curtain, a mat and the log
MAX_SEED = 2**64 - 1
MAX_BOTS = 8  # more than any game seats
__all__ = ["bot_names", "name_problem", "parse_bots", "parse_names", "parse_seed", "parse_table",
           "skeleton", "visible"]


def parse_bots(raw: str) -> list[str]:
    """Computer players: a number of ``normal`` ones, or their levels (``hard,normal``)."""
    raw = raw.strip()
    if not raw:
        return []
    if raw.isascii() and raw.isdigit():  # not "²", which str.isdigit() takes for a digit
        if len(raw) > 2 or int(raw) > MAX_BOTS:
            raise ValueError(_("that is more computer players than any game seats (at "
                               "most {count})").format(count=MAX_BOTS))
        return [DEFAULT_LEVEL] * int(raw)
    typed = [x.strip() for x in raw.split(",") if x.strip()]
    wrong = [x for x in typed if level_of(x) is None]
    if wrong:
        raise ValueError(_("a computer player's level is one of {levels} (not {wrong})")
                         .format(levels=levels_words(), wrong=quoted(wrong[0][:MAX_NAME])))
    return [level for x in typed if (level := level_of(x)) is not None]


BOT_NAMES = ("Hal", "Kit", "Max", "Ivy", "Zed", "Uma", "Rex", "Pia")
# A French table seats French names (short, each its own initial: the tags come from them)
BOT_NAMES_BY_LANGUAGE = {"fr": ("Max", "Zoé", "Léo", "Noé", "Ève", "Tom", "Rémi", "Inès")}


def bot_names(count: int, humans: list[str]) -> list[str]:
    """Short names for ``count`` computer players: none a person has, and initials unlike the
    people's where possible (player tags come from initials)."""
    taken = {key for n in humans for key in (skeleton(n), skeleton(n.casefold()))}
    initials = {n[:1].casefold() for n in humans}
    offered = BOT_NAMES_BY_LANGUAGE.get(language(), BOT_NAMES)
    free = [n for n in offered if not {skeleton(n), skeleton(n.casefold())} & taken]
    free.sort(key=lambda n: n[:1].casefold() in initials)  # stable: unlike initials first
    return free[:count]


def parse_table(
    raw_names: str, raw_bots: str, core: GameModule
) -> tuple[list[str], list[str | None]]:
    """The players (people first, then computer players) and each seat's bot level or None."""
    levels = parse_bots(raw_bots)
    offered = game_bots(core.NAME).levels if levels else LEVELS
    wrong = next((level for level in levels if level not in offered), None)
    if wrong is not None:
        raise ValueError(_("{game} has no {level} computer players: its levels are {levels}")
                         .format(game=_(core.TITLE), level=level_word(wrong),
                                 levels=levels_words(offered)))
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
        bots = ngettext(" (with {count} computer player)", " (with {count} computer players)",
                        extra).format(count=extra) if extra else ""
        raise ValueError(_("{game} is for {low} to {high} players{bots}: type the names of the "
                           "people playing, separated by commas, e.g. Ann,Bob,Cid")
                         .format(game=_(core.TITLE), low=low, high=high, bots=bots))
    long = next((n for n in names if len(n) > MAX_NAME), None)
    if long is not None:
        raise ValueError(_("a name may have at most {count} characters ({name}… is longer)")
                         .format(count=MAX_NAME, name=long[:MAX_NAME]))
    if any(unsafe_character(n) for n in names):  # emoji and any printable letter are welcome
        raise ValueError(_("a name may not hold control characters"))
    problem = name_problem(names)  # the rule a save's names meet too (common.names)
    if problem:
        raise ValueError(problem)
    return names


def parse_seed(raw: str) -> int:
    """A seed as typed: a whole number from 0 to 2**64 - 1; ``ValueError`` with a reason a
    player can read."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(MAX_SEED)) \
            or int(raw) > MAX_SEED:
        raise ValueError(_("the seed must be a whole number from 0 to {max}").format(max=MAX_SEED))
    return int(raw)
