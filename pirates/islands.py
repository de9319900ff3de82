"""The island effects (§1, §5.5, §7, §8): buying on Tavern Island, upgrades on Hull, Sail,
Cannon and Crew Islands, burying and the double-cost upgrade on Treasure Island, Pirate's Cove's
cards and repairs, and from any island Mastercraft, mending it and Shipowner."""

from __future__ import annotations

from functools import lru_cache

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import (
    Action,
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Mastercraft,
    Mend,
    Shipowner,
    Upgrade,
)
from pirates.draft import DraftCore
from pirates.legality import (
    DONE,
    SECTION_IDS,
    at_top,
    holds,
    island_name,
    unaffordable,
    wrong_island,
)
from pirates.state import EFFECTS, NOBODY, Ship, State


class IslandsRules(DraftCore):
    def repair(self, seat: int) -> None:
        """Every destroyed section back to 1 at 2 gold each; P-R10: short of gold, pay all."""
        ship = self.ships[seat]
        broken = [i for i, level in enumerate(ship.levels) if level < 0]
        if not broken:
            return
        cost = D.REPAIR_COST * len(broken)
        paid = self.pay(seat, cost)
        for section in broken:
            self.set_level(seat, section, D.START_LEVEL)
        short = paid < cost
        self.emit(E.REPAIRED.record(seat=seat, sections=tuple(SECTION_IDS[i] for i in broken),
                                    paid=paid, short=short))
        if short:  # repaired all the same, but neither gold nor Tavern cards
            self.done = self.done | {"cove"}


def effect_options(state: State, seat: int) -> tuple[Action, ...]:
    ship = state.ships[seat]
    island = state.island
    if cove_first(state):
        return (CoveDraw(seat, False), CoveDraw(seat, True))
    out: list[Action] = []
    if island == D.TAVERN_ISLAND and _buy_refusal(state, Buy(seat)) is None:
        out.append(Buy(seat))
    section = D.ISLAND_SECTION.get(island)
    if section is not None:
        out.extend(_upgrades(seat, section, ship.levels[section], ship.gold))
    if island == D.TREASURE_ISLAND:
        out.extend(_treasure_island_options(state, seat, ship))
    out.extend(_any_island_options(seat, ship, state.multi_craft))
    out.append(DONE[seat])
    return tuple(out)


# --------------------------------------------------------------------------- Pirate's Cove

def cove_first(state: State) -> bool:
    """In Pirate's Cove the cards (or card and gold) come before anything else."""
    return state.island == D.COVE and "cove" not in state.done


def cove_first_refusal(state: State) -> Refusal:
    if cove_first(state):
        cards, gold = D.COVE_CARD_GOLD
        return IllegalAction(f"in Pirate's Cove, first choose {D.COVE_CARDS} Tavern cards or "
                             f"{cards} card and {gold} gold", "cove-first")
    return None


def _cove_refusal(state: State, a: CoveDraw) -> Refusal:
    if state.island != D.COVE:
        return wrong_island(state, "Tavern cards and gold are taken in Pirate's Cove only",
                            "cove")
    if not cove_first(state):
        return IllegalAction("you have had your cards in Pirate's Cove this visit", "cove-done")
    return None


def _h_cove(d: IslandsRules, a: CoveDraw) -> None:
    d.done = d.done | {"cove"}
    d.emit(E.COVE_DRAW.record(seat=a.seat, gold=a.gold))
    if a.gold:
        cards, gold = D.COVE_CARD_GOLD
        d.receive_gold(a.seat, gold)
        d.draw(a.seat, cards)
    else:
        d.draw(a.seat, D.COVE_CARDS)


# --------------------------------------------------------------------------- Tavern Island

def _buy_refusal(state: State, a: Buy) -> Refusal:
    if state.island != D.TAVERN_ISLAND:
        return wrong_island(state, "Tavern cards are bought on Tavern Island only", "buy")
    if state.bought >= D.TAVERN_BUYS:
        return IllegalAction(f"{D.TAVERN_BUYS} Tavern cards at most are bought in one visit",
                             "buy-limit", {"count": D.TAVERN_BUYS})
    if not (state.tavern_deck or state.tavern_discard):
        return IllegalAction("the Tavern deck and its discard pile are empty", "tavern-empty")
    gold = state.ships[a.seat].gold
    if gold < D.TAVERN_PRICE:
        return IllegalAction(f"a Tavern card costs {D.TAVERN_PRICE} gold and you have {gold}",
                             "buy-unaffordable", {"cost": D.TAVERN_PRICE, "gold": gold})
    return None


