"""The French lessons' cast, put in their texts mechanically: each twin in ``<game>/lessons/fr/``
declares the names the French table shows (``cast = { Ann = "Anne", ... }``) and its texts call
the players by those names, with the elision French wants before a vowel ("d'Anne").

Run it from the repository root after editing or merging a French lesson (it is idempotent):

    python tests/lessons/french_cast.py

The placeholders (``{players.Ann.goblins}``) and the judge's goal keep the English ids: the
lesson's paths name the players by them in every language. ``test_lessons_french`` fails while
a French text still calls a player by their English name."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]

# English id -> the name a French table shows; the same sex, so the texts' agreements hold
CAST = {
    "orcz": {"Ann": "Anne", "Bob": "Bruno", "Cid": "Cyril"},
    "pirates": {"Anne": "Anne", "Bart": "Bruno", "Cora": "Clara"},
}

# What the names must not be changed in: a {placeholder}, a quoted key (the judge's goal), the
# cast itself and a key that names a player by id (board = "ship:Bart", show = "Bob").
_KEPT = re.compile(r"\{[^{}\s\"]+\}|\"[^\"\n]*\"\s*=|^(?:cast|board|show)\s*=.*$",
                   re.MULTILINE)
# Words that elide before a vowel: "de Ann" is "d'Anne", "que Ann" is "qu'Anne".
_ELIDED = r"(?P<word>\b(?:[Dd]e|[Qq]ue|[Jj]usque|[Ll]orsque|[Pp]uisque))\s+"


def cast_line(game: str) -> str:
    names = ", ".join(f'{english} = "{shown}"' for english, shown in CAST[game].items())
    return f"cast = {{ {names} }}\n"


def renamed(text: str, game: str) -> str:
    """``text`` (a French twin's TOML) with the cast declared and every English name outside
    placeholders and keys replaced by its French one."""
    parts, last = [], 0
    for kept in _KEPT.finditer(text):
        parts += [_names(text[last:kept.start()], game), kept.group(0)]
        last = kept.end()
    out = "".join([*parts, _names(text[last:], game)])
    if not re.search(r"^cast\s*=", out, re.MULTILINE):
        title = re.search(r"^title\s*=", out, re.MULTILINE)
        at = title.start() if title else 0
        out = out[:at] + cast_line(game) + out[at:]
    return out


def _names(text: str, game: str) -> str:
    for english, shown in CAST[game].items():
        if shown[0] in "AEIOUYÉÈÊaeiouyéèê":
            text = re.sub(_ELIDED + rf"{english}\b",
                          lambda m, s=shown: m.group("word")[:-1] + "'" + s, text)
        text = re.sub(rf"\b{english}\b", shown, text)
    return text


def twins(game: str) -> list[Path]:
    return sorted(p for p in (ROOT / game / "lessons" / "fr").glob("*.toml")
                  if not p.stem.startswith("_"))


def main() -> int:
    changed = 0
    for game in CAST:
        for path in twins(game):
            text = path.read_text(encoding="utf-8")
            new = renamed(text, game)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed += 1
                print(f"renamed: {path.relative_to(ROOT)}")
    print(f"{changed} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
