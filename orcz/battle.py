"""The battle against the enemy (O-R11 to O-R13, O-R18): the ranks set aside fight it together;
the strongest player takes the reward and hands out the rest, or pays the penalty and imposes the
rest; heroes that fought are spent."""

from __future__ import annotations

from functools import lru_cache

from common.draft import make
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from orcz import data as D
from orcz import event_kinds as E
from orcz.actions import Action, HandOut, Impose
from orcz.data import CHAMPION_I, MAX_PLAYERS, SIDES
from orcz.draft import DraftCore, simple_pending, with_field
from orcz.state import BANK, FIGHT, HAND_OUT, IMPOSE, NO_CARD, Field, Pending, Rank, State
from orcz.tables import BIT, CARD_ID, FIELD_ID, IS_HERO, STRENGTH, TROOPS


class BattleRules(DraftCore):
    """The draft's steps of a battle."""

    def battle(self, index: int) -> bool:
        """Fight the enemy; True when the strongest player must now decide a split."""
        field = self.fields[index]
        ranks = field.aside
        self.reveal_aside(index)
        enemy = D.ENEMY_BY_ID[field.enemy or ""]
        kind = self.event_kind()
        tile = D.EVENT_BY_ID[self.event] if self.event else None
        local = tile.kind if tile and tile.battlefield == index else ""
        strengths = rank_strengths(self.fields[index].aside, self.count)
        total = sum(strengths)
        needed = enemy.main * self.count + (self.count if kind == D.REINFORCEMENTS else 0)
        champion = False
        owners = 0
        for rank in ranks:
            champion = champion or CHAMPION_I in (rank.left, rank.right)
            owners |= 1 << rank.owner
        participants = _SEATS_IN[owners]
        won = bool(participants) and (champion or total >= needed)
        best = max((strengths[p] for p in participants), default=0)
        strongest = tuple(p for p in participants if strengths[p] == best)
        self.emit(E.BATTLE.record(
            battlefield=FIELD_ID[index], enemy=enemy.id, strengths=tuple(strengths), total=total,
            needed=needed, champion=champion, won=won, strongest=strongest,
            participants=participants))
        if not participants:  # O-R13: lost, nobody pays
            return False
        if won:
            self.fields[index] = with_field(self.fields[index], enemy=None,
                                            defeated=field.defeated + 1)
            return self.reward(index, enemy, strongest, participants, kind, local)
        return self.penalty(index, enemy, strongest)

    def reveal_aside(self, index: int) -> None:
        """Turn every rank set aside face up for the battle."""
        field = self.fields[index]
        aside = list(field.aside)
        for position, rank in enumerate(field.aside):
            if rank.revealed:
                continue
            hidden = rank.face_down_card()
            if hidden == NO_CARD:
                continue
            aside[position] = make(Rank, (rank.owner, rank.left, rank.right, rank.down, True))
            self.emit(E.REVEALED.record(battlefield=FIELD_ID[index], owner=rank.owner, rank=-1,
                                        side=SIDES[rank.down], card=CARD_ID[hidden]))
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, field.column,
                                          tuple(aside)))

    def reward(
        self, index: int, enemy: D.Enemy, strongest: tuple[int, ...],
        participants: tuple[int, ...], kind: str, local: str,
    ) -> bool:
        if len(strongest) > 1:  # seed FAQ and O-R12: equal shares, no hand-out
            share = (enemy.main + enemy.secondary) // len(strongest)
            share = share // 2 if local == D.WRATH else share
            share += 2 if local == D.FAVOUR else 0
            for seat in strongest:
                self.pay(BANK, seat, share, "tie_reward", index)
            return False
        main = enemy.main // 2 if local == D.WRATH else enemy.main
        main += 2 if local == D.FAVOUR else 0
        self.pay(BANK, strongest[0], main, "reward", index)
        others = tuple(p for p in participants if p != strongest[0])
        if kind == D.WHIM or not others:
            return False
        return self.ask_split(HAND_OUT, strongest[0], index, enemy.secondary, others)

    def penalty(self, index: int, enemy: D.Enemy, strongest: tuple[int, ...]) -> bool:
        if len(strongest) > 1:
            share = (enemy.main + enemy.secondary) // len(strongest)
            for seat in strongest:
                self.pay(seat, BANK, share, "tie_penalty", index)
            return False
        self.pay(strongest[0], BANK, enemy.main, "penalty", index)
        others = tuple(p for p in range(self.count) if p != strongest[0])
        return self.ask_split(IMPOSE, strongest[0], index, enemy.secondary, others)

    def ask_split(
        self, kind: str, seat: int, index: int, amount: int, candidates: tuple[int, ...]
    ) -> bool:
        """Ask the strongest player for a split, unless only one split is possible (a loser
        may always impose nothing instead, O-R18: that is asked)."""
        splits = all_splits(amount, candidates, self.count)
        if len(splits) > 1 or kind == IMPOSE:
            self.pending = Pending(kind, seat, index, amount, candidates)
            return True
        reason = "hand_out" if kind == HAND_OUT else "imposed"
        for target, value in enumerate(splits[0]):
            if value:
                payer, payee = (BANK, target) if kind == HAND_OUT else (target, BANK)
                self.pay(payer, payee, value, reason, index)
        return False

    def finish_field(self, index: int) -> None:
        """Troops go back behind the screens; heroes that fought here are spent."""
        field = self.fields[index]
        spent: list[str] = []
        for rank in field.aside:
            owner, left, right = rank.owner, rank.left, rank.right
            cards = BIT[left] | BIT[right]
            self.hands[owner] |= cards & TROOPS
            if cards & ~TROOPS:  # heroes: spent
                self.spent[owner] |= cards & ~TROOPS
                spent += [f"{owner}:{CARD_ID[card]}" for card in (left, right)
                          if card != NO_CARD and IS_HERO[card]]
        self.fields[index] = make(Field, (field.enemy, field.stack, field.defeated, (), ()))
        where = FIELD_ID[index]
        if spent:
            self.emit(E.HEROES_SPENT.record(battlefield=where, heroes=tuple(spent)))
        if field.cleared:
            self.emit(E.CLEARED.record(battlefield=where))
        self.order = self.order[1:]
        self.pending = simple_pending(FIGHT, self.pending.seat, -1)


