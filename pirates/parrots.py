"""The parrots (§8): one drawn goes on the mat at once; a hit on the section it advises wounds it,
a second kills it; it heals at the next island effects. A second parrot drawn (P-R17): swap it in
for 1 fame, or keep the old one; whichever is left goes back into the Tavern deck. (What each
parrot does is with the rule it changes.)"""

from __future__ import annotations

from functools import lru_cache

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, ParrotChoice
from pirates.draft import DraftCore
from pirates.state import NOBODY, PLUNDER, State


class ParrotsRules(DraftCore):
    def take_card(self, seat: int, card: int) -> None:
        spec = D.TAVERN[card]
        if spec.kind != D.PARROT:
            super().take_card(seat, card)
            return
        # Parrots work as soon as drawn.
        self.emit(E.PARROT_DRAWN.record(seat=seat, card=spec.effect))
        if self.ships[seat].parrot == NOBODY:
            self.set_ship(seat, parrot=card, parrot_wounded=False)
        else:  # the seat decides: parrot_options
            self.parrots = (*self.parrots, (seat, card))

    def hit_parrot(self, seat: int) -> None:
        """A hit on the section the parrot advises: it is wounded, then killed."""
        ship = self.ships[seat]
        if ship.parrot_wounded:
            self.kill_parrot(seat)
            return
        self.set_ship(seat, parrot_wounded=True)
        self.emit(E.PARROT_WOUNDED.record(seat=seat, card=D.TAVERN[ship.parrot].effect))

    def kill_parrot(self, seat: int) -> None:
        ship = self.ships[seat]
        self.discard((ship.parrot,))
        self.emit(E.PARROT_KILLED.record(seat=seat, card=D.TAVERN[ship.parrot].effect))
        self.set_ship(seat, parrot=NOBODY, parrot_wounded=False)
        self.add_fame(seat, -D.DEAD_PARROT_FAME)

    def heal_parrot(self, seat: int) -> None:
        """A wounded parrot heals when its ship's island effects begin."""
        if self.ships[seat].parrot_wounded:
            self.set_ship(seat, parrot_wounded=False)
            self.emit(E.PARROT_HEALED.record(seat=seat))


@lru_cache(maxsize=16)
def parrot_options(seat: int, can_pay: bool) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (ParrotChoice(seat, False),)
    return (ParrotChoice(seat, True), *keep) if can_pay else keep


def _parrot_refusal(state: State, a: ParrotChoice) -> Refusal:
    fame = state.ships[a.seat].fame
    if a.swap and fame < D.PARROT_SWAP_FAME:
        return IllegalAction(f"swapping parrots costs {D.PARROT_SWAP_FAME} fame and you have "
                             f"{fame}: keep the old one", "parrot-swap-unaffordable",
                             {"cost": D.PARROT_SWAP_FAME, "fame": fame})
    return None


def _h_parrot(d: ParrotsRules, a: ParrotChoice) -> None:
    seat, card = d.parrots[0]
    d.parrots = d.parrots[1:]
    ship = d.ships[seat]
    if a.swap:
        old = ship.parrot
        d.set_ship(seat, parrot=card, parrot_wounded=False)
        d.add_fame(seat, -D.PARROT_SWAP_FAME)
        d.return_to_deck(old)
        d.emit(E.PARROT_SWAPPED.record(seat=seat, card=D.TAVERN[card].effect,
                                      old=D.TAVERN[old].effect))
    else:
        d.return_to_deck(card)
        d.emit(E.PARROT_KEPT.record(seat=seat, card=D.TAVERN[card].effect))
    if not d.parrots and d.phase == PLUNDER:
        d.run_plunder()


# Phases do not apply: a parrot decision comes first in whatever phase it arises.
RULES: dict[type, Rule] = {ParrotChoice: Rule((), None, _parrot_refusal, _h_parrot)}
