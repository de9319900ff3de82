"""A second parrot drawn (§8, P-R17): swap it in for 1 fame, or keep the old one; whichever is
left goes back into the Tavern deck. (What each parrot does is with the rule it changes.)"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from common.errors import IllegalAction
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, ParrotChoice
from pirates.legality import Refusal, Rule
from pirates.state import PLUNDER, State

if TYPE_CHECKING:
    from pirates.month import Draft


@lru_cache(maxsize=16)
def parrot_options(seat: int, can_pay: bool) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (ParrotChoice(seat, False),)
    return (ParrotChoice(seat, True), *keep) if can_pay else keep


def _parrot_refusal(state: State, a: ParrotChoice) -> Refusal:
    fame = state.ships[a.seat].fame
    if a.swap and fame < D.PARROT_SWAP_FAME:
        return IllegalAction(f"swapping parrots costs {D.PARROT_SWAP_FAME} fame and you have "
                             f"{fame}: keep the old one", "parrot-swap-unaffordable")
    return None


def _h_parrot(d: Draft, a: ParrotChoice) -> None:
    seat, card = d.parrots[0]
    d.parrots = d.parrots[1:]
    ship = d.ships[seat]
    if a.swap:
        old = ship.parrot
        d.set_ship(seat, parrot=card, parrot_wounded=False)
        d.add_fame(seat, -D.PARROT_SWAP_FAME)
        d.return_to_deck(old)
        d.emit(E.PARROT_SWAPPED, seat=seat, card=D.TAVERN[card].id, old=D.TAVERN[old].id)
    else:
        d.return_to_deck(card)
        d.emit(E.PARROT_KEPT, seat=seat, card=D.TAVERN[card].id)
    if not d.parrots and d.phase == PLUNDER:
        d.run_plunder()


# Phases do not apply: a parrot decision comes first in whatever phase it arises.
RULES: dict[type, Rule] = {ParrotChoice: Rule((), None, _parrot_refusal, _h_parrot)}
