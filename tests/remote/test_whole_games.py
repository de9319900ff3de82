"""Whole games with real clients: ``hotseat host --web`` in a terminal of its own (tmux),
OpenSSH's client in a tmux pane for each SSH seat, headless Chromium (Playwright) at a browser
seat's URL, a computer player at the host, random keys of the table's own at every seat. Mid-game
one client is killed and joins again (in one game the browser's page, in the other an SSH
client), and the host is killed and started again with ``--resume``: nothing is lost. The byte
tap on every connection (each seat's channel, each SSH stream, each websocket as the host sent
it and as the browser received it) and every terminal's text never carry a secret of another
seat. A game still going when its time is up is finished by computer players at every seat,
with the host stopped, so that a run stays bounded on a loaded machine."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from common.bots import choose, make_bot
from common.save import MAX_SAVE_BYTES, from_dict
from common.session import GameSession
from common.storage import parse_json, read_regular
from tests.remote.browsing import Tab, browser, needs_browser
from tests.remote.hosting import JOIN, game_at, saved_game, scan_some_moment, secret_words
from tests.remote.sshing import Pane, needs_clients, plain, wait_for

pytestmark = [needs_clients, needs_browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
# On the host's own table's first screen, a URL may go to a line of its own in the box.
URL = re.compile(r"(\w+) in a browser:[\s│]+(http://[\d.:]+/seat/[\w-]+)")
# The table's own keys, as a hurried player presses them: Enter takes the option under the
# cursor, a digit another one, the arrows and + move or change a share, Escape backs out of a
# choice that leads nowhere. An Orcz rank is typed whole now and then: a battlefield, two cards,
# the side face down (l or r), Enter; a fight is a or h.
KEYS = {"orcz": ("Enter", "Enter", "1", "2", "3", "4", "-", "=", "Down", "Up", "Right", "a", "h",
                 "n", "Escape"),
        "pirates": ("Enter", "Enter", "Enter", "1", "2", "3", "+", "Right", "Down", "Up", "Left",
                    "Escape")}
CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")
# tmux's names of keys as a browser's keyboard names them (Playwright)
BROWSER_KEYS = {"Right": "ArrowRight", "Left": "ArrowLeft", "Up": "ArrowUp", "Down": "ArrowDown"}


def some_keys(game: str, rng: random.Random) -> list[str]:
    if game == "orcz" and rng.random() < 0.5:
        return [rng.choice("1234"), rng.choice(CARDS), rng.choice(CARDS), rng.choice("lr"),
                "Enter"]
    return rng.choices(KEYS[game], k=3)


# Seconds of random keys a game gets (after its client and its host were killed and came back),
# then computer players finish it: a whole run stays bounded on a loaded two-core machine.
PLAY_TIME = 4 * 60
PHASE_LIMIT = 10 * 60  # seconds for a few moves at most: the seats are stuck past it


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class HostTerminal:
    """``hotseat host …`` (tapped: ``tests.remote.tapped_host``) in a tmux pane of its own: the
    host's terminal, where a seat may play."""

    def __init__(self, data: Path, taps: Path, port: int, *args: str) -> None:
        self.server = f"hotseat-host-{uuid.uuid4().hex[:8]}"
        self.pid_file = taps.parent / f"{self.server}.pid"
        # the host's own process id, for the kill: the inner shell says it, then becomes it
        host = (f"echo $$ > {self.pid_file}; exec {sys.executable} -m tests.remote.tapped_host "
                f"{taps} host {' '.join(args)} --bind 127.0.0.1 --port {port} "
                f"--web --web-port {free_port()}")
        command = (f"cd {ROOT} && HOTSEAT_DATA_DIR={data} PYTHONPATH={ROOT} sh -c '{host}'; "
                   "echo HOST-ENDED $?; sleep 60")
        subprocess.run(["tmux", "-L", self.server, "-f", "/dev/null", "new-session", "-d",
                        "-x", "100", "-y", "32", command], check=True)

    def text(self) -> str:
        return subprocess.run(["tmux", "-L", self.server, "capture-pane", "-p", "-S", "-60"],
                              capture_output=True, text=True).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "-L", self.server, "send-keys", *keys], check=True)

    def doors(self, names: set[str]) -> tuple[dict[str, tuple[int, str, str]], dict[str, str]]:
        """The join lines and the browser URLs of ``names``, once the host shows them all
        (printed, then again on the first screen of a table played at the host)."""
        found: list[tuple[dict[str, tuple[int, str, str]], dict[str, str]]] = []

        def shown() -> bool:
            text = self.text()
            found[:] = [({m[1]: (int(m[2]), m[3], m[4]) for m in JOIN.finditer(text)},
                         {m[1]: m[2] for m in URL.finditer(text)})]
            return set(found[0][0]) == set(found[0][1]) == names

        wait_for(shown, "the join lines and the URLs", 90)
        return found[0]

    def kill(self) -> None:
        """The host's process killed (SIGKILL), as a crash or a pulled plug would."""
        os.kill(int(self.pid_file.read_text()), signal.SIGKILL)

    def stop(self) -> None:
        """The host stopped as Ctrl+C at its terminal stops it (SIGINT): it saves and ends."""
        os.kill(int(self.pid_file.read_text()), signal.SIGINT)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)
        with contextlib.suppress(OSError, ValueError):  # gone already, as it should be
            pid = int(self.pid_file.read_text())
            # still this host (a process id is given again once its process ended)
            if str(self.pid_file.parent).encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGKILL)


