"""Whether a step shows the rules it names at work: each rule's observable (words, events,
actions or view values to be seen), each step's window of what happens (``windows``), and the
tags no window shows (``untaught``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from common.engine import get_game
from common.lessons.model import TASK, Lesson
from common.lessons.paths import lookup
from common.lessons.patterns import fits, holds, unknown_tests
from common.lessons.runner import entered, expected_action, move_on, start
from common.lessons.translations import written

OBSERVABLES_FILE = "_observables.toml"
_OBSERVABLE_KEYS = {"words", "event", "fields", "action", "view"}


@dataclass(frozen=True)
class Sign:
    """One way to see a rule at work: ``words`` (a regular expression the step's text must
    match, case apart) and at least one of ``event`` (a kind, or a list of kinds, of the
    game's events, with the ``fields`` given), ``action`` (an action type, or a list) and
    ``view`` (paths of the learner's view and the value each must have; ``true``: any value
    but nothing, false, 0 or empty). All that is given must be seen."""

    words: str
    event: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)
    action: tuple[str, ...] = ()
    view: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Observable:
    """What shows a rule at work, so that a step tagged with it can be checked to teach it:
    one ``Sign`` or another."""

    rule: str
    signs: tuple[Sign, ...]


@dataclass(frozen=True)
class Window:
    """What a step shows happening: the moves that led to it (the step before's move and
    replies, or its scene's opening moves) and its own (the expected move and the replies),
    the events they made (every seat's), and the learner's view before and after."""

    text: str
    actions: tuple[Mapping[str, Any], ...]
    events: tuple[Mapping[str, Any], ...]
    views: tuple[Mapping[str, Any], ...]


def parse_observables(text: str) -> dict[str, Observable]:
    """Observables from TOML: a table per rule id (a ``Sign``), or a list of them (any)."""
    data = tomllib.loads(text)
    out: dict[str, Observable] = {}
    for rule, raw in data.items():
        tables = raw if isinstance(raw, list) else [raw]
        out[rule] = Observable(rule, tuple(_sign(rule, table) for table in tables))
    return out


def _sign(rule: str, raw: Any) -> Sign:
    if not isinstance(raw, Mapping) or set(raw) - _OBSERVABLE_KEYS or "words" not in raw:
        raise ValueError(f"observable {rule!r}: words, and an event, an action or a view")
    if not any(key in raw for key in ("event", "action", "view")):
        raise ValueError(f"observable {rule!r}: give an event, an action or a view")
    for path, want in dict(raw.get("view", {})).items():
        unknown = unknown_tests(want)
        if unknown:
            raise ValueError(f"observable {rule!r}, view {path}: {unknown}")
    return Sign(str(raw["words"]), _names(raw.get("event", ())), dict(raw.get("fields", {})),
                _names(raw.get("action", ())), dict(raw.get("view", {})))


def _names(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def in_words(observables: Mapping[str, Observable], words: Mapping[str, Any]
             ) -> dict[str, Observable]:
    """``observables`` with the words of another language: per rule id, a table ``{ words }``
    for all its signs, or a list of them, one per sign in order; an id not given keeps its
    English words. A list of the wrong length raises ``ValueError``."""
    out = dict(observables)
    for rule, raw in words.items():
        english = observables.get(rule)
        tables = raw if isinstance(raw, list) else [raw] * len(english.signs if english else ())
        if english is None or len(tables) != len(english.signs) or not all(
                isinstance(t, Mapping) and written(t.get("words")) for t in tables):
            raise ValueError(f"observable {rule!r}: its words, one table per sign, in order")
        out[rule] = Observable(rule, tuple(replace(sign, words=str(t["words"]))
                                           for sign, t in zip(english.signs, tables,
                                                              strict=True)))
    return out


def windows(lesson: Lesson) -> list[Window]:
    """Each step's ``Window``, the lesson played with its expected moves."""
    if lesson.capstone:
        return _capstone_windows(lesson)
    game = get_game(lesson.game)
    run = start(lesson)
    lead_actions: tuple[Mapping[str, Any], ...] = tuple(lesson.before)
    lead_events = tuple(game.events(run.state, None))
    out: list[Window] = []
    while not run.finished:
        step = run.step
        assert step is not None
        before = run.state
        action = expected_action(run) if step.kind == TASK else None
        moved = move_on(run, action)
        own = ((game.action_to_json(action),) if action is not None else ()) + tuple(step.then)
        made = tuple(game.events(moved.state, None)[len(game.events(before, None)):])
        out.append(Window(run.text, lead_actions + own, lead_events + made,
                          (game.view(before, lesson.seat), game.view(moved.state, lesson.seat))))
        run = entered(moved)
        following = run.step
        if following is not None and following.position is not None:  # a new scene
            lead_actions = tuple(following.before)
            lead_events = tuple(game.events(run.state, None))
        else:
            lead_actions, lead_events = own, made
    return out


def _capstone_windows(lesson: Lesson) -> list[Window]:
    """A capstone's windows: a step's own decisions and the replies to them, each time it is
    repeated, and the moves that led to it (a passed-over step shows nothing)."""
    game = get_game(lesson.game)
    run = start(lesson)
    texts: dict[int, str] = {}
    actions: dict[int, list[Mapping[str, Any]]] = {}
    events: dict[int, list[Mapping[str, Any]]] = {}
    views: dict[int, list[Mapping[str, Any]]] = {}
    while not run.finished:
        index, step = run.index, run.step
        assert step is not None
        action = expected_action(run) if step.kind == TASK else None
        moved = move_on(run, action)
        texts.setdefault(index, run.text)
        own = ((game.action_to_json(action),) if action is not None else ()) + tuple(
            move for move, _, _ in moved.beats)
        made = game.events(moved.state, None)[len(game.events(run.state, None)):]
        seen = (game.view(run.state, lesson.seat), game.view(moved.state, lesson.seat))
        # a step's own moves, and the moves that led to the next step for that one
        for shown in {index, moved.index} if moved.index < len(lesson.steps) else {index}:
            actions.setdefault(shown, []).extend(own)
            events.setdefault(shown, []).extend(made)
            views.setdefault(shown, []).extend(seen)
        run = moved
    return [Window(texts.get(i, ""), tuple(actions.get(i, ())), tuple(events.get(i, ())),
                   tuple(views.get(i, ()))) for i in range(len(lesson.steps))]


def observed(observable: Observable, window: Window, players: Sequence[str] = ()) -> list[str]:
    """What of ``observable`` the window lacks (empty: the step shows the rule at work): of
    its signs, the one that lacks least."""
    lacks = [_lacks(sign, window, players) for sign in observable.signs]
    return min(lacks, key=len) if lacks else ["no sign"]


def _lacks(observable: Sign, window: Window, players: Sequence[str]) -> list[str]:
    missing = []
    if not re.search(observable.words, window.text, re.IGNORECASE):
        missing.append(f"the words /{observable.words}/")
    if observable.event and not any(
            e.get("kind") in observable.event and fits(observable.fields, e)
            for e in window.events):
        missing.append(f"an event {'|'.join(observable.event)} {dict(observable.fields) or ''}")
    if observable.action and not any(a.get("type") in observable.action
                                     for a in window.actions):
        missing.append(f"an action {'|'.join(observable.action)}")
    if observable.view and not any(all(holds(lookup(v, path, players), want)
                                       for path, want in observable.view.items())
                                   for v in window.views):
        missing.append(f"a view with {dict(observable.view)}")
    return missing


def untaught(lesson: Lesson, observables: Mapping[str, Observable]) -> list[str]:
    """Every tag of ``lesson`` whose step does not show its rule at work, in words."""
    out = []
    for step, window in zip(lesson.steps, windows(lesson), strict=True):
        for rule in step.rules:
            observable = observables.get(rule)
            if observable is None:
                out.append(f"{lesson.id}#{step.number} {rule}: no observable")
                continue
            missing = observed(observable, window, lesson.players)
            if missing:
                out.append(f"{lesson.id}#{step.number} {rule}: lacks {'; '.join(missing)}")
    return out
