"""The resolution and the fights in the column (O-R5 to O-R9): battlefields resolved in order; on
each, the rear rank attacks the rank ahead or holds; wing by wing the cards duel; a champion cancels
a fight, a shaman is skipped; the loser of a fight pays the winner. Also the duel of two cards
(which troop beats which, and the events that suspend it), as a table per event."""

from __future__ import annotations

from functools import cache

from common.draft import make
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from orcz import data as D
from orcz import event_kinds as E
from orcz.actions import Action, Attack, Hold
from orcz.data import CHAMPION_I, SHAMAN_I, SIDES
from orcz.draft import DraftCore, simple_pending
from orcz.state import FIGHT, NO_CARD, Field, Rank, State
from orcz.tables import CARD_ID, EVENT_KIND, FIELD_ID

_CARD_COUNT = len(D.CARDS)


# --------------------------------------------------------------------------- the duel (O-R7, O-R8)

# Which troop type beats which automatically, and the event that suspends that advantage.
_BEATS = {(D.CAVALRY, D.ARCHER): D.HEAVY_GROUND, (D.ARCHER, D.INFANTRY): D.STORM,
          (D.INFANTRY, D.CAVALRY): D.OPEN_GROUND}


def _beats(winner: str, loser: str, event_kind: str) -> bool:
    suspended_by = _BEATS.get((winner, loser))
    return suspended_by is not None and suspended_by != event_kind


def duel(attacker: int, defender: int, event_kind: str) -> int:
    """0 for a tie, 1 when the attacking card wins, 2 when the defending card wins."""
    return _DUELS_BY_KIND[event_kind][attacker * _CARD_COUNT + defender]


def _duel(attacker: int, defender: int, event_kind: str) -> int:
    a, b = D.CARDS[attacker], D.CARDS[defender]
    if _beats(a.kind, b.kind, event_kind):
        return 1
    if _beats(b.kind, a.kind, event_kind):
        return 2
    if a.strength == b.strength:
        return 0
    return 1 if a.strength > b.strength else 2


# Every duel's outcome, at attacker * _CARD_COUNT + defender, per event kind and per event tile.
_DUELS_BY_KIND = {
    kind: tuple(_duel(a, b, kind) for a in range(_CARD_COUNT) for b in range(_CARD_COUNT))
    for kind in ("", *_BEATS.values())  # the events that change a duel, and all the others
}


_DUELS_BY_KIND.update((kind, _DUELS_BY_KIND[""]) for kind in set(EVENT_KIND.values())
                      if kind not in _DUELS_BY_KIND)


DUELS = {event: _DUELS_BY_KIND[kind] for event, kind in EVENT_KIND.items()}


