"""The exact rank, enemy, section or island a lesson step names is marked on screen, inside its
framed region, at 80×24 and at 100×32: one run of reverse video that begins with "▶" (so it
reads without colour), holding that rank's or section's own text, and nothing else in the frame
marked. Read from the cells the screen draws."""

from __future__ import annotations

from typing import Any

import pytest
from rich.segment import Segment

from common import lessons as L
from common.tui.app import HotseatApp
from common.tui.learn import LessonListScreen, lesson_table
from common.tui.learn_mark import MARK
from tests.tui.driver import sync, wait_until
from tests.tui.test_learn_fit import SIZES


def _run_at(game: str, lesson_id: str, number: int) -> L.Run:
    lesson = next(x for x in L.read_lessons(game) if x.id == lesson_id)
    run = L.start(lesson)
    while run.index + 1 < number:
        step = run.step
        assert step is not None
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    return run


async def _show_step(app: HotseatApp, pilot: Any, game: str, lesson_id: str,
                     number: int) -> tuple[Any, L.Run]:
    """Step ``number`` of the lesson, shown on its own table: the table and the step's run."""
    await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
    run = _run_at(game, lesson_id, number)
    table = lesson_table(L.start(run.lesson))
    await app.push_screen(table)
    await wait_until(pilot, lambda: bool(table.query_one("#lesson").border_title), "the lesson")
    table.session.run = run
    table.flow.show_lesson()
    return table, run


def _marked_runs(app: Any, node: Any) -> list[str]:
    """The runs of reverse video that begin with the mark, inside ``node``'s region on screen."""
    region = node.region
    runs: list[str] = []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if not region.y <= y < region.bottom:
            continue
        current: str | None = None
        for segment in strip.crop(region.x, region.right):
            text, style = segment.text, Segment(segment.text, segment.style).style
            reverse = bool(style and style.reverse)
            if current is not None and reverse:
                current += text
                continue
            if current is not None:
                runs.append(current)
                current = None
            if reverse and text.startswith(MARK):
                current = text
        if current is not None:
            runs.append(current)
    return runs


async def _marks_at(game: str, lesson_id: str, number: int, size: tuple[int, int],
                    lang: str = "en") -> list[str]:
    if lang != "en":
        from common.i18n import set_language

        set_language(lang)
        try:
            return await _marks_at(game, lesson_id, number, size)
        finally:
            set_language("en")
    app = HotseatApp(learn=game, beat_seconds=600)
    async with app.run_test(size=size) as pilot:
        table, run = await _show_step(app, pilot, game, lesson_id, number)
        await pilot.pause()
        await wait_until(pilot, lambda: not table.flow.fit.fitting, "the part fitted")
        step = run.step
        assert step is not None
        # the table knows the players by the names it shows ("Bruno" for Bart in French)
        node = table.game.highlight_target(run.lesson.shown_board(step.target.region))
        assert node is not None and node.has_class("-lesson-focus")
        return _marked_runs(app, node)


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_rank_a_step_names_is_marked_and_no_other(size: tuple[int, int]) -> None:
    # Orcz lesson 3, step 3: Ann's rear rank, the third from the front (Cavalry 1 and Archer 2,
    # turned up as the rear rank), attacks Bob's, the second
    marks = await _marks_at("orcz", "03_fights", 3, size)
    assert len(marks) == 1, marks
    assert marks[0].split() == ["▶3A", "Cav1", "Arc2"]


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_enemy_a_step_names_is_marked(size: tuple[int, int]) -> None:
    # Orcz lesson 1, step 2: the Valley of Urth's enemy, 4/2 (the ranks are still empty)
    marks = await _marks_at("orcz", "01_the_table", 2, size)
    assert len(marks) == 1, marks
    assert marks[0].startswith("▶4/2 ")


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_section_a_step_names_is_marked_on_its_ship_only(size: tuple[int, int]) -> None:
    # Pirate's Cove lesson 5, step 5: Shipowner raised Anne's Cannons ring to 2 (worth 3);
    # Bart's and Cora's mats, below hers, show Cannons too, unmarked
    marks = await _marks_at("pirates", "05_the_islands", 5, size)
    assert len(marks) == 1, marks
    mark = marks[0]
    # a mat in full: the Cannons track with its ring on 2; shorter: "cannons 2:3" or "G2:3"
    assert mark.lower().startswith(("▶ cannons", "▶cannons 2:3", "▶g2:3")), mark
    if mark.startswith("▶ "):
        assert "··2·····" in mark


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_a_french_step_marks_the_section_on_the_ship_of_the_name_it_shows(
        size: tuple[int, int]) -> None:
    # Pirate's Cove lesson 5, step 6, in French: Bart's hull, on the ship the table calls Bruno's
    # (the step says "ship:Bart:hull"; the French cast shows Bart as Bruno)
    marks = await _marks_at("pirates", "05_the_islands", 6, size, "fr")
    assert len(marks) == 1, marks
    # a shorter mat: "coque 3:5" (ring 3, worth 5), or "C3:5" (C for coque)
    assert marks[0] in ("▶coque 3:5", "▶C3:5") or marks[0].startswith("▶ coque"), marks[0]


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_island_a_step_names_is_marked_on_the_map(size: tuple[int, int]) -> None:
    # Pirate's Cove lesson 3, step 4: Anne sailed to island 2, Hull Island
    marks = await _marks_at("pirates", "03_a_month", 4, size)
    assert len(marks) == 1, marks
    assert marks[0].startswith(("▶2 Hull", "▶ 2 Hull")), marks[0]


