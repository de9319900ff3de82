"""The walkthrough at the terminal: every lesson of every game played to its end through the
keys, on the game's own table in lesson mode; hints, the rules' reasons, progress and moving
around."""

from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList, Static

from common import lessons as L
from common.registry import GAMES as REGISTRY
from common.tui.app import HotseatApp
from common.tui.choices import ChoiceGrid
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from common.tui.gameui import all_uis, ui_for
from common.tui.learn import (
    LearnGamesScreen,
    LessonDone,
    LessonListScreen,
    lessons_done,
    plain_reason,
)
from common.tui.table import TableScreen
from tests.tui.driver import keys, menu_pick, screen_text, sync, wait_until
from tests.tui.keypath import key_path

# The games that ship lessons (a game's lessons are its own: one may have none)
GAMES = tuple(name for name in sorted(REGISTRY) if L.read_tracks(name).all)


def _lessons(game: str) -> list[L.Lesson]:
    """A game's lessons in the learn menu's order: the essentials first."""
    try:
        return list(L.read_tracks(game).all)
    except FileNotFoundError:
        return []


def menu_downs(game: str, number: int) -> int:
    """The downs from the top of the learn menu to lesson ``number`` in file order."""
    wanted = L.read_lessons(game)[number].id
    return [lesson.id for lesson in _lessons(game)].index(wanted)