class FightRules(DraftCore):
    """The draft's steps of the resolution and the fights."""

    def begin_resolution(self) -> None:
        order = self.resolution_order()
        self.order = order
        self.emit(E.RESOLUTION_ORDER.record(order=tuple(FIELD_ID[i] for i in order)))
        self.resolve()

    def resolution_order(self) -> tuple[int, ...]:
        live = [i for i, f in enumerate(self.fields) if not f.cleared]
        fixed = self.state.orders
        if self.round <= len(fixed):
            wanted = fixed[self.round - 1]
            return tuple(i for i in wanted if i in live) + tuple(
                i for i in live if i not in wanted
            )
        order, self.rng = self.rng.shuffled(live)
        return order

    def resolve(self) -> None:
        """Run the resolution until a player must decide, or the round ends."""
        while self.order:
            index = self.order[0]
            field = self.fields[index]
            if not field.column:
                if self.battle(index):
                    return
                self.finish_field(index)
                continue
            column = field.column
            rear = column[-1]
            if not rear.revealed:
                rear = self.turned_up(index, len(column) - 1, rear)
            reason = "front" if len(column) == 1 else _cannot_attack(rear)
            if reason:
                self.hold(index, reason, rear)
                continue
            if rear is not column[-1]:  # turned up now: the field keeps it face up
                self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated,
                                                  (*column[:-1], rear), field.aside))
            self.pending = simple_pending(FIGHT, rear.owner, index)
            return
        self.end_round()

    def reveal_in(self, column: list[Rank], index: int, position: int) -> Rank:
        """Turn ``column[position]`` face up in the list itself (the caller builds the Field)."""
        rank = column[position]
        if rank.revealed:
            return rank
        shown = column[position] = self.turned_up(index, position, rank)
        return shown

    def turned_up(self, index: int, position: int, rank: Rank) -> Rank:
        """``rank``, face down at ``position`` on battlefield ``index``, face up (and logged)."""
        hidden = rank.face_down_card()
        if hidden != NO_CARD:
            self.emit(E.REVEALED.record(battlefield=FIELD_ID[index], owner=rank.owner,
                                        rank=position, side=SIDES[rank.down],
                                        card=CARD_ID[hidden]))
        shown: Rank = make(Rank, (rank.owner, rank.left, rank.right, rank.down, True))
        return shown

    def hold(self, index: int, reason: str, rear: Rank | None = None) -> None:
        """The rear rank (``rear``: the same, just turned face up) is set aside for the battle;
        the rank ahead becomes the rear."""
        field = self.fields[index]
        column = field.column
        if rear is None:
            rear = column[-1]
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, column[:-1],
                                          (*field.aside, rear)))
        self.emit(E.HOLD.record(seat=rear.owner, battlefield=FIELD_ID[index], rank=len(column) - 1,
                                reason=reason))

    def attack(self, index: int) -> None:
        field = self.fields[index]
        column = list(field.column)
        aside = list(field.aside)
        attacker = column.pop()
        where = FIELD_ID[index]
        self.emit(E.ATTACK.record(seat=attacker.owner, battlefield=where, rank=len(column)))
        while True:
            if not column:  # O-R9: every rank ahead was a skipped shaman
                aside.append(attacker)
                self.emit(E.HOLD.record(seat=attacker.owner, battlefield=where, rank=0,
                                        reason="nothing_ahead"))
                break
            defender = self.reveal_in(column, index, len(column) - 1)
            if CHAMPION_I in (defender.left, defender.right):  # O-R8: the fight is cancelled
                column.pop()
                aside.extend((attacker, defender))
                self.emit(E.CHAMPION_CANCEL.record(seat=attacker.owner, battlefield=where,
                                                   defender=defender.owner, rank=len(column)))
                break
            if SHAMAN_I in (defender.left, defender.right):  # O-R9: skipped, the attack goes on
                column.pop()
                aside.append(defender)
                self.emit(E.SHAMAN_SKIP.record(seat=attacker.owner, battlefield=where,
                                               defender=defender.owner, rank=len(column)))
                continue
            self.fight(index, attacker, column, aside)
            break
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated,
                                          tuple(column), tuple(aside)))

    def fight(self, index: int, attacker: Rank, column: list[Rank], aside: list[Rank]) -> None:
        """Compare wing by wing (O-R5: right with right, then left with left) and apply O-R7."""
        defender = column[-1]
        where = FIELD_ID[index]
        duels = DUELS[self.event]
        a_cards = [attacker.left, attacker.right]
        d_cards = [defender.left, defender.right]
        for wing in (1, 0):
            winner = duels[a_cards[wing] * _CARD_COUNT + d_cards[wing]]
            self.emit(E.WING.record(battlefield=where, side=SIDES[wing],
                                    attacker_card=CARD_ID[a_cards[wing]],
                                    defender_card=CARD_ID[d_cards[wing]],
                                    winner=("tie", "attacker", "defender")[winner]))
            if winner == 1:
                self.hands[defender.owner] |= 1 << d_cards[wing]
                d_cards[wing] = NO_CARD
            elif winner == 2:
                self.hands[attacker.owner] |= 1 << a_cards[wing]
                a_cards[wing] = NO_CARD
        a_after: Rank = make(Rank, (attacker.owner, a_cards[0], a_cards[1], attacker.down, True))
        d_after: Rank = make(Rank, (defender.owner, d_cards[0], d_cards[1], defender.down, True))
        if d_cards == [NO_CARD, NO_CARD]:  # O-R7 case 1: the attacker moves up
            column[-1] = a_after
            self.fight_outcome(where, "attacker_won", attacker, defender, a_cards, d_cards)
            self.fine(defender.owner, attacker.owner, index)
        elif a_cards == [NO_CARD, NO_CARD]:  # case 2: the defender is the new rear rank
            column[-1] = d_after
            self.fight_outcome(where, "defender_won", attacker, defender, a_cards, d_cards)
            self.fine(attacker.owner, defender.owner, index)
        else:  # case 3: survivors set aside; a defender that kept both cards stays rear
            aside.append(a_after)
            if NO_CARD not in d_cards:
                column[-1] = d_after
            else:
                column.pop()
                aside.append(d_after)
            self.fight_outcome(where, "mixed", attacker, defender, a_cards, d_cards)

    def fight_outcome(
        self, where: str | None, outcome: str, attacker: Rank, defender: Rank,
        a_cards: list[int], d_cards: list[int],
    ) -> None:
        won = {"attacker_won": (attacker.owner, defender.owner),
               "defender_won": (defender.owner, attacker.owner)}.get(outcome, (-1, -1))
        self.emit(E.FIGHT_OUTCOME.record(battlefield=where, outcome=outcome, winner=won[0],
                                         loser=won[1], attacker=attacker.owner,
                                         defender=defender.owner,
                                         attacker_kept=2 - a_cards.count(NO_CARD),
                                         defender_kept=2 - d_cards.count(NO_CARD)))

    def fine(self, loser: int, winner: int, index: int) -> None:
        if loser != winner:  # a payment to oneself is no payment
            self.pay(loser, winner, 1, "fight", index)


