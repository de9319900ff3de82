"""The interface's language: gettext catalogs, chosen by ``--lang`` or else the locale.

Every text a player reads goes through ``_`` (or ``ngettext`` for a count, ``pgettext`` where one
English word needs two translations). The message ids are the English texts, so English needs no
catalog, and a language without one falls back to English quietly. The catalogs live in
``common/locale/<lang>/LC_MESSAGES/hotseat.mo`` (``docs/translating.md`` says how to update them).

Texts fixed when a module is imported (binding descriptions, the general help) are marked with
``N_`` and translated where they are shown, so the language may be chosen after the import.

The rules cores never import this module: they emit records and refusal codes, and the
interface words them.
"""

from __future__ import annotations

import errno
import gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

from common.codec import clip, shorten

DOMAIN = "hotseat"
LOCALE_DIR = Path(__file__).with_name("locale")
ENGLISH = "en"
LANGUAGES = (ENGLISH, "fr")  # the languages hotseat speaks; English is the message ids
# The environment variables that name the locale, in gettext's order of precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_state: dict[str, object] = {"code": ENGLISH, "catalog": gettext.NullTranslations()}


def normalize(raw: str) -> str:
    """The language part of a locale name: "fr_FR.UTF-8" → "fr", "fr-CA" → "fr", "C" → "c"."""
    return raw.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def supported(raw: str) -> str | None:
    """The language hotseat speaks for ``raw`` (a code or a locale name), or None."""
    code = normalize(raw)
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for, as gettext reads it: ``LANGUAGE`` (a list, first
    spoken one wins) unless the locale is C/POSIX, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
    English when none names a language hotseat speaks."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in LOCALE_VARIABLES if env.get(name)), "")
    if normalize(locale) in ("c", "posix"):
        return ENGLISH  # a C locale asks for the untranslated texts, whatever LANGUAGE says
    for entry in env.get("LANGUAGE", "").split(":"):
        code = supported(entry) if entry else None
        if code is not None:
            return code
    return supported(locale) or ENGLISH


def set_language(raw: str | None = None) -> str:
    """Speak ``raw`` (e.g. "fr", from ``--lang``), or, when None, the locale's language; an
    unknown language, or one whose catalog is missing, is English. Returns the code in use."""
    code = (supported(raw) if raw is not None else from_environment()) or ENGLISH
    catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    if code != ENGLISH and not isinstance(catalog, gettext.GNUTranslations):
        code = ENGLISH  # the catalog did not ship: English, quietly
    _state["code"] = code
    _state["catalog"] = catalog
    return code


def language() -> str:
    """The code of the language in use ("en", "fr")."""
    return str(_state["code"])


def _catalog() -> gettext.NullTranslations:
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog


def _(message: str) -> str:
    """``message`` (English) in the language in use. The empty text stays empty (gettext
    would give the catalog's header)."""
    return _spelt(_catalog().gettext(message)) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for ``count`` things, by the language's own plural rule (French:
    "0 gobelin", "1 gobelin", "3 gobelins"); the caller fills in the count."""
    return _spelt(_catalog().ngettext(singular, plural, count))


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``, for one English word that needs two words."""
    return _spelt(_catalog().pgettext(context, message))


def _spelt(text: str) -> str:
    return French(held(typeset(text))) if _state["code"] == "fr" else text


# French typography, applied here to every French text rather than by hand in the catalog: a
# no-break space (U+00A0 throughout, also before ; ! ? where print uses a thinner one: terminal
# cells are all one width, and one character is easier to check) before : ; ! ? and inside « ».
# It replaces an ordinary space or is added where none was. The fields a text is filled with
# ({name}, %(prog)s) are set aside first, so a value (a name as typed, a path) is never touched;
# a colon between digits (a time), in "://" (a URL) or after an opening bracket (a key named
# "?") is no punctuation of a sentence and stays as it is; one before a markdown bold's end
# ("**Interdit dans un même rang :**") is.
NBSP = "\u00a0"
_FIELDS = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[a-z%]")
_SET_ASIDE = 0xE000  # private-use characters stand for the fields meanwhile
_SPACE_BEFORE = re.compile(r"[ \u202f\u00a0]([:;!?])(?=[\s\u00a0)\]»\"'.,…!?*]|$|[\ue000-\uf8ff])")
_NONE_BEFORE = re.compile(
    r"(?<=[\w)\]»\"'…%\ue000-\uf8ff])([:;!?])(?=[\s)\]»\"'.,…*]|$|[\ue000-\uf8ff])")
