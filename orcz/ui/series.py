"""Orcz's chart at the end of a game: each player's goblins, round by round."""

from __future__ import annotations

from common.i18n import _
from common.tui.gameui import ScoreSeries
from orcz.view import goblins_by_round
from orcz.view_types import Entry


def goblins_series(log: list[Entry], seats: int) -> ScoreSeries | None:
    rows = goblins_by_round(log, seats)
    if len(rows[0]) < 2:
        return None  # not one round over: nothing to draw
    labels = [_("start"), *(_("round {round}").format(round=r) for r in range(1, len(rows[0])))]
    return ScoreSeries(_("Goblins, round by round"), labels, rows)
