"""The ``hotseat`` command: the menu, a new game of any registered game, or resuming a save."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from common import i18n, simulate
from common.i18n import (
    N_,
    _,
    bare,
    choices,
    in_sentence,
    language,
    ngettext,
    pgettext,
    positional,
    said_by,
)
from common.tui import __version__
from common.tui.gameui import GameUI, all_uis, problems
from common.words import shown


def build_parser(uis: list[GameUI]) -> argparse.ArgumentParser:
    names = "|".join(ui.name for ui in uis)
    parser = _Parser(
        prog="hotseat",
        description=_("{games}, pass-and-play at one terminal. Without a command: the menu.")
        .format(games=_both([ui.title for ui in uis])),
        epilog=_("The rules: `hotseat rules {{{names}}}` prints them; in the app, F1 (or ?) "
                 "shows the keys and the rules of the game on the table.").format(names=names),
    )
    parser.add_argument("--version", action="version", version=f"hotseat {__version__}",
                        help=_("show the version and exit"))
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", title=_("commands"),
                                metavar=positional(pgettext("argument", "command")))
    for ui in uis:
        _add_game(sub, ui)
    learn = sub.add_parser(bare("learn"), help=_("learn to play: lessons on a real board"),
                           description=_("Lessons on a real board, one task at a time."))
    learn.add_argument("game", nargs="?", choices=choices([ui.name for ui in uis]),
                       metavar=positional(pgettext("argument", "game")),
                       help=_("go straight to this game's lessons"))
    resume = sub.add_parser(bare("resume"),
                            help=_("continue the latest saved game, or the one given"),
                            description=_("Continue the latest saved game, or the save given."))
    resume.add_argument("path", nargs="?", metavar=pgettext("argument", "path"),
                        help=_("a save file (default: the latest)"))
    rules = sub.add_parser(bare("rules"), help=_("print a game's rules"),
                           description=_("Print a game's rules text (markdown) to the terminal; "
                                         "pipe it to a pager to read it page by page."))
    rules.add_argument("game", choices=choices([ui.name for ui in uis]),
                       metavar=positional(pgettext("argument", "game")),
                       help=_("the game whose rules to print"))
    rules.add_argument("--rulings", action="store_true",
                       help=_("print the rulings (the O-R…/P-R… points the rules cite) "
                              "instead"))
    seat = sub.add_parser(bare("seat"), help=_("a remote seat's table (a host starts it)"),
                          description=_("The table of one remote seat, fed by its host's "
                                        "channel: `hotseat host` starts it for each SSH "
                                        "session."))
    seat.add_argument("--socket", required=True, help=_("the host's seat channel"))
    # deferred: the host's options only, as simulate's (asyncssh loads when a host runs)
    from common.remote import host

    host.add_parser(sub, [ui.name for ui in uis], [o for ui in uis for o in ui.options])
    simulate.add_parser(sub)  # hotseat simulate: bot games and their figures (no textual)
    for command in sub.choices.values():  # --lang after the command too
        _add_lang(command, argparse.SUPPRESS)
    return parser


def _add_game(sub: Any, ui: GameUI) -> None:
    """``hotseat GAME``: a new game of ``ui``'s game."""
    game = sub.add_parser(bare(ui.name), help=_("start a new game {of_game}").format(
                              of_game=ui.title_of),
                          description=_("Start a new game {of_game} ({players}) at this "
                                        "terminal; every move is saved as it is made. The "
                                        "rules: `hotseat rules {name}`.")
                          .format(of_game=ui.title_of, players=ui.players_hint(),
                                  name=ui.name))
    game.add_argument("--players", required=True, metavar=pgettext("argument", "PLAYERS"),
                      help=_("{players}: names separated by commas, e.g. Ann,Bob,Cid")
                      .format(players=ui.players_hint()))
    game.add_argument("--seed", type=_seed, default=None, metavar=pgettext("argument", "SEED"),
                      help=_("a whole number from 0 to 2**64-1 (default: random)"))
    game.add_argument("--bots", default="", metavar=pgettext("argument", "BOTS"),
                      help=_("computer players after the people: a number (of 'normal' ones) "
                             "or their levels, e.g. hard,normal (levels: random, normal, "
                             "hard)"))
    for option in ui.options:
        game.add_argument(option.flag, dest=option.name, action="store_true",
                          help=_(option.label))
    game.add_argument("--no-tips", dest="no_tips", action="store_true",
                      help=_("no tips this game (the menu's \"Tips in games\" turns them off "
                             "for good)"))


