"""The shell in French: what every game's table shares — its keys, frames and status
words, the end screen and its chart, the review, the resume list's progress, the tutor's chrome,
``simulate``'s table and the F1 rules page — speaks French at 80×24, with no English interface
word left and nothing cut. The games' own words (their boards, pickers, logs) are their
interfaces' part and are not read here."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from common import i18n, registry, save
from common.session import GameSession
from common.simulate import GameRecord, Tally, print_summary
from common.tui.app import HotseatApp
from common.tui.cli import main
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.help import HelpScreen, HelpText, load_doc
from common.tui.keybar import KeyBar
from common.tui.learn_screens import LessonListScreen
from common.tui.menu import ResumeScreen, describe_save
from common.tui.table import TableScreen
from tests.tui.driver import keys, menu_pick, sync, wait_until
from tests.tui.english_words import english_marks, english_on
from tests.tui.french_scan import command_line_in_french, words_shown
from tests.tui.test_learn_screen import _flat, _open, _step_text, _to_step

NB = "\u00a0"  # French sets a non-breaking space before ":", ";", "?" and "!"
# The shell's English words (its message ids): none may be left on a French screen's chrome.
ENGLISH = re.compile(
    r"\b(Move|Choose|Pick|Back|Private panel|Log|Save again|Open hand|Nobody plays|Tips off|"
    r"Tip's lesson|Review|Quit|Help|Hint|Show me|Replay step|Step back|Leave|Lesson|Next|"
    r"Go on|step \d+ of|move \d+ of|round \d+ of|month \d+ of|before (round|month)|finished|"
    r"The game is over|everything revealed|Enter|Esc|the start|Glossary|Close help|"
    r"Essentials|When it happens|Learn|lessons?|games?|seat|win rate|won|mean|interval|"
    r"collective defeats?|goblins|round|counted for nobody|reached|interrupted|PgDn|more)\b")


@pytest.fixture(autouse=True)
def french() -> None:
    i18n.set_language("fr")  # tests/conftest.py brings English back after each test


def lines_of(pilot: Pilot[Any]) -> list[str]:
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def whole(text: str, lines: list[str]) -> bool:
    """``text`` is on one line of the screen, whole (not wrapped, not cut with "…")."""
    return any(text in line for line in lines)


def plain(title: object) -> str:
    """A frame's title as shown (a ``Text`` one without its markup)."""
    return title.plain if isinstance(title, Text) else Text.from_markup(str(title)).plain


def english_in(*texts: str) -> list[str]:
    return [found.group(0) for text in texts for found in ENGLISH.finditer(text)]


def finished(game: str, players: list[str], seed: int) -> GameSession:
    session = GameSession.new(game, players, seed)
    pick = random.Random(seed)
    while not session.is_over():
        session.apply(pick.choice(session.legal(session.to_act()[0])))
    return session


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_a_french_tables_key_bar_and_frames_are_french_and_whole(game: str) -> None:
    session = GameSession.new(game, ["Zoé", "Bob", "Cid"], 7, {})
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        player = app.screen.player  # type: ignore[attr-defined]
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.viewer is not None, "the private panel")
        await pilot.pause()
        table = app.screen
        lines = lines_of(pilot)
        private = plain(table.query_one("#private").border_title)
        log = plain(table.query_one("#log").border_title)
        bar = table.query_one(KeyBar).text
        assert private == f"{player} — panneau secret" and log == "Journal"
        assert whole(private, lines) and whole(log, lines)
        assert "Déplacer" in bar and bar.endswith("F1 Aide")
        assert bar.strip() == lines[-1].strip()  # the key bar, on the screen's last line
        assert english_in(private, log, bar) == []


@sync
async def test_the_window_question_is_asked_of_the_whole_table_in_french() -> None:
    from common.tui.choices import Refused
    from common.tui.window import WindowPicker

    picker = WindowPicker([(0, "Zoé", None), (1, "Bob", "Bob est un joueur ordinateur")],
                          "Quelqu'un joue-t-il une carte maintenant ?")
    labels = [choice.label for choice in picker.choices()]
    assert labels == ["Zoé joue une carte", "Bob joue une carte", "Personne ne joue de carte"]
    assert picker.pick(1) == Refused("Bob est un joueur ordinateur")  # the reason, whole


