"""Nothing the player needs is cut at 80×24, in English and in French: a whole 5-person game of
Pirate's Cove and a whole 4-person game of Orcz, played through the table's keys with tips on
(the tip line takes a row and its keys), every screen read as drawn (``tests/tui/cutscan.py``):
no line shortened with "…", no key left out of the key bar, the status line with what is being
decided, no sum split across two lines; on Orcz's board, the two ranks of a fight in sight."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from common import i18n
from common.session import GameSession
from common.tui import settings
from common.tui.app import HotseatApp
from common.tui.end import EndScreen
from tests.tui.cutscan import cuts
from tests.tui.driver import orcz_step, pirates_step, play_to_end, sync, wait_until

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def fighting_ranks_out_of_sight(app: Any) -> list[str]:
    """On Orcz's table during a fight: the battlefield's rear rank and the rank ahead of it
    (the two that fight) when its column does not show them."""
    from orcz.ui.screens import OrczTable
    from orcz.ui.widgets import FieldScroll

    table = app.screen
    if not isinstance(table, OrczTable) or table.reviewing:
        return []
    view = table.session.view(None)
    if view["pending"]["kind"] != "fight":
        return []
    found = []
    for i, field in enumerate(view["battlefields"]):
        if not field.get("resolving") or len(field["column"]) < 2:
            continue
        scroll = table.query_one(f"#scroll-{i}", FieldScroll)
        top, room = round(scroll.scroll_y), scroll.scrollable_content_region.height
        rear = len(field["column"])  # the rear rank's line; the one ahead is above it
        if not top <= rear - 2 or rear > top + room:
            found.append(f"the fight on {field['id']} out of sight: lines {top}-{top + room}, "
                         f"ranks {rear - 1}-{rear}")
    return found


async def scan_a_game(game: str, players: int, language: str, step: Any, seed: int,
                      extras: bool = False) -> tuple[dict[str, int], int]:
    """Play the game to its end (``extras``: the driver's scouts and take-backs too); every
    problem seen (by its words) and how many screens."""
    i18n.set_language(language)
    session = GameSession.new(game, NAMES[:players], seed)
    app = HotseatApp(session, bot_pause=0)
    seen: dict[str, int] = {}
    screens = 0

    def look() -> None:
        nonlocal screens
        screens += 1
        for problem in [*cuts(app), *fighting_ranks_out_of_sight(app)]:
            seen[problem] = seen.get(problem, 0) + 1

    async def looking_step(pilot: Pilot[Any], rng: Any, extras: bool) -> str:
        await pilot.pause()  # the redraw a key bar of two lines asks for
        look()
        done: str = await step(pilot, rng, extras)
        return done

    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot, seed, step=looking_step, extras=extras)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
        await pilot.pause()
        look()
    session.release()
    return seen, screens


def report(seen: dict[str, int], most: int = 25) -> str:
    lines = sorted(seen.items(), key=lambda item: -item[1])
    return "\n".join(f"{count:4}× {problem}" for problem, count in lines[:most])


@pytest.fixture
def tips_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tips on, as a new player has them: the tip line and its keys take their room."""
    monkeypatch.setitem(settings.DEFAULTS, "tips", True)


@pytest.mark.slow  # whole games through the keys: CI runs them (-m slow)
@pytest.mark.usefixtures("tips_on")
@pytest.mark.parametrize("language", ["en", "fr"])
@sync
async def test_nothing_is_cut_in_a_whole_five_person_pirates_game_at_80x24(
        language: str) -> None:
    seen, screens = await scan_a_game("pirates", 5, language, pirates_step, seed=11)
    assert screens > 300
    assert not seen, report(seen)


@pytest.mark.slow
@pytest.mark.usefixtures("tips_on")
@pytest.mark.parametrize("language", ["en", "fr"])
@sync
async def test_nothing_is_cut_in_a_whole_four_person_orcz_game_at_80x24(language: str) -> None:
    # with scouts: the scout's list is a screen of its own
    seen, screens = await scan_a_game("orcz", 4, language, orcz_step, seed=11, extras=True)
    assert screens > 150
    assert not seen, report(seen)


@sync
async def test_the_scan_sees_a_cut_line_a_key_left_out_and_a_status_without_its_action(
) -> None:
    """Guard for the guard: each sign the scan reads, made on purpose on a real table."""
    from rich.text import Text

    from common.tui.keybar import KeyBar
    from common.tui.table import StatusLine, TableScreen
    from tests.tui.driver import keys, settle

    session = GameSession.new("pirates", NAMES[:3], 3)
    app = HotseatApp(session, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.picker is not None, "the first panel")
        await pilot.pause()
        assert cuts(app) == [], cuts(app)
        table = app.screen
        bar = table.query_one(KeyBar)
        bar.pairs = [*bar.pairs, *[(f"k{n}", f"Key word {n}", False) for n in range(20)]]
        bar.refresh()
        await pilot.pause()
        assert any(p.startswith("key left out") for p in cuts(app))
        bar.pairs = bar.pairs[:3]
        status = table.query_one(StatusLine)
        status.update(Text("x " * 60 + "· the rest"), layout=False)
        await pilot.pause()
        found = cuts(app)
        assert any(p.startswith("status:") for p in found), found
        assert any(p.startswith("cut:") for p in found), found
        status.update(Text("Total 1 + 1 + 2 + 3 + 5 + 8 + 13 + 21 + 34 + 55 = " + "x" * 40))
        status.set_class(True, "-news")  # wrapped, as a computer's move is
        await pilot.pause()
        found = cuts(app)
        assert any(p.startswith("sum split:") for p in found), found


@pytest.mark.usefixtures("tips_on")
@sync
async def test_at_the_first_fight_with_a_tip_the_key_bar_keeps_hold_and_the_ranks_are_seen(
) -> None:
    """Orcz at 80×24 with tips on: the tip line says its lesson's key, and the key bar, two
    lines if it needs them, keeps Attack and Hold (a tip's keys used to push them out); the two
    ranks that fight are in sight on the board."""
    import random

    from common.tui.keybar import KeyBar
    from orcz.ui.picker import FightPicker
    from orcz.ui.screens import OrczTable
    from tests.tui.driver import settle

    session = GameSession.new("orcz", NAMES[:4], 11)
    app = HotseatApp(session, bot_pause=0)
    rng = random.Random(11)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(pilot)
            table = app.screen
            if isinstance(table, OrczTable) and isinstance(table.picker, FightPicker) \
                    and table.tips.displayed() is not None:
                break
            await orcz_step(pilot, rng, False)
        else:
            raise AssertionError("no fight with a tip on the line")
        await pilot.pause()
        bar = table.query_one(KeyBar)
        words = [words for _key, words, _own in bar.pairs]
        assert "Attack" in words and "Hold" in words, bar.pairs
        assert "Tip's lesson" not in words and "e: lesson" in str(table.query_one("#tip")
                                                                  .render())
        assert cuts(app) == [], cuts(app)
        assert fighting_ranks_out_of_sight(app) == []
