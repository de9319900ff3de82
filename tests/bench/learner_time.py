"""A learner's time through the lessons, per track, estimated from what each lesson asks of them.

    python tests/bench/learner_time.py [orcz] [pirates] [--json] [--lang fr]

``--json`` prints one row per game and track, ``{"game", "track", "minutes"}``, for the tracks
``essentials`` (the lessons that get a table through its first game, ``<game>/lessons/
_tracks.toml``) and ``all``; without it, a line per lesson.

The model, each figure with where it comes from (a figure a newcomer can trust is calibrated, not
guessed):

- **Reading**: every word a learner reads (a step's text with its numbers filled in, each line of
  the others' moves, each notice of what the learner's own move did) at ``WORDS_PER_MINUTE`` =
  120, a figure for rules text read against a board; it is half the 238 words a minute
  of silent reading of non-fiction (Brysbaert, 2019, a meta-analysis), as a newcomer's eyes go
  from the text to the board and back.
- **Keys**: a task costs the keys the interface takes for its kind of move (``KEYS``, counted
  in tmux at 80×24 on the lessons: a rank is a battlefield, two cards, the face-down side and
  Enter on the preview, 5; a hand-out or an imposed payment 5 to 8 keys, 6 taken; an outfit 9;
  a course 1, its island's number; a card 2), a read step
  its Enter, a notice of what the move did its Enter. Each key is a keystroke and the mental
  preparation before it of the Keystroke-Level Model (Card, Moran and Newell, 1983): K = 0.28 s
  (an average typist), M = 1.35 s, so ``KEY_SECONDS`` = 1.63.
- **Thinking**: a task's decision, by kind (``THINK``). Anchored on a 45 s estimate for a rank
  placed (keys included: 37 s of thought plus 5 keys): a decision weighing as much (an outfit,
  nine gold over four rings) gets as much; a course among six islands about half; a choice read
  off numbers on screen (attack or hold, flee, a payment) 8 to 15 s; a step of a combat's rhythm
  (fire, reload, pass) 2 to 3 s. These are estimates, not a stopwatch.
- **Others' moves**: each stays on screen ``BEAT_SECONDS`` (``LessonBeats.beat_seconds``) or as
  long as its line takes to read, whichever is longer.
- **A new scene**: ``SCENE_SECONDS`` = 10 to take in a board set up afresh (an estimate: a look
  over the four battlefields or six islands and one's own panel).

Calibration: an estimate of the whole made by hand from the rules text, apart from this model:
Orcz about 45 minutes, Pirate's Cove about 70. This model gives the ``all`` track about 50 and
57: near for Orcz; for Pirate's Cove it counts less, as most of its tasks are a combat's quick
steps (fire, pass). A timed newcomer in tmux is the measurement the model stands for.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this worktree's code

from common import lessons as L
from common.entries import lines_since

WORDS_PER_MINUTE = 120
KEY_SECONDS = 0.28 + 1.35  # KLM: a keystroke and the mental preparation before it
BEAT_SECONDS = 1.5
SCENE_SECONDS = 10

# keys a task takes, by kind of move (docs/user-guide.md: "Placing a rank", the pickers)
KEYS: dict[str, int] = {
    "place_rank": 5, "attack": 1, "hold": 1, "hand_out": 6, "impose": 6, "scout": 3,
    "challenge": 2, "pass": 1, "done": 1,
    "outfit": 9, "navigate": 1, "fire": 1, "navy_fire": 1, "reload": 1, "flee": 1,
    "escape": 1, "buy": 2, "bury": 5, "upgrade": 2, "double_upgrade": 3, "mend": 2,
}
CARD_KEYS = 2  # a card or a window's move: the card, then its target (tmux: Mastercraft)
# seconds of thought a decision takes, by kind (anchored on 45 s a rank)
THINK: dict[str, float] = {
    "place_rank": 37, "outfit": 40, "navigate": 20, "attack": 10, "hold": 10,
    "hand_out": 15, "impose": 15, "scout": 10, "challenge": 5, "flee": 8, "escape": 8,
    "buy": 15, "bury": 15, "upgrade": 15, "double_upgrade": 15, "mend": 15,
    "fire": 3, "navy_fire": 3, "reload": 3, "pass": 2, "done": 2,
}
CARD_THINK = 12  # play a card now or not, and on whom
# The product owner's plain count, which the essentials keep under 18 minutes: every word on
# screen (each step panel's title, text and keys, the notices, the others' moves) at 200 words a
# minute, and 10 s a decision (a task), keys included.
PLAIN_WORDS_PER_MINUTE = 200
DECISION_SECONDS = 10
TRACKS = ("essentials", "all")


@dataclass(frozen=True)
class Cost:
    seconds: float
    words: int
    tasks: int
    # every word on screen: ``words``, the step panel's title and keys, the others' moves
    shown: int = 0

    @property
    def plain_seconds(self) -> float:
        """The plain count: every word on screen at 200 a minute, 10 s a decision."""
        return 60 * self.shown / PLAIN_WORDS_PER_MINUTE + DECISION_SECONDS * self.tasks


def words(lines: Iterable[str]) -> int:
    """The words of ``lines``: what is between spaces and holds a letter or a digit (French
    sets "?", ":" and ";" apart with a no-break space: a sign alone is not a word)."""
    return sum(1 for line in lines for token in line.split() if any(c.isalnum() for c in token))


def task_seconds(kind: str) -> float:
    return KEYS.get(kind, CARD_KEYS) * KEY_SECONDS + THINK.get(kind, CARD_THINK)


def beats_seconds(run: L.Run) -> float:
    """The others' moves after a step, each shown at least ``BEAT_SECONDS``."""
    return sum(max(BEAT_SECONDS, 60 * words(lines) / WORDS_PER_MINUTE)
               for _, lines, _ in run.beats)