@sync
async def test_a_column_taller_than_its_frame_keeps_the_marked_rank_in_sight() -> None:
    """The column is scrolled to its rear rank (it fights first); the rank a step marks, at the
    front of a column too tall for its frame, is brought into sight instead."""
    from rich.text import Text
    from textual.app import App, ComposeResult

    from orcz.ui.widgets import FieldPanel, FieldScroll

    class Column(App[None]):
        CSS = "FieldScroll { height: 4; }"

        def compose(self) -> ComposeResult:
            with FieldScroll(id="scroll"):
                yield FieldPanel(id="field")

    app = Column()
    async with app.run_test(size=(30, 10)) as pilot:
        scroll = app.query_one(FieldScroll)
        app.query_one(FieldPanel).show(Text("\n".join(f"rank {n}" for n in range(1, 11))))
        await pilot.pause()
        scroll.show_rear()
        await wait_until(pilot, lambda: scroll.scroll_y == 6, "the rear ranks in sight")
        scroll.marked = 0  # the front rank
        scroll.show_rear()
        await wait_until(pilot, lambda: scroll.scroll_y == 0, "the front rank in sight")
        scroll.marked = 4  # in sight from the top: the rear as far as it allows
        scroll.show_rear()
        await wait_until(pilot, lambda: scroll.scroll_y == 4, "the marked rank at the top")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_card_a_step_names_is_marked_in_the_hand(size: tuple[int, int],
                                                           lang: str) -> None:
    # Orcz lesson 2, step 3: show the table an Archer 2; the hand's Archer 2 is marked, the
    # other twelve cards are not
    from common.i18n import set_language
    from orcz.ui.render import card_short

    marks = await _marks_at("orcz", "02_placing_ranks", 3, size, lang)
    set_language(lang)
    try:
        card = card_short("archer-2")  # "Arc2" in either language
    finally:
        set_language("en")
    assert marks == ["▶" + card], marks


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_event_card_a_step_names_is_marked_where_the_hand_is_shown(
        size: tuple[int, int], lang: str) -> None:
    # Pirate's Cove lesson 12, step 3: the Treasure Map, Anne's one card left; marked on the
    # line of her cards, and on its line of effects below the choices when that is in sight
    from common.i18n import set_language
    from pirates.ui.names import card_name

    marks = await _marks_at("pirates", "12_event_cards", 3, size, lang)
    set_language(lang)
    try:
        name = card_name("treasure_map")
    finally:
        set_language("en")
    assert marks and set(marks) == {"▶" + name}, marks


@pytest.mark.parametrize("lang", ["en", "fr"])
@sync
async def test_the_card_a_step_names_is_marked_in_the_grid_where_the_cards_are_picked(
        lang: str) -> None:
    """Orcz lesson 2, step 3, its battlefield picked: the grid is the hand (the hand's list,
    where Archer 2 was marked, is not shown), and its Archer 2 is marked there, by a sign of
    its own, not the cursor's "▶"; no other card is."""
    from common.i18n import set_language
    from common.tui.choices import MARKED, ChoiceGrid
    from orcz.ui.names import card_name
    from orcz.ui.picker import DeployPicker
    from tests.tui.driver import keys
    from tests.tui.test_learn_fit import _choice_lines

    set_language(lang)
    try:
        app = HotseatApp(learn="orcz", beat_seconds=600)
        async with app.run_test(size=(80, 24)) as pilot:
            table, _run = await _show_step(app, pilot, "orcz", "02_placing_ranks", 3)
            await wait_until(pilot, lambda: isinstance(table.picker, DeployPicker), "the task")
            await keys(pilot, "2")  # the Valley of Urth: the cards to pick come in the grid
            await wait_until(pilot, lambda: table.picker.step == "left", "the cards")
            grid = table.query_one("#choices", ChoiceGrid)
            labels = [o.label for o in grid.options]
            assert labels[grid.marked] == card_name("archer-2")
            await pilot.pause()
            lines = _choice_lines(app, table)
            marked = [line for line in lines if MARKED.strip() in line]
            assert len(marked) == 1 and card_name("archer-2") + MARKED in marked[0], lines
            assert "▶" not in marked[0]  # the cursor is elsewhere: the sign is the step's
    finally:
        set_language("en")
