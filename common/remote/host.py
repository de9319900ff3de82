"""``hotseat host``: one process owns the game, its save and its lock, and serves its seats.

Each remote seat joins with OpenSSH (``common.remote.ssh``) and is fed its own channel
(``common.remote.hub``); computer players are played here; the host's terminal shows the join
lines and a lobby that says who is here, who is away and whom the game waits for. The save is
written after every move, as at one terminal: a host stopped (or killed) and started again with
``--resume`` takes everyone back where they were.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.errors import SaveError
from common.i18n import _, bare, choices, pgettext, positional

if TYPE_CHECKING:
    from common.remote.host_table import HostApp  # deferred: for the types only
    from common.session import GameSession  # deferred: for the types only
    from common.tui.gameui import OptionSpec  # deferred: for the types only

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O nor 1/I: read aloud, typed once


def add_parser(sub: Any, game_names: list[str],
               options: Sequence[OptionSpec] = ()) -> argparse.ArgumentParser:
    """``hotseat host``'s arguments; ``options``: the games' own (Orcz's ``--challenge``)."""
    host: argparse.ArgumentParser = sub.add_parser(
        bare("host"), help=_("host a game whose players join from their own terminals over SSH"),
        description=_("Host a game: this process keeps the game and its save; each remote "
                      "player joins with `ssh -p PORT name@HOST` and the code printed for "
                      "their seat, and sees only their own side. Computer players play here."))
    host.add_argument("game", nargs="?", choices=choices(game_names),
                      metavar=positional(pgettext("argument", "game")), help=_("the game to host"))
    host.add_argument("--players", metavar=pgettext("argument", "PLAYERS"),
                      help=_("the people, e.g. Ann,Bob,Cid"))
    host.add_argument("--bots", default="", metavar=pgettext("argument", "BOTS"),
                      help=_("computer players after the people, as for a new game"))
    host.add_argument("--seed", type=int, default=None, metavar=pgettext("argument", "SEED"),
                      help=_("a whole number (default: random)"))
    host.add_argument("--remote", default="", metavar=pgettext("argument", "PLAYERS"),
                      help=_("the people who join over SSH (default: every person); the "
                             "others play at this terminal, passing it among them"))
    host.add_argument("--port", type=int, default=2222, metavar=pgettext("argument", "PORT"),
                      help=_("the SSH port (default: 2222)"))
    host.add_argument("--bind", default="0.0.0.0", metavar=pgettext("argument", "ADDRESS"),
                      help=_("the address to listen on (default: every address of this "
                             "machine; 127.0.0.1: this machine only)"))
    host.add_argument("--key", action="append", default=[],
                      metavar=pgettext("argument", "NAME=FILE"),
                      help=_("let a seat in with an SSH public key, e.g. "
                             "Bob=~/.ssh/id_ed25519.pub (may be repeated)"))
    host.add_argument("--resume", metavar=pgettext("argument", "path"),
                      help=_("host a saved game"))
    host.add_argument("--web", action="store_true",
                      help=_("also serve each remote seat in a browser, at a URL of its own "
                             "(needs the web extra: pip install \"hotseat[web]\")"))
    host.add_argument("--web-port", type=int, default=8022, metavar=pgettext("argument", "PORT"),
                      help=_("the browsers' port (default: 8022)"))
    for option in options:
        host.add_argument(option.flag, dest=option.name, action="store_true",
                          help=_(option.label))
    return host


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(8))


