"""Textual's ``Footer`` with each key's words in the language in use.

Binding descriptions are fixed when their module is imported, before ``--lang`` is read: they
are English message ids (marked ``N_``), translated here as the footer draws them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from common.i18n import _


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description)
            yield widget
