"""Pirate's Cove's table in French: the islands, sections, cards, the log of a combat
and the rules' refusals in the French edition's words, at 80×24, with no English word of the
table left; and English exactly as the core words it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from rich.console import Console

import pirates
from common import i18n
from common.events import Event
from common.log import events as log_events
from common.session import GameSession
from common.tui import nobreak  # noqa: F401  (the app's wrapping: never at a no-break space)
from common.tui.app import HotseatApp
from common.tui.choices import Refused
from common.tui.end import EndScreen
from common.tui.gameui import ui_for
from common.tui.help import glossary_screen, rules_screen
from common.tui.tips import tip_line
from common.tui.tree import TreePicker, Unavailable
from pirates.actions import Bury, Mastercraft
from pirates.state import State
from pirates.ui import log_words
from pirates.ui import tips as pirates_tips
from pirates.ui.picker import make_picker
from pirates.ui.refusals import WORDS, reason_words
from pirates.ui.render import combat_text, player_tags, standings_text
from pirates.ui.screens import PiratesTable
from pirates.ui.series import fame_series
from tests.pirates.pirates_helpers import act, go, new
from tests.tui.cutscan import cut_rows
from tests.tui.driver import keys, sync, wait_until
from tests.tui.pirates.states import reasons
from tests.tui.pirates.test_table import open_table
from tests.tui.test_french import screen_lines

NAMES = ("Ann", "Bob", "Cid")
PO = "common/locale/fr/LC_MESSAGES/hotseat.po"
# English words that French writes too, or names kept in French (the Royal Navy, the parrots'
# owners), or the table's short forms that the glossary explains in both languages.
SHARED = {"royal", "navy", "long", "john", "silver", "billy", "bones", "squire", "trelawney",
          "flint", "capitaine", "combat", "navigation", "passe", "passer", "fuite", "dés",
          "mutinerie", "cale"}


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def played(seed: int, players: tuple[str, ...] = NAMES) -> State:
    """A whole seeded game, every move drawn from the legal ones."""
    rng = random.Random(seed)
    state = pirates.new_game(list(players), seed)
    while not pirates.is_over(state):
        seat = pirates.to_act(state)[0]
        state = pirates.apply(state, rng.choice(pirates.legal_actions(state, seat)))
    return state


def game_events(seeds: range) -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
    """Every entry of whole games' logs, with the players' names."""
    for seed in seeds:
        players = ("Ann", "Bob", "Cid", "Dee", "Eve")[: 3 + seed % 3]
        for event in log_events(played(seed, players).history):
            yield event.as_dict(), players


def english_words() -> set[str]:
    """Words of 4 letters or more of the English texts of Pirate's Cove's table (its message
    ids), that no French text of the table uses: seeing one on a French table is a miss."""
    with open(PO, "rb") as po:
        catalog = read_po(po)
    english: set[str] = set()
    french_words: set[str] = set()
    for _file, _line, key, _notes, context in extract_from_dir("pirates/ui"):
        message = catalog.get(key if isinstance(key, str) else key[0], context=context)
        assert message is not None, key
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"{\w+}", "", text))}
        for text in strings:
            french_words |= {w.lower() for w in re.findall(r"\w{4,}", re.sub(r"{\w+}", "", text))}
    return english - french_words - SHARED - {n.lower() for n in NAMES}


def english_left(lines: list[str], stop: set[str]) -> list[tuple[str, str]]:
    return [(word, line) for line in lines
            for word in re.findall(r"(?<!\w)[A-Za-z]{4,}(?!\w)", line) if word.lower() in stop]


def test_in_english_every_log_entry_of_whole_games_has_its_sentence() -> None:
    """The game's one wording (its catalog's message ids are the English text) words every
    entry of whole games, none left as its bare kind (the goldens hold the sentences)."""
    seen = set()
    for event, players in game_events(range(8)):
        seen.add(event["kind"])
        line = log_words.describe(event, players)
        assert line and line != event["kind"].replace("_", " ") and "?" not in line, event
    assert len(seen) > 50  # the games reached combats, plunder, the Navy, parrots, the end


def test_in_french_every_log_line_of_whole_games_is_french(french: None) -> None:
    stop = english_words()
    assert {"fires", "plunders", "chests", "hull"} <= stop  # the list holds the table's words
    missed = []
    for event, players in game_events(range(6)):
        line = log_words.describe(event, players)
        missed += english_left([line], stop)
    assert missed == []


def test_a_volley_is_worded_in_french_with_the_islands_sections_and_hits(french: None) -> None:
    volley = Event("volley", (("seat", 0), ("ship", 0), ("target", 1), ("section", "sails"),
                              ("cards", ("grapeshot",)), ("dice", (3, 5, 1)),
                              ("hits", 2))).as_dict()
    # a card in a sentence takes its article, as the battle cards do ("joue la Mitraille")
    assert log_words.describe(volley, NAMES) == \
        ("Ann tire avec la Mitraille sur Bob, section voiles\u00a0: dés\u00a03\u00a05\u00a01, "
         "2\u00a0coups au but.")
    readied = Event("volley_card", (("seat", 1), ("card", "full_broadside"))).as_dict()
    assert log_words.describe(readied, NAMES) == "Bob prépare la Canonnade."
    combat = Event("combat_start", (("island", 5), ("ships", (0, 1)))).as_dict()
    assert log_words.describe(combat, NAMES) == "Combat devant l'île des Équipages\u00a0!"
    keg = Event("battle_card", (("seat", 2), ("card", "overboard"), ("chests", 1))).as_dict()
    assert log_words.describe(keg, NAMES) == \
        "Cid joue la carte Par-dessus bord\u00a0! et jette 1\u00a0coffre par-dessus bord."


@pytest.mark.parametrize(("sections", "short", "said"), [
    (("hull",), False, "Ann répare la section coque pour 2\u00a0or."),
    (("hull", "cannons"), False, "Ann répare les sections coque, canons pour 2\u00a0or."),
    (("sails",), True, "Ann répare la section voiles pour 2\u00a0or\u00a0; faute d'or, ni cartes "
                       "ni or à la Crique."),
])
def test_a_repair_names_its_sections_as_french_counts_them(
        french: None, sections: tuple[str, ...], short: bool, said: str) -> None:
    repaired = Event("repaired", (("seat", 0), ("sections", sections), ("paid", 2),
                                  ("short", short))).as_dict()
    assert log_words.describe(repaired, NAMES) == said


@pytest.mark.parametrize(("count", "chests", "gold"), [
    (0, "0\u00a0coffre", "0\u00a0or"), (1, "1\u00a0coffre", "1\u00a0or"),
    (3, "3\u00a0coffres", "3\u00a0or")])
def test_counted_words_take_the_french_plural(french: None, count: int, chests: str,
                                              gold: str) -> None:
    """French uses the singular for 0 and 1 (ngettext, the catalog's plural rule)."""
    assert log_words.chests(count) == chests
    assert log_words.gold(count) == gold
    buried = Event("buried", (("seat", 0), ("chests", count), ("gold", 3),
                              ("fame", count + 1))).as_dict()
    fame = "1 point de renommée" if count == 0 else f"{count + 1} points de renommée"
    fame = fame.replace(" ", "\u00a0")  # one unit: a line never breaks inside it
    what = "3\u00a0or" if count == 0 else f"{chests} et 3\u00a0or"  # "0 coffre et" is not said
    assert log_words.describe(buried, NAMES) == f"Ann enterre {what} pour {fame}."


def test_every_refusal_the_panels_show_has_french_words(french: None) -> None:
    """Each reason the offers carry (whole games, every seat that acts) has its French words,
    from its code and params, never the English text."""
    codes = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = pirates.new_game(list(NAMES), seed)
        while not pirates.is_over(state):
            seat = pirates.to_act(state)[0]
            for reason in _reasons(pirates.view(state, seat)["offers"]):
                codes.add(reason["code"])
                assert reason["code"] in WORDS, reason
                words = reason_words(reason)
                assert words != reason["text"] and "?" not in words, reason
            state = pirates.apply(state, rng.choice(pirates.legal_actions(state, seat)))
    assert len(codes) >= 5


def _reasons(offers: Any) -> Iterator[dict[str, Any]]:
    if isinstance(offers, dict):
        if "code" in offers and "text" in offers:
            yield offers
            return
        for value in offers.values():
            yield from _reasons(value)
    elif isinstance(offers, list):
        for value in offers:
            yield from _reasons(value)


def test_a_refused_choice_gives_the_rules_reason_in_french(french: None) -> None:
    state = go(new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2")}}), {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    picker = make_picker(pirates.view(state, 0), pirates.legal_actions(state, 0),
                         reasons(state))
    assert isinstance(picker, TreePicker)
    choice = next(c for c in picker.stack[0].choices if c.label == "Poser un Artisan")
    assert isinstance(choice.value, Unavailable) and not choice.enabled
    assert choice.value.reason == "votre navire a déjà un Artisan, sur la section voiles"
    assert picker.pick(picker.stack[0].choices.index(choice)) == Refused(choice.value.reason)


def session_until(seed: int, test: Any) -> GameSession:
    session = GameSession.new("pirates", list(NAMES), seed)
    rng = random.Random(seed)
    while not test(session.view(None)):
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    return session


def _volleys(view: dict[str, Any]) -> bool:
    """Month 2's first volley exchange under way (seed 4: the Flying Dutchman off Crew Island)."""
    cb = view.get("combat")
    return bool(cb and cb["stage"] == "volleys" and view["month"] >= 2)


@sync
async def test_a_french_combat_table_fits_80x24_in_french_words(french: None) -> None:
    """A combat against the Flying Dutchman in month 2: the status, the combat with its log
    lines, the map and the mats, the seat's volley choices and the log, all French and whole."""
    session = session_until(4, _volleys)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert isinstance(table, PiratesTable)
        await pilot.pause()
        lines = screen_lines(pilot)
        text = "\n".join(lines)
        for words in ("Combat devant l'île des Équipages",
                      "⚔ Île des Équipages\u00a0: échange\u00a01",
                      "Votre bordée\u00a0: 2\u00a0dés, 5 et\u00a06 touchent",
                      "Tirer sur le Hollandais Volant (coque)", "Fuir vers la Crique", "É1:2",
                      "Échange de bordées nº\u00a01."):
            assert words in text, words  # on one line, whole
        # the legend's line whole in the combat box's column: its fame as the mats write it
        assert re.search(r"☠ Holland\. coque\u00a0\d+/\d+, \d+\u00a0dés, ★\d+", text), text
        volley = ("Le Hollandais Volant tire sur Cid (équipage)\u00a0: "
                  "dés\u00a02\u00a02\u00a06\u00a06, 2\u00a0coups au but.")
        assert volley in table.session.log_lines()
        own = [str(table.query_one(f"#{name}").render()) for name in
               ("status", "combat", "mats", "choices", "prompt")]
        panel_lines = [line for block in own for line in block.splitlines()]
        assert english_left(panel_lines, english_words()) == []
        assert english_left(table.session.log_lines(), english_words()) == []


def test_the_ships_still_to_fire_are_never_split_in_the_combat_box(french: None) -> None:
    """The combat box at 80×24 is 40 columns wide: French's "à tirer : [A] [É]" after the speed
    order wraps there, and goes to the next line whole, never leaving a ship's tag alone; a
    ship's marks ("1 par-dessus bord") are never split either."""
    alone = re.compile(r"^\s*(\[\w\]\s*)+$")
    tags = player_tags(["Anne", "Étienne", "Yves", "Hélène", "Zoé"])
    console = Console(width=40, color_system=None)
    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = pirates.new_game(["Anne", "Étienne", "Yves", "Hélène", "Zoé"], seed)
        while not pirates.is_over(state):
            view = pirates.view(state, None)
            text = combat_text(view, tags)
            if text is not None and "tirer\u00a0:" in text.plain.replace(" ", "\u00a0"):
                seen += 1
                with console.capture() as shown:
                    console.print(text)
                lines = shown.get().splitlines()
                assert not [line for line in lines if alone.match(line)], shown.get()
                # nor a count left at a line's end, its noun on the next ("(1 / par-dessus")
                assert not [line for line in lines if re.search(r"\(\d+\s*$", line)], \
                    shown.get()
            seat = pirates.to_act(state)[0]
            state = pirates.apply(state, rng.choice(pirates.legal_actions(state, seat)))
    assert seen > 20


def _burial_session(seed: int = 4) -> GameSession:
    """A seeded game played until a captain on Treasure Island may bury a chest and a bag of
    gold (seed 4: Cid in month 10, 2 chests and 3 gold)."""
    session = GameSession.new("pirates", list(NAMES), seed)
    rng = random.Random(seed)
    while True:
        seat = session.to_act()[0]
        legal = session.legal(seat)
        buries = [a for a in legal if isinstance(a, Bury)]
        if any(a.chests and a.bags for a in buries):
            return session
        session.apply(rng.choice(legal))


@sync
async def test_the_french_burial_fits_80x24(french: None) -> None:
    """Treasure Island's burial in French at 80×24: the amounts' rows, their keys and the
    summary, nothing shortened with "…" (the rows say fame as the mats do, "★2")."""
    session = _burial_session()
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert table.picker is not None
        labels = [choice.label for choice in table.picker.choices()]
        number = next(i for i, label in enumerate(labels, start=1)
                      if label.startswith("Enterrer"))
        await keys(pilot, str(number))
        await wait_until(pilot, lambda: "Enterrer un trésor" in "\n".join(screen_lines(pilot)),
                         "the burial's amounts")
        lines = screen_lines(pilot)
        assert cut_rows(lines) == [], "\n".join(lines)
        assert any(re.search(r"coffres +2 +→ ★2 ", line) for line in lines), lines
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "Entrée\u00a0: enterrer" in "\n".join(screen_lines(pilot)),
                         "the burial's summary")
        assert cut_rows(screen_lines(pilot)) == []


