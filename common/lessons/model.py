"""What a lesson is, as data: its steps, a capstone's judge, a verdict on a move, and the
error a lesson file that cannot be played raises. Nothing here runs a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from common.errors import IllegalAction
from common.lessons.targets import Target, split_target

READ, TASK = "read", "task"

OK, HINT, ILLEGAL, NOT_A_TASK = "ok", "hint", "illegal", "not_a_task"

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
    # the part of the board to highlight, e.g. "battlefield:urth", "hand", and the exact card or
    # section in it, marked: "battlefield:urth:rank2", "ship:Anne:cannons" (``targets``)
    board: str
    expect: tuple[Mapping[str, Any], ...] = ()  # patterns over the learner's action (a task)
    play: Mapping[str, Any] | None = None  # the expected move the tests and checks play
    hint: str = ""  # for a legal move that does not match
    # a task's first hint on request: the idea to look at ("which is smaller, Crew or Cannons?"),
    # before the second names the move (one idea at a time: the learner may find it alone)
    nudge: str = ""
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

    @property
    def target(self) -> Target:
        return split_target(self.board)


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
    # game's ``normal`` bot; tasks a decision does not fit are passed over (``runner``)
    capstone: bool = False
    judge: Judge | None = None  # a capstone's: its verdict against the goal
    # the names the table, the log and the texts show, seat by seat, when a translation gives
    # its own ("Anne" for "Ann"); ``players`` stay the ids that paths, ``show`` and the
    # judge's goal name, so the moves and checks are the same in every language
    cast: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as shown, seat by seat."""
        return self.cast or self.players

    def shown_board(self, board: str) -> str:
        """A step's ``board`` with the player it names as shown ("ship:Bart" is "ship:Bruno"
        in French, "ship:Bart:hull" "ship:Bruno:hull"): its frame's label names the player as the
        table does, and the table finds the ship by the name it shows."""
        kind, colon, rest = board.partition(":")
        which, colon2, part = rest.partition(":")  # an exact target: "ship:Bart:hull"
        if which in self.players:
            which = self.names[self.players.index(which)]
        return kind + colon + which + colon2 + part


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



@dataclass(frozen=True)
class Tracks:
    """A game's lessons in two tracks: the essentials, the few that get a table through its
    first game, in the order to take them; and the lessons to take when their rule comes up."""

    essentials: tuple[Lesson, ...]
    when_it_happens: tuple[Lesson, ...]

    @property
    def all(self) -> tuple[Lesson, ...]:
        return self.essentials + self.when_it_happens