def _add_lang(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument("--lang", metavar=pgettext("argument", "LANG"), default=default,
                        help=_("the language of the interface: {languages} (default: the "
                               "locale's, else English)").format(
                                   languages=", ".join(i18n.LANGUAGES)))


def _both(titles: list[str]) -> str:
    """"A and B" (or "A, B and C") in the language in use."""
    if len(titles) < 2:
        return "".join(titles)
    later = [in_sentence(title) for title in titles[1:]]
    return _("{first} and {last}").format(first=", ".join([titles[0], *later[:-1]]),
                                          last=later[-1])


def lang_of(argv: list[str]) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (before ``--``), read before the parser
    is built so that its own help is in that language; None when it is not given."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    return found


# argparse's own words ("usage:", its errors), for the catalog: argparse looks them up through
# ``argparse_text`` below. argparse writes a heading's colon itself ("options:"): the French
# headings end with a no-break space, so that they read "options :" as French writes them.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def argparse_text(message: str) -> str:
    return _(message)


def argparse_plural(singular: str, plural: str, count: int) -> str:
    return ngettext(singular, plural, count)


# argparse words its usage and errors through the names it imported from gettext: ours instead.
argparse._ = argparse_text  # type: ignore[attr-defined]
argparse.ngettext = argparse_plural  # type: ignore[attr-defined]


UNSAVED = 3  # the exit status when the game on screen holds a move the save file lacks


def _seed(raw: str) -> int:
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.tui.names import parse_seed

    try:
        return parse_seed(raw)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def utf8_output() -> str:
    """hotseat writes UTF-8 whatever the locale: its texts, its tables and its boards are full
    of signs (— ▒ ✠ ┏) that a Latin-1 stream cannot encode, and Python would end in a traceback
    on the first one. Returns the encoding the streams had when it was not UTF-8 ("" if it was):
    a terminal set to that shows some signs wrong, and is told so in one line."""
    other = ""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if codecs.lookup(encoding).name == "utf-8":
            continue
        if _tty(stream):
            other = other or encoding
        with contextlib.suppress(AttributeError, ValueError):  # a stream replaced by a test
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
    return other


def _tty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    other = utf8_output()
    i18n.set_language(lang_of(words))  # before any text: the parser's help is in it
    if other:
        _say(_("this terminal is set to {encoding}, not UTF-8: some signs may show wrong "
               "(a UTF-8 locale, e.g. LANG=C.UTF-8, shows them all)").format(encoding=other))
    uis = all_uis()
    for why in problems():  # one line per game that fails to load; the others play on
        _say(_("not available: {reason}").format(reason=why))
    args = build_parser(uis).parse_args(words)
    if getattr(args, "lang", None) is not None:  # also as argparse took it (``--la fr``)
        i18n.set_language(args.lang)
    # Imported here so that --help and --version stay instant.

    by_name = {ui.name: ui for ui in uis}
    if args.command == "simulate":
        return simulate.run(args)
    if args.command == "seat":
        from common.remote.seat_app import run_seat  # deferred: only a remote seat needs it

        return run_seat(Path(args.socket))
    if args.command == "host":
        return _host(by_name, args)
    if args.command == "rules":
        return _print_rules(by_name[args.game], args.rulings)
    problem = _data_folder_problem()  # every other command keeps something there
    if problem:
        _say(problem)
        return 2
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
    return _run(session, no_tips=bool(getattr(args, "no_tips", False)))


def _host(by_name: dict[str, GameUI], args: argparse.Namespace) -> int:
    """``hotseat host``: a new game (GAME --players) or a saved one (--resume), served to
    its seats over SSH until it is over."""
    from common.remote import host  # deferred: as the game's modules

    if args.resume:
        session = _resumed_session(args.resume)
    elif args.game and args.players:
        session = _new_session(by_name[args.game], args)
    else:
        _say(_("host takes a game and --players, or --resume with a save file"))
        return 2
    if isinstance(session, int):
        return session
    return host.run(args, session, lambda line: print(shown(line), flush=True))


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
        _say(_("cannot write the save file: {error}").format(error=err))
        return 1


def _resumed_session(raw: str | None) -> Any:
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.errors import SaveError
    from common.registry import GameLoadError
    from common.session import GameSession, latest_save

    if raw is not None:
        wrong = _not_a_save_name(raw)
        if wrong:
            _say(_("resume takes a save file: {reason}").format(reason=wrong))
            return 2
    path = Path(raw) if raw is not None else latest_save()
    if path is None:
        _say(_("there is no saved game to resume yet."))
        return 1
    try:
        session = GameSession.load(path)
    except (SaveError, GameLoadError) as err:  # a save of a game that no longer loads too
        _say(_("{path} cannot be resumed: {error}").format(path=path, error=err))
        return 1
    if session.recovered:
        _say(session.recovered)
    return session


def _data_folder_problem() -> str:
    """Why the data folder cannot even be named (empty when it can): said before the app
    starts, since every screen of it may read or write there."""
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.errors import SaveError
    from common.session import data_dir

    try:
        data_dir()
    except SaveError as err:
        return str(err)
    return ""


RULE_MARKS = re.compile(r" ?<!--.*?-->", re.S)


# What the rules' page says for the F1 screen and for those who check the implementation, left
# out of ``hotseat rules`` unless --rulings asks for it: the note on ruling numbers (its
# paragraph), the ruling numbers cited in the text, and the engine's refusal codes.
RULINGS_NOTE = re.compile(
    r"^(?:Ruling numbers such as|Les numéros d'arbitrage comme).*?(?:\n\n|\Z)", re.S | re.M)
RULING_CITED = (re.compile(r"\s*\(\**[OP]-R\d+\**\)"),  # " (P-R12)": gone with its brackets
                re.compile(r",\s*\**[OP]-R\d+\**"),  # "…, P-R10)": the bracket stays
                re.compile(r"\s*\**[OP]-R\d+\**"))
REFUSAL_CODE = re.compile(r"\s*\((?:refusal|refus)\s+`[a-z-]+`\)")


def rules_for_players(text: str) -> str:
    """The rules as a player reads them: no ruling numbers, no refusal codes, no note on them."""
    text = REFUSAL_CODE.sub("", RULINGS_NOTE.sub("", text))
    for cited in RULING_CITED:
        text = cited.sub("", text)
    return text


def rendered(markdown: str, width: int, styled: bool) -> str:
    """``markdown`` drawn by rich to ``width`` columns: paragraphs wrapped at word ends, tables
    drawn (with colours and bold only for a terminal)."""
    from rich.console import Console
    from rich.markdown import Markdown

    # deferred: as rich, loaded for the rules only; it keeps Rich from breaking a line at a
    # no-break space (no line starts with the French "; deux…"), as the app's import does
    from common.tui import nobreak  # noqa: F401

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=styled, no_color=not styled,
                      highlight=False, emoji=False, legacy_windows=False)
    console.print(Markdown(markdown, hyperlinks=False))
    if styled:
        return out.getvalue()
    return "".join(line.rstrip() + "\n" for line in out.getvalue().splitlines())  # rich's padding


