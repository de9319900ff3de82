"""Orcz's words that the shell shows from its registration, marked for the catalog
(``docs/translating.md``): the rules core stays language-free, so its title is translated by
the interface (``common.tui.gameui.GameUI.title``, ``title_of``)."""

from common.i18n import N_

TITLE = N_("Orcz")
TITLE_OF = N_("of Orcz")
OPTIONS = (N_("Orc challenge: a 15-second clock per rank"),)
