"""The rules walkthrough as pure logic: lessons are data, played on a game's real rules core.

A lesson (one TOML file, see docs/walkthrough.md) is a position (the game's ``setup``), the
learner's seat, and steps. A step explains one thing, names the rule or ruling ids it teaches and
the part of the board it is about, and is either read (then Enter) or a task: the learner's move
must match one of the step's patterns over actions; the other seats' scripted moves follow.

Everything here is pure: ``load`` checks a lesson's text once (every scripted move legal, every
rule id known, every task possible, every placeholder filled), and a ``Run`` is an immutable value
that the screen moves on with ``advance``, ``back`` and ``restart``. Only ``read_lessons`` and
``known_rule_ids`` read files (the lesson folders and the rules text in ``docs/``).

A lesson's texts in another language sit in a twin file, ``lessons/<lang>/<id>.toml``, holding
only what a player reads (``translated``); the English file keeps everything else.
"""

from __future__ import annotations

import contextlib
import functools
import random
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from common.bots import choose, game_bots, make_bot
from common.engine import GameModule, get_game
from common.errors import IllegalAction
from common.i18n import ENGLISH, _, language, typeset
from common.registry import GAMES, package_dirs, read_doc

READ, TASK = "read", "task"
CAPSTONE_CHECK_SEEDS = (1, 2)  # the random learners a capstone is played with when it loads
OK, HINT, ILLEGAL, NOT_A_TASK = "ok", "hint", "illegal", "not_a_task"
_LESSON_KEYS = {"title", "teaches", "game", "players", "seat", "seed", "setup", "options",
                "before", "steps", "capstone", "judge"}
_STEP_KEYS = {"text", "rules", "board", "expect", "play", "hint", "then", "show", "position",
              "before", "goal", "repeat"}


class LessonError(ValueError):
    """A lesson file that cannot be played; ``step`` is the 1-based step it fails at (0: the
    lesson's own keys or its opening moves)."""

    def __init__(self, lesson: str, step: int, reason: str) -> None:
        where = f"step {step}" if step else "its set-up"
        super().__init__(f"lesson {lesson!r}, {where}: {reason}")
        self.lesson, self.step, self.reason = lesson, step, reason


@dataclass(frozen=True)
class Step:
    number: int  # 1-based
    text: str  # with {placeholders}, see ``fill``
    rules: tuple[str, ...]
    board: str  # the part of the board to highlight, e.g. "battlefield:urth", "hand"
    expect: tuple[Mapping[str, Any], ...] = ()  # patterns over the learner's action (a task)
    play: Mapping[str, Any] | None = None  # the expected move the tests and checks play
    hint: str = ""  # for a legal move that does not match
    then: tuple[Mapping[str, Any], ...] = ()  # the other seats' scripted moves, as action JSON
    show: str = ""  # a seat whose own view is shown too, labelled (secrecy lessons)
    position: Mapping[str, Any] | None = None  # a new scene: the game set up afresh here
    before: tuple[Mapping[str, Any], ...] = ()  # with a new scene: its opening moves
    # a task's goal: paths of the learner's view after the move and the values they must have
    # (``true``: anything but nothing, false, 0 or empty); a move must fit ``expect`` and meet it
    goal: Mapping[str, Any] = field(default_factory=dict)
    # a capstone's task that stays while the learner's next decision still fits it
    repeat: bool = False

    @property
    def kind(self) -> str:
        return TASK if self.expect else READ


@dataclass(frozen=True)
class Lesson:
    id: str  # the file name without its extension, e.g. "01_the_table"
    game: str
    title: str
    teaches: str
    players: tuple[str, ...]
    seat: int  # the learner's
    seed: int
    setup: Mapping[str, Any]
    options: Mapping[str, Any]
    before: tuple[Mapping[str, Any], ...]  # scripted moves played before step 1
    steps: tuple[Step, ...]
    # a whole round or month: the other seats' replies are ``then`` while legal, else the
    # game's ``normal`` bot; tasks a decision does not fit are passed over (see ``_played_on``)
    capstone: bool = False
    judge: Judge | None = None  # a capstone's: its verdict against the goal


@dataclass(frozen=True)
class Note:
    """A line of a capstone's judgement, said when the learner's log shows an ``event`` of
    that kind with the ``fields`` given (the event's own words follow it)."""

    event: str
    fields: Mapping[str, Any]
    say: str


