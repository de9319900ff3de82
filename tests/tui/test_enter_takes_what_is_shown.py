"""What is drawn as chosen is what Enter takes, and every option has a key on every keyboard.

- a pre-filled choice (Orcz's hand-out and imposed payment) takes Enter as shown, with "⏎ As
  shown" on the key bar; nothing is drawn selected where Enter would do nothing;
- a preview ("Place this rank") is not skipped by a second Enter typed for the step before;
- an option's number is typed in full: "1" then "0" picks the tenth, "1" alone never commits
  while a tenth option exists; the AZERTY number row (``& é " ' ( - è _ ç à``) picks as the
  digits printed on its keys; the lesson list opens lessons 10 and 11 by their numbers.

The key guard's clock is the test's own where it matters (``tests/tui/test_keyguard.py``)."""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid
from common.tui.keybar import KeyBar
from common.tui.numbered import TypedNumber
from common.tui.table import TableScreen
from orcz.ui.picker import DeployPicker, SplitPicker
from tests.tui.driver import keys, screen_text, sync, wait_until
from tests.tui.keyclock import Clock, typed
from tests.tui.orcz.test_table_fit import open_panel, session_until


def selected_drawn(table: TableScreen) -> bool:
    """Whether the panel draws an option as chosen (the ▶ mark, in reverse video)."""
    grid = table.query_one("#choices", ChoiceGrid)
    return grid.index != ChoiceGrid.NONE and "▶" in str(grid.render())


def bar(app: HotseatApp) -> str:
    return app.screen.query_one(KeyBar).text


async def typed_chars(pilot: Pilot[object], *chars: tuple[str, str]) -> None:
    """Keys as a terminal sends them: (Textual's key name, the character typed)."""
    for name, char in chars:
        event = events.Key(name, char)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()


@pytest.mark.parametrize(("kind", "seed"), [("hand_out", 3), ("impose", 11)])
@sync
async def test_enter_on_a_pre_filled_split_takes_exactly_what_is_shown(kind: str,
                                                                       seed: int) -> None:
    session = session_until(kind, seed)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        picker = game.picker
        assert isinstance(picker, SplitPicker)
        shown = tuple(picker.values)
        assert any(shown)  # filled in: the whole amount to the first candidate
        await wait_until(pilot, lambda: "As shown" in bar(app), "⏎ As shown on the key bar")
        before = session.action_count
        await keys(pilot, "enter")  # no arrow first
        await wait_until(pilot, lambda: session.action_count == before + 1, "the split taken")
        action = session.record.actions[-1]
        assert tuple(action["shares" if kind == "hand_out" else "payments"]) == shown


@sync
async def test_a_fresh_panel_draws_nothing_chosen_until_a_move() -> None:
    session = session_until("fight", 3)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        assert not game.panel.armed
        assert not selected_drawn(game)  # "▶ Attack" would be an Enter that does nothing
        assert "Choose" not in bar(app)
        await keys(pilot, "down")
        assert game.panel.armed and selected_drawn(game) and "Choose" in bar(app)



@sync
async def test_a_double_enter_does_not_skip_the_rank_preview(guard: Clock) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        guard.wait()  # the curtain has been read
        game = await open_panel(app, pilot)
        picker = game.picker
        assert isinstance(picker, DeployPicker)
        guard.wait()
        await typed(pilot, guard, "2", "1", "enter", "2", "down", "enter", "enter")
        await wait_until(pilot, lambda: picker.step == "confirm", "the preview")
        assert session.action_count == 0  # the second Enter came with the first
        assert "you see:" in screen_text(app)
        guard.wait()  # the preview read
        await typed(pilot, guard, "enter")
        await wait_until(pilot, lambda: session.action_count == 1, "the rank placed")


@sync
async def test_one_then_zero_picks_the_tenth_card_and_one_alone_waits() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        picker = game.picker
        assert isinstance(picker, DeployPicker)
        await keys(pilot, "2")  # a battlefield: four, "2" is whole
        assert picker.step == "left"
        cards = [c.value for c in picker.choices()]
        await keys(pilot, "1")
        assert picker.step == "left" and game.panel.armed  # "1" waits: 10 … 12 go on from it
        assert "Enter picks it" in screen_text(app)
        await keys(pilot, "0")
        assert picker.left == cards[9] and picker.step == "right"  # the tenth: Cavalry 3
        await keys(pilot, "1", "enter")  # "1", settled by Enter
        assert picker.right == cards[0] and picker.step == "down"


