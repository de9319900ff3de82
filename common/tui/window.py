"""The public question of a window for cards played out of turn: "Anyone playing a card now?".

At a real table nobody is asked in turn: whoever wants to play a card calls out and reads it
aloud. So a window costs the table one key when nobody plays, and only the seat that claims it
gets its curtain. The question is a ``Picker`` on the table's panel, driven by the same keys as
any decision: a player's seat number claims the window for that player, ``n`` says nobody
plays.
"""

from __future__ import annotations

from common.i18n import _
from common.tui.choices import Choice, Claim, Moved, Picker, Refused


class WindowPicker(Picker):
    """Who plays a card now: a row per seat, so that each player's key is always their seat's
    number (a seat that cannot claim now keeps its row, greyed, with why), then "Nobody"."""

    max_columns = 2

    def __init__(self, rows: list[tuple[int, str, str | None]], question: str) -> None:
        self.rows = rows  # (seat, name, why it cannot claim now (a sentence), or None)
        self.question = question

    @property
    def seats(self) -> list[tuple[int, str]]:
        """The seats that may claim the window now."""
        return [(seat, name) for seat, name, why in self.rows if why is None]

    @property
    def step(self) -> str:
        return "claim"

    def prompt(self) -> str:
        return self.question

    def choices(self) -> list[Choice]:
        out = [Choice(_("{name} plays a card").format(name=name), Claim(seat), why is None)
               for seat, name, why in self.rows]
        out.append(Choice(_("Nobody plays a card"), Claim(None)))
        return out

    def pick(self, index: int) -> Claim | Refused | Moved:
        if not 0 <= index < len(self.rows) + 1:
            return Moved()
        if index == len(self.rows):
            return Claim(None)
        seat, _name, why = self.rows[index]
        return Claim(seat) if why is None else Refused(why)


__all__ = ["Claim", "WindowPicker"]