_OPENING = re.compile(r"«[ \u202f\u00a0]*")
# a » right after "**" (bold) is the speed mark of the table's short forms, not a closing quote
_CLOSING = re.compile(r"(?<![*\s\u00a0\u202f])[ \u202f\u00a0]*»")
_typeset_cache: dict[str, str] = {}


def typeset(text: str) -> str:
    """``text`` (a French catalog text, its fields not yet filled) with French typography."""
    done = _typeset_cache.get(text)
    if done is not None:
        return done
    fields: list[str] = []

    def aside(match: re.Match[str]) -> str:
        fields.append(match.group(0))
        return chr(_SET_ASIDE + len(fields) - 1)

    work = _FIELDS.sub(aside, text)
    work = _SPACE_BEFORE.sub(NBSP + r"\1", work)
    work = _NONE_BEFORE.sub(NBSP + r"\1", work)
    work = _OPENING.sub("«" + NBSP, work)
    work = _CLOSING.sub(NBSP + "»", work)
    done = re.sub(r"[\ue000-\uf8ff]", lambda m: fields[ord(m.group(0)) - _SET_ASIDE], work)
    _typeset_cache[text] = done
    return done


# A number holds to the word it counts ("3 coffres", "1 coup au but"), and the word before
# numbers to them when they end their phrase, as a noun to the numbers it names ("dés 5 2, …",
# "Manche 2 : …", "nº 2.", "Infanterie 3"), as French print sets them with a no-break space: a
# line then never ends on "3" with "coffres" starting the next, nor on "dés" with its dice
# below. A number is held to one side only, its noun after it first ("le tour 1 commence" may
# break before "1"), so that the held pieces stay short; a little word after a number ("sur",
# "à", "pour") is not what it counts, so "le mois 1 sur 12" holds "mois 1" and "de 2 à 4
# joueurs" holds "de 2" and "4 joueurs". Numbers written in a catalog text are held here; the
# numbers filled into a field by ``French.format``, which knows which values are numbers. A
# score (14–15), a time (20:30) or a date keeps its sign: no line breaks inside it.
_WORD = r"[^\W\d_]+"
_COUNTED = r"(?!(?:sur|à|et|ou|pour)\b)[^\W\d_]"  # a word a number may count
_LITERAL_NUMBER = re.compile(rf"(?<![\w{{}}\ue000-\uf8ff.,:/])(\d+) (?={_COUNTED})")
_WORD_BEFORE_NUMBER = re.compile(
    rf"(?<![\w{{}}'’-])({_WORD}) (?=\d+(?:(?:, ?| )\d+)*(?![\d\w]|{NBSP}[^\W\d_]))")
# a value that is numbers only: "3", "5 2 1", "5, 2, 1", "2,0"
_NUMBERS = re.compile(r"[+−-]?\d+(?:(?:,[ \u00a0]?|[ \u00a0])\d+)*")
_held_cache: dict[str, str] = {}


def held(text: str) -> str:
    """``text`` (French) with its written numbers held to their words by no-break spaces."""
    done = _held_cache.get(text)
    if done is None:
        done = _WORD_BEFORE_NUMBER.sub(rf"\1{NBSP}", _LITERAL_NUMBER.sub(rf"\1{NBSP}", text))
        _held_cache[text] = done
    return done


def _is_numbers(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and _NUMBERS.fullmatch(value)
                                      is not None)


def _held_fields(text: str, values: dict[str, object]) -> str:
    """``text`` with its number fields held to the word after them and a short word to the
    number fields after it; a list of numbers is held whole ("dés 5 2 1")."""
    def after(match: re.Match[str]) -> str:
        sep = NBSP if _is_numbers(values.get(match.group(1))) else " "
        return f"{{{match.group(1)}}}{sep}"

    def before(match: re.Match[str]) -> str:
        sep = NBSP if _is_numbers(values.get(match.group(2))) else " "
        return f"{match.group(1)}{sep}{{{match.group(2)}}}"

    for field, value in list(values.items()):
        if isinstance(value, str) and " " in value and _is_numbers(value):
            values[field] = value.replace(" ", NBSP)
    text = _FIELD_THEN_WORD.sub(after, text)
    return _WORD_THEN_FIELD.sub(before, text)


_FIELD_THEN_WORD = re.compile(rf"\{{(\w+)\}} (?={_COUNTED})")
_WORD_THEN_FIELD = re.compile(rf"(?<![\w{{}}'’-])({_WORD}) \{{(\w+)\}}(?![ {NBSP}]{_COUNTED})")


