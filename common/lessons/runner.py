"""A lesson being played: ``Run``, the immutable value the screen moves on with ``start``,
``check``, ``advance``, ``back`` and ``restart``; the scripted moves of the other seats; and a
capstone's turns, where the ``normal`` bot answers once the script runs out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from common.bots import choose, game_bots, make_bot
from common.engine import GameModule, get_game
from common.entries import lines_since
from common.errors import IllegalAction
from common.i18n import _
from common.lessons.model import HINT, ILLEGAL, NOT_A_TASK, OK, TASK, Lesson, Step, Verdict
from common.lessons.paths import fill, lookup
from common.lessons.patterns import fits, holds

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

    @property
    def nudge(self) -> str:
        """The current task's first hint, the idea to look at, with its numbers filled in ("":
        the step has none)."""
        step = self.step
        return "" if step is None or not step.nudge else fill(self.lesson, self.state,
                                                               step.nudge)

    def view(self) -> dict[str, Any]:
        """What the learner's seat sees: the board to render."""
        return self.game.view(self.state, self.lesson.seat)

    def other_view(self) -> tuple[str, dict[str, Any]] | None:
        """(name, view) of the seat the step shows as a separate picture, if any."""
        step = self.step
        if step is None or not step.show:
            return None
        seat = self.lesson.players.index(step.show)
        return self.lesson.names[seat], self.game.view(self.state, seat)


# --------------------------------------------------------------------------- running

def start(lesson: Lesson) -> Run:
    """The lesson at its first step (the same every time: the seed and the set-up fix it)."""
    state, said = _scene(lesson, lesson.setup, lesson.before)
    if lesson.capstone:
        return Run(lesson, 0, state, said, stage=_stage(lesson.game, state))
    return entered(Run(lesson, 0, state, said))


def _scene(
    lesson: Lesson, setup: Mapping[str, Any], before: Sequence[Mapping[str, Any]]
) -> tuple[Any, tuple[str, ...]]:
    game = get_game(lesson.game)
    state = game.new_game(list(lesson.names), lesson.seed, setup=setup, **lesson.options)
    return _script(game, state, before, lesson.seat)


def entered(run: Run) -> Run:
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
    return all(holds(lookup(view, path, run.lesson.players), want)
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
    return entered(move_on(run, action if step.kind == TASK else None))


def move_on(run: Run, action: Any) -> Run:
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
    return any(fits(pattern, data) for pattern in step.expect)


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
        lines = lines_since(game, state, learner, seen)
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
        lines = lines_since(game, state, lesson.seat, seen)
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
