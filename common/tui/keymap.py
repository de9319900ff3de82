"""Each key's letter in the language in use (no Textual: texts read it before any screen).

The bindings keep their English keys; the ones a language gives another letter carry an ``id``
("app.undo", "orcz.hold"), and the app applies that language's keymap (Textual's
``App.set_keymap``): in French *g* / *d* put the left / right card face down (gauche, droite),
*r* holds a rank (rester), *a* still attacks, *z* undoes (annuler, as Ctrl+Z does: *a* is
attaquer), *t* says a choice is done (terminé), *l* opens the glossary (lexique), *v* the tip's
lesson (voir la leçon), *s* turns the tips off (sans astuces) and deletes a finished game
(supprimer), *e* plays an Orcz scout (éclaireur). Digits, arrows, Enter and Esc stay as they
are. A game's own keys are its ``GameUI.keymaps``; the texts that name a key say the language's
letter (``key``), and ``tests/tui/test_keys_by_language.py`` checks that no two bindings of one
screen share a key in any language.
"""

from __future__ import annotations

from common.i18n import language

# The shell's keys in another language than English: binding id → keys (Textual's key names).
SHELL_KEYMAPS: dict[str, dict[str, str]] = {
    "fr": {
        "app.undo": "z",
        "app.glossary": "l",
        "table.tip_lesson": "v",
        "table.tips_off": "s",
        "saves.delete": "s,delete",
    },
}

# How a key is named on a key bar in another language (French keyboards' caps).
KEY_NAMES: dict[str, dict[str, str]] = {
    "fr": {"escape": "Échap", "enter": "Entrée", "pageup": "PgPréc", "pagedown": "PgSuiv",
           "home": "Début", "end": "Fin", "space": "Espace", "delete": "Suppr", "tab": "Tab",
           "f1": "F1"},
}


def shell_keymap(code: str | None = None) -> dict[str, str]:
    """The shell's keymap in ``code`` (default: the language in use); English: none."""
    return dict(SHELL_KEYMAPS.get(code or language(), {}))


def key(binding_id: str, english: str, keymap: dict[str, str] | None = None) -> str:
    """The key of the binding ``binding_id`` in the language in use (its first, if several):
    for a text that names it ("v : leçon 9")."""
    mapped = (shell_keymap() if keymap is None else keymap).get(binding_id)
    return mapped.split(",")[0] if mapped else english


def key_name(key_id: str) -> str:
    """A key's name on a key bar in the language in use ("escape" → "Échap"), or None."""
    return KEY_NAMES.get(language(), {}).get(key_id, "")


__all__ = ["KEY_NAMES", "SHELL_KEYMAPS", "key", "key_name", "shell_keymap"]
