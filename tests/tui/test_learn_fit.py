"""The whole board a step talks about is on screen: at every step of every lesson,
at 80×24 and at 100×32, the highlighted part of the table is inside the screen, not clipped by
its container, and shows all of its own text. The steps are reached on the rules core and shown
directly (no key-driven play), so the test stays quick."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from common import lessons as L
from common.tui.app import HotseatApp
from common.tui.keybar import KeyBar
from common.tui.learn import LessonListScreen, lesson_table, whole_on_screen
from common.tui.learn_panel import step_counter
from tests.tui.driver import sync, wait_until

SIZES = [(80, 24), (100, 32)]


def _runs(lesson: L.Lesson) -> list[L.Run]:
    run = L.start(lesson)
    out = []
    while not run.finished:
        out.append(run)
        step = run.step
        assert step is not None
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    return out


async def each_step(app: HotseatApp, pilot: Any, game: str,
                    only: dict[str, int] | None = None) -> AsyncIterator[tuple[Any, L.Run]]:
    """Every step of every lesson of ``game`` (or ``only`` the step given of each lesson named),
    drawn on its lesson's table and fitted: the table and the step's run."""
    await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
    for lesson in L.read_lessons(game):
        if only is not None and lesson.id not in only:
            continue
        runs = _runs(lesson)
        if only is not None:
            runs = [runs[only[lesson.id] - 1]]
        table = lesson_table(runs[0])
        await app.push_screen(table)
        await wait_until(pilot, lambda t=table: bool(t.query_one("#lesson").border_title),
                         "the lesson")
        for run in runs:
            table.session.run = run
            table.flow.show_lesson()
            await pilot.pause()
            await wait_until(pilot, lambda t=table: not t.flow.fit.fitting, "the part fitted")
            yield table, run
        app.pop_screen()
        await pilot.pause()


def _check(table: Any, run: L.Run) -> str:
    step = run.step
    assert step is not None
    node = table.game.highlight_target(step.target.region)
    if node is None:
        return f"{step.board}: nothing highlighted"
    why = whole_on_screen(node)
    return f"{run.lesson.id}#{step.number} {step.board}: {why}" if why else ""


@pytest.mark.slow  # a whole game or every lesson: CI runs it (-m slow)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_every_highlighted_part_is_whole_on_screen_at_100x32(game: str, lang: str) -> None:
    """At 80×24 the walk that checks everything looks at the highlighted part too."""
    from common.i18n import set_language

    set_language(lang)
    try:
        app = HotseatApp(learn=game, beat_seconds=600)
        problems: list[str] = []
        async with app.run_test(size=(100, 32)) as pilot:
            async for table, run in each_step(app, pilot, game):
                problem = _check(table, run)
                if problem:
                    problems.append(problem)
    finally:
        set_language("en")
    assert problems == [], "\n".join(problems)


@sync
async def test_at_80x24_what_happened_shows_its_last_line_and_how_to_go_on() -> None:
    """Pirates lesson 6: the combat's notice is longer than the screen; its head and "Press
    Enter" are on screen with "more below", and it scrolls to its last line (nothing cut)."""
    from common.tui.dialogs import NoticeScreen
    from tests.tui.test_learn import _do_task
    from tests.tui.test_learn_screen import _open, _to_step, _visible

    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 5)
        await _to_step(pilot, app, table, 5)  # the volley that cripples Bart
        await _do_task(pilot, app)
        for _ in range(10):
            if isinstance(app.screen, NoticeScreen):
                break
            await pilot.press("enter")  # the others' moves
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen), "the notice")
        await pilot.pause()
        shown = _visible(app)
        assert "Press Enter to go on" in shown and "PgDn: more below" in shown
        assert "cut to fit" not in shown
        for _ in range(10):
            if "Anne plunders Sail Island" in _visible(app):
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert "Anne plunders Sail Island" in _visible(app)  # the last line, scrolled to