def _print_rules(ui: GameUI, rulings: bool) -> int:
    """The rules drawn to the terminal's width; with --rulings, as written (the ruling numbers
    and the refusal codes kept), then the rulings."""
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.registry import read_doc

    docs = ui.help_docs
    texts = []
    for name in docs[:2] if rulings else docs[:1]:
        try:
            texts.append(read_doc(name, ui.name, language()))
        except (OSError, UnicodeDecodeError) as err:
            _say(_("the rules text {name} cannot be read: {error}").format(name=name, error=err))
            return 1
    text = RULE_MARKS.sub("", "\n\n".join(texts))  # the lessons' rule ids, hidden as on F1's page
    if not rulings:
        text = rules_for_players(text).rstrip() + "\n\n" + _(
            "(The rulings and the program's codes: `hotseat rules {name} --rulings`.)"
        ).format(name=ui.name)
    width = shutil.get_terminal_size((80, 24)).columns
    styled = _tty(sys.stdout) and "NO_COLOR" not in os.environ
    return 0 if written(rendered(text, max(width, 20), styled)) else 1


def written(text: str) -> bool:
    """Print ``text`` on stdout; a reader that left early (``| head``) is no error, a disk that
    refuses it (full, gone) is said on stderr. False when it could not be written."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # a pager closed early: what it wanted was shown
        _stdout_to_nowhere()
    except OSError as err:
        _stdout_to_nowhere()
        _say(_("cannot write to the standard output: {reason}").format(
            reason=(err.strerror or type(err).__name__).lower()))
        return False
    return True


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose --help and --version say when their text could not be
    written (argparse itself drops the error and exits 0, as if it had been)."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if not message:
            return
        if file is None or file is sys.stdout:
            if not written(message):
                self.exit(1)
        else:
            super()._print_message(message, file)


def _stdout_to_nowhere() -> None:
    """What is left in stdout's buffer goes nowhere, so that Python's exit does not fail on it."""
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, sys.stdout.fileno())
    os.close(nowhere)


def _say(message: str) -> None:
    """A message on stderr, any outside text in it (a path, a name) shown as text."""
    print(said_by("hotseat") + shown(message), file=sys.stderr)


def _not_a_save_name(raw: str) -> str:
    """Why ``raw`` cannot name a save file (empty when it can)."""
    if not raw.strip():
        return _("the name given is empty")
    path = Path(raw)
    if path.name in ("", ".", "..") or path.is_dir():
        return _("{path} is a folder (saves are the .json files in it)").format(path=raw)
    return ""


def _run(session: Any, learn: str | None = None, no_tips: bool = False) -> int:
    """Run the app; say where the game is saved only when it is, and fail loudly on a crash."""
    # deferred: --help, rules and simulate answer without loading what only a game needs
    from common.tui.app import HotseatApp

    app = HotseatApp(session, learn=learn, no_tips=no_tips)  # --no-tips: common/tui/tips.py
    crashed = ""
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C reaching Python: the game is saved
            app.run()
    except Exception as error:  # a bug the app did not catch: said in a line, as the app's are
        crashed = _crash_words(app.session, error)
    crashed = crashed or getattr(app, "crash_words", "")  # the app's own, when it could not go on
    code = 1 if crashed else app.return_code or 0  # Textual sets 1 after an unhandled error
    if app.session is not None:
        app.session.release()
        if code == 0 and getattr(app.session, "unsaved", False):
            code = UNSAVED  # a script must not take a lost move for a saved one
    words = crashed or _farewell(app.session)
    stopped = getattr(app, "stopped_by", None)
    if stopped is not None and not crashed:
        words = said_by("hotseat") + _("stopped by {signal}; {farewell}").format(
            signal=stopped.name, farewell=words.removeprefix(said_by("hotseat")))
    with contextlib.suppress(OSError):  # a terminal that hung up hears nothing more
        print(shown(words), file=sys.stderr if code else sys.stdout, flush=True)
    return code


def _crash_words(session: Any, error: Exception) -> str:
    """The report of a bug that escaped the app, and the one line that says where it is: no
    traceback (its text may hold any player's secret)."""
    # deferred: as the app in ``_run``, loaded only when a game is played
    from common.session import data_dir
    from common.tui.crash import crash_line, write_report  # deferred: as data_dir

    save = getattr(session, "path", None)
    game = session.record.game if session is not None else ""
    report = write_report(error, game, save, data_dir())
    return crash_line(save, bool(getattr(session, "unsaved", False)), report)


def _farewell(session: Any) -> str:
    """The same words on exit however the game was started: where the game is, if it is saved."""
    said = said_by("hotseat")
    if session is None:
        return said + _("goodbye.")
    if getattr(session, "unsaved", False):
        return said + _("the last move could NOT be saved in {path} — the game is kept up to "
                        "the last saved move.").format(path=session.path)
    if session.is_over():  # nothing to continue: the end and its review stay to be seen
        return said + _("the game is over; it is saved in {path} — `hotseat resume` shows its "
                        "end and review.").format(path=session.path)
    return said + _("the game is saved in {path} — `hotseat resume` continues it.").format(
        path=session.path)