# ---------------------------------------------------------------- the end, its chart, the review


@sync
async def test_the_french_end_screen_with_its_chart_then_the_review_fit_80x24() -> None:
    session = finished("orcz", ["Ann", "Bob", "Cid", "Dan"], 5)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.pause()
        end = app.screen
        lines = lines_of(pilot)
        title = plain(end.query_one("#standings").border_title)
        assert title == "La partie est terminée" and whole(title, lines)
        assert str(end.query_one("#end-log").border_title) == "Journal"
        footer = lines[-1]
        assert "Récapitulatif (tout révélé)" in footer and "Quitter" in footer
        for player in session.view(None)["players"]:  # the chart: a row of bars per player
            assert any(re.search(rf"│  {player['name']} +[▁▂▃▄▅▆▇█]+ \d", line) for line in lines)
        assert english_in(title, footer) == []

        await keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.reviewing, "the review")
        await pilot.pause()
        review = app.screen
        total = session.action_count
        status = str(review.query_one("#status", Static).render())
        assert status.startswith(
            f"Récapitulatif, tout révélé — coup{NB}{total} sur{NB}{total}{NB}: ")
        await keys(pilot, "home")
        await wait_until(pilot, lambda: f"coup{NB}0 sur{NB}{total}{NB}: le début" in str(
            review.query_one("#status", Static).render()), "the start of the review")
        await keys(pilot, "right")
        await wait_until(pilot, lambda: f"coup{NB}1 sur{NB}{total}{NB}: " in str(
            review.query_one("#status", Static).render()), "the first move")
        await pilot.pause()
        lines = lines_of(pilot)
        frame = plain(review.query_one("#private").border_title)
        prompt = str(review.query_one("#prompt", Static).render())
        bar = review.query_one(KeyBar).text
        assert frame == "Récapitulatif" and whole(frame, lines)
        assert prompt == "← → un coup · ↑ ↓ défiler · Début Fin · Échap ferme"
        assert whole(prompt, lines)
        head = str(review.query_one("#status", Static).render()).split(": ")[0]
        assert english_in(frame, prompt, bar, head) == []


# ---------------------------------------------------------------- the resume list


def test_a_saves_progress_is_worded_in_the_language_in_use(tmp_path: Path) -> None:
    orcz = GameSession.new("orcz", ["Ann", "Bob"], 3)
    pirates = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 4)
    done = finished("orcz", ["Dan", "Eve"], 5)
    for session in (orcz, pirates, done):
        session.release()
    assert describe_save(orcz.path)[0].startswith(f"Orcz{NB}: Ann, Bob — tour{NB}1 sur{NB}2 (")
    assert describe_save(pirates.path)[0].startswith(
        f"La Crique des Pirates{NB}: Ann, Bob, Cid — avant le mois{NB}1 (")
    assert describe_save(done.path)[0].startswith(f"Orcz{NB}: Dan, Eve — terminée (")
    # a save written before stages were saved keeps its progress in words: still listed, as it says
    body = json.loads(orcz.path.read_text())
    body["summary"] = {"progress": "round 2 of 3", "over": False}
    body["checksum"] = save._checksum(body)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(body))
    assert "Ann, Bob — round 2 of 3 (" in describe_save(old)[0]
    i18n.set_language("en")  # the same save, in English
    assert "Ann, Bob — round 1 of 2 (" in describe_save(orcz.path)[0]


@sync
async def test_the_french_resume_list_shows_each_saves_progress_whole_at_80x24() -> None:
    GameSession.new("orcz", ["Ann", "Bob"], 3).release()
    finished("pirates", ["Dan", "Eve", "Fay"], 5).release()
    app = HotseatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await menu_pick(pilot, "resume")
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen)
                         and "terminée" in " ".join(lines_of(pilot)), "the list")
        lines = lines_of(pilot)
        assert whole(f"Orcz{NB}: Ann, Bob — tour{NB}1 sur{NB}2 (", lines)
        assert whole(f"La Crique des Pirates{NB}: Dan, Eve, Fay — terminée (", lines)
        assert english_in("\n".join(lines).replace("Orcz", "")) == []


# ---------------------------------------------------------------- the tutor's chrome


