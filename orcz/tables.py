"""The speed tables of the Orcz rules, built at import from the rules they stand for.

Each table answers a rules question by one lookup in the hot path: which cards may stand side by
side in a rank (orcz/pair_rule.py is the rule, ``partner_masks`` and the rows its tables), which
troop sets hold a legal pair, card strengths and ids by index (the duel's table is in
orcz/fights.py, beside its rule). ``tests/orcz/test_orcz_tables.py`` checks each table against
the rule it stands for.
"""

from __future__ import annotations

from functools import cache

from orcz import data as D
from orcz.pair_rule import rank_refusal
from orcz.state import NO_CARD, State

_CARD_COUNT = len(D.CARDS)


@cache
def partner_masks(no_champion: bool, no_shaman: bool) -> tuple[int, ...]:
    """Per left card, the mask of the cards that may stand on its right in a legal rank."""
    return tuple(
        sum(1 << right.index for right in D.CARDS
            if rank_refusal(left, right, no_champion, no_shaman) is None)
        for left in D.CARDS
    )


# The same, as PARTNER_MASKS[no champion][no shaman]: one lookup on the hot path of a placement.
PARTNER_MASKS = tuple(tuple(partner_masks(no_champion, no_shaman) for no_shaman in (False, True))
                  for no_champion in (False, True))


def _rows(left: int, low: int, high: int) -> tuple[tuple[int, ...], ...]:
    """For each set of right cards between ``low`` and ``high`` (a mask shifted down by ``low``),
    the ``place_table`` indices of the ranks of ``left`` with each of them on its right, face down
    left then right, in table order. Each row is a shorter one plus its highest card's pair."""
    base = left * _CARD_COUNT * 2
    rows: list[tuple[int, ...]] = [()]
    for rights in range(1, 1 << (high - low)):
        top = rights.bit_length() - 1
        index = base + (low + top) * 2
        rows.append((*rows[rights ^ 1 << top], index, index + 1))
    return tuple(rows)


# The rows of every left card, in two halves, so that a row of any hand is two lookups: a new
# hand is met at most steps of a game played at random.
HALF = 7


ROW_LOW = tuple(_rows(left, 0, HALF) for left in range(_CARD_COUNT))


ROW_HIGH = tuple(_rows(left, HALF, _CARD_COUNT) for left in range(_CARD_COUNT))


LOW_MASK = (1 << HALF) - 1


# Per event tile id (None: no tile yet): its kind, and the battlefield its Anti-magic Zone covers.
EVENT_KIND: dict[str | None, str] = {None: "", **{e.id: e.kind for e in D.EVENTS}}


def event_kind(state: State) -> str:
    return EVENT_KIND[state.event]


ANTIMAGIC_AT: dict[str | None, int] = {
    None: -1, **{e.id: e.battlefield if e.kind == D.ANTIMAGIC else -1 for e in D.EVENTS}
}


# Whether a set of troop cards (a mask over the troops, which come first) holds a legal pair: any
# two troops but two archers or two cavalry. Such a pair is allowed under every event.
TROOPS = (1 << min(card.index for card in D.CARDS if card.is_hero)) - 1


assert all(card.is_hero == (card.index > TROOPS.bit_length() - 1) for card in D.CARDS)


def _troop_pairs() -> tuple[bool, ...]:
    """Per troop mask: its lowest troop pairs with another of it, or the rest holds a pair."""
    partners = partner_masks(False, False)
    table = [False]
    for troops in range(1, TROOPS + 1):
        lowest = troops & -troops
        table.append(table[troops ^ lowest]
                     or bool(troops & partners[lowest.bit_length() - 1]))
    return tuple(table)


TROOP_PAIR = _troop_pairs()


# Card strengths by index, with a 0 last so that NO_CARD (-1) counts for nothing.
STRENGTH = (*(card.strength for card in D.CARDS), 0)


assert NO_CARD == -1


# Ids by index for the log; a battlefield index of -1 (a payment on no battlefield) reads None.
FIELD_ID = (*(field.id for field in D.BATTLEFIELDS), None)


CARD_ID = tuple(card.id for card in D.CARDS)


IS_HERO = tuple(card.is_hero for card in D.CARDS)


BIT = (*(1 << card.index for card in D.CARDS), 0)  # NO_CARD (-1): no bit
