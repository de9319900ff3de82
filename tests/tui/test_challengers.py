"""Orcz's orc challenge at the table: who may be named as the challenger."""

from __future__ import annotations

from pathlib import Path

from common.session import GameSession
from common.tui.table import table_for
from orcz.ui.screens import OrczTable


def test_only_people_are_offered_as_challengers(tmp_path: Path) -> None:
    """Orcz's orc challenge: a computer player never presses a key, so "Who challenges?" lists
    the people at the table other than the slow one."""
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid", "Dee"], 7, {"orc_challenge": True},
                              path=tmp_path / "game.json", bots=[None, "normal", None, None])
    table = table_for(session)
    assert isinstance(table, OrczTable)
    slow = session.view(None)["pending"]["seat"]
    people = [s for s in range(4) if s not in (slow, 1)]
    assert table.orcz.clock.people_challenging(slow) == people
    assert table.orcz.clock.challengers(slow) == sorted([*people, 1])
