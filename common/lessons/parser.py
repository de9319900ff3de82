"""A lesson's TOML text into a ``Lesson`` (``load``: every key checked, every rule id known,
then the lesson rehearsed), and a tracks file into the game's ``Tracks``."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from common.engine import get_game
from common.lessons.model import READ, Judge, Lesson, LessonError, Note, Step, Tracks
from common.lessons.patterns import unknown_tests
from common.lessons.rehearsal import rehearse
from common.lessons.rulebook import known_rule_ids
from common.lessons.targets import parse_target

_LESSON_KEYS = {"title", "teaches", "game", "players", "seat", "seed", "setup", "options",
                "before", "steps", "capstone", "judge"}
_STEP_KEYS = {"text", "rules", "board", "expect", "play", "hint", "nudge", "then", "show",
              "position", "before", "goal", "repeat"}


def load(text: str, lesson_id: str, rule_ids: Iterable[str] | None = None) -> Lesson:
    """A lesson from its TOML text, checked by playing it: refused with ``LessonError`` naming
    the step at fault (an illegal scripted move, an unknown rule id, a task no legal move can
    satisfy, an expected move that does not fit its task, a placeholder that names nothing)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(lesson_id, 0, f"not valid TOML: {err}") from err
    lesson = _parse(data, lesson_id)
    known = set(known_rule_ids(lesson.game) if rule_ids is None else rule_ids)
    for step in lesson.steps:
        unknown = [r for r in step.rules if r not in known]
        if unknown:
            raise LessonError(lesson_id, step.number, f"unknown rule id(s) {', '.join(unknown)}")
    rehearse(lesson)
    return lesson


def _parse(data: Mapping[str, Any], lesson_id: str) -> Lesson:
    def fail(step: int, reason: str) -> LessonError:
        return LessonError(lesson_id, step, reason)

    bad = set(data) - _LESSON_KEYS
    if bad:
        raise fail(0, f"unknown key(s) {', '.join(sorted(bad))}")
    for key in ("title", "teaches", "game", "players", "seat", "steps"):
        if key not in data:
            raise fail(0, f"the lesson needs {key!r}")
    try:
        get_game(data["game"])
    except KeyError as err:
        raise fail(0, str(err)) from err
    players = tuple(data["players"])
    if type(data.get("seed", 1)) is not int:
        raise fail(0, "seed must be a whole number")
    for key in ("setup", "options"):
        if not isinstance(data.get(key, {}), Mapping):
            raise fail(0, f"{key} must be a table")
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < len(players):
        raise fail(0, "seat must be the learner's seat number, from 0")
    capstone = data.get("capstone", False)
    if type(capstone) is not bool:
        raise fail(0, "capstone is true or false")
    steps = []
    for number, raw in enumerate(data["steps"], start=1):
        steps.append(_parse_step(raw, number, players, fail, capstone))
        try:
            parse_target(steps[-1].board, data["game"], players, seat)
        except ValueError as err:
            raise fail(number, str(err)) from err
        if capstone:
            _capstone_step(steps[-1], seat, fail)
    if not steps:
        raise fail(0, "a lesson needs at least one step")
    if capstone and steps[-1].kind != READ:
        raise fail(len(steps), "a capstone ends with a read step: the round or month's result")
    return Lesson(
        id=lesson_id, game=data["game"], title=str(data["title"]), teaches=str(data["teaches"]),
        players=players, seat=seat, seed=data.get("seed", 1),
        setup=dict(data.get("setup", {})), options=dict(data.get("options", {})),
        before=tuple(data.get("before", ())), steps=tuple(steps), capstone=capstone,
        judge=_parse_judge(data.get("judge"), fail),
    )


