"""Tips in real games: the first time a rule, event or card comes up at a table, one line says
what it does, with a key (e) to its lesson.

A game lists its tips in its interface (``GameUI.tips`` names a ``GameTips``): the public ones
found in what a move added to the public log and in the public view, the private ones in a seat's
own view (a card in its hand). The table owns a ``Tips`` and calls it at three points: after
every move (``after_move``, from the flow), when a seat's private panel is shown
(``panel_shown``: only for the seat that holds the terminal) and when it is hidden
(``panel_hidden``). So a public tip is made of public facts only, and is drawn on the line and on
the curtains, where the whole table looks, until every person has had it; a private one is drawn
only while its seat's own panel is up, never on a curtain.

Once per table: the keys of the tips shown are kept in the game's save (``Record.tips``, outside
the rules' state); a private tip is kept per seat (``key@seat``), so that whether another seat
gets it says nothing about anyone's hand. Off: the ``tips`` setting (``common.tui.settings``:
the menu, or ``t`` on the table), ``hotseat GAME --no-tips`` for one run; never at a table of
computer players alone, in a lesson or in the review.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from common import lessons as L
from common.errors import SaveError
from common.i18n import _
from common.tui.fit import FitBlock
from common.tui.gameui import ui_for
from common.tui.keymap import key
from common.tui.messages import OpenLesson
from common.tui.settings import set_tips, tips_on
from common.tui.table_api import Table

Entries = list[dict[str, Any]]


@dataclass(frozen=True)
class Tip:
    """One tip: its key (once per table), its line, and the id of the lesson that teaches it."""

    key: str
    text: str
    lesson: str


@dataclass(frozen=True)
class GameTips:
    """A game's tips: ``public(entries, view)`` from the public log entries a move added and the
    public view; ``private(view)`` from a seat's own view (its hand)."""

    public: Callable[[Entries, dict[str, Any]], list[Tip]]
    private: Callable[[dict[str, Any]], list[Tip]]


def game_tips(spec: str) -> GameTips | None:
    """The ``GameTips`` a ``"module:NAME"`` names ("": the game has none)."""
    if not spec:
        return None
    module, _, name = spec.partition(":")
    tips: GameTips = getattr(importlib.import_module(module), name)
    return tips


def lesson_words(lesson_id: str) -> str:
    """How the tip line names a lesson: its number, as the lessons' list shows it."""
    head = lesson_id.split("_", 1)[0]
    return _("lesson {number}").format(number=int(head)) if head.isdigit() else _("its lesson")


def tip_line(tip: Tip, lesson_key: bool = True) -> Text:
    """The line drawn: the tip and the key to its lesson (not on a curtain, where e does
    nothing)."""
    line = Text(_("Tip"), style="bold reverse")
    line.append(" " + tip.text)
    if lesson_key:
        line.append(" · " + _("{key}: {lesson}").format(key=key("table.tip_lesson", "e"),
                                                         lesson=lesson_words(tip.lesson)),
                    style="italic")
    return line


class TipLine(FitBlock):
    """The line a tip takes, under the status line (two when a long tip needs them); hidden
    while there is none."""

    def __init__(self) -> None:
        super().__init__("", id="tip")
        self.display = False


