"""A bug in a rule is a bug: never a player's refusal.

In the core an exception from a rule propagates (the tests fail loudly); at the table it shows
the crash screen, writes a report in the data folder and keeps the save as it was."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import orcz.rules
import pirates.rules
from common.errors import IllegalAction
from common.save import load_file
from common.session import GameSession
from common.tui.app import HotseatApp
from tests.tui.driver import orcz_step, screen_text, sync, wait_until


def _boom(*_: Any) -> Any:
    raise KeyError("a rule's own bug")


def test_orcz_lets_a_rule_s_crash_through(monkeypatch: pytest.MonkeyPatch) -> None:
    state = orcz.new_game(["Ann", "Bob", "Cid"], 7)
    legal = orcz.legal_actions(state, orcz.to_act(state)[0])[0]
    monkeypatch.setattr(orcz.rules, "place", _boom)
    with pytest.raises(KeyError, match="a rule's own bug"):
        orcz.apply(state, legal)


def test_pirates_lets_a_rule_s_crash_through(monkeypatch: pytest.MonkeyPatch) -> None:
    state = pirates.new_game(["Ann", "Bob", "Cid"], 7)
    legal = pirates.legal_actions(state, pirates.to_act(state)[0])[0]
    monkeypatch.setattr(pirates.rules, "_HANDLERS", {type(legal): _boom})
    with pytest.raises(KeyError, match="a rule's own bug"):
        pirates.apply(state, legal)


def test_a_malformed_orcz_action_is_still_refused() -> None:
    state = orcz.new_game(["Ann", "Bob", "Cid"], 7)
    legal = orcz.legal_actions(state, orcz.to_act(state)[0])[0]
    with pytest.raises(IllegalAction):
        orcz.apply(state, type(legal)(*(None for _ in legal.__slots__)))


@sync
async def test_a_crashing_rule_at_the_table_shows_its_screen_and_keeps_the_save(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    from common.tui.crash import RuleCrashScreen

    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    before = session.path.read_bytes()
    monkeypatch.setattr(orcz.rules, "place", _boom)
    app = HotseatApp(session)
    rng = random.Random(1)
    async with app.run_test(size=(100, 32)) as pilot:
        while not isinstance(app.screen, RuleCrashScreen):
            try:
                await orcz_step(pilot, rng)
            except AssertionError:  # the step waited for a table the crash screen covers
                break
        await wait_until(pilot, lambda: isinstance(app.screen, RuleCrashScreen),
                         "the crash screen")
        text = screen_text(app)
        assert "A rule of the game failed" in text and "not a wrong move" in text
        assert "✗" not in text and "\\n" not in text  # lines, not escaped line breaks
        reports = list((data_dir / "reports").glob("crash-*.txt"))
        assert len(reports) == 1
        assert "KeyError" in reports[0].read_text() and "a rule's own bug" in reports[0].read_text()
        assert str(reports[0]) in text.replace("\n", "")
    assert session.path.read_bytes() == before  # nothing lost, nothing half-written
    assert load_file(session.path)[0].actions == ()
