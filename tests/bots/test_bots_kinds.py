"""Pirate's Cove ``hard`` takes the rarer kinds of decision where they are best, and not where
they are not: a parrot swap, the Cove's "1 card + 2 gold", Treasure Island's
double-cost upgrade, Becalmed and Overboard.

Each position is met in a ``normal`` game of 4 players (seeds 40 to 45), then changed by hand
into one where the kind is right and one where it is not. ``hard`` runs on a budget of steps well
inside its time guard, so that its choice does not depend on the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pirates
from common.bots import choose, make_bot
from pirates import data as D
from pirates.actions import CoveDraw, DoubleUpgrade, ParrotChoice, Pass, PlayBattle
from pirates.state import COMBAT, EFFECTS, NOBODY, Ship, State
from tests.bots.test_bots_decide import relabelled

STEPS = 3000


@cache
def met(kind: type) -> tuple[int, State]:
    """The first (turn, state) of the seeded ``normal`` games where the seat to act may take an
    action of ``kind``."""
    return first(lambda state, seat: any(isinstance(a, kind)
                                         for a in pirates.legal_actions(state, seat)))


def first(found: Callable[[State, int], bool],
          seeds: tuple[int, ...] = tuple(range(40, 46))) -> tuple[int, State]:
    """The first (turn, state) of the seeded ``normal`` games where ``found`` (state, seat to
    act) holds."""
    for seed in seeds:
        bots = [make_bot("pirates", "normal", seed * 8 + i) for i in range(4)]
        state = pirates.new_game(["A", "B", "C", "D"], seed)
        turn = 0
        while not pirates.is_over(state):
            seat = pirates.to_act(state)[0]
            if found(state, seat):
                return turn, state
            state = pirates.apply(state, choose(bots[seat], state, seat, turn))
            turn += 1
    raise AssertionError("no such position met")


def hard(turn: int, state: State) -> Any:
    """``hard``'s choice on a budget of steps, its clock out of reach (a loaded machine would
    end the search early otherwise)."""
    bot = make_bot("pirates", "hard", 1, steps=STEPS, seconds=60)
    return choose(bot, state, pirates.to_act(state)[0], turn)


def hard_turn(turn: int, state: State, stop: Callable[[State], bool]) -> list[Any]:
    """``hard``'s actions from ``state`` on, while ``stop`` says the turn goes on."""
    seat = pirates.to_act(state)[0]
    actions: list[Any] = []
    while not stop(state) and pirates.to_act(state) == (seat,):
        action = hard(turn + len(actions), state)
        actions.append(action)
        state = pirates.apply(state, action)
    return actions


def with_ship(state: State, **changes: Any) -> State:
    seat = pirates.to_act(state)[0]
    ships = list(state.ships)
    ships[seat] = ships[seat]._replace(**changes)
    return state._replace(ships=tuple(ships))


# --------------------------------------------------------------------------- a second parrot

def parrots(old: str, new: str, month: int) -> tuple[int, State]:
    """The first second parrot met, with ``old`` on the mat and ``new`` drawn, in ``month``:
    the four parrots put where the others were, so that every card is still in one place."""
    turn, state = met(ParrotChoice)
    seat, drawn = state.parrots[0]
    held = state.ships[seat].parrot
    sources, targets = [held, drawn], [D.TAVERN_BY_ID[old].index, D.TAVERN_BY_ID[new].index]
    flip = dict(zip(sources, targets, strict=True))
    flip.update(zip([c for c in targets if c not in sources],
                    [c for c in sources if c not in targets], strict=True))
    state = relabelled(state, flip)._replace(month=month)
    return turn, with_ship(state, levels=(2, 4, 1, 1), fame=max(state.ships[seat].fame, 2))


def test_hard_swaps_a_parrot_for_a_better_one_with_months_to_go() -> None:
    """Month 2, Crew and Cannons at ring 1 (2 dice): Long John Silver's parrot makes it 6 dice
    for ten months, for 1 fame; Captain Flint's only frees the hold."""
    turn, state = parrots(D.FLINT, D.SILVER, 2)
    assert hard(turn, state) == ParrotChoice(pirates.to_act(state)[0], True)


def test_hard_keeps_the_better_parrot() -> None:
    """The other way round: swapping Silver away for Flint would cost 1 fame and 4 dice."""
    turn, state = parrots(D.SILVER, D.FLINT, 2)
    assert hard(turn, state) == ParrotChoice(pirates.to_act(state)[0], False)


# --------------------------------------------------------------------------- the Cove's draw

def test_hard_takes_two_cards_at_the_cove_while_the_tavern_has_them() -> None:
    turn, state = met(CoveDraw)
    assert state.tavern_deck
    assert hard(turn, state) == CoveDraw(pirates.to_act(state)[0], False)


def test_hard_takes_one_card_and_two_gold_when_the_tavern_is_bare() -> None:
    """The Tavern deck and its discards empty (their cards in another hand, their parrots out of
    the game): a second card would be none, and the 2 gold are something."""
    turn, state = met(CoveDraw)
    seat = pirates.to_act(state)[0]
    other = (seat + 1) % state.seat_count
    cards = [c for c in (*state.tavern_deck, *state.tavern_discard)
             if D.TAVERN[c].kind != D.PARROT]
    ships = list(state.ships)
    ships[other] = ships[other]._replace(hand=tuple(sorted((*ships[other].hand, *cards))))
    bare = state._replace(ships=tuple(ships), tavern_deck=(), tavern_discard=())
    assert hard(turn, bare) == CoveDraw(seat, True)


