"""Orcz in French: the interface words the core's log entries, refusals and names from their ids
and numbers, in the seed's words (docs/glossary-fr.md); the English msgids are the English text
(the golden playthroughs hold it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import orcz
from common import i18n
from common.entries import log_lines
from common.errors import IllegalAction
from orcz import data as D
from orcz import event_kinds as E
from orcz.actions import Attack, Challenge, HandOut, Hold, Impose, PlaceRank, Scout
from orcz.deployment import rank_refusal_now
from orcz.pair_rule import rank_refusal
from orcz.ui import names as N
from orcz.ui import story
from orcz.ui.refusals import refusal_words
from orcz.ui.render import clock_text, field_head, pending_text

NAMES = ["Ann", "Bob", "Cid"]


@pytest.fixture
def french() -> None:
    i18n.set_language("fr")


def played(seed: int, seats: int = 3) -> Any:
    """A game played to its end with random legal moves (challenges on)."""
    rnd = random.Random(seed)
    state = orcz.new_game(["Ann", "Bob", "Cid", "Dee"][:seats], seed, orc_challenge=True)
    while not orcz.is_over(state):
        state = orcz.apply(state, rnd.choice(
            [a for seat in orcz.to_act(state) for a in orcz.legal_actions(state, seat)]))
    return state


def event(kind: E.EventKind, **data: Any) -> dict[str, Any]:
    """A log entry of ``kind``, as the core's log gives it."""
    return kind.event(kind.record(**data)).as_dict()


def test_in_english_every_log_line_of_whole_games_has_its_sentence() -> None:
    kinds = set()
    for seed in range(12):
        state = played(seed, 2 + seed % 3)
        for e in orcz.events(state, None):
            kinds.add(e["kind"])
            line = story.describe(e, state.players)
            assert line and line != e["kind"] and "?" not in line, e
    challenge = event(E.CHALLENGE, seat=1, target=0)
    assert story.describe(challenge, ("Ann", "Bob")) == "Bob challenges Ann for being slow!"
    assert {E.FIGHT_OUTCOME.name, E.PAYMENT.name, E.BATTLE.name, E.WING.name} <= kinds


def test_a_french_game_logs_in_french_from_the_same_entries(french: None) -> None:
    state = played(3)
    texts = log_lines("orcz", orcz.view(state, None)["log"], state.players)
    assert texts[0] == "Une partie d'Orcz commence\u00a0; Ann est le premier joueur." \
        or texts[0].endswith("est le premier joueur.")
    joined = "\n".join(texts)
    assert "Le tour 1\u00a0commence" in joined and "Fin du tour\u00a01." in joined
    assert " goblin" not in joined and " rank " not in joined and "Forest" not in joined
    assert all("text" not in entry for entry in orcz.view(state, None)["log"])  # data only
    i18n.set_language("en")  # the same state, read again: English, not a stale French entry
    english = log_lines("orcz", orcz.view(state, None)["log"], state.players)
    assert english[0].startswith("A game of Orcz begins")


def test_a_fight_and_its_payment_in_french(french: None) -> None:
    players = ("Ann", "Bob", "Cid")
    routed = event(E.FIGHT_OUTCOME, battlefield="urth", outcome="routed", winner=1, loser=0,
                   attacker=1, defender=0, attacker_kept=2, defender_kept=0)
    assert story.describe(routed, players) == \
        "Vallée d'Urth\u00a0: Bob met en déroute le rang d'Ann."
    fine = event(E.PAYMENT, battlefield="urth", payer=0, payee=-1, amount=1, reason="fight",
                 ruined=False, owed=1)
    assert story.describe(fine, players) == (
        "Ann paie 1\u00a0gobelin à la banque pour la baston perdue.")
    reward = event(E.PAYMENT, battlefield="thirst", payer=-1, payee=2, amount=5,
                   reason="reward", ruined=False, owed=5)
    assert story.describe(reward, players) == \
        "Cid reçoit 5\u00a0gobelins\u00a0: ses troupes sont les plus fortes."
    wing = event(E.WING, battlefield="lothari", side="left", attacker_card="archer-2",
                 defender_card="infantry-3", winner="attacker")
    assert story.describe(wing, players) == (
        "Forêt de Lothari, aile gauche\u00a0: Archer\u00a02 contre Infanterie\u00a03\u00a0: "
        "l'attaquant l'emporte.")


