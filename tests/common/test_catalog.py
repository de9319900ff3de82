"""The French catalog: every text the interface marks for translation has a French translation,
with the same placeholders and both plural forms, French typography (no ordinary space before
``: ; ! ?``) and the glossary's terms; the compiled catalog that ships is the one its .po gives;
the rules cores stay language-free."""

from __future__ import annotations

import ast
import io
import re
import string
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from common import i18n

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "common/locale/fr/LC_MESSAGES/hotseat.po"
MO = PO.with_suffix(".mo")
GLOSSARY = ROOT / "docs/glossary-fr.md"
PRINTF = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([sdrifgx%])")


class InContext(NamedTuple):
    """A message id marked with a context (``pgettext``): the catalog keeps it apart."""

    context: str
    id: str | tuple[str, ...]


Key = str | tuple[str, ...] | InContext


def source_ids() -> set[Key]:
    """The message ids marked in the source, as ``pybabel extract`` finds them with
    ``common/locale/babel.cfg``."""
    with (ROOT / "common" / "locale" / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: set[Key] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map):
        key = message if isinstance(message, str) else tuple(message)
        found.add(InContext(context, key) if context else key)
    return found


def french() -> Catalog:
    with PO.open("rb") as po:
        return read_po(po, locale="fr")


def placeholders(text: str) -> set[str]:
    """The fields a text is filled with: ``{name}`` for ``str.format``, ``%(name)s`` and ``%s``
    for argparse's own texts (``{{`` and ``%%`` are no fields)."""
    fields = {f"{{{name}}}" for _lit, name, _spec, _conv in string.Formatter().parse(text)
              if name is not None}
    # %(value)r and %(value)s fill in the same value: a language may quote it its own way
    printf = {f"%({name}){'s' if kind == 'r' else kind}" if name else f"%{kind}"
              for name, kind in PRINTF.findall(text) if kind != "%"}
    return fields | printf


def problems(catalog: Catalog, ids: set[Key]) -> list[str]:
    """What is wrong with ``catalog`` for the message ids ``ids``: a missing, empty or fuzzy
    translation, a plural form missing, a placeholder lost or added."""
    found = []
    for key in sorted(ids, key=str):
        if isinstance(key, InContext):
            inner = key.id
            message = catalog.get(inner[0] if isinstance(inner, tuple) else inner,
                                  context=key.context)
        else:
            message = catalog.get(key[0] if isinstance(key, tuple) else key)
        if message is None:
            found.append(f"no translation: {key!r}")
        elif message.fuzzy:
            found.append(f"fuzzy: {key!r}")
        else:
            found.extend(_message_problems(message, catalog.num_plurals))
    return found


def _message_problems(message: Message, plurals: int) -> list[str]:
    ids = list(message.id) if isinstance(message.id, tuple | list) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple | list) \
        else [message.string]
    if len(ids) > 1 and len(strings) != plurals:
        return [f"{len(strings)} plural forms, not {plurals}: {ids[0]!r}"]
    wanted = placeholders(ids[-1])
    found = [f"empty: {ids[0]!r}" for text in strings if not text]
    found += [f"placeholders {sorted(placeholders(text))} for {sorted(wanted)}: {ids[0]!r}"
              for text in strings if text and placeholders(text) != wanted]
    return found


def test_every_marked_text_has_its_french_translation() -> None:
    ids = source_ids()
    assert len(ids) > 100  # the extraction saw the source (the menu, the CLI, the saves...)
    assert problems(french(), ids) == []


BAD_PO = r"""
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Quit"
msgstr "Quitter"

#, fuzzy
msgid "Back"
msgstr "Retour"

msgid "Pass the terminal to {name}"
msgstr "Passez le terminal"

msgid "{n} goblin"
msgid_plural "{n} goblins"
msgstr[0] "{n} gobelin"
msgstr[1] ""

msgid "%(prog)s: error: %(message)s"
msgstr "%(prog)s : erreur"
"""


def strings_of(message: Message) -> list[str]:
    text = message.string
    return list(text) if isinstance(text, tuple | list) else [text]


def typography_problems(catalog: Catalog) -> list[str]:
    """The French texts that French typography (``common.i18n.typeset``) would change: an
    ordinary space, or none, before ``: ; ! ?`` or inside « ». The catalog is written right at
    the source, not only mended when shown."""
    return [f"typography: {text!r}" for message in catalog if message.id
            for text in strings_of(message) if text and i18n.typeset(text) != text]


