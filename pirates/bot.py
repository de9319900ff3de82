"""The ``normal`` Pirate's Cove computer player: a heuristic of good play, fast enough for rollouts.

It reads a world sampled for its seat (``pirates.sample``), and of that only what the seat knows:
its own ship and cards, the mats, purses and fame of all, the face-up Treasure cards and where the
legendary pirates are.

- **Outfitting:** dice first (Crew and Cannons together), then speed, then hold.
- **Navigation:** to Treasure Island to bury when the hold is worth it, else to the outer island
  whose face-up Treasure (and its upgrade) is worth most; away from a legendary pirate that would
  outgun the ship. A little noise keeps two such players from always meeting.
- **Event cards:** Privateering on the rival with most fame; Treasure Map while the hold has room;
  Lookout naming the next seat (so that this ship chooses last); the Royal Navy sent against a
  rival alone with a rich Treasure card; Letter of Marque when the Navy comes for this ship;
  Escape from a legendary pirate or the Navy on the ship's island; Shipowner on a low section.
- **Combat:** Smoke and Favourable Winds when boarding, Grappling Hooks when the Crew outnumbers
  the Cannons; Volley cards when they help: Full Broadside at a player's ship, Grapeshot when the
  Cannons can take its recoil, Powder Keg when the others' hulls are weaker than ours; fire at
  the weakest section of the ship nearest to being crippled (raiders: their hull); flee when one
  more hit would cripple the ship.
- **Island effects:** buy Tavern cards while gold is plenty and months remain; bury, but not in a
  month someone privateers this ship (half the fame would go to them) and, early on, not the gold
  that upgrades still need; upgrade while gold lasts (less near the end), mend, put a
  Mastercraft on the weakest section, keep the old parrot, draw two cards in the Cove.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from common.bots import above_rivals
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import (
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Escape,
    Fire,
    Flee,
    Lookout,
    Marque,
    Mastercraft,
    Mend,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    Privateering,
    Reload,
    SendNavy,
    Shipowner,
    TreasureMap,
    Upgrade,
)
from pirates.islands import double_cost
from pirates.numbers import base_speed, ship_dice
from pirates.state import COMBAT, NAVIGATE, NOBODY, OUTFIT, OVER, Ship, State, afloat_raiders

HARD_STEPS = 8_000  # rollout steps of one hard decision: about 0.4 s of one core
_KEEP = {D.SMOKE, D.WINDS}  # the Battle cards worth playing whatever the fight
RIVAL_COST = 1.0  # an island a rival with as many dice heads for: a fight we may lose
WEAKER_RIVAL_COST = -1.0  # a weaker one: a fight we should win, and its rout is fame


def normal(world: State, seat: int, legal: Sequence[Any], rnd: random.Random) -> Any:
    return shortlist(world, seat, legal, 1, rnd)[0]


def shortlist(
    world: State, seat: int, legal: Sequence[Any], k: int, rnd: random.Random | None = None
) -> list[Any]:
    """The ``k`` most promising of ``legal``, best first (the first is ``normal``'s choice)."""
    score = _scorer(world, seat, rnd)
    options = list(legal)
    if rnd is not None:  # ties go any way, not to the lowest seat (the figures by seat show it)
        rnd.shuffle(options)
    options.sort(key=lambda a: -score(a))
    if k > 1 and world.phase == OUTFIT:
        return [_best_outfit(world, seat, options)]
    if k > 1 and world.month >= D.MONTHS - LAST_MONTHS + 1:
        return _with_a_card(options, k)
    return options[:k]


LAST_MONTHS = 2  # a Tavern card still held then may never be played: the search weighs one
_FROM_HAND = (PlayBattle, PlayVolley, Privateering, TreasureMap, Lookout, SendNavy, Marque,
              Escape)


def _with_a_card(options: list[Any], k: int) -> list[Any]:
    """The ``k`` best, the best card from the hand among them: the heuristic plays a card only
    when it plainly helps, and one kept to the end of the year is worth nothing, so near the end
    the search plays it out against the rest."""
    best = options[:k]
    card = next((a for a in options if isinstance(a, _FROM_HAND)), None)
    if card is None or card in best:
        return best
    return [*best[:k - 1], card]


def _scorer(world: State, seat: int, rnd: random.Random | None) -> Any:
    ship = world.ships[seat]
    if world.phase == OUTFIT:
        return _outfit_score
    if world.phase == NAVIGATE and not world.parrots:
        noise = [0.0] * 8 if rnd is None else [rnd.random() * 0.6 for _ in range(8)]
        crowd = _rivals_heading(world, seat)
        return lambda a: (_island_value(world, seat, a.island) + noise[a.island]
                          - crowd[a.island])
    if world.phase == COMBAT and not world.parrots:
        return lambda a: _combat_score(world, seat, ship, a)
    return lambda a: _other_score(world, seat, ship, a)


# --------------------------------------------------------------------------- set-up and sailing

def _outfit_score(action: Any) -> float:
    if not isinstance(action, Outfit):
        return 0.0
    hull, sails, crew, cannons = action.levels
    dice = min(D.value(D.CREW, crew), D.value(D.CANNONS, cannons))
    waste = abs(D.value(D.CREW, crew) - D.value(D.CANNONS, cannons))
    return (3 * dice - waste + 0.5 * D.value(D.SAILS, sails) + 0.4 * D.value(D.HULL, hull))


def _best_outfit(world: State, seat: int, options: list[Any]) -> Any:
    """The outfit whose ship is worth most, for ``hard`` (a shortlist of one: no search). The
    heuristic's prior weighs dice, speed and hold alone and leaves out the outfits that keep
    their dice after a hit (Crew and Cannons a ring above the value's step). A search would
    not judge better: its rollouts end with the others' outfits, before any fight, and the same
    world gives every outfit the same rivals, so the value ranks them as ``worth`` does. So
    ``worth`` must see what the fights will: a ring left at 1 is two hits from a rout
    (``FIRST_FIGHTS``)."""
    ship = world.ships[seat]

    def fitted(action: Any) -> float:
        if not isinstance(action, Outfit):
            return -math.inf
        cost = D.outfit_cost(action.levels)
        bare = sum(level == D.START_LEVEL for level in action.levels)
        return (worth(ship._replace(levels=action.levels, gold=ship.gold - cost), D.MONTHS)
                - FIRST_FIGHTS * bare)

    return max(options, key=fitted)  # ties: the heuristic's order


def _dice(ship: Ship) -> int:
    return min(D.value(D.CREW, ship.levels[D.CREW]), D.value(D.CANNONS, ship.levels[D.CANNONS]))


def _island_value(world: State, seat: int, island: int) -> float:
    ship = world.ships[seat]
    danger = _legend_danger(world, ship, island)
    if island == D.TREASURE_ISLAND:
        buried = ship.chests + ship.gold // 3
        return buried - 0.5 - danger
    card = world.face_up[island - 1]
    value = 0.0
    if card != NOBODY:
        t = D.TREASURES[card]
        capacity = D.value(D.HULL, ship.levels[D.HULL]) - ship.chests
        value = t.gold / 3 + min(t.chests, max(capacity, 0)) + 0.4 * t.cards + t.fame
    section = D.ISLAND_SECTION.get(island)
    if section is not None and ship.gold >= 2 and ship.levels[section] < D.TOP_LEVEL:
        value += 0.6 if section in (D.CREW, D.CANNONS) else 0.3
    if ship.chests >= 3:  # a full hold is better buried than risked
        value -= 1.0
    return value - danger


def _rivals_heading(world: State, seat: int) -> list[float]:
    """Per island, the cost of the rivals expected there: each rival is taken to head for the
    outer island it values most (read from its public mat, purse and hold, not its secret
    choice); a rival with as many dice as ours means a fight we may lose, a weaker one a fight
    we should win (and fame for its rout), which is sought."""
    ship = world.ships[seat]
    out = [0.0] * 8
    for p, rival in enumerate(world.ships):
        if p == seat:
            continue
        best = max(range(1, D.TREASURE_ISLAND + 1), key=lambda i: _island_value(world, p, i))
        if best != D.TREASURE_ISLAND:  # Treasure Island holds no fight between players
            out[best] += RIVAL_COST if _dice(rival) >= _dice(ship) else WEAKER_RIVAL_COST
    return out


def _legend_danger(world: State, ship: Ship, island: int) -> float:
    for legend in world.legends:
        if legend.island == island and not legend.sunk:
            raider = D.LEGEND_BY_ID[legend.card]
            return 4.0 if raider.dice >= _dice(ship) else 1.5
    return 0.0


# --------------------------------------------------------------------------- combat

def _combat_score(world: State, seat: int, ship: Ship, action: Any) -> float:
    if isinstance(action, PlayBattle):
        return _battle_card_score(ship, action)
    if isinstance(action, Pass | Reload):
        return 0.0
    if isinstance(action, Flee):
        return 2.0 if _outgunned(world, seat, ship) else -2.0
    if isinstance(action, Fire | NavyFire):
        return _target_score(world, seat, action)
    if isinstance(action, PlayVolley):
        return _volley_card_score(world, seat, ship, action)
    return -1.0


def _outgunned(world: State, seat: int, ship: Ship) -> bool:
    """Flight is worth its mutiny (one time in six all gold and chests go) only when one hit
    routes us and the fight is lost: a stronger ship here, or an even one that has hit us
    already. An even fight untouched is fought: a rout of the other is fame to us."""
    cb = world.combat
    if min(ship.levels) > 0 or cb is None:
        return False
    mine = ship_dice(ship, cb.hooks)
    theirs = [ship_dice(world.ships[p], cb.hooks) for p in cb.fighters if p != seat]
    if cb.legend != NOBODY and cb.legend_hull > 0:
        theirs.append(D.LEGEND_BY_ID[world.legends[cb.legend].card].dice)
    if cb.navy_in and cb.navy_hull > 0:
        theirs.append(D.ROYAL_NAVY.dice)
    strongest = max(theirs, default=0)
    return strongest > mine or (strongest == mine and seat in cb.hit)


def _battle_card_score(ship: Ship, action: PlayBattle) -> float:
    if action.card in _KEEP:
        return 1.0
    if action.card == D.HOOKS:  # every ship rolls its Crew: good when ours outnumbers Cannons
        crew = D.value(D.CREW, ship.levels[D.CREW])
        return 0.8 if crew > D.value(D.CANNONS, ship.levels[D.CANNONS]) else -1.0
    return -1.0


def _volley_card_score(world: State, seat: int, ship: Ship, action: PlayVolley) -> float:
    """Once per volley each: the card must help the shot about to be fired."""
    cb = world.combat
    if cb is None or action.card in {D.TAVERN[c].effect for c in cb.volley}:
        return -1.0
    rivals = [p for p in cb.fighters if p != seat]
    raider = bool(afloat_raiders(cb))
    if action.card == D.BROADSIDE:  # every section of a player's ship, but no volley next time
        return 1.2 if rivals and not raider else -1.0
    if action.card == D.GRAPESHOT:  # more hits, then two on our own Cannons
        return 1.1 if ship.levels[D.CANNONS] >= 4 else -1.0
    if action.card == D.POWDER_KEG:  # every hull present, ours too
        ours = ship.levels[D.HULL]
        weaker = [p for p in rivals if world.ships[p].levels[D.HULL] < ours]
        return 1.0 if len(weaker) == len(rivals) and rivals and ours >= 3 else -1.0
    return -1.0


def _target_score(world: State, seat: int, action: Fire | NavyFire) -> float:
    if action.target < 0:
        return 1.0  # a raider: only by its hull
    target = world.ships[action.target]
    level = target.levels[D.SECTION_INDEX[action.section]]
    guarded = target.craft != NOBODY and target.craft_section == D.SECTION_INDEX[action.section]
    leader = 0.1 * target.fame
    return 1.0 - 0.2 * level - (0.6 if guarded else 0.0) + leader


# --------------------------------------------------------------------------- everything else

def _other_score(world: State, seat: int, ship: Ship, action: Any) -> float:
    if isinstance(action, ParrotChoice):
        return 0.0 if action.swap else 1.0
    if isinstance(action, CoveDraw):
        return 0.5 if action.gold else 1.0
    if isinstance(action, Bury):
        return _bury_score(world, seat, ship, action)
    if isinstance(action, Buy):
        plenty = ship.gold >= 4 + 2 * (world.month <= 4)
        return 0.8 if plenty and world.month <= 9 and len(ship.hand) <= 3 else -0.5
    if isinstance(action, Privateering | TreasureMap | Lookout | SendNavy | Marque):
        return _event_score(world, seat, ship, action)
    if isinstance(action, Mend):
        return 1.5
    if isinstance(action, Mastercraft | Shipowner):
        return 1.5 - 0.1 * ship.levels[D.SECTION_INDEX[action.section]]
    if isinstance(action, Upgrade):
        return _upgrade_score(world, ship, action)
    if isinstance(action, DoubleUpgrade):  # one ring up at double cost: only with gold to spare
        level = ship.levels[D.SECTION_INDEX[action.section]]
        spare = ship.gold - double_cost(level) >= 3
        return 0.4 if spare and world.month <= 8 and level <= 3 else -0.5
    if isinstance(action, Escape):
        here = _legend_danger(world, ship, ship.island)
        navy = world.navy is not None and world.navy.island == ship.island
        return 1.0 if here >= 4.0 or navy else -1.0
    if isinstance(action, Done | Pass):
        return 0.0
    return -0.5


def _bury_score(world: State, seat: int, ship: Ship, action: Bury) -> float:
    """Bury all, but not for a privateer (half the fame is theirs) unless the game ends now, and
    early on keep the gold that upgrades still need."""
    if world.privateer is not None and world.privateer[1] == seat and world.month < D.MONTHS:
        return -1.0
    kept = ship.gold - 3 * action.bags
    if world.month <= 6 and action.bags and kept < 6 and min(ship.levels) < 4:
        return 1.0 + action.chests
    return 2.0 + action.chests + action.bags


def _event_score(world: State, seat: int, ship: Ship, action: Any) -> float:
    if isinstance(action, Privateering):  # on the rival with most fame, the richest on a tie
        victim = world.ships[action.victim]
        best = max(s.fame for p, s in enumerate(world.ships) if p != seat)
        return 0.5 + 0.02 * victim.gold if victim.fame == best else -1.0
    if isinstance(action, TreasureMap):
        room = D.value(D.HULL, ship.levels[D.HULL]) - ship.chests
        return 0.6 if room >= 2 else -1.0
    if isinstance(action, Lookout):  # the next seat chooses first: this ship chooses last
        return 0.4 if action.first == (seat + 1) % world.seat_count else -1.0
    if isinstance(action, Marque):
        if world.navy is None or world.navy.island != ship.island:
            return -1.0
        return 2.0 + _navy_target_value(world, seat, action.island)
    return _navy_target_value(world, seat, action.island) - 1.0


def _navy_target_value(world: State, seat: int, island: int) -> float:
    """What the Royal Navy takes from a rival alone on ``island``: its Treasure, and some fame."""
    here = [p for p, s in enumerate(world.ships) if s.island == island]
    if len(here) != 1 or here[0] == seat:
        return -1.0
    card = world.face_up[island - 1]
    value = 0.0
    if card != NOBODY:
        t = D.TREASURES[card]
        value = t.gold / 3 + t.chests + 0.4 * t.cards + t.fame
    return value + 0.1 * world.ships[here[0]].fame


def _upgrade_score(world: State, ship: Ship, action: Upgrade) -> float:
    section = D.SECTION_INDEX[action.section]
    cost = D.upgrade_cost(ship.levels[section], action.level)
    if world.month > 9 and cost > 1:
        return -1.0  # late in the game gold is worth more buried
    steps = action.level - ship.levels[section]
    return 0.5 + 0.3 * steps - (0.5 if cost > ship.gold - 1 else 0.0)


# --------------------------------------------------------------------------- results

def winners(state: State) -> list[int]:
    return [] if state.winner == NOBODY else [state.winner]


def points(state: State, seat: int) -> int:
    return state.ships[seat].fame




# --------------------------------------------------------------------------- search support

def stage(state: State) -> int:
    """The month."""
    return state.month


def horizon(state: State) -> int:
    """Where ``hard``'s rollouts stop: at the month's end, but from the last ``TO_THE_END``
    months at the game's end. The value of a month's end counts chests and gold as fame to
    come; with a month or two left that fame hangs on reaching Treasure Island (a legendary
    pirate may sail onto it, a rival may get there first) and on the fame cards of all, which
    only the end of the game shows."""
    return min(state.month, D.MONTHS - TO_THE_END + 1)


TO_THE_END = 2


def value(state: State, seat: int) -> float:
    """What a state is worth to ``seat``, in [0, 1]: 1 for the winner of a finished game, a loser
    its place (``PLACES`` at most); before, its lead over the best other ship in ``worth`` (the
    fame it has, and what it may still turn into fame) blended with its standing against each
    rival, so that a seat far behind the leader still ranks its options by the places it may
    win: the lead alone goes flat there (tanh), and every option looks the same."""
    if state.phase == OVER:
        return 1.0 if state.winner == seat else PLACES * above_rivals(
            [float(s.fame) for s in state.ships], seat, 0.0)
    left = max(D.MONTHS - state.month + 1, 0)
    worths = [standing(state, p, left) for p in range(state.seat_count)]
    mine = worths[seat]
    others = max(w for p, w in enumerate(worths) if p != seat)
    lead = 0.5 + 0.5 * math.tanh((mine - others) / 5)
    return (1 - PLACES) * lead + PLACES * above_rivals(worths, seat, 5.0)


PLACES = 0.4  # the weight of the places against the win: the win still counts most

# What a ship earns in fame each month to come, per point of what it has: a ship and
# its cards are worth what they bring in the months left, so that investing can score higher).
DIE_PER_MONTH = 0.3  # Crew and Cannons: the dice of every fight (the fewer counts most)
SPEED_PER_MONTH = 0.04  # Sails: who fires first, who flees
HOLD_PER_MONTH = 0.05  # Hull: chests carried home
RING_PER_MONTH = 0.03  # any ring above 0: a hit that does not destroy the section
CRAFT_PER_MONTH = 0.15  # a Mastercraft fitted takes a section's first two hits
FRAGILE_PER_MONTH = 0.1  # a ring at 0, unguarded: one hit destroys the section, and the ship
GOLD, CHEST, CARD = 0.2, 0.6, 0.5  # a bag of 3 gold buries for 1 fame, a chest for 1
FASTEST = 16  # speed beyond this wins no more races (Trelawney's parrot adds 20)
# What a section left at ring 1 by the outfit costs: half a ring at 0 (two hits from the rout,
# not one) over the year.
FIRST_FIGHTS = 0.5 * FRAGILE_PER_MONTH * D.MONTHS


def standing(state: State, seat: int, left: int) -> float:
    """``worth`` of ``seat``'s ship, less what being driven to Pirate's Cove has cost it. A ship
    that fled left the island's Treasure behind (``PLUNDER``). A routed one lost that and the
    month its mat would have worked, and the Cove's repair of each destroyed section to ring 1
    counts as no gain: the ring was at 0 before the hit, and the repair ate the gold of the
    month's upgrades. Without this a rout looked better than not being hit, and a shot that
    routes a rival worse than one that dents it."""
    ship = state.ships[seat]
    if ship.island != D.COVE:
        return worth(ship, left)
    repaired = _rout_repairs(state, seat)
    if repaired is None:
        return worth(ship, left) - PLUNDER
    hull, sails, crew, cannons = (0 if i in repaired else level
                                  for i, level in enumerate(ship.levels))
    as_hit = ship._replace(levels=(hull, sails, crew, cannons))
    return worth(as_hit, left) - PLUNDER - _per_month(as_hit)


def _rout_repairs(state: State, seat: int) -> frozenset[int] | None:
    """The sections the Cove repaired since ``seat``'s rout there; None when it came by flight
    (or the log does not say: a stated position). The log is public: every seat reads the
    same, so twin worlds give the same."""
    repaired: set[int] = set()
    node = state.history
    while node:
        node, chunk = node
        for record in reversed(chunk):
            kind = record[0]
            if kind == E.REPAIRED and record[1] == seat:
                repaired.update(D.SECTIONS.index(name) for name in record[2])
            elif kind in _TO_COVE and record[1] == seat:
                return frozenset(repaired) if kind == E.ROUTED else None
    return None


_TO_COVE = (E.ROUTED, E.FLED)


# The mean Treasure card in fame (gold by the bag of 3, chests, cards, fame): the month's plunder.
PLUNDER = sum(t.gold / 3 + t.chests + 0.4 * t.cards + t.fame for t in D.TREASURES) / len(
    D.TREASURES)


def worth(ship: Ship, left: int) -> float:
    """A ship's fame and what it may still make of the rest, with ``left`` months to play: the
    gold and chests it may bury, its Tavern cards (a fame card its fame, a Mastercraft what it
    would be fitted), and its sections and Mastercrafts for the months left."""
    return (ship.fame + CHEST * ship.chests + GOLD * ship.gold + _per_month(ship) * left
            + sum(_card_worth(c, ship, left) for c in ship.hand) - _repairs(ship))


def _per_month(ship: Ship) -> float:
    """What ``ship`` may earn in fame in one month to come."""
    crew, cannons = D.value(D.CREW, ship.levels[D.CREW]), D.value(D.CANNONS, ship.levels[D.CANNONS])
    # The dice thrown (a parrot may change them: Silver 6, Bones the Cannons), and a little for
    # the larger of Crew and Cannons, which the next upgrade of the other turns into dice.
    # The dice kept after one more hit count too: Crew or Cannons on the lower of a value's
    # two positions loses a die to that hit, and every fight brings hits.
    dice = ((0.7 - STURDY) * ship_dice(ship, False) + STURDY * _dice_after_a_hit(ship)
            + 0.3 * max(crew, cannons))
    crafts = (ship.craft != NOBODY) * (1.0 - 0.5 * ship.craft_damaged) + sum(
        1.0 - 0.5 * damaged for _, _, damaged in ship.more_crafts)
    flint = ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.FLINT  # no hold limit
    hold = D.value(D.HULL, D.TOP_LEVEL if flint else ship.levels[D.HULL])
    return (DIE_PER_MONTH * dice
            + SPEED_PER_MONTH * min(base_speed(ship), FASTEST)
            + HOLD_PER_MONTH * hold
            + RING_PER_MONTH * sum(max(level, 0) for level in ship.levels)
            + CRAFT_PER_MONTH * crafts
            - FRAGILE_PER_MONTH * sum(level <= 0 and not ship.craft_at(section)
                                      for section, level in enumerate(ship.levels)))


STURDY = 0.35  # the share of the dice term that the dice kept after one more hit make


def _dice_after_a_hit(ship: Ship) -> int:
    """The dice ``ship`` throws after one hit on the weaker (for its dice) of Crew and Cannons."""
    hull, sails, crew, cannons = ship.levels
    crew_hit = ship._replace(levels=(hull, sails, max(crew - 1, 0), cannons))
    cannons_hit = ship._replace(levels=(hull, sails, crew, max(cannons - 1, 0)))
    return min(ship_dice(crew_hit, False), ship_dice(cannons_hit, False))


def _repairs(ship: Ship) -> float:
    """A crippled ship owes the Cove 2 gold a destroyed section, which it pays on arrival."""
    return GOLD * D.REPAIR_COST * sum(level < 0 for level in ship.levels)


def _card_worth(card: int, ship: Ship, left: int) -> float:
    spec = D.TAVERN[card]
    if spec.kind == D.FAME:
        return float(spec.fame)  # counted at the end
    if spec.kind == D.MASTERCRAFT and ship.craft == NOBODY:
        return max(CRAFT_PER_MONTH * left * 0.8, 0.1)  # not fitted yet: a little less
    return CARD


__all__ = ["HARD_STEPS", "PLACES", "horizon", "normal", "points", "shortlist", "stage", "standing",
           "value", "winners", "worth"]
