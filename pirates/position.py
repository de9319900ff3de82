"""Pirate's Cove games started from a stated position (the set-up keys of
docs/pirates-actions.md): a month and phase, each ship's mat, purse, fame, island, hand, parrot
and Mastercraft, the legendary pirates, the Royal Navy and the decks.

A position is checked against the invariants of the rules (gold and chests conserved, every card in
one place, a ship whole at the start of a month) and anything impossible is refused with
``IllegalAction`` and its reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from common.codec import clip
from common.errors import IllegalAction
from pirates import data as D
from pirates import event_kinds as E
from pirates.rules import Draft
from pirates.state import AFTER_NAV, BEFORE_NAV, NAVIGATE, NOBODY, Legend, Navy, Ship, State

PHASES = (BEFORE_NAV, NAVIGATE, AFTER_NAV)
# No ship comes near these: 9 gold each at the start, 112 on all the Treasure cards, 2 a month
# from the Cove; fame from buried bags, Treasure and Tavern cards. Kept to the game's scale so
# that nothing shown or listed (Bury's bags: gold / 3) grows with a number typed into a file.
MAX_GOLD = 999
MAX_FAME = 999
_SHIP_KEYS = {"levels", "gold", "chests", "fame", "island", "hand", "parrot", "mastercraft"}


def start(state: State, setup: Mapping[str, Any], treasure: Sequence[int]) -> State:
    """``state``, a game just set up (no card dealt yet), moved to the position ``setup`` states.
    ``treasure`` is the Treasure deck, top first, from the position's month on."""
    count = state.seat_count
    names = state.players
    month = _whole(setup.get("month", 1), "month")
    if not 1 <= month <= D.MONTHS:
        raise IllegalAction(f"month must be from 1 to {D.MONTHS}")
    phase = setup.get("phase", BEFORE_NAV)
    if phase not in PHASES:
        raise IllegalAction(f"phase must be one of {', '.join(PHASES)}")
    raw = setup.get("ships") or [{}] * count
    if not isinstance(raw, list | tuple) or len(raw) != count:
        raise IllegalAction(f"ships must list one ship per seat ({count})")
    ships = [_ship(data, names[seat], phase) for seat, data in enumerate(raw)]
    _check_chests(ships, names)
    discard = tuple(_card_ids(setup.get("tavern_discard") or [], "tavern_discard"))
    deck = _tavern_deck(state.tavern_deck, ships, discard)
    legends, legend_deck = _legends(setup.get("legends"), state.legend_deck, count)
    kept = len(D.OUTER) * (D.MONTHS - month + 1)  # cards of this month and the ones to come
    d = Draft(state._replace(
        month=month - 1, ships=tuple(ships), stacks=tuple(tuple(treasure[:kept][i::5])
                                                          for i in range(5)),
        treasure_discard=tuple(treasure[kept:]), tavern_deck=deck, tavern_discard=discard,
        legends=tuple(legends), legend_deck=legend_deck,
        treasury=D.START_GOLD * count - sum(s.gold for s in ships),
        supply=D.CHESTS_IN_BOX - sum(s.chests for s in ships),
    ))
    d.emit(E.GAME_START.record(players=names))
    for lg in legends:
        d.emit(E.LEGEND_PLACED.record(legend=lg.card, island=lg.island))
    d.start_month()
    if phase == NAVIGATE:
        d.start_navigation()
    elif phase == AFTER_NAV:
        d.headings = tuple(ship.island for ship in ships)
        d.reveal_navigation()
    d.navy = _navy(setup.get("navy"), phase, ships, names)
    return d.freeze()


# --------------------------------------------------------------------------- checks

def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise IllegalAction(f"{what} must be a whole number")
    return value


def _text(value: Any) -> str:
    """``value`` if it is text, else ``""`` (no id): an id is looked up, never hashed blindly."""
    return value if isinstance(value, str) else ""


def _card_ids(ids: Any, who: str) -> list[int]:
    if not isinstance(ids, list | tuple):
        raise IllegalAction(f"{who} must be a list of Tavern card ids")
    out = []
    for card_id in ids:
        card = D.TAVERN_BY_ID.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise IllegalAction(f"{who}: there is no Tavern card {clip(card_id)}")
        out.append(card.index)
    return out


