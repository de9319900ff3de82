"""A French line never starts with a lone ":", ";", "!" or "?": the typography puts a no-break
space before them (common.i18n.typeset) and the app's wrapping never breaks there
(common/tui/nobreak.py), in Textual's own wrap and in Rich's."""

from __future__ import annotations

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