def _h_buy(d: IslandsRules, a: Buy) -> None:
    d.pay(a.seat, D.TAVERN_PRICE)
    d.bought += 1
    d.emit(E.BOUGHT.record(seat=a.seat))
    d.draw(a.seat, 1)


# --------------------------------------------------------------------------- the upgrade islands

@lru_cache(maxsize=1024)
def _upgrades(seat: int, section: int, now: int, gold: int) -> tuple[Action, ...]:
    """The ring of ``section`` moved up from ``now`` to any position the gold pays for."""
    out = []
    for level in range(now + 1, D.TOP_LEVEL + 1):
        if D.upgrade_cost(now, level) > gold:
            break
        out.append(Upgrade(seat, SECTION_IDS[section], level))
    return tuple(out)


def _upgrade_refusal(state: State, a: Upgrade) -> Refusal:
    section = D.ISLAND_SECTION.get(state.island)
    if section is None:
        return wrong_island(state, "rings are upgraded on Hull, Sail, Cannon or Crew Island",
                            "upgrade")
    if a.section != SECTION_IDS[section]:
        return IllegalAction(f"{island_name(state.island)} upgrades the {SECTION_IDS[section]} "
                             "only", "wrong-island",
                             {"task": "section", "island": state.island,
                              "section": SECTION_IDS[section]})
    ship = state.ships[a.seat]
    now = ship.levels[section]
    if a.level not in range(now + 1, D.TOP_LEVEL + 1):
        return IllegalAction(f"your {a.section} ring is on {now}: name a position from "
                             f"{now + 1} to {D.TOP_LEVEL}", "upgrade-level",
                             {"section": a.section, "now": now, "top": D.TOP_LEVEL})
    return unaffordable(f"a {a.section} ring from {now} to {a.level}",
                        D.upgrade_cost(now, a.level), ship.gold, "upgrade-unaffordable",
                        section=a.section, now=now, level=a.level)


def _h_upgrade(d: IslandsRules, a: Upgrade) -> None:
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = D.upgrade_cost(now, a.level)
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, a.level)
    d.emit(E.UPGRADED.record(seat=a.seat, section=a.section, level=a.level, cost=cost))


# --------------------------------------------------------------------------- Treasure Island

def double_cost(level: int) -> int:
    """Treasure Island: one position up at double the mat's cost."""
    return 2 * D.COST_INTO[level + 1]


# Each seat's four double upgrades, built once: the listing offers those the rule allows.
_DOUBLES = tuple(tuple(DoubleUpgrade(seat, name) for name in SECTION_IDS)
                 for seat in range(D.MAX_PLAYERS))
_DOUBLING = "a ring goes up at double cost"
_BURYING = "treasure is buried"


