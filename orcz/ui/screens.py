"""The Orcz table's screen: the shared table (``common.tui.table``) with Orcz's part
(``orcz.ui.game.OrczGame``) and the Orcz keys. The screen owns the keys (Textual finds a key's
action on the screen); each action hands the key to the part that knows what it means."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from common.session import GameSession
from common.tui.flow import Flow
from common.tui.flow_api import TableFlow
from common.tui.table import TableScreen
from orcz.ui.bindings import GAME_BINDINGS, NOTHING_BINDING
from orcz.ui.game import OrczGame
from orcz.ui.picker import DeployPicker, FightPicker, SplitPicker
from orcz.ui.scout import ScoutScreen


class OrczTable(TableScreen):
    """The shared table with Orcz's part (``orcz``) and its keys."""

    BINDINGS: ClassVar[list[Any]] = [*GAME_BINDINGS, NOTHING_BINDING]

    def __init__(self, session: GameSession, *, review: bool = False,
                 flow: Callable[[TableScreen], TableFlow] = Flow) -> None:
        super().__init__(session, OrczGame, review=review, flow=flow)
        self.orcz = cast(OrczGame, self.game)  # the part made just above

    # ---- a picker's shortcuts: the same pick as its row

    def action_fight(self, which: str) -> None:
        if isinstance(self.picker, FightPicker):
            self.flow.handle_pick(self.picker.pick(0 if which == "attack" else 1))

    def action_nothing(self) -> None:
        if isinstance(self.picker, SplitPicker):
            self.flow.handle_pick(self.picker.nothing())

    def action_side(self, side: str) -> None:
        picker = self.picker
        if isinstance(picker, DeployPicker) and picker.step == "down":
            self.flow.handle_pick(picker.pick(0 if side == "left" else 1))

    # ---- out of turn: the scout, any player with one, whenever allowed; the orc challenge

    def action_scout(self) -> None:
        self.orcz.out_of_turn("scout")

    def action_challenge(self) -> None:
        self.orcz.clock.challenge()


__all__ = ["OrczTable", "ScoutScreen"]