def _table(app: HotseatApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no lesson table")


async def _do_task(pilot: object, app: HotseatApp) -> None:
    """The task's expected move, through the keys a player would press."""
    table = _table(app)
    run = table.session.run  # type: ignore[attr-defined]
    target = L.expected_action(run)
    path = key_path(table.picker, target) if table.picker is not None else None
    if path is not None:
        await press_path(pilot, table, path)
        return
    if type(target).__name__ == "Challenge":  # Orcz's challenge: once the clock ran out
        clock = getattr(table.game, "clock", None)  # Orcz's part has the clock
        await wait_until(pilot, lambda: getattr(clock, "expired", False), "the clock")
        # "Who challenges?" opens with nothing selected: the digit chooses the learner
        await keys(pilot, "c", "1", "enter")  # type: ignore[arg-type]
        return
    # an out-of-turn move (Orcz's scout): the game's out-of-turn key, then its dialogs
    for key, _ in ui_for(run.lesson.game).curtain_keys:
        await keys(pilot, key)  # type: ignore[arg-type]
        for _ in range(3):
            top = app.screen
            if not isinstance(top, PickPlayerScreen):
                break
            values = [value for value, _ in top.players]
            want = target if target in values else run.lesson.seat
            assert want in values, (target, values)
            # nothing selected at first: the option's digit, then Enter
            await keys(pilot, str(values.index(want) + 1), "enter")  # type: ignore[arg-type]
        if table.session.run is not run:  # type: ignore[attr-defined]
            return
    raise AssertionError(f"no keys reach {target} in {run.lesson.id} {run.counter}")


_MOVES = ("enter", "left", "right", "up", "down")


def arming_keys(table: TableScreen) -> list[str]:
    """Keys that arm a lesson's panel (Enter confirms only a choice moved to) and leave its
    cursor where it was: a move there and back, or ↑ on a split's first row."""
    grid = table.query_one("#choices", ChoiceGrid)
    if table.picker is not None and table.picker.adjustable:
        return ["up"] if grid.index == 0 else ["up", "down"]
    if grid.index + 1 < len(grid.options):
        return ["right", "left"]
    return ["left", "right"] if grid.index > 0 else ["right"]


async def press_path(pilot: object, table: TableScreen, path: list[str]) -> None:
    """A key path from ``key_path``, arming each new panel first, as a learner would."""
    for key in path:
        if key in _MOVES and table.picker is not None and not table.panel.armed:
            await keys(pilot, *arming_keys(table))  # type: ignore[arg-type]
        await keys(pilot, key)  # type: ignore[arg-type]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def counter_shown(table: TableScreen) -> str:
    """Where a step's count shows: the step panel's title, or the status line where the
    title has room for the lesson's name alone."""
    from common.tui.table_hooks import StatusLine

    status = table.query_one(StatusLine).content
    return f"{table.query_one('#lesson').border_title} {getattr(status, 'plain', status)}"


def check_step(table: TableScreen, run: L.Run) -> None:
    """What a newcomer needs at a step: its text (numbers filled in) and counter in the step
    panel, and one part of the board highlighted, which is on screen."""
    where = f"{run.lesson.id} {run.counter}"
    shown = _flat(str(table.query_one("#lesson-text", Static).render()))
    assert _flat(plain_reason(run.text)) in shown, where  # ids only with Ctrl+D
    assert run.counter in counter_shown(table), where
    step = run.step
    assert step is not None
    node = table.game.highlight_target(step.target.region)
    assert node is not None and node.display, (where, step.board)
    assert node.has_class("-lesson-focus"), where
    assert len(table.query(".-lesson-focus")) == 1, where


async def _play_lesson(pilot: object, app: HotseatApp, lesson: L.Lesson) -> None:
    table = _table(app)
    await wait_until(pilot, lambda: bool(table.query("#lesson")) and bool(  # type: ignore[arg-type]
        table.query_one("#lesson").border_title), "the first step")
    seen_steps = set()
    for _ in range(len(lesson.steps) * 30 + 10):
        top = app.screen
        if isinstance(top, LessonDone):
            assert seen_steps == set(range(len(lesson.steps))), lesson.id
            return
        if isinstance(top, NoticeScreen | PickPlayerScreen):
            await keys(pilot, "enter")  # type: ignore[arg-type]
            continue
        if table.flow.beats.playing is not None:  # type: ignore[attr-defined]
            await keys(pilot, "enter")  # type: ignore[arg-type]  # the others' next move
            continue
        run = table.session.run  # type: ignore[attr-defined]
        step = run.step
        if run.index not in seen_steps:
            seen_steps.add(run.index)
            check_step(table, run)
        if step.kind == L.READ:
            await keys(pilot, "enter")  # type: ignore[arg-type]
        else:
            await _do_task(pilot, app)
    raise AssertionError(f"lesson {lesson.id} did not end")


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_plays_to_its_end_through_the_keys(game: str) -> None:
    """Each step is checked on the way (``check_step``); test_learn_screen plays them again at
    80×24."""
    play_every_lesson(game, (100, 32))


@sync
async def play_every_lesson(game: str, size: tuple[int, int]) -> None:
    lessons = _lessons(game)
    if not lessons:
        pytest.skip(f"{game} has no lessons yet")
    app = HotseatApp(learn=game, challenge_seconds=0.2, beat_seconds=600)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        for number, lesson in enumerate(lessons):
            await keys(pilot, *(["down"] * number), "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
            await _play_lesson(pilot, app, lesson)
            await keys(pilot, "escape")
            await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "list")
            await keys(pilot, "home")
        assert lessons_done(game) == {x.id for x in lessons}
        assert "✓" in screen_text(app)


@sync
async def test_a_wrong_move_gets_the_hint_and_an_illegal_one_the_rules_reason() -> None:
    lesson = next(x for x in _lessons("orcz") if x.id.startswith("03"))
    app = HotseatApp(learn="orcz")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        await keys(pilot, *(["down"] * menu_downs("orcz", 2)), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
        table = _table(app)
        run = table.session.run  # type: ignore[attr-defined]
        assert run.lesson.id == lesson.id
        while run.step.kind == L.READ:
            await keys(pilot, "enter")
            run = table.session.run  # type: ignore[attr-defined]
        await keys(pilot, "h")  # hold: legal, but this task asks for an attack
        assert run.step.hint[:40] in screen_text(app).replace("\n", " ")
        assert table.session.run is run  # nothing moved on
        counter = run.counter
        await keys(pilot, "ctrl+b")
        assert table.session.run.counter != counter or run.index == 0
        before = table.session.run
        await keys(pilot, "ctrl+r")  # this step again (a restart of the lesson: leave, reopen)
        assert table.session.run is L.step_start(before)
        await keys(pilot, "ctrl+x")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")


@sync
async def test_learn_from_the_menu_lists_the_games() -> None:
    app = HotseatApp(learn="")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LearnGamesScreen), "games")
        listed = [str(o.id) for o in app.screen.query_one("#menu", OptionList)._options]
        assert listed == [ui.name for ui in all_uis() if ui.name in GAMES]  # only games to learn
        text = screen_text(app)
        assert all(ui_for(name).title in text for name in listed)
        first = GAMES[0]  # choosing a game with lessons lists them
        await menu_pick(pilot, first)
        lesson = L.read_tracks(first).essentials[0]
        await wait_until(pilot, lambda: f"{lesson.title}" in screen_text(app), "the lessons")


