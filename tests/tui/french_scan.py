"""A whole seeded game of each game played through the keys in French, every screen
scanned for English interface words and English punctuation (``tests/tui/english_words.py``)
and for other seats' secrets (``tests/tui/secrecy.py``): the help (F1) and its glossary at the
first panel, every move's screens, the end screen and a few steps of the review.

The command line is scanned too (``command_line_in_french``): its help, argparse's own errors,
the refusals of a table, the system's reasons (a file that is not there) and a broken save.

The tests (``test_french_game.py``) fail on any English word and name the first lines that hold
one; run this file to list every English word left, screen by screen, for both games::

    nice -n 19 python -m tests.tui.french_scan [orcz|pirates] [--size 100x32]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from common import i18n
from common.session import GameSession
from common.tui import settings
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from common.tui.gameui import key_of
from common.tui.help import HelpScreen, HelpText
from common.tui.table import TableScreen
from tests.tui.driver import orcz_step, pirates_step, play_to_end, press, settle
from tests.tui.english_words import english_marks, english_on, report
from tests.tui.secrecy import check_screen, rendered

NAMES = ["Ann", "Bob", "Cid"]  # three letters: never taken for an English word
# game: (seed of the deal, seed of the players' choices, one move through the keys)
GAMES: dict[str, tuple[int, int, Any]] = {
    "orcz": (7, 5, orcz_step),
    "pirates": (7, 3, pirates_step),
}
SMALL = (80, 24)


@dataclass
class Scan:
    """What a French game showed: the English words of each screen, by screen."""

    game: str
    screens: int = 0
    found: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def look(self, app: HotseatApp, session: GameSession, secrets: bool) -> None:
        self.screens += 1
        if secrets:
            check_screen(app, session)
        shown = rendered(app) + help_pages(app)
        english = english_on(shown) + english_marks(shown)
        if english:
            self.found[f"{self.screens:>4} {describe(app)}"] = english

    def words(self) -> list[str]:
        return sorted({word for pairs in self.found.values() for word, _line in pairs})

    def failure(self, most: int = 60) -> str:
        """The failure message: the words, then the lines that hold them (the first ``most``;
        this module, run, lists them all, screen by screen)."""
        every = [pair for pairs in self.found.values() for pair in pairs]
        text = report(every).splitlines()
        more = len(text) - 1 - most
        tail = [f"  … {more} more lines: python -m tests.tui.french_scan {self.game}"] \
            if more > 0 else []
        return "\n".join([f"{self.game} in French: {len(self.found)} screens of "
                          f"{self.screens} show English. {text[0]}", *text[1:most + 1], *tail])


def help_pages(app: HotseatApp) -> str:
    """The whole text of a help screen (the rules, the glossary), scrolled-out pages too."""
    if not isinstance(app.screen, HelpScreen):
        return ""
    pages = "\n" + "\n".join(app.screen.query_one(HelpText).pages)
    return HIDDEN_MARKDOWN.sub("]", COMMENTS.sub("", pages))


# What a help page's markdown holds and Rich never shows as words: comments (a rule's id,
# ``<!-- O:… -->``), the targets of links (``[arbitrages](rulings.fr.md)`` shows "arbitrages"),
# and code spans (a command, a file, an option: ``--multi-mastercraft``), shown as they are typed.
COMMENTS = re.compile(r"<!--.*?-->|`[^`\n]*`", re.S)
HIDDEN_MARKDOWN = re.compile(r"\]\([^)]*\)")


async def read_the_help(pilot: Pilot[Any], look: Callable[[], None]) -> None:
    """At the first private panel, F1 (the keys, the rules) and its glossary (g), as a new
    player would: scanned, then closed."""
    await settle(pilot, "the first curtain")
    look()
    await press(pilot, "enter", what="the first private panel")
    for key in ("f1", key_of("g", "app.glossary")):  # the glossary's key in French: l
        look()
        await press(pilot, key, what=f"the screen of {key}")
    look()
    await press(pilot, "escape", what="the help again")
    await press(pilot, "escape", what="the table again")


def describe(app: HotseatApp) -> str:
    """Which screen this is, for a reader: its kind and, on a table, whose panel."""
    screen = app.screen
    name = type(screen).__name__
    if isinstance(screen, TableScreen):
        if screen.reviewing:
            return f"{name}, review"
        viewer = screen.viewer
        return f"{name}, {'public' if viewer is None else screen.session.players[viewer]}"
    return name


async def play_in_french(game: str, size: tuple[int, int] = SMALL, *,
                         secrets: bool = True) -> Scan:
    """Play the seeded game of ``game`` to its end in French, with a look at the help on the
    way, then open the review; every screen is scanned (and, with ``secrets``, checked for
    other seats' secrets)."""
    i18n.set_language("fr")
    deal, choices, step = GAMES[game]
    session = GameSession.new(game, list(NAMES), deal)
    app = HotseatApp(session, bot_pause=0)
    scan = Scan(game)
    look: Callable[[], None] = lambda: scan.look(app, session, secrets)  # noqa: E731
    async with app.run_test(size=size) as pilot:
        await read_the_help(pilot, look)
        await play_to_end(pilot, seed=choices, extras=True, step=step, check=look)
        assert isinstance(app.screen, EndScreen), type(app.screen)
        await press(pilot, "r", what="the review")
        for key in ("home", "right", "right", "end"):
            await press(pilot, key, what=f"the review's {key}")
            look()
    session.release()
    return scan


# What a French player may type wrong at the command line, and the help they read first.
COMMAND_LINES: tuple[tuple[str, ...], ...] = (
    ("--help",), ("orcz", "--help"), ("rules", "--help"), ("simulate", "--help"),
    ("host", "--help"),
    ("rules", "chess"), ("rules",), ("orcz",), ("orcz", "--players", "Anne"),
    ("orcz", "--players", "Anne,Bruno", "--bots", "expert"),
    ("orcz", "--players", "Anne,Bruno", "--seed", "douze"),
    ("pirates", "--players", "Anne,Bruno,Chloé,Denis,Élise,Fanny"),
    ("resume", "{missing}"), ("resume", "{folder}"), ("resume", "{not_a_save}"),
    ("simulate", "orcz", "--seats", "expert"),
    ("simulate", "orcz", "--seats", "fort", "--games", "0"),
    ("simulate", "orcz", "--seats", "normal", "--steps", "10"),
    ("chess",),
)


# What a player types, shown as typed in the French help: options, commands, code spans, paths.
TYPED = re.compile(r"--?[\w-]+|`[^`]*`|\{[^{}]*\}"
                   r"|\b(?:hotseat|learn|resume|rules|simulate|host|seat)\b|(?<!\w)/\S+")


def words_shown(said: str) -> str:
    """A command's output less what a player types (``TYPED``): the words to scan."""
    return TYPED.sub(" ", said)


def command_line_in_french(folder: str) -> dict[str, str]:
    """What ``hotseat --lang fr …`` prints (out and err) for each of ``COMMAND_LINES``, in
    ``folder`` (a missing file, a folder, a file that is no save are made there)."""
    import contextlib
    import io
    from pathlib import Path

    from common.tui.cli import main as hotseat

    not_a_save = Path(folder) / "partie.json"
    not_a_save.write_text("{}", encoding="utf-8")
    places = {"missing": str(Path(folder) / "absente.json"), "folder": folder,
              "not_a_save": str(not_a_save)}
    said: dict[str, str] = {}
    for line in COMMAND_LINES:
        argv = [arg.format(**places) for arg in line]
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
                contextlib.suppress(SystemExit):
            hotseat(["--lang", "fr", *argv])
        said[" ".join(argv)] = out.getvalue()
    i18n.set_language("en")
    return said


def quiet_setup() -> None:
    """What the tests' fixtures do, for a run outside pytest: saves in a folder of their own,
    curtains that take a key at once, a wrong private draw raised, tips on as for players."""
    from common.tui.holder import Holder
    from common.tui.keyguard import KeyGuard

    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # a timer of 0 s, as in the tests
    os.environ["HOTSEAT_DATA_DIR"] = tempfile.mkdtemp(prefix="hotseat-french-scan-")
    KeyGuard.SECONDS = 0.0
    Holder.strict = True
    settings.DEFAULTS["tips"] = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", choices=[*GAMES, []], help="both when none is named")
    parser.add_argument("--size", default="80x24", help="the terminal, e.g. 100x32")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.split("x"))
    quiet_setup()
    said = command_line_in_french(tempfile.mkdtemp(prefix="hotseat-french-scan-"))
    found = {line: english_on(words_shown(text)) + english_marks(text)
             for line, text in said.items()
             if english_on(words_shown(text)) + english_marks(text)}
    print(f"== the command line: {len(found)} of {len(said)} commands show English")
    for line, pairs in found.items():
        print(f"-- hotseat --lang fr {line}")
        print(report(pairs).split("\n", 1)[1])
    for game in args.games or list(GAMES):
        scan = asyncio.run(play_in_french(game, (width, height)))
        print(f"== {game}: {len(scan.found)} of {scan.screens} screens show English words")
        print("   words: " + ", ".join(scan.words()))
        for screen, pairs in scan.found.items():
            print(f"-- screen {screen}")
            print(report(pairs).split("\n", 1)[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
