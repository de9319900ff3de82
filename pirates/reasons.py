"""What a seat's panel lists beside its legal actions: the costs of the island's upgrades and the
rules' reason for each option a player would look for and cannot take now (a card in hand, a
level too dear, an island the Royal Navy may not go to). The view carries them for the seat that
is to act, so that the interface neither computes a cost nor asks about a made-up action; each
reason is its English text with its refusal code and params, for an interface to word.
"""

from __future__ import annotations

from pirates import data as D
from pirates.actions import (
    Action,
    Bury,
    Buy,
    DoubleUpgrade,
    Escape,
    Fire,
    Flee,
    Lookout,
    Marque,
    Mastercraft,
    Mend,
    ParrotChoice,
    PlayBattle,
    PlayVolley,
    Privateering,
    SendNavy,
    Shipowner,
    TreasureMap,
    Upgrade,
)
from pirates.islands import double_cost
from pirates.legality import holds
from pirates.numbers import ship_dice
from pirates.options import legal, refusal, to_act
from pirates.state import AFTER_NAV, BEFORE_NAV, COMBAT, EFFECTS, OUTFIT, Ship, State
from pirates.view_types import Offers, Reason

# The island cards: the action each island of the window would be.
_ISLAND_CARDS: dict[str, type] = {D.NAVY: SendNavy, D.MARQUE: Marque, D.ESCAPE: Escape}
# The cards of the island effects played on a section: the action for each section.
_SECTION_CARDS: dict[str, type] = {D.MASTERCRAFT: Mastercraft, D.SHIPOWNER: Shipowner}


def offers(state: State, seat: int) -> Offers:
    """Reasons (None: allowed) and costs for the decision ``seat`` takes now; empty when the
    game does not wait for it."""
    if seat not in to_act(state):
        return {}
    allowed = frozenset(legal(state, seat))
    if state.parrots:
        return {"swap": _why(state, ParrotChoice(seat, True), allowed)}
    if state.phase == OUTFIT:
        return {"dice": _outfit_dice(state.ships[seat])}
    if state.phase in (BEFORE_NAV, AFTER_NAV):
        return _window(state, seat, allowed)
    if state.phase == COMBAT and state.combat is not None:
        return _combat(state, seat, allowed)
    if state.phase == EFFECTS:
        return _effects(state, seat, allowed)
    return {}


def _outfit_dice(ship: Ship) -> list[list[int]]:
    """The dice the ship would throw, by Crew position then Cannons position (0 to 7)."""
    top = range(D.TOP_LEVEL + 1)
    return [[ship_dice(ship._replace(levels=(1, 1, crew, cannons)), False) for cannons in top]
            for crew in top]


def _reason(state: State, action: Action) -> Reason:
    """Why ``action`` is refused: the rules' English ``text``, and its ``code`` and ``params``
    for an interface to word it in its own language."""
    err = refusal(state, action)
    return {"text": str(err), "code": err.code, "params": dict(err.params)}


def _why(state: State, action: Action, allowed: frozenset[Action]) -> Reason | None:
    return None if action in allowed else _reason(state, action)


def _first_reason(state: State, actions: list[Action],
                  allowed: frozenset[Action]) -> Reason | None:
    """None when one of ``actions`` is allowed, else the reason the first is refused."""
    if any(a in allowed for a in actions):
        return None
    return _reason(state, actions[0]) if actions else None


def _card_actions(state: State, seat: int, effect: str) -> list[Action]:
    """Every way of playing ``effect`` now (its targets), to find one allowed or a reason."""
    others = [s for s in range(state.seat_count) if s != seat]
    if effect == D.PRIVATEERING:
        return [Privateering(seat, v) for v in others]
    if effect == D.TREASURE_MAP:
        return [TreasureMap(seat)]
    if effect == D.LOOKOUT:
        return [Lookout(seat, f) for f in range(state.seat_count)]
    if effect in _ISLAND_CARDS:
        return [_ISLAND_CARDS[effect](seat, i) for i in range(1, D.COVE + 1)]
    if effect in _SECTION_CARDS:
        return [_SECTION_CARDS[effect](seat, name) for name in D.SECTIONS]
    if effect in D.BATTLE_EFFECTS:
        return [PlayBattle(seat, effect, 1 if effect == D.OVERBOARD else 0)]
    return [PlayVolley(seat, effect)]