@dataclass(frozen=True)
class Judge:
    """How a capstone is judged: ``goal`` maps paths of the learner's view to their names (the
    goal is met when one ends higher than it began); ``well`` and ``tries`` are the notes of
    what went well and what to try, ``otherwise`` the try said when no note of it applies."""

    goal: Mapping[str, str]
    well: tuple[Note, ...] = ()
    tries: tuple[Note, ...] = ()
    otherwise: str = ""


@dataclass(frozen=True)
class Judgement:
    met: bool
    verdict: str  # the goal and the numbers that decide it
    well: tuple[str, ...]
    tries: tuple[str, ...]


@dataclass(frozen=True)
class Verdict:
    """What the learner's action does at a task: ``ok``, ``hint`` (legal, but not the point;
    ``message`` says why), ``illegal`` (``message`` is the rules' reason) or ``not_a_task``."""

    kind: str
    message: str = ""
    # the rules' refusal itself (``illegal``), whose code and params the interface words
    error: IllegalAction | None = field(default=None, compare=False)


Beat = tuple[Mapping[str, Any], tuple[str, ...], Any]


@dataclass(frozen=True)
class Run:
    """A lesson being played: immutable; ``previous`` is the run at the start of the step
    before, for ``back``."""

    lesson: Lesson
    index: int  # 0-based current step; len(steps) once finished
    state: Any
    said: tuple[str, ...] = ()  # a line per scripted move just played (the log in words)
    previous: Run | None = field(default=None, repr=False)
    # the scripted moves that follow the step just left, one by one, for the screen to show
    # them happening: (the move's JSON, its lines, the state after it)
    beats: tuple[Beat, ...] = field(default=(), repr=False)
    stage: Any = None  # a capstone's round or month: its lesson ends when the stage does

    @property
    def game(self) -> GameModule:
        return get_game(self.lesson.game)

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def counter(self) -> str:
        total = len(self.lesson.steps)
        return _("step {number} of {total}").format(number=min(self.index + 1, total), total=total)

    @property
    def text(self) -> str:
        """The current step's text with its numbers filled in from the state."""
        step = self.step
        return "" if step is None else fill(self.lesson, self.state, step.text)

    def view(self) -> dict[str, Any]:
        """What the learner's seat sees: the board to render."""
        return self.game.view(self.state, self.lesson.seat)

    def other_view(self) -> tuple[str, dict[str, Any]] | None:
        """(name, view) of the seat the step shows as a separate picture, if any."""
        step = self.step
        if step is None or not step.show:
            return None
        seat = self.lesson.players.index(step.show)
        return step.show, self.game.view(self.state, seat)


# --------------------------------------------------------------------------- running

def start(lesson: Lesson) -> Run:
    """The lesson at its first step (the same every time: the seed and the set-up fix it)."""
    state, said = _scene(lesson, lesson.setup, lesson.before)
    if lesson.capstone:
        return Run(lesson, 0, state, said, stage=_stage(lesson.game, state))
    return _entered(Run(lesson, 0, state, said))


def _scene(
    lesson: Lesson, setup: Mapping[str, Any], before: Sequence[Mapping[str, Any]]
) -> tuple[Any, tuple[str, ...]]:
    game = get_game(lesson.game)
    state = game.new_game(list(lesson.players), lesson.seed, setup=setup, **lesson.options)
    return _script(game, state, before, lesson.seat)


def _entered(run: Run) -> Run:
    """``run`` at the start of its step: a step that opens a new scene sets the game up anew."""
    step = run.step
    if step is None or step.position is None:
        return run
    state, said = _scene(run.lesson, step.position, step.before)
    return Run(run.lesson, run.index, state, said, run.previous)


def check(run: Run, action: Any) -> Verdict:
    """Judge the learner's ``action`` (an action object) at the current task."""
    step = run.step
    if step is None or step.kind != TASK:
        return Verdict(NOT_A_TASK, _("this step has no task: press Enter to go on"))
    game = run.game
    try:
        after = game.apply(run.state, action)
    except IllegalAction as err:
        return Verdict(ILLEGAL, str(err), err)
    if not matches(step, game.action_to_json(action), run.lesson.seat):
        return Verdict(HINT, step.hint)
    if not meets_goal(run, step, after):
        return Verdict(HINT, step.hint)
    return Verdict(OK)


