"""Each event worded once: a game's log entries are data (kind and keys), worded by the one
module its registration names (``GameEntry.words``); the cores word nothing, and importing an
interface rewires nothing, so a view is the same whatever was imported."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from common.entries import log_lines, wording
from common.registry import GAMES
from tests.common.event_calls import ROOT, declared

KINDS = {"orcz": "orcz.event_kinds", "pirates": "pirates.event_kinds"}


def _kind_tables(path: Path, event_kinds: int) -> list[int]:
    """The lines of ``path`` where a dict literal is keyed by a third or more of a game's kinds
    (``E.KIND: ...``): a table of words by event kind."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            keyed = [k for k in node.keys if isinstance(k, ast.Attribute)
                     and isinstance(k.value, ast.Name) and k.value.id == "E"]
            if 3 * len(keyed) >= event_kinds:
                out.append(node.lineno)
    return out


@pytest.mark.parametrize("game", KINDS)
def test_one_module_words_each_event_kind(game: str) -> None:
    """What grep would find: one table of sentences by kind and one ``describe`` per game,
    both in the module the registration names; nothing registers another."""
    module = GAMES[game].words.partition(":")[0]
    kinds = len(declared(__import__(KINDS[game], fromlist=["_"])))
    tables, describes, rewired = [], [], []
    for path in sorted((ROOT / game).rglob("*.py")) + sorted((ROOT / "common").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        source = path.read_text()
        tables += [f"{name}:{line}" for line in _kind_tables(path, kinds)]
        describes += [f"{name}:{node.lineno}" for node in ast.walk(ast.parse(source))
                      if isinstance(node, ast.FunctionDef) and node.name == "describe"]
        # (OpenSpiel's ``register()`` registers games with pyspiel: not a wording)
        calls = ("word_with", "register()", "install()") if name.startswith(game) else (
            "word_with",)
        rewired += [name for word in calls if word in source]
    table = [t for t in tables if t.startswith(module + ":")]
    assert len(table) == 1 and tables == table, tables
    assert [d.partition(":")[0] for d in describes] == [module]
    assert rewired == []


def test_the_shell_words_an_entry_with_the_games_wording() -> None:
    from orcz.ui import story
    from pirates.ui import log_words

    assert wording("orcz") is story.describe and wording("pirates") is log_words.describe
    entry = {"kind": "round_start", "round": 2, "first": 1, "private": False}
    assert log_lines("orcz", [entry], ("Ann", "Bob")) == ["Round 2 begins; Bob plays first."]
    # a game that names no wording gives each entry its own words
    assert log_lines("no-such-game", [{"kind": "took", "text": "Ann took 2"}], ()) == [
        "Ann took 2"]


_PROBE = """
import json, random, sys
import orcz, pirates
import orcz.view, pirates.view, common.entries, common.events, common.log

def play(game, names, seed, steps):
    rnd, state = random.Random(seed), game.new_game(names, seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = rnd.choice(game.to_act(state))
        state = game.apply(state, rnd.choice(game.legal_actions(state, seat)))
    return state

def shown():
    global worded
    out = []
    for game, names in ((orcz, ["Ann", "Bob", "Cid"]), (pirates, ["Anne", "Bart", "Cora"])):
        state = play(game, names, 5, 60)
        for seat in (None, 0, 1, 2):
            view, events = game.view(state, seat), game.events(state, seat)
            out.append([view, events])
            worded = worded or any("text" in e for e in [*events, *view["log"]])
    return json.dumps(out, sort_keys=True)

def globals_of():
    return {(m.__name__, k): id(v) for m in (orcz, pirates, orcz.view, pirates.view,
                                             common.entries, common.events, common.log)
            for k, v in vars(m).items()}

worded = False
before, names = shown(), globals_of()
import orcz.ui, orcz.ui.story, orcz.ui.screens, pirates.ui, pirates.ui.log_words
import pirates.ui.screens
from common import i18n
i18n.set_language("fr")
after = shown()
print(json.dumps({"same": before == after, "rewired": [k for k, v in names.items()
                  if globals_of().get(k) != v], "text": worded}))
"""


def test_importing_an_interface_changes_no_global_and_no_view() -> None:
    """In a fresh interpreter: the views and logs of both games, then every interface module
    imported and French set, then the same views again: equal, no word in them, and no global of
    the cores or of the log's modules rebound."""
    run = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=300)
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found == {"same": True, "rewired": [], "text": False}
