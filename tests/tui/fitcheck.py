"""What a line shortened to whole words looks like, for the tests that read the
screen: written out here, apart from the helper it checks."""

from __future__ import annotations

ELLIPSIS = "…"
# what may follow the words kept: a space, or a separator dropped with the words after it
BREAKS = " ·,;:—–-│|/("


def is_whole_words(shown: str, full: str) -> bool:
    """``shown`` is ``full``, or whole words of its start and "…"."""
    if shown == full:
        return True
    if not shown.endswith(ELLIPSIS):
        return False
    head = shown[: -len(ELLIPSIS)]
    if not full.startswith(head):
        return False
    rest = full[len(head):]
    return head == "" or rest[:1] in tuple(BREAKS)
