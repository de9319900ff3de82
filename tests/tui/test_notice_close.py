"""Closing the app under a notice ends cleanly: the notice's own refresh may come after its
widgets are gone (the key fuzzer met NoMatches '#notice-note' at the end of games)."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import App

from common.tui.dialogs import NoticeScreen


def test_a_notice_refresh_after_its_widgets_are_gone_does_nothing() -> None:
    async def run() -> None:
        app: App[None] = App()
        async with app.run_test(size=(80, 24)) as pilot:
            notice = NoticeScreen("What happened", Text("Ann +1"), public=True)
            await app.push_screen(notice)
            await pilot.pause()
            for widget in list(notice.query("#notice-note")):
                await widget.remove()
            notice._say_if_more()  # as a refresh queued before the app closed would
            notice.on_resize()
            await pilot.pause()
    asyncio.run(run())