def _save(data: Path) -> Path:
    wait_for(lambda: any((data / "saves").glob("*.json")), "the save", 60)
    return next((data / "saves").glob("*.json"))


def _moves(save: Path) -> list[object]:
    """The moves in the save, read without replaying them (the tests look often)."""
    data = parse_json(read_regular(save, MAX_SAVE_BYTES), save.name)
    return list(from_dict(data).actions)


class Taps:
    """What each remote seat was sent since the last look (its channel, its SSH stream, its
    websocket), and how many bytes in all."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.read: dict[str, int] = {}

    def new(self, kind: str, seat: int) -> bytes:
        path = self.folder / f"{kind}-{seat}"
        if not path.exists():
            return b""
        with open(path, "rb") as tapped:  # from where the last look stopped: taps grow large
            tapped.seek(self.read.get(path.name, 0))
            data = tapped.read()
        self.read[path.name] = self.read.get(path.name, 0) + len(data)
        return data

    def total(self, kind: str) -> int:
        return sum(size for name, size in self.read.items() if name.startswith(kind + "-"))


def check(save: Path, taps: Taps, screens: dict[int, list[str]], since: int) -> int:
    """No secret of another seat in what each remote seat was sent since the last check (after
    ``since`` moves), nor on any screen (each shows one seat: a terminal, or what a browser's
    websockets received). The bytes were sent at one of the moments since, which moves on by
    itself (a computer player): what is found is a secret at every one of them (a card that
    changed hands between two moments may be one's own at the first). The save is read last:
    the host saves a move before it sends it, so it holds every moment the bytes read were sent
    at. Returns the secrets checked."""
    seats = [seat for seat in range(8) if (taps.folder / f"channel-{seat}").exists()]
    sent = {seat: (taps.new("channel", seat),
                   [plain(taps.new(kind, seat)) for kind in ("ssh", "web")]) for seat in seats}
    session = saved_game(save)
    moments = [game_at(session, step)
               for step in range(max(0, since - 1), session.action_count + 1)]
    if moments[-1].is_over():
        return 0  # the end shows every seat's cards to everyone: nothing is secret any more
    checked = 0
    for seat, (channel, streams) in sent.items():
        secrets = set.intersection(*(secret_words(m, seat) for m in moments))
        for secret in secrets:
            assert secret.encode() not in channel, f"seat {seat}'s channel carried {secret!r}"
        for stream in streams:
            scan_some_moment(moments, stream, seat)
        checked += len(secrets)
    for seat, texts in screens.items():
        for text in texts:
            scan_some_moment(moments, text, seat)
    return checked


class Table:
    """The terminals and the browser of a hosted game, what was seen of it so far (the moves
    acknowledged, the secrets checked, the bytes a browser received)."""

    def __init__(self, tmp: Path, host: HostTerminal, here: int | None,
                 open_tab: Callable[[str], Tab]) -> None:
        self.tmp, self.host, self.here, self.open_tab = tmp, host, here, open_tab
        self.panes: dict[int, Pane] = {}
        self.tabs: dict[int, Tab] = {}
        self.unread: dict[int, list[bytes]] = {}  # frames of tabs closed since the last check
        self.browser_bytes = 0
        self.reloads = 0  # pages that showed nothing for a minute, opened again
        self.checked = 0
        self.acknowledged: list[object] = []  # the longest record of moves seen in the save

    def join(self, seat: int, name: str, joins: dict[str, tuple[int, str, str]]) -> None:
        """``seat`` joins with its line; a seat the host has not yet seen go is refused as
        taken, and the player tries again, as a person would."""
        port, user, code = joins[name]
        for _ in range(5):
            pane = self.panes[seat] = Pane(self.tmp, user, port, code)
            wait_for(lambda p=pane: f"{name}'s private panel" in p.text() or
                     "already taken" in p.text(), f"{name}'s table")
            if f"{name}'s private panel" in pane.text():
                return
            self.leave(seat)
        raise AssertionError(f"{name}'s seat stayed taken")

    def open(self, seat: int, name: str, url: str) -> None:
        """``seat``'s player opens their URL in the browser; a seat still taken by the page
        before is refused, and the player opens it again, as they do a page that shows nothing
        for a minute (counted in ``reloads``: a run on a loaded machine once met one)."""
        text = ""
        for _ in range(5):
            tab = self.tabs[seat] = self.open_tab(url)
            with contextlib.suppress(AssertionError):
                tab.wait_for(lambda t=tab: f"{name}'s private panel" in t.text() or
                             "already taken" in t.text(), f"{name}'s table in the browser")
            text = tab.text()
            if f"{name}'s private panel" in text:
                tab.page.click("#terminal")  # the keyboard's focus, as a player's click
                return
            if "already taken" not in text:
                self.reloads += 1
            self.close_tab(seat)
        raise AssertionError(f"{name}'s table never showed in the browser:\n{text[-2000:]}")

    def close_tab(self, seat: int) -> None:
        tab = self.tabs.pop(seat)
        tab.page.close()
        self.unread.setdefault(seat, []).extend(tab.frames)

    def leave(self, seat: int) -> None:
        self.panes.pop(seat).close()

    def drop(self, seat: int, name: str) -> None:
        """``seat``'s client killed (its SSH client, or its browser's page closed): the host
        sees it go (its lobby line, or its table's notice), and the seat waits."""
        before = self.host.text().count(f"{name} left")
        if seat in self.tabs:
            self.close_tab(seat)
        else:
            self.leave(seat)
        self.wait(lambda: self.host.text().count(f"{name} left") > before,
                  f"the host to see {name} go", 60)

    def close(self) -> None:
        for pane in self.panes.values():
            pane.close()
        self.host.close()

    def wait(self, ready: Callable[[], bool], what: str, limit: float) -> None:
        """Poll ``ready``, letting a browser's events in meanwhile (Playwright delivers them
        only while it is called)."""
        if self.tabs:
            next(iter(self.tabs.values())).wait_for(ready, what, limit)
        else:
            wait_for(ready, what, limit)

    def screens(self) -> dict[int, list[str]]:
        """Each seat's screens since the last look: its terminal's text, or the frames its
        browser received."""
        found = {seat: [pane.text()] for seat, pane in self.panes.items()}
        if self.here is not None:
            found[self.here] = [self.host.text()]
        for seat, tab in self.tabs.items():
            self.unread.setdefault(seat, []).extend(tab.frames)
            tab.frames.clear()
        for seat, frames in self.unread.items():
            received = b"".join(frames)
            self.browser_bytes += len(received)
            found.setdefault(seat, []).append(plain(received))
        self.unread = {}
        return found

    def acknowledge(self, save: Path) -> int:
        """The moves in the save now; every move seen before is still there."""
        moves = _moves(save)
        assert moves[:len(self.acknowledged)] == self.acknowledged, "a saved move was lost"
        if len(moves) > len(self.acknowledged):
            self.acknowledged = moves
        return len(moves)

    def play(self, save: Path, taps: Taps, rng: random.Random, moves: int | None,
             game: str, limit: float) -> None:
        """Random keys at every seat's terminal and browser until ``moves`` more moves are
        saved (None: until the game is over or ``limit`` seconds passed), checking the secrets
        after every move."""
        start = self.acknowledge(save)
        deadline = time.monotonic() + limit
        seen, over = start, saved_game(save).is_over()
        while time.monotonic() < deadline:
            count = self.acknowledge(save)
            if count != seen:
                self.checked += check(save, taps, self.screens(), seen)
                seen, over = count, saved_game(save).is_over()
            if over or (moves is not None and count >= start + moves):
                return
            for pane in self.panes.values():
                pane.keys(*some_keys(game, rng))
            if self.here is not None:
                self.host.keys(*some_keys(game, rng))
            for tab in self.tabs.values():
                for key in some_keys(game, rng):
                    tab.press(BROWSER_KEYS.get(key, key))
            with contextlib.suppress(AssertionError):  # no move yet: more keys
                self.wait(lambda c=count: len(_moves(save)) != c, "a move", 0.2)
        if moves is not None:
            raise AssertionError(f"the seats made {seen - start} moves in {limit} s")


def _finish(save: Path) -> int:
    """The rest of the game played by computer players at every seat (the host stopped):
    returns the moves they made."""
    session = GameSession.load(save)
    try:
        bots: dict[int, Any] = {}
        made = 0
        while not session.is_over():
            seat = session.to_act()[0]
            bot = bots.setdefault(seat, make_bot(session.record.game, "random",
                                                 seed=session.record.seed + seat))
            session.apply(choose(bot, session._state, seat, session.action_count))
            made += 1
        return made
    finally:
        session.release()


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


@dataclasses.dataclass(frozen=True)
class Seats:
    """Who plays where: seats over SSH, the one in a browser, the one at the host's terminal,
    whether a computer player plays too, and whose client is killed mid-game."""

    names: list[str]
    ssh: list[int]
    web: int
    here: int | None
    bots: bool
    dropped: int

    def kind(self, seat: int) -> str:
        if seat in self.ssh:
            return "ssh"
        if seat == self.web:
            return "browser"
        return "host's terminal" if seat == self.here else "computer"


def _whole_game(tmp_path: Path, tables: list[Table], game: str, seats: Seats) -> None:
    began = time.monotonic()
    data, taps = tmp_path / "data", Taps(tmp_path / "taps")
    names = seats.names
    remote = [*seats.ssh, seats.web]
    extra = [] if seats.here is None else [
        "--remote", ",".join(names[s] for s in sorted(remote))]
    bots = ["--bots", "1"] if seats.bots else []
    host = HostTerminal(data, taps.folder, free_port(), game, "--players",
                        ",".join(names), *bots, "--seed", "4", *extra)
    with browser() as open_tab:
        table = Table(tmp_path, host, seats.here, open_tab)
        tables.append(table)
        joins, urls = host.doors({names[s] for s in remote})
        save = _save(data)
        for seat in seats.ssh:
            table.join(seat, names[seat], joins)
        table.open(seats.web, names[seats.web], urls[names[seats.web]])
        rng = random.Random(7)
        table.play(save, taps, rng, 12, game, PHASE_LIMIT)

        # a client killed mid-game: its seat waits, and the player joins again where they were
        name = names[seats.dropped]
        table.drop(seats.dropped, name)
        if seats.dropped == seats.web:
            table.open(seats.web, name, urls[name])
        else:
            table.join(seats.dropped, name, joins)
        table.play(save, taps, rng, 6, game, PHASE_LIMIT)

        # the host killed mid-game: the save is the truth, --resume takes everyone back
        before = table.acknowledge(save)
        host.kill()
        table.wait(lambda: "HOST-ENDED" in host.text(), "the host to end", 60)
        for seat in list(table.panes):
            wait_for(lambda s=seat: "SSH-ENDED" in table.panes[s].text(), "the clients to end")
            table.leave(seat)
        table.close_tab(seats.web)  # the page says its session ended: its player reopens it
        assert table.acknowledge(save) == before
        host.close()
        again = HostTerminal(data, taps.folder, free_port(), "--resume", str(save), *extra)
        table.host = again
        joins, urls = again.doors({names[s] for s in remote})
        for seat in seats.ssh:
            table.join(seat, names[seat], joins)
        table.open(seats.web, names[seats.web], urls[names[seats.web]])
        table.acknowledge(save)  # nothing lost (a computer player may have moved on)

        table.play(save, taps, rng, None, game, max(60.0, PLAY_TIME - (time.monotonic() - began)))
        played = table.acknowledge(save)
        if not saved_game(save).is_over():  # time is up: computer players finish the game
            again.stop()
            table.wait(lambda: "HOST-ENDED" in again.text(), "the host to stop", 60)
    finished = _finish(save) if not saved_game(save).is_over() else 0
    final = saved_game(save)
    assert final.is_over()
    assert list(final.record.actions[:played]) == table.acknowledged[:played]
    assert table.checked > 0, "nothing secret was ever at stake"
    by_kind = Counter(seats.kind(final.actor(step)) for step in range(played))
    print(f"\n{game}: {time.monotonic() - began:.0f} s; moves at seats: {dict(by_kind)}; "
          f"moves by computer players to finish: {finished}; tapped bytes: channels "
          f"{taps.total('channel')}, SSH {taps.total('ssh')}, websockets {taps.total('web')} "
          f"(the browser received {table.browser_bytes}); secrets checked {table.checked}, "
          f"found 0; pages opened again after a minute of nothing: {table.reloads}")


def test_pirates_cove_three_seats_over_ssh_one_in_a_browser_and_a_computer_player(
        tmp_path: Path, tables: list[Table]) -> None:
    _whole_game(tmp_path, tables, "pirates", Seats(
        ["Ann", "Bob", "Cid", "Dee"], ssh=[0, 1, 2], web=3, here=None, bots=True, dropped=3))


def test_orcz_one_seat_at_the_hosts_terminal_two_over_ssh_and_one_in_a_browser(
        tmp_path: Path, tables: list[Table]) -> None:
    _whole_game(tmp_path, tables, "orcz", Seats(
        ["Ann", "Bob", "Cid", "Dee"], ssh=[1, 2], web=3, here=0, bots=False, dropped=2))
