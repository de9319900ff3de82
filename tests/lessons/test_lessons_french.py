"""The lessons in French: every lesson of every game has a twin in ``lessons/fr/``
that fits it (the same steps, every text a player reads translated, no placeholder the English
lacks), the lessons read in French when the interface speaks French, a faulty twin falls back
to English, and the coverage and fidelity checks hold of the French texts too."""

from __future__ import annotations

import importlib.util
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from common import lessons as L
from common.i18n import set_language
from common.lessons.rehearsal import rehearse
from common.tui.learn_panel import beat_words, target_label

GAMES = ("orcz", "pirates")
ROOT = Path(__file__).parents[2]
FOLDER = {game: ROOT / game / "lessons" for game in GAMES}
CASES = [(game, path.stem) for game in GAMES for path in sorted(FOLDER[game].glob("*.toml"))
         if not path.stem.startswith("_")]


def _english(game: str, lesson_id: str) -> L.Lesson:
    return next(x for x in L.read_lessons(game, "en") if x.id == lesson_id)


def _twin(game: str, lesson_id: str) -> dict[str, object]:
    path = FOLDER[game] / "fr" / f"{lesson_id}.toml"
    assert path.is_file(), f"{game} lesson {lesson_id} has no French twin ({path})"
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_lesson_has_a_french_twin_that_fits_it(game: str, lesson_id: str) -> None:
    assert L.twin_problems(_english(game, lesson_id), _twin(game, lesson_id)) == []


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_in_french_every_text_a_player_reads_is_the_twins(game: str, lesson_id: str) -> None:
    english = _english(game, lesson_id)
    set_language("fr")
    french = next(x for x in L.read_lessons(game) if x.id == lesson_id)
    assert (french.title, french.teaches) != (english.title, english.teaches)
    assert len(french.steps) == len(english.steps)
    for mine, theirs in zip(french.steps, english.steps, strict=True):
        assert mine.text != theirs.text, f"{lesson_id}#{mine.number} is still in English"
        assert bool(mine.hint) == bool(theirs.hint)
        # only the words change: the moves, rules and board are the English lesson's
        assert (mine.rules, mine.board, mine.expect, mine.then) == (
            theirs.rules, theirs.board, theirs.expect, theirs.then)


def _lesson_data(game: str, lesson_id: str) -> tuple[L.Lesson, dict[str, object]]:
    return _english(game, lesson_id), _twin(game, lesson_id)


def test_a_twin_with_a_step_more_or_a_placeholder_the_english_lacks_does_not_fit() -> None:
    lesson, data = _lesson_data("orcz", "01_the_table")
    steps = list(data["steps"])  # type: ignore[call-overload]
    assert L.twin_problems(lesson, {**data, "steps": [*steps, {"text": "Encore."}]}) == [
        f"{len(steps) + 1} steps where the lesson has {len(lesson.steps)}"]
    changed = [dict(s) for s in steps]
    changed[0]["text"] += " {players.Bob.goblins}"  # another seat's secret
    assert L.twin_problems(lesson, {**data, "steps": changed}) == [
        "step 1: text: {players.Bob.goblins} is not in the English"]


def test_a_twin_must_translate_each_hint_and_add_none() -> None:
    lesson, data = _lesson_data("orcz", "01_the_table")
    steps = [dict(s) for s in data["steps"]]  # type: ignore[attr-defined]
    task = next(i for i, step in enumerate(lesson.steps) if step.hint)
    del steps[task]["hint"]
    steps[0]["hint"] = "Un indice."
    assert L.twin_problems(lesson, {**data, "steps": steps}) == [
        "step 1: a hint the English does not have", f"step {task + 1}: hint not translated"]


