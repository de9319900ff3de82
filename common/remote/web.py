"""The browser door of a host: each remote seat at its own URL, through textual-serve.

``hotseat host … --web`` serves every remote seat at ``http://HOST:PORT/seat/TOKEN``, a URL
with a secret token of its own (192 random bits, new each time the host starts). The page is
textual-serve's (Textualize's web front end of Textual apps); its websocket starts, for that
one browser session, the same seat process the SSH door starts (``hotseat seat``), with only
that seat's channel token: what goes down the websocket is that process's screen, drawn from
that seat's snapshots alone (``common.remote.hub``). No process behind a URL ever holds the
whole game, so no browser can be sent another seat's secret.

A missing or wrong token is refused (403) after a short pause, and logged; a seat that is
already connected (over SSH or in another tab) is refused with a clear line. Only the seats'
pages, their websockets and textual-serve's own static files (its script, stylesheet and fonts)
are served: nothing else of textual-serve's (its open ``/ws`` would start an app for anyone).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from common.i18n import _
from common.remote.client import TOKEN_ENV

LOG = logging.getLogger("hotseat.remote")
WEB_PORT = 8022  # the default port of the browser door (8000 is every dev server's)
REFUSAL_PAUSE = 0.5  # seconds before a wrong token is answered: guessing stays slow
TAKEN_GRACE = 3.0  # seconds a new session waits for the seat's previous one to end
STOP_TIMEOUT = 5.0  # seconds a seat's process has to end when its browser leaves
ROOT = Path(__file__).resolve().parents[2]  # the checkout the seat processes import from
EVERY_ADDRESS = {"", "0.0.0.0", "::"}


@dataclass(frozen=True)
class WebSeat:
    """A remote seat as the browser door knows it."""

    index: int
    name: str
    channel: str  # the seat channel's token (common.remote.hub): never leaves the host
    token: str  # the secret part of the seat's URL


def new_token() -> str:
    return secrets.token_urlsafe(24)


def seat_command(socket_path: Path, lang: str | None, errors: Path | None = None) -> str:
    """The shell command textual-serve runs for a browser session: the seat's own process
    (its channel token comes in the environment, never in the command line: ``ps``). What it
    writes on its error stream goes to ``errors`` (the host's log), else nowhere: textual-serve
    prints a session's error stream on the host's own terminal, where the people playing at the
    host would read what concerns that seat."""
    argv = [sys.executable, "-m", "common.tui", "seat", "--socket", str(socket_path)]
    if lang:
        argv += ["--lang", lang]
    sink = shlex.quote(str(errors)) if errors is not None else "/dev/null"
    return f"cd {shlex.quote(str(ROOT))} && exec {shlex.join(argv)} 2>>{sink}"


class SeatService(AppService):
    """One browser session's seat process: textual-serve's, with the seat's channel token."""

    def __init__(self, command: str, channel: str, **options: Any) -> None:
        super().__init__(command, **options)
        self.channel = channel

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[TOKEN_ENV] = self.channel
        return environment

    async def run(self) -> None:
        """textual-serve's bridge; when the seat's process ends (the game left, or the host
        refused it), its page is told at once: "Session ended", and a button to start again."""
        try:
            await super().run()
        finally:
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def stop_within(self, timeout: float) -> None:
        """textual-serve's stop, bounded: a seat process that does not quit is killed."""
        process = self._process
        try:
            await asyncio.wait_for(self.stop(), timeout)
        except TimeoutError:
            if process is not None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
        if process is not None:
            # Its pipes closed now, on this loop: left to the collector, they would be closed
            # after the loop is gone, which asyncio reports as an error.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), timeout)
            transport = getattr(process, "_transport", None)
            if transport is not None:
                transport.close()


class WebDoor(Server):
    """The web server of a host: ``seats`` by URL token, each bridged to its seat's process."""

    def __init__(self, seats: Mapping[str, WebSeat], socket_path: Path, *,
                 taken: Callable[[int], bool], lang: str | None = None,
                 errors: Path | None = None) -> None:
        super().__init__(seat_command(socket_path, lang, errors), title="hotseat")
        self.seats = dict(seats)
        self.taken = taken
        self.lang = lang
        self.tap: Callable[[int, bytes], None] | None = None  # tests: every byte a browser got
        self._runner: web.AppRunner | None = None
        self._live: dict[int, web.WebSocketResponse] = {}

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host``:``port`` (0: any free port); returns the port."""
        self._runner = web.AppRunner(self._web_app(), handle_signals=False, access_log=None,
                                     shutdown_timeout=STOP_TIMEOUT)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        for address in self._runner.addresses:
            if isinstance(address, tuple):
                found: int = address[1]
                return found
        return port

    async def stop(self) -> None:
        """Close every seat's websocket (their processes end) and stop listening."""
        for websocket in list(self._live.values()):
            with contextlib.suppress(Exception):
                await websocket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _web_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/seat/{token}", self._page),
            web.get("/seat/{token}/ws", self._websocket),
            web.static("/static", self.statics_path, show_index=False),
        ])
        return app

    async def _seat(self, request: web.Request) -> WebSeat:
        """The seat of the request's token; 403 (after a pause, logged) for any other."""
        given = request.match_info.get("token", "").encode()
        for token, seat in self.seats.items():
            if hmac.compare_digest(token.encode(), given):
                return seat
        LOG.warning("a wrong web token from %s", request.remote)
        await asyncio.sleep(REFUSAL_PAUSE)
        raise web.HTTPForbidden(text=_("This link is not a seat of this game.") + "\n")

    async def _page(self, request: web.Request) -> web.StreamResponse:
        seat = await self._seat(request)
        secure = request.headers.get("X-Forwarded-Proto", request.scheme) == "https"
        ws_url = f"{'wss' if secure else 'ws'}://{request.host}/seat/{seat.token}/ws"
        context = {
            "font_size": _number(request.query.get("fontsize", ""), 16, 6, 48),
            "app_websocket_url": ws_url,
            "config": {"static": {"url": "/static/"}},
            "application": {"name": _("hotseat: {name}'s seat").format(name=seat.name)},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        # The address holds the token: never sent on to the page's font host, never cached.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        seat = await self._seat(request)
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if not await self._free(seat.index):
            line = _("{name}'s seat is already taken by another connection: only one at a "
                     "time.").format(name=seat.name)
            await websocket.send_bytes(("\r\n" + line + "\r\n").encode())
            await websocket.close()
            return websocket
        self._live[seat.index] = websocket
        try:
            await self._bridge(seat, request, websocket)
        finally:
            del self._live[seat.index]
        return websocket

    async def _free(self, seat: int) -> bool:
        """Whether ``seat`` is free, given a moment: a page reloaded (or a tab closed and opened
        again) ends its old session just as the new one comes, and the old one's process takes
        a little while to leave the host's channel."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TAKEN_GRACE
        while seat in self._live or self.taken(seat):
            if loop.time() > deadline:
                return False
            await asyncio.sleep(0.1)
        return True

    async def _bridge(self, seat: WebSeat, request: web.Request,
                      websocket: web.WebSocketResponse) -> None:
        """The seat's process for this browser session, its screen down the websocket."""
        service = SeatService(
            self.command, seat.channel,
            write_bytes=self._tapped(seat.index, websocket.send_bytes, bytes),
            write_str=self._tapped(seat.index, websocket.send_str, str),
            close=websocket.close, download_manager=self.download_manager)
        width = _number(request.query.get("width", ""), 80, 20, 500)
        height = _number(request.query.get("height", ""), 24, 10, 200)
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except Exception as err:  # garbage from the page (textual-serve asserts its shape)
            LOG.info("%s's browser connection closed: %s", seat.name, type(err).__name__)
        finally:
            await service.stop_within(STOP_TIMEOUT)

    def _tapped(self, seat: int, send: Callable[[Any], Awaitable[None]],
                kind: type[bytes] | type[str]) -> Callable[[Any], Awaitable[None]]:
        async def sent(data: Any) -> None:
            if self.tap is not None:
                self.tap(seat, data if kind is bytes else str(data).encode())
            await send(data)
        return sent


def _number(raw: str, default: int, low: int, high: int) -> int:
    """A number of the page's query, kept within bounds (the browser says it, anyone may)."""
    try:
        return max(low, min(high, int(raw)))
    except ValueError:
        return default


def url_host(bind: str) -> str:
    """The host part of the seats' URLs: the address listened on, or this machine's name."""
    if bind in EVERY_ADDRESS:
        return socket.gethostname()
    return f"[{bind}]" if ":" in bind else bind


async def open_door(host: Any, bind: str, port: int,
                    say: Callable[[str], None]) -> WebDoor | None:
    """``--web``: serve ``host``'s remote seats in browsers and say each seat's URL; None (and
    a line saying why) when the port cannot be listened on."""
    by_seat = {seat: channel for channel, seat in host.hub.tokens.items()}
    seats = {}
    for index in host.remote:
        token = new_token()
        seats[token] = WebSeat(index, host.session.players[index], by_seat[index], token)
    for name in ("textual-serve", "aiohttp"):  # their complaints to host.log, not the lobby
        logger = logging.getLogger(name)
        logger.handlers = list(LOG.handlers)
        logger.setLevel(logging.WARNING)
        logger.propagate = not LOG.handlers
    logs = [Path(h.baseFilename) for h in LOG.handlers if isinstance(h, logging.FileHandler)]
    door = WebDoor(seats, host.door.socket, taken=lambda seat: seat in host.hub.connections,
                   lang=host.door.lang, errors=logs[0] if logs else None)
    try:
        found = await door.start(bind, port)
    except OSError as err:
        say(_("cannot listen on port {port}: {error}").format(port=port, error=err))
        await door.stop()
        return None
    where = url_host(bind)
    for seat in sorted(seats.values(), key=lambda s: s.index):
        say("  " + _("{name} in a browser: {url}").format(
            name=seat.name, url=f"http://{where}:{found}/seat/{seat.token}"))
    return door


__all__ = ["WEB_PORT", "SeatService", "WebDoor", "WebSeat", "open_door", "seat_command",
           "url_host"]
