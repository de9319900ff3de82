"""What the shell needs from Orcz besides the engine contract (``common.registry.GameEntry``),
found through the ``hotseat.games`` entry point that ``pyproject.toml`` names."""

from __future__ import annotations

from typing import Any

from common.registry import Figures, GameEntry, RuleDocs


class Rounds:
    """For ``hotseat simulate``: each round's first player, and the goblins each seat won or
    lost in it (common.simulate.StageWatch)."""

    def __init__(self, state: Any) -> None:
        self.firsts: list[int] = [state.first]
        self.gains: list[tuple[int, ...]] = []
        self.round, self.start = state.round, state.goblins

    def after(self, state: Any) -> None:
        over = state.pending.kind == "over"
        if state.round != self.round or over:
            self.gains.append(tuple(g - s for g, s in zip(state.goblins, self.start, strict=True)))
            self.round, self.start = state.round, state.goblins
            if not over:
                self.firsts.append(state.first)


GAME = GameEntry(
    name="orcz",
    core="orcz",
    ui="orcz.ui",
    words="orcz.ui.story:describe",
    docs=RuleDocs("O", "orcz-rules.md", "rulings.md"),
    figures=Figures("goblins", stage="round", stages="orcz.game:Rounds",
                    nobody_won="collective defeat"),
    openspiel="python_hotseat_orcz",
    bots="orcz.bot",
    sampler="orcz.sample",
)
