"""Each game has an essentials track, the lessons that get a table through its first
game, under 18 minutes by the plain count (every word on screen at 200 words a minute, 10 s a
decision: tests/bench/learner_time.py); every other lesson is to be taken when its rule comes up."""

from __future__ import annotations

from pathlib import Path

import pytest

from common import lessons as L
from tests.bench.learner_time import lesson_cost, rows

GAMES = ("orcz", "pirates")
ESSENTIALS_MINUTES = 18.0
# what a first game needs, by the rules text's ids: the table, a turn, the core decisions, how
# the game ends and who wins
FIRST_GAME = {
    "orcz": {"O:what-you-have", "O:deployment", "O:deployment/forbidden-in-one-rank",
             "O:fights-in-the-column-baston",
             "O:the-battle-against-the-enemy", "O:heroes/champion", "O:heroes/shaman",
             "O:end-of-the-round", "O:end-of-the-game"},
    "pirates": {"P:your-ship", "P:what-is-secret", "P:a-month/navigation", "P:a-month/combat",
                "P:a-month/island-effects", "P:combat/volley-exchanges", "P:the-end"},
}


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_in_one_track_and_the_essentials_come_first(game: str) -> None:
    tracks = L.read_tracks(game)
    ids = [lesson.id for lesson in tracks.all]
    assert tracks.essentials, f"{game} has no essentials track"
    assert sorted(ids) == sorted(lesson.id for lesson in L.read_lessons(game))
    assert len(set(ids)) == len(ids)
    assert ids[:len(tracks.essentials)] == [lesson.id for lesson in tracks.essentials]


@pytest.mark.parametrize("game", GAMES)
def test_the_essentials_teach_what_a_first_game_needs(game: str) -> None:
    taught = {rule for lesson in L.read_tracks(game).essentials
              for step in lesson.steps for rule in step.rules}
    assert FIRST_GAME[game] <= taught, FIRST_GAME[game] - taught


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_essentials_take_a_learner_under_18_minutes_by_the_plain_count(game: str,
                                                                           lang: str) -> None:
    from common.i18n import set_language

    set_language(lang)  # the French lessons, the log's and the panel's words in French
    try:
        minutes = {x.id: lesson_cost(x).plain_seconds / 60
                   for x in L.read_tracks(game).essentials}
    finally:
        set_language("en")
    assert sum(minutes.values()) < ESSENTIALS_MINUTES, {k: round(v, 1) for k, v in minutes.items()}


def test_the_plain_count_counts_words_not_signs() -> None:
    """French sets ":" apart with a no-break space ("Entrée : continuer"): two words, not three;
    an arrow or a dot is no word either."""
    from tests.bench.learner_time import words

    assert words(["Entrée\u00a0: continuer", "Move 1 of 2 · Bob: 5 → 6"]) == 2 + 7


def test_the_plain_count_is_every_word_on_screen_at_200_a_minute_and_10_s_a_decision() -> None:
    """Worked by hand: 400 words on screen are 2 minutes, 3 decisions 30 s."""
    from tests.bench.learner_time import Cost

    assert Cost(seconds=999, words=300, tasks=3, shown=400).plain_seconds == 120 + 30


@pytest.mark.parametrize("game", GAMES)
def test_the_essentials_are_numbered_1_2_3_in_the_list(game: str) -> None:
    """The list numbers its lessons in its own order: the essentials read 1, 2, 3… (a track
    read as 1, 3, 11, 6, 8 looked like lessons skipped), the others follow."""
    from common.tui.gameui import ui_for
    from common.tui.learn_screens import LessonListScreen

    screen = LessonListScreen(ui_for(game))
    essentials = [screen.numbers[x.id] for x in screen.tracks.essentials]
    assert essentials == list(range(1, len(essentials) + 1))
    assert sorted(screen.numbers.values()) == list(range(1, len(screen.lessons) + 1))


def test_orczs_essentials_include_placing_a_rank() -> None:
    assert "02_placing_ranks" in {x.id for x in L.read_tracks("orcz").essentials}


def test_a_track_naming_a_lesson_that_does_not_exist_is_refused() -> None:
    lessons = L.read_lessons("orcz")
    with pytest.raises(L.LessonError, match="99_nowhere"):
        L.tracks(lessons, 'essentials = ["01_the_table", "99_nowhere"]')
    with pytest.raises(L.LessonError, match="unknown keys"):
        L.tracks(lessons, 'essential = ["01_the_table"]')
    split = L.tracks(lessons, 'essentials = ["03_fights", "01_the_table"]')
    assert [x.id for x in split.essentials] == ["03_fights", "01_the_table"]
    assert "03_fights" not in {x.id for x in split.when_it_happens}


@pytest.mark.slow
def test_the_bench_prints_a_row_per_game_and_track() -> None:
    printed = rows(list(GAMES))
    assert {(row["game"], row["track"]) for row in printed} == {
        (game, track) for game in GAMES for track in ("essentials", "all")}
    by = {(row["game"], row["track"]): row["plain_minutes"] for row in printed}
    for game in GAMES:
        assert by[game, "essentials"] < ESSENTIALS_MINUTES < by[game, "all"]


def test_a_game_without_lessons_is_not_offered_to_learn(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game from outside hotseat may ship no lesson: the list of games to learn leaves it out
    (its folder's _tracks.toml or _observables.toml are no lessons)."""
    import common.lessons as lessons
    from common.tui.learn_screens import learnable

    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "_tracks.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(lessons, "_lesson_folder", lambda game: folder)
    assert not lessons.has_lessons("any")
    assert learnable() == []
    (folder / "01_first.toml").write_text("", encoding="utf-8")
    assert lessons.has_lessons("any")
    monkeypatch.setattr(lessons, "_lesson_folder", lambda game: None)
    assert not lessons.has_lessons("any")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_every_task_of_the_essentials_nudges_the_idea_before_naming_the_move(game: str,
                                                                             lang: str) -> None:
    """The first hint is a question about the idea ("which is smaller, Crew or Cannons?"); the
    second names the move (the tutor's). Each task of the essentials has its nudge, in French
    too, and it is not the hint said for a move that misses."""
    essentials = {x.id for x in L.read_tracks(game).essentials}
    missing = []
    for lesson in L.read_lessons(game, lang):
        for step in lesson.steps:
            if lesson.id in essentials and step.kind == L.TASK and not (
                    step.nudge.endswith("?") and step.nudge != step.hint):
                missing.append(f"{lesson.id}#{step.number}")
    assert missing == []
