"""Which part of a seat's decision the whole table may see (``common.offer``).

The rules make every decision after the placing of ranks an announcement: the rear rank's
player announces an attack or a hold (« le joueur annonce… »), and the strongest player announces
how the secondary reward is handed out or the secondary penalty imposed. What may be chosen
follows from public facts alone: a fight always offers attack and hold; a split offers every way
to share the enemy's secondary value among the seats that fought (or every other seat, for a
penalty), whatever anyone's goblins, since a payer short of goblins pays what they have (O-R3).
So these are taken at the public table, with no curtain.

Placing a rank is secret (a card goes face down, from behind the screen): wholly behind the
seat's curtain. A scout is a private look, played out of turn through its own key, never offered
on the public table.
"""

from __future__ import annotations

from common.offer import PRIVATE, Offer
from orcz.options import decisions, to_act
from orcz.state import FIGHT, HAND_OUT, IMPOSE, State

ANNOUNCED = (FIGHT, HAND_OUT, IMPOSE)  # the decisions the rules have announced aloud


def offer(state: State, seat: int) -> Offer:
    """``secret`` stays True for an announcement: the seat may want to look at its own hidden
    cards (and goblins) first, behind its curtain (the ``o`` key); what it announces is public."""
    if seat not in to_act(state):
        return Offer((), False)
    if state.pending.kind not in ANNOUNCED:
        return PRIVATE
    return Offer(tuple(decisions(state)), True)  # scouts aside: each has its own key


__all__ = ["ANNOUNCED", "offer"]
