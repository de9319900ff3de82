"""Computer players at the table: their moves are shown to everyone, the curtain
goes up only between people, nothing private of a bot shows, undo takes back a person's move
with the computer moves after it, and saves remember who the computers are."""

from __future__ import annotations

import pytest

import orcz
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen
from common.tui.end import EndScreen
from common.tui.names import parse_table
from common.tui.table import TableScreen
from tests.tui.driver import keys, screen_text, sync, wait_until
from tests.tui.keypath import key_path


def _table(app: HotseatApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def _play(pilot: object, app: HotseatApp, session: GameSession, moves: int) -> list[str]:
    """Play the people's moves with the first legal action, through the keys."""
    seen = []
    for _ in range(moves * 20):
        if session.is_over() or sum(not session.is_bot(a.get("seat"))
                                    for a in session.record.actions) >= moves:
            break
        top = app.screen
        seen.append(type(top).__name__)
        if isinstance(top, CurtainScreen | NoticeScreen):
            await keys(pilot, "enter")  # type: ignore[arg-type]
            continue
        if isinstance(top, EndScreen):
            break
        table = _table(app)
        if table.picker is None:
            await pilot.pause(0.02)  # type: ignore[attr-defined]
            continue
        seat = table.viewer
        assert seat is not None and not session.is_bot(seat)
        path = key_path(table.picker, session.legal(seat)[0])
        assert path is not None
        await keys(pilot, *path)  # type: ignore[arg-type]
    return seen


@sync
async def test_one_person_and_two_computers_need_no_curtain_and_show_each_bot_move() -> None:
    names, bots = parse_table("Ann", "2", orcz)
    assert names == ["Ann", "Hal", "Kit"] and bots == [None, "normal", "normal"]
    session = GameSession.new("orcz", names, 7, bots=bots)
    app = HotseatApp(session, bot_pause=0.2)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: "(computer)" in screen_text(app), "a computer's move")
        seen = await _play(pilot, app, session, moves=4)
        assert "CurtainScreen" not in seen
        bot_moves = [a for a in session.record.actions if session.is_bot(a.get("seat"))]
        assert len(bot_moves) >= 6
        table = _table(app)
        assert table.viewer in (None, 0)  # never a computer's panel


@sync
async def test_two_people_get_a_curtain_only_between_them() -> None:
    session = GameSession.new("orcz", ["Ann", "Bob", "Hal"], 7,
                              bots=[None, None, "random"])
    app = HotseatApp(session, bot_pause=0.0)
    curtains: list[str] = []
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(200):
            if sum(a.get("seat") != 2 for a in session.record.actions) >= 6:
                break
            top = app.screen
            if isinstance(top, CurtainScreen):
                curtains.append(top.player)
            await _play(pilot, app, session, moves=1 + sum(
                a.get("seat") != 2 for a in session.record.actions))
    assert curtains and "Hal" not in curtains
    assert set(curtains) <= {"Ann", "Bob"}


@sync
async def test_undo_takes_back_the_computer_moves_after_ones_own() -> None:
    session = GameSession.new("orcz", ["Ann", "Hal", "Kit"], 7,
                              bots=[None, "random", "random"])
    app = HotseatApp(session, bot_pause=0.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        if session.to_act()[0] != 0:
            await wait_until(pilot, lambda: _table(app).picker is not None, "Ann's turn")
        await _play(pilot, app, session, moves=1)
        await wait_until(pilot, lambda: _table(app).picker is not None, "Ann's turn again")
        before = session.action_count
        assert session.undo_span(0) >= 2
        await keys(pilot, "u")
        await wait_until(pilot, lambda: "took back" in screen_text(app), "the undo")
        assert session.action_count < before
        assert session.record.actions == () or session.record.actions[-1].get("seat") != 0


def test_saves_remember_the_computer_players() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Hal"], 3,
                              bots=[None, None, "hard"])
    path = session.path
    session.release()
    again = GameSession.load(path)
    assert again.record.bots == (None, None, "hard")
    assert again.is_bot(2) and not again.is_bot(0)


@pytest.mark.parametrize("raw,words", [("9", "more computer players"),
                                       ("genius", "one of random, normal, hard")])
def test_bad_bot_specs_are_refused(raw: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        parse_table("Ann", raw, orcz)


@sync
async def test_a_computer_player_that_fails_plays_a_legal_move_and_shows_nothing_of_its_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's error may name its own hidden cards: the table hears only that it stumbled, and
    the game goes on with a legal move."""
    names, bots = parse_table("Ann", "2", orcz)
    session = GameSession.new("orcz", names, 7, bots=bots)

    def failing(seat: int) -> tuple[int, object]:
        def decide() -> object:
            raise ValueError("SECRET-CARD-cavalry-3 behind the screen")
        return session.action_count, decide

    monkeypatch.setattr(session, "bot_decision", failing)
    shown: list[str] = []
    app = HotseatApp(session, bot_pause=0.0)
    monkeypatch.setattr(app, "notify", lambda message, **kw: shown.append(str(message)))
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: bool(shown), "the stumble's notice")
        await wait_until(pilot, lambda: len(session.record.actions) > 0, "a legal move")
        assert all("SECRET" not in line for line in shown)
        assert "SECRET" not in screen_text(app)
        assert any("stumbled" in line for line in shown)


def test_a_computers_move_on_the_status_line_names_it_once() -> None:
    """Not "Zoé (ordinateur) : Zoé place le rang 3…": the tag follows the name the log line
    starts with; a line that does not start with it keeps the colon."""
    from common.i18n import set_language
    from common.tui.flow_bots import bot_news

    assert bot_news("Hal", "Hal holds on Valley of Urth.") == \
        "Hal (computer) holds on Valley of Urth."
    assert bot_news("Hal", "Month 2 begins.") == "Hal (computer): Month 2 begins."
    set_language("fr")
    assert bot_news("Zoé", "Zoé place le rang 3 (Forêt de Lothari).") == \
        "Zoé (ordinateur) place le rang 3 (Forêt de Lothari)."
    assert bot_news("Zoé", "Vallée d'Urth : le rang de Zoé n'attaque pas.") == \
        "Zoé (ordinateur) — Vallée d'Urth : le rang de Zoé n'attaque pas."