@sync
async def test_the_tutors_chrome_speaks_french_at_80x24() -> None:
    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        await pilot.pause()
        lines = lines_of(pilot)
        for heading in (f"L'essentiel{NB}: votre première partie, dans l'ordre",):
            assert whole(heading, lines)
        assert any(re.fullmatch(rf"La Crique des Pirates{NB}: \d+{NB}leçons à apprendre",
                                line.strip())
                   for line in lines)
        table = await _open(pilot, app, 0)
        panel = table.query_one("#lesson")
        steps = len(table.session.run.lesson.steps)
        assert plain(panel.border_title).startswith(f"étape{NB}1 sur{NB}{steps} · ")
        # the tutor's keys are a note under the step (_flat flattens every space, the
        # non-breaking ones too)
        notes = _flat(str(table.query_one("#lesson-notes", Static).render()))
        assert "Bloqué sur une tâche ? i : un indice, m : montrez-moi le coup." in notes
        bar = table.query_one(KeyBar).text
        assert "Continuer" in bar and "Recommencer" in bar
        assert english_in(bar, plain(panel.border_title).split(" · ")[0]) == []

        await _to_step(pilot, app, table, 4)  # the task: raise a section
        await wait_until(pilot, lambda: "Indice" in table.query_one(KeyBar).text, "the keys")
        bar = table.query_one(KeyBar).text
        assert "i Indice" in bar and "m Montrez-moi" in bar and english_in(bar) == []
        await keys(pilot, "i")
        await wait_until(pilot, lambda: "💡 Indice : Vous lancez le plus petit de l'Équipage"
                         in _step_text(table), "the hint: the idea first")
        await keys(pilot, "m")
        await wait_until(pilot, lambda: "Le reprendre" in table.query_one(KeyBar).text,
                         "show me")
        await pilot.pause()
        lines = lines_of(pilot)
        prompt = str(table.query_one("#prompt", Static).render())
        assert prompt == f"Coup montré (Entrée{NB}: le reprendre)"
        assert whole(prompt, lines)
        assert plain(panel.border_title) == f"Montrez-moi · étape{NB}5 sur{NB}{steps}"
        assert english_in(prompt, plain(panel.border_title), table.query_one(KeyBar).text) == []


# ---------------------------------------------------------------- simulate


def test_simulates_table_is_french_and_80_columns_wide(capsys: pytest.CaptureFixture[str]) -> None:
    tally = Tally("orcz", ("normal", "random", "random"))
    tally.add(GameRecord((0,), (9, 3, 2), 100, False, (0, 1, 2), ((1, 0, 0),) * 3))
    tally.add(GameRecord((0, 2), (7, 3, 7), 100, False, (1, 2, 0), ((0, 0, 1),) * 3))
    tally.add(GameRecord((), (1, 2, 3), 90, True, (2, 0, 1), ((0, 0, 0),) * 3))
    print_summary(tally.summary(1.0))
    orcz = capsys.readouterr().out
    tally = Tally("pirates", ("hard", "random", "random"))
    tally.add(GameRecord((0,), (9, 3, 2), 100, False, ranking=(0, 1, 2)))
    tally.add(GameRecord((2,), (7, 3, 8), 100, False, ranking=(2, 0, 1)))
    print_summary(tally.summary(1.0))
    pirates = capsys.readouterr().out
    assert f"défaites collectives{NB}: 1 sur{NB}3" in orcz and "moy. gobelins 5,7" in orcz
    assert f"tour 3{NB}:" in orcz and f"(IC 95{NB}% 19,8{NB}%–97,3{NB}%)" in orcz
    assert f"place{NB}3{NB}:  50,0{NB}%   0,0{NB}%  50,0{NB}%" in pirates
    # the levels in French
    assert f"Orcz{NB}: 3{NB}parties entre normal, hasard, hasard en 1,0{NB}s" in orcz
    assert pirates.startswith(f"La Crique des Pirates{NB}: 2{NB}parties")  # the game's name
    assert f"place{NB}1 (fort){NB}:" in pirates
    for text in (orcz, pirates):
        words = text.replace("orcz", "").replace("pirates", "")
        assert english_in(words) == []
        assert max(len(line) for line in text.splitlines()) <= 80


# ---------------------------------------------------------------- F1: the rules in French


