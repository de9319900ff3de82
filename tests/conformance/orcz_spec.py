"""How Orcz plugs into the generic conformance suite: its invariants."""

from __future__ import annotations

import orcz
from common.conformance import Spec
from orcz import data as D
from orcz.rules import START_GOBLINS
from orcz.state import NO_CARD, State


def orcz_invariants(state: State) -> None:
    # Goblins are conserved with the bank (O-R3: the bank's balance may go negative).
    conserved = sum(state.goblins) + state.bank == START_GOBLINS * state.seat_count
    assert conserved, "goblins not conserved"
    assert all(g >= 0 for g in state.goblins), "a player owes goblins"
    # Every card of every player is in exactly one place: screen, table or spent.
    for seat in range(state.seat_count):
        on_table = 0
        for field in state.fields:
            for rank in (*field.column, *field.aside):
                if rank.owner != seat:
                    continue
                for card in rank.cards:
                    if card != NO_CARD:
                        assert not on_table >> card & 1, "a card is on the table twice"
                        on_table |= 1 << card
        hand, spent = state.hands[seat], state.spent[seat]
        assert hand & on_table == 0 and hand & spent == 0 and on_table & spent == 0, (
            "a card is in two places"
        )
        assert hand | on_table | spent == D.ALL_CARDS, "a card vanished"
        assert spent & D.TROOPS == 0, "a troop was spent"
    # Enemies: each battlefield keeps players - 1 enemies in all (in stack, in place, defeated).
    for field in state.fields:
        assert len(field.stack) + (field.enemy is not None) + field.defeated == state.seat_count - 1


def spec(**options: object) -> Spec:
    return Spec(game=orcz, player_counts=(2, 3, 4), invariants=orcz_invariants,
                options=dict(options))