@sync
async def test_the_azerty_number_row_picks_as_its_digits(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        picker = game.picker
        assert isinstance(picker, DeployPicker)
        fields = [c.value for c in picker.choices()]
        await typed_chars(pilot, ("é", "é"))  # the key marked 2
        assert picker.field == fields[1]
        cards = [c.value for c in picker.choices()]
        await typed_chars(pilot, ("minus", "-"))  # the key marked 6, never the champion
        assert picker.left == cards[5] != "champion"
        await typed_chars(pilot, ("ampersand", "&"), ("agrave", "à"))  # 1 then 0: the tenth
        assert picker.right == cards[9]


@pytest.mark.parametrize(("chars", "lesson"), [
    ((("ampersand", "&"), ("à", "à")), "09_the_orc_challenge"),  # the list's 10th
    ((("ampersand", "&"), ("ampersand", "&")), "10_a_whole_round"),
    ((("quotation_mark", '"'),), "03_fights")])
@sync
async def test_the_lesson_list_opens_lessons_by_their_number_on_azerty(
        chars: tuple[tuple[str, str], ...], lesson: str) -> None:
    from common.tui.learn_screens import LessonListScreen

    app = HotseatApp(learn="orcz")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen),
                         "the lesson list")
        await typed_chars(pilot, *chars)
        await wait_until(pilot, lambda: hasattr(app.screen, "session"), "the lesson")
        assert str(app.screen.session.run.lesson.id) == lesson  # type: ignore[attr-defined]


def test_a_number_is_whole_when_no_option_goes_on_from_it() -> None:
    number = TypedNumber()
    assert number.type("1", 12) == (0, False)  # 10, 11, 12 go on from 1
    assert number.type("2", 12) == (11, True)
    assert number.type("1", 9) == (0, True)  # nine options: 1 is whole
    assert number.type("0", 12) == (None, False)  # no option 0
    assert number.type("1", 12) == (0, False)
    assert number.type("5", 12) == (4, True)  # 15 is none: 5 starts afresh


def test_each_azerty_number_row_key_is_bound_by_the_name_textual_gives_it() -> None:
    from textual.keys import _character_to_key

    from common.tui.numbered import AZERTY_ROW, ROW_KEY_NAMES

    assert {char: ROW_KEY_NAMES[_character_to_key(char)] for char in AZERTY_ROW} == AZERTY_ROW
    assert "".join(AZERTY_ROW.values()) == "1234567890"


def chosen_only_where_enter_takes_it(app: HotseatApp) -> None:
    """On the table's panel, an option is drawn chosen (▶, reverse) exactly when Enter takes
    something, and the key bar then offers Enter."""
    table = app.screen
    if not isinstance(table, TableScreen) or table.picker is None or table.reviewing:
        return
    grid = table.query_one("#choices", ChoiceGrid)
    if not grid.options:
        return
    drawn = selected_drawn(table)
    assert drawn == table.panel.armed, (table.picker.prompt(), str(grid.render()))
    if drawn:
        assert "Choose" in bar(app) or "As shown" in bar(app), bar(app)


async def a_pirates_game(stop_after: int | None) -> list[str]:
    from tests.tui.driver import pirates_step, play_to_end

    session = GameSession.new("pirates", ["Ann", "Bob", "Cid", "Dan", "Eve"], 12)
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        return await play_to_end(pilot, seed=8, step=pirates_step, stop_after=stop_after,
                                 check=lambda: chosen_only_where_enter_takes_it(app))


@sync
async def test_the_first_moves_of_a_five_captain_game_draw_chosen_only_what_enter_takes() -> None:
    trace = await a_pirates_game(stop_after=40)
    assert "Outfit" in trace


@pytest.mark.slow  # a whole game: CI runs it (-m slow)
@sync
async def test_a_whole_five_captain_game_draws_chosen_only_what_enter_takes() -> None:
    trace = await a_pirates_game(stop_after=None)
    assert trace[-1] == "end" and {"Navigate", "Done"} <= set(trace)


@sync
async def test_who_plays_a_scout_takes_azertys_number_row() -> None:
    from common.tui.dialogs import PickPlayerScreen

    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    answers: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen is not None, "the app")
        app.push_screen(PickPlayerScreen("Who plays a scout?", [(0, "Ann"), (2, "Cid")], ""),
                        callback=answers.append)
        await wait_until(pilot, lambda: isinstance(app.screen, PickPlayerScreen)
                         and bool(app.screen.query(ChoiceGrid)), "the question")
        grid = app.screen.query_one(ChoiceGrid)
        assert grid.index == ChoiceGrid.NONE  # nothing chosen yet
        await typed_chars(pilot, ("é", "é"))  # the key marked 2: Cid
        assert grid.index == 1
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: answers == [2], "Cid's answer")