def rank_strengths(ranks: tuple[Rank, ...], count: int) -> list[int]:
    """Each player's strength among ``ranks``; a shaman doubles its partner (O-R11)."""
    out = [0] * count
    for rank in ranks:
        out[rank.owner] += rank_value(rank.left, rank.right)
    return out


def rank_value(left: int, right: int) -> int:
    """The strength of a rank of these cards (NO_CARD: a card lost)."""
    return with_shaman(STRENGTH[left] + STRENGTH[right], (left, right))


def with_shaman(value: int, cards: tuple[int, ...]) -> int:
    """A rank's strength from its cards' sum: a shaman doubles its partner's (O-R11)."""
    return value * 2 if D.SHAMAN_I in cards else value


_SEATS_IN = tuple(  # per mask of seats, those seats in order
    tuple(seat for seat in range(MAX_PLAYERS) if mask >> seat & 1)
    for mask in range(1 << MAX_PLAYERS)
)


# --------------------------------------------------------------------------- splits

@lru_cache(maxsize=1024)
def all_splits(amount: int, candidates: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``amount`` goblins among ``candidates``, as per-seat tuples."""
    if not candidates:
        return ((0,) * count,) if amount == 0 else ()
    head, rest = candidates[0], candidates[1:]
    out = []
    low = 0 if rest else amount
    for give in range(low, amount + 1):
        for tail in all_splits(amount - give, rest, count):
            share = list(tail)
            share[head] = give
            out.append(tuple(share))
    return tuple(out)


@lru_cache(maxsize=4096)
def split_actions(
    kind: str, seat: int, field: int, amount: int, candidates: tuple[int, ...], count: int
) -> tuple[Action, ...]:
    field_id = D.BATTLEFIELDS[field].id
    splits = all_splits(amount, candidates, count)
    if kind == HAND_OUT:
        return tuple(HandOut(seat, field_id, s) for s in splits)
    # O-R18: imposing is optional; "impose nothing" is the last choice
    return tuple(Impose(seat, field_id, s) for s in (*splits, (0,) * count))


def split_refusal(s: State, action: HandOut | Impose) -> Refusal:
    """Why a hand-out or an imposition is refused: its decision, its decider, its battlefield,
    and a split of exactly the secondary value among the candidates."""
    kind = HAND_OUT if isinstance(action, HandOut) else IMPOSE
    if s.pending.kind != kind:
        word = "hand-out" if kind == HAND_OUT else "payment to impose"
        return IllegalAction(f"there is no {word} to decide now", "wrong-phase",
                             {"decision": kind})
    if action.seat != s.pending.seat:
        return IllegalAction(f"it is {s.players[s.pending.seat]} who decides", "not-your-turn",
                             {"seat": s.pending.seat, "decision": kind})
    field = D.FIELD_BY_ID.get(action.battlefield)
    if field is None or field.index != s.pending.battlefield:
        return IllegalAction(f"the battle is on {D.BATTLEFIELDS[s.pending.battlefield].name}",
                             "wrong-battlefield", {"decision": kind,
                             "battlefield": D.BATTLEFIELDS[s.pending.battlefield].id})
    amounts = _amounts(action)
    if not _imposes_nothing(action, s.seat_count) and amounts not in all_splits(
            s.pending.amount, s.pending.candidates, s.seat_count):
        names = ", ".join(s.players[c] for c in s.pending.candidates)
        amount = s.pending.amount
        noun = "goblin" if amount == 1 else "goblins"
        what = " (or impose nothing)" if kind == IMPOSE else ""
        return IllegalAction(f"split exactly {amount} {noun} among {names}{what}, none negative",
                             "bad-split", {"amount": amount, "seats": list(s.pending.candidates),
                                           "impose": kind == IMPOSE})
    return None


def _amounts(action: HandOut | Impose) -> tuple[int, ...]:
    return action.shares if isinstance(action, HandOut) else action.payments


def _imposes_nothing(action: HandOut | Impose, count: int) -> bool:
    return isinstance(action, Impose) and action.payments == (0,) * count  # O-R18: optional


def decide_split(d: BattleRules, action: HandOut | Impose) -> None:
    kind = HAND_OUT if isinstance(action, HandOut) else IMPOSE
    field = D.FIELD_BY_ID[action.battlefield]
    amounts = _amounts(action)
    if _imposes_nothing(action, d.count):
        d.emit(E.IMPOSED_NOTHING.record(seat=action.seat, battlefield=action.battlefield))
    for seat, amount in enumerate(amounts):
        if amount:
            if kind == HAND_OUT:
                d.pay(BANK, seat, amount, "hand_out", field.index)
            else:
                d.pay(seat, BANK, amount, "imposed", field.index)
    d.finish_field(field.index)
    d.resolve()


RULES: dict[type, Rule] = {
    HandOut: Rule((HAND_OUT,), None, split_refusal, decide_split),
    Impose: Rule((IMPOSE,), None, split_refusal, decide_split),
}