@sync
async def test_the_lesson_list_shows_the_essentials_first_then_when_it_happens() -> None:
    """The learn menu lists the essentials track first, under its heading, then the
    other lessons under "When it happens"; the cursor starts on the first essential, and the
    last essential is followed by a real game, not by a lesson for later."""
    tracks = L.read_tracks("orcz")
    app = HotseatApp(learn="orcz")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        screen = app.screen
        assert isinstance(screen, LessonListScreen)
        box = screen.query_one("#lessons", OptionList)
        # the whole list, as the rows' order (at 80×24 the later heading is scrolled to): a
        # lesson's row has its id, a heading none
        ids = [box.get_option_at_index(i).id for i in range(box.option_count)]
        heads = [i for i, row in enumerate(ids) if row is None]
        assert "Essentials" in str(box.get_option_at_index(heads[0]).prompt)
        assert "When it happens" in str(box.get_option_at_index(heads[1]).prompt)
        essentials = [ids.index(lesson.id) for lesson in tracks.essentials]
        assert heads[0] < min(essentials) and max(essentials) < heads[1]
        second = tracks.essentials[1]  # numbered in the list's order: the essentials 1, 2, 3…
        assert f"2. {second.title}" in screen_text(app)
        assert box.highlighted is not None
        assert box.get_option_at_index(box.highlighted).id == tracks.essentials[0].id
        last = len(tracks.essentials) - 1
        assert screen.following(last) is None
        assert screen.following(0) == tracks.essentials[1]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_a_lesson_description_that_wraps_goes_on_under_its_text(game: str,
                                                                      lang: str) -> None:
    """At 80×24 a lesson's title and what it teaches wrap under the title's first letter, so
    the number stands alone at the left (a wrapped line once began under the number)."""
    from common.i18n import _ as said
    from common.i18n import set_language

    title_line = re.compile(r"^(\s*✓?\s*\d+\. )\S")
    set_language(lang)
    try:
        app = HotseatApp(learn=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "list")
            box = app.screen.query_one("#lessons", OptionList)
            region = box.content_region
            titles = wrapped = 0
            heads = (said("Essentials: your first game, in order"),
                     said("When it happens: the rest, one rule at a time, when it comes up"))
            for _page in range(2):  # the list's first screen, then its last
                column = -1
                for strip in app.screen._compositor.render_strips()[region.y:region.bottom]:
                    line = strip.text[region.x:region.right].rstrip()
                    start = title_line.match(line)
                    if start:
                        column, titles = len(start.group(1)), titles + 1
                    elif line.strip() and column >= 0 and not any(
                            line.strip() in head for head in heads):
                        wrapped += 1
                        assert len(line) - len(line.lstrip()) == column, line
                await keys(pilot, "end")
                await pilot.pause()
        assert titles >= 6 and wrapped >= titles  # each title has a description under it
    finally:
        set_language("en")