def test_a_capstones_twin_translates_its_judgement() -> None:
    lesson, data = _lesson_data("orcz", "10_a_whole_round")
    assert lesson.judge is not None
    judge = dict(data["judge"])  # type: ignore[call-overload]
    judge["try"] = judge["try"][:-1]
    problems = L.twin_problems(lesson, {**data, "judge": judge})
    assert problems == [f"judge: try: {len(lesson.judge.tries)} notes, in order"]
    french = L.translated(lesson, (FOLDER["orcz"] / "fr" / "10_a_whole_round.toml").read_text())
    assert french.judge is not None
    assert [n.event for n in french.judge.well] == [n.event for n in lesson.judge.well]
    assert all(a.say != b.say for a, b in zip(french.judge.well, lesson.judge.well, strict=True))


def test_a_faulty_or_missing_twin_leaves_that_lesson_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never a crash at play time: the tests above name the fault."""
    folder = tmp_path / "lessons"
    shutil.copytree(FOLDER["orcz"], folder)
    monkeypatch.setattr(L, "_lesson_folder", lambda game: folder)
    twin = folder / "fr" / "01_the_table.toml"
    twin.write_text(twin.read_text(encoding="utf-8") + '\n[[steps]]\ntext = "De trop."\n',
                    encoding="utf-8")
    (folder / "fr" / "03_fights.toml").unlink()
    set_language("fr")
    read = {lesson.id: lesson for lesson in L.read_lessons("orcz")}
    assert read["01_the_table"].title == _english("orcz", "01_the_table").title
    assert read["03_fights"].title == _english("orcz", "03_fights").title
    assert read["06_the_battle"].title == "La bataille contre l'ennemi"


def test_in_english_the_lessons_are_unchanged_by_their_twins() -> None:
    def first(lang: str | None = None) -> str:
        return L.read_lessons("orcz", lang)[0].title

    assert first() == "The table and the enemy"
    set_language("fr")
    assert first() == "La table et l'ennemi"
    assert first("en") == "The table and the enemy"


# --------------------------------------------------------------------------- the cast

def _cast_tool() -> object:
    """tests/lessons/french_cast.py, the script that puts the cast in the French texts."""
    spec = importlib.util.spec_from_file_location("french_cast", Path(__file__).with_name(
        "french_cast.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_french_lesson_shows_the_french_names_on_the_table_and_in_its_texts() -> None:
    """Orcz lesson 1 in French: the table is Anne's, Bruno's and Cyril's, the step says so, and
    the paths still name the players by the lesson's ids; in English it is Ann, Bob and Cid."""
    english = L.start(_english("orcz", "01_the_table"))
    assert [p["name"] for p in english.view()["players"]] == ["Ann", "Bob", "Cid"]
    assert english.text.startswith("You are Ann")
    set_language("fr")
    lesson = next(x for x in L.read_lessons("orcz") if x.id == "01_the_table")
    assert lesson.players == ("Ann", "Bob", "Cid") and lesson.names == ("Anne", "Bruno", "Cyril")
    run = L.start(lesson)
    assert [p["name"] for p in run.view()["players"]] == ["Anne", "Bruno", "Cyril"]
    assert run.text.startswith("Vous êtes Anne, chef orque, avec Bruno et Cyril.")
    assert str(run.view()["players"][0]["goblins"]) in run.text  # {players.Ann.goblins}


def test_a_french_lessons_scripted_moves_and_other_view_name_the_french_players() -> None:
    """Orcz lessons 1 and 5 in French: Ctrl+O shows Cyril's view, and the others' moves are
    Bruno's and Cyril's in the words the learner reads."""
    set_language("fr")
    shown, movers = None, set()
    for lesson in L.read_lessons("orcz")[:5]:
        run = L.start(lesson)
        while not run.finished:
            step = run.step
            assert step is not None
            shown = shown or run.other_view()
            run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
            movers |= {re.split(r"\W", beat_words(run, move, lines))[0]
                       for move, lines, _ in run.beats}
    assert shown is not None and shown[0] == "Cyril"
    assert movers and movers <= {"Bruno", "Cyril"}, movers