@sync
async def test_a_frame_fitted_after_a_notice_closes_is_whole_with_its_top_row() -> None:
    """Pirates lesson 7, step 4 at 80×24: the Cove is highlighted as the combat's notice closes.
    Measured on the layout from under the notice (the combat still shown), the map's frame came
    out thinned to its sides, its top row with "▶ island 7" gone, though it had room."""
    from tests.tui.test_learn_screen import _open, _to_step, _visible

    app = HotseatApp(learn="pirates", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _open(pilot, app, 6)
        await _to_step(pilot, app, table, 3)  # its notice closed on the way
        run = table.session.run
        board = run.lesson.shown_board(run.step.board)
        # the step's own part, fitted: until it is highlighted, the last step's fit (made with
        # the combat on screen) still shows
        await wait_until(pilot, lambda: app.screen is table and table.flow.fit.board == board
                         and not table.flow.fit.fitting, "the part fitted")
        node = table.game.highlight_target(run.step.target.region)
        assert node is not None and not node.has_class("-lesson-thin")
        assert "▶ island 7" in _visible(app)


@pytest.mark.parametrize(("size", "number", "counted"), [
    ((80, 24), 5, False),  # "La bataille contre l'ennemi": with its count, 9 cells too long
    ((100, 32), 1, True),  # "Placer un rang": room for both
])
@sync
async def test_the_step_panel_says_its_lessons_title_whole(size: tuple[int, int], number: int,
                                                           counted: bool) -> None:
    """The frame's title at 80×24 in French was "étape 1 sur 7 · La table et l'enn…": where
    the step's count and the lesson's title do not both fit, the title goes alone (the status
    line counts the steps too)."""
    from common.i18n import set_language
    from tests.tui.test_learn_screen import _open, _visible

    set_language("fr")
    try:
        app = HotseatApp(learn="orcz", beat_seconds=600)
        async with app.run_test(size=size) as pilot:
            table = await _open(pilot, app, number)
            title = table.session.run.lesson.title
            counter = step_counter(table.session.run) + " · "
            framed = f"─ {counter if counted else ''}{title} ─"  # whole, in its frame
            await wait_until(pilot, lambda: framed in _visible(app), f"{framed!r} on screen")
    finally:
        set_language("en")


@sync
async def test_the_step_panels_title_is_chosen_again_when_the_terminal_resizes() -> None:
    """The frame's title is fitted to the panel as it is now: opened at 120×40 it counts the
    steps; narrowed to 80×24 the title goes alone, whole; widened again, the count is back."""
    from common.i18n import set_language
    from tests.tui.test_learn_screen import _open, _visible

    set_language("fr")
    try:
        app = HotseatApp(learn="orcz", beat_seconds=600)
        async with app.run_test(size=(120, 40)) as pilot:
            table = await _open(pilot, app, 5)
            title = table.session.run.lesson.title
            counted = f"─ {step_counter(table.session.run)} · {title} ─"
            await wait_until(pilot, lambda: counted in _visible(app), f"{counted!r} on screen")
            await pilot.resize_terminal(80, 24)
            await wait_until(pilot, lambda: f"─ {title} ─" in _visible(app),
                             "the title alone at 80×24")
            await pilot.resize_terminal(120, 40)
            await wait_until(pilot, lambda: counted in _visible(app), "the count back at 120×40")
    finally:
        set_language("en")


@sync
async def test_the_more_sign_offers_enter_only_where_enter_reads_on() -> None:
    """The sign says "Enter or PgDn" only at a read step; at every task, even the orc challenge,
    whose move is a table key (no picker), Enter does not scroll, so the sign says PgDn."""
    from common.tui.learn import StepPanel

    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        challenge = next(x for x in L.read_lessons("orcz") if "challenge" in x.id)
        runs = _runs(challenge)
        table = lesson_table(runs[0])
        await app.push_screen(table)
        await wait_until(pilot, lambda: bool(table.query_one("#lesson").border_title),
                         "the lesson")
        kinds = set()
        for run in runs:
            table.session.run = run
            table.flow.show_lesson()
            await pilot.pause()
            step = run.step
            assert step is not None
            panel = table.query_one("#lesson", StepPanel)
            assert panel.enter_acts == (step.kind == L.TASK), run.counter
            kinds.add(step.kind)
        assert kinds == {L.READ, L.TASK}


@pytest.mark.slow  # every step of every lesson, in two languages: CI runs it (-m slow)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_every_step_of_every_lesson_reads_whole_at_80x24(game: str, lang: str) -> None:
    """At every step of every lesson, at 80×24 (one walk through them all, each check named):

    - its highlighted part is whole on screen;
    - no choice and no message of its panel is cut with "…";
    - every key of the step is on the key bar (``_keys_left_out``);
    - one idea at a time: the step's own text is read whole, never behind "▼ more" (a long
      step is split into steps of one idea each); a capstone's judgement on each of its
      pages."""
    from common.i18n import set_language
    from common.tui.learn_panel import StepPanel

    set_language(lang)
    try:
        app = HotseatApp(learn=game, beat_seconds=600)
        problems: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            async for table, run in each_step(app, pilot, game):
                step = run.step
                assert step is not None
                highlighted = _check(table, run)
                if highlighted:
                    problems.append(f"highlighted part cut: {highlighted}")
                problems += [f"choice cut: {line}" for line in
                             _cut_lines(app, table, run, "#choices")]
                problems += [f"message cut: {line}" for line in
                             _cut_lines(app, table, run, "#message")]
                problems += [f"key left off: {key}" for key in _keys_missing(app, table, run)]
                for page in range(1, 10):  # last: it turns the judgement's pages
                    if table.query_one("#lesson", StepPanel).text_goes_on():
                        problems.append(f"text goes on: {run.lesson.id}#{step.number} "
                                        f"page {page}")
                    if not table.flow.steps.next_page():
                        break
                    await pilot.pause()
                    await pilot.pause()
        assert problems == [], "\n".join(problems)
    finally:
        set_language("en")


def _choice_lines(app: Any, table: Any, selector: str = "#choices") -> list[str]:
    """The lines of the panel's choices (or another part of it) as the screen shows them."""
    region = table.query_one(selector).region
    return [strip.text[region.x:region.right]
            for y, strip in enumerate(app.screen._compositor.render_strips())
            if region.y <= y < region.bottom]


async def _cut_choices(game: str, lang: str, only: dict[str, int] | None = None,
                       selector: str = "#choices") -> list[str]:
    """Each choice line (or ``selector``'s) cut with "…" at 80×24, at every step of every
    lesson (or ``only`` the step given of each lesson named)."""
    from common.i18n import set_language

    set_language(lang)
    try:
        app = HotseatApp(learn=game, beat_seconds=600)
        cut: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            async for table, run in each_step(app, pilot, game, only):
                cut += _cut_lines(app, table, run, selector)
        return cut
    finally:
        set_language("en")


def _cut_lines(app: Any, table: Any, run: L.Run, selector: str) -> list[str]:
    """The lines of ``selector``'s part cut with "…" at this step."""
    return [f"{run.lesson.id}#{run.index + 1}: {line.strip()}"
            for line in _choice_lines(app, table, selector) if "…" in line]


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_at_80x24_a_long_choice_goes_on_under_itself_and_is_never_cut(lang: str) -> None:
    """The lesson's panel is narrower than a game's: the French ring's choice, "Améliorer :
    équipage (anneau sur 2)", and Orcz's "Rester : de côté pour la bataille" were cut "…"."""
    assert await _cut_choices("pirates", lang, {"01_your_ship": 5}) == []
    assert await _cut_choices("orcz", lang, {"03_fights": 3}) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_at_80x24_a_lessons_prompt_goes_on_to_a_second_line_rather_than_be_cut(
        lang: str) -> None:
    """The broadside's dice and what hits ("Votre bordée : 3 dés, 5 et 6…"), who pays what
    ("Who pays 1 goblin to the bank? (1…"): the panel's prompt wraps in a lesson."""
    assert await _cut_choices("pirates", lang, {"06_combat": 5}, "#prompt") == []
    assert await _cut_choices("orcz", lang, {"03_fights": 8}, "#prompt") == []
    # a second parrot: the two cards' names in French took three lines
    assert await _cut_choices("pirates", lang, {"13_parrots_and_mastercraft": 14},
                              "#prompt") == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_at_80x24_a_lessons_message_takes_the_lines_it_needs(lang: str) -> None:
    """The private panel's message was two lines whatever it said: in a lesson's narrow panel
    it cut Orcz's fight preview ("may attack Bob's rank  2B  Arc1…"), the keys of a split
    ("Enter: confirm…", the way to impose nothing lost) and a hero rule's reason, and Pirate's
    Cove's outfit keys ("↑↓ section · ←→ ring · Enter:…")."""
    assert await _cut_choices("orcz", lang, {"03_fights": 3}, "#message") == []
    assert await _cut_choices("orcz", lang, {"03_fights": 8}, "#message") == []
    assert await _cut_choices("orcz", lang, {"02_placing_ranks": 8}, "#message") == []
    assert await _cut_choices("pirates", lang, {"02_outfitting": 2}, "#message") == []


async def _keys_left_out(game: str, lang: str, only: dict[str, int] | None = None) -> list[str]:
    """The keys of the step (the game's and the lesson's, not the app's own, which "…" and F1
    stand for) missing from the key bar at 80×24, at every step of every lesson (or ``only``),
    unless the bar gave back its second line to the part the step is about (which comes first);
    and the steps whose highlighted part its second line leaves cut."""
    from common.i18n import set_language

    set_language(lang)
    try:
        app = HotseatApp(learn=game, beat_seconds=600)
        missing: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            async for table, run in each_step(app, pilot, game, only):
                missing += _keys_missing(app, table, run)
                problem = _check(table, run) if table.query_one(KeyBar).rows > 1 else ""
                if problem:
                    missing.append(problem)
        return missing
    finally:
        set_language("en")


def _keys_missing(app: Any, table: Any, run: L.Run) -> list[str]:
    """This step's keys missing from the key bar (``_keys_left_out``)."""
    bar = table.query_one(KeyBar)
    shown = "\n".join(_choice_lines(app, table, "KeyBar"))
    return [f"{run.lesson.id}#{run.index + 1}: {key} {words}"
            for key, words, own in bar.pairs
            if not own and f"{key} {words}" not in shown and not bar.folded]


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_at_80x24_a_lessons_key_bar_takes_a_second_line_rather_than_fold_keys(
        lang: str) -> None:
    """A fight in a lesson: "… f1 Help" stood for Ctrl+R, Ctrl+B and Ctrl+X (and, in French,
    Hold and Scout), which the step's panel offers."""
    assert await _keys_left_out("orcz", lang, {"03_fights": 3}) == []
    assert await _keys_left_out("pirates", lang, {"02_outfitting": 2}) == []
