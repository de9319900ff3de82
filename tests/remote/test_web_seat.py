"""A seat in a browser (``hotseat host … --web``): headless Chromium plays Bob's turns at his
URL beside Ann over OpenSSH and a computer player, and what reached the browser never carries
another seat's secret; a wrong or missing token is refused, and so is a taken seat."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from common.engine import get_game
from common.remote.client import RemoteSession
from common.remote.host import Host
from common.session import GameSession
from common.tui.names import parse_table
from tests.remote.browsing import browser, needs_browser, needs_serve
from tests.remote.hosting import LoopThread, scan_text, secret_words
from tests.remote.sshing import needs_clients, pane, plain, processes_of, wait_for

URL = re.compile(r"^\s+(\w+) in a browser: (http://\S+/seat/(\S+))$")


class WebHosted:
    """A host of Ann and Bob (remote) and a computer player, with its browser door open; what
    each seat's channel and websocket carried."""

    def __init__(self, folder: Path) -> None:
        names, bots = parse_table("Ann,Bob", "1", get_game("pirates"))
        self.session = GameSession.new("pirates", names, 5, bots=bots)
        self.loop = LoopThread()
        self.lines: list[str] = []
        self.host = Host(self.session, [0, 1], {}, self.lines.append)
        self.sent: dict[int, bytearray] = {seat: bytearray() for seat in range(3)}
        self.screens: dict[int, bytearray] = {seat: bytearray() for seat in range(3)}
        self.host.hub.tap = lambda seat, line: self.sent[seat].extend(line)
        self.ssh_port = self.loop.run(self.host.start(folder, "127.0.0.1", 0, None))
        from common.remote.web import open_door  # deferred: textual-serve may be missing

        self.web = self.loop.run(open_door(self.host, "127.0.0.1", 0, self.lines.append))
        assert self.web is not None, self.lines
        self.web.tap = lambda seat, data: self.screens[seat].extend(data)

    def urls(self) -> dict[str, str]:
        return {m[1]: m[2] for m in map(URL.match, self.lines) if m}

    def ask(self, fn: Any) -> Any:
        return self.loop.call(fn)

    def moves_of(self, seat: int) -> int:
        session = self.session
        return int(self.ask(lambda: sum(session.actor(i) == seat
                                        for i in range(session.action_count))))

    def check_secrets(self, seat: int, browser_text: str) -> int:
        """No secret of another seat, as of now, in what ``seat`` was sent since the last check:
        none of the views' own secrets in its channel's bytes; none of the screen scan's words
        (tests/tui/secrecy.py) in its websocket's stream, as the door sent it and as the
        browser received it."""
        secrets: set[str] = self.ask(lambda: secret_words(self.session, seat))
        channel = bytes(self.sent[seat])
        for secret in secrets:
            assert secret.encode() not in channel, f"the channel carried {secret!r}"
        for text in (plain(bytes(self.screens[seat])), browser_text):
            self.ask(lambda t=text: scan_text(self.session, t, seat))
        self.sent[seat].clear()
        self.screens[seat].clear()
        return len(secrets)

    def close(self) -> None:
        self.loop.run(self.web.stop())
        self.loop.run(self.host.stop())
        self.loop.stop()
        self.session.release()


@pytest.fixture
def hosted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[WebHosted]:
    monkeypatch.setenv("HOTSEAT_DATA_DIR", str(tmp_path / "data"))
    folder = Path(tempfile.mkdtemp(prefix="hs-web-"))  # short: a socket's path is bounded
    hosted = WebHosted(folder)
    try:
        yield hosted
    finally:
        hosted.close()
        shutil.rmtree(folder, ignore_errors=True)


BOB_KEYS = ("Enter", "Enter", "1", "2", "+", "+", "ArrowRight", "ArrowDown", "ArrowUp",
            "ArrowLeft")
ANN_KEYS = ("Enter", "Enter", "1", "2", "+", "+", "Right", "Down", "Up", "Left")


