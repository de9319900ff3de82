"""English interface words on a French screen.

The stop list is drawn from the English catalog: every word of four letters or more in the
message ids of ``common/locale/hotseat.pot``, and in the string literals of the interface's
own modules (a text nobody marked yet is in no catalog, and it is the one a French player would
meet in English). Taken out of it: the words French uses too, as the French catalog shows them
(every word of a translation: "terminal", "zone", "champion"), and the short list ``KEPT``.
``english_on`` lists the stop words a screen shows, with the line each is on.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "common/locale/hotseat.pot"
PO = ROOT / "common/locale/fr/LC_MESSAGES/hotseat.po"
INTERFACE = ("common/tui", "orcz/ui", "pirates/ui")  # where the texts a player reads are written
WORD = re.compile(r"[^\W\d_]{4,}")  # letters only: "Ann's" is "Ann" and "s", "l'île" is "île"
# What is no word of a sentence: placeholders, markup, code spans (a command: `hotseat resume`).
NOT_WORDS = re.compile(r"\{[^{}]*\}|\[/?[a-z#@][^\]]*\]|%\(\w+\)\w|`[^`]*`")

# Words a French screen may show that no French translation has (yet). Keep it short: a word
# French shares with English is exempt as soon as a translation uses it.
KEPT = {
    "orcz",  # the game's name, in the French edition too, and in every translation
    "hotseat",  # the program's name, and its commands (`hotseat resume`)
    "djinn",  # Orcz's Desert enemy: "djinn" is French too (Larousse)
}
# Names a French page quotes as they are, whatever their words: the publishers.
NAMES = re.compile(r"Fantasy Flight Games|Days of Wonder")


def words(text: str, *, source: bool = True) -> set[str]:
    """The words of four letters or more of a text, in lower case; of a ``source`` text (a
    message id, a literal), without its placeholders, markup and code."""
    plain = NOT_WORDS.sub(" ", text) if source else text
    return {word.lower() for word in WORD.findall(plain)}


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale="fr" if path == PO else None)


def texts(message_id: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's texts: its id, or its singular and plural forms."""
    if not message_id:
        return ()
    return (message_id,) if isinstance(message_id, str) else tuple(message_id)


def catalog_ids() -> Iterator[str]:
    for message in read_catalog(POT):
        yield from texts(message.id)


def literals(folders: Iterable[str] = INTERFACE) -> Iterator[str]:
    """Every string literal of the interface's modules but their docstrings."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                        | ast.AsyncFunctionDef)
                          and node.body and isinstance(node.body[0], ast.Expr)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and id(node) not in docstrings:
                    yield node.value


def french_words() -> set[str]:
    """The words of the French translations: a translator wrote them as French ("terminal",
    "zone", "champion"). An entry left as its English text vouches for nothing."""
    found: set[str] = set()
    for message in read_catalog(PO):
        if message.id and message.string and message.string != message.id:
            found |= set().union(*(words(text) for text in texts(message.string)))
    for text in french_pages():
        found |= words(text)
    return found


def french_pages() -> Iterator[str]:
    """The French texts kept as data files, as a player reads them: the rules and rulings pages
    (not their hidden comments) and the lessons' twins (their texts, not their keys). Their
    words are French as a translation's are: "point", "type", "change"."""
    for path in ROOT.glob("*/*.fr.md"):
        yield HIDDEN.sub(" ", path.read_text(encoding="utf-8"))
    for path in ROOT.glob("*/lessons/fr/[!_]*.toml"):  # not _observables: ids, not texts
        yield from strings(tomllib.loads(path.read_text(encoding="utf-8")))


HIDDEN = re.compile(r"<!--.*?-->", re.S)  # a rule id's marker in a page, never shown


def strings(data: object) -> Iterator[str]:
    """Every string value in parsed TOML."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


@functools.cache
def stop_list() -> frozenset[str]:
    english = set().union(*(words(text) for text in (*catalog_ids(), *literals())))
    return frozenset(english - french_words() - KEPT)


def game_titles() -> re.Pattern[str]:
    """The titles of the installed games: a game from outside hotseat keeps its own name (Liar's
    Dice) in every language, as a book's title does."""
    from common.tui.gameui import all_uis

    titles = sorted((re.escape(ui.core.TITLE) for ui in all_uis()), key=len, reverse=True)
    return re.compile("|".join(titles)) if titles else re.compile(r"(?!)")


def english_on(screen: str) -> list[tuple[str, str]]:
    """The English words a screen shows, each with the line it is on (once per line)."""
    stop = stop_list()
    titles = game_titles()
    found: list[tuple[str, str]] = []
    for line in dict.fromkeys(line.strip() for line in screen.splitlines()):
        said = titles.sub(" ", NAMES.sub(" ", line))
        found += [(word, line) for word in sorted(words(said, source=False) & stop)]
    return found


# English punctuation on a French screen, where no word is English: a colon, semicolon, "!" or
# "?" right after a word or behind an ordinary space (French sets a no-break one: a text put
# together outside the catalog, an f-string's "): "), Python's quotes around a value
# ('chess', argparse's and repr's), a value never filled in (None). A time (12:30), a URL's
# "://", a key named "?" in a column of keys and a marker after one letter (a ship mat's "+P!")
# are no punctuation of a sentence.
ENGLISH_MARKS = (
    ("':' after a word, no space", re.compile(r"(?:[^\W\d_]{2}|[)\]%])[:;!?](?=\s|$)")),
    ("ordinary space before ':'", re.compile(r"(?<=\S) [:;!?](?= \S|$)")),
    ("English quotes", re.compile(r"(?<![\w'])'[^'\s]+'(?![\w'])")),
    ("None", re.compile(r"\bNone\b")),
)


def english_marks(screen: str) -> list[tuple[str, str]]:
    """The English punctuation a French screen shows (``ENGLISH_MARKS``), each with its line."""
    found: list[tuple[str, str]] = []
    for line in dict.fromkeys(line.strip() for line in screen.splitlines()):
        found += [(mark, line) for mark, pattern in ENGLISH_MARKS if pattern.search(line)]
    return found


def report(found: Iterable[tuple[str, str]]) -> str:
    """The words found, then each line they were on with its words: a failure's message."""
    by_line: dict[str, list[str]] = {}
    for word, line in found:
        if word not in by_line.setdefault(line, []):
            by_line[line].append(word)
    listed = ", ".join(sorted({word for line_words in by_line.values() for word in line_words}))
    lines = "\n".join(f"  {' '.join(ws):<24} | {line}" for line, ws in by_line.items())
    return f"English words: {listed}\n{lines}"


__all__ = ["KEPT", "english_marks", "english_on", "report", "stop_list", "words"]
