"""Pirate's Cove's words that the shell shows from its registration, marked for the catalog
(``docs/translating.md``): the rules core stays language-free, so its title is translated by
the interface (``common.tui.gameui.GameUI.title``, ``title_of``)."""

from common.i18n import N_

TITLE = N_("Pirate's Cove")
TITLE_OF = N_("of Pirate's Cove")
OPTIONS = (N_("Mastercraft variant: several on a ship, one per section"),)