class Host:
    """The running host: its session, hub, SSH door, computer players and lobby lines."""

    def __init__(self, session: GameSession, remote: list[int], keys: dict[int, list[Any]],
                 say: Callable[[str], None]) -> None:
        self.session = session
        self.remote = remote
        self.say = say
        self.tokens = {secrets.token_urlsafe(24): seat for seat in remote}
        self.codes = {seat: new_code() for seat in remote}
        self.keys = keys
        from common.remote.hub import Hub  # deferred: `hotseat --help` builds this parser

        self.hub = Hub(session, self.tokens, on_change=self._changed)
        self.hub.at_host = frozenset(local_seats(session, remote))
        self._present: list[int] = []
        self._bot_turn: int | None = None
        self._said_turn: tuple[int, ...] | None = None
        self.done = asyncio.Event()
        self.stopping = False  # the seats are being told: no lobby lines, no more moves
        self.app: HostApp | None = None  # the table of the seats at the host's own terminal

    async def start(self, folder: Path, bind: str, port: int, lang: str | None) -> int:
        from common.remote.ssh import Seat, SSHDoor, user_name  # deferred: asyncssh is heavy
        from common.session import data_dir  # deferred: as the hub in __init__

        await self.hub.start(folder / "seats.sock")
        by_token = {seat: token for token, seat in self.tokens.items()}
        seats = {user_name(self.session.players[s]): Seat(
            s, self.session.players[s], by_token[s], self.codes[s], self.keys.get(s, []))
            for s in self.remote}
        self.door = SSHDoor(seats, folder / "seats.sock", data_dir(),
                            taken=lambda seat: seat in self.hub.connections, lang=lang)
        found = await self.door.start(bind, port)
        self._changed()
        return found

    async def stop(self) -> None:
        """Tell every seat that the host stopped and where the game is saved (their tables
        end, saying how the game goes on), then close the doors."""
        self.stopping = True
        await self.hub.stop({"save": str(self.session.path), "over": self.session.is_over()})
        await self.door.stop()

    def _changed(self) -> None:
        """Something moved: the lobby's lines, then a computer player's turn if it is one."""
        if self.stopping:
            return
        present = sorted(self.hub.connections)  # who joined or left: the remote seats
        for seat in sorted(set(present) - set(self._present)):
            self.say(_("{name} joined.").format(name=self.session.players[seat]))
        for seat in sorted(set(self._present) - set(present)):
            self.say(_("{name} left; their seat waits for them.").format(
                name=self.session.players[seat]))
        self._present = present
        if self.app is not None:  # the host's table: it redraws, and its status says the rest
            self.app.post_message(self.app.Pushed())
        if self.session.is_over():
            if self._said_turn != ():
                self._said_turn = ()
                self.say(_("The game is over; it is saved in {path}.").format(
                    path=self.session.path))
            if not present and self.app is None:  # a table here ends when its people leave
                self.done.set()
            return
        waiting = self.session.to_act()
        if waiting != self._said_turn and self.app is None:
            self._said_turn = waiting
            away = [self.session.players[s] for s in waiting
                    if s in self.remote and s not in present]
            line = _("Waiting for {names}.").format(
                names=", ".join(self.session.players[s] for s in waiting))
            if away:
                line += " " + _("Away: {names}.").format(names=", ".join(away))
            self.say(line)
        self._bot_move()

    def _bot_move(self) -> None:
        seat = self.session.to_act()[0]
        count = self.session.action_count
        if not self.session.is_bot(seat) or self._bot_turn == count:
            return
        self._bot_turn = count
        turn, decide = self.session.bot_decision(seat)
        future = asyncio.get_running_loop().run_in_executor(None, decide)
        future.add_done_callback(lambda done: self._bot_decided(turn, done))

    def _bot_decided(self, turn: int, done: asyncio.Future[Any]) -> None:
        if done.cancelled() or self.session.action_count != turn or self.stopping:
            return  # the game moved meanwhile (an undo): this move is for a past moment
        error = done.exception()
        seat = self.session.to_act()[0]
        action = self.session.legal(seat)[0] if error is not None else done.result()
        try:
            self.session.apply(action)
        except SaveError as err:
            self.say(str(err))
        self.hub.changed()

    def join_lines(self, port: int) -> list[str]:
        from common.remote.ssh import user_name  # deferred: asyncssh loads only in a host

        here = socket.gethostname()
        lines = []
        for seat in self.remote:
            name = self.session.players[seat]
            lines.append(_("{name}: ssh -p {port} {user}@{host}   code: {code}").format(
                name=name, port=port, user=user_name(name), host=here, code=self.codes[seat]))
        return lines


