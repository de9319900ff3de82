"""The choice grid keeps the selected option in sight when the options need more rows than the
grid has (a small terminal, a long list), and says how many are out of sight."""

from __future__ import annotations

from textual.app import App, ComposeResult

from common.tui.choices import Choice, ChoiceGrid
from tests.tui.driver import sync, wait_until


class GridApp(App[None]):
    CSS = "ChoiceGrid { height: 4; width: 14; }"

    def compose(self) -> ComposeResult:
        yield ChoiceGrid(id="grid")


def _shown(app: GridApp) -> str:
    return str(app.query_one(ChoiceGrid).render())


@sync
async def test_a_long_list_scrolls_with_the_selection_and_counts_what_is_hidden() -> None:
    app = GridApp()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = app.query_one(ChoiceGrid)
        grid.set_options([Choice(f"opt{n}", n) for n in range(12)])
        await wait_until(pilot, lambda: "↓ 9 more" in _shown(app), "the first rows")
        assert "opt0" in _shown(app) and "opt3" not in _shown(app)
        for _ in range(8):
            grid.move(0, 1)
        text = _shown(app)
        assert "▶" in text and "opt8" in text and "opt0" not in text
        assert "↑ 6 more" in text and "↓ 3 more" in text
        for _ in range(3):
            grid.move(0, 1)
        assert "opt11" in _shown(app) and "↓" not in _shown(app)
        grid.set_options([Choice("only", 0)])
        assert "more" not in _shown(app) and "only" in _shown(app)