def meets_goal(run: Run, step: Step, after: Any) -> bool:
    """Whether the state ``after`` the learner's move meets the task's goal (no goal: yes)."""
    if not step.goal:
        return True
    view = run.game.view(after, run.lesson.seat)
    return all(_holds(lookup(view, path, run.lesson.players), want)
               for path, want in step.goal.items())


def advance(run: Run, action: Any = None) -> Run:
    """The next step: after Enter on a read step (``action`` None), or after the learner's
    ``action`` at a task, which must be ``ok`` by ``check``; the scripted moves follow."""
    step = run.step
    if step is None:
        raise ValueError("the lesson is finished")
    if step.kind == TASK:
        verdict = check(run, action)
        if verdict.kind != OK:
            raise ValueError(f"not the move this task asks for: {verdict.message}")
    return _entered(_moved(run, action if step.kind == TASK else None))


def _moved(run: Run, action: Any) -> Run:
    """``advance`` without entering the next step's scene (for the load-time checks)."""
    step = run.step
    assert step is not None
    game = run.game
    state = run.state if action is None else game.apply(run.state, action)
    if run.lesson.capstone:
        return _played_on(run, step, state)
    beats = _beats(game, state, step.then, run.lesson.seat)
    said = tuple(line for _, lines, _ in beats for line in lines)
    return Run(run.lesson, run.index + 1, beats[-1][2] if beats else state, said, run,
               beats)


def step_start(run: Run) -> Run:
    """The run as it was at the start of its step: a capstone's repeated task (the deployment's
    ranks) goes back to its first decision; any other run is its step's start."""
    while run.previous is not None and run.previous.index == run.index:
        run = run.previous
    return run


def back(run: Run) -> Run:
    """The run as it was at the start of the step before (the first step stays put)."""
    start = step_start(run)
    return step_start(start.previous) if start.previous is not None else start


def restart(run: Run) -> Run:
    return start(run.lesson)


def expected_action(run: Run) -> Any:
    """The move the current task expects (its ``play``, or the first legal matching one)."""
    step = run.step
    assert step is not None and step.kind == TASK
    if run.lesson.capstone:
        return _capstone_expected(run, step)
    if step.goal and step.play is None:
        fitting = matching_actions(run)
        if not fitting:
            raise IllegalAction("no legal move meets the task's goal")
        return fitting[0]
    return _expected(run.game, run.state, step, run.lesson.seat)


def matching_actions(run: Run) -> list[Any]:
    """Every legal move of the learner that the current task accepts."""
    return [a for a in run.game.legal_actions(run.state, run.lesson.seat) if accepts(run, a)]


def task_kinds(run: Run) -> set[str]:
    """The types of the learner's legal moves that fit the current task's patterns (the
    moves it asks for, whatever any engine would suggest)."""
    step = run.step
    assert step is not None
    seat = run.lesson.seat
    found = (run.game.action_to_json(a) for a in run.game.legal_actions(run.state, seat))
    return {str(data.get("type")) for data in found if matches(step, data, seat)}


def accepts(run: Run, action: Any) -> bool:
    """Whether the current task accepts ``action``, a legal move of the learner."""
    step = run.step
    assert step is not None
    game = run.game
    return (matches(step, game.action_to_json(action), run.lesson.seat)
            and meets_goal(run, step, game.apply(run.state, action)))


def matches(step: Step, data: Mapping[str, Any], seat: int) -> bool:
    """Whether an action's JSON fits one of the step's patterns: every key of the pattern is
    equal, or, when the pattern gives a list for a value that is not a list, one of them."""
    if data.get("seat") != seat:
        return False
    return any(_fits(pattern, data) for pattern in step.expect)


