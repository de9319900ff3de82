"""What one seat may know of a Pirate's Cove game (§10 of the reference), as plain JSON data.

A seat sees its own Tavern cards and its own secret choices; everyone sees mats, purses, the fame
track, face-up cards, combats and dice. Deck orders are never shown, only their sizes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from common.engine import check_view_seat
from common.entries import Entries
from common.events import Event, EventKind, by_name, kind_names
from common.words import plural
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


# --------------------------------------------------------------------------- the log in words

def _name(players: tuple[str, ...], ship: Any) -> str:
    if ship == D.LEGEND_SHIP:
        return "the legendary pirate"
    if ship == D.NAVY_SHIP:
        return "the Royal Navy"
    return players[ship] if isinstance(ship, int) and 0 <= ship < len(players) else "?"


def _isl(number: Any) -> str:
    return D.ISLAND_NAMES.get(number, "?") if isinstance(number, int) else "?"


def _card(effect: Any) -> str:
    return D.EFFECT_NAMES.get(effect, str(effect))


def _legend(legend_id: Any) -> str:
    raider = D.LEGEND_BY_ID.get(legend_id)
    return raider.name if raider else "?"


def describe(event: Event, players: tuple[str, ...]) -> str:
    """One log line in words, with player names."""
    return _text(event, tuple(players))


@lru_cache(maxsize=1 << 14)
def _text(event: Event, players: tuple[str, ...]) -> str:
    """Events never change: each line is worded once (views render the whole log)."""
    g = event.get
    handler = _BY_NAME.get(event.kind)
    if handler is None:
        return event.kind.replace("_", " ")
    text: str = handler(g, _name(players, g("seat")), players)
    return text


def mat_values(levels: Any) -> str:
    """Ring positions as the values the mat shows: ``hull 4, sails 7, crew 3, cannons 2``."""
    rings = [int(v) for v in str(levels).split(",")] if isinstance(levels, str) else levels
    return ", ".join(f"{name} {D.value(i, ring)}" for i, (name, ring) in
                     enumerate(zip(D.SECTIONS, rings, strict=True)))


def _d_outfit_secret(g: Any, who: str, players: tuple[str, ...]) -> str:
    return f"Your secret outfitting: {mat_values(g('levels'))}."


def _d_outfits(g: Any, who: str, players: tuple[str, ...]) -> str:
    rows = [f"  {players[i]}: {mat_values(lv)}" for i, lv in enumerate(g("levels"))]
    return "\n".join(["The outfits are revealed:", *rows])


def _d_volley(g: Any, who: str, players: tuple[str, ...]) -> str:
    ship, target = g("ship"), g("target")
    shooter = _legend(g("legend")) if ship == D.LEGEND_SHIP else _name(players, ship)
    shooter = shooter[:1].upper() + shooter[1:]
    aimed = _name(players, target)
    if target == D.LEGEND_SHIP and g("at_legend"):
        aimed = _legend(g("at_legend"))
        aimed = "the " + aimed[4:] if aimed.startswith("The ") else aimed  # mid-sentence
    cards = f" with {', '.join(_card(c) for c in g('cards'))}" if g("cards") else ""
    dice = " ".join(str(v) for v in g("dice"))
    return (f"{shooter} fires{cards} at {aimed}'s {g('section')}: "
            f"dice {dice}, {plural(g('hits'), 'hit')}.")


def _d_powder_keg(g: Any, who: str, players: tuple[str, ...]) -> str:
    text = f"{who}'s Powder Keg: {plural(g('hits'), 'more hit')} on every hull here"
    hulls = []
    if g("legend"):
        raider = D.LEGEND_BY_ID.get(g("legend"))
        full = f"/{raider.hull}" if raider else ""
        hulls.append(f"{_legend(g('legend'))}'s hull is at {g('legend_hull')}{full}")
    if g("navy_hull") is not None:
        hulls.append(f"the Royal Navy's at {g('navy_hull')}/{D.ROYAL_NAVY.hull}")
    return text + (": " + ", ".join(hulls) if hulls else "") + "."


def _d_damaged(g: Any, who: str, players: tuple[str, ...]) -> str:
    section = g("section")
    verb = "are" if section in ("sails", "cannons") else "is"
    if g("level") < 0:
        return f"{who}'s {section} {verb} destroyed!"
    return f"{who}'s {section} ring moves to {g('level')}."


def _d_privateering_share(g: Any, who: str, players: tuple[str, ...]) -> str:
    parts = [f"{g('gold')} gold" if g("gold") else "",
             plural(g("chests"), "chest") if g("chests") else "",
             plural(g("cards"), "Tavern card") if g("cards") else "",
             f"{g('fame')} fame" if g("fame") else ""]
    taken = [p for p in parts if p]
    what = (", ".join(taken[:-1]) + " and " + taken[-1] if len(taken) > 1
            else taken[0] if taken else "nothing")
    return f"{who} takes {what} from {_name(players, g('victim'))} (Privateering)."


def _d_tie_roll(g: Any, who: str, players: tuple[str, ...]) -> str:
    """Equal speeds: the dice set who goes first; equal dice are rolled again (P-R1)."""
    rolls = sorted(zip(g("dice"), g("ships"), strict=True), key=lambda r: -r[0])
    names = [_name(players, s) for s in g("ships")]
    shown = ", ".join(f"{_name(players, s)} {v}" for v, s in rolls)
    text = f"Equal speed ({', '.join(names)}): a die each decides who goes first: {shown}"
    if len(rolls) > 1 and rolls[0][0] == rolls[1][0]:
        return text + "; the equal dice are rolled again."
    again = "; the others' equal dice are rolled again" if len({v for v, _ in rolls}) < \
        len(rolls) else ""
    return text + f"; {_name(players, rolls[0][1])} goes first{again}."


def _loot(card_id: Any, chests: Any = None) -> str:
    """A Treasure card's loot; ``chests``, when given, is what was taken instead of the card's."""
    t = D.treasure_named(card_id)
    if t is None:
        return "?"
    chests = t.chests if chests is None else chests
    parts = [f"{t.gold} gold" if t.gold else "", plural(chests, "chest") if chests else "",
             plural(t.cards, "Tavern card") if t.cards else "", f"{t.fame} fame" if t.fame else ""]
    return ", ".join(part for part in parts if part) or "nothing"


def _d_plunder(g: Any, who: str, players: tuple[str, ...]) -> str:
    t = D.treasure_named(g("card"))
    printed = (t.chests if t else 0) * (2 if g("doubled") else 1)
    notes = ["Treasure Map: chests doubled"] if g("doubled") else []
    if g("chests") is not None and g("chests") < printed:
        notes.append(f"the box held only {plural(g('chests'), 'chest')}")
    note = f" ({'; '.join(notes)})" if notes else ""
    return f"{who} plunders {_isl(g('island'))}: {_loot(g('card'), g('chests'))}{note}."


def _d_fled(g: Any, who: str, players: tuple[str, ...]) -> str:
    text = f"{who} flees to Pirate's Cove."
    if g("witnesses"):
        text += _witnesses(g, players)
    text += f" Mutiny die: {g('die')}."
    if g("mutiny"):
        text += f" MUTINY! All gold and chests lost, and {D.MUTINY_FAME} fame."
    return text


def _witnesses(g: Any, players: tuple[str, ...]) -> str:
    names = ", ".join(players[s] for s in g("witnesses"))
    return f" Witnesses gain {D.WITNESS_FAME} fame: {names}."


def _d_routed(g: Any, who: str, players: tuple[str, ...]) -> str:
    if g("final"):
        return f"{who}'s ship is crippled: out of the final combat."
    text = f"{who}'s ship is crippled and routed to Pirate's Cove."
    if g("witnesses"):
        text += _witnesses(g, players)
    return text


# One sentence per kind of event (a test checks that every kind declared has one).
SENTENCES: dict[EventKind, Any] = {
    E.GAME_START: lambda g, w, p: "A game of Pirate's Cove begins.",
    E.OUTFITTING: lambda g, w, p: (
        f"Every captain secretly outfits their ship with {D.START_GOLD} gold."),
    E.OUTFIT_CHOSEN: lambda g, w, p: f"{w} has outfitted their ship (secret until all have).",
    E.NAVIGATION_CHOSEN: lambda g, w, p: f"{w} has set a course (secret until all have).",
    E.WINDOW_PASS: lambda g, w, p: f"{w} plays no event.",
    E.BOARDING_PASS: lambda g, w, p: f"{w} passes in the boarding round.",
    E.DREW: lambda g, w, p: f"{w} draws a Tavern card.",
    E.TAVERN_RESHUFFLED: lambda g, w, p: "The Tavern discards are shuffled into a new deck.",
    E.TAVERN_EMPTY: lambda g, w, p: "The Tavern deck is empty: no card to draw.",
    E.RELOAD: lambda g, w, p: f"{w} reloads after a Full Broadside and cannot fire.",
    E.NAVY_LEAVES: lambda g, w, p: "The Royal Navy leaves the waters.",
    E.BOUGHT: lambda g, w, p: f"{w} buys a Tavern card for {D.TAVERN_PRICE} gold.",
    E.EFFECTS_DONE: lambda g, w, p: f"{w} is done.",
    E.MASTERCRAFT_MENDED: lambda g, w, p: f"{w} mends their Mastercraft for {D.MEND_COST} gold.",
    E.PARROT_HEALED: lambda g, w, p: f"{w}'s wounded parrot heals.",
    E.GRAPESHOT_RECOIL: lambda g, w, p: f"{w}'s cannons take the Grapeshot recoil!",
    E.OUTFIT_SECRET: _d_outfit_secret,
    E.OUTFITS_REVEALED: _d_outfits,
    E.VOLLEY: _d_volley,
    E.NAVY_VOLLEY: _d_volley,
    E.LEGEND_VOLLEY: _d_volley,
    E.PLUNDER: _d_plunder,
    E.FLED: _d_fled,
    E.ROUTED: _d_routed,
    E.MONTH_START: lambda g, w, p: f"Month {g('month')} of {D.MONTHS} begins.",
    E.MONTH_END: lambda g, w, p: f"Month {g('month')} ends.",
    E.TREASURE_UP: lambda g, w, p: (
        f"{_isl(g('island'))}: the Treasure card shows {_loot(g('card'))}."),
    E.LEGEND_PLACED: lambda g, w, p: f"{_legend(g('legend'))} lies off {_isl(g('island'))}.",
    E.LEGEND_MOVES: lambda g, w, p: (
        f"{_legend(g('legend'))} {'appears off' if g('replaced') else 'sails to'} "
        f"{_isl(g('island'))}."),
    E.NAVIGATION_SECRET: lambda g, w, p: f"Your secret course: {_isl(g('island'))}.",
    E.NAVIGATED_OPENLY: lambda g, w, p: f"{w} sets course for {_isl(g('island'))} (Lookout).",
    E.NAVIGATION_REVEALED: lambda g, w, p: "Courses revealed: " + "; ".join(
        f"{p[i]} to {_isl(x)}" for i, x in enumerate(g("islands"))),
    E.TIE_ROLL: _d_tie_roll,
    E.PRIVATEERING: lambda g, w, p: f"{w} plays Privateering against {_name(p, g('victim'))}.",
    E.PRIVATEERING_CANCELLED: lambda g, w, p: f"{w}'s Escape cancels the Privateering.",
    E.PRIVATEERING_FAME: _d_privateering_share,
    E.PRIVATEERING_LOOT: _d_privateering_share,
    E.POWDER_KEG: _d_powder_keg,
    E.TREASURE_MAP: lambda g, w, p: f"{w} plays a Treasure Map: {_isl(g('island'))} is marked.",
    E.LOOKOUT: lambda g, w, p: f"{w} plays Lookout: courses are open, {_name(p, g('first'))} "
    "first.",
    E.ROYAL_NAVY: lambda g, w, p: f"{w} sends the Royal Navy to {_isl(g('island'))}!",
    E.LETTER_OF_MARQUE: lambda g, w, p: (
        f"{w} plays a Letter of Marque: the Royal Navy turns to {_isl(g('island'))}."),
    E.ESCAPE: lambda g, w, p: f"{w} plays Escape and slips away to {_isl(g('island'))}.",
    E.COMBAT_START: lambda g, w, p: f"Combat off {_isl(g('island'))}!",
    E.TIEBREAK_START: lambda g, w, p: "Tied for most fame: a final combat decides! " + ", ".join(
        _name(p, s) for s in g("ships")),
    E.BATTLE_CARD: lambda g, w, p: f"{w} plays {_card(g('card'))}" + (
        f", throwing {plural(g('chests'), 'chest')} overboard." if g("chests") else "."),
    E.VOLLEY_CARD: lambda g, w, p: f"{w} readies {_card(g('card'))}.",
    E.EXCHANGE: lambda g, w, p: f"Volley exchange {g('number')}.",
    E.LEGEND_REGAINS: lambda g, w, p: f"{_legend(g('legend'))} mends its hull to {g('hull')}.",
    E.DAMAGED: _d_damaged,
    E.MASTERCRAFT_DAMAGED: lambda g, w, p: f"{w}'s Mastercraft on {g('section')} is damaged.",
    E.MASTERCRAFT_DESTROYED: lambda g, w, p: (
        f"{w}'s Mastercraft on {g('section')} is destroyed."),
    E.PARROT_DRAWN: lambda g, w, p: f"{w} draws {_card(g('card'))}!",
    E.PARROT_WOUNDED: lambda g, w, p: f"{w}'s {_card(g('card'))} is wounded.",
    E.PARROT_KILLED: lambda g, w, p: (
        f"{w}'s {_card(g('card'))} dies: {w} loses {D.DEAD_PARROT_FAME} fame."),
    E.PARROT_SWAPPED: lambda g, w, p: (
        f"{w} pays {D.PARROT_SWAP_FAME} fame to swap {_card(g('old'))} for {_card(g('card'))}."),
    E.PARROT_KEPT: lambda g, w, p: f"{w} keeps the old parrot; {_card(g('card'))} goes back.",
    E.NAVY_SUNK: lambda g, w, p: "The Royal Navy is sunk!",
    E.NAVY_FAME: lambda g, w, p: f"Survivors share the Royal Navy's fame: {g('share')} each.",
    E.LEGEND_SUNK: lambda g, w, p: (
        f"{_legend(g('legend'))} is sunk! {g('share')} fame to each ship present."),
    E.COMBAT_END: lambda g, w, p: (
        f"The combat off {_isl(g('island'))} is over." if g("island") != D.TIEBREAK
        else "The final combat is over."),
    E.DREW_CARD: lambda g, w, p: f"You draw {_card(g('card'))}.",
    E.UPGRADED: lambda g, w, p: (
        f"{w} raises {g('section')} to {g('level')} for {g('cost')} gold."),
    E.BURIED: lambda g, w, p: (
        f"{w} buries {plural(g('chests'), 'chest')} and {g('gold')} gold for {g('fame')} fame."),
    E.COVE_DRAW: lambda g, w, p: f"{w} takes " + (
        "{} Tavern card and {} gold.".format(*D.COVE_CARD_GOLD) if g("gold")
        else f"{D.COVE_CARDS} Tavern cards."),
    E.REPAIRED: lambda g, w, p: f"{w} repairs {', '.join(g('sections'))} for {g('paid')} gold" + (
        ", short of gold: no cards or gold in the Cove." if g("short") else "."),
    E.MASTERCRAFT: lambda g, w, p: f"{w} fits a Mastercraft on {g('section')}.",
    E.SHIPOWNER: lambda g, w, p: f"{w} plays Shipowner: {g('section')} up to {g('level')}.",
    E.HOLD_OVERFLOW: lambda g, w, p: f"{w}'s hold is too small: {plural(g('lost'), 'chest')} lost.",
    E.FAME_CARDS: lambda g, w, p: (
        f"{w} reveals fame cards worth {g('fame')}." if g("cards") else f"{w} has no fame card."),
    E.GAME_OVER: lambda g, w, p: f"The game is over: {_name(p, g('winner'))} is the most "
    "famous pirate!",
}

_BY_NAME = by_name(SENTENCES)

ENTRIES = Entries(describe)
describe_dict = ENTRIES.entry  # a log entry as JSON data; a fresh copy


def events(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game log as ``seat`` may read it (fresh dicts: callers may change them)."""
    return ENTRIES.events(state, seat)


__all__ = ["describe", "events", "public_view", "view"]