def _cannot_attack(rank: Rank) -> str:
    cards = (rank.left, rank.right)
    if NO_CARD in cards:
        return "incomplete"
    if CHAMPION_I in cards:
        return "champion"
    if SHAMAN_I in cards:
        return "shaman"
    return ""


@cache
def fight_actions(seat: int, field: int) -> tuple[Action, ...]:
    field_id = D.BATTLEFIELDS[field].id
    return (Attack(seat, field_id), Hold(seat, field_id))


def fight_refusal(s: State, action: Attack | Hold) -> Refusal:
    """Why the rear rank's attack or hold is refused: the fight, its decider, its battlefield."""
    if s.pending.kind != FIGHT:
        return IllegalAction("there is no fight to decide now", "wrong-phase",
                             {"decision": FIGHT})
    if action.seat != s.pending.seat:
        return IllegalAction(f"it is {s.players[s.pending.seat]} who decides this fight",
                             "not-your-turn",
                             {"seat": s.pending.seat, "decision": FIGHT})
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None or field.index != s.pending.battlefield:
        return IllegalAction(f"the fight is on {D.BATTLEFIELDS[s.pending.battlefield].name}",
                             "wrong-battlefield", {"decision": FIGHT,
                             "battlefield": D.BATTLEFIELDS[s.pending.battlefield].id})
    return None


def decide_fight(d: FightRules, action: Attack | Hold) -> None:
    index = D.FIELD_BY_ID[action.battlefield].index
    if isinstance(action, Hold):
        d.hold(index, "chose")
    else:
        d.attack(index)
    d.resolve()


RULES: dict[type, Rule] = {
    Attack: Rule((FIGHT,), None, fight_refusal, decide_fight),
    Hold: Rule((FIGHT,), None, fight_refusal, decide_fight),
}
