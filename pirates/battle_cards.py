"""The Battle cards, played in the boarding rounds (§6): Becalmed, Favourable Winds, Grappling
Hooks, Smoke and Overboard; when they may be played and what each puts in force for the whole
combat (the volleys read it, in combat.py)."""

from __future__ import annotations

from typing import Any

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, PlayBattle
from pirates.draft import DraftCore
from pirates.legality import PASS, card_name, fight, holds
from pirates.state import COMBAT, Ship, State


class BattleCardsRules(DraftCore):
    def play_battle(self, seat: int, effect: str, chests: int) -> None:
        """The card is kept in force, in the combat's record, until the combat ends."""
        cb = self.fight()
        card = self.take_from_hand(seat, effect)
        changes: dict[str, Any] = {"battle": (*cb.battle, card), "played": True}
        if effect == D.BECALMED:
            changes["becalmed"] = True
        elif effect == D.WINDS:
            winds = list(cb.winds)
            winds[seat] += D.WINDS_SPEED
            changes["winds"] = tuple(winds)
        elif effect == D.HOOKS:
            changes["hooks"] = True
        elif effect == D.SMOKE:
            changes["smoke"] = cb.smoke | {seat}
        elif effect == D.OVERBOARD:
            over = list(cb.overboard)
            over[seat] += chests
            changes["overboard"] = tuple(over)
            self.set_ship(seat, chests=self.ships[seat].chests - chests)
        self.combat = cb._replace(**changes)
        self.emit(E.BATTLE_CARD.record(seat=seat, card=effect, chests=chests))


def boarding_options(seat: int, ship: Ship) -> tuple[Action, ...]:
    out: list[Action] = [PASS[seat]]
    for effect in D.BATTLE_EFFECTS:
        if not holds(ship, effect):
            continue
        if effect == D.OVERBOARD:
            out.extend(PlayBattle(seat, effect, n) for n in range(1, ship.chests + 1))
        else:
            out.append(PlayBattle(seat, effect))
    return tuple(out)


def _battle_refusal(state: State, a: PlayBattle) -> Refusal:
    if not fight(state).boarding:
        return IllegalAction("Battle cards are played in the boarding rounds, and the volleys "
                             "have begun", "boarding-over")
    if a.card not in D.BATTLE_EFFECTS:
        return IllegalAction(f"{card_name(a.card)} is not a Battle card", "not-a-battle-card")
    chests = state.ships[a.seat].chests
    if a.card != D.OVERBOARD and a.chests:
        return IllegalAction("only Overboard throws chests overboard", "overboard-chests")
    if a.card == D.OVERBOARD and a.chests not in range(1, chests + 1):
        return IllegalAction(f"Overboard throws 1 chest or more, up to the {chests} aboard",
                             "overboard-chests", {"chests": chests})
    return None


def _h_battle(d: BattleCardsRules, a: PlayBattle) -> None:
    d.play_battle(a.seat, a.card, a.chests)
    d.boarding_next(played=True)


RULES: dict[type, Rule] = {PlayBattle: Rule((COMBAT,), None, _battle_refusal, _h_battle)}