class Tips:
    """The tips of one table: which one is on the line, the public ones waiting, the private one
    of the seat whose panel is up."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.on = False  # read from the settings when the table is mounted
        self.current: Tip | None = None  # the public tip on the line
        self.seen_by: set[int] = set()  # the people who had the public tip before them
        self.waiting: list[Tip] = []
        self.private: tuple[int, Tip] | None = None  # (its seat, the tip), while its panel is up
        self.key_on_line = False  # the line says the lesson's key: the key bar need not
        self._game: GameTips | None = None
        self._moves = -1  # the number of moves at the last ``after_move``

    # ---- whether tips show at this table

    @property
    def active(self) -> bool:
        table = self.table
        session = table.session
        return (self.on and self._game is not None and not table.reviewing
                and session.humans > 0 and not table.no_tips)

    def mount(self) -> None:
        """Put the tip line under the status line (at a table that shows tips)."""
        self._game = game_tips(ui_for(self.table.session.record.game).tips)
        self.on = tips_on()
        if self.active:
            status = self.table.query_one("#status")
            status.parent.mount(TipLine(), after=status)  # type: ignore[union-attr]

    def shown(self, key: str) -> bool:
        return key in self.table.session.record.tips

    def remember(self, key: str) -> None:
        """``key`` was shown: the session keeps it (a game's in its save, so that it is not
        shown again after a resume; a remote seat's in its own memory, never in the host's
        record)."""
        self.table.session.remember_tip(key)

    # ---- the three calls of the table

    def after_move(self, entries: Entries) -> None:
        """A move was made (or the table just opened). The tip on the line stays until every
        person at the table has had it before them (on the line or on their curtain) and a
        person moves; then the tips of that move replace it and any still waiting, which are
        about what happened before (they come again the next time their rule does)."""
        if not self.active or self._game is None:
            return
        found = [tip for tip in self._game.public(entries, self.table.session.view(None))
                 if not self.shown(tip.key)]
        if self._person_moved():
            # a public rule is for the whole table: its tip stays (on the line and on the
            # curtains) until every person at the table has had it before them
            if self.current is not None and not self._seen_by_all():
                self.waiting = []
            else:
                self.current, self.waiting = None, []
        waiting = {tip.key for tip in self.waiting}
        self.waiting += [tip for tip in found if tip.key not in waiting]
        if self.current is None and self.waiting:
            self.current = self.waiting.pop(0)
            self.seen_by = set()
            self.remember(self.current.key)
        self.draw()

    def _seen_by_all(self) -> bool:
        table = self.table
        session, holder = table.session, table.holder
        people = {seat for seat in range(len(session.players))  # the people at this terminal
                  if holder.here(seat) and not session.is_bot(seat)}
        return people <= self.seen_by

    def _person_moved(self) -> bool:
        """Whether a person made the move since the last call (not a computer player)."""
        session = self.table.session
        count, before = session.action_count, self._moves
        self._moves = count
        return count != before and count > 0 and not session.is_bot(session.actor(count - 1))

    def panel_shown(self, seat: int, view: dict[str, Any]) -> None:
        """``seat``'s own panel is up (it holds the terminal): a tip about its own cards, when
        the line is free."""
        if self.active and self.current is not None:
            self.seen_by.add(seat)  # the public tip is on the line above its panel
        if not self.active or self._game is None or self.current is not None:
            return
        if self.private is not None and self.private[0] == seat:
            return
        for tip in self._game.private(view):
            key = f"{tip.key}@{seat}"
            if not self.shown(tip.key) and not self.shown(key):
                self.private = (seat, tip)
                self.remember(key)
                break
        self.draw()

    def panel_hidden(self) -> None:
        if self.private is not None:
            self.private = None
            self.draw()

    # ---- the line and its keys

    def displayed(self) -> Tip | None:
        """The tip on the line now: the public one, else the private one of the seat whose
        panel is up."""
        if not self.active:
            return None
        if self.current is not None:
            return self.current
        if self.private is not None and self.table.viewer == self.private[0]:
            return self.private[1]
        return None

    def public_line(self, seat: int | None = None) -> Text | None:
        """The public tip's line for a curtain, where the whole table looks (never the private
        one: a curtain is nobody's panel)."""
        if not self.active or self.current is None:
            return None
        if seat is not None:
            self.seen_by.add(seat)
        return tip_line(self.current, lesson_key=False)

    def draw(self) -> None:
        lines = self.table.query(TipLine)
        if not lines:
            return
        line = lines.first()
        tip = self.displayed()
        if tip is not None and tip is self.current:
            for seat in (self.table.viewer, self.table.public_seat):
                if seat is not None:
                    self.seen_by.add(seat)
        self.key_on_line = False
        if tip is None:
            line.update("")
        else:
            # the tip with its lesson's key when both fit the line, else the tip alone (the
            # key goes to the key bar), on two lines if it needs them
            width = line.content_size.width or self.table.app.size.width - 2
            shown = tip_line(tip)
            self.key_on_line = shown.cell_len <= width
            if not self.key_on_line:
                shown = tip_line(tip, lesson_key=False)
            line.styles.height = 1 if shown.cell_len <= width else 2
            line.update(shown)
        line.display = tip is not None
        self.table.refresh_keys()

    def allows(self, action: str) -> bool:
        return self.displayed() is not None

    def signature(self) -> tuple[Any, ...]:
        tip = self.displayed()
        return (tip.key if tip is not None else None, self.key_on_line)

    def turn_off(self) -> None:
        """``t``: no more tips, now and in later games (the setting is kept)."""
        self.on = False
        self.current, self.waiting, self.private = None, [], None
        self.seen_by = set()
        kept = set_tips(False)
        self.draw()
        self.table.app.notify(
            _("Tips are off: the menu's \"Tips in games\" turns them on again.") if kept
            else _("Tips are off for now (the setting could not be saved): the menu's "
                   "\"Tips in games\" turns them on again."), markup=False)

    def open_lesson(self) -> None:
        """``e``: the tip's lesson, played over the table; leaving it comes back here as it
        was (the game saved first)."""
        tip = self.displayed()
        lesson = self._lesson(tip.lesson) if tip is not None else None
        if lesson is None:
            return
        table = self.table
        try:
            table.session.save()
        except SaveError as err:
            table.drawing.say_not_saved(err)
        table.app.post_message(OpenLesson(lesson))  # the app plays it over this table

    def _lesson(self, lesson_id: str) -> L.Lesson | None:
        tracks = L.read_tracks(self.table.session.record.game)
        return next((lesson for lesson in tracks.all if lesson.id == lesson_id), None)


__all__ = ["GameTips", "Tip", "TipLine", "Tips", "game_tips", "lesson_words", "tip_line"]
