"""Small helpers for the words both games show: the cores' log lines and the interfaces."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, in the plural unless it is 1: "1 chest", "2 chests", "2 enemies"."""
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"
