"""The help screen's page of Pirate's Cove keys (text only: no Textual import), marked for the
catalog: the shell translates them where it shows them."""

from common.i18n import N_

# The Pirate's Cove keys in French, by binding id (pirates/ui/bindings.py; common/tui/keymap.py):
# terminé.
KEYMAPS = (("fr", "pirates.done", "t"),)

KEYS_MARKDOWN = N_("""\
# hotseat — Pirate's Cove keys

| key | what it does |
|---|---|
| **Enter** | choose the highlighted option; at a curtain: show your private panel |
| **← ↑ → ↓** | move between options |
| **1 … 9, 10 …** | pick the option with that number, typed in full (1 then 0 for 10) |
| **Esc** | one step back (e.g. from the sections of a target to the targets) |
| **+ / −** (or **← →**) | outfitting and burying: move the highlighted ring or number |
| **p** | pass (an event window, a boarding round) |
| **1 … 5**, **n** | at "Anyone playing a card now?": that seat plays (curtain first); n: nobody |
| **o** | at a decision taken at the table: your hand, behind your curtain, to play a card |
| **d** | done with your island's effects |
| **u** | undo your own last move while it revealed nothing (e.g. at the next curtain) |
| **PgUp / PgDn** | scroll the log (the mouse wheel works too) |
| **F1 or ?** | this help |
| **g** | the glossary: the short forms on the table (Inf, ★, 3d…) in words |
| **q or Ctrl+C** | quit; the game is saved after every move — `hotseat resume` continues it |

Every ship shows as a letter in brackets, **[A]**, in its captain's colour. On a mat the ring of
each section is the digit on its track (`··2·····`: position 2), then the section's value.
Short forms: **H S C G** hull, sails, crew, guns (cannons) as `ring:value`; **+MC** a
Mastercraft, **+P** a parrot (**!** damaged or wounded); **★** fame, **g** gold, **ch** chests
against the hold, **c** cards in hand, **»** speed with Squire Trelawney's parrot, **d** the
dice the ship rolls (the smaller of Crew and
Cannons unless a parrot or Grappling Hooks say otherwise). **☠** a legendary pirate, **⚓** the
Royal Navy, **⚔** the island of the combat.
""")

# What the table's short forms mean (the glossary key, g): the words of pirates/ui/render.py.
GLOSSARY_MARKDOWN = N_("""\
# Pirate's Cove — the table's short forms

| on the table | means |
|---|---|
| **[A]** | a ship: its captain's letter, in the captain's colour |
| **H S C G** | the sections of a ship: Hull, Sails, Crew, Guns (cannons) |
| **H2:4** | a section's ring on its track (2), then its value (4) |
| **H✗** | a section destroyed |
| **+MC** | a Mastercraft on the ship |
| **+P** | a parrot on the ship |
| **!** | after +MC or +P: the Mastercraft is damaged, the parrot wounded |
| **★7** | 7 fame |
| **3g** | 3 gold |
| **2/4ch** | 2 chests aboard, against a hold of 4 |
| **1c** | 1 card in hand |
| **3d** | the ship rolls 3 dice (as a rule the smaller of Crew and Cannons) |
| **»4** | speed 4 with Squire Trelawney's parrot |
| **2g 1ch 1card** | an island's treasure: gold, chests, Tavern cards |
| **☠ 5/5** | a legendary pirate, its hull left / full |
| **⚓ 6/6** | the Royal Navy, its hull left / full |
| **⚔** | the island of the combat |
| **Tavern … Cove** | the islands, named by what each gives |
""")