def test_every_french_tip_fits_its_line_at_80_columns(french: None) -> None:
    """The tip line holds 78 columns: "Astuce", the tip and " · e: leçon 10"."""
    for key in pirates_tips.TEXTS:
        tip = pirates_tips.tip(key)
        assert tip.text != pirates_tips.TEXTS[key][0], key  # French, not the English
        assert tip_line(tip).plain.startswith("Astuce ")
        assert tip_line(tip).cell_len <= 78, tip.text


def test_the_end_of_a_game_speaks_french(french: None) -> None:
    """The standings and the fame chart of a whole game: French headings, months and words."""
    state = played(3)
    view = pirates.view(state, None)
    series = fame_series(view["log"], len(NAMES))
    assert series is not None
    assert series.title == "Renommée, mois par mois"
    assert series.labels[:2] == ["départ", "mois\u00a01"] and series.labels[-1] == "cartes Renommée"
    standings = standings_text(view, view["result"], player_tags(NAMES)).plain
    assert "Classement" in standings and "de renommée" in standings
    assert english_left(standings.splitlines(), english_words()) == []


@sync
async def test_the_french_standings_fit_80x24(french: None) -> None:
    """The end screen at 80×24 with five French captains: each one's place, name and fame on
    one line, and the fame cards' sum on the next, whole (the standings are wider than the
    log for it)."""
    names = ["Anne", "Étienne", "Yves", "Hélène", "Bruno"]
    session = GameSession.new("pirates", names, 11)
    rng = random.Random(11)
    while not session.is_over():
        session.apply(rng.choice(session.legal(session.to_act()[0])))
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.pause()
        text = "\n".join(screen_lines(pilot))
        for name in names:
            assert re.search(rf"\d\. \[\w\] {name}  \d+\u00a0points?\u00a0de\u00a0renommée",
                             text), (name, text)
        sums = re.findall(r"cartes Renommée\u00a0: (?:aucune|[\d +\u00a0]+=\u00a0\d+) ", text)
        assert len(sums) == len(names), text


