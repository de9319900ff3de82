"""A French line never starts with a lone ":", ";", "!" or "?": the typography puts a no-break
space before them (common.i18n.typeset) and the app's wrapping never breaks there
(common/tui/nobreak.py), in Textual's own wrap and in Rich's."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from rich.console import Console
from rich.text import Text
from textual._wrap import compute_wrap_offsets

import common.tui.app  # noqa: F401  (the app installs the wrapping that keeps no-break spaces)
from common import i18n

TEXTS = [
    "La partie est terminée : Hélène est le pirate le plus célèbre !",
    "Abordage : jouez une carte ou passez ; Entrée : valider, Échap : revenir ?",
    "« Astuces en partie » du menu les remet : oui ou non ?",
]


def lines_textual(text: str, width: int) -> list[str]:
    cuts = [0, *compute_wrap_offsets(text, width, 4), len(text)]
    return [text[a:b].strip(" ") for a, b in pairwise(cuts) if b > a]


def lines_rich(text: str, width: int) -> list[str]:
    return [line.plain.strip(" ") for line in Text(text).wrap(Console(width=width), width)]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("wrap", [lines_textual, lines_rich], ids=["textual", "rich"])
def test_no_french_line_starts_with_a_lone_sign(text: str, wrap: object) -> None:
    french = i18n.typeset(text)
    assert callable(wrap)
    for width in range(12, len(french) + 1):
        starts = [line for line in wrap(french, width) if line[:1] in ":;!?»"]
        assert starts == [], (width, starts)


def test_without_the_no_break_space_a_lone_sign_would_start_a_line() -> None:
    """The check sees the fault: an ordinary space lets "!" start a line."""
    text = "Hélène est le pirate le plus célèbre !"
    assert any(line.startswith("!") for width in range(12, len(text))
               for line in lines_textual(text, width))


def _splits_a_number(lines: list[str]) -> list[tuple[str, str]]:
    """Line ends that part a number from its word: "… 3" then "coffres …", or "… dés" then
    "5 2 1, …" (words are split at breaking spaces only, as the app wraps)."""
    found = []
    for before, after in pairwise(lines):
        ends, starts = re.split(r"[^\S\u00a0]+", before.strip()), re.split(r"[^\S\u00a0]+",
                                                                          after.strip())
        last, first = ends[-1], starts[0]
        if (last.isdigit() and first[:1].isalpha()) or (
                last[-1:].isalpha() and first.rstrip(",.").isdigit()):
            found.append((before, after))
    return found


@pytest.mark.parametrize("wrap", [lines_textual, lines_rich], ids=["textual", "rich"])
def test_a_french_log_line_never_parts_a_number_from_its_word(wrap: object) -> None:
    """A volley of Pirate's Cove's log, worded in French as the log panel shows it, at every
    width down to 12 columns: a line never ends on "dés" with its dice below, nor on "1" with
    "coup" below (they were, at 80×24, in the log panel's column)."""
    from common.events import Event
    from pirates.ui import log_words

    assert callable(wrap)
    i18n.set_language("fr")
    volley = Event("volley", (("seat", 0), ("ship", 0), ("target", 1), ("section", "sails"),
                              ("cards", ()), ("dice", (5, 2, 1)), ("hits", 1))).as_dict()
    line = log_words.describe(volley, ("Hélène", "Bruno"))
    assert line.replace(i18n.NBSP, " ") == (
        "Hélène tire sur Bruno (voiles) : dés 5 2 1, 1 coup au but.")
    for width in range(12, len(line) + 1):
        assert _splits_a_number(wrap(line, width)) == [], width
    buried = log_words.gold(3) + " " + log_words.chests(2)
    for width in range(6, len(buried)):
        assert _splits_a_number(wrap(buried, width)) == [], width


def test_without_the_rule_a_number_would_end_a_line_apart_from_its_word() -> None:
    """The check sees the fault: ordinary spaces let "dés" end a line above its dice."""
    text = "Hélène tire sur Bruno (voiles) : dés 5 2 1, 1 coup au but."
    assert any(_splits_a_number(lines_textual(text, width)) for width in range(12, len(text)))
