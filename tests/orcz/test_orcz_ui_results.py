"""The public results notice after a move (orcz/ui/results.py), from real game
states: every figure below is worked out by hand from the rules (O-R1 strengths; needed = main
x players; the type triangle cavalry > archers > infantry > cavalry)."""

from __future__ import annotations

from typing import Any

import orcz
from orcz.actions import Attack, HandOut, Hold, Impose
from orcz.ui.results import results
from tests.orcz.orcz_scenario import R, deploy, game, hold_on

L, U, F, T = "lothari", "urth", "falladir", "thirst"


def notice(before: orcz.State, action: Any) -> tuple[orcz.State, str | None]:
    """Apply ``action``; the notice of the public entries it added, as plain text."""
    seen = len(orcz.events(before, None))
    after = orcz.apply(before, action)
    entries = orcz.events(after, None)[seen:]
    text = results(entries, orcz.view(after, None))
    return after, None if text is None else text.plain


def test_a_placement_that_starts_nothing_has_no_notice():
    s = game(2)
    _, text = notice(s, orcz.PlaceRank(0, U, "infantry-1", "infantry-2", "right"))
    assert text is None


def test_after_an_attack_every_wing_and_the_outcome_with_names():
    # Yellow's rear rank (infantry 2, archer 2) attacks Red's identical rank: both wings tie
    s = game(2, orders=[[U, L, F, T]])
    s = deploy(s, {0: [R(U, "infantry-2", "archer-2")], 1: [R(U, "infantry-2", "archer-2")]},
               stop_after=2)
    s = deploy(s)  # fillers go to Thirst, resolved after Urth
    assert s.pending.kind == "fight" and s.pending.seat == 1
    _, text = notice(s, Attack(1, U))
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "Valley of Urth: Yellow attacks Red's rank."
    assert lines[1] == "right Arc2 vs Arc2: tie · left Inf2 vs Inf2: tie"
    assert lines[2].startswith("No card is beaten; Yellow's rank is set aside")
    # the battle that follows at once is in the same notice: 4 + 4 = 8 of 6 x 2 = 12 needed
    assert "Valley of Urth against" in text and "8 of 12 needed" in text


def test_a_rout_shows_the_goblin_paid():
    # 3 players: Blue (archer 1, infantry 3) attacks Yellow (infantry 1, infantry 2): right
    # infantry 3 beats infantry 2, left archer 1 beats infantry 1: Yellow pays Blue 1
    s = game(3, orders=[[U, L, F, T]])
    s = deploy(s, {0: [R(U, "cavalry-3", "infantry-4")], 1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "archer-1", "infantry-3")]})
    _, text = notice(s, Attack(2, U))
    assert text is not None
    assert text.splitlines() == [
        "Valley of Urth: Blue attacks Yellow's rank.",
        "right Inf3 vs Inf2: Blue wins · left Arc1 vs Inf1: Blue wins",
        "Blue routs Yellow's rank.",
        "Yellow pays 1 goblin to Blue for the lost fight.",
    ]


def urth_won() -> orcz.State:
    # the seed's example: Red 7 (infantry 4 + archer 3), Yellow 6 (infantry 4 + archer 2),
    # Blue 5 (infantry 3 + archer 2) against the 4/2 enemy: 18 of 16 needed, won
    s = game(4, stacks={U: ["urth-4-2"]}, orders=[[U, T, L, F]])
    return deploy(s, {0: [R(U, "infantry-4", "archer-3")], 1: [R(U, "infantry-4", "archer-2")],
                      2: [R(U, "infantry-3", "archer-2")]})


def test_a_battle_shows_strengths_total_needed_and_who_gets_what():
    s = urth_won()
    assert s.pending.kind == "fight" and s.pending.seat == 2  # Blue's rear rank decides
    s, _ = notice(s, Hold(2, U))
    assert s.pending.kind == "fight" and s.pending.seat == 1
    s, text = notice(s, Hold(1, U))  # Red's front rank holds by itself: the battle follows
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "Valley of Urth against Dwarf Warband (4/2): WON — 18 of 16 needed"
    assert lines[1] == ("Strength: Red 7 · Yellow 6 · Blue 5 (strongest: Red) → Red +4 "
                        "(strongest) · Red now hands out 2 goblins")
    # the hand-out Red decides next gets its own notice
    s, text = notice(s, HandOut(0, U, (0, 1, 1, 0)))
    assert text == ("Valley of Urth: the strongest winner's hand-out: Yellow +1 · Blue +1")


def test_o_r18_a_loser_who_imposes_nothing_is_told():
    # Red alone on Lothari with 7 against the 5/2 enemy at three players (15 needed): lost
    s = game(3, stacks={L: ["lothari-5-2"]}, orders=[[L, T, U, F]])
    s = deploy(s, {0: [R(L, "infantry-4", "infantry-3")]})
    assert s.pending.kind == "impose"
    _, text = notice(s, Impose(0, L, (0, 0, 0)))
    assert text == "Forest of Lothari: Red imposes no payment on the others."


