"""The ``hotseat`` command: the menu, a new Orcz game, or resuming a saved game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from common.tui import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hotseat",
        description="Orcz and Pirate's Cove, pass-and-play at one terminal. "
        "Without a command: the menu.",
    )
    parser.add_argument("--version", action="version", version=f"hotseat {__version__}")
    sub = parser.add_subparsers(dest="command")
    orcz = sub.add_parser("orcz", help="start a new game of Orcz")
    orcz.add_argument("--players", required=True,
                      help="2 to 4 names separated by commas, e.g. Ann,Bob,Cid")
    orcz.add_argument("--seed", type=int, default=None, help="a whole number (default: random)")
    orcz.add_argument("--challenge", action="store_true",
                      help="the optional orc challenge: a 15-second clock per rank")
    resume = sub.add_parser("resume", help="continue the latest saved game, or the one given")
    resume.add_argument("path", nargs="?", type=Path, help="a save file (default: the latest)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # Imported here so that --help and --version stay instant.
    import random

    from common.errors import SaveError
    from common.tui.app import HotseatApp
    from common.tui.session import GameSession, latest_save

    session = None
    if args.command == "orcz":
        names = [n.strip() for n in args.players.split(",") if n.strip()]
        if not 2 <= len(names) <= 4 or len({n.casefold() for n in names}) != len(names):
            print("hotseat: Orcz needs 2 to 4 different names, e.g. --players Ann,Bob,Cid",
                  file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
        options = {"orc_challenge": True} if args.challenge else {}
        try:
            session = GameSession.new("orcz", names, seed, options)
        except OSError as err:
            print(f"hotseat: cannot write the save file: {err}", file=sys.stderr)
            return 1
    elif args.command == "resume":
        path = args.path or latest_save()
        if path is None:
            print("hotseat: there is no saved game to resume yet.", file=sys.stderr)
            return 1
        try:
            session = GameSession.load(path)
        except SaveError as err:
            print(f"hotseat: {path} cannot be resumed: {err}", file=sys.stderr)
            return 1
    app = HotseatApp(session)
    try:
        code = app.run()
    except KeyboardInterrupt:
        code = 0
    if session is not None:
        print(f"hotseat: the game is saved in {session.path} — `hotseat resume` continues it.")
    return code or 0
