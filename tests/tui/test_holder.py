"""The holder rule: a seat's private things are drawn only while it holds the
terminal, and only a curtain (or being alone at the table) hands it over."""

from __future__ import annotations

import pytest

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.holder import Holder, NotHolder
from common.tui.table_game import TableGame
from tests.tui.driver import game_screen, keys, press, screen_text, settle, sync, wait_until
from tests.tui.secrecy import check_screen


def test_only_a_curtain_or_being_alone_hands_the_terminal_over() -> None:
    table = Holder(3)
    assert table.seat is None and not table.holds(0)
    with pytest.raises(NotHolder):
        table.allows(0)  # nobody holds it yet
    with pytest.raises(NotHolder):
        table.alone(0)  # two other people sit at the table
    table.lift(1)
    assert table.allows(1) and table.holds(1)
    with pytest.raises(NotHolder):
        table.allows(2)
    table.release()  # a public notice: the next private thing needs a curtain
    assert table.seat is None


def test_alone_with_computer_players_needs_no_curtain(monkeypatch: pytest.MonkeyPatch) -> None:
    solo = Holder(1)
    assert solo.alone(2) and solo.holds(2)
    solo.release()  # nobody else to hide from: still theirs
    assert solo.holds(2)
    monkeypatch.setattr(Holder, "strict", False)
    table = Holder(2)
    assert not table.alone(0) and table.seat is None  # refused, not raised, when not strict
    assert not table.allows(0)


@sync
async def test_a_private_draw_for_a_seat_that_does_not_hold_the_terminal_is_impossible() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="Bob's panel")
        table = game_screen(app)
        assert table.holder.seat == 1 and table.viewer == 1
        game = table.game
        assert isinstance(game, TableGame)
        for wrong in (lambda: table.show_for(2), lambda: game.private_view(0),
                      lambda: setattr(table, "viewer", 2)):
            with pytest.raises(NotHolder):
                wrong()
        with pytest.raises(NotHolder):
            game.push_private(0, NoticeScreen("Ann's scout", "a secret"), lambda _: None)
        assert app.screen is table and table.viewer == 1
        check_screen(app, session)


@sync
async def test_outside_the_tests_a_wrong_draw_shows_a_curtain_and_nothing_private() -> None:
    """Not strict (a player's game): the wrong path costs a curtain, never a secret."""
    Holder.strict = False  # the conftest fixture puts it back after the test
    session = GameSession.new("orcz", ["Ann", "Bob", "Cid"], 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", what="Bob's panel")
        table = game_screen(app)
        game = table.game
        assert isinstance(game, TableGame)
        assert game.private_view(2) is None
        table.viewer = 2
        assert table.viewer is None  # refused
        table.show_for(2)
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cid"
        assert table.holder.seat is None
        assert "Cid's private panel" not in screen_text(app)
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: table.viewer == 2, "Cid's panel, after her curtain")
        assert table.holder.seat == 2
        game.push_private(0, NoticeScreen("Ann's scout", "a secret"), lambda _: None)
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"


def test_only_the_curtain_lifts_and_only_the_shell_takes_a_seat_alone() -> None:
    """The two ways the terminal changes hands are written in one place each: a game's
    interface (or any other part) that tried a third would show here."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    callers: dict[str, set[str]] = {".lift(": set(), ".alone(": set(), "._viewer =": set()}
    for folder in ("common", "orcz", "pirates"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for call, found in callers.items():
                if call in text:
                    found.add(str(path.relative_to(root)))
    assert callers[".lift("] == {"common/tui/curtain.py"}
    # a remote seat's own table holds its one seat alone: nobody else looks at that terminal;
    # so does the one person at a host's terminal (flow_here), whatever the remote seats do
    assert callers[".alone("] == {"common/tui/table.py", "common/tui/flow.py",
                                  "common/tui/learn_play.py", "common/remote/seat_app.py",
                                  "common/tui/flow_here.py"}
    # the table's viewer property, which asks the holder
    assert callers["._viewer ="] == {"common/tui/table.py"}


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_a_lessons_learner_holds_the_terminal_before_any_key(game: str) -> None:
    # Found under load: an Enter handled before the lesson's flow had started drew the
    # learner's panel while nobody held the terminal (a NotHolder under the tests; in play, a
    # refused draw and the lesson stepping on by itself).
    from common import lessons as L
    from common.tui.learn import lesson_table

    lesson = L.read_tracks(game).all[0]
    table = lesson_table(L.start(lesson))
    assert table.holder.seat == lesson.seat


def test_the_one_person_at_a_table_of_computers_holds_it_from_the_start() -> None:
    from common.tui.table import table_for

    session = GameSession.new("pirates", ["Ann", "Hal", "Kit"], 3,
                              bots=(None, "random", "random"))
    try:
        assert table_for(session).holder.seat == 0
    finally:
        session.release()


def test_a_seat_of_another_terminal_never_holds_this_one() -> None:
    """A host's terminal with Ann and Cid at it, Bob remote: no curtain nor being alone hands
    it to Bob, and "alone" counts the people at this terminal."""
    host = Holder(2, {0, 2})
    assert host.here(0) and not host.here(1)
    with pytest.raises(NotHolder):
        host.lift(1)
    assert host.seat is None
    host.lift(2)
    assert host.holds(2)
    with pytest.raises(NotHolder):
        host.alone(0)  # Cid sits here too
    one = Holder(1, {0})  # Ann alone at the host's terminal, the others remote
    with pytest.raises(NotHolder):
        one.alone(1)
    assert one.seat is None
    assert one.alone(0) and one.holds(0)
