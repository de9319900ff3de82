"""Who is to act and what they may do: the legal-action listing by phase, cached, and why an
action it leaves out is refused.

Each family's module declares its actions' rules (``legality.Rule``): the phase, the card
played, the check and the handler; its listing sits beside the check and reads the same tables
and predicates. Here are the checks every action shares (the game, the seat, the phase, the card
in hand); a refusal names its rule with a stable code (docs/pirates-actions.md). ``apply`` asks
for it only when the action is not in the listing.
"""

from __future__ import annotations

from typing import Any

from common.codec import clip
from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import battle_cards, combat, event_cards, islands, month, navy, parrots
from pirates import data as D
from pirates.actions import NAMES, Action, CoveDraw, ParrotChoice, action_from_json, action_to_json
from pirates.combat import combat_options
from pirates.event_cards import before_nav_offers, escape_offers
from pirates.islands import cove_first_refusal, effect_options
from pirates.legality import PASS, card_name, holds
from pirates.month import navigations, outfits
from pirates.parrots import parrot_options
from pirates.state import (
    AFTER_NAV,
    BEFORE_NAV,
    COMBAT,
    EFFECTS,
    NAVIGATE,
    NOBODY,
    OUTFIT,
    OVER,
    State,
)

RULES: dict[type, Rule] = {
    **month.RULES, **event_cards.RULES, **navy.RULES, **battle_cards.RULES, **combat.RULES,
    **islands.RULES,
    **parrots.RULES,
}


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.parrots:
        return (state.parrots[0][0],)
    if state.seat == NOBODY:  # simultaneous secret choices
        made = state.outfits if state.phase == OUTFIT else state.headings
        return tuple(s for s, c in enumerate(made) if c is None)
    return (state.seat,)


# The last listing, kept with a strong reference to its state so that ``apply`` right after
# ``legal_actions`` (the usual pattern) does not list again; states are immutable. One tuple,
# replaced whole: a computer player thinking in another thread never reads half of one.
_last: tuple[Any, int, tuple[Action, ...]] = (None, -1, ())


def legal(state: State, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now: none unless the game waits for it."""
    global _last
    last = _last
    if last[0] is state and last[1] == seat:
        return last[2]
    out = _listlegal(state, seat) if seat in to_act(state) else ()
    _last = (state, seat, out)
    return out


def _listlegal(state: State, seat: int) -> tuple[Action, ...]:
    if state.parrots:
        return parrot_options(seat, state.ships[seat].fame >= D.PARROT_SWAP_FAME)
    phase = state.phase
    ship = state.ships[seat]
    if phase == OUTFIT:
        return outfits(seat, ship.gold)
    if phase == NAVIGATE:
        return navigations(seat)
    if phase == BEFORE_NAV:
        return (*before_nav_offers(state, seat, ship), PASS[seat])
    if phase == AFTER_NAV:
        return (*navy.window_offers(state, seat, ship), *escape_offers(state, seat, ship),
                PASS[seat])
    if phase == COMBAT:
        return combat_options(state, seat)
    if phase == EFFECTS:
        return effect_options(state, seat)
    return ()


# --------------------------------------------------------------------------- refusals

def check(state: State, action: Action) -> Refusal:
    """The first rule ``action`` breaks, with its code; None when it is legal. The listing
    offers exactly what this allows (tests/pirates/test_pirates_refusal_codes.py)."""
    found = _malformed(action) or _turn_refusal(state, action) or _hand_refusal(state, action)
    return found or RULES[type(action)].check(state, action)


def refusal(state: State, action: Action) -> IllegalAction:
    """Why ``action``, which the listing does not offer, is refused."""
    # The fallback is unreached while the checks and the listing agree.
    return check(state, action) or IllegalAction(f"'{NAMES[type(action)]}' is not offered now",
                                                 "not-offered")


def _malformed(action: Action) -> Refusal:
    """An action built in code, not read from JSON, may hold fields of the wrong type."""
    if type(action) not in RULES:
        return IllegalAction(f"not a Pirate's Cove action: {clip(action)}")
    try:
        action_from_json(action_to_json(action))
    except (TypeError, ValueError) as err:
        return err if isinstance(err, IllegalAction) else IllegalAction(str(err))
    return None


def _turn_refusal(state: State, action: Action) -> Refusal:
    """The game, the seat, the decision awaited and the phase."""
    seat = action.seat
    if state.phase == OVER:
        return IllegalAction("the game is over", "game-over")
    if seat not in range(state.seat_count):
        return IllegalAction(f"there is no seat {clip(seat)} in this game", "no-such-seat")
    waiting = to_act(state)
    if seat not in waiting:
        who = ", ".join(state.players[s] for s in waiting)
        return IllegalAction(f"it is not {state.players[seat]}'s turn: the game waits for {who}",
                             "not-your-turn")
    if state.parrots and type(action) is not ParrotChoice:
        return IllegalAction("first decide about the parrot just drawn: swap it or keep the "
                             "old one", "parrot-first")
    if not state.parrots and type(action) is ParrotChoice:
        return IllegalAction("there is no parrot to decide about", "no-parrot")
    if state.parrots:
        return None
    if state.phase not in RULES[type(action)].phases:
        return IllegalAction(f"'{NAMES[type(action)]}' is not possible during "
                             f"{state.phase.replace('_', ' ')}", "wrong-phase")
    if state.phase == EFFECTS and type(action) is not CoveDraw:
        return cove_first_refusal(state)
    return None


def _hand_refusal(state: State, action: Action) -> Refusal:
    """The card played, and the section named, exist; the card is in the hand."""
    card = RULES[type(action)].card or getattr(action, "card", None)
    if isinstance(card, str):
        if card not in D.EFFECT_NAMES:
            return IllegalAction(f"there is no card {clip(card)}", "no-such-card")
        if not holds(state.ships[action.seat], card):
            return IllegalAction(f"you hold no {card_name(card)} card", "card-not-held",
                                 {"card": card})
    section = getattr(action, "section", None)
    if isinstance(section, str) and section not in D.SECTION_INDEX:
        return IllegalAction(f"there is no section {clip(section)}", "no-such-section")
    return None
