"""A lesson's texts in another language: its twin file holds only what a player reads;
``translated`` puts them in, ``twin_problems`` says why a twin does not fit its English."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from common.i18n import typeset
from common.lessons.model import Judge, Lesson, LessonError, Note
from common.lessons.paths import placeholders

_JUDGE_NOTES = ("well", "try")


def translated(lesson: Lesson, text: str, lang: str = "") -> Lesson:
    """``lesson`` with the texts a player reads (title, teaches, each step's text, hint and nudge, a
    capstone's judgement, the players' names as shown: its ``cast``) taken from ``text``, the
    TOML of its twin in the language ``lang`` (French: with French typography, as every French
    text, ``common.i18n.typeset``);
    ``LessonError`` when the twin does not fit (``twin_problems``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(lesson.id, 0, f"its translation is not valid TOML: {err}") from err
    problems = twin_problems(lesson, data)
    if problems:
        raise LessonError(lesson.id, 0, "its translation: " + "; ".join(problems))
    def spelt(raw: str) -> str:
        return typeset(_one_line(raw)) if lang == "fr" else _one_line(raw)

    steps = tuple(replace(step, text=spelt(raw["text"]), hint=spelt(raw.get("hint", "")),
                          nudge=spelt(raw.get("nudge", "")))
                  for step, raw in zip(lesson.steps, data["steps"], strict=True))
    judge = lesson.judge
    if judge is not None:
        judge = _translated_judge(judge, data["judge"])
    cast = data.get("cast", {})
    return replace(lesson, title=spelt(data["title"]), teaches=spelt(data["teaches"]),
                   steps=steps, judge=judge,
                   cast=tuple(str(cast.get(player, player)) for player in lesson.players))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _translated_judge(judge: Judge, raw: Mapping[str, Any]) -> Judge:
    def notes(english: tuple[Note, ...], key: str) -> tuple[Note, ...]:
        return tuple(replace(note, say=_one_line(said["say"]))
                     for note, said in zip(english, raw.get(key, ()), strict=True))

    return Judge({path: _one_line(raw["goal"][path]) for path in judge.goal},
                 notes(judge.well, "well"), notes(judge.tries, "try"),
                 _one_line(raw.get("otherwise", "")))


def twin_problems(lesson: Lesson, data: Mapping[str, Any]) -> list[str]:
    """What keeps a twin's data (a translation of ``lesson``'s texts) from replacing them: a
    text missing, empty or extra, a step count that differs, a placeholder the English does
    not have. Empty: it fits."""
    out = [f"unknown key {key!r}" for key in sorted(set(data) - {"title", "teaches", "steps",
                                                                  "judge", "cast"})]
    out += [f"no {key}" for key in ("title", "teaches") if not written(data.get(key))]
    out += _cast_problems(lesson.players, data.get("cast", {}))
    steps = data.get("steps", [])
    if not isinstance(steps, list) or len(steps) != len(lesson.steps):
        count = len(steps) if isinstance(steps, list) else 0
        return [*out, f"{count} steps where the lesson has {len(lesson.steps)}"]
    for step, raw in zip(lesson.steps, steps, strict=True):
        english = {"text": step.text, "hint": step.hint, "nudge": step.nudge}
        out += [f"step {step.number}: {line}" for line in _texts_problems(english, raw)]
    if lesson.judge is not None:
        out += [f"judge: {line}" for line in _judge_problems(lesson.judge, data.get("judge"))]
    elif "judge" in data:
        out.append("a judge, where the lesson has none")
    return out


def _cast_problems(players: tuple[str, ...], cast: Any) -> list[str]:
    """The faults of a twin's ``cast`` (each English name to the name shown in its language):
    a name it does not know, a name left empty, two players shown alike."""
    if not isinstance(cast, Mapping):
        return ["cast is not a table of names"]
    out = [f"cast: {name!r} is not a player of the lesson" for name in cast
           if name not in players]
    out += [f"cast: no name for {name!r}" for name, shown in cast.items()
            if name in players and not written(shown)]
    shown = [str(cast.get(player, player)).strip() for player in players]
    if len(set(shown)) != len(shown):
        out.append(f"cast: two players have the same name ({', '.join(shown)})")
    return out


def written(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _texts_problems(english: Mapping[str, str], raw: Any) -> list[str]:
    """The faults of one translated table against its ``english`` texts (name → text, "" where
    the English has none): each English text translated, nothing added, placeholders kept."""
    if not isinstance(raw, Mapping):
        return ["not a table"]
    out = [f"unknown key {key!r}" for key in sorted(set(raw) - set(english))]
    for key, text in english.items():
        theirs = raw.get(key)
        if text and not written(theirs):
            out.append(f"{key} not translated")
        elif not text and theirs is not None:
            out.append(f"a {key} the English does not have")
        elif text:
            extra = sorted(set(placeholders(str(theirs))) - set(placeholders(text)))
            out += [f"{key}: {{{name}}} is not in the English" for name in extra]
    return out


def _judge_problems(judge: Judge, raw: Any) -> list[str]:
    if not isinstance(raw, Mapping):
        return ["not translated"]
    out = [f"unknown key {key!r}" for key in sorted(set(raw) - {"goal", "otherwise",
                                                                 *_JUDGE_NOTES})]
    goal = raw.get("goal")
    if not isinstance(goal, Mapping) or set(goal) != set(judge.goal):
        out.append(f"goal names these paths: {sorted(judge.goal)}")
    else:
        out += [f"goal {path} not translated" for path in judge.goal if not written(goal[path])]
    out += _texts_problems({"otherwise": judge.otherwise},
                           {"otherwise": raw["otherwise"]} if "otherwise" in raw else {})
    for key, english in (("well", judge.well), ("try", judge.tries)):
        notes = raw.get(key, [])
        if not isinstance(notes, list) or len(notes) != len(english):
            out.append(f"{key}: {len(english)} notes, in order")
            continue
        for number, (note, said) in enumerate(zip(english, notes, strict=True), start=1):
            # the note's event and fields may be copied from the English: only ``say`` counts
            theirs = {"say": said.get("say")} if isinstance(said, Mapping) else said
            out += [f"{key} {number}: {line}" for line in _texts_problems({"say": note.say},
                                                                          theirs)]
    return out
