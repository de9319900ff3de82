"""The lessons on screen in French: a French lesson's step is shown in French at 80×24
and can be read to its end, nothing cut; the essentials track of each game plays to its end
through the keys in French, every step's French text in its panel."""

from __future__ import annotations

import re

import pytest

from common import lessons as L
from common.i18n import set_language
from common.tui.app import HotseatApp
from common.tui.learn import LessonListScreen, StepPanel, plain_reason
from common.tui.table import TableScreen
from tests.tui.driver import keys, screen_text, sync, wait_until
from tests.tui.test_learn import _play_lesson, _table
from tests.tui.test_learn_screen import _to_step


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’/×-]+", text)


@sync
async def test_a_french_lesson_at_80x24_shows_its_longest_step_whole_in_french() -> None:
    """Orcz lesson 1, step 2 (the battlefields, the need, the stack): longer than the panel;
    Enter reads on until every word of it has been on screen."""
    set_language("fr")
    app = HotseatApp(learn="orcz", beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        assert "La table et l'ennemi" in screen_text(app)
        await keys(pilot, "home", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
        table = _table(app)
        await _to_step(pilot, app, table, 1)
        run = table.session.run
        assert run.lesson.title == "La table et l'ennemi"
        text = plain_reason(run.text)
        assert "Quatre champs de bataille" in text and "force nécessaire" in text
        panel = table.query_one("#lesson", StepPanel)
        seen = ""
        for _ in range(10):
            await wait_until(pilot, lambda: not table.flow.fit.fitting, "the step fitted")
            seen += " ".join(strip.text for strip in app.screen._compositor.render_strips())
            if not panel.text_goes_on():
                break
            await keys(pilot, "enter")  # reads on within the step
        assert table.session.run.index == 1  # still the same step
        missing = [word for word in _words(text) if word not in seen]
        assert missing == [], missing


@pytest.mark.slow  # every essential lesson played through the keys: CI runs it (-m slow)
@pytest.mark.parametrize("game", ["orcz", "pirates"])
@sync
async def test_the_essentials_play_to_their_end_through_the_keys_in_french_at_80x24(
        game: str) -> None:
    """``check_step`` at every step: its French text whole in the panel, its part of the board
    highlighted and on screen."""
    english = {lesson.id: lesson.title for lesson in L.read_lessons(game, "en")}
    set_language("fr")
    essentials = L.read_tracks(game).essentials
    assert essentials and all(x.title != english[x.id] for x in essentials), "not in French"
    app = HotseatApp(learn=game, challenge_seconds=0.2, beat_seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        for number, lesson in enumerate(essentials):  # the essentials head the list
            await keys(pilot, "home", *(["down"] * number), "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
            await _play_lesson(pilot, app, lesson)
            await keys(pilot, "escape")
            await wait_until(pilot, lambda: isinstance(app.screen, LessonListScreen), "list")