def _fits(pattern: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    for key, want in pattern.items():
        if key not in data:
            return False
        have = data[key]
        if isinstance(want, list) and not isinstance(have, list):
            if have not in want:
                return False
        elif _plain(have) != _plain(want):
            return False
    return True


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _script(
    game: GameModule, state: Any, moves: Sequence[Mapping[str, Any]], learner: int
) -> tuple[Any, tuple[str, ...]]:
    """Play scripted moves; a line for each, from the log as the learner may read it."""
    beats = _beats(game, state, moves, learner)
    return (beats[-1][2] if beats else state), tuple(x for _, lines, _ in beats for x in lines)


def _beats(
    game: GameModule, state: Any, moves: Sequence[Mapping[str, Any]], learner: int
) -> tuple[Beat, ...]:
    """Scripted moves one by one: each with its lines of the learner's log and the state after."""
    out: list[Beat] = []
    for move in moves:
        seen = len(game.events(state, learner))
        state = game.apply(state, game.action_from_json(dict(move)))
        lines = tuple(e["text"] for e in game.events(state, learner)[seen:] if e.get("text"))
        out.append((move, lines, state))
    return tuple(out)


def _expected(game: GameModule, state: Any, step: Step, seat: int) -> Any:
    if step.play is not None:
        return game.action_from_json({"seat": seat, **step.play})
    for action in game.legal_actions(state, seat):
        if matches(step, game.action_to_json(action), seat):
            return action
    raise IllegalAction("no legal move fits the task")


# --------------------------------------------------------------------------- capstones

def _stage(game: str, state: Any) -> Any:
    """The round (Orcz) or month (Pirate's Cove) ``state`` is in, as the bots count it."""
    return game_bots(game).stage(state)


def _in_stage(run: Run, state: Any) -> bool:
    return not run.game.is_over(state) and _stage(run.lesson.game, state) == run.stage


def _opponent(lesson: Lesson, state: Any, seat: int) -> Any:
    """The ``normal`` bot's move for ``seat``: it decides from that seat's knowledge alone, and
    the lesson's seed and the state fix it (the same lesson plays the same)."""
    game = get_game(lesson.game)
    return choose(make_bot(lesson.game, "normal", lesson.seed), state, seat,
                  len(game.events(state, None)))


def _played_on(run: Run, step: Step, state: Any) -> Run:
    """A capstone after the learner's move (or Enter): the other seats play, the step's ``then``
    moves while each is its seat's legal move, the bot after that, until the learner is to
    act or the stage is over; then the step the learner's decision fits (``repeat``: this one
    again), passing over tasks that do not take every legal move of the decision."""
    lesson, game = run.lesson, run.game
    script = list(step.then)
    beats: list[Beat] = []
    while _in_stage(run, state) and lesson.seat not in game.to_act(state):
        seat = game.to_act(state)[0]
        move = None
        if script:
            scripted = game.action_from_json(dict(script.pop(0)))
            if scripted in game.legal_actions(state, seat):
                move = scripted
            else:
                script.clear()  # the game went another way: the bot plays from here
        if move is None:
            move = _opponent(lesson, state, seat)
        seen = len(game.events(state, lesson.seat))
        state = game.apply(state, move)
        lines = tuple(e["text"] for e in game.events(state, lesson.seat)[seen:] if e.get("text"))
        beats.append((game.action_to_json(move), lines, state))
    index = run.index if step.repeat and _fits_now(run, step, state) else run.index + 1
    steps = lesson.steps
    while index < len(steps) and steps[index].kind == TASK and not _fits_now(
            run, steps[index], state):
        index += 1
    said = tuple(line for _, lines, _ in beats for line in lines)
    return Run(lesson, index, state, said, run, tuple(beats), run.stage)


def _fits_now(run: Run, step: Step, state: Any) -> bool:
    """Whether ``step`` is the learner's decision now: the learner is to act in the stage,
    and the task takes every one of their legal moves (any of them is theirs to choose)."""
    game, seat = run.game, run.lesson.seat
    return (step.kind == TASK and _in_stage(run, state) and seat in game.to_act(state)
            and all(matches(step, game.action_to_json(a), seat)
                    for a in game.legal_actions(state, seat)))


def _capstone_expected(run: Run, step: Step) -> Any:
    """A capstone's expected move: the step's ``play`` while it is legal and fits, else the
    ``normal`` bot's move for the learner when it fits, else the first fitting move."""
    fitting = matching_actions(run)
    if step.play is not None:
        played = run.game.action_from_json({"seat": run.lesson.seat, **step.play})
        if played in fitting:
            return played
    suggested = _opponent(run.lesson, run.state, run.lesson.seat)
    if suggested in fitting:
        return suggested
    if not fitting:
        raise IllegalAction("no legal move fits the task")
    return fitting[0]


def random_learner(seed: int) -> Any:
    """A learner for ``play_through`` who takes a fitting move at random (seeded)."""
    rnd = random.Random(seed)
    return lambda _run, fitting: fitting[int(rnd.random() * len(fitting))]


def play_through(lesson: Lesson, choose: Any, limit: int = 400) -> Run:
    """A capstone played to its end, the learner's move at each task chosen by
    ``choose(run, fitting)``; ``LessonError`` if it does not end within ``limit`` steps."""
    run = start(lesson)
    for _turn in range(limit):
        step = run.step
        if step is None:
            return run
        _check_text(run, step)
        action = None
        if step.kind == TASK:
            fitting = matching_actions(run)
            if not fitting:
                raise LessonError(lesson.id, step.number, "no legal move can satisfy this task")
            action = choose(run, fitting)
        run = _guarded(run, action, step)
    raise LessonError(lesson.id, 0, f"the capstone does not end within {limit} moves")


# --------------------------------------------------------------------------- placeholders

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def fill(lesson: Lesson, state: Any, text: str) -> str:
    """``text`` with every ``{path}`` or ``{path@Name}`` replaced by the value at ``path`` in
    the learner's view (or in Name's own view), read through the game's public ``view``."""
    game = get_game(lesson.game)
    views: dict[int, dict[str, Any]] = {}

    def value(match: re.Match[str]) -> str:
        path, _, name = match.group(1).partition("@")
        seat = lesson.players.index(name.strip()) if name else lesson.seat
        if seat not in views:
            views[seat] = game.view(state, seat)
        found = lookup(views[seat], path.strip(), lesson.players)
        if found is None or isinstance(found, dict | list):
            raise KeyError(f"{{{match.group(1)}}} names no single value")
        return _shown(found)

    return _PLACEHOLDER.sub(value, text)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def lookup(data: Any, path: str, players: Sequence[str] = ()) -> Any:
    """Follow a dotted ``path`` through JSON data. In a list a part is an index (negative from the
    end), ``key=value`` (the items with that value, a list again), or an item's ``id``, ``name``
    or player name (the seat of a player named so); ``len`` is a list's length, ``sum`` its sum.
    ``None`` when the path leads nowhere."""
    for part in path.split("."):
        data = _part(data, part, players)
        if data is None:
            return None
    return data


def _part(data: Any, part: str, players: Sequence[str]) -> Any:
    if isinstance(data, dict):
        return data.get(part)
    if not isinstance(data, list):
        return None
    if part == "len":
        return len(data)
    if part == "sum":
        return sum(v for v in data if isinstance(v, int))
    if re.fullmatch(r"-?\d+", part):
        index = int(part)
        return data[index] if -len(data) <= index < len(data) else None
    if "=" in part:
        key, _, want = part.partition("=")
        return [item for item in data if isinstance(item, dict) and str(item.get(key)) == want]
    if part in players:
        seat = list(players).index(part)
        if all(not isinstance(item, dict) for item in data):  # a list per seat
            return data[seat] if seat < len(data) else None
        return next((item for item in data if isinstance(item, dict)
                     and item.get("seat") == seat), None)
    return next((item for item in data if isinstance(item, dict)
                 and part in (item.get("id"), item.get("name"))), None)


def placeholders(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)


# --------------------------------------------------------------------------- loading

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
    _rehearse(lesson)
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


def judgement(run: Run) -> Judgement | None:
    """A capstone's verdict, from the learner's own view at its start and now: the goal met
    or not, in numbers, and the notes whose events the learner's log shows since the start."""
    judge = run.lesson.judge
    if judge is None:
        return None
    players = run.lesson.players
    before, after = start(run.lesson).view(), run.view()
    moves = [(name, lookup(before, path, players), lookup(after, path, players))
             for path, name in judge.goal.items()]
    met = any(_number(old) and _number(new) and new > old for _, old, new in moves)
    numbers = ", ".join(f"{name} {old} → {new}" for name, old, new in moves)
    verdict = (_("Goal met: {numbers}.") if met else _("Goal not met: {numbers}.")).format(
        numbers=numbers)
    events = after["log"][len(before["log"]):]
    return Judgement(met, verdict, _said(judge.well, events),
                     _said(judge.tries, events) or ((judge.otherwise,) if judge.otherwise else ()))


def _said(notes: Sequence[Note], events: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """Each note whose event happened, with the words of the first such event: in English
    only, since an event's words are the core's English (a translated note says it itself)."""
    out = []
    for note in notes:
        seen = next((e for e in events
                     if e.get("kind") == note.event and _fits(note.fields, e)), None)
        if seen is None:
            continue
        quoted = language() == ENGLISH and seen.get("text")
        out.append(f"{note.say} (\"{seen['text']}\")" if quoted else note.say)
    return tuple(out)


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
    if raw.get("before") and raw.get("position") is None:
        raise fail(number, "'before' belongs to a new scene: give 'position' too")
    if raw.get("play") is not None and not expect:
        raise fail(number, "'play' belongs to a task: give 'expect' too")
    if raw.get("goal") is not None and (not expect or not isinstance(raw["goal"], Mapping)):
        raise fail(number, "'goal' is a table of view paths, and belongs to a task")
    for path, want in dict(raw.get("goal") or {}).items():
        unknown = _unknown_tests(want)
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
        then=tuple(raw.get("then", ())), show=show, position=raw.get("position"),
        before=tuple(raw.get("before", ())), goal=dict(raw.get("goal", {})),
        repeat=bool(raw.get("repeat", False)),
    )


def _rehearse(lesson: Lesson) -> None:
    """Play the lesson through with its expected moves, and once more from every other move
    that fits a task, checking every step on the way."""
    try:
        run = start(lesson)
    except IllegalAction as err:
        raise LessonError(lesson.id, 0, f"the position or an opening move is refused: {err}"
                          ) from err
    if not lesson.capstone:
        _walk(run, 0)
        return
    # A capstone's tasks take any sensible move, so its branches are beyond counting: the
    # expected line, and a few lines of random fitting moves, each played to the end.
    _walk(run, len(lesson.steps))
    for seed in CAPSTONE_CHECK_SEEDS:
        play_through(lesson, random_learner(seed))


def _walk(run: Run, branch_from: int) -> None:
    """Check every step from ``run`` on; at tasks from ``branch_from`` on, try every other
    fitting move as a branch played on with the expected moves (one level: branches do not
    branch again)."""
    lesson = run.lesson
    while not run.finished:
        step = run.step
        assert step is not None
        _check_text(run, step)
        if step.kind == READ:
            run = _guarded(run, None, step)
            continue
        if run.index < branch_from:  # a branch: any fitting move leads on
            run = _guarded(run, _one_fitting(run, step), step)
            continue
        fitting = matching_actions(run)
        if not fitting:
            raise LessonError(lesson.id, step.number, "no legal move can satisfy this task")
        try:
            expected = expected_action(run)
        except IllegalAction as err:
            raise LessonError(lesson.id, step.number, "the expected move does not fit the "
                              f"task or is not legal: {err}") from err
        if expected not in fitting:
            raise LessonError(lesson.id, step.number, "the expected move does not fit the "
                              "task or is not legal")
        for other in fitting:
            if other != expected:
                _walk(_guarded(run, other, step), len(lesson.steps))
        run = _guarded(run, expected, step)


def _one_fitting(run: Run, step: Step) -> Any:
    """On a branch, the expected move if the task accepts it, else the first legal one it does
    (looked for one at a time: a loose goal may accept hundreds of moves)."""
    legal = run.game.legal_actions(run.state, run.lesson.seat)
    with contextlib.suppress(IllegalAction):
        expected = expected_action(run)
        if expected in legal and accepts(run, expected):
            return expected
    found = next((a for a in legal if accepts(run, a)), None)
    if found is None:
        raise LessonError(run.lesson.id, step.number, "no legal move can satisfy this task")
    return found


def _guarded(run: Run, action: Any, step: Step) -> Run:
    """``advance``, with a refusal blamed on the step at fault: this one for a scripted move,
    the next one for the position or opening moves of its new scene."""
    try:
        moved = _moved(run, action)
    except IllegalAction as err:
        raise LessonError(run.lesson.id, step.number,
                          f"a scripted move is illegal: {err}") from err
    try:
        return _entered(moved)
    except IllegalAction as err:
        raise LessonError(run.lesson.id, step.number + 1,
                          f"the scene's position or an opening move is refused: {err}") from err


def _check_text(run: Run, step: Step) -> None:
    for text in (step.text, step.hint):
        try:
            fill(run.lesson, run.state, text)
        except (KeyError, ValueError) as err:
            raise LessonError(run.lesson.id, step.number, str(err).strip('"')) from err


# --------------------------------------------------------------------------- translations

_JUDGE_NOTES = ("well", "try")


def translated(lesson: Lesson, text: str, lang: str = "") -> Lesson:
    """``lesson`` with the texts a player reads (title, teaches, each step's text and hint, a
    capstone's judgement) taken from ``text``, the TOML of its twin in the language ``lang``
    (French: with French typography, as every French text, ``common.i18n.typeset``);
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

    steps = tuple(replace(step, text=spelt(raw["text"]), hint=spelt(raw.get("hint", "")))
                  for step, raw in zip(lesson.steps, data["steps"], strict=True))
    judge = lesson.judge
    if judge is not None:
        judge = _translated_judge(judge, data["judge"])
    return replace(lesson, title=spelt(data["title"]), teaches=spelt(data["teaches"]),
                   steps=steps, judge=judge)


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
                                                                  "judge"})]
    out += [f"no {key}" for key in ("title", "teaches") if not _written(data.get(key))]
    steps = data.get("steps", [])
    if not isinstance(steps, list) or len(steps) != len(lesson.steps):
        count = len(steps) if isinstance(steps, list) else 0
        return [*out, f"{count} steps where the lesson has {len(lesson.steps)}"]
    for step, raw in zip(lesson.steps, steps, strict=True):
        english = {"text": step.text, "hint": step.hint}
        out += [f"step {step.number}: {line}" for line in _texts_problems(english, raw)]
    if lesson.judge is not None:
        out += [f"judge: {line}" for line in _judge_problems(lesson.judge, data.get("judge"))]
    elif "judge" in data:
        out.append("a judge, where the lesson has none")
    return out


def _written(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _texts_problems(english: Mapping[str, str], raw: Any) -> list[str]:
    """The faults of one translated table against its ``english`` texts (name → text, "" where
    the English has none): each English text translated, nothing added, placeholders kept."""
    if not isinstance(raw, Mapping):
        return ["not a table"]
    out = [f"unknown key {key!r}" for key in sorted(set(raw) - set(english))]
    for key, text in english.items():
        theirs = raw.get(key)
        if text and not _written(theirs):
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
        out += [f"goal {path} not translated" for path in judge.goal if not _written(goal[path])]
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


# --------------------------------------------------------------------------- files and rule ids

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


def _lesson_folder(game: str) -> Path | None:
    for folder in package_dirs(get_game(game).NAME):
        if (folder / "lessons").is_dir():
            return folder / "lessons"
    return None


TRACKS_FILE = "_tracks.toml"


@dataclass(frozen=True)
class Tracks:
    """A game's lessons in two tracks: the essentials, the few that get a table through its
    first game, in the order to take them; and the lessons to take when their rule comes up."""

    essentials: tuple[Lesson, ...]
    when_it_happens: tuple[Lesson, ...]

    @property
    def all(self) -> tuple[Lesson, ...]:
        return self.essentials + self.when_it_happens


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


def known_rule_ids(game: str) -> list[str]:
    """Every rule and ruling id of a game, read from its rules text and rulings (see
    ``rule_ids``)."""
    docs = GAMES[game].docs  # each game names its documents and their ids' letter
    return rule_ids(docs.letter, read_doc(docs.rules, game), read_doc(docs.rulings, game))


def rule_ids(letter: str, rules_md: str, rulings_md: str) -> list[str]:
    """Rule ids from a rules text: ``O:<heading>`` per heading, ``O:<heading>/<item>`` per list
    item or paragraph opening with a bold phrase and per row of a table under the heading (the
    first cell); ruling ids (``O-R7``) from the rulings' tables and ranges (``P-R1 … P-R11``)."""
    out: list[str] = []
    heading = ""
    for line in rules_md.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip()
            if line.startswith("# "):  # the document's title
                continue
            heading = _slug(re.sub(r"^\d+\.\s*", "", title))
            out.append(f"{letter}:{heading}")
            continue
        bold = re.match(r"^(?:\s*[-*] |\d+\. )?\*\*([^*]+)\*\*", line)
        row = re.match(r"^\|\s*([^|]+?)\s*\|", line)
        item = ""
        if bold and heading:
            item = bold.group(1)
        elif row and heading and not set(row.group(1)) <= set("-: ") and not _is_header(line):
            item = row.group(1)
        if item and _slug(item):
            out.append(f"{letter}:{heading}/{_slug(item)}")
    for match in re.finditer(rf"^\|\s*({letter}-R\d+)\s*\|", rulings_md, re.MULTILINE):
        out.append(match.group(1))
    for low, high in re.findall(rf"{letter}-R(\d+)\s*…\s*{letter}-R(\d+)", rulings_md):
        out += [f"{letter}-R{n}" for n in range(int(low), int(high) + 1)]
    return sorted(set(out), key=out.index)


_TABLE_HEADS = {"event", "position", "id", "type"}


def _is_header(line: str) -> bool:
    first = line.strip("| ").split("|")[0].strip().lower()
    return first in _TABLE_HEADS


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return "-".join(words)


def coverage(lessons: Iterable[Lesson]) -> dict[str, list[str]]:
    """Every rule id named by a step, with the steps that teach it (``<lesson id>#<step>``)."""
    table: dict[str, list[str]] = {}
    for lesson in lessons:
        for step in lesson.steps:
            for rule in step.rules:
                table.setdefault(rule, []).append(f"{lesson.id}#{step.number}")
    return table


# --------------------------------------------------------------------------- observables

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
        unknown = _unknown_tests(want)
        if unknown:
            raise ValueError(f"observable {rule!r}, view {path}: {unknown}")
    return Sign(str(raw["words"]), _names(raw.get("event", ())), dict(raw.get("fields", {})),
                _names(raw.get("action", ())), dict(raw.get("view", {})))


def _names(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


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
                isinstance(t, Mapping) and _written(t.get("words")) for t in tables):
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
        moved = _moved(run, action)
        own = ((game.action_to_json(action),) if action is not None else ()) + tuple(step.then)
        made = tuple(game.events(moved.state, None)[len(game.events(before, None)):])
        out.append(Window(run.text, lead_actions + own, lead_events + made,
                          (game.view(before, lesson.seat), game.view(moved.state, lesson.seat))))
        run = _entered(moved)
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
        moved = _moved(run, action)
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
            e.get("kind") in observable.event and _fits(observable.fields, e)
            for e in window.events):
        missing.append(f"an event {'|'.join(observable.event)} {dict(observable.fields) or ''}")
    if observable.action and not any(a.get("type") in observable.action
                                     for a in window.actions):
        missing.append(f"an action {'|'.join(observable.action)}")
    if observable.view and not any(all(_holds(lookup(v, path, players), want)
                                       for path, want in observable.view.items())
                                   for v in window.views):
        missing.append(f"a view with {dict(observable.view)}")
    return missing


