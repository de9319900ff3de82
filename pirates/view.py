"""What one seat may know of a Pirate's Cove game (§10 of the reference), as plain JSON data.

A seat sees its own Tavern cards and its own secret choices; everyone sees mats, purses, the fame
track, face-up cards, combats and dice. Deck orders are never shown, only their sizes.
"""

from __future__ import annotations

from typing import Any, cast

from common.engine import check_view_seat
from common.entries import Entries
from common.events import kind_names
from pirates import data as D
from pirates import event_kinds as E
from pirates.numbers import base_speed, combat_speed, hit_face, ship_dice
from pirates.options import legal, to_act
from pirates.reasons import offers
from pirates.rules import result
from pirates.state import NAVIGATE, NOBODY, OUTFIT, OVER, Combat, Ship, State, afloat_raiders
from pirates.view_types import (
    CombatLegend,
    CombatView,
    CraftView,
    Entry,
    IslandLegend,
    IslandView,
    NavyView,
    NextVolley,
    Offers,
    Outfit,
    Phase,
    PiratesView,
    PlayerView,
    SecretChoice,
    TreasureView,
)


def view(state: State, seat: int | None) -> PiratesView:
    check_view_seat(seat, state.seat_count)
    log = events(state, seat)
    out: PiratesView = {
        "game": "pirates",
        "seat": seat,
        "month": state.month,
        "months": D.MONTHS,
        "phase": cast(Phase, state.phase),
        "to_act": list(to_act(state)),
        "players": [_player(state, p, seat) for p in range(state.seat_count)],
        "islands": [_island(state, i) for i in range(1, D.COVE + 1)],
        "treasury_chests": state.supply,
        "tavern_deck": len(state.tavern_deck),
        "tavern_discard": _cards(state.tavern_discard),
        "treasure_discard": [D.TREASURES[c].kind for c in state.treasure_discard],
        "legend_deck": len(state.legend_deck),
        "legend_discard": list(state.legend_discard),
        "royal_navy": _navy(state),
        "privateering": (
            None if state.privateer is None
            else {"seat": state.privateer[0], "victim": state.privateer[1]}
        ),
        "treasure_map": (
            None if state.treasure_map is None
            else {"island": state.treasure_map[0], "seat": state.treasure_map[1]}
        ),
        "lookout_first": None if state.lookout == NOBODY else state.lookout,
        "combat": _combat(state, log),
        "parrot_choice": (
            {"seat": state.parrots[0][0], "card": D.TAVERN[state.parrots[0][1]].effect}
            if state.parrots else None
        ),
        "log": log,
        "over": state.phase == OVER,
        "options": {"multi_mastercraft": state.multi_craft},
    }
    if seat is not None:
        ship = state.ships[seat]
        out["hand"] = _cards(ship.hand)
        out["my_choice"] = _own_choice(state, seat)
        out["my_choice_values"] = _own_choice_values(state, seat)
        out["options"] = len(legal(state, seat))
        out["offers"] = offers(state, seat)
    if state.phase == OVER:
        out["result"] = result(state)
    return out


def _cards(cards: tuple[int, ...]) -> list[str]:
    """Tavern cards by their effect: copies are one card at a real table, so no view tells
    them apart (the order stays the rules' own: a hand sorted, the discards as played)."""
    return [D.TAVERN[c].effect for c in cards]


# What a seat's offers say that its hand decides: never shown at the public table.
_PRIVATE_OFFERS = frozenset({"cards", "islands", "sections"})


def public_view(state: State, seat: int) -> PiratesView:
    """What a decision taken at the public table (``pirates.offers``) is drawn from: the
    spectator's view, for ``seat``, with the costs and reasons of its public options."""
    out = view(state, None)
    out["seat"] = seat
    out["offers"] = cast(Offers, {key: value for key, value in offers(state, seat).items()
                                  if key not in _PRIVATE_OFFERS})
    return out


def _own_choice(state: State, seat: int) -> SecretChoice:
    if state.phase not in (OUTFIT, NAVIGATE):
        return None
    if state.phase == OUTFIT:
        outfit = state.outfits[seat]
        return None if outfit is None else dict(zip(D.SECTIONS, outfit, strict=True))
    return state.headings[seat]  # navigation's choice: an island's number


def _has_chosen(state: State, seat: int) -> bool:
    """Whether the seat has made the phase's secret choice (the table sees that much)."""
    made = state.outfits if state.phase == OUTFIT else state.headings
    return made[seat] is not None


def _own_choice_values(state: State, seat: int) -> Outfit | None:
    """The seat's secret outfitting as the mat shows it (the value of each ring chosen), the
    numbers its log line gives."""
    choice = state.outfits[seat] if state.phase == OUTFIT else None
    if choice is None:
        return None
    return {name: D.value(i, ring) for i, (name, ring) in enumerate(zip(D.SECTIONS, choice,
                                                                        strict=True))}


def _player(state: State, p: int, seat: int | None) -> PlayerView:
    ship: Ship = state.ships[p]
    secret = state.phase in (OUTFIT, NAVIGATE) and state.seat == NOBODY
    return {
        "seat": p,
        "name": state.players[p],
        "island": ship.island,
        "levels": dict(zip(D.SECTIONS, ship.levels, strict=True)),
        "values": {
            name: D.value(i, ship.levels[i]) for i, name in enumerate(D.SECTIONS)
        },
        "speed": base_speed(ship),
        "dice": ship_dice(ship, _hooked(state, p)),
        "gold": ship.gold,
        "chests": ship.chests,
        "fame": ship.fame,
        "cards_in_hand": len(ship.hand),
        "parrot": D.TAVERN[ship.parrot].effect if ship.parrot != NOBODY else None,
        "parrot_wounded": ship.parrot_wounded,
        "mastercraft": D.SECTIONS[ship.craft_section] if ship.craft != NOBODY else None,
        "mastercraft_damaged": ship.craft_damaged,
        "mastercrafts": _crafts(ship),
        "crippled": ship.crippled,
        "has_chosen": _has_chosen(state, p) if secret else None,
        "fame_cards": (
            [c for c in _cards(ship.hand) if D.TAVERN_BY_EFFECT[c].kind == D.FAME]
            if state.phase == OVER or p == seat else None
        ),
    }