def _parse_judge(raw: Any, fail: Any) -> Judge | None:
    """A capstone's ``[judge]``: ``goal`` (view path = name), ``well`` and ``try`` (lists of
    ``{ event, fields, say }``), ``otherwise`` (a line)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) - {"goal", "well", "try", "otherwise"}:
        raise fail(0, "judge is a table of goal, well, try and otherwise")
    goal = raw.get("goal")
    if not isinstance(goal, Mapping) or not goal:
        raise fail(0, "judge needs a goal: view paths and their names")

    def notes(key: str) -> tuple[Note, ...]:
        out = []
        for note in raw.get(key, ()):
            if not isinstance(note, Mapping) or not {"event", "say"} <= set(note):
                raise fail(0, f"each judge.{key} note needs an event and what to say")
            out.append(Note(str(note["event"]), dict(note.get("fields", {})), str(note["say"])))
        return tuple(out)

    return Judge({str(k): str(v) for k, v in goal.items()}, notes("well"), notes("try"),
                 str(raw.get("otherwise", "")))


def _capstone_step(step: Step, seat: int, fail: Any) -> None:
    """A capstone is one stage of one game: no new scenes, and no move played for the
    learner (every decision of the learner's seat is a task)."""
    if step.position is not None:
        raise fail(step.number, "a capstone plays one position: no 'position' in its steps")
    if any(move.get("seat") == seat for move in step.then):
        raise fail(step.number, "a capstone plays no move for the learner: every decision "
                   "of the learner's seat is a task")


def _parse_step(
    raw: Any, number: int, players: tuple[str, ...], fail: Any, capstone: bool = False
) -> Step:
    if not isinstance(raw, Mapping):
        raise fail(number, "a step is a table")
    bad = set(raw) - _STEP_KEYS
    if bad:
        raise fail(number, f"unknown key(s) {', '.join(sorted(bad))}")
    for key in ("text", "rules", "board"):
        if key not in raw:
            raise fail(number, f"the step needs {key!r}")
    rules = raw["rules"]
    if not isinstance(rules, list) or not (rules or capstone) or not all(
            isinstance(r, str) for r in rules):
        raise fail(number, "rules must be a list of rule ids")  # a capstone's may be empty
    expect = raw.get("expect", ())
    expect = (expect,) if isinstance(expect, Mapping) else tuple(expect)
    for key, tables in (("expect", expect), ("then", raw.get("then", ())),
                        ("before", raw.get("before", ()))):
        if not isinstance(tables, list | tuple) or not all(isinstance(t, Mapping)
                                                            for t in tables):
            raise fail(number, f"{key} must be a list of tables (actions or patterns)")
    if expect and not raw.get("hint"):
        raise fail(number, "a task needs a hint for legal moves that are not the point")
    if raw.get("nudge") is not None and not expect:
        raise fail(number, "'nudge' (the task's first hint) belongs to a task: give 'expect' too")
    if raw.get("before") and raw.get("position") is None:
        raise fail(number, "'before' belongs to a new scene: give 'position' too")
    if raw.get("play") is not None and not expect:
        raise fail(number, "'play' belongs to a task: give 'expect' too")
    if raw.get("goal") is not None and (not expect or not isinstance(raw["goal"], Mapping)):
        raise fail(number, "'goal' is a table of view paths, and belongs to a task")
    for path, want in dict(raw.get("goal") or {}).items():
        unknown = unknown_tests(want)
        if unknown:
            raise fail(number, f"goal {path}: {unknown}")
    if raw.get("repeat") is not None and (not capstone or not expect
                                          or type(raw["repeat"]) is not bool):
        raise fail(number, "'repeat' (true or false) belongs to a capstone's task")
    show = str(raw.get("show", ""))
    if show and show not in players:
        raise fail(number, f"show names no player: {show!r}")
    return Step(
        number=number, text=" ".join(str(raw["text"]).split()), rules=tuple(rules),
        board=str(raw["board"]),
        expect=expect, play=raw.get("play"), hint=str(raw.get("hint", "")),
        nudge=" ".join(str(raw.get("nudge", "")).split()),
        then=tuple(raw.get("then", ())), show=show, position=raw.get("position"),
        before=tuple(raw.get("before", ())), goal=dict(raw.get("goal", {})),
        repeat=bool(raw.get("repeat", False)),
    )


TRACKS_FILE = "_tracks.toml"


def tracks(lessons: Sequence[Lesson], text: str) -> Tracks:
    """``lessons`` split by a tracks file's text (``essentials = [ids]``); an id that names no
    lesson raises ``LessonError``."""
    data = tomllib.loads(text)
    unknown = set(data) - {"essentials"}
    if unknown:
        raise LessonError(TRACKS_FILE, 0, f"unknown keys {sorted(unknown)}")
    by_id = {lesson.id: lesson for lesson in lessons}
    ids = list(data.get("essentials", []))
    missing = [x for x in ids if x not in by_id]
    if missing or len(set(ids)) != len(ids):
        raise LessonError(TRACKS_FILE, 0, f"no such lesson or listed twice: {missing or ids}")
    return Tracks(tuple(by_id[x] for x in ids),
                  tuple(lesson for lesson in lessons if lesson.id not in ids))