def test_a_notice_names_the_battlefield_once_in_french(french: None) -> None:
    """The notice of a loser who imposes nothing: not "Royaume de Falladir : Royaume de
    Falladir : Ann n'impose…" (the log line's prefix has a no-break space before its colon)."""
    from orcz.ui.results import split_text

    nothing = event(E.IMPOSED_NOTHING, seat=0, battlefield="falladir")
    assert split_text("falladir", [nothing], list(NAMES)).plain == \
        "Royaume de Falladir\u00a0: Ann n'impose aucun paiement aux autres."


def test_counted_nouns_take_frances_plural_forms(french: None) -> None:
    # French: the singular for 0 and 1 ("0 gobelin"), the plural from 2
    assert [story.goblins(n) for n in (0, 1, 2, 3)] == [
        "0\u00a0gobelin", "1\u00a0gobelin", "2\u00a0gobelins", "3\u00a0gobelins"]
    field = {"cleared": True, "defeated": 1}
    assert field_head(field).plain.endswith("1\u00a0ennemi vaincu")
    field["defeated"] = 6
    assert field_head(field).plain.endswith("6\u00a0ennemis vaincus")
    full = IllegalAction("x", "battlefield-full", {"battlefield": "urth", "ranks": 2})
    assert refusal_words(full) == "Diversion\u00a0: Vallée d'Urth a déjà 2\u00a0rangs"
    i18n.set_language("en")
    assert [story.goblins(n) for n in (0, 1, 3)] == ["0 goblins", "1 goblin", "3 goblins"]


def test_the_seeds_names_for_battlefields_cards_and_events(french: None) -> None:
    assert [N.field_name(f.id) for f in D.BATTLEFIELDS] == [
        "Forêt de Lothari", "Vallée d'Urth", "Royaume de Falladir", "Désert de la Soif"]
    assert N.short_field_name("thirst") == "Soif"
    assert [N.card_name(c) for c in ("infantry-3", "archer-1", "cavalry-2", "champion",
                                     "shaman", "scout")] == [
        "Infanterie\u00a03", "Archer\u00a01", "Cavalerie\u00a02", "Champion", "Shaman", "Éclaireur"]
    kinds = {tile.kind: N.event_name(tile.id, with_field=False) for tile in D.EVENTS}
    assert kinds == {  # the seed's words (FR-2: "Terrain dégagé")
        "favour": "Faveur de Llovar", "wrath": "Colère de Llovar", "whim": "Caprice de Llovar",
        "antimagic": "Zone d'anti-magie", "shortage": "Pénurie", "storm": "Tempête",
        "open-ground": "Terrain dégagé", "heavy-ground": "Terrain lourd",
        "reinforcements": "Renforts", "confusion": "Confusion", "diversion": "Diversion",
        "fog": "Brouillard"}
    assert N.event_name("favour-thirst") == "Faveur de Llovar (Désert de la Soif)"
    assert "Désert de la Soif" in N.event_text("antimagic-thirst")


def test_every_enemys_name_fits_its_battlefields_head_at_80_columns(french: None) -> None:
    """The head is 18 columns at 80×24: "6/3 " and the name, never cut."""
    for enemy in D.ENEMIES:
        assert len(f"{enemy.main}/{enemy.secondary} {N.enemy_name(enemy.id)}") <= 18, enemy.id


def test_the_status_line_fits_80_columns_in_french(french: None) -> None:
    """With a name of 20 letters, and while placing a rank the challenge's clock after it."""
    view = orcz.view(orcz.new_game(["A" * 20, "Bob", "Cid"], 1), None)
    for kind in ("deploy", "fight", "hand_out", "impose"):
        view["pending"] = {"kind": kind, "seat": 0, "battlefield": "falladir", "amount": 12,
                           "turn": 5, "turns": 5}
        clock = clock_text(None, True).plain if kind == "deploy" else ""
        assert len("▶ " + pending_text(view) + clock) <= 78, kind


