"""The engine's guarantees for every registered game, found from the entry points: a game
nobody here wrote gets the conformance playouts and the secrecy property without a line of test
code of its own (docs/write-a-game.md, "Check it")."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from common.conformance import Spec, check_game
from common.engine import get_game
from common.registry import GAMES


def registered_sampler(name: str) -> Any:
    """The game's registered sampler (None: a game without one). ``check_game`` will take it by
    itself once it reads the registry: then this call and its argument go."""
    entry = GAMES[name]
    return importlib.import_module(entry.sampler).sample if entry.sampler else None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_passes_check_game_with_its_sampler(name: str) -> None:
    game = get_game(name)
    counts = tuple(sorted({game.MIN_PLAYERS, game.MAX_PLAYERS}))
    playouts = check_game(Spec(game=game, player_counts=counts), seeds=(3,), deep_every=5,
                          sample=registered_sampler(name))
    assert all(game.is_over(p.final) for p in playouts)


def test_the_shipped_games_are_among_those_checked() -> None:
    # the parametrisation above reads the registry: an empty registry would check nothing
    assert {"orcz", "pirates"} <= set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_games_core_imports_no_interface_and_no_language(name: str) -> None:
    """A core is pure: no Textual, Rich or language in the rules (only its ``ui/`` has them)."""
    import ast

    from common.registry import package_dirs

    folders = package_dirs(GAMES[name].core)
    assert folders, name
    for path in (p for folder in folders for p in folder.rglob("*.py")):
        if "ui" in path.relative_to(folders[0]).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names]
        imported += [node.module or "" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)]
        banned = [m for m in imported if m.split(".")[0] in ("textual", "rich")
                  or "i18n" in m or "gettext" in m]
        assert not banned, (path, banned)
