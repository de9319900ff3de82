"""The Orcz keys in words, for the help screen (no Textual: read before any screen is built).
Both texts are marked for the catalog; the help screen translates them where it shows them."""

from common.i18n import N_

# The Orcz keys in French, by binding id (orcz/ui/bindings.py; common/tui/keymap.py): gauche,
# droite, rester, éclaireur.
KEYMAPS = (("fr", "orcz.left", "g"), ("fr", "orcz.right", "d"), ("fr", "orcz.hold", "r"),
           ("fr", "orcz.scout", "e"))

KEYS_MARKDOWN = N_("""\
# hotseat — Orcz keys

| key | what it does |
|---|---|
| **Enter** | choose the highlighted option; at a curtain: show your private panel |
| **← ↑ → ↓** | move between options |
| **1 … 9, 10 …** | pick the option with that number, typed in full (a card keeps it; ✗: spent) |
| **Esc** | go one step back in the rank picker (or close a screen) |
| **l / r** | in the rank picker: put the left / right card face down |
| **a / h** | in a fight: attack the rank ahead / hold for the battle |
| **+ / −** | in a hand-out or imposed payment: change the highlighted player's share |
| **n** | when you lost a battle: impose nothing on the others (or pick that row; O-R18) |
| **s** | play a scout (any player who still has one, whenever it is allowed) |
| **u** | undo your own last move while it revealed nothing (e.g. at the next curtain) |
| **c** | orc challenge: when the 15-second clock ran out, another player calls it |
| **PgUp / PgDn** | scroll the log (the mouse wheel works too) |
| **F1 or ?** | this help |
| **g** | the glossary: the short forms on the table (Inf, ★, 3d…) in words |
| **q or Ctrl+C** | quit; the game is saved after every move — `hotseat resume` continues it |

On the board, `(Inf3)` is a face-down card you know (yours, or scouted); a coloured
`▒A▒` is a face-down card of the player with letter A. Each rank starts with its number, then its
owner's letter. In the top line, `(spent Ch Sh Sc)` lists a player's heroes already used:
champion, shaman, scout.

Ruling numbers such as **O-R7** in the rules below point to **the rulings**, shown after the rules
at the end of this help.
""")

# What the table's short forms mean (the glossary key, g): the words of orcz/ui/render.py.
GLOSSARY_MARKDOWN = N_("""\
# Orcz — the table's short forms

| on the table | means |
|---|---|
| **Inf1 … Inf4** | Infantry of strength 1 to 4 |
| **Arc1 … Arc3** | Archer of strength 1 to 3 |
| **Cav1 … Cav3** | Cavalry of strength 1 to 3 |
| **Chmp** | Champion (hero) |
| **Shmn** | Shaman (hero) |
| **Scout** | Scout (hero: looks at a face-down card, never in a rank) |
| **(Inf3)** | a face-down card you know: yours, or one you scouted |
| **▒A▒** | the back of a face-down card of player A (in A's colour) |
| **3 A** | before a rank: its place in the column (3rd), then its owner's letter |
| **[A] Ann** | the letter each player's ranks and cards carry |
| **spent Ch Sh Sc** | that player's heroes already used: champion, shaman, scout |
| **4/2 Dwarf Warband** | the enemy: main value 4, secondary value 2 (goblins won or paid) |
| **need 12** | the strength the orcs must muster there: main value × players |
| **stack 2** | enemies still waiting on that battlefield |
| **aside, strength 5** | ranks set aside by holding, and their total strength |
| **Round 2/3** | the round now, of the game's rounds |
""")