def _ship(data: Any, name: str, phase: str) -> Ship:
    if not isinstance(data, Mapping) or set(data) - _SHIP_KEYS:
        raise IllegalAction(f"{name}'s ship takes the keys {', '.join(sorted(_SHIP_KEYS))}")
    levels = _levels(data.get("levels", {}), name)
    gold, chests, fame = (_whole(data.get(k, default), f"{name}'s {k}")
                          for k, default in (("gold", D.START_GOLD), ("chests", 0), ("fame", 0)))
    if min(gold, chests, fame) < 0:
        raise IllegalAction(f"{name}: gold, chests and fame cannot be negative (P-R15)")
    if gold > MAX_GOLD or fame > MAX_FAME or chests > D.CHESTS_IN_BOX:
        raise IllegalAction(f"{name}'s gold and fame must be at most {MAX_GOLD} and chests at "
                            f"most {D.CHESTS_IN_BOX}: no game comes near")
    island = _whole(data.get("island", 0), f"{name}'s island")
    low = 1 if phase == AFTER_NAV else 0
    high = D.TREASURE_ISLAND if phase == AFTER_NAV else D.COVE
    if not low <= island <= high:
        raise IllegalAction(f"{name}'s island must be from {low} to {high} in {phase}")
    hand = _card_ids(data.get("hand", []), f"{name}'s hand")
    for card in hand:
        if D.TAVERN[card].kind == D.PARROT:
            raise IllegalAction(f"{name}: a parrot sits on the mat as soon as drawn, not in a hand")
    parrot = _parrot(data.get("parrot"), name)
    craft, section, damaged = _craft(data.get("mastercraft"), name)
    ship = Ship(levels, gold, chests, fame, tuple(sorted(hand)), island, parrot, False, craft,
                section, damaged)
    flint = parrot != NOBODY and D.TAVERN[parrot].effect == D.FLINT
    room = D.value(D.HULL, levels[D.HULL])
    if chests > room and not flint:
        raise IllegalAction(f"{name} carries {chests} chests but the hull holds {room}: chests "
                            "beyond the hull go back at the end of every month")
    return ship


def _levels(data: Any, name: str) -> tuple[int, int, int, int]:
    if not isinstance(data, Mapping) or set(data) - set(D.SECTIONS):
        raise IllegalAction(f"{name}'s levels map sections ({', '.join(D.SECTIONS)}) to 0..7")
    out = []
    for section in D.SECTIONS:
        level = _whole(data.get(section, D.START_LEVEL), f"{name}'s {section}")
        if not 0 <= level <= D.TOP_LEVEL:
            # A destroyed section (-1) is repaired in Pirate's Cove before the month ends.
            raise IllegalAction(f"{name}'s {section} must be from 0 to {D.TOP_LEVEL}: a ship is "
                                "whole at the start of a month")
        out.append(level)
    return out[0], out[1], out[2], out[3]


def _parrot(value: Any, name: str) -> int:
    if value is None:
        return NOBODY
    card = D.TAVERN_BY_ID.get(value) if isinstance(value, str) else None
    if card is None or card.kind != D.PARROT:
        raise IllegalAction(f"{name}: {clip(value)} is not a parrot")
    return card.index


def _craft(value: Any, name: str) -> tuple[int, int, bool]:
    if value is None:
        return NOBODY, NOBODY, False
    if not isinstance(value, Mapping) or set(value) - {"card", "section", "damaged"}:
        raise IllegalAction(f"{name}'s mastercraft is {{card, section, damaged}}")
    card = D.TAVERN_BY_ID.get(_text(value.get("card")))
    if card is None or card.kind != D.MASTERCRAFT:
        raise IllegalAction(f"{name}: {clip(value.get('card'))} is not a Mastercraft card")
    section = D.SECTION_INDEX.get(_text(value.get("section")))
    if section is None:
        raise IllegalAction(f"{name}'s Mastercraft needs a section: {', '.join(D.SECTIONS)}")
    return card.index, section, bool(value.get("damaged", False))


def _check_chests(ships: list[Ship], names: tuple[str, ...]) -> None:
    total = sum(s.chests for s in ships)
    if total > D.CHESTS_IN_BOX:
        raise IllegalAction(f"the ships carry {total} chests, but the box holds only "
                            f"{D.CHESTS_IN_BOX} (P-R24)")


def _tavern_deck(
    deck: tuple[int, ...], ships: list[Ship], discard: tuple[int, ...]
) -> tuple[int, ...]:
    """The Tavern deck in its set-up order, without the cards the position puts elsewhere."""
    placed: list[int] = [*discard]
    for ship in ships:
        placed += ship.hand
        placed += [c for c in (ship.parrot, ship.craft) if c != NOBODY]
    seen: set[int] = set()
    for card in placed:
        if card in seen:
            raise IllegalAction(f"{D.TAVERN[card].name} ({D.TAVERN[card].id}) is in two places")
        seen.add(card)
    return tuple(c for c in deck if c not in seen)


