"""Tips in real games: the first time a rule, event or card comes up, one line says
what it does, with a key (e) to its lesson; once per table, also after a resume; off with a
setting or ``--no-tips``; never on a curtain, and a card's tip only on its holder's own panel."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from common import lessons as L
from common.save import load_file, read_tips
from common.session import GameSession
from common.tui import settings
from common.tui.app import HotseatApp
from common.tui.cli import build_parser
from common.tui.curtain import CurtainScreen
from common.tui.gameui import all_uis
from common.tui.learn import LessonFlow
from common.tui.table import TableScreen
from common.tui.tips import Tip, TipLine, tip_line
from orcz.ui import tips as orcz_tips
from pirates.ui import tips as pirates_tips
from tests.tui.driver import (
    keys,
    menu_pick,
    pirates_step,
    screen_text,
    settle,
    sync,
    wait_until,
)

LEGENDS = ("legend:blackbeard", "legend:flying_dutchman")
# Seed 3 deals Ann a Letter of Marque, Bob Becalmed and Cid Grapeshot: three different cards.
HANDS = {0: "card:letter_of_marque", 1: "card:becalmed", 2: "card:grapeshot"}


@pytest.fixture(autouse=True)
def tips_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(settings.DEFAULTS, "tips", True)  # tests/tui/conftest.py turns them off


def table_of(app: HotseatApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def tip_shown(app: HotseatApp) -> str:
    """The tip line as drawn on the top screen ("" when there is none)."""
    if not isinstance(app.screen, TableScreen):
        return ""
    lines = app.screen.query(TipLine)
    return str(lines.first().render()) if lines and lines.first().display else ""


def text_of(key: str) -> str:
    return pirates_tips.TEXTS[key][0]


async def lift(pilot: Any) -> None:
    """Lift the curtain on screen, and wait for the panel."""
    assert isinstance(pilot.app.screen, CurtainScreen)
    await keys(pilot, "enter")
    await settle(pilot)


async def to_panel(pilot: Any) -> None:
    await settle(pilot)
    if isinstance(pilot.app.screen, CurtainScreen):
        await lift(pilot)


# ---- the texts


def test_every_tip_fits_one_line_at_80_columns_and_names_a_lesson_that_exists() -> None:
    with_tips = [ui for ui in all_uis() if ui.tips]  # a game's tips are its own: some have none
    assert {"orcz", "pirates"} <= {ui.name for ui in with_tips}
    for ui in with_tips:
        lessons = {lesson.id for lesson in L.read_tracks(ui.name).all}
        module = importlib.import_module(ui.tips.partition(":")[0])
        for key in module.TEXTS:
            tip = module.tip(key)
            # the tip line's 80 columns, less its padding: nothing is ever cut at 80×24
            assert tip_line(tip).cell_len <= 78, tip.text
            assert "\n" not in tip.text and tip.text.strip() == tip.text
            assert tip.lesson in lessons, (key, tip.lesson)


def test_the_public_tips_come_from_the_public_entries_and_view_only() -> None:
    """The round's event and a champion seen; a battle lost with a tie is the tie's tip."""
    view = {"event": {"kind": "wrath"}}
    entries = [{"kind": "placed", "up_card": "champion"},
               {"kind": "battle", "strongest": [0, 2], "won": False, "champion": False}]
    keys_found = [t.key for t in orcz_tips.public_tips(entries, view)]
    assert keys_found == ["event:wrath", "hero:champion", "battle:tie"]
    # a card in a hand is never a public tip: only a card played is
    assert pirates_tips.public_tips([], {"hand": ["smoke"]}) == []
    played = [{"kind": "battle_card", "card": "smoke"}, {"kind": "fled", "mutiny": True}]
    assert [t.key for t in pirates_tips.public_tips(played, {})] == [
        "card:smoke", "fled", "mutiny"]
    assert [t.key for t in pirates_tips.private_tips({"hand": ["fame2", "fame1"]})] == [
        "card:fame"]


# ---- once per table, and after a resume


@sync
async def test_a_tip_shows_the_first_time_and_not_the_second_nor_after_resume() -> None:
    """Outfitting waits for every seat: its tip shows once, before the first seat outfits, and
    not again once the game is resumed from its save while outfitting still waits."""
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        first = tip_shown(app)
        assert text_of("outfit") in first
        assert "e: lesson 2" in first  # cut nowhere at 80 columns
        rng = random.Random(1)
        await pirates_step(pilot, rng)  # Ann outfitted: outfitting still waits for Bob
        assert session.view(None)["phase"] == "outfit"
        assert session.record.tips.count("outfit") == 1
    path = session.path
    session.release()
    resumed = GameSession.load(path)
    assert "outfit" in resumed.record.tips
    app = HotseatApp(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        assert text_of("outfit") not in tip_shown(app)


def test_a_damaged_tips_value_in_a_save_loads_the_game_with_no_tip_remembered(
        tmp_path: Path) -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    session.apply(session.legal(session.to_act()[0])[0])
    session.record = session.record.__class__(**{**session.record.__dict__,
                                                 "tips": ("legend:blackbeard",)})
    session.save()
    data = json.loads(session.path.read_text())
    assert "blackbeard" not in json.dumps(data)  # encoded like the actions
    for damaged in ("not base64 !", 42, [1, 2], {"a": 1}, None, "AAAA"):
        data["tips"] = damaged
        edited = tmp_path / "edited.json"
        edited.write_text(json.dumps(data))
        record, _, states = load_file(edited)  # the checksum does not cover it: it loads
        assert record.tips == () and len(states) == 2
    assert read_tips(None) == ()


# ---- off


@sync
async def test_no_tip_with_the_setting_off_nor_with_no_tips() -> None:
    assert settings.set_tips(False)
    assert settings.tips_on() is False  # kept in the settings file
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        assert not table_of(app).query(TipLine)
        assert session.record.tips == ()
    session.release()
    settings.set_tips(True)
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session, no_tips=True)  # what `hotseat pirates --no-tips` gives
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        assert not table_of(app).query(TipLine)
    session.release()
    args = build_parser(all_uis()).parse_args(["orcz", "--players", "A,B", "--no-tips"])
    assert args.no_tips is True


@sync
async def test_the_menu_turns_tips_off_and_on_and_the_setting_is_kept() -> None:
    app = HotseatApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Tips in games: on" in screen_text(app), "the menu")
        await menu_pick(pilot, "tips")
        await wait_until(pilot, lambda: "Tips in games: off" in screen_text(app), "tips off")
        assert settings.tips_on() is False
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Tips in games: on" in screen_text(app), "tips on")
        assert settings.tips_on() is True


def test_an_unreadable_settings_file_gives_the_defaults_and_is_rewritten() -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"tips": "yes please"')
    assert settings.tips_on() is True
    path.write_text('{"tips": "no"}')  # a value of the wrong type: the default
    assert settings.tips_on() is True
    assert settings.set_tips(False) and settings.tips_on() is False


@sync
async def test_t_turns_tips_off_for_good() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        assert tip_shown(app)
        await keys(pilot, "t")
        await wait_until(pilot, lambda: not tip_shown(app), "the tip to go")
        await pirates_step(pilot, random.Random(1))
        await to_panel(pilot)
        assert not tip_shown(app)
    assert settings.tips_on() is False


@sync
async def test_computer_players_alone_never_get_tips() -> None:
    session = GameSession.new("pirates", ["A", "B", "C"], 3, bots=["random"] * 3)
    app = HotseatApp(session, bot_pause=30)  # after its first move: a pause, no thread
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: session.action_count >= 1 and "(computer)" in
                         screen_text(app), "a computer's move on show")
        table = table_of(app)
        assert not table.tips.active and not table.query(TipLine)
        assert session.record.tips == ()


# ---- never on a curtain; a card's tip only on its holder's panel


@sync
async def test_a_card_tip_shows_only_on_its_holders_panel_never_on_a_curtain() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    session.record = session.record.__class__(
        **{**session.record.__dict__, "tips": (*LEGENDS, "outfit")})
    app = HotseatApp(session)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        seen: dict[int, str] = {}
        while len(seen) < 3:
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                # the curtain is public: no card's tip on it, whoever holds the card
                assert not any(text_of(key) in screen_text(app) for key in HANDS.values())
                await lift(pilot)
            table = table_of(app)
            seat = table.viewer
            assert seat is not None
            line = tip_shown(app)
            seen.setdefault(seat, line)
            for other, key in HANDS.items():
                if other != seat:  # another seat's card: never while this seat holds it
                    assert text_of(key) not in line, (seat, line)
            await pirates_step(pilot, rng)
        for seat, key in HANDS.items():
            assert text_of(key) in seen[seat]  # each seat's own card, on its own panel
        assert {f"{key}@{seat}" for seat, key in HANDS.items()} <= set(session.record.tips)


@sync
async def test_a_public_tip_reaches_every_person_at_the_table_on_their_curtain() -> None:
    """Outfitting's tip comes to Ann before she outfits; then it is on Bob's and Cid's curtains
    too (a public rule is for the whole table), and it goes once all three have had it."""
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        assert text_of("outfit") in tip_shown(app)
        for _bob_then_cid in range(2):
            await pirates_step(pilot, rng)
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen)
            assert text_of("outfit") in screen_text(app)
            await lift(pilot)
            assert text_of("outfit") in tip_shown(app)
        assert table_of(app).tips.seen_by == {0, 1, 2}
        await pirates_step(pilot, rng)  # the last outfit: every person has had it
        await to_panel(pilot)
        assert text_of("outfit") not in tip_shown(app)
        assert session.record.tips.count("outfit") == 1


# ---- the key to the lesson


@sync
async def test_e_opens_the_tips_lesson_and_leaving_it_comes_back_to_the_same_panel() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        table = table_of(app)
        tip: Tip | None = table.tips.displayed()
        assert tip is not None and tip.lesson == "02_outfitting"
        def where() -> tuple[Any, ...]:
            panel = table.query_one("#private")
            return (table.viewer, session.action_count, table.picker, tip_shown(app),
                    str(panel.border_title), str(table.query_one("#prompt").render()))

        before = where()
        saved = session.path.stat().st_mtime_ns
        await keys(pilot, "e")
        await wait_until(pilot, lambda: isinstance(getattr(app.screen, "flow", None),
                                                   LessonFlow), "the lesson")
        lesson_flow = app.screen.flow  # type: ignore[attr-defined]
        assert lesson_flow.run.lesson.id == "02_outfitting"
        assert session.path.stat().st_mtime_ns >= saved  # saved before it opened
        await keys(pilot, "ctrl+x")
        await wait_until(pilot, lambda: app.screen is table, "the game's table")
        await pilot.pause()
        assert where() == before


@sync
async def test_a_tip_too_long_for_its_line_takes_two_and_gives_its_key_to_the_key_bar() -> None:
    """The lesson's key is on the tip's line when both fit (the key bar leaves it out then);
    a longer tip (French runs a fifth longer) is shown whole on two lines, its key on the bar."""
    from common.tui.keybar import KeyBar
    from common.tui.tips import Tip

    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_panel(pilot)
        table = table_of(app)
        bar = table.query_one(KeyBar)
        assert "e: lesson 2" in tip_shown(app)
        assert "Tip's lesson" not in bar.text and "Tips off" in bar.text
        long = Tip("long", "a tip of many words " * 4 + "to its end", "02_outfitting")
        table.tips.current = long
        table.tips.draw()
        await pilot.pause()
        line = table.query_one(TipLine)
        assert line.size.height == 2
        shown = " ".join(tip_shown(app).split())
        assert shown.endswith("to its end") and "…" not in shown
        assert "e Tip's lesson" in bar.text