def _keys(raw: list[str], players: tuple[str, ...]) -> dict[int, list[Any]]:
    """``--key NAME=FILE``: each seat's public keys; ValueError with a reason."""
    import asyncssh  # deferred: see Host.start

    found: dict[int, list[Any]] = {}
    lower = [p.lower() for p in players]
    for item in raw:
        name, _sep, path = item.partition("=")
        if name.lower() not in lower or not path:
            raise ValueError(_("--key takes NAME=FILE with a player's name: {item}").format(
                item=item))
        try:
            keys = asyncssh.read_public_key_list(os.path.expanduser(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as err:
            raise ValueError(_("{path} is not a public key file: {error}").format(
                path=path, error=err)) from err
        found.setdefault(lower.index(name.lower()), []).extend(keys)
    return found


def remote_seats(raw: str, session: GameSession) -> list[int]:
    """The seats ``--remote`` names (default: every person; the others play at the host's
    own terminal); ValueError with a reason."""
    people = [s for s in range(len(session.players)) if not session.is_bot(s)]
    if not raw.strip():
        return people
    lower = [p.lower() for p in session.players]
    seats = []
    for name in (n.strip() for n in raw.split(",") if n.strip()):
        if name.lower() not in lower or session.is_bot(lower.index(name.lower())):
            raise ValueError(_("--remote names a person at the table: {name}").format(name=name))
        seats.append(lower.index(name.lower()))
    return sorted(set(seats))


def local_seats(session: GameSession, remote: list[int]) -> list[int]:
    """The people who play at the host's own terminal: those ``--remote`` leaves out."""
    return [s for s in range(len(session.players))
            if not session.is_bot(s) and s not in remote]


def keep_log(folder: Path) -> Path:
    """The host's record of refusals (another seat's action, wrong codes) and of connections
    dropped: written to ``host.log`` (0600) in the data folder, never on the lobby's screen."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "host.log"
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    for name in ("hotseat.remote", "asyncssh"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO if name == "hotseat.remote" else logging.WARNING)
        logger.propagate = False
    return path


def _quiet_when_gone(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, saying nothing to a terminal that hung up (the host then ends as on Ctrl+C)."""
    def said(line: str) -> None:
        with contextlib.suppress(OSError):
            say(line)

    return said


def run(args: argparse.Namespace, session: GameSession, say: Callable[[str], None]) -> int:
    """Serve ``session`` until the game is over and everyone has left, or a stop signal."""
    from common.session import data_dir  # deferred: as the hub in Host.__init__

    say = _quiet_when_gone(say)
    with contextlib.suppress(OSError):  # no log where the data folder refuses one: play on
        keep_log(data_dir())
    try:
        remote = remote_seats(args.remote, session)
        keys = _keys(args.key, session.players)
    except ValueError as err:
        say(str(err))
        session.release()
        return 2
    try:
        return asyncio.run(_serve(args, session, remote, keys, say))
    finally:
        session.release()


async def _serve(args: argparse.Namespace, session: GameSession, remote: list[int],
                 keys: dict[int, list[Any]], say: Callable[[str], None]) -> int:
    host = Host(session, remote, keys, say)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, host.done.set)
    with tempfile.TemporaryDirectory(prefix="hotseat-host-") as folder:
        try:
            port = await host.start(Path(folder), args.bind, args.port,
                                    getattr(args, "lang", None))
        except OSError as err:
            say(_("cannot listen on port {port}: {error}").format(port=args.port, error=err))
            return 1
        say(_("Hosting {game} (saved in {path}). Each player joins with their line:").format(
            game=session.record.game, path=session.path))
        for line in host.join_lines(port):
            say("  " + line)
        # The browser URLs are said again on the host's own table's first screen, which hides
        # what was printed before it.
        urls: list[str] = []

        def say_url(line: str) -> None:
            urls.append(line.strip())
            say(line)

        web = await _web(host, args, say_url) if args.web else None
        if args.web and web is None:
            await host.stop()
            return 1
        say(_("The host's key (OpenSSH shows it the first time): {fingerprint}").format(
            fingerprint=host.door.fingerprint))
        say(_("Ctrl+C stops the host; the game is saved after every move (--resume takes "
              "everyone back)."))
        local = local_seats(session, remote)
        if local:
            await _play_here(host, local, port, urls)
        else:
            await host.done.wait()
        with contextlib.suppress(Exception):
            await host.stop()  # first: a browser seat's table ends by itself, told too
            if web is not None:
                await web.stop()
    say(_("The host stopped; the game is saved in {path}.").format(path=session.path))
    return 0


async def _web(host: Host, args: argparse.Namespace, say: Callable[[str], None]) -> Any:
    """``--web``: the browser door (common/remote/web.py), or None with a line saying why."""
    try:
        from common.remote.web import open_door  # deferred: textual-serve is an extra
    except ImportError:
        say(_("--web needs textual-serve: pip install \"hotseat[web]\""))
        return None
    return await open_door(host, args.bind, args.web_port, say)


async def _play_here(host: Host, seats: list[int], port: int, urls: list[str]) -> None:
    """The host's terminal plays ``seats`` (pass and play among them) until its person quits
    or a stop signal comes; the lobby's lines are said on its screen meanwhile. ``urls``: the
    browser door's lines, shown with the join lines."""
    from common.remote.host_table import HostApp  # deferred: textual loads only for a table

    lines = [*host.join_lines(port), *urls,
             _("The host's key (OpenSSH shows it the first time): {fingerprint}").format(
                 fingerprint=host.door.fingerprint)]
    app = HostApp(host.session, seats, host.hub.changed, lambda: host.hub.present, lines)
    host.app, say = app, host.say
    host.say = lambda line: app.notify(line, markup=False)
    playing = asyncio.ensure_future(app.run_async())
    stopped = asyncio.ensure_future(host.done.wait())
    try:
        await asyncio.wait({playing, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not playing.done():
            app.exit(0)
            await playing
    finally:
        stopped.cancel()
        host.app, host.say = None, say


__all__ = ["Host", "add_parser", "local_seats", "new_code", "remote_seats", "run"]
