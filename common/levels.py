"""The computer players' levels in the words of the language in use.

The levels keep their English names inside (``common.bots.LEVELS``: saves, ``--json``); a
French player reads and may type *hasard*, *normal*, *fort*, and the English names are accepted
in every language, so that a command line written once works whatever the locale.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from common.bots import LEVELS
from common.i18n import pgettext

_WORDS: dict[str, Callable[[], str]] = {
    "random": lambda: pgettext("computer level", "random"),
    "normal": lambda: pgettext("computer level", "normal"),
    "hard": lambda: pgettext("computer level", "hard"),
}


def level_word(level: str) -> str:
    """A level's name in the language in use ("hard" → "fort"); an unknown one as it is."""
    word = _WORDS.get(level)
    return word() if word is not None else level


def levels_words(levels: Iterable[str] = LEVELS) -> str:
    """The levels' names, comma-separated, in the language in use."""
    return ", ".join(level_word(level) for level in levels)


def level_of(raw: str) -> str | None:
    """The level ``raw`` names, in the language in use or in English, or None."""
    wanted = raw.strip().casefold()
    for level in LEVELS:
        if wanted in (level, level_word(level).casefold()):
            return level
    return None
