"""What the shell needs from Pirate's Cove besides the engine contract
(``common.registry.GameEntry``), found through the ``hotseat.games`` entry point that
``pyproject.toml`` names."""

from __future__ import annotations

from common.registry import Figures, GameEntry, RuleDocs

GAME = GameEntry(
    name="pirates",
    core="pirates",
    ui="pirates.ui",
    words="pirates.ui.log_words:describe",
    docs=RuleDocs("P", "pirates-rules.md", "pirates-rulings.md"),
    figures=Figures("fame"),  # no stages of their own order: the places of the standings
    openspiel="python_hotseat_pirates",
    bots="pirates.bot",
    sampler="pirates.sample",
)