class French(str):
    """A French text whose ``format`` elides "de" and "que" before a value that starts with a
    vowel or a mute h, as French spells them: "le rang de {name}" gives "le rang d'Anne",
    "d'Hélène", "de Bob", and "de Haches naines" (an aspirated h: ``elides``), and sets no full
    stop after a value that ends with "!" or "?" ("joue la carte Vent favorable !"). Only the
    text around a value changes; the value (a name as typed) is shown as it is."""

    __slots__ = ()

    def format(self, *args: object, **values: object) -> str:
        def elide(match: re.Match[str]) -> str:
            word, field = match.group(1), match.group(2)
            value = values.get(field)
            if isinstance(value, Articled):
                return _contracted(word, field, value, values)
            if word[0] in "dDqQ" and isinstance(value, str) and elides(value):
                return f"{word[:-1]}'{{{field}}}"  # "de {name}" → "d'{name}"
            return match.group(0)

        def no_stop(match: re.Match[str]) -> str:
            value = values.get(match.group(1))
            ended = isinstance(value, str) and value.rstrip().endswith(("!", "?", "…"))
            return match.group(0)[:-1] if ended else match.group(0)

        text = _ELIDABLE.sub(elide, self)
        text = _held_fields(_ENDED_FIELD.sub(no_stop, text), values)
        return str.format(text, *args, **values)


class Articled(str):
    """A name the interface words with its article ("le Roi des hommes", "les Pillards"): after
    "de" and "à" in a French text the article contracts ("du Roi des hommes", "aux Pillards"),
    as French writes it. A name a player typed is never Articled: it stays as typed."""

    __slots__ = ()


_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


def _contracted(word: str, field: str, value: Articled, values: dict[str, object]) -> str:
    article, _space, rest = value.partition(" ")
    joined = _CONTRACTED.get((word.lower(), article.lower()))
    if joined is None:
        return f"{word} {{{field}}}"
    if word[0].isupper():
        joined = joined.capitalize()
    values[f"{field}_bare"] = rest  # the name after its contracted article, for this place only
    return f"{joined} {{{field}_bare}}"


# A field that ends its sentence: no full stop after a value that has its own "!" ("la carte
# Vent favorable !" then ".").
_ENDED_FIELD = re.compile(r"\{(\w+)\}\.(?=\s|$)")
_ELIDABLE = re.compile(r"(?<!\w)([Dd]e|[Qq]ue|[àÀ]) \{(\w+)\}")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")
# The words whose h is aspirated ("le héros", "de Haches naines", "du Hollandais"): before them
# French neither elides nor links. The list is the usual one of grammars (Grevisse's list, the
# words a game or a table may start a value with, in the singular and the plural); any other h
# is mute, and so is a first name's ("d'Hélène", "d'Henri", "d'Hugo", as French writes them)
# but the few the grammars list as aspirated ("de Hugues").
_H_ASPIRE = frozenset([
    "hache", "haches", "haie", "haies", "haine", "hall", "halle", "halles", "halte", "haltes",
    "hamac", "hamacs", "hameau", "hameaux", "hanche", "hanches", "hangar", "hangars", "hardi",
    "hardis", "hardie", "hareng", "harengs", "haricot", "haricots", "harnais", "harpe", "harpes",
    "harpon", "harpons", "hasard", "hasards", "hâte", "hausse", "haut", "hauts", "haute",
    "hautes", "hauteur", "havre", "hérisson", "hérissons", "héron", "hérons", "héros", "hêtre",
    "hêtres", "hibou", "hiboux", "hisser", "hollandais", "hollandaise", "hollande", "homard",
    "homards", "honte", "horde", "hordes", "hors", "hotte", "houle", "housse", "huit",
    "hurlement", "hutte", "huttes", "hongrie", "hongrois", "hambourg", "hanovre", "havane",
    # the first names grammars give an aspirated h ("de Hugues", "la mort de Hugues Capet")
    "hugues", "harold",
])


def elides(value: str) -> bool:
    """Whether "de" or "que" before ``value`` is written "d'" or "qu'": before a vowel and
    before a mute h, not before an aspirated one."""
    first = value[:1].casefold()
    if first in _VOWELS:
        return True
    if first != "h":
        return False
    word = re.match(r"[^\W\d_]+", value.casefold())
    return word is None or word.group(0) not in _H_ASPIRE


def quoted(text: str) -> str:
    """``text`` (a value as typed) quoted as the language quotes: « chess » in French, 'chess'
    (Python's own quotes, as argparse writes them) in English."""
    return f"«{NBSP}{text}{NBSP}»" if _state["code"] == "fr" else repr(text)


def echoed(value: object, limit: int = 40) -> str:
    """A value as it was given (typed, or read from a file), cut short, for a message: a text
    quoted as the language quotes (``quoted``: 'expert' in English, « expert » in French),
    anything else as Python writes it (3, 2.5)."""
    return quoted(shorten(value, limit)) if isinstance(value, str) else clip(value, limit)


