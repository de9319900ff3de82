"""The Orcz interface, registered with the shell (``common.tui.gameui``). Importing this package
loads no Textual: the table is imported when a game is shown."""

from pathlib import Path

from common.tui.gameui import GameUI, OptionSpec
from orcz.ui.keys import GLOSSARY_MARKDOWN, KEYMAPS, KEYS_MARKDOWN

UI = GameUI(
    name="orcz",
    css=Path(__file__).with_name("orcz.tcss"),
    keys_markdown=KEYS_MARKDOWN,
    glossary_markdown=GLOSSARY_MARKDOWN,
    table="orcz.ui.screens:OrczTable",
    options=(OptionSpec("orc_challenge", "--challenge",
                        "Orc challenge: a 15-second clock per rank"),),
    curtain_keys=(("s", "scout"),),
    acting_keys=frozenset({"scout", "challenge"}),
    series="orcz.ui.series:goblins_series",
    tips="orcz.ui.tips:TIPS",
    keymaps=KEYMAPS,
)