def _holds(have: Any, want: Any) -> bool:
    if want is True:
        return bool(have) and have is not None
    if isinstance(want, dict):
        return _compares(have, want)
    if isinstance(want, list) and not isinstance(have, list):
        return have in want
    return bool(_plain(have) == _plain(want))


# A value's tests by name, for goals and observables that are not one value: at least so many
# fame, a list that holds a card.
_TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "at_least": lambda have, bound: _number(have) and have >= bound,
    "at_most": lambda have, bound: _number(have) and have <= bound,
    "contains": lambda have, item: isinstance(have, list) and _plain(item) in map(_plain, have),
}


def _unknown_tests(want: Any) -> str:
    """What is wrong with a value's table of tests (``{ at_least = 3 }``): "" when every name
    is a test, or is no table."""
    unknown = sorted(set(want) - set(_TESTS)) if isinstance(want, Mapping) else []
    if not unknown:
        return ""
    return f"unknown test(s) {', '.join(unknown)}; tests: {', '.join(_TESTS)}"


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _compares(have: Any, tests: Mapping[str, Any]) -> bool:
    """``have`` passes every test of ``tests`` (``{ at_least = 3 }``); a goal or observable
    naming an unknown test is refused at load."""
    return all(_TESTS[name](have, bound) for name, bound in tests.items())


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