def test_a_french_steps_frame_names_the_ship_as_the_table_does() -> None:
    """Pirate's Cove lesson 5 points at Bart's ship: in French the frame says Bruno's."""
    set_language("fr")
    lesson = next(x for x in L.read_lessons("pirates") if x.id == "05_the_islands")
    boards = {step.board for step in lesson.steps}
    assert "ship:Bart:hull" in boards  # an exact target: Bart's hull
    assert target_label(lesson.shown_board("ship:Bart")) == "▶ navire\u00a0: Bruno"
    assert lesson.shown_board("ship:Bart:hull") == "ship:Bruno:hull"
    assert lesson.shown_board("islands") == "islands"
    english = _english("pirates", "05_the_islands")
    assert english.shown_board("ship:Bart") == "ship:Bart"


@pytest.mark.parametrize("game", GAMES)
def test_a_french_step_names_the_glossarys_french_key(game: str) -> None:
    """In French g puts the left card face down; the glossary is l: a step that sends the
    learner to the abbreviations names the key the French table binds."""
    from common.tui.keymap import key, shell_keymap

    glossary = key("app.glossary", "g", shell_keymap("fr"))
    set_language("fr")
    named = [re.search(r"[Tt]ouche (\w+)", step.text) for lesson in L.read_lessons(game)
             for step in lesson.steps if "abréviations" in step.text]
    assert named and all(m is not None and m.group(1) == glossary for m in named)


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_every_french_lesson_plays_through_with_its_cast(game: str, lesson_id: str) -> None:
    """The French lesson, French names and all, rehearsed as a lesson is when it loads: every
    step, every branch of its tasks, a capstone with its random learners."""
    set_language("fr")
    lesson = next(x for x in L.read_lessons(game) if x.id == lesson_id)
    assert lesson.cast and lesson.names != lesson.players, "read in English: its twin failed"
    rehearse(lesson)


@pytest.mark.parametrize(("game", "lesson_id"), CASES)
def test_no_french_text_calls_a_player_by_their_english_name(game: str, lesson_id: str) -> None:
    """Run ``python tests/lessons/french_cast.py`` when this fails (after a merge, say)."""
    tool = _cast_tool()
    text = (FOLDER[game] / "fr" / f"{lesson_id}.toml").read_text(encoding="utf-8")
    assert tool.renamed(text, game) == text  # type: ignore[attr-defined]


def test_the_cast_tool_renames_outside_placeholders_and_elides() -> None:
    tool = _cast_tool()
    twin = ('title = "Le tour de Ann"\nteaches = "Que Ann et Bob jouent"\n'
            'goal = { "players.Ann.goblins" = "vos gobelins de Bob" }\n'
            'text = "Ann a {players.Ann.goblins} gobelins, Bob non."\nboard = "ship:Bob"\n')
    assert tool.renamed(twin, "orcz") == (  # type: ignore[attr-defined]
        'cast = { Ann = "Anne", Bob = "Bruno", Cid = "Cyril" }\n'
        'title = "Le tour d\'Anne"\nteaches = "Qu\'Anne et Bruno jouent"\n'
        'goal = { "players.Ann.goblins" = "vos gobelins de Bruno" }\n'
        'text = "Anne a {players.Ann.goblins} gobelins, Bruno non."\nboard = "ship:Bob"\n')


def test_a_twins_cast_must_name_the_lessons_players_apart() -> None:
    lesson, data = _lesson_data("orcz", "01_the_table")
    assert L.twin_problems(lesson, {**data, "cast": {"Ann": "Anne", "Bob": "Anne",
                                                      "Dee": "Denise"}}) == [
        "cast: 'Dee' is not a player of the lesson",
        "cast: two players have the same name (Anne, Anne, Cid)"]
    assert L.twin_problems(lesson, {**data, "cast": {"Bob": " "}}) == [
        "cast: no name for 'Bob'"]
    twin = (FOLDER["orcz"] / "fr" / "01_the_table.toml").read_text(encoding="utf-8")
    uncast = L.translated(lesson, re.sub(r"(?m)^cast = .*\n", "", twin), "fr")
    assert uncast.names == ("Ann", "Bob", "Cid")  # no cast: the lesson's own names


