"""The public question of a window for cards played out of turn: "Anyone playing a card now?".

At a real table nobody is asked in turn: whoever wants to play a card calls out and reads it
aloud. So a window costs the table one key when nobody plays, and only the seat that claims it
gets its curtain. The question is a ``Picker`` on the table's panel, driven by the same keys as
any decision: a player's number claims the window for that player, ``n`` says nobody plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from common.tui.choices import Choice, Picker


@dataclass(frozen=True)
class Claim:
    """The table's answer: ``seat`` plays a card (None: nobody does)."""

    seat: int | None


class WindowPicker(Picker):
    """Who plays a card now: one choice per person who may, then "Nobody"."""

    max_columns = 2

    def __init__(self, seats: list[tuple[int, str]], question: str) -> None:
        self.seats = seats
        self.question = question

    @property
    def step(self) -> str:
        return "claim"

    def prompt(self) -> str:
        return self.question

    def choices(self) -> list[Choice]:
        out = [Choice(f"{name} plays a card", Claim(seat)) for seat, name in self.seats]
        out.append(Choice("Nobody plays a card", Claim(None)))
        return out

    def pick(self, index: int) -> Claim | None:
        options = self.choices()
        return options[index].value if 0 <= index < len(options) else None


__all__ = ["Claim", "WindowPicker"]
