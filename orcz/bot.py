"""The ``normal`` Orcz computer player: a heuristic of good play, fast enough for rollouts.

It reads a world sampled for its seat (``orcz.sample``), and of that only what the seat knows:
its hand, face-up and scouted cards, the enemies and the event; an unknown face-down card counts
as a strong troop (3). Goblin counts are public (every payment is announced).

- **Deployment:** for each open battlefield and each kind of rank the hand can make (its strength,
  with a champion or a shaman), a score: the reward of a battle won as the strongest, the penalty
  of a battle lost as the strongest, and much for helping a battle towards its need (fewer than
  three cleared battlefields and every orc loses; the more so where enemies are already beaten, so
  that the players clear the same battlefields), minus the heroes spent.
- **Which card face down:** a shaman is hidden while the battle still needs strength (the table,
  taking the rank for a weak one, keeps adding its own), shown once it does not (it warns rivals
  off the strongest's reward); a champion is hidden where another player has ranks (seeing the
  battle won, they would crowd in for the reward); of two troops, the weaker is hidden while an
  opponent may still place a rank behind it (the strong card up deters an attack), else the
  stronger (the rank looks weak, and the others keep adding strength).
- **Fights:** attack the rank ahead when it belongs to another player and the wings come out
  ahead (two wins, or a win and a tie). A wing facing an unknown card is judged over the cards
  it could be; when the fight depends on it and the other wing does not lose, scout it if the
  scout is still in hand. The heuristic never reads a card its seat does not know, so that in
  ``hard``'s rollouts no seat plays on another's hidden cards.
- **Hand-outs** go to the poorest participant, **imposed payments** to the richest opponent.
- **Out of turn** (``out_of_turn``): challenge a slow player whose goblins are not fewer than
  one's own (the goblin it pays to the bank is a rival's); no scout out of turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from common.bots import above_rivals
from orcz import data as D
from orcz.actions import Attack, Challenge, HandOut, Hold, Impose, PlaceRank, Scout
from orcz.battle import rank_value, with_shaman
from orcz.data import RANKS_PER_ROUND
from orcz.deployment import capacity as _room
from orcz.deployment import is_open as _is_open
from orcz.fights import duel
from orcz.state import DEPLOY, FIGHT, HAND_OUT, NO_CARD, OVER, Rank, State
from orcz.tables import ANTIMAGIC_AT as _ANTIMAGIC_AT
from orcz.tables import EVENT_KIND as _EVENT_KIND
from orcz.tables import PARTNER_MASKS as _PARTNERS
from orcz.tables import partner_masks as _partners

HARD_STEPS = 8_000  # rollout steps of one hard decision: about 0.4 s of one core
HIDDEN = 3  # an unknown face-down card, taken for a strong troop: being outbid costs most
HELP = 10.0  # the worth of bringing a battle to its need: three cleared battlefields or all lose
FOCUS = 2.0  # extra weight per enemy already beaten there: the players clear the same ones first
ATTACK_NET = 1  # attack when the wings come out ahead: a win and a tie costs us nothing
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
        verdict = _attack_pays(world, seat, pending.battlefield)
        if isinstance(verdict, Scout) and verdict in legal:
            return [verdict, attack, hold]
        return [attack, hold] if verdict is True else [hold, attack]
    return _splits(world, seat, legal, k, rnd)


def out_of_turn(world: State, seat: int, legal: Sequence[Any], rnd: random.Random) -> Any:
    """What ``seat`` does while another seat is to act: a challenge of a slow rival, or None."""
    for action in legal:
        if isinstance(action, Challenge):
            target = action.target
            return action if world.goblins[target] >= world.goblins[seat] else None
    return None


# --------------------------------------------------------------------------- deployment

def _placements(world: State, seat: int, k: int) -> list[Any]:
    kind = _EVENT_KIND[world.event]
    antimagic = _ANTIMAGIC_AT[world.event]
    room = _room(world.seat_count, kind)
    hand = world.hands[seat]
    scored: list[tuple[float, int, _Option, _Gauge]] = []
    for index, field in enumerate(world.fields):
        if not _is_open(field, room):
            continue
        gauge = _Gauge(world, seat, index)
        for option in _options(hand, kind == D.CONFUSION, index == antimagic):
            scored.append((gauge.score(option), index, option, gauge))
    scored.sort(key=lambda item: -item[0])
    behind = _others_to_come(world, seat)
    return [_rank_action(seat, index, option, gauge, behind)
            for _, index, option, gauge in scored[:k]]


def _others_to_come(world: State, seat: int) -> bool:
    """Whether an opponent has a deployment turn after this one this round."""
    count = world.seat_count
    return any((world.first + turn) % count != seat
               for turn in range(world.turn + 1, RANKS_PER_ROUND * count))


def _rank_action(seat: int, field: int, option: _Option, gauge: _Gauge,
                 behind: bool) -> PlaceRank:
    value, _, left, right = option
    hide_left = _hide_left(left, right, value, gauge, behind)
    return PlaceRank(seat, _FIELD_ID[field], _ID[left], _ID[right],
                     "left" if hide_left else "right")


def _hide_left(left: int, right: int, value: int, gauge: _Gauge, behind: bool) -> bool:
    """Which card of the rank goes face down (see the module's notes)."""
    for hero in (D.SHAMAN_I, D.CHAMPION_I):
        if hero in (left, right):
            if hero == D.SHAMAN_I:
                hide = gauge.total + value < gauge.needed and not gauge.champion
            else:
                hide = gauge.other > 0
            return (left == hero) == hide
    stronger_left = _STRENGTH[left] >= _STRENGTH[right]
    hide_weaker = behind and _STRENGTH[left] != _STRENGTH[right]
    return stronger_left != hide_weaker


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
                value = rank_value(left, right)
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
    return with_shaman(sum(_STRENGTH[c] for c in cards) + HIDDEN * (2 - len(cards)), cards)


# --------------------------------------------------------------------------- fights and splits

def _attack_pays(world: State, seat: int, index: int) -> bool | Scout:
    """Whether the rear rank's wings come out ahead of the rank ahead: two wins route it (a
    goblin won), a win and a tie cost us nothing and the other a card; otherwise it holds. A
    card the seat does not know is judged by the cards it could be, never read from the world;
    when the answer hangs on it, the scout that would tell (if the seat still has one)."""
    column = world.fields[index].column
    if len(column) < 2:
        return False
    attacker, defender = column[-1], column[-2]
    if defender.owner == seat:
        return False
    kind = _EVENT_KIND[world.event]
    hidden = defender.face_down_card()
    unknown = hidden != NO_CARD and (defender.owner, hidden) not in world.scouted[seat]
    net, depends = 0, False
    for mine, theirs in ((attacker.left, defender.left), (attacker.right, defender.right)):
        if mine == NO_CARD or theirs == NO_CARD:
            continue
        if unknown and theirs == hidden:
            outcome = _likely_duel(world, seat, index, defender, mine, kind)
            depends = True
        else:
            outcome = duel(mine, theirs, kind)
        net += 1 if outcome == 1 else -1 if outcome == 2 else 0
    if depends and world.hands[seat] >> D.SCOUT_I & 1 and _known_wing_wins(
            attacker, defender, kind) is not False:
        side = "left" if defender.down == 0 else "right"
        return Scout(seat, _FIELD_ID[index], len(column) - 2, side)
    return net >= ATTACK_NET


def _likely_duel(world: State, seat: int, index: int, defender: Rank, mine: int,
                 kind: str) -> int:
    """The likely outcome against a face-down card: judged over the cards it could be (those
    of its owner not seen on the table, legal beside the face-up one), each as likely."""
    up = defender.right if defender.down == 0 else defender.left
    owner = defender.owner
    pool = world.hands[owner]
    for field in world.fields:
        for rank in field.column:
            card = rank.face_down_card()
            if rank.owner == owner and card != NO_CARD and (owner, card) not in world.scouted[seat]:
                pool |= 1 << card
    partners = _PARTNERS[kind == D.CONFUSION][index == _ANTIMAGIC_AT[world.event]]
    allowed = pool & partners[up]
    cards = [c for c in range(D.SCOUT_I) if allowed >> c & 1]
    if not cards:
        return 0
    outcomes = [duel(mine, c, kind) for c in cards]
    wins, losses = outcomes.count(1), outcomes.count(2)
    return 1 if 2 * wins > len(cards) else 2 if 2 * losses > len(cards) else 0


def _known_wing_wins(attacker: Rank, defender: Rank, kind: str) -> bool | None:
    """Whether the attacker's wing facing the defender's face-up card wins (None: a tie)."""
    if defender.down == 0:
        mine, theirs = attacker.right, defender.right
    else:
        mine, theirs = attacker.left, defender.left
    if mine == NO_CARD or theirs == NO_CARD:
        return None
    outcome = duel(mine, theirs, kind)
    return True if outcome == 1 else None if outcome == 0 else False


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


# --------------------------------------------------------------------------- search support

def stage(state: State) -> int:
    """The round: ``hard``'s rollouts stop where it ends."""
    return state.round


def value(state: State, seat: int) -> float:
    """What a state is worth to ``seat``, in [0, 1]: its share of the win once the game is over
    (a loser its place, ``PLACES`` at most, when someone won); before, its lead in goblins over
    the best other seat blended with its standing against each rival, weighed by how near the
    table is to clearing three battlefields (fewer and every orc loses), read from public facts
    only. The lead alone goes flat far behind (tanh) and ranks no option above another there;
    the places still do."""
    if state.pending.kind == OVER:
        won = winners(state)
        if seat in won:
            return 1.0 / len(won)
        return PLACES * above_rivals(state.goblins, seat, 0.0) if won else 0.0
    enemies = max(1, state.seat_count - 1)
    progress = sorted((1.0 if f.cleared else f.defeated / enemies for f in state.fields),
                      reverse=True)
    clearing = sum(progress[:3]) / 3
    others = max(g for p, g in enumerate(state.goblins) if p != seat)
    lead = 0.5 + 0.5 * math.tanh((state.goblins[seat] - others) / 4)
    return clearing * ((1 - PLACES) * lead + PLACES * above_rivals(state.goblins, seat, 4.0))


# The weight of the places against the win: small, a tie-break far behind, since a place is
# worth little beside the win. Against two normal (seeds 1-30, 2,000 steps) hard won 24.5 of 30
# at 0.4, 26 at 0.1 and 27.5 with the lead alone: within the noise of 30 games, so the weight
# stays small until runs of 100 games say more.
PLACES = 0.1

