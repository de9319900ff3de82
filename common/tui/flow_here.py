"""The seats at this terminal: every seat at one terminal; at a host's terminal (``hotseat
host`` with seats at the host's own terminal) its own seats, the remote ones playing at theirs.

The table's holder (``common.tui.holder``) knows which seats are here, so that one rule still
decides who holds the terminal; these are the flow's questions about them."""

from __future__ import annotations

from collections.abc import Collection

from common.tui.holder import Holder
from common.tui.table_api import Table


def people_here(table: Table) -> list[int]:
    """The persons at this terminal (computer players are not)."""
    session, holder = table.session, table.holder
    return [s for s in range(len(session.players)) if holder.here(s) and not session.is_bot(s)]


def play_here(table: Table, seats: Collection[int]) -> None:
    """Only ``seats`` play at this terminal: the table's holder knows them (no other seat ever
    holds it), and the one person among them, if one, holds it from the start."""
    session = table.session
    table.holder = Holder(len([s for s in seats if not session.is_bot(s)]), seats)
    people = people_here(table)
    if len(people) == 1:
        table.holder.alone(people[0])


def seat_now(table: Table) -> int | None:
    """The seat this terminal plays for now: the first one to act that is here (None: only
    seats of other terminals are to act)."""
    return next((s for s in table.session.to_act() if table.holder.here(s)), None)


def wait_for_others(table: Table) -> None:
    """Only seats of other terminals are to act: the one person here keeps their own panel with
    nothing to choose; several people, the public table, held by nobody (the status line says
    whom the game waits for)."""
    table.picker = None
    table.public_seat = table.offer = None
    table.message = ""
    people = people_here(table)
    if len(people) == 1 and table.holder.alone(people[0]):
        table.viewer = people[0]
        view = table.session.view(people[0])
        table.refresh_all(view)
        table.game.on_waiting(view)
        return
    table.hide_private()
    table.holder.release()
    table.game.on_waiting(table.session.view(None))


__all__ = ["people_here", "play_here", "seat_now", "wait_for_others"]
