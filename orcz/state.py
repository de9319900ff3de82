"""The immutable Orcz game state.

Cards are indices into ``data.CARDS``; a player's hand and spent heroes are bit masks over those
indices, so that hands hash fast (legal ranks are cached per hand) and copy for free.
"""

from __future__ import annotations

from typing import NamedTuple

from common.events import Event
from common.log import Log, events
from common.rng import Rng

NO_CARD = -1  # a card beaten in a fight has gone back behind its owner's screen
BANK = -1  # the payer or payee of a payment to or from the bank

# The records below are named tuples: immutable like frozen dataclasses, and several times faster
# to build, which matters because every step of a game builds a few. The hottest rules build them
# with ``make`` (common/draft.py).


class Rank(NamedTuple):
    """Two cards of one owner side by side; ``down`` is 0 when the left card is face down."""

    owner: int
    left: int
    right: int
    down: int
    revealed: bool = False

    @property
    def cards(self) -> tuple[int, int]:
        return self.left, self.right

    def face_down_card(self) -> int:
        """The card still hidden from the table, or ``NO_CARD`` once revealed."""
        if self.revealed:
            return NO_CARD
        return self.left if self.down == 0 else self.right


class Field(NamedTuple):
    """One battlefield: its enemy, its stack, and the orc column in front of it.

    ``column`` runs from the vanguard (index 0) to the rear rank (last). During the fights, ranks
    that held or were set aside move to ``aside``; both fight the enemy together.
    """

    enemy: str | None
    stack: tuple[str, ...]
    defeated: int = 0
    column: tuple[Rank, ...] = ()
    aside: tuple[Rank, ...] = ()

    @property
    def cleared(self) -> bool:
        return self.enemy is None and not self.stack


DEPLOY, FIGHT, HAND_OUT, IMPOSE, OVER = "deploy", "fight", "hand_out", "impose", "over"


class Pending(NamedTuple):
    """The decision the game waits for: who decides, what, and on which battlefield."""

    kind: str
    seat: int
    battlefield: int = -1
    amount: int = 0
    candidates: tuple[int, ...] = ()


class State(NamedTuple):
    players: tuple[str, ...]
    challenge_rule: bool
    rng: Rng
    round: int
    rounds: int
    first: int
    event: str | None
    event_pile: tuple[str, ...]
    fields: tuple[Field, ...]
    hands: tuple[int, ...]
    spent: tuple[int, ...]
    goblins: tuple[int, ...]
    bank: int  # goblins paid into the bank minus those it paid out (O-R3: it never runs out)
    turn: int  # deployment turns taken this round, 0 .. 5 × players
    order: tuple[int, ...]  # battlefields still to resolve this round, the current one first
    pending: Pending
    scouted: tuple[frozenset[tuple[int, int]], ...]  # per seat: (owner, card) peeked this round
    challenged: bool  # the current deployment turn has already been challenged
    orders: tuple[tuple[int, ...], ...]  # resolution orders fixed by the set-up, per round
    # The log as linked chunks, (earlier chunks, records of one apply), () when empty: appending
    # shares the earlier log instead of copying it at every step, and ``log`` reads it flat.
    # The chain is one link per apply (a few hundred at most in a game), shallow enough for
    # recursive hash, ==, repr and pickle. Flattening it now and then was tried: it costs more
    # (in garbage-collector work) than it saves. A record is one tuple per event (see
    # common.events.EventKind); ``log`` turns them into Events.
    history: Log

    @property
    def log(self) -> tuple[Event, ...]:
        return events(self.history)

    @property
    def seat_count(self) -> int:
        return len(self.players)