# --------------------------------------------------------------------------- coverage

@pytest.mark.parametrize("game", GAMES)
def test_every_observable_has_french_words(game: str) -> None:
    """A French step is checked against French words: every rule id has them."""
    path = FOLDER[game] / "fr" / L.OBSERVABLES_FILE
    assert path.is_file(), f"{game} has no {path}"
    english = L.read_observables(game, "en")
    given = tomllib.loads(path.read_text(encoding="utf-8"))
    assert sorted(set(english) - set(given)) == []
    french = L.in_words(english, given)  # a list of the wrong length raises
    assert all(sign.words for obs in french.values() for sign in obs.signs)


def test_french_words_given_sign_by_sign_must_match_the_signs() -> None:
    english = L.parse_observables('"O:x" = [{ words = "a", event = "b" }, { words = "c", '
                                  'event = "d" }]')
    assert [s.words for s in L.in_words(english, {"O:x": {"words": "z"}})["O:x"].signs] == [
        "z", "z"]
    with pytest.raises(ValueError, match="one table per sign"):
        L.in_words(english, {"O:x": [{"words": "z"}]})


def _untaught_in_french(game: str, lessons: tuple[L.Lesson, ...]) -> list[str]:
    english = {lesson.id: lesson.title for lesson in L.read_lessons(game, "en")}
    set_language("fr")
    observables = L.read_observables(game)
    # the French texts, checked against the French words
    assert all(lesson.title != english[lesson.id] for lesson in lessons)
    assert observables != L.read_observables(game, "en")
    return [line for lesson in lessons for line in L.untaught(lesson, observables)]


@pytest.mark.parametrize("game", GAMES)
def test_every_tagged_step_of_the_essentials_shows_its_rule_at_work_in_french(game: str) -> None:
    set_language("fr")
    assert _untaught_in_french(game, L.read_tracks(game).essentials) == []


@pytest.mark.slow  # every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("game", GAMES)
def test_every_tagged_step_of_every_lesson_shows_its_rule_at_work_in_french(game: str) -> None:
    set_language("fr")
    assert _untaught_in_french(game, L.read_tracks(game).when_it_happens) == []


def test_a_french_step_that_lost_its_words_is_caught() -> None:
    """The French Fog step cut to "Appuyez sur Entrée." no longer shows its rule."""
    set_language("fr")
    lesson = next(x for x in L.read_lessons("orcz") if x.id == "07_events")
    assert lesson.title == "Les événements"
    assert L.untaught(lesson, L.read_observables("orcz")) == []
    fog = next(s for s in lesson.steps if s.rules[0] == "O:events/fog")
    steps = tuple(L.Step(**{**s.__dict__, "text": "Appuyez sur Entrée."}) if s is fog else s
                  for s in lesson.steps)
    cut = L.Lesson(**{**lesson.__dict__, "steps": steps})
    lines = L.untaught(cut, L.read_observables("orcz"))
    assert [line.split(": lacks")[0] for line in lines] == [
        f"07_events#{fog.number} {rule}" for rule in fog.rules]


# --------------------------------------------------------------------------- fidelity

def _said(game: str, lesson_id: str) -> str:
    set_language("fr")
    lesson = next(x for x in L.read_lessons(game) if x.id == lesson_id)
    return " ".join(window.text for window in L.windows(lesson))


# The seeds' rules the English lessons are held to (test_lessons_teach.SEED_RULES), in the
# seed's own French words.
SEED_RULES_FR = [
    ("orcz", "01_the_table", r"premier joueur du tour 1 est tiré au hasard"),
    ("orcz", "03_fights", r"dans un ordre aléatoire"),
    ("orcz", "02_placing_ranks",
     r"pas de limite au nombre de rangs.* champ de bataille peut rester vide"),
]


