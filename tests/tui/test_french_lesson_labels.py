"""Two French labels a lesson shows at 80×24, short enough to be read whole: the placing
prompt in the secret panel (36 cells at 80 columns) and the lesson's keys on its one-line bar."""

from __future__ import annotations

from rich.cells import cell_len

from common.i18n import _, set_language
from common.tui.keybar import key_line
from tests.orcz.test_orcz_ui_text import full_hand_picker

PANEL = 36  # the secret panel's inner width at 80 columns


def test_the_french_placing_prompt_fits_the_panel_at_80_columns() -> None:
    # "Placer un rang : choisissez un champ de bataille" was cut to "choisissez un…"
    set_language("fr")
    prompt = full_hand_picker().prompt()
    assert prompt != "Place a rank: choose a battlefield"
    assert cell_len(prompt) <= PANEL, prompt


def test_a_read_steps_french_key_bar_shows_replay_and_step_back_whole() -> None:
    # "^r Reprendre l'étape … F1 Aide" read as a cut label, and left out the step back
    set_language("fr")
    pairs = [("↑↓←→", _("Move"), False), ("Entrée", _("Continue"), False),
             ("^r", _("Replay step"), False), ("^b", _("Step back"), False),
             ("^o", _("Other seat's view"), False), ("^x", _("Leave"), False),
             ("F1", _("Help"), True)]
    line = key_line(pairs, 80, frozenset({"F1"})).plain
    assert f"^r {_('Replay step')} ^b {_('Step back')} " in line, line
