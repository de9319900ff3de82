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

import gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

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
    return French(text) if _state["code"] == "fr" else text


class French(str):
    """A French text whose ``format`` elides "de" and "que" before a value that starts with a
    vowel, as French spells them: "le rang de {name}" gives "le rang d'Anne", "de Bob". Only
    the text around a value changes; the value (a name as typed) is shown as it is."""

    __slots__ = ()

    def format(self, *args: object, **values: object) -> str:
        def elide(match: re.Match[str]) -> str:
            word, field = match.group(1), match.group(2)
            value = values.get(field)
            if isinstance(value, str) and value[:1].casefold() in _VOWELS:
                return f"{word[:-1]}'{{{field}}}"  # "de {name}" → "d'{name}"
            return match.group(0)

        return str.format(_ELIDABLE.sub(elide, self), *args, **values)


_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")  # a mute h is not told apart: written out in full


def N_(message: str) -> str:
    """Marks a text for the catalog without translating it now: it is translated where it is
    shown (``_``), once the language is known."""
    return message


__all__ = ["LANGUAGES", "N_", "_", "from_environment", "language", "ngettext", "pgettext",
           "set_language", "supported"]