def test_the_keys_and_the_glossary_pages_are_french(french: None) -> None:
    """The help's page of Pirate's Cove keys and the glossary key (g) show the French pages."""
    ui = ui_for("pirates")
    assert glossary_screen([ui]).keys_markdown.startswith(
        "# La Crique des Pirates — les abréviations de la table")
    assert "| **C V É K** | les sections d'un navire" in glossary_screen([ui]).keys_markdown
    assert rules_screen(ui).keys_markdown.startswith(
        "# hotseat — les touches de la Crique des Pirates")


def _end(winner: int, fame: tuple[int, ...], tie_break: bool) -> tuple[dict[str, Any],
                                                                         dict[str, Any]]:
    """A finished game's view and result: the captains' fame, who won, and whether a tie for
    the most fame went to the final combat (P-R11)."""
    players = [{"name": name, "fame_cards": []} for name in NAMES]
    order = sorted(range(len(NAMES)), key=lambda s: (-fame[s], s != winner))
    standings = [{"seat": s, "name": NAMES[s], "fame": fame[s]} for s in order]
    view = {"players": players, "log": []}
    return view, {"over": True, "winner": winner, "tie_break": tie_break,
                  "standings": standings}


@pytest.mark.parametrize(("winner", "fame", "tie_break", "said"), [
    # the most fame: the book's "déclaré vainqueur", with no "le pirate" for Anne or Hélène
    (1, (4, 9, 2), False,
     "Bob l'emporte avec la renommée la plus élevée\u00a0: légende vivante de la "
     "flibusterie\u00a0!"),
    # a tie for the most fame, settled by the final combat
    (2, (9, 4, 9), True,
     "Ex aequo en tête, Cid l'emporte par l'ultime combat maritime\u00a0: légende vivante de la "
     "flibusterie\u00a0!"),
    # a final combat that left no ship: the tie stands, nobody is named the winner
    (-1, (9, 4, 9), True,
     "Pas de vainqueur\u00a0: Ann et Cid restent ex aequo à la renommée la plus élevée."),
])
def test_p_r11_the_end_names_the_winner_as_the_book_does_in_each_case(
        french: None, winner: int, fame: tuple[int, ...], tie_break: bool, said: str) -> None:
    view, result = _end(winner, fame, tie_break)
    standings = standings_text(view, result, player_tags(NAMES)).plain  # type: ignore[arg-type]
    assert standings.splitlines()[0] == said
    over = Event("game_over", (("winner", winner), ("fame", fame))).as_dict()
    line = log_words.describe(over, NAMES)
    assert line.startswith("La partie ") and "pirate le plus célèbre" not in line
    assert ("Ann" in line) == (winner == -1) and ("Bob" in line) == (winner == 1)


def test_p_r11_a_tie_left_standing_names_no_one_the_winner_in_english() -> None:
    """A final combat that leaves no ship (the core's winner -1) crowned the last seat on the
    end screen and "the legendary pirate" (ship -1) in the log."""
    view, result = _end(-1, (9, 4, 9), True)
    standings = standings_text(view, result, player_tags(NAMES)).plain  # type: ignore[arg-type]
    assert standings.splitlines()[0] == "No winner: Ann and Cid are still tied for the most fame."
    over = Event("game_over", (("winner", -1), ("fame", (9, 4, 9)))).as_dict()
    assert log_words.describe(over, NAMES) == (
        "The game is over with no winner: Ann and Cid are still tied for the most fame.")
    view, result = _end(0, (9, 4, 2), False)
    first = standings_text(view, result, player_tags(NAMES)).plain  # type: ignore[arg-type]
    assert first.splitlines()[0] == "Ann is the most famous pirate!"
