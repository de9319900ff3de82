"""The data tables (§2 ship mat, §3 components, P-R2 to P-R4), typed in again by hand."""

from __future__ import annotations

from collections import Counter

from pirates import data as D


def test_p_r3_treasure_deck_has_sixty_reconstructed_cards() -> None:
    assert len(D.TREASURES) == 60
    assert sum(t.gold for t in D.TREASURES) == 10 * 2 + 8 * 4 + 8 + 18 + 10 + 24


def test_p_r4_tavern_deck_has_forty_two_cards_with_two_royal_navies() -> None:
    assert len(D.TAVERN) == 42
    count = {k: sum(c.kind == k for c in D.TAVERN) for k in
             (D.PARROT, D.MASTERCRAFT, D.BATTLE, D.VOLLEY, D.EVENT, D.FAME)}
    assert count == {D.PARROT: 4, D.MASTERCRAFT: 7, D.BATTLE: 8, D.VOLLEY: 6, D.EVENT: 8,
                     D.FAME: 9}
    assert sum(c.effect == D.NAVY for c in D.TAVERN) == 2
    assert sorted(c.fame for c in D.TAVERN if c.kind == D.FAME) == [1] * 5 + [2] * 3 + [3]


def test_p_r2_ship_mat_values_and_costs() -> None:
    assert D.VALUES[D.HULL] == (2, 3, 4, 5, 6, 7, 8, 10)
    assert D.VALUES[D.SAILS] == (4, 5, 6, 7, 8, 9, 10, 12)
    assert D.VALUES[D.CREW] == (2, 2, 3, 3, 4, 4, 5, 5)
    assert D.VALUES[D.CANNONS] == (2, 2, 3, 3, 4, 4, 5, 5)
    assert [D.upgrade_cost(1, p) for p in range(1, 8)] == [0, 1, 3, 5, 8, 11, 15]
    assert D.upgrade_cost(0, 1) == 1
    assert D.START_GOLD == 9 and D.START_LEVEL == 1


def test_p_r3_sixty_treasure_cards() -> None:
    rows = Counter((t.gold, t.chests, t.cards, t.fame) for t in D.TREASURES)
    assert rows == {
        (2, 1, 0, 0): 10, (4, 0, 0, 0): 8, (1, 2, 0, 0): 8, (0, 1, 1, 0): 8,
        (3, 0, 1, 0): 6, (0, 3, 0, 0): 6, (2, 0, 0, 1): 5, (6, 0, 0, 0): 4,
        (0, 2, 0, 1): 3, (0, 0, 2, 0): 2,
    }


def test_p_r4_forty_two_tavern_cards() -> None:
    kinds = Counter(c.kind for c in D.TAVERN)
    assert kinds == {D.PARROT: 4, D.MASTERCRAFT: 7, D.BATTLE: 8, D.VOLLEY: 6, D.EVENT: 8,
                     D.FAME: 9}
    effects = Counter(c.effect for c in D.TAVERN)
    assert effects[D.BECALMED] == 1 and effects[D.WINDS] == 2 and effects[D.HOOKS] == 2
    assert effects[D.SMOKE] == 2 and effects[D.OVERBOARD] == 1
    assert effects[D.GRAPESHOT] == effects[D.POWDER_KEG] == effects[D.BROADSIDE] == 2
    assert effects[D.NAVY] == 2
    assert sorted(c.fame for c in D.TAVERN if c.kind == D.FAME) == [1, 1, 1, 1, 1, 2, 2, 2, 3]
    parrots = {c.effect: c.section for c in D.TAVERN if c.kind == D.PARROT}
    assert parrots == {D.FLINT: D.HULL, D.SILVER: D.CREW, D.BONES: D.CANNONS,
                       D.TRELAWNEY: D.SAILS}


def test_legendary_pirates_and_the_royal_navy() -> None:
    bb, fd = D.LEGEND_BY_ID["blackbeard"], D.LEGEND_BY_ID["flying_dutchman"]
    assert (bb.dice, bb.fires_at, bb.order_by, bb.hull, bb.speed, bb.fame) == (
        6, D.HULL, D.CANNONS, 8, 24, 6)
    assert (fd.dice, fd.fires_at, fd.order_by, fd.hull, fd.speed, fd.fame, fd.regain) == (
        4, D.CREW, D.CREW, 5, 16, 6, 2)
    navy = D.ROYAL_NAVY
    assert (navy.dice, navy.hull, navy.speed, navy.fame) == (4, 4, 20, 4)
