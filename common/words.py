"""Small helpers for the words both games show: the cores' log lines and the interfaces."""

from __future__ import annotations

from common.codec import unsafe_character


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, in the plural unless it is 1: "1 chest", "2 chests", "2 enemies"."""
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"


def shown(text: object) -> str:
    """``text`` safe to write to a terminal: every character that could drive it (controls,
    escapes, bidi overrides, line separators) written out visibly, e.g. ``\\x1b``.

    For text from outside (paths, names, save fields) at every sink: a message, the exit line,
    a notice. Rich's ``Text`` keeps markup literal but passes control characters through."""
    raw = str(text)
    if unsafe_character(raw) is None:
        return raw
    return "".join(_visible(char) for char in raw)


def _visible(char: str) -> str:
    if unsafe_character(char) is None:
        return char
    escaped = char.encode("unicode_escape").decode("ascii")
    return escaped if escaped != char else f"\\x{ord(char):02x}"