def raised(state: Any, rnd: random.Random) -> list[IllegalAction]:
    """The refusals of a few random moves of every kind, by any seat, now."""
    seats = state.seat_count
    out = []
    for _ in range(8):
        seat, field = rnd.randrange(seats), rnd.choice(D.BATTLEFIELDS).id
        cards = [c.id for c in D.CARDS]
        split = tuple(rnd.randrange(3) for _ in range(seats))
        action = rnd.choice([
            PlaceRank(seat, field, rnd.choice(cards), rnd.choice(cards), "left"),
            Attack(seat, field), Hold(seat, field), HandOut(seat, field, split),
            Impose(seat, field, split), Scout(seat, field, rnd.randrange(4), "right"),
            Challenge(seat, rnd.randrange(seats))])
        try:
            orcz.apply(state, action)
        except IllegalAction as err:
            out.append(err)
    return out


def test_refusals_are_worded_from_their_code_and_params() -> None:
    """In English the words are the core's; in French every refusal a player can meet is
    French (none is left in the core's English)."""
    rnd = random.Random(2)
    state = orcz.new_game(NAMES, 2, orc_challenge=True)
    seen: list[tuple[IllegalAction, tuple[str, ...]]] = []
    while not orcz.is_over(state):
        seen += [(err, state.players) for err in raised(state, rnd)]
        state = orcz.apply(state, rnd.choice(
            [a for seat in orcz.to_act(state) for a in orcz.legal_actions(state, seat)]))
    codes = {err.code for err, _ in seen}
    assert {"pair-rule", "not-your-turn", "wrong-phase", "wrong-battlefield"} <= codes
    for err, players in seen:
        assert refusal_words(err, players) == str(err), err.code
    i18n.set_language("fr")
    for err, players in seen:
        assert refusal_words(err, players) != str(err), (err.code, str(err))


def test_french_refusals_of_the_rank_rule_and_the_events(french: None) -> None:
    card = D.CARD_BY_ID
    assert refusal_words(rank_refusal(card["archer-1"], card["archer-2"])) == (
        "deux archers ne peuvent pas être dans le même rang")
    assert refusal_words(rank_refusal(card["scout"], card["archer-2"])) == (
        "l'éclaireur ne se place jamais dans un rang")
    barred = rank_refusal_now(card["shaman"], card["infantry-1"], "antimagic-thirst",
                              D.FIELD_BY_ID["thirst"])
    assert barred is not None and str(barred) == (  # the core's English is unchanged
        "Anti-magic Zone: no shaman may be placed on Desert of Thirst this round")
    assert refusal_words(barred) == (
        "Zone d'anti-magie\u00a0: aucun shaman ne peut être placé ce tour-ci (Désert de la Soif)")
    split = IllegalAction("x", "bad-split", {"amount": 1, "seats": [0, 2], "impose": True})
    assert refusal_words(split, NAMES) == (
        "répartissez exactement 1\u00a0gobelin entre Ann, Cid (ou n'imposez rien), sans négatif")


def test_every_french_tip_fits_the_tip_line_at_80_columns(french: None) -> None:
    """The line is "Astuce", the tip and " · e : leçon 9" in 78 columns: 57 for the tip."""
    from orcz.ui import tips

    for key in tips.TEXTS:
        text = tips.tip(key).text
        assert len(text) <= 57 and text != tips.TEXTS[key][0], (key, text)


def test_a_refused_move_at_a_table_and_in_a_lesson_is_worded_in_french(french: None) -> None:
    """The table's "✗ reason" after a refused move (``refusal_words``) and a lesson's ✗ reasons
    (its session's ``refusal``) come from the code and params, in French, as the pickers' do."""
    from common import lessons as L
    from common.session import GameSession
    from common.tui.learn_judge import LessonSession
    from common.tui.table import table_for

    two_archers = rank_refusal(D.CARD_BY_ID["archer-1"], D.CARD_BY_ID["archer-2"])
    assert two_archers is not None
    table = table_for(GameSession.new("orcz", list(NAMES), 7))
    assert table.game.refusal_words(two_archers) == refusal_words(two_archers)
    assert table.game.refusal_words(two_archers) != str(two_archers)
    lesson = next(x for x in L.read_lessons("orcz") if x.id == "03_fights")
    session = LessonSession(L.start(lesson))
    wrong = orcz.Challenge(0, 1)  # the orc challenge is not in use in the lesson's game
    err = session.refusal(wrong)
    assert err is not None and err.code == "challenge-off"
    assert session.why_illegal(wrong) == str(err)
    assert refusal_words(err) != str(err)  # worded in French from its code
