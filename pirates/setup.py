"""Pirate's Cove set-up: a new game, its Treasure, Tavern and legendary decks and its dice drawn
from the seed's RNG or fixed by ``setup``, or a whole stated position (pirates/position.py; the
keys are in docs/pirates-actions.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.codec import clip
from common.engine import check_options, check_players
from common.errors import IllegalAction
from common.rng import Rng
from pirates import data as D
from pirates import event_kinds as E
from pirates import position
from pirates.data import MAX_PLAYERS, MIN_PLAYERS
from pirates.rules import Draft
from pirates.state import NOBODY, OUTFIT, Ship, State

# The options of new_game: the seed's Mastercraft variant (several on a ship, one per section).
OPTIONS: dict[str, type] = {"multi_mastercraft": bool}
# The set-up keys that fix the decks and the dice, and those that state a position to start from
# (pirates/position.py).
SETUP_KEYS = frozenset({"treasure", "tavern", "legendary", "dice"})
POSITION_KEYS = frozenset({"month", "phase", "ships", "legends", "navy", "tavern_discard"})
MAX_DICE = 1000  # rolls fixed by a set-up (a test's); far more than a game rolls


def new_game(
    players: list[str], seed: int, *, setup: Mapping[str, Any] | None = None, **options: Any
) -> State:
    """A fresh game. ``setup`` may fix the decks and the dice (docs/pirates-actions.md)."""
    names = check_players(players, "Pirate's Cove", MIN_PLAYERS, MAX_PLAYERS)
    check_options(options, OPTIONS)
    if type(seed) is not int:
        raise IllegalAction("the seed must be a whole number")
    if setup is not None and not isinstance(setup, Mapping):
        raise IllegalAction("the set-up must be a JSON object")
    given = dict(setup or {})
    bad = set(given) - SETUP_KEYS - POSITION_KEYS
    if bad:
        raise IllegalAction(f"unknown set-up key(s): {', '.join(sorted(bad))}")
    rng = Rng.from_seed(seed)
    treasure, rng = _deck(given.get("treasure"), D.TREASURE_BY_ID, len(D.TREASURES), rng)
    tavern, rng = _deck(given.get("tavern"), D.TAVERN_BY_ID, len(D.TAVERN), rng)
    legend_ids = [r.id for r in D.LEGENDS]
    legends, rng = _deck(given.get("legendary"), {i: i for i in legend_ids}, 0, rng)
    count = len(names)
    # Card k goes to island k % 5 + 1 at depth k // 5: the first five are month 1's cards.
    stacks = tuple(tuple(treasure[i::5]) for i in range(5))
    state = State(
        players=names, rng=rng, dice=_dice(given.get("dice")), month=0, phase=OUTFIT,
        seat=NOBODY,
        ships=tuple(Ship((D.START_LEVEL,) * 4, D.START_GOLD, 0, 0, ()) for _ in names),
        treasury=0, supply=D.CHESTS_IN_BOX, stacks=stacks, face_up=(NOBODY,) * 5,
        treasure_discard=(), tavern_deck=tuple(tavern), tavern_discard=(), legends=(),
        legend_deck=tuple(legends), legend_discard=(), navy=None, privateer=None, treasure_map=None,
        lookout=NOBODY, outfits=(None,) * count,
        headings=(None,) * count, order=(), turn=0, passes=0, island=0,
        combat=None, bought=0, done=frozenset(), parrots=(), winner=NOBODY,
        multi_craft=bool(options.get("multi_mastercraft", False)), history=(),
    )
    if POSITION_KEYS & set(given):  # a stated position (pirates/position.py)
        return position.start(state, given, treasure)
    d = Draft(state)
    d.emit(E.GAME_START.record(players=names))
    for seat in range(count):
        d.draw(seat, D.START_CARDS)
    for island in D.legend_islands(count):
        d.place_legend(island)
    d.emit(E.OUTFITTING.record())
    return d.freeze()


def _deck(value: Any, by_id: Mapping[str, Any], size: int, rng: Rng) -> tuple[list[Any], Rng]:
    """A deck whose top cards are fixed by the set-up and the rest shuffled by the RNG."""
    if value is not None and not isinstance(value, list | tuple):
        raise IllegalAction("a set-up deck must be a list of card ids")
    top = list(value or ())
    unknown = [c for c in top if not isinstance(c, str) or c not in by_id]
    if unknown:
        raise IllegalAction("a set-up deck lists unknown or repeated cards: no card "
                            f"{clip(unknown[0])}")
    if len(set(top)) != len(top):
        raise IllegalAction("a set-up deck lists unknown or repeated cards: one twice")
    ids = list(by_id)
    rest, rng = rng.shuffled([c for c in ids if c not in top])
    cards = top + list(rest)
    if size:  # Tavern and Treasure cards are kept as indices
        cards = [by_id[c].index for c in cards]
    return cards, rng


def _dice(value: Any) -> tuple[int, ...]:
    if value is not None and not isinstance(value, list | tuple):
        raise IllegalAction("set-up dice must be a list")
    dice = tuple(value or ())
    if len(dice) > MAX_DICE:
        raise IllegalAction(f"set-up dice are at most {MAX_DICE} rolls")
    if not all(type(v) is int and 1 <= v <= 6 for v in dice):
        raise IllegalAction("set-up dice must be whole numbers from 1 to 6")
    return dice