@pytest.mark.parametrize(("game", "lesson_id", "words"), SEED_RULES_FR)
def test_a_rule_of_the_seed_is_taught_in_french(game: str, lesson_id: str, words: str) -> None:
    assert re.search(words, _said(game, lesson_id)), words


@pytest.mark.parametrize("game", GAMES)
def test_no_french_step_quotes_the_english_log(game: str) -> None:
    """A French step says what happened in its own words, never by quoting a log line."""
    set_language("fr")
    quoting = [f"{lesson.id}#{step.number}" for lesson in L.read_lessons(game)
               for step in lesson.steps for text in (step.text, step.hint)
               if any(p.endswith(".text") for p in L.placeholders(text))]
    assert quoting == []


# --------------------------------------------------------------------------- rules pages

def _page(game: str, name: str, lang: str) -> str:
    path = ROOT / game / (name if lang == "en" else name.replace(".md", f".{lang}.md"))
    assert path.is_file(), f"{game} has no {path.name}"
    return path.read_text(encoding="utf-8")


RULE_ID_NOTE = re.compile(r"<!--\s*([A-Z]:[^\s>]+)\s*-->")


@pytest.mark.parametrize("game", GAMES)
def test_the_french_rules_page_marks_the_place_of_every_rule_id(game: str) -> None:
    """The rule ids that lessons and tests name are read from the English page; the French page
    marks each one's heading, item or row with a comment (``<!-- O:deployment -->``, hidden by
    the help screen), in the English order, and names every ruling the English names."""
    docs = L.GAMES[game].docs
    english, french = _page(game, docs.rules, "en"), _page(game, docs.rules, "fr")
    assert RULE_ID_NOTE.findall(french) == L.rule_ids(docs.letter, english, "")
    named = set(re.findall(rf"\b{docs.letter}-R\d+\b", english))
    assert named - set(re.findall(rf"\b{docs.letter}-R\d+\b", french)) == set()


@pytest.mark.parametrize("game", GAMES)
def test_the_french_rulings_page_settles_every_ruling(game: str) -> None:
    docs = L.GAMES[game].docs
    english, french = _page(game, docs.rulings, "en"), _page(game, docs.rulings, "fr")
    assert L.rule_ids(docs.letter, "", french) == L.rule_ids(docs.letter, "", english)
    assert french != english


def test_a_french_rules_page_missing_a_section_is_caught() -> None:
    french = _page("orcz", "orcz-rules.md", "fr")
    cut = french.replace("- **Ruine :**<!-- O:the-battle-against-the-enemy/ruin -->", "- Ruine :")
    assert cut != french
    english = L.rule_ids("O", _page("orcz", "orcz-rules.md", "en"), "")
    assert "O:the-battle-against-the-enemy/ruin" not in RULE_ID_NOTE.findall(cut)
    assert RULE_ID_NOTE.findall(cut) != english


def test_a_french_capstones_verdict_is_french_with_no_english_log_line() -> None:
    """Lesson 10 played by a random learner: the verdict and its notes are the twin's words;
    in English each note quotes the log line that prompted it."""
    english = _english("orcz", "10_a_whole_round")
    set_language("fr")
    french = next(x for x in L.read_lessons("orcz") if x.id == "10_a_whole_round")
    judged = L.judgement(L.play_through(french, L.random_learner(1)))
    assert judged is not None and judged.verdict.startswith("Objectif ")
    assert "vos gobelins" in judged.verdict
    assert french.judge is not None
    says = {note.say for note in (*french.judge.well, *french.judge.tries)}
    says.add(french.judge.otherwise)
    assert judged.well + judged.tries and set(judged.well + judged.tries) <= says
    set_language("en")
    quoted = L.judgement(L.play_through(english, L.random_learner(1)))
    assert quoted is not None and len(quoted.well) == len(judged.well) > 0
    assert all('("' in line for line in quoted.well + quoted.tries)
