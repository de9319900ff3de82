"""The lookup tables the Orcz core builds for speed agree with the rules they stand for."""

from __future__ import annotations

import random

import orcz
from orcz import data as D
from orcz import deployment as R
from orcz import fights as F
from orcz import tables as T
from orcz.pair_rule import rank_refusal


def _legal_pair(a: D.Card, b: D.Card, no_champion: bool, no_shaman: bool) -> bool:
    return rank_refusal(a, b, no_champion, no_shaman) is None


def test_a_hands_legal_ranks_are_every_legal_pair_in_it_both_ways_up() -> None:
    rnd = random.Random(8)
    hands = [D.ALL_CARDS] + [rnd.getrandbits(len(D.CARDS)) for _ in range(300)]
    for hand in hands:
        for no_champion in (False, True):
            for no_shaman in (False, True):
                table = R.place_table(2, 1)
                pick = R.rank_picker(hand, no_champion, no_shaman)
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
    for mask in range(T.TROOPS + 1):
        held = [card for card in troops if mask >> card.index & 1]
        wanted = any(rank_refusal(a, b) is None for a in held for b in held)
        assert T.TROOP_PAIR[mask] == wanted


def test_the_duel_table_follows_the_rules_under_every_event() -> None:
    for tile in (None, *(e.id for e in D.EVENTS)):
        kind = T.EVENT_KIND[tile]
        for a in range(len(D.CARDS)):
            for b in range(len(D.CARDS)):
                assert F.DUELS[tile][a * len(D.CARDS) + b] == F._duel(a, b, kind)


def test_the_listing_offers_ranks_on_the_open_battlefields_only():
    # placements_in writes the open test inline: it must agree with is_open
    rnd = random.Random(5)
    closed = 0
    for seed in range(12):
        setup = {"events": ["diversion"]} if seed % 2 else None
        s = orcz.new_game(["A", "B", "C"], seed, setup=setup)
        while not orcz.is_over(s):
            seat = s.pending.seat
            legal = orcz.legal_actions(s, seat)
            if s.pending.kind == "deploy":
                room = R.capacity(s.seat_count, T.event_kind(s))
                no_champion = T.event_kind(s) == D.CONFUSION
                offered = {a.battlefield for a in legal if isinstance(a, orcz.PlaceRank)}
                for i, field in enumerate(s.fields):
                    ranks = R.field_ranks(seat, s.hands[seat], i, no_champion,
                                           T.ANTIMAGIC_AT[s.event] == i)
                    is_open = R.is_open(field, room)
                    assert (D.BATTLEFIELDS[i].id in offered) == (is_open and bool(ranks))
                    closed += not is_open
            s = orcz.apply(s, rnd.choice(legal))
    assert closed  # cleared or full battlefields were met