def test_the_end_of_a_round_sums_up_each_battlefield_and_the_goblins():
    # two players, every rank stated; fights are all held:
    # Lothari 2/1 (needs 4): Red alone 4 + 3 = 7: won, Red +2, nobody to hand out to
    # Urth 3/1 (needs 6): Yellow alone 1 + 2 = 3: lost, Yellow -3, imposes 1 on Red
    # Falladir 2/1 (needs 4): Red alone, 14: won, Red +2
    # Thirst 6/3 (needs 12): Yellow alone 3+1 + 4+2 + 1+3 + 2x2 = 18: won, Yellow +6
    s = game(2, stacks={L: ["lothari-2-1"], U: ["urth-3-1"], F: ["falladir-2-1"],
                        T: ["thirst-6-3"]}, orders=[[L, U, F, T]])
    s = deploy(s, {
        0: [R(L, "infantry-4", "infantry-3"), R(F, "infantry-1", "archer-1"),
            R(F, "infantry-2", "archer-2"), R(F, "cavalry-1", "archer-3"),
            R(F, "cavalry-2", "shaman", "left")],
        1: [R(U, "infantry-1", "infantry-2"), R(T, "infantry-3", "archer-1"),
            R(T, "infantry-4", "archer-2"), R(T, "cavalry-1", "archer-3"),
            R(T, "cavalry-2", "shaman", "left")],
    })
    assert s.pending.kind == "impose" and s.pending.seat == 1  # Urth, after Lothari
    s = orcz.apply(s, Impose(1, U, (1, 0)))
    s = hold_on(s, F)
    while s.round == 1:
        seen = len(orcz.events(s, None))
        last = s
        s = orcz.apply(s, Hold(s.pending.seat, T))
    entries = orcz.events(s, None)[seen:]
    text = results(entries, orcz.view(s, None))
    assert last.round == 1 and text is not None
    lines = text.plain.splitlines()
    start = lines.index("Round 1 is over.")
    assert lines[start + 1] == "Battles: Lothari won · Urth lost · Falladir won · Thirst won"
    assert lines[start + 2] == "Goblins this round: Red +4 −1 · Yellow +6 −3"


def test_names_are_shown_literally():
    s = orcz.new_game(["[b]x", "Ann [link=x]"], 3, setup={
        "first_player": 0, "stacks": {f: [f"{f}-6-3"] for f in (L, U, F, T)},
        "events": ["fog"], "resolution_orders": [[U, L, F, T]]})
    s = deploy(s, {0: [R(U, "infantry-2", "archer-2")], 1: [R(U, "infantry-2", "archer-2")]})
    _, text = notice(s, Attack(1, U))
    assert text is not None and "Ann [link=x] attacks [b]x's rank." in text


def test_battlefields_nobody_went_to_share_one_line_and_the_summary_says_so():
    # every rank of both players on Urth (resolved first): the other three have no orc (O-R13)
    s = game(2, orders=[[U, L, F, T]])
    s = deploy(s, dump=U)
    while s.round == 1:
        seen = len(orcz.events(s, None))
        if s.pending.kind == "impose":
            s = orcz.apply(s, Impose(s.pending.seat, U, (0, 0)))
        elif s.pending.kind == "hand_out":
            s = orcz.apply(s, orcz.legal_actions(s, s.pending.seat)[0])
        else:
            s = orcz.apply(s, Hold(s.pending.seat, U))
    text = results(orcz.events(s, None)[seen:], orcz.view(s, None))
    assert text is not None
    lines = text.plain.splitlines()
    assert ("Forest of Lothari, Kingdom of Falladir, Desert of Thirst: no orc there; lost, "
            "nobody pays.") in lines
    (summary,) = [line for line in lines if line.startswith("Battles: ")]
    assert summary.endswith(" · Lothari, Falladir, Thirst: nobody there")
    assert summary.startswith(("Battles: Urth won", "Battles: Urth lost"))


def test_an_attack_on_ones_own_rank_says_so():
    # Red's rear (archer 1, infantry 4) skips Yellow's shaman and attacks Red's front
    s = game(2, orders=[[U, L, F, T]])
    s = deploy(s, {0: [R(U, "infantry-1", "infantry-2"), R(U, "archer-1", "infantry-4")],
                   1: [R(U, "shaman", "infantry-4", "left")]})
    _, text = notice(s, Attack(0, U))
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "Valley of Urth: Red attacks their own rank."
    assert lines[1] == "Yellow's shaman is skipped; the attack goes on to the next rank."
    assert "Red routs their own rank." in lines


def test_in_french_a_wing_reads_as_a_sentence_and_a_payment_names_no_gender():
    """The rout above in French: "À droite, Inf3 contre Inf2 : …", not a line that starts
    "droite Inf3 contre Inf2"; the strongest's gain is the enemy's main value, said without
    "le plus fort" after a player's name (Hélène is not "le plus fort")."""
    from common.i18n import set_language

    set_language("fr")
    s = game(3, orders=[[U, L, F, T]])
    s = deploy(s, {0: [R(U, "cavalry-3", "infantry-4")], 1: [R(U, "infantry-1", "infantry-2")],
                   2: [R(U, "archer-1", "infantry-3")]})
    _, text = notice(s, Attack(2, U))
    assert text is not None
    assert text.splitlines()[1] == \
        "À droite, Inf3 contre Inf2\u00a0: Blue l'emporte · À gauche, Arc1 contre Inf1\u00a0: " \
        "Blue l'emporte"
    from orcz import event_kinds as E
    from orcz.ui.results import _payment

    reward = E.PAYMENT.event(E.PAYMENT.record(
        battlefield=U, payer=-1, payee=0, amount=5, reason="reward", ruined=False,
        owed=5)).as_dict()
    assert _payment(reward, ["Hélène", "Max"]).plain == "Hélène +5 (valeur principale)"
