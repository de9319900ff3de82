"""Debian's headless Chromium driven by Playwright, and what its websockets received: the
helpers of the browser seat's tests."""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.remote.sshing import plain

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Playwright's own browser download is not reachable everywhere: the system's Chromium, headless.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

needs_serve = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="the browser seats need textual-serve (pip install -e '.[web]')")
needs_browser = pytest.mark.skipif(
    CHROMIUM is None or importlib.util.find_spec("playwright") is None
    or importlib.util.find_spec("textual_serve") is None,
    reason="a browser seat is tested in Chromium (apt-get install chromium) driven by "
           "Playwright (pip install -e '.[web,test]'), with textual-serve")


class Tab:
    """A page of the browser, and every websocket frame it received (the browser's own tap)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[bytes] = []
        page.on("websocket", self._socket)

    def _socket(self, websocket: Any) -> None:
        websocket.on("framereceived", lambda frame: self.frames.append(
            frame if isinstance(frame, bytes) else str(frame).encode()))

    def received(self) -> bytes:
        return b"".join(self.frames)

    def text(self) -> str:
        """What the websockets carried, with the terminal's escapes taken out."""
        return plain(self.received())

    def wait_for(self, ready: Callable[[], bool], what: str, limit: float = 60.0) -> None:
        """Poll a condition, letting the browser's events in between (a sync Playwright only
        delivers them while it is called); fail after ``limit`` seconds."""
        deadline = time.monotonic() + limit
        while not ready():
            if time.monotonic() > deadline:
                raise AssertionError(f"still waiting for {what} after {limit} s")
            self.page.wait_for_timeout(50)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)


@contextlib.contextmanager
def browser() -> Iterator[Callable[[str], Tab]]:
    """A headless Chromium; the call opens a URL in a new tab."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            def open_tab(url: str) -> Tab:
                tab = Tab(chromium.new_page(viewport={"width": 1200, "height": 800}))
                tab.page.goto(url)
                return tab

            yield open_tab
        finally:
            chromium.close()