def forbidden_terms(glossary: str) -> list[tuple[str, str]]:
    """The glossary's "Not this, but this" table: (the phrase not to use, the glossary's)."""
    section = glossary.split("<!-- not-this-but-this", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    return [(cells[0].strip(), cells[1].strip()) for cells in rows[1:]]


def term_pattern(phrase: str) -> re.Pattern[str]:
    """``phrase`` as whole words, its first letter in either case; ``N`` is a number or a
    ``{field}``."""
    parts = [r"(?:\d+|\{\w+\})" if word == "N" else re.escape(word) for word in phrase.split()]
    body = r"\s+".join(parts)
    if phrase[:1].isalpha() and parts[0] != r"(?:\d+|\{\w+\})":
        body = f"[{phrase[0].lower()}{phrase[0].upper()}]" + body[1:]
    return re.compile(rf"(?<![\w-]){body}(?![\w-])")


def term_problems(catalog: Catalog, terms: list[tuple[str, str]]) -> list[str]:
    """The French texts that use a phrase the glossary fixes otherwise."""
    patterns = [(term_pattern(bad), bad, good) for bad, good in terms]
    return [f"{bad!r} (the glossary: {good!r}) in {text!r}"
            for message in catalog if message.id for text in strings_of(message)
            for pattern, bad, good in patterns
            if pattern.search(text.replace(i18n.NBSP, " "))]


def page_term_problems(terms: list[tuple[str, str]]) -> list[str]:
    """The French pages a player reads (the rules and rulings, the lessons' texts) that use a
    phrase the glossary fixes otherwise."""
    import tomllib

    from tests.tui.english_words import strings

    pages = {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
             for path in sorted(ROOT.glob("*/*.fr.md"))}
    pages |= {str(path.relative_to(ROOT)): "\n".join(strings(tomllib.loads(
        path.read_text(encoding="utf-8")))) for path in sorted(ROOT.glob("*/lessons/fr/*.toml"))}
    patterns = [(term_pattern(bad), bad, good) for bad, good in terms]
    return [f"{bad!r} (the glossary: {good!r}) in {name}"
            for name, text in pages.items() for pattern, bad, good in patterns
            if pattern.search(text.replace(i18n.NBSP, " "))]


def test_french_pages_use_the_glossarys_terms() -> None:
    terms = forbidden_terms(GLOSSARY.read_text(encoding="utf-8"))
    assert page_term_problems([*terms, ("Crique", "—")])  # the pages are read: a term is found
    assert page_term_problems(terms) == []


def test_french_texts_use_french_typography() -> None:
    assert typography_problems(french()) == []


def test_french_texts_use_the_glossarys_terms() -> None:
    terms = forbidden_terms(GLOSSARY.read_text(encoding="utf-8"))
    assert ("N de renommée", "N points de renommée") in terms
    assert len(terms) > 20
    assert term_problems(french(), terms) == []


BAD_FRENCH = """
msgid ""
msgstr ""
"Language: fr\\n"

msgid "Fame: {fame}"
msgstr "Renommée : {fame}"

msgid "Fight!"
msgstr "Combat!"

msgid "Boarding rounds"
msgstr "Tours d'abordage\u00a0: {count}"

msgid "{count} fame"
msgstr "{count} de renommée"

msgid "Key ? or F1; at 12:30, see https://example.org"
msgstr "Touche (?) ou F1\u00a0; à 12:30, voir https://example.org"
"""


def test_the_checks_find_an_ordinary_space_before_a_colon_and_a_term_unlike_the_books() -> None:
    catalog = read_po(io.StringIO(BAD_FRENCH))
    assert typography_problems(catalog) == ["typography: 'Renommée : {fame}'",
                                            "typography: 'Combat!'"]
    terms = [("tours d'abordage", "rondes"), ("N de renommée", "N points de renommée")]
    assert term_problems(catalog, terms) == [
        "\"tours d'abordage\" (the glossary: 'rondes') in \"Tours d'abordage\\xa0: {count}\"",
        "'N de renommée' (the glossary: 'N points de renommée') in '{count} de renommée'"]


def test_the_check_finds_a_missing_a_fuzzy_and_a_wrong_translation() -> None:
    catalog = read_po(io.StringIO(BAD_PO))
    found = problems(catalog, {"Quit", "Back", "Start", "Pass the terminal to {name}",
                               ("{n} goblin", "{n} goblins"), "%(prog)s: error: %(message)s"})
    assert sorted(found) == [
        "empty: '{n} goblin'",
        "fuzzy: 'Back'",
        "no translation: 'Start'",
        "placeholders ['%(prog)s'] for ['%(message)s', '%(prog)s']: "
        "'%(prog)s: error: %(message)s'",
        "placeholders [] for ['{name}']: 'Pass the terminal to {name}'",
    ]


def test_french_has_two_plural_forms_and_one_for_zero() -> None:
    """French says "0 joueur", "1 joueur", "2 joueurs" (the plural rule n > 1)."""
    assert french().plural_forms == "nplurals=2; plural=(n > 1);"
    i18n.set_language("fr")
    words = [i18n.ngettext(" (with {count} computer player)",
                           " (with {count} computer players)", n).format(count=n)
             for n in (0, 1, 2, 5)]
    assert words == [" (avec 0\u00a0joueur ordinateur)", " (avec 1\u00a0joueur ordinateur)",
                     " (avec 2\u00a0joueurs ordinateur)", " (avec 5\u00a0joueurs ordinateur)"]


def test_the_shipped_compiled_catalog_is_the_po_compiled() -> None:
    """``pybabel compile -d common/locale -D hotseat`` after every change of the .po."""
    out = io.BytesIO()
    write_mo(out, french())
    assert MO.read_bytes() == out.getvalue(), "run: pybabel compile -d common/locale -D hotseat"


@pytest.mark.parametrize("core", ["orcz", "pirates"])
def test_the_rules_cores_import_no_language(core: str) -> None:
    """The cores emit records and refusal codes; only their ``ui/`` words them."""
    for path in (ROOT / core).rglob("*.py"):
        if "ui" in path.relative_to(ROOT / core).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names]
        imported += [node.module or "" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)]
        assert not [name for name in imported if "i18n" in name or "gettext" in name], path
