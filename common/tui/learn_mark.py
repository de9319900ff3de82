"""The exact card or section a lesson step is about, marked inside the part of the board that is
framed: in reverse video after a "▶", so that it reads without colour. The game's widgets that
hold such parts are ``Marked``; a lesson's fit tells them the step's target."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rich.text import Text

from common.lessons.targets import Target

MARK = "▶"
MARK_STYLE = "reverse bold"


def marked(text: Text, start: int, end: int) -> Text:
    """``text`` with its characters ``start`` to ``end`` marked: reverse video, and the sign
    in place of the blank before them (or the first of them when it is blank), so that the
    line keeps its width; with no blank there, the sign goes before them."""
    plain = text.plain
    out = text.copy()
    if start > 0 and plain[start - 1] == " ":
        out = out[:start - 1] + Text(MARK, style=MARK_STYLE) + out[start:]
    elif start < end and plain[start] == " ":
        out = out[:start] + Text(MARK, style=MARK_STYLE) + out[start + 1:]
        start += 1
    else:
        out = out[:start] + Text(MARK, style=MARK_STYLE) + out[start:]
        start, end = start + 1, end + 1
    out.stylize(MARK_STYLE, start, end)
    return out


def marked_line(text: Text, line: int) -> Text:
    """``text`` with its ``line``-th line (from 0) marked whole; unchanged when it has fewer."""
    plain = text.plain
    starts = [0, *(i + 1 for i, c in enumerate(plain) if c == "\n")]
    if not 0 <= line < len(starts):
        return text
    end = plain.find("\n", starts[line])
    return marked(text, starts[line], len(plain) if end < 0 else end)


@runtime_checkable
class Marked(Protocol):
    """A widget of a game's table that can mark an exact part of what it shows, or the game's
    part of the table (the card of the hand: ``TableGame``) (a protocol: each keeps to its own
    classes). ``mark_exact`` is told each step's target, or None; it
    keeps it (``exact``) when it concerns the widget, and redraws when that changed."""

    def mark_exact(self, target: Target | None) -> None: ...
