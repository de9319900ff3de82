"""The Pirate's Cove interface, registered with the shell (``common.tui.gameui``). Importing this
package loads no Textual: the table is imported when a game is shown."""

from pathlib import Path

from common.tui.gameui import GameUI, OptionSpec
from pirates.ui.keys import GLOSSARY_MARKDOWN, KEYMAPS, KEYS_MARKDOWN

UI = GameUI(
    name="pirates",
    css=Path(__file__).with_name("pirates.tcss"),
    keys_markdown=KEYS_MARKDOWN,
    glossary_markdown=GLOSSARY_MARKDOWN,
    table="pirates.ui.screens:PiratesTable",
    options=(OptionSpec("multi_mastercraft", "--multi-mastercraft",
                        "Mastercraft variant: several on a ship, one per section"),),
    acting_keys=frozenset({"shortcut"}),
    series="pirates.ui.series:fame_series",
    tips="pirates.ui.tips:TIPS",
    keymaps=KEYMAPS,
)
