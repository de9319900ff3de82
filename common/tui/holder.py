"""Who holds the terminal: the one person the screen is for.

Pass and play hides each seat's secrets from the others by one rule, kept here and nowhere else.
Anything private of a seat (its panel, a private screen, a scouted card, its opened hand) is drawn
only for the seat that holds the terminal, and the holder changes only:

- when the curtain of the next seat is lifted (Enter at that seat's ``CurtainScreen``), or
- with no curtain, when nobody else sits at the table (one person with computer players, or a
  lesson's one learner).

Only a seat at this terminal ever holds it: at a host's terminal (``hotseat host`` with seats
at the host's own terminal) the remote seats play at their own terminals, so neither a curtain
nor being alone ever hands this one to them; "nobody else at the table" counts the people at
this terminal.

A curtain going up, a notice the whole table reads, or a decision taken at the public table leaves
the terminal held by nobody: the next private thing needs a curtain. The same person twice in a
row with nothing public between keeps it, and needs no curtain.

A draw for a seat that does not hold the terminal is refused: nothing private is drawn (the
table puts up that seat's curtain instead). Under the tests (``strict``) it raises ``NotHolder``,
so that a path that would have leaked fails loudly rather than costing a curtain.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar


class NotHolder(AssertionError):
    """Something private of a seat was about to be drawn while another person holds the
    terminal."""


class Holder:
    """The seat at the terminal (None: nobody yet, the table is public). ``seats``: the seats
    at this terminal (None: every seat); ``people``: the persons among them."""

    strict: ClassVar[bool] = False  # tests: a refused draw raises instead of drawing nothing

    def __init__(self, people: int, seats: Collection[int] | None = None) -> None:
        self._people = people  # the persons at the table (computer players are not)
        self._seats = None if seats is None else frozenset(seats)
        self._seat: int | None = None

    def here(self, seat: int) -> bool:
        """Whether ``seat`` plays at this terminal (a remote seat plays at its own)."""
        return self._seats is None or seat in self._seats

    def _elsewhere(self, seat: int) -> bool:
        """A seat of another terminal: refused (raising when strict)."""
        if self.here(seat):
            return False
        if self.strict:
            raise NotHolder(f"seat {seat} plays at its own terminal, never at this one")
        return True

    @property
    def seat(self) -> int | None:
        return self._seat

    def holds(self, seat: int | None) -> bool:
        return seat is not None and seat == self._seat

    def allows(self, seat: int | None) -> bool:
        """Whether ``seat``'s private things may be drawn now; a refusal raises when strict."""
        if self.holds(seat):
            return True
        if self.strict:
            raise NotHolder(f"seat {seat}'s private draw while seat {self._seat} holds the "
                            "terminal")
        return False

    def lift(self, seat: int) -> None:
        """``seat``'s curtain was lifted: that person holds the terminal. Only
        ``CurtainScreen`` calls this. A seat of another terminal never holds this one."""
        self._seat = None if self._elsewhere(seat) else seat

    def alone(self, seat: int) -> bool:
        """No curtain: ``seat`` holds the terminal, allowed only when nobody else sits at the
        table (refused, or raising when strict, otherwise)."""
        if self._elsewhere(seat):
            return False
        if self._people > 1:
            if self.strict:
                raise NotHolder(f"seat {seat} taken without a curtain at a table of "
                                f"{self._people} people")
            return False
        self._seat = seat
        return True

    def release(self) -> None:
        """The terminal is the table's (a curtain goes up, a public notice or decision): the
        next private thing needs a curtain."""
        if self._people > 1:
            self._seat = None


__all__ = ["Holder", "NotHolder"]
