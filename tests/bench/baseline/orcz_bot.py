"""A frozen copy of the heuristic before its search and habits were tuned (the benchmark's
``baseline`` level, which the new ``normal`` must beat).
The ``normal`` Orcz computer player: a heuristic of good play, fast enough for rollouts.

It reads a world sampled for its seat (``orcz.sample``), and of that only what the seat knows:
its hand, face-up and scouted cards, the enemies and the event; an unknown face-down card counts
as an average troop. Goblin counts are public (every payment is announced).

- **Deployment:** for each open battlefield and each kind of rank the hand can make (its strength,
  with a champion or a shaman), a score: the reward of a battle won as the strongest, the penalty
  of a battle lost as the strongest, and much for helping a battle towards its need (fewer than
  three cleared battlefields and every orc loses; the more so where enemies are already beaten, so
  that the players clear the same battlefields), minus the heroes spent. The stronger card goes
  face down.
- **Fights:** attack the rank ahead when it belongs to another player and both wings would win
  (the face-down card taken as drawn in the world).
- **Hand-outs** go to the poorest participant, **imposed payments** to the richest opponent.
- It never scouts and never challenges.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from orcz import data as D
from orcz.actions import Attack, HandOut, Hold, Impose, PlaceRank
from orcz.deployment import capacity as _room
from orcz.deployment import is_open as _is_open
from orcz.fights import duel
from orcz.state import DEPLOY, FIGHT, HAND_OUT, NO_CARD, OVER, Rank, State
from orcz.tables import ANTIMAGIC_AT as _ANTIMAGIC_AT
from orcz.tables import EVENT_KIND as _EVENT_KIND
from orcz.tables import partner_masks as _partners

HARD_STEPS = 6_000  # rollout steps of one hard decision: under half a second on 2 cores
HIDDEN = 2  # the strength an unknown face-down card is taken for (troops average 2.2)
HELP = 20.0  # the worth of bringing a battle to its need: three cleared battlefields or all lose
FOCUS = 2.0  # extra weight per enemy already beaten there: the players clear the same ones first
HERO_COST = {D.CHAMPION_I: 2.5, D.SHAMAN_I: 1.0}

_STRENGTH = (*(card.strength for card in D.CARDS), 0)  # NO_CARD (-1) reads the trailing 0
_ID = tuple(card.id for card in D.CARDS)
_FIELD_ID = tuple(field.id for field in D.BATTLEFIELDS)

# One kind of rank a hand can make: (strength, heroes' cost, left card, right card).
_Option = tuple[int, float, int, int]


def normal(world: State, seat: int, legal: Sequence[Any], rnd: random.Random) -> Any:
    return shortlist(world, seat, legal, 1, rnd)[0]


def shortlist(
    world: State, seat: int, legal: Sequence[Any], k: int, rnd: random.Random | None = None
) -> list[Any]:
    """The ``k`` most promising of ``legal``, best first (the first is ``normal``'s choice)."""
    pending = world.pending
    if pending.seat != seat or pending.kind == OVER:
        return [legal[0]]  # not this seat's decision: a scout or a challenge it does not want
    if pending.kind == DEPLOY:
        return _placements(world, seat, k) or list(legal[:k])
    if pending.kind == FIGHT:
        field = D.BATTLEFIELDS[pending.battlefield].id
        attack, hold = Attack(seat, field), Hold(seat, field)
        return [attack, hold] if _attack_pays(world, seat, pending.battlefield) else [hold, attack]
    return _splits(world, seat, legal, k, rnd)


# --------------------------------------------------------------------------- deployment

def _placements(world: State, seat: int, k: int) -> list[Any]:
    kind = _EVENT_KIND[world.event]
    antimagic = _ANTIMAGIC_AT[world.event]
    room = _room(world.seat_count, kind)
    hand = world.hands[seat]
    scored: list[tuple[float, int, _Option]] = []
    for index, field in enumerate(world.fields):
        if not _is_open(field, room):
            continue
        gauge = _Gauge(world, seat, index)
        for option in _options(hand, kind == D.CONFUSION, index == antimagic):
            scored.append((gauge.score(option), index, option))
    scored.sort(key=lambda item: -item[0])
    return [_rank_action(seat, index, option) for _, index, option in scored[:k]]


def _rank_action(seat: int, field: int, option: _Option) -> PlaceRank:
    _, _, left, right = option
    down = "left" if _STRENGTH[left] >= _STRENGTH[right] else "right"  # hide the stronger
    return PlaceRank(seat, _FIELD_ID[field], _ID[left], _ID[right], down)


@lru_cache(maxsize=1 << 14)
def _options(hand: int, no_champion: bool, no_shaman: bool) -> tuple[_Option, ...]:
    """One rank per (strength, heroes) the hand can make, from its weakest cards for that."""
    partners = _partners(no_champion, no_shaman)
    best: dict[tuple[int, float], _Option] = {}
    for left in range(len(D.CARDS)):
        if not hand >> left & 1:
            continue
        for right in range(left + 1, len(D.CARDS)):
            if hand >> right & 1 and partners[left] >> right & 1:
                value = _STRENGTH[left] + _STRENGTH[right]
                if D.SHAMAN_I in (left, right):
                    value *= 2
                cost = HERO_COST.get(left, 0.0) + HERO_COST.get(right, 0.0)
                best.setdefault((value, cost), (value, cost, left, right))
    return tuple(best.values())


class _Gauge:
    """What the seat knows of one battlefield: the strength there, its own, the best other's."""

    __slots__ = ("champion", "focus", "mine", "needed", "other", "penalty", "reward", "secondary",
                 "total")

    def __init__(self, world: State, seat: int, index: int) -> None:
        field = world.fields[index]
        enemy = D.ENEMY_BY_ID[field.enemy or ""]
        kind = _EVENT_KIND[world.event]
        tile = D.EVENT_BY_ID[world.event] if world.event else None
        local = tile.kind if tile is not None and tile.battlefield == index else ""
        count = world.seat_count
        self.needed = enemy.main * count + (count if kind == D.REINFORCEMENTS else 0)
        reward = enemy.main // 2 if local == D.WRATH else enemy.main
        self.reward = reward + (2 if local == D.FAVOUR else 0)
        self.penalty = enemy.main
        self.secondary = enemy.secondary
        per_seat = [0] * count
        self.champion = False
        for rank in field.column:
            per_seat[rank.owner] += _known_strength(world, seat, rank)
            self.champion = self.champion or D.CHAMPION_I in _known_cards(world, seat, rank)
        self.focus = 1 + FOCUS * (field.defeated + (0 if field.stack else 1))
        self.total = sum(per_seat)
        self.mine = per_seat[seat]
        self.other = max(s for p, s in enumerate(per_seat) if p != seat) if count > 1 else 0

    def score(self, option: _Option) -> float:
        value, cost, left, right = option
        total, mine = self.total + value, self.mine + value
        champion = self.champion or D.CHAMPION_I in (left, right)
        won = champion or total >= self.needed
        if mine > self.other:
            gain = self.reward if won else -self.penalty * (1 - total / (2 * self.needed))
        elif mine == self.other:
            gain = 0.3 * self.reward if won else -0.3 * self.penalty
        else:
            gain = 0.3 * self.secondary if won else 0.0
        if not (self.champion or self.total >= self.needed):  # help clear the battlefield
            gain += self.focus * HELP * min(value, self.needed - self.total) / self.needed
        return gain - cost


def _known_cards(world: State, seat: int, rank: Rank) -> tuple[int, ...]:
    hidden = rank.face_down_card()
    if hidden == NO_CARD or rank.owner == seat or (rank.owner, hidden) in world.scouted[seat]:
        return (rank.left, rank.right)
    return (rank.right,) if rank.down == 0 else (rank.left,)


def _known_strength(world: State, seat: int, rank: Rank) -> int:
    cards = _known_cards(world, seat, rank)
    value = sum(_STRENGTH[c] for c in cards) + HIDDEN * (2 - len(cards))
    return value * 2 if D.SHAMAN_I in cards else value


# --------------------------------------------------------------------------- fights and splits

def _attack_pays(world: State, seat: int, index: int) -> bool:
    """Whether the rear rank's wings would both beat the rank ahead (the rank routed, a goblin
    won); a fight that costs cards on both sides could cost the battle, so it holds otherwise."""
    column = world.fields[index].column
    if len(column) < 2:
        return False
    attacker, defender = column[-1], column[-2]
    if defender.owner == seat:
        return False
    kind = _EVENT_KIND[world.event]
    net = 0
    for mine, theirs in ((attacker.left, defender.left), (attacker.right, defender.right)):
        if mine == NO_CARD or theirs == NO_CARD:
            continue
        outcome = duel(mine, theirs, kind)
        net += 1 if outcome == 1 else -1 if outcome == 2 else 0
    return net == 2


def _splits(
    world: State, seat: int, legal: Sequence[Any], k: int, rnd: random.Random | None
) -> list[Any]:
    """Hand-outs to the poorest first; payments imposed on the richest first; ties any way, not
    to the lowest seat (the figures by seat would show it)."""
    goblins = world.goblins
    sign = 1 if world.pending.kind == HAND_OUT else -1

    def weight(action: HandOut | Impose) -> int:
        amounts = action.shares if isinstance(action, HandOut) else action.payments
        return sign * sum(g * a for g, a in zip(goblins, amounts, strict=True))

    splits = [a for a in legal if isinstance(a, HandOut | Impose)]
    if rnd is not None:
        rnd.shuffle(splits)
    splits.sort(key=weight)
    return splits[:k] or list(legal[:k])


# --------------------------------------------------------------------------- results

def winners(state: State) -> list[int]:
    """Those who won a finished game (none in a collective defeat)."""
    cleared = sum(f.cleared for f in state.fields)
    if cleared < 3:
        return []
    best = max(state.goblins)
    return [p for p, g in enumerate(state.goblins) if g == best]


def points(state: State, seat: int) -> int:
    return state.goblins[seat]
