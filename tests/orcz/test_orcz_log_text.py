"""The log in words says what happened: each situation is set up by hand
and its outcome worked out from O-R7 and the type triangle (cavalry > archers > infantry >
cavalry; same type: higher strength; equal: nothing)."""

from __future__ import annotations

import orcz
from common.words import plural
from orcz.ui.story import describe
from tests.orcz.orcz_scenario import R, attack, deploy, game, random_play

U = "urth"
ORDER = [["urth", "lothari", "falladir", "thirst"]]


def texts(state: orcz.State, kind: str) -> list[str]:
    return [describe(e, state.players) for e in orcz.events(state, None) if e["kind"] == kind]


def fight(players: int, ranks: dict[int, list]) -> orcz.State:
    s = game(players, orders=ORDER)
    s = deploy(s, ranks)
    assert s.pending.kind == "fight"
    return attack(s, U)


def test_o_r7_defender_kept_both_cards_stays_as_the_rear_rank_says_so():
    # Blue (seat 2) attacks Yellow: right infantry 2 vs infantry 2 tie; left cavalry 1 vs
    # infantry 1 -> Yellow wins that wing. Yellow kept both cards and is the new rear rank.
    s = fight(3, {0: [R(U, "archer-1", "infantry-1")], 1: [R(U, "infantry-1", "infantry-2")],
                  2: [R(U, "cavalry-1", "infantry-2")]})
    assert s.pending.kind == "fight" and s.pending.seat == 1  # Yellow decides next
    (text,) = texts(s, "fight_outcome")
    assert "both ranks lose ground" not in text
    assert "Blue's surviving card is set aside for the battle" in text
    assert "Yellow's rank kept both cards" in text and "rear rank" in text


def test_two_tied_wings_no_card_beaten_attacker_aside_defender_stays():
    # Yellow (seat 1) attacks Red with the very same cards: both wings tie.
    s = fight(2, {0: [R(U, "infantry-2", "archer-2")], 1: [R(U, "infantry-2", "archer-2")]})
    (text,) = texts(s, "fight_outcome")
    assert text.startswith("Valley of Urth: no card is beaten;")
    assert "Yellow's rank is set aside for the battle" in text
    assert "Red's rank kept both cards: it stays in the column as the rear rank" in text


def test_defender_that_lost_a_card_is_set_aside_with_the_attacker():
    # Blue attacks Yellow: right tie; left archer 2 beats infantry 1: Yellow loses one card,
    # Blue keeps both; both go aside.
    s = fight(3, {0: [R(U, "archer-1", "infantry-1")], 1: [R(U, "infantry-1", "infantry-2")],
                  2: [R(U, "archer-2", "infantry-2")]})
    (text,) = texts(s, "fight_outcome")
    assert text == ("Valley of Urth: no rank is routed; Blue's rank and Yellow's surviving card "
                    "are set aside for the battle.")


def test_each_rank_lost_one_card():
    # Green attacks Blue: right cavalry 2 beats archer 2; left archer 1 loses to cavalry 3.
    s = fight(4, {0: [R(U, "infantry-1", "infantry-2")], 1: [R(U, "infantry-3", "archer-1")],
                  2: [R(U, "cavalry-3", "archer-2")], 3: [R(U, "archer-1", "cavalry-2")]})
    (text,) = texts(s, "fight_outcome")
    assert text == ("Valley of Urth: no rank is routed; Green's surviving card and Blue's "
                    "surviving card are set aside for the battle.")


def test_a_rout_names_winner_and_loser():
    # Blue attacks Yellow: archer 1 beats infantry 1, infantry 3 beats infantry 2
    s = fight(3, {0: [R(U, "cavalry-3", "infantry-4")], 1: [R(U, "infantry-1", "infantry-2")],
                  2: [R(U, "archer-1", "infantry-3")]})
    assert texts(s, "fight_outcome") == ["Valley of Urth: Blue routs Yellow's rank."]
    assert texts(s, "payment") == ["Yellow pays 1 goblin to Blue for the lost fight."]


def test_plural():
    assert plural(1, "goblin") == "1 goblin"
    assert plural(0, "goblin") == "0 goblins"
    assert plural(2, "battlefield") == "2 battlefields"
    assert plural(1, "enemy") == "1 enemy" and plural(3, "enemy") == "3 enemies"
    assert plural(2, "day") == "2 days"


def play_out(players: list[str], seed: int) -> orcz.State:
    *_, end = random_play(players, seed)
    return end


def test_no_log_line_hedges_a_plural_or_names_an_internal_reason():
    lines: list[str] = []
    for seed in range(6):
        s = play_out(["Ann", "Bob", "Cid"], seed)
        lines += [describe(e, s.players) for seat in (None, 0, 1, 2) for e in orcz.events(s, seat)]
    assert lines
    for line in lines:
        assert "(s)" not in line, line
        assert " 1 goblins" not in line, line
        assert "hand_out" not in line and "tie_" not in line, line


def test_game_over_says_wins_for_one_and_share_for_several():
    s = play_out(["Ann", "Bob", "Cid"], 3)
    (text,) = texts(s, "game_over")
    winners = orcz.result(s)["winners"]
    if orcz.result(s)["collective_defeat"]:
        assert "battlefields cleared" in text or "1 battlefield cleared" in text
    elif len(winners) == 1:
        assert text.endswith(" wins with the most goblins!")
    else:
        assert "share the victory" in text


def test_a_fight_between_two_ranks_of_one_player_names_them_apart():
    # Red's rear (archer 1, cavalry 1) skips Yellow's shaman and attacks Red's front
    # (infantry 1, infantry 2): left archer 1 beats infantry 1; right cavalry 1 loses to
    # infantry 2 -> each rank lost one card
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "cavalry-1")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s = attack(s, U)
    (text,) = texts(s, "fight_outcome")
    assert text == ("Valley of Urth: no rank is routed; Red's attacking surviving card and their "
                    "defending surviving card are set aside for the battle.")


def test_a_rout_of_ones_own_rank_says_so():
    # Red's rear (archer 1, infantry 4) skips Yellow's shaman and beats Red's front (infantry 1,
    # infantry 2) on both wings: archer 1 over infantry 1, infantry 4 over infantry 2
    s = game(2, orders=ORDER)
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    s = attack(s, U)
    assert texts(s, "fight_outcome") == ["Valley of Urth: Red routs their own rank."]
