"""Liar's Dice at the table, as the shell sees it (``common.tui.gameui.GameUI``). Importing this
package loads no Textual: the shell imports the table only when a game is shown."""

from pathlib import Path

from common.tui.gameui import GameUI

KEYS_MARKDOWN = """\
- **1…0**, arrows and **Enter**: bid (how many dice, then which face), or call **Liar!**
- **Esc**: back to how many dice
"""

UI = GameUI(
    name="liarsdice",
    css=Path(__file__).with_name("liarsdice.tcss"),
    keys_markdown=KEYS_MARKDOWN,
    table="liarsdice.ui.table:LiarsTable",
)
