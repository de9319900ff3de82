"""The lookup tables the Orcz core builds for speed agree with the rules they stand for."""

from __future__ import annotations

import random

from orcz import data as D
from orcz import deployment as R
from orcz import tables as T


def _legal_pair(a: D.Card, b: D.Card, no_champion: bool, no_shaman: bool) -> bool:
    return T._pair_ok(a, b, not no_champion) and not (
        no_shaman and D.SHAMAN in (a.kind, b.kind))


def test_a_hands_legal_ranks_are_every_legal_pair_in_it_both_ways_up() -> None:
    rnd = random.Random(8)
    hands = [D.ALL_CARDS] + [rnd.getrandbits(len(D.CARDS)) for _ in range(300)]
    for hand in hands:
        for no_champion in (False, True):
            for no_shaman in (False, True):
                table = R._place_table(2, 1)
                pick = R._rank_picker(hand, no_champion, no_shaman)
                got = list(pick(table)) if pick else []
                wanted = [
                    (left.id, right.id, side)
                    for left in D.CARDS for right in D.CARDS for side in D.SIDES
                    if hand >> left.index & 1 and hand >> right.index & 1
                    and _legal_pair(left, right, no_champion, no_shaman)
                ]
                assert [(a.left, a.right, a.face_down) for a in got] == wanted


def test_the_troop_pair_table_says_whether_troops_alone_make_a_rank() -> None:
    troops = [card for card in D.CARDS if not card.is_hero]
    for mask in range(T._TROOPS + 1):
        held = [card for card in troops if mask >> card.index & 1]
        wanted = any(T._pair_ok(a, b, True) for a in held for b in held)
        assert T._TROOP_PAIR[mask] == wanted


def test_the_duel_table_follows_the_rules_under_every_event() -> None:
    for tile in (None, *(e.id for e in D.EVENTS)):
        kind = T._EVENT_KIND[tile]
        for a in range(len(D.CARDS)):
            for b in range(len(D.CARDS)):
                assert T._DUELS[tile][a * len(D.CARDS) + b] == T._duel(a, b, kind)