@pytest.mark.slow
@needs_browser
@needs_clients
def test_a_browser_seat_plays_beside_ssh_and_a_bot_and_gets_no_other_seats_secret(
        hosted: WebHosted, tmp_path: Path) -> None:
    urls = hosted.urls()
    assert set(urls) == {"Ann", "Bob"}
    rng = random.Random(2)
    with browser() as open_tab, pane(tmp_path, "ann", hosted.ssh_port,
                                     hosted.host.codes[0]) as ann:
        bob = open_tab(urls["Bob"])
        bob.wait_for(lambda: "Bob's private panel" in bob.text(), "Bob's table in the browser")
        # The browser's session is a seat process at the host's channel, like an SSH one's.
        assert 1 in hosted.ask(lambda: hosted.host.hub.present)
        bob.page.click("#terminal")
        wait_for(lambda: "Ann's private panel" in ann.text(), "Ann's table over ssh")
        checked, made = 0, 0
        for _ in range(400):
            if made == 2 or hosted.ask(hosted.session.is_over):
                break
            if 1 not in hosted.ask(hosted.session.to_act):
                before = hosted.ask(lambda: hosted.session.action_count)
                ann.keys(rng.choice(ANN_KEYS))
                with contextlib.suppress(AssertionError):  # a key that moved nothing: the next
                    bob.wait_for(lambda b=before: hosted.ask(
                        lambda: hosted.session.action_count) != b, "Ann's move", 0.2)
                continue
            checked += hosted.check_secrets(1, bob.text())
            bob.frames.clear()
            _bob_moves_once(hosted, bob, rng)
            made += 1
        assert made == 2, bob.text()[-2000:]
        checked += hosted.check_secrets(1, bob.text())
        # The tab closed: its seat process ends and the seat waits; the URL takes Bob back.
        bob.page.close()
        wait_for(lambda: 1 not in hosted.ask(lambda: hosted.host.hub.present), "the seat freed")
        again = open_tab(urls["Bob"])
        again.wait_for(lambda: "Bob's private panel" in again.text(), "Bob back in a new tab")
        checked += hosted.check_secrets(1, again.text())
    assert checked > 0, "nothing secret was ever at stake"


def _bob_moves_once(hosted: WebHosted, bob: Any, rng: random.Random) -> None:
    """Random keys of the table's own in Bob's browser (a bounded fuzz) until the host has a
    new move of Bob's."""
    before = hosted.moves_of(1)
    for _ in range(200):
        bob.press(rng.choice(BOB_KEYS))
        try:
            bob.wait_for(lambda: hosted.moves_of(1) != before, "Bob's move", 0.3)
            return
        except AssertionError:
            continue
    raise AssertionError("Bob's keys made no move:\n" + bob.text()[-2000:])