def _legends(
    value: Any, deck: tuple[str, ...], count: int
) -> tuple[list[Legend], tuple[str, ...]]:
    islands = D.legend_islands(count)
    want = len(islands)
    if value is None:  # as at the start
        value = [{"card": card, "island": island}
                 for card, island in zip(deck, islands, strict=False)]
    if not isinstance(value, list | tuple) or len(value) != want:
        raise IllegalAction(f"with {count} players there are {want} legendary pirate(s) at sea")
    out: list[Legend] = []
    for data in value:
        if not isinstance(data, Mapping) or set(data) != {"card", "island"}:
            raise IllegalAction("a legendary pirate is {card, island}")
        card, island = data["card"], _whole(data["island"], "a legendary pirate's island")
        if _text(card) not in D.LEGEND_BY_ID:
            raise IllegalAction(f"there is no legendary pirate {clip(card)}")
        if any(lg.card == card for lg in out):
            raise IllegalAction(f"{D.LEGEND_BY_ID[card].name} is at sea twice")
        if not 1 <= island <= D.TREASURE_ISLAND:
            raise IllegalAction("legendary pirates sail islands 1 to 6, never into the Cove")
        out.append(Legend(card, island, D.LEGEND_BY_ID[card].hull))
    at_sea = {lg.card for lg in out}
    return out, tuple(c for c in deck if c not in at_sea)


def _navy(value: Any, phase: str, ships: list[Ship], names: tuple[str, ...]) -> Navy | None:
    if value is None:
        return None
    if phase != AFTER_NAV:
        raise IllegalAction("the Royal Navy is sent after navigation and leaves at the end of "
                            "the month: state it only in after_navigation")
    if not isinstance(value, Mapping) or set(value) != {"island", "controller", "sender"}:
        raise IllegalAction("the Royal Navy is {island, controller, sender}")
    island = _whole(value["island"], "the Navy's island")
    controller = _whole(value["controller"], "the Navy's controller")
    sender = _whole(value["sender"], "the Navy's sender")
    if not (0 <= controller < len(ships) and 0 <= sender < len(ships)):
        raise IllegalAction("the Navy's controller and sender must be seats of the game")
    if island not in D.OUTER:
        raise IllegalAction("the Royal Navy sails only to an outer island (1 to 5)")
    if ships[sender].island == island or ships[controller].island == island:
        raise IllegalAction(f"the Royal Navy is never sent to its sender's or controller's own "
                            f"island (P-R18): {names[sender]} or {names[controller]} is there")
    return Navy(island, controller, sender)


# --------------------------------------------------------------------------- the other way

def position_of(state: State) -> dict[str, Any]:
    """The set-up that states ``state``'s position, for a state at the start of a month (its
    first window just opened): ``new_game(players, seed, setup=position_of(state))`` is the same
    month, ships, decks (in order, from the top) and legendary pirates. The RNG is not part of
    a position, nor the order of the Treasure discard."""
    if state.phase != BEFORE_NAV or state.turn or state.passes or state.month < 1:
        raise IllegalAction("a position is stated at the start of a month, as its first window "
                            "opens")
    ships = [_ship_data(ship) for ship in state.ships]
    # Treasure card k of the set-up deck goes to island k mod 5 + 1 at depth k div 5.
    columns = [[card, *stack] for card, stack in zip(state.face_up, state.stacks, strict=True)]
    deck = [D.TREASURES[col[depth]].id for depth in range(max(map(len, columns)))
            for col in columns if depth < len(col)]
    return {
        "month": state.month,
        "ships": ships,
        "legends": [{"card": lg.card, "island": lg.island} for lg in state.legends],
        "legendary": list(state.legend_deck),
        "tavern": [D.TAVERN[c].id for c in state.tavern_deck],
        "tavern_discard": [D.TAVERN[c].id for c in state.tavern_discard],
        "treasure": deck,
        "dice": list(state.dice),
    }


def _ship_data(ship: Ship) -> dict[str, Any]:
    out: dict[str, Any] = {
        "levels": dict(zip(D.SECTIONS, ship.levels, strict=True)), "gold": ship.gold,
        "chests": ship.chests, "fame": ship.fame, "island": ship.island,
        "hand": [D.TAVERN[c].id for c in ship.hand],
    }
    if ship.parrot != NOBODY:
        out["parrot"] = D.TAVERN[ship.parrot].id
    if ship.craft != NOBODY:
        out["mastercraft"] = {"card": D.TAVERN[ship.craft].id,
                              "section": D.SECTIONS[ship.craft_section],
                              "damaged": ship.craft_damaged}
    return out