def _treasure_island_options(state: State, seat: int, ship: Ship) -> list[Action]:
    out: list[Action] = [a for a in _DOUBLES[seat] if _double_blocked(state, a) is None]
    if _once_here(state, "bury", _BURYING) is None:
        out.extend(_burials(seat, ship.chests, ship.gold // D.BAG))
    return out


def _once_here(state: State, key: str, what: str) -> Refusal:
    if state.island != D.TREASURE_ISLAND:
        return wrong_island(state, f"{what} on Treasure Island only", key)
    if key in state.done:
        return IllegalAction(f"{what} once per visit: done already this visit", "once-per-visit",
                             {"task": key})
    return None


def _double_blocked(state: State, a: DoubleUpgrade) -> str | None:
    """The one statement of the double upgrade's conditions, which the listing and the check
    both ask: the code of the first it fails (words are built only for a refusal)."""
    if state.island != D.TREASURE_ISLAND or "double" in state.done:
        return "once-here"
    ship = state.ships[a.seat]
    level = ship.levels[D.SECTION_INDEX[a.section]]
    if level >= D.TOP_LEVEL:
        return "section-at-top"
    if double_cost(level) > ship.gold:
        return "upgrade-unaffordable"
    return None


def _double_refusal(state: State, a: DoubleUpgrade) -> Refusal:
    blocked = _double_blocked(state, a)
    if blocked == "once-here":
        return _once_here(state, "double", _DOUBLING)
    if blocked == "section-at-top":
        return at_top(a.section)
    if blocked == "upgrade-unaffordable":
        ship = state.ships[a.seat]
        level = ship.levels[D.SECTION_INDEX[a.section]]
        return unaffordable(f"your {a.section} one position up at double cost",
                            double_cost(level), ship.gold, "upgrade-unaffordable",
                            section=a.section, double=True)
    return None


def _h_double(d: IslandsRules, a: DoubleUpgrade) -> None:
    section = D.SECTION_INDEX[a.section]
    now = d.ships[a.seat].levels[section]
    cost = double_cost(now)
    d.pay(a.seat, cost)
    d.set_level(a.seat, section, now + 1)
    d.done = d.done | {"double"}
    d.emit(E.UPGRADED.record(seat=a.seat, section=a.section, level=now + 1, cost=cost))


@lru_cache(maxsize=4096)
def _burials(seat: int, chests: int, bags: int) -> tuple[Action, ...]:
    return tuple(
        Bury(seat, c, b) for c in range(chests + 1) for b in range(bags + 1) if c or b
    )


def _bury_refusal(state: State, a: Bury) -> Refusal:
    found = _once_here(state, "bury", _BURYING)
    if found is not None:
        return found
    ship = state.ships[a.seat]
    if a.chests < 0 or a.bags < 0 or not (a.chests or a.bags):
        return IllegalAction(f"bury 1 chest or 1 bag of {D.BAG} gold at least", "bury-nothing",
                             {"bag": D.BAG})
    if a.chests > ship.chests:
        return IllegalAction(f"you have {ship.chests} chests to bury, not {a.chests}",
                             "bury-chests", {"chests": ship.chests, "asked": a.chests})
    if a.bags * D.BAG > ship.gold:
        return IllegalAction(f"{a.bags} bags of {D.BAG} gold are {a.bags * D.BAG} gold and you "
                             f"have {ship.gold}", "bury-unaffordable",
                             {"bags": a.bags, "bag": D.BAG, "gold": ship.gold})
    return None


def _h_bury(d: IslandsRules, a: Bury) -> None:
    ship = d.ships[a.seat]
    d.set_ship(a.seat, chests=ship.chests - a.chests)
    d.supply += a.chests
    d.pay(a.seat, D.BAG * a.bags)
    d.done = d.done | {"bury"}
    fame = a.chests + a.bags
    d.emit(E.BURIED.record(seat=a.seat, chests=a.chests, gold=D.BAG * a.bags, fame=fame))
    d.share_gain(a.seat, fame)  # under Privateering the privateer takes half


# --------------------------------------------------------------------------- any island

def _any_island_options(seat: int, ship: Ship, multi_craft: bool) -> list[Action]:
    out: list[Action] = []
    if holds(ship, D.MASTERCRAFT) and (multi_craft or ship.craft == NOBODY):
        out.extend(Mastercraft(seat, name) for i, name in enumerate(SECTION_IDS)
                   if not ship.craft_at(i))
    if ship.craft_to_mend and ship.gold >= D.MEND_COST:
        out.append(Mend(seat))
    if holds(ship, D.SHIPOWNER):
        out.extend(
            Shipowner(seat, name)
            for i, name in enumerate(SECTION_IDS)
            if 0 <= ship.levels[i] < D.TOP_LEVEL
        )
    return out


def _mastercraft_refusal(state: State, a: Mastercraft) -> Refusal:
    ship = state.ships[a.seat]
    if state.multi_craft and ship.craft_at(D.SECTION_INDEX[a.section]):
        return IllegalAction(f"your {a.section} has a Mastercraft already: one per section "
                             "(Mastercraft variant)", "mastercraft-section-fitted",
                             {"section": a.section})
    if ship.craft != NOBODY and not state.multi_craft:
        return IllegalAction(f"your ship has a Mastercraft already, on the "
                             f"{SECTION_IDS[ship.craft_section]}", "mastercraft-fitted",
                             {"section": SECTION_IDS[ship.craft_section]})
    return None


def _h_mastercraft(d: IslandsRules, a: Mastercraft) -> None:
    card = d.take_from_hand(a.seat, D.MASTERCRAFT)
    section = D.SECTION_INDEX[a.section]
    ship = d.ships[a.seat]
    if ship.craft == NOBODY:
        d.set_ship(a.seat, craft=card, craft_section=section, craft_damaged=False)
    else:  # the variant: a further one, on a section without one
        d.set_ship(a.seat, more_crafts=tuple(sorted((*ship.more_crafts, (section, card, False)))))
    d.emit(E.MASTERCRAFT.record(seat=a.seat, section=a.section))


def _mend_refusal(state: State, a: Mend) -> Refusal:
    ship = state.ships[a.seat]
    if not ship.craft_to_mend:
        return IllegalAction("you have no damaged Mastercraft to mend", "nothing-to-mend")
    if ship.gold < D.MEND_COST:
        return IllegalAction(f"mending costs {D.MEND_COST} gold and you have {ship.gold}",
                             "mend-unaffordable", {"cost": D.MEND_COST, "gold": ship.gold})
    return None


def _h_mend(d: IslandsRules, a: Mend) -> None:
    d.pay(a.seat, D.MEND_COST)
    ship = d.ships[a.seat]
    if ship.craft_damaged:
        d.set_ship(a.seat, craft_damaged=False)
    else:  # the variant: the first damaged further one, in section order
        crafts = list(ship.more_crafts)
        at = next(i for i, c in enumerate(crafts) if c[2])
        crafts[at] = (crafts[at][0], crafts[at][1], False)
        d.set_ship(a.seat, more_crafts=tuple(crafts))
    d.emit(E.MASTERCRAFT_MENDED.record(seat=a.seat))


def _shipowner_refusal(state: State, a: Shipowner) -> Refusal:
    level = state.ships[a.seat].levels[D.SECTION_INDEX[a.section]]
    if level >= D.TOP_LEVEL:
        return at_top(a.section)
    if level < 0:
        return IllegalAction(f"your {a.section} is destroyed: Pirate's Cove repairs it",
                             "section-destroyed", {"section": a.section})
    return None


def _h_shipowner(d: IslandsRules, a: Shipowner) -> None:
    d.discard_from_hand(a.seat, D.SHIPOWNER)
    section = D.SECTION_INDEX[a.section]
    level = d.ships[a.seat].levels[section] + 1
    d.set_level(a.seat, section, level)
    d.emit(E.SHIPOWNER.record(seat=a.seat, section=a.section, level=level))


# --------------------------------------------------------------------------- the end of a turn

def _done_refusal(state: State, a: Done) -> Refusal:
    return None  # only the Cove's cards come first (cove_first, checked for every effect)


def _h_done(d: IslandsRules, a: Done) -> None:
    d.emit(E.EFFECTS_DONE.record(seat=a.seat))
    d.turn += 1
    if d.turn < len(d.order):
        d.begin_effects_turn()
    else:
        d.next_effects_island()


_HERE = (EFFECTS,)
RULES: dict[type, Rule] = {
    Buy: Rule(_HERE, None, _buy_refusal, _h_buy),
    Upgrade: Rule(_HERE, None, _upgrade_refusal, _h_upgrade),
    DoubleUpgrade: Rule(_HERE, None, _double_refusal, _h_double),
    Bury: Rule(_HERE, None, _bury_refusal, _h_bury),
    CoveDraw: Rule(_HERE, None, _cove_refusal, _h_cove),
    Mastercraft: Rule(_HERE, D.MASTERCRAFT, _mastercraft_refusal, _h_mastercraft),
    Mend: Rule(_HERE, None, _mend_refusal, _h_mend),
    Shipowner: Rule(_HERE, D.SHIPOWNER, _shipowner_refusal, _h_shipowner),
    Done: Rule(_HERE, None, _done_refusal, _h_done),
}
