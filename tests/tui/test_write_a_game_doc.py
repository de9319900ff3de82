"""docs/write-a-game.md is checked by running its example, Liar's Dice (tests/games/liarsdice):
the files and names the page points to exist, its snippet runs, the game plays whole games
headless and through the keys at 80×24. The example is registered here as the page says an
installed game is (one entry point), so these run on a machine that did not install it too."""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from common import registry
from common.errors import IllegalAction
from common.registry import GAMES, GROUP
from tests.tui.driver import sync
from tests.tui.test_every_game import scan_a_game

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "write-a-game.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "tests" / "games" / "liarsdice"


@pytest.fixture
def example(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The example game registered by its one line, installed or not."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    [(name, value)] = project["project"]["entry-points"][GROUP].items()
    real = registry.entry_points
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setattr(registry, "entry_points", lambda *, group: [
        *(p for p in real(group=group) if p.name != name), EntryPoint(name, value, GROUP)])
    GAMES.reset()
    yield name
    GAMES.reset()


def test_the_files_the_page_points_to_exist() -> None:
    tree = DOC.split("```")[1].strip().splitlines()  # the folder's tree, the first block
    root = sub = tree[0].strip()
    paths = [root]
    for line in tree[1:]:
        name = line.split()[0]
        if line.startswith("    "):
            paths.append(sub + name)
        else:
            paths.append(root + name)
            sub = root + name
    assert len(paths) >= 10, paths
    named = re.findall(r"`((?:tests|docs|common)/[\w/.-]+)`", DOC)
    missing = [p for p in [*paths, *named] if not (ROOT / p).exists()]
    assert not missing, missing


def test_the_names_the_page_points_to_exist(example: str) -> None:
    for dotted in set(re.findall(r"`(common(?:\.\w+)+)", DOC)):
        module, _, name = dotted.rpartition(".")
        try:
            importlib.import_module(dotted)
        except ImportError:
            assert hasattr(importlib.import_module(module), name), dotted
    core = importlib.import_module(example)
    for name in ("new_game", "to_act", "legal_actions", "apply", "actor", "view", "events",
                 "is_over", "result", "action_to_json", "action_from_json", "may_undo",
                 "REVEALING", "GAME"):
        assert f"`{name}" in DOC and hasattr(core, name), name
    from liarsdice.ui.table import LiarsGame

    for hook in ("compose", "draw_public", "draw_private", "make_picker", "results",
                 "status_text", "standings"):
        assert f"`{hook}(" in DOC and hook in vars(LiarsGame), hook
    bot = importlib.import_module(GAMES[example].bots)
    for name in ("normal", "shortlist", "winners", "points", "HARD_STEPS", "stage", "value"):
        assert f"`{name}" in DOC and hasattr(bot, name), name
    assert hasattr(importlib.import_module(GAMES[example].sampler), "sample")


def test_the_pages_check_runs(example: str) -> None:
    snippet = DOC.split("## 4. Check it")[1].split("```python")[1].split("```")[0]
    exec(compile(snippet, "write-a-game.md", "exec"), {})


def test_the_example_plays_whole_games_headless_and_its_setup_and_undo_are_as_said(
        example: str) -> None:
    from common.bots import choose, make_bot
    from common.engine import get_game

    core = get_game(example)
    for players in range(core.MIN_PLAYERS, core.MAX_PLAYERS + 1):
        bots = [make_bot(example, ("normal", "random")[i % 2], seed=i) for i in range(players)]
        state = core.new_game([f"P{i}" for i in range(players)], players)
        turns = 0
        while not core.is_over(state):
            seat = core.to_act(state)[0]
            state = core.apply(state, choose(bots[seat], state, seat, turns))
            turns += 1
        standings = core.result(state)["standings"]
        assert sorted(row["seat"] for row in standings) == list(range(players))
    state = core.new_game(["Ann", "Bob"], 1, setup={"dice": [[2, 2, 3, 6, 6], [1, 5]]})
    assert core.view(state, 0)["cup"] == [2, 2, 3, 6, 6] and core.view(state, None)["cup"] is None
    private = [e for e in core.view(state, 1)["log"] if e.get("private")]
    assert [e["text"] for e in private] == ["Bob, your dice: 1 5"]
    assert not any(e.get("private") for e in core.view(state, None)["log"])
    bid = core.legal_actions(state, 0)[0]
    after = core.apply(state, bid)
    assert core.may_undo(state, bid, after)  # a bid may be taken back
    call = next(a for a in core.legal_actions(after, 1) if type(a).__name__ == "Call")
    assert not core.may_undo(after, call, core.apply(after, call))  # a call never
    with pytest.raises(IllegalAction):
        core.new_game(["Ann", "Bob"], 1, setup={"dice": [[7]]})


@sync
async def test_the_examples_table_plays_at_80x24_through_the_keys(example: str) -> None:
    trace = await scan_a_game(example, 2, stop_after=30)
    assert sum(step.startswith("curtain") for step in trace) >= 3, trace


@pytest.mark.slow
@sync
async def test_the_examples_table_plays_a_whole_game_at_80x24_through_the_keys(
        example: str) -> None:
    trace = await scan_a_game(example, 8, stop_after=None)
    assert trace[-1] == "end"
