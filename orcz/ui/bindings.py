"""Key bindings of the Orcz screens, in one place (shown in the footer and on the help screen)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

GAME_BINDINGS: list[BindingType] = [
    Binding("up", "nav(0,-1)", "Move", show=False),
    Binding("down", "nav(0,1)", "Move", show=False),
    Binding("left", "nav(-1,0)", "Move", show=False),
    Binding("right", "nav(1,0)", "Move", show=False),
    Binding("enter", "choose", "Choose"),
    Binding("escape", "back", "Back"),
    *[Binding(str((i + 1) % 10), f"quick({i})", "", show=False) for i in range(10)],
    Binding("a", "fight('attack')", "Attack"),
    Binding("h", "fight('hold')", "Hold"),
    Binding("plus,equals_sign", "adjust(1)", "+1"),
    Binding("minus", "adjust(-1)", "-1"),
    Binding("l", "side('left')", "Left down"),
    Binding("r", "side('right')", "Right down"),
    Binding("c", "challenge", "Challenge!"),
    Binding("pageup", "log_page(-1)", "Log ↑", show=False),
    Binding("pagedown", "log_page(1)", "Log ↓", show=False),
]

APP_BINDINGS: list[BindingType] = [
    Binding("ctrl+c", "quit_saved", "Quit", priority=True),
    Binding("ctrl+q", "quit_saved", "Quit", show=False, priority=True),
    Binding("f1,question_mark", "help", "Help"),
    Binding("s", "scout", "Scout"),
    Binding("u", "undo", "Undo"),
]

KEYS_MARKDOWN = """\
# hotseat — Orcz keys

| key | what it does |
|---|---|
| **Enter** | choose the highlighted option; at a curtain: show your private panel |
| **← ↑ → ↓** | move between options |
| **1 … 9, 0** | pick the option with that number directly (battlefields, cards, …) |
| **Esc** | go one step back in the rank picker (or close a screen) |
| **l / r** | in the rank picker: put the left / right card face down |
| **a / h** | in a fight: attack the rank ahead / hold for the battle |
| **+ / −** | in a hand-out or imposed payment: change the highlighted player's share |
| **s** | play a scout (any player who still has one, whenever it is allowed) |
| **u** | undo your own last move while it revealed nothing (e.g. at the next curtain) |
| **c** | orc challenge: when the 15-second clock ran out, another player calls it |
| **PgUp / PgDn** | scroll the log (the mouse wheel works too) |
| **F1 or ?** | this help |
| **Ctrl+C** | quit; the game is saved after every move — `hotseat resume` continues it |

On the board, `(Inf3)` is a face-down card you know (yours, or scouted); a coloured
`▒A▒` is a face-down card of the player with letter A. Each rank starts with its owner's letter.
"""