def notice(run: L.Run, action: Any) -> list[str]:
    """What the learner's own move did, as the learner's log tells it."""
    game, seat = run.game, run.lesson.seat
    seen = len(game.events(run.state, seat))
    after = game.apply(run.state, action)
    return list(lines_since(game, after, seat, seen))


def panel_words(run: L.Run) -> int:
    """The words of a step panel around the step's text: its title and the keys to press (at
    the first step, the tutor's keys too)."""
    from common.i18n import _
    from common.tui.learn_panel import KEYS, READ_KEYS, TASK_KEYS, TUTOR_KEYS, step_counter

    step = run.step
    assert step is not None
    # in the language in use, as the panel shows them
    lines = [step_counter(run), run.lesson.title,
             _(READ_KEYS) if step.kind == L.READ else _(TASK_KEYS)]
    return words(lines + ([_(TUTOR_KEYS).format(**KEYS)] if run.index == 0 else []))


def lesson_cost(lesson: L.Lesson) -> Cost:
    """The time of one lesson played along its expected line."""
    run, read, tasks, seconds, around = L.start(lesson), 0, 0, 0.0, 0
    read += words(run.said)  # the opening moves, told before step 1
    while not run.finished:
        step = run.step
        assert step is not None
        read += words([run.text])
        around += panel_words(run)
        if step.position is not None:
            seconds += SCENE_SECONDS + 60 * words(run.said) / WORDS_PER_MINUTE
        if step.kind == L.TASK:
            action = L.expected_action(run)
            tasks += 1
            seconds += task_seconds(run.game.action_to_json(action)["type"])
            told = notice(run, action)
            read += words(told)
            seconds += KEY_SECONDS if told else 0  # the notice's Enter
            run = L.advance(run, action)
        else:
            seconds += KEY_SECONDS
            run = L.advance(run)
        seconds += beats_seconds(run)
        # the others' moves (or a new scene's opening ones) are on screen too, one at a time
        # and then listed on the step panel: timed by ``beats_seconds``, read once
        around += words(run.said)
    return Cost(seconds + 60 * read / WORDS_PER_MINUTE, read, tasks, read + around)


def lesson_seconds(lesson: L.Lesson) -> tuple[float, int, int]:
    """(seconds, words, tasks) for one lesson."""
    cost = lesson_cost(lesson)
    return cost.seconds, cost.words, cost.tasks


def track_minutes(game: str, plain: bool = False) -> dict[str, float]:
    """Minutes of each track of ``game``: ``essentials`` and ``all`` (``plain``: by the plain
    count, ``Cost.plain_seconds``)."""
    tracks = L.read_tracks(game)
    costs = {lesson.id: lesson_cost(lesson) for lesson in tracks.all}
    every = {x: cost.plain_seconds if plain else cost.seconds for x, cost in costs.items()}
    return {"essentials": sum(every[x.id] for x in tracks.essentials) / 60,
            "all": sum(every.values()) / 60}


def rows(games: list[str]) -> list[dict[str, Any]]:
    out = []
    for game in games:
        plain = track_minutes(game, plain=True)
        out += [{"game": game, "track": track, "minutes": round(minutes, 1),
                 "plain_minutes": round(plain[track], 1)}
                for track, minutes in track_minutes(game).items()]
    return out


def report(game: str) -> None:
    tracks = L.read_tracks(game)
    essentials = {lesson.id for lesson in tracks.essentials}
    print(f"{game}:")
    for lesson in tracks.all:
        cost = lesson_cost(lesson)
        mark = "E" if lesson.id in essentials else " "
        print(f"  {mark} {lesson.id:32} {cost.words:5} words {cost.tasks:3} tasks "
              f"{cost.seconds / 60:5.1f} min (plain: {cost.shown:5} words on screen, "
              f"{cost.plain_seconds / 60:4.1f} min)")
    plain = track_minutes(game, plain=True)
    for track, minutes in track_minutes(game).items():
        print(f"  {track:34} {minutes:29.1f} min (plain: {plain[track]:4.1f} min)")


def main(argv: list[str]) -> None:
    if "--lang" in argv:  # the lessons, the log and the panel in that language ("fr")
        from common.i18n import set_language

        at = argv.index("--lang")
        set_language(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    games = [x for x in argv if not x.startswith("-")] or ["orcz", "pirates"]
    if "--json" in argv:
        for row in rows(games):
            print(json.dumps(row))
        return
    for game in games:
        report(game)


if __name__ == "__main__":
    main(sys.argv[1:])