def _crafts(ship: Ship) -> list[CraftView]:
    """Every Mastercraft on the mat (several only in the variant), in section order."""
    crafts = [(s, d) for s, _, d in ship.more_crafts]
    if ship.craft != NOBODY:
        crafts.append((ship.craft_section, ship.craft_damaged))
    return [{"section": D.SECTIONS[s], "damaged": d} for s, d in sorted(crafts)]


def _island(state: State, island: int) -> IslandView:
    legends: list[IslandLegend] = [
        {"id": lg.card, "name": D.LEGEND_BY_ID[lg.card].name, "hull": lg.hull, "sunk": lg.sunk}
        for lg in state.legends if lg.island == island
    ]
    name = D.ISLAND_NAMES[island]
    if island > len(D.OUTER):  # the Treasure stacks are on the outer islands only
        return {"number": island, "name": name, "legends": legends}
    card = state.face_up[island - 1]
    return {"number": island, "name": name, "stack": len(state.stacks[island - 1]),
            "treasure": None if card == NOBODY else _treasure(card), "legends": legends}


def _treasure(card: int) -> TreasureView:
    t = D.TREASURES[card]
    return {"kind": t.kind, "gold": t.gold, "chests": t.chests, "cards": t.cards, "fame": t.fame}


def _navy(state: State) -> NavyView | None:
    if state.navy is None:
        return None
    return {"island": state.navy.island, "controller": state.navy.controller,
            "sender": state.navy.sender}


def _hooked(state: State, seat: int) -> bool:
    """Grappling Hooks: the ships of the combat throw as many dice as their Crew."""
    cb = state.combat
    return cb is not None and cb.hooks and seat in cb.fighters


def _combat(state: State, log: list[Entry]) -> CombatView | None:
    cb = state.combat
    if cb is None:
        return None
    order = _stage_order(cb, log)
    return {
        "island": cb.island,
        "tiebreak": cb.island == D.TIEBREAK,
        "stage": "boarding" if cb.boarding else "volleys",
        "exchange": cb.exchange,
        "fighters": list(cb.fighters),
        "order": order,
        "speeds": [combat_speed(cb, state.ships, state.legends, s) for s in order],
        "to_fire": list(cb.order) if not cb.boarding else [],
        "legend": _combat_legend(state, cb),
        "legend_hull": cb.legend_hull if cb.legend != NOBODY else None,
        "navy_hull": cb.navy_hull if cb.navy_in else None,
        "next_volley": _next_volley(state, cb),
        "battle_cards": _cards(cb.battle),
        "becalmed": cb.becalmed,
        "grappling_hooks": cb.hooks,
        "winds": list(cb.winds),
        "smoke": sorted(cb.smoke),
        "overboard": list(cb.overboard),
        "hit": sorted(cb.hit),
        "volley_cards": _cards(cb.volley),
    }


_COMBAT_STARTS = kind_names(E.COMBAT_START, E.TIEBREAK_START)


def _stage_order(cb: Combat, log: list[Entry]) -> list[int]:
    """Boarding: the turns drawn when the combat began (player ships only); volleys: the order
    the rules drew for this exchange, raiders included, as its log entry says."""
    if cb.boarding:
        return list(cb.order)
    for entry in reversed(log):
        if entry["kind"] == E.EXCHANGE.name:
            return list(entry["order"])
        if entry["kind"] in _COMBAT_STARTS:
            break
    return list(cb.order)


def _combat_legend(state: State, cb: Combat) -> CombatLegend | None:
    if cb.legend == NOBODY:
        return None
    raider = D.LEGEND_BY_ID[state.legends[cb.legend].card]
    return {"id": raider.id, "name": raider.name, "hull": cb.legend_hull, "full": raider.hull,
            "dice": raider.dice, "fame": raider.fame}


def _next_volley(state: State, cb: Combat) -> NextVolley | None:
    """The volley of the ship whose turn it is: the dice it throws and, for each ship it may
    fire at, the least face that hits (Smoke, and Grapeshot readied, count)."""
    if cb.boarding or not cb.order or cb.order[0] == D.LEGEND_SHIP:
        return None
    ship = cb.order[0]
    raiders = afloat_raiders(cb)
    if ship == D.NAVY_SHIP:
        dice, grapeshot, targets = D.ROYAL_NAVY.dice, 0, list(cb.fighters)
    else:
        dice = ship_dice(state.ships[ship], cb.hooks)
        grapeshot = sum(D.TAVERN[c].effect == D.GRAPESHOT for c in cb.volley)
        targets = raiders or [s for s in cb.fighters if s != ship]
    return {"ship": ship, "dice": dice,
            "targets": [{"target": t, "hits_on": hit_face(cb, t, grapeshot)} for t in targets]}


# --------------------------------------------------------------------------- the log

# The log as data: the interface words it (pirates/ui/log_words.py, the game's one wording).
ENTRIES = Entries()


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game log as ``seat`` may read it (fresh dicts: callers may change them)."""
    return ENTRIES.events(state, seat)


__all__ = ["events", "public_view", "view"]
