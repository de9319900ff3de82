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


class WideApp(App[None]):
    CSS = "ChoiceGrid { height: 5; width: 24; }"

    def compose(self) -> ComposeResult:
        yield ChoiceGrid(id="grid")


@sync
async def test_a_label_longer_than_the_grid_goes_on_under_itself_never_cut() -> None:
    """In one column, a label too long for the width is wrapped under its first letter (no
    "…"): the arrows, the window and a click still go option by option."""
    app = WideApp()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = app.query_one(ChoiceGrid)
        long = "Raise the crew of your ship (ring on 2)"
        grid.set_options([Choice(long, 0), Choice("Done", 1), Choice("Three", 2),
                          Choice("Four", 3)])
        await wait_until(pilot, lambda: "Done" in _shown(app), "the options")
        lines = _shown(app).split("\n")
        assert "…" not in _shown(app)
        assert " ".join(" ".join(line.split()) for line in lines[:3]).startswith("▶ 1 " + long)
        start = lines[0].index("Raise")
        assert all(line[:start].strip() == "" for line in lines[1:3])  # under its first letter
        assert grid.starts[:2] == [0, 3]  # "Done" begins on the fourth line
        grid.move(0, 1)
        assert "▶ 2 Done" in _shown(app)
        grid.move(0, 1)  # "Three" needs the window to move on: the long label goes by whole
        assert "▶ 3 Three" in _shown(app) and "↑ 1 more" in _shown(app)