def decimal(x: float, digits: int = 1, sign: bool = False) -> str:
    """``x`` with ``digits`` decimals as the language writes it: "2.0" in English, "2,0" in
    French (Babel's locale data), "+3.5" with ``sign``."""
    if _state["code"] == ENGLISH:
        return f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    from babel.numbers import format_decimal  # only for a language other than English

    pattern = ("+" if sign else "") + "#,##0." + "0" * digits + (";-#,##0." + "0" * digits
                                                                 if sign else "")
    return format_decimal(x, pattern, locale=language())


def percent(x: float, digits: int = 1) -> str:
    """The share ``x`` (0.35) as a percentage: "35.0%" in English, "35,0 %" in French."""
    if _state["code"] == ENGLISH:
        return f"{100 * x:.{digits}f}%"
    from babel.numbers import format_percent

    return format_percent(x, "#,##0." + "0" * digits + "\u00a0%", locale=language())


def moment(timestamp: float) -> str:
    """A local date and time to the minute: "2026-12-06 20:30" in English (as always), the
    language's own short form otherwise ("06/12/2026 20:30" in French)."""
    import datetime

    when = datetime.datetime.fromtimestamp(timestamp)
    if _state["code"] == ENGLISH:
        return when.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_datetime

    return format_datetime(when, "short", locale=language())


def N_(message: str) -> str:
    """Marks a text for the catalog without translating it now: it is translated where it is
    shown (``_``), once the language is known."""
    return message


# The system's reasons, in words of the language in use: the C library words them in English
# (strerror) whatever the interface's language.
_SYSTEM_REASONS = {
    errno.ENOENT: N_("no such file or directory"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.EROFS: N_("read-only file system"),
    errno.EISDIR: N_("is a directory"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EEXIST: N_("file exists"),
    errno.ELOOP: N_("too many levels of symbolic links"),
    errno.EIO: N_("input/output error"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.EBUSY: N_("device or resource busy"),
    errno.EMFILE: N_("too many open files"),
    errno.ENXIO: N_("no such device or address"),
    errno.EAGAIN: N_("resource temporarily unavailable"),
}


class _Bare(str):
    """A choice argparse lists with ``repr``: shown bare in a language whose quotes differ."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def choices(names: list[str]) -> list[str]:
    """argparse's ``choices``: listed in its errors as 'orcz', 'pirates' in English (as
    always), bare in another language (« orcz » would need argparse's own text)."""
    return [bare(name) for name in names]


def in_sentence(title: str) -> str:
    """A game's title inside a sentence: French writes its article in lower case there ("Orcz
    et la Crique des Pirates"; "La Crique des Pirates" alone or first); English keeps it."""
    if _state["code"] != "fr":
        return title
    article, space, rest = title.partition(" ")
    return f"{article.lower()} {rest}" if space and article in ("La", "Le", "Les") else title


def colon() -> str:
    """The colon that follows a word, with its space, as the language sets it: ": " in
    English, a no-break space before it in French (a line put together in the code)."""
    return f"{NBSP}: " if _state["code"] == "fr" else ": "


def said_by(program: str) -> str:
    """The start of a line a command writes: "hotseat: " in English, "hotseat : " in French."""
    return f"{program}{NBSP}: " if _state["code"] == "fr" else f"{program}: "


def bare(name: str) -> str:
    """A command's name, which argparse lists among its choices with ``repr``: as it is in
    English, bare in another language (``choices``)."""
    return name if _state["code"] == ENGLISH else _Bare(name)


def positional(word: str) -> str | None:
    """The metavar of a positional argument: None in English (argparse's own: its choices, or
    the argument's name), the language's word otherwise ("jeu")."""
    return None if _state["code"] == ENGLISH else word


def system_reason(err: OSError) -> str:
    """Why the system refused, in a few lower-case words: the system's own words in English
    (as always), the catalog's in another language ("aucun fichier ou dossier de ce nom")."""
    if _state["code"] != ENGLISH:
        words = _SYSTEM_REASONS.get(err.errno or 0)
        if words is not None:
            return _(words)
        if err.errno:
            return _("system error {code}").format(code=errno.errorcode.get(err.errno, err.errno))
    return (err.strerror or type(err).__name__).lower()




__all__ = [
    "LANGUAGES",
    "N_",
    "Articled",
    "_",
    "bare",
    "choices",
    "colon",
    "decimal",
    "echoed",
    "from_environment",
    "held",
    "in_sentence",
    "language",
    "moment",
    "ngettext",
    "percent",
    "pgettext",
    "positional",
    "quoted",
    "said_by",
    "set_language",
    "supported",
    "system_reason",
    "typeset",
]
