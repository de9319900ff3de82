"""The ``hotseat`` command: the menu, a new game of any registered game, or resuming a save."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from common import simulate
from common.tui import __version__
from common.tui.gameui import GameUI, all_uis
from common.words import shown


def build_parser(uis: list[GameUI]) -> argparse.ArgumentParser:
    names = "|".join(ui.name for ui in uis)
    parser = argparse.ArgumentParser(
        prog="hotseat",
        description=f"{' and '.join(ui.title for ui in uis)}, pass-and-play at one terminal. "
        "Without a command: the menu.",
        epilog=f"The rules: `hotseat rules {{{names}}}` prints them; in the app, F1 (or ?) "
        "shows the keys and the rules of the game on the table.",
    )
    parser.add_argument("--version", action="version", version=f"hotseat {__version__}")
    sub = parser.add_subparsers(dest="command")
    for ui in uis:
        game = sub.add_parser(ui.name, help=f"start a new game of {ui.title}",
                              description=f"Start a new game of {ui.title} "
                              f"({ui.players_hint()}) at this terminal; every move is saved "
                              "as it is made. The rules: "
                              f"`hotseat rules {ui.name}`.")
        game.add_argument("--players", required=True,
                          help=f"{ui.players_hint()}: names separated by commas, e.g. Ann,Bob,Cid")
        game.add_argument("--seed", type=_seed, default=None,
                          help="a whole number from 0 to 2**64-1 (default: random)")
        game.add_argument("--bots", default="",
                          help="computer players after the people: a number (of 'normal' ones) "
                               "or their levels, e.g. hard,normal (levels: random, normal, hard)")
        for option in ui.options:
            game.add_argument(option.flag, dest=option.name, action="store_true",
                              help=option.label)
    learn = sub.add_parser("learn", help="learn to play: lessons on a real board",
                           description="Lessons on a real board, one task at a time.")
    learn.add_argument("game", nargs="?", choices=[ui.name for ui in uis],
                       help="go straight to this game's lessons")
    resume = sub.add_parser("resume", help="continue the latest saved game, or the one given",
                            description="Continue the latest saved game, or the save given.")
    resume.add_argument("path", nargs="?", help="a save file (default: the latest)")
    rules = sub.add_parser("rules", help="print a game's rules",
                           description="Print a game's rules text (markdown) to the terminal; "
                           "pipe it to a pager to read it page by page.")
    rules.add_argument("game", choices=[ui.name for ui in uis],
                       help="the game whose rules to print")
    rules.add_argument("--rulings", action="store_true",
                       help="print the rulings (the O-R…/P-R… points the rules cite) instead")
    simulate.add_parser(sub)  # hotseat simulate: bot games and their figures (no textual)
    return parser


UNSAVED = 3  # the exit status when the game on screen holds a move the save file lacks


def _seed(raw: str) -> int:
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.tui.names import parse_seed

    try:
        return parse_seed(raw)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def main(argv: list[str] | None = None) -> int:
    uis = all_uis()
    args = build_parser(uis).parse_args(argv)
    # Imported here so that --help and --version stay instant.

    by_name = {ui.name: ui for ui in uis}
    if args.command == "simulate":
        return simulate.run(args)
    if args.command == "rules":
        return _print_rules(by_name[args.game], args.rulings)
    if args.command in by_name:
        session = _new_session(by_name[args.command], args)
    elif args.command == "resume":
        session = _resumed_session(args.path)
    elif args.command == "learn":
        return _run(None, learn=args.game or "")
    else:
        session = None
    if isinstance(session, int):
        return session
    return _run(session)


def _new_session(ui: GameUI, args: argparse.Namespace) -> Any:
    import random

    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.errors import IllegalAction, SaveError
    from common.session import GameSession
    from common.tui.names import parse_table

    try:
        names, bots = parse_table(args.players, args.bots, ui.core)
    except ValueError as err:
        _say(str(err))
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    options = {o.name: True for o in ui.options if getattr(args, o.name)}
    try:
        return GameSession.new(ui.name, names, seed, options, bots=bots)
    except IllegalAction as err:
        _say(str(err))
        return 2
    except (SaveError, OSError) as err:
        _say(f"cannot write the save file: {err}")
        return 1


def _resumed_session(raw: str | None) -> Any:
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.errors import SaveError
    from common.session import GameSession, latest_save

    if raw is not None:
        wrong = _not_a_save_name(raw)
        if wrong:
            _say(f"resume takes a save file: {wrong}")
            return 2
    path = Path(raw) if raw is not None else latest_save()
    if path is None:
        _say("there is no saved game to resume yet.")
        return 1
    try:
        session = GameSession.load(path)
    except SaveError as err:
        _say(f"{path} cannot be resumed: {err}")
        return 1
    if session.recovered:
        _say(session.recovered)
    return session


def _print_rules(ui: GameUI, rulings: bool) -> int:
    """The rules text as it is written (markdown reads well as plain text), or the rulings."""
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.registry import read_doc

    docs = ui.help_docs
    name = docs[1] if rulings else docs[0]
    try:
        text = read_doc(name, ui.name)
    except (OSError, UnicodeDecodeError) as err:
        _say(f"the rules text {name} cannot be read: {err}")
        return 1
    if not rulings:
        text = f"{text.rstrip()}\n\n(The rulings these rules cite: " \
               f"`hotseat rules {ui.name} --rulings`.)"
    try:
        print(text.rstrip(), flush=True)
    except BrokenPipeError:  # a pager closed early (`| head`): what it wanted was shown
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _say(message: str) -> None:
    """A message on stderr, any outside text in it (a path, a name) shown as text."""
    print(f"hotseat: {shown(message)}", file=sys.stderr)


def _not_a_save_name(raw: str) -> str:
    """Why ``raw`` cannot name a save file (empty when it can)."""
    if not raw.strip():
        return "the name given is empty"
    path = Path(raw)
    if path.name in ("", ".", "..") or path.is_dir():
        return f"{raw} is a folder (saves are the .json files in it)"
    return ""


def _run(session: Any, learn: str | None = None) -> int:
    """Run the app; say where the game is saved only when it is, and fail loudly on a crash."""
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.tui.app import HotseatApp

    app = HotseatApp(session, learn=learn)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C reaching Python: the game is saved
        app.run()
    code = app.return_code or 0  # Textual sets 1 after an unhandled error
    if app.session is not None:
        app.session.release()
        if code == 0 and getattr(app.session, "unsaved", False):
            code = UNSAVED  # a script must not take a lost move for a saved one
    words = _farewell(app.session)
    stopped = getattr(app, "stopped_by", None)
    if stopped is not None:
        words = f"hotseat: stopped by {stopped.name}; {words.removeprefix('hotseat: ')}"
    with contextlib.suppress(OSError):  # a terminal that hung up hears nothing more
        print(shown(words), file=sys.stderr if code else sys.stdout, flush=True)
    return code


def _farewell(session: Any) -> str:
    """The same words on exit however the game was started: where the game is, if it is saved."""
    if session is None:
        return "hotseat: goodbye."
    if getattr(session, "unsaved", False):
        return (f"hotseat: the last move could NOT be saved in {session.path} — the game is "
                "kept up to the last saved move.")
    if session.is_over():  # nothing to continue: the end and its review stay to be seen
        return (f"hotseat: the game is over; it is saved in {session.path} — `hotseat resume` "
                "shows its end and review.")
    return f"hotseat: the game is saved in {session.path} — `hotseat resume` continues it."