# --------------------------------------------------------------------------- Treasure Island

def treasure_island(month: int) -> tuple[int, State]:
    """The first Treasure Island visit where a double-cost upgrade was possible, the ship with
    Crew and Cannons at ring 1, 12 gold and nothing to bury, in ``month``."""
    turn, state = met(DoubleUpgrade)
    assert state.phase == EFFECTS
    return turn, with_ship(state, levels=(2, 4, 1, 1), gold=12, chests=0)._replace(month=month)


def test_hard_raises_crew_or_cannons_at_double_cost_early_on() -> None:
    turn, state = treasure_island(2)
    actions = hard_turn(turn, state, lambda s: s.phase != EFFECTS)
    assert any(isinstance(a, DoubleUpgrade) and a.section in ("crew", "cannons")
               for a in actions), actions


def test_hard_does_not_pay_double_in_the_last_month() -> None:
    turn, state = treasure_island(D.MONTHS)
    actions = hard_turn(turn, state, lambda s: s.phase != EFFECTS)
    assert not any(isinstance(a, DoubleUpgrade) for a in actions), actions


# --------------------------------------------------------------------------- a duel's boarding

def a_duel(state: State, seat: int) -> bool:
    cb = state.combat
    return (state.phase == COMBAT and cb is not None and cb.boarding and len(cb.fighters) == 2
            and cb.legend == NOBODY and not cb.navy_in and seat in cb.fighters)


def on_ship(ship: Ship) -> list[int]:
    """The Tavern cards in a ship's hand and on its mat."""
    crafts = [ship.craft, *(craft for _, craft, _ in ship.more_crafts)]
    return [c for c in (*ship.hand, ship.parrot, *crafts) if c != NOBODY]


def duel(card: str, rival_cards: tuple[str, ...], sails: int,
         rival_sails: int) -> tuple[int, State]:
    """The first boarding of two player ships met, made a duel the first volley decides: both
    ships with 5 dice and the Hull at ring 0 (one hit cripples), no Mastercraft, no parrot. The
    seat to act holds ``card`` and 2 chests, the rival ``rival_cards`` and 1 chest; every other
    Tavern card lies face up in the discards, so the seat knows the rival's hand. The faster
    ship is first in the boarding order (the rival has passed when it is first)."""
    turn, state = first(a_duel)
    me, cb = state.seat, state.combat
    assert cb is not None
    rival = next(p for p in cb.fighters if p != me)
    elsewhere = {c for p, ship in enumerate(state.ships) if p not in (me, rival)
                 for c in on_ship(ship)}  # the other ships keep theirs
    copies: dict[str, list[int]] = {}
    for spec in D.TAVERN:
        if spec.index not in elsewhere:
            copies.setdefault(spec.effect, []).append(spec.index)
    hands = {me: [copies[card].pop(0)], rival: [copies[e].pop(0) for e in rival_cards]}
    ships = list(state.ships)
    for p, speed in ((me, sails), (rival, rival_sails)):
        ships[p] = Ship(levels=(0, speed, D.TOP_LEVEL, D.TOP_LEVEL), gold=ships[p].gold,
                        chests=2 if p == me else 1, fame=ships[p].fame,
                        hand=tuple(sorted(hands[p])), island=ships[p].island)
    held = {c for ship in ships for c in on_ship(ship)}
    order = (me, rival) if sails > rival_sails else (rival, me)
    combat = cb._replace(order=order, turn=order.index(me), played=False, battle=())
    state = state._replace(ships=tuple(ships), tavern_deck=(), combat=combat,
                           tavern_discard=tuple(c.index for c in D.TAVERN if c.index not in held))
    assert sorted((*state.tavern_discard, *(c for ship in ships for c in on_ship(ship)))) == [
        c.index for c in D.TAVERN]  # every card in one place
    assert pirates.view(state, me)["players"][rival]["cards_in_hand"] == len(rival_cards)
    return turn, state


def test_hard_throws_a_chest_overboard_to_fire_first() -> None:
    """One knot slower (Sails 6 against 7): 1 chest overboard (+2) makes it fire first, and the
    first hit cripples; the second chest would be thrown for nothing."""
    turn, state = duel(D.OVERBOARD, (), 2, 3)
    assert hard(turn, state) == PlayBattle(state.seat, D.OVERBOARD, 1)


def test_hard_keeps_its_chests_when_it_fires_first_anyway() -> None:
    turn, state = duel(D.OVERBOARD, (), 3, 2)
    assert hard(turn, state) == Pass(state.seat)


def test_hard_becalms_a_rival_that_holds_favourable_winds() -> None:
    """First to play, one knot faster: the rival's two Favourable Winds (+12) would make it fire
    first; Becalmed, played now, ends the boarding before any is played."""
    turn, state = duel(D.BECALMED, (D.WINDS, D.WINDS), 3, 2)
    assert hard(turn, state) == PlayBattle(state.seat, D.BECALMED)


def test_hard_keeps_becalmed_when_the_rival_holds_no_card() -> None:
    turn, state = duel(D.BECALMED, (), 3, 2)
    assert hard(turn, state) == Pass(state.seat)