def _cards(state: State, seat: int, effects: tuple[str, ...],
           allowed: frozenset[Action]) -> dict[str, Reason]:
    """The cards of ``effects`` held and not playable now, with the rules' reason."""
    ship = state.ships[seat]
    out = {}
    for effect in effects:
        if holds(ship, effect):
            reason = _first_reason(state, _card_actions(state, seat, effect), allowed)
            if reason is not None:
                out[effect] = reason
    return out


_WINDOW_CARDS = {BEFORE_NAV: (D.PRIVATEERING, D.TREASURE_MAP, D.LOOKOUT),
                 AFTER_NAV: (D.NAVY, D.MARQUE, D.ESCAPE)}


def _window(state: State, seat: int, allowed: frozenset[Action]) -> Offers:
    effects = _WINDOW_CARDS[state.phase]
    cards = _cards(state, seat, effects, allowed)
    playable = [e for e in effects if e in _ISLAND_CARDS and holds(state.ships[seat], e)
                and e not in cards]
    islands = {effect: [_why(state, _ISLAND_CARDS[effect](seat, i), allowed)
                        for i in range(1, D.COVE + 1)] for effect in playable}
    return {"cards": cards, "islands": islands}


def _combat(state: State, seat: int, allowed: frozenset[Action]) -> Offers:
    cb = state.combat
    assert cb is not None
    if cb.boarding:
        return {"cards": _cards(state, seat, D.BATTLE_EFFECTS, allowed)}
    return {"cards": _cards(state, seat, D.VOLLEY_EFFECTS, allowed),
            "flee": _why(state, Flee(seat), allowed), "fire": _fire(state, seat, allowed)}


def _fire(state: State, seat: int, allowed: frozenset[Action]) -> dict[int, Reason]:
    """The other ships of the combat that may not be fired at now (a raider afloat first)."""
    cb = state.combat
    assert cb is not None
    out = {}
    for target in cb.fighters:
        shots: list[Action] = [Fire(seat, target, name) for name in D.SECTIONS]
        reason = None if target == seat else _first_reason(state, shots, allowed)
        if reason is not None:
            out[target] = reason
    return out


def _effects(state: State, seat: int, allowed: frozenset[Action]) -> Offers:
    ship = state.ships[seat]
    out: Offers = {}
    if state.island == D.TAVERN_ISLAND:
        out["buy"] = {"cost": D.TAVERN_PRICE, "reason": _why(state, Buy(seat), allowed)}
    section = D.ISLAND_SECTION.get(state.island)
    if section is not None:
        name, now = D.SECTIONS[section], ship.levels[section]
        out["upgrades"] = [
            {"section": name, "from": now, "level": level, "value": D.value(section, level),
             "cost": D.upgrade_cost(now, level),
             "reason": _why(state, Upgrade(seat, name, level), allowed)}
            for level in range(max(now, 0) + 1, D.TOP_LEVEL + 1)]
    out["cards"] = _cards(state, seat, tuple(_SECTION_CARDS), allowed)
    out["sections"] = {effect: [_why(state, action, allowed) for action in
                                _card_actions(state, seat, effect)]
                       for effect in _SECTION_CARDS
                       if holds(ship, effect) and effect not in out["cards"]}
    if ship.craft_to_mend:
        out["mend"] = _why(state, Mend(seat), allowed)
    if state.island == D.TREASURE_ISLAND:
        some = Bury(seat, 1, 0) if ship.chests else Bury(seat, 0, 1)
        out["bury"] = None if any(isinstance(a, Bury) for a in allowed) else \
            _reason(state, some)
        out["double"] = [
            {"section": name, "from": level, "level": level + 1, "cost": double_cost(level),
             "reason": _why(state, DoubleUpgrade(seat, name), allowed)}
            for name, level in zip(D.SECTIONS, ship.levels, strict=True) if level < D.TOP_LEVEL]
    return out


__all__ = ["offers"]
