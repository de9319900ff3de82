"""The one rule for players' names, wherever they come from: the command line, the new-game form
(``common.tui.names``) and a save (``common.save``) all ask ``name_problem``, and refuse with its
words.

A name must show something (not only joiners, tag characters, spaces or a blank letter such as
the Hangul filler), and the names at one table must be told apart: not the same but for case
(``Ann``, ``ann``), nor alike on screen. Alike is the confusable skeleton of Unicode's UTS #39,
taken after NFKC normalisation, so that compatibility forms (fullwidth ``Ａｎｎ``, a ligature)
meet the letters they are drawn as, as Cyrillic ``Аnn`` meets Latin ``Ann``.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

from common.i18n import _


def name_problem(names: Sequence[str]) -> str:
    """Why these names cannot sit at one table ("" when they can), in words for the player."""
    if len({n.casefold() for n in names}) != len(names):
        return _("each player needs a different name")
    blank = next((n for n in names if not visible(n)), None)
    if blank is not None:
        return _("a name must show at least one letter, digit or sign ({name} shows "
                 "nothing)").format(name=ascii(blank))
    seen: dict[str, str] = {}
    for name in names:
        for key in {skeleton(name), skeleton(name.casefold())}:
            other = seen.setdefault(key, name)
            if other != name:
                return alike(other, name)
    return ""


def alike(first: str, second: str) -> str:
    return _("{first} and {second} look alike ({first_code} and {second_code}): each player "
             "needs a name the others can tell apart").format(
                 first=first, second=second, first_code=ascii(first), second_code=ascii(second))


# Letters and signs that a terminal draws as nothing; Unicode gives them no property of their
# own that Python can read (they are "default ignorable" or blank by design).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")


def visible(name: str) -> bool:
    """Whether ``name`` shows at least one character: not only spaces, joiners, combining
    marks or blank letters such as the Hangul filler (U+3164) or the blank Braille cell."""
    return any(unicodedata.category(char)[0] in "LNPS" and char not in _BLANK
               for char in name)


def skeleton(text: str) -> str:
    """The confusable skeleton of ``text`` (UTS #39) after NFKC normalisation: each character
    replaced by the one it is drawn like, after dropping the invisible ones (joiners, format
    characters)."""
    shapes = _shapes()
    # NFKC first: a fullwidth or other compatibility form becomes the letter it is drawn as
    chars = (c for c in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
             if unicodedata.category(c) != "Cf" and c not in _BLANK)
    return unicodedata.normalize("NFD", "".join(shapes.get(c, c) for c in chars))


@functools.cache
def _shapes() -> dict[str, str]:
    """Each confusable character's prototype, from the Unicode data that the
    ``confusable_homoglyphs`` package keeps up to date: a character confused with a sequence
    ("m" and "rn") maps to it; characters confused with one another map to one of them."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.get(c, c) != c:
            c = parent[c]
        return c

    sequences: dict[str, str] = {}
    for char, entries in confusables_data.items():
        for entry in entries:
            other = entry["c"].replace("\u200e", "").replace("\u200f", "")
            if len(other) > 1:
                sequences[char] = other
                continue
            a, b = root(char), root(other)
            if a != b:
                parent[max(a, b)] = min(a, b)  # the smallest character stands for its group
    shapes = {c: root(c) for c in parent}
    for char, sequence in sequences.items():
        shapes[char] = "".join(shapes.get(c, c) for c in sequence)
    return shapes
