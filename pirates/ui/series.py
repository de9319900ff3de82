"""Pirate's Cove's chart at the end of a game: each captain's fame, month by month, and the
fame cards revealed at the end."""

from __future__ import annotations

from common.i18n import _, pgettext
from common.tui.gameui import ScoreSeries
from pirates import event_kinds as E
from pirates.view_types import Entry


def fame_series(log: list[Entry], seats: int) -> ScoreSeries | None:
    """The fame on the mats at the end of each month (the ``month_end`` entries), then with the
    fame cards revealed at the end of the game."""
    rows: list[list[int]] = [[0] for _ in range(seats)]
    labels = [pgettext("chart", "start")]
    cards = [0] * seats
    revealed = False
    for entry in log:
        kind = entry.get("kind")
        if kind == E.MONTH_END.name and isinstance(entry.get("fame"), list):
            labels.append(_("month {month}").format(month=entry.get("month")))
            for seat, fame in enumerate(entry["fame"][:seats]):
                rows[seat].append(int(fame))
        elif kind == E.FAME_CARDS.name and isinstance(entry.get("seat"), int):
            cards[entry["seat"]] += int(entry.get("fame") or 0)
            revealed = True
    if len(labels) < 2:
        return None  # not one month over: nothing to draw
    if revealed:
        labels.append(_("fame cards"))
        for seat in range(seats):
            rows[seat].append(rows[seat][-1] + cards[seat])
    return ScoreSeries(_("Fame, month by month"), labels, rows)