@pytest.fixture
def french_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A French rules page for Orcz, in a folder searched before the game's own."""
    text = "# Règles d'Orcz (page d'essai)\n\nLe texte français des règles.\n"
    (tmp_path / "orcz-rules.fr.md").write_text(text, encoding="utf-8")
    own = registry.package_dirs
    monkeypatch.setattr(registry, "package_dirs", lambda package: [tmp_path, *own(package)])
    return text


def test_the_rules_page_is_the_french_one_when_it_exists(french_rules: str) -> None:
    assert load_doc("orcz-rules.md", "orcz") == french_rules
    # the game ships French rulings: those, typeset, their numbers held to their words
    rulings = load_doc("rulings.md", "orcz")
    assert rulings == i18n.held(i18n.typeset((Path(registry.__file__).parents[1] / "orcz" /
                                              "rulings.fr.md").read_text(encoding="utf-8")))
    assert " :" not in rulings  # no lone ":" at a line's start
    i18n.set_language("en")
    assert load_doc("orcz-rules.md", "orcz") != french_rules


def test_hotseat_rules_prints_the_french_page(french_rules: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "rules", "orcz"]) == 0
    out = capsys.readouterr().out
    title = french_rules.splitlines()[0].removeprefix("# ")
    assert out.strip().splitlines()[0].strip() == title
    assert "hotseat rules orcz --rulings" in out


def test_printed_french_rules_never_start_a_line_with_a_lone_semicolon() -> None:
    """``hotseat rules`` runs without the app, whose import keeps Rich from breaking a line at
    a no-break space (common.tui.nobreak): at 80 columns the forbidden pairs' item broke
    before "; deux unités de cavalerie". A fresh interpreter, as the command runs."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-m", "common.tui", "--lang", "fr", "rules", "orcz"],
                         capture_output=True, text=True, env=env, check=True,
                         cwd=Path(__file__).parents[2]).stdout
    assert "deux unités d'archers" in " ".join(out.split())
    assert [line for line in out.splitlines() if re.match(r"\s*[:;!?]", line)] == []


@sync
async def test_f1_on_a_french_table_shows_the_french_rules_page(french_rules: str) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await keys(pilot, "f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        shown = app.screen.query_one(HelpText)
        await wait_until(pilot, lambda: any("Le texte français des règles." in line.text
                                            for line in shown.lines), "the French rules")
        footer = lines_of(pilot)[-1]
        assert "Fermer l'aide" in footer and english_in(footer) == []


# ---------------------------------------------------------------- the command line, scanned


def test_the_command_line_in_french_shows_no_english(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Its help, argparse's own errors, a missing file (the system's reason), a folder, a file
    that is no save, unknown levels and games: no English word, no English quotes, no None."""
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    said = command_line_in_french(str(tmp_path))
    found = {line: english_on(words_shown(text)) + english_marks(text)
             for line, text in said.items()}
    assert {line: words for line, words in found.items() if words} == {}
    everything = "\n".join(said.values())
    assert "'chess'" not in everything and "None" not in everything
    assert f"«{NB}chess{NB}»" in said["chess"] and "argument commande" in said["chess"]
    assert "aucun fichier ou dossier de ce nom" in "".join(
        text for line, text in said.items() if line.endswith("absente.json"))
    assert f"options{NB}:" in said["--help"] and "JOUEURS" in said["orcz --help"]


def test_the_command_line_scan_sees_the_english_it_looks_for() -> None:
    """The scan is no blind spot: the system's English and argparse's are caught."""
    for english in ("hotseat: cannot read x.json: no such file or directory",
                    "hotseat rules: error: argument game: invalid choice: 'chess'",
                    "usage: hotseat orcz --players PLAYERS [--seed SEED]"):
        assert english_on(words_shown(english)) != [], english
    # and English punctuation around French words: argparse's quotes, a colon set as English
    # sets it, a value never filled in
    for english in ("choix invalide\u00a0: «\u00a0x\u00a0» (au choix\u00a0: orcz, 'seat')",
                    "hotseat simulate: --steps\u00a0: ces options règlent",
                    "format de sauvegarde inconnu None", "Ann (5 gobelins): Inf1"):
        assert english_marks(english) != [], english
    assert english_marks("à 12:30, voir https://x.org\u00a0; touche (?)\u00a0! l'île d'Ann") == []
