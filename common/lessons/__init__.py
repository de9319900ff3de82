"""The rules walkthrough as pure logic: lessons are data, played on a game's real rules core.

A lesson (one TOML file, see docs/walkthrough.md) is a position (the game's ``setup``), the
learner's seat, and steps. A step explains one thing, names the rule or ruling ids it teaches and
the part of the board it is about, and is either read (then Enter) or a task: the learner's move
must match one of the step's patterns over actions; the other seats' scripted moves follow.

The package, one concern a module:

- ``model``: what a lesson is (``Lesson``, ``Step``, a capstone's ``Judge``, ``Verdict``,
  ``Tracks``);
- ``parser``: a lesson's TOML into a ``Lesson``, checked (``load``), and a tracks file;
- ``rehearsal``: the lesson played through at load, every branch of its tasks, every step checked;
- ``runner``: a lesson being played (``Run``, ``start``, ``check``, ``advance``, ``back``), the
  other seats' scripted moves and a capstone's bot;
- ``judge``: a capstone's verdict against its goal;
- ``translations``: a lesson's texts in another language, from its twin file;
- ``rulebook``: the rule ids of a game's rules text, and which steps teach each;
- ``observables``: whether a step shows the rules it names at work;
- ``paths`` and ``patterns``: the view paths and placeholders, and the patterns and value tests,
  the modules above share.

Everything there is pure: ``load`` checks a lesson's text once (every scripted move legal, every
rule id known, every task possible, every placeholder filled), and a ``Run`` is an immutable value
that the screen moves on. This module reads the files: a game's lesson folder, its twins in
another language (``lessons/<lang>/<id>.toml``, holding only what a player reads), its tracks and
its observables; ``known_rule_ids`` reads the rules text. It also gives every public name of the
package, so that its users import from ``common.lessons`` alone.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from common.engine import get_game
from common.i18n import ENGLISH, language
from common.lessons.judge import judgement
from common.lessons.model import (
    HINT,
    ILLEGAL,
    NOT_A_TASK,
    OK,
    READ,
    TASK,
    Judge,
    Judgement,
    Lesson,
    LessonError,
    Note,
    Step,
    Tracks,
    Verdict,
)
from common.lessons.observables import (
    OBSERVABLES_FILE,
    Observable,
    Sign,
    Window,
    in_words,
    observed,
    parse_observables,
    untaught,
    windows,
)
from common.lessons.parser import TRACKS_FILE, load, tracks
from common.lessons.paths import fill, lookup, placeholders
from common.lessons.patterns import fits
from common.lessons.rehearsal import CAPSTONE_CHECK_SEEDS, play_through, random_learner
from common.lessons.rulebook import coverage, known_rule_ids, rule_ids
from common.lessons.runner import (
    Beat,
    Run,
    accepts,
    advance,
    back,
    check,
    entered,
    expected_action,
    matches,
    matching_actions,
    meets_goal,
    move_on,
    restart,
    start,
    step_start,
    task_kinds,
)
from common.lessons.targets import Target, parse_target
from common.lessons.translations import translated, twin_problems
from common.registry import GAMES, package_dirs

__all__ = [
    "CAPSTONE_CHECK_SEEDS",
    "GAMES",
    "HINT",
    "ILLEGAL",
    "NOT_A_TASK",
    "OBSERVABLES_FILE",
    "OK",
    "READ",
    "TASK",
    "TRACKS_FILE",
    "Beat",
    "Judge",
    "Judgement",
    "Lesson",
    "LessonError",
    "Note",
    "Observable",
    "Run",
    "Sign",
    "Step",
    "Target",
    "Tracks",
    "Verdict",
    "Window",
    "accepts",
    "advance",
    "back",
    "check",
    "coverage",
    "expected_action",
    "fill",
    "has_lessons",
    "in_words",
    "judgement",
    "known_rule_ids",
    "load",
    "lookup",
    "matches",
    "matching_actions",
    "meets_goal",
    "observed",
    "parse_observables",
    "parse_target",
    "placeholders",
    "play_through",
    "random_learner",
    "read_lessons",
    "read_observables",
    "read_tracks",
    "restart",
    "rule_ids",
    "start",
    "step_start",
    "task_kinds",
    "tracks",
    "translated",
    "twin_path",
    "twin_problems",
    "untaught",
    "windows",
]

# The lesson tests step a run and match an event as the runner does, by these older names.
_moved, _entered, _fits = move_on, entered, fits


def read_lessons(game: str, lang: str | None = None) -> list[Lesson]:
    """Every lesson of ``game`` (files ``<game>/lessons/*.toml``), in the order of their names,
    in ``lang`` (default: the interface's language): a lesson whose twin in that language is
    missing or does not fit its English is read in English."""
    folder = _lesson_folder(game)
    if folder is None:
        return []
    known = frozenset(known_rule_ids(game))
    code = language() if lang is None else lang
    return [_in_language(path.read_text(encoding="utf-8"), path.stem, known,
                         twin_path(folder, path.stem, code))
            for path in sorted(folder.glob("*.toml")) if not path.stem.startswith("_")]


def twin_path(folder: Path, lesson_id: str, lang: str) -> Path | None:
    """Where lesson ``lesson_id``'s texts in ``lang`` live (None for English: the lesson's own
    file holds them)."""
    return None if lang == ENGLISH else folder / lang / f"{lesson_id}.toml"


def has_lessons(game: str) -> bool:
    """Whether ``game`` ships any lesson (a game from outside hotseat may ship none: the list
    of games to learn leaves it out rather than offer an empty list)."""
    folder = _lesson_folder(game)
    return folder is not None and any(not path.name.startswith("_")
                                      for path in folder.glob("*.toml"))


def _lesson_folder(game: str) -> Path | None:
    for folder in package_dirs(get_game(game).NAME):
        if (folder / "lessons").is_dir():
            return folder / "lessons"
    return None


def read_tracks(game: str) -> Tracks:
    """``game``'s tracks (``<game>/lessons/_tracks.toml``); without that file, every lesson is
    to be taken when it happens."""
    lessons = read_lessons(game)
    folder = _lesson_folder(game)
    path = None if folder is None else folder / TRACKS_FILE
    if path is None or not path.is_file():
        return Tracks((), tuple(lessons))
    return tracks(lessons, path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=64)
def _loaded(text: str, lesson_id: str, known: frozenset[str]) -> Lesson:
    """``load``, once per text: the list of lessons is read each time it is opened, and a
    lesson is immutable."""
    return load(text, lesson_id, known)


def _in_language(text: str, lesson_id: str, known: frozenset[str], twin: Path | None) -> Lesson:
    """The lesson of ``text`` with its twin's texts; in English when the twin is missing or
    faulty (the lesson tests name the fault: a learner is never stopped by it)."""
    if twin is None or not twin.is_file():
        return _loaded(text, lesson_id, known)
    try:
        return _loaded_twin(text, lesson_id, known, twin.read_text(encoding="utf-8"),
                            twin.parent.name)
    except LessonError:
        return _loaded(text, lesson_id, known)


@functools.lru_cache(maxsize=64)
def _loaded_twin(text: str, lesson_id: str, known: frozenset[str], twin: str,
                 lang: str = "") -> Lesson:
    return translated(_loaded(text, lesson_id, known), twin, lang)


def read_observables(game: str, lang: str | None = None) -> dict[str, Observable]:
    """The observable of every rule id of ``game`` (``<game>/lessons/_observables.toml``), its
    words in ``lang`` (default: the interface's language) from the twin file
    ``lessons/<lang>/_observables.toml`` where it gives them (``in_words``)."""
    folder = _lesson_folder(game)
    path = None if folder is None else folder / OBSERVABLES_FILE
    if path is None or not path.is_file():
        return {}
    english = parse_observables(path.read_text(encoding="utf-8"))
    twin = twin_path(path.parent, OBSERVABLES_FILE.removesuffix(".toml"),
                     language() if lang is None else lang)
    if twin is None or not twin.is_file():
        return english
    return in_words(english, tomllib.loads(twin.read_text(encoding="utf-8")))