def _status(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


@needs_serve
def test_a_wrong_or_missing_token_is_refused_and_a_taken_seat_too(hosted: WebHosted) -> None:
    bob = hosted.urls()["Bob"]
    base, token = bob.rsplit("/", 1)
    assert _status(bob)[0] == 200
    assert token in _status(bob)[1]  # the page's websocket is the seat's own
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    for url in (f"{base}/{wrong}", f"{base}/{wrong}/ws", f"{base}/", f"{base}/{token}x"):
        code, text = _status(url)
        assert code in (403, 404), url
        assert token not in text
    root = base.rsplit("/", 1)[0]
    assert _status(root + "/")[0] == 404  # textual-serve's open page and /ws are not served
    assert _status(root + "/ws")[0] == 404
    # Bob's seat taken (a connection at the host's channel): his URL's websocket is refused
    # with a clear line, and starts no seat process.
    channel = next(t for t, s in hosted.host.hub.tokens.items() if s == 1)
    socket = hosted.host.door.socket
    taken = RemoteSession.connect(socket, channel)
    try:
        wait_for(lambda: 1 in hosted.ask(lambda: hosted.host.hub.present), "Bob's seat taken")
        said = asyncio.run(_websocket_bytes(bob.replace("http://", "ws://") + "/ws"))
        assert "Bob's seat is already taken by another connection" in said
    finally:
        taken.close()
    # Garbage from a page ends that page's session only: the seat is free again, the door
    # still serves it.
    wait_for(lambda: 1 not in hosted.ask(lambda: hosted.host.hub.present), "Bob's seat freed")
    asyncio.run(_garbage(bob.replace("http://", "ws://") + "/ws", hosted))
    wait_for(lambda: 1 not in hosted.ask(lambda: hosted.host.hub.present), "the session ended")
    assert _status(bob)[0] == 200


async def _garbage(url: str, hosted: WebHosted) -> None:
    import aiohttp  # deferred: textual-serve brings it

    async with aiohttp.ClientSession() as client, client.ws_connect(url) as websocket:
        wait = asyncio.get_running_loop().run_in_executor(None, lambda: wait_for(
            lambda: 1 in hosted.ask(lambda: hosted.host.hub.present), "Bob's session"))
        await wait
        await websocket.send_str('["stdin"]')  # no data: textual-serve's reader fails
        await websocket.send_str("not json")
        async with asyncio.timeout(30):
            while (await websocket.receive()).type not in (aiohttp.WSMsgType.CLOSE,
                                                           aiohttp.WSMsgType.CLOSED):
                pass


@needs_serve
def test_a_seats_websocket_carries_its_table_only_and_ends_with_the_host(
        hosted: WebHosted) -> None:
    """Without a browser: a websocket client at Bob's URL is Bob's seat process's screen, with
    no other seat's secret; when the host's channel closes, the session ends."""
    url = hosted.urls()["Bob"].replace("http://", "ws://") + "/ws?width=100&height=32"

    async def session() -> None:
        import aiohttp  # deferred: textual-serve brings it

        got = b""
        async with aiohttp.ClientSession() as client, client.ws_connect(url) as websocket:
            while "Bob's private panel" not in plain(got):
                message = await asyncio.wait_for(websocket.receive(), 60)
                assert message.type == aiohttp.WSMsgType.BINARY, message
                got += message.data
            assert 1 in hosted.ask(lambda: hosted.host.hub.present)
            checked = hosted.check_secrets(1, plain(got))
            assert checked > 0, "nothing secret was ever at stake"
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(
                hosted.host.hub.stop(), hosted.loop.loop))
            async with asyncio.timeout(30):  # the seat's process ends, and its page is told
                while not websocket.closed:
                    if (await websocket.receive()).type in (
                            aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        break

    asyncio.run(session())


async def _websocket_bytes(url: str) -> str:
    import aiohttp  # deferred: textual-serve brings it

    got = b""
    async with aiohttp.ClientSession() as client, client.ws_connect(url) as websocket:
        async for message in websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                got += message.data
    return got.decode()


ROOT = Path(__file__).resolve().parents[2]


@needs_serve
def test_the_host_prints_each_remote_seats_url_at_its_lobby(tmp_path: Path) -> None:
    env = {**os.environ, "HOTSEAT_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        [sys.executable, "-m", "common.tui", "host", "orcz", "--players", "Ann,Bob,Cid",
         "--bots", "1", "--bind", "127.0.0.1", "--port", "0", "--web", "--web-port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    lines: list[str] = []
    try:
        assert host.stdout is not None
        for line in host.stdout:
            lines.append(line.rstrip("\n"))
            if "Ctrl+C" in line:
                break
        urls = {m[1]: m[2] for m in map(URL.match, lines) if m}
        assert set(urls) == {"Ann", "Bob", "Cid"}, lines  # the people; the computer plays here
        assert len({url.rsplit("/", 1)[1] for url in urls.values()}) == 3  # a token each
        assert all(url.startswith("http://127.0.0.1:") for url in urls.values())
        # Printed where the SSH lines are, before the lines that close the lobby's header.
        last_join = max(i for i, line in enumerate(lines) if URL.match(line))
        assert any("Ctrl+C" in line for line in lines[last_join:])
        code, page = _status(urls["Bob"])
        assert code == 200 and "Bob" in page
        assert _status(urls["Bob"] + "x")[0] == 403
    finally:
        host.send_signal(signal.SIGTERM)
        assert host.wait(30) == 0


@needs_serve
def test_a_browser_seats_error_stream_goes_to_the_hosts_log_not_its_terminal(
        tmp_path: Path) -> None:
    """textual-serve prints a session's error stream on the host's terminal, which the people
    playing at the host read: a seat process's errors go to the host's log instead."""
    from common.remote.web import seat_command

    log = tmp_path / "host.log"
    command = seat_command(tmp_path / "no-host-here", None, log)
    done = subprocess.run(command, shell=True, capture_output=True, timeout=120)
    assert done.returncode != 0  # no host to reach: it says so and ends
    assert done.stderr == b"" and done.stdout == b""
    assert "host" in log.read_text(encoding="utf-8")


@needs_serve
@needs_clients
def test_the_hosts_own_table_shows_the_browser_urls_with_the_join_lines(tmp_path: Path) -> None:
    """With a seat at the host's terminal, the host's table takes the terminal's whole screen,
    hiding what was printed before it: its first screen says the browser URLs too."""
    server = f"hotseat-web-{os.getpid()}"
    command = (f"cd {ROOT} && HOTSEAT_DATA_DIR={tmp_path / 'data'} PYTHONPATH={ROOT} "
               f"{sys.executable} -m common.tui host orcz --players Ann,Bob,Cid --remote Bob,Cid "
               "--bind 127.0.0.1 --port 0 --web --web-port 0; sleep 30")
    subprocess.run(["tmux", "-L", server, "-f", "/dev/null", "new-session", "-d", "-x", "100",
                    "-y", "32", command], check=True)

    def screen() -> str:
        return subprocess.run(["tmux", "-L", server, "capture-pane", "-p"],
                              capture_output=True, text=True).stdout

    try:
        wait_for(lambda: "Press Enter to go on" in screen() and "SHA256:" in screen(),
                 "the host's first screen", 90)
        # a URL may go to a line of its own in the notice's box
        shown = re.findall(r"(\w+) in a browser:[\s│]+http://127\.0\.0\.1:\d+/seat/[\w-]+",
                           screen())
        assert shown == ["Bob", "Cid"], screen()
        # Its terminal goes away: the host ends (its app drew to the hung-up terminal until
        # Textual's writer thread died, and then blocked for ever on its full queue).
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)
        wait_for(lambda: not processes_of(tmp_path / "data"), "the host to end", 30)
    finally:
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)
        for pid in processes_of(tmp_path / "data"):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
