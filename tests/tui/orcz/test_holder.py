"""Who holds the terminal at the Orcz table: the scout played out of turn hands the
terminal over and back through curtains, and out-of-turn questions take no habitual Enter.

The person at the keyboard is tracked here from the keys the test pressed (the last curtain
lifted), never from the table's own idea of it: that is what the leak got wrong."""

from __future__ import annotations

from typing import Any

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.dialogs import NoticeScreen, PickPlayerScreen
from orcz.ui.screens import OrczTable, ScoutScreen
from tests.tui.driver import game_screen, keys, press, screen_text, settle, sync, wait_until
from tests.tui.secrecy import check_curtain, check_screen

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
# The repro (seed 7): the five first ranks, before Ann's turn.
FIRST_RANKS = [("2", "4", "1", "0", "r"), ("1", "7", "1", "1", "r"), ("3", "3", "6", "r"),
               ("4", "9", "2", "r"), ("3", "7", "8", "r")]  # keys as shown: a card keeps its key


async def _to_anns_panel(app: HotseatApp, pilot: Any, session: GameSession) -> None:
    await settle(pilot)
    for rank in FIRST_RANKS:
        await press(pilot, "enter", what="a panel")
        await press(pilot, *rank, "enter", what="the next curtain")
        check_screen(app, session)
    assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
    await press(pilot, "enter", what="Ann's panel")
    assert game_screen(app).viewer == 0


async def _pick(pilot: Any, value: Any, what: str) -> None:
    """Move the highlight of the question on screen to ``value``, then Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, PickPlayerScreen)
    grid = screen.query_one("#who")
    target = [v for v, _ in screen.players].index(value)
    for _ in range(len(screen.players) + 1):
        if grid.index == target:
            break
        await keys(pilot, "right")
    assert grid.index == target
    await press(pilot, "enter", what=what)


def _others_scout(screen: Any) -> int:
    """A seat other than Ann's in "Who plays a scout?"."""
    return next(seat for seat, _ in screen.players if seat != 0)


async def _scout_from_anns_panel(app: HotseatApp, pilot: Any,
                                 session: GameSession) -> tuple[OrczTable, int]:
    await _to_anns_panel(app, pilot, session)
    table = game_screen(app)
    await press(pilot, "s", what="who scouts")
    assert isinstance(app.screen, PickPlayerScreen)
    scout = _others_scout(app.screen)
    await _pick(pilot, scout, "the scout's curtain")
    assert isinstance(app.screen, CurtainScreen)
    assert app.screen.player == PLAYERS[scout]
    await press(pilot, "enter", what="the card picker")  # the scout's owner holds it now
    assert isinstance(app.screen, ScoutScreen)
    check_screen(app, session)
    return table, scout


async def _after_the_scout(app: HotseatApp, pilot: Any, session: GameSession,
                           scout: int) -> None:
    """The scout's owner is still at the keyboard: nothing of Ann's may show, only her
    curtain."""
    await wait_until(pilot, lambda: not isinstance(app.screen, (ScoutScreen, NoticeScreen)),
                     "the screen after the scout")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, CurtainScreen), \
        f"{PLAYERS[scout]} holds the terminal, yet it shows: {screen_text(app)[:400]}"
    assert screen.player == "Ann"
    check_curtain(app)
    assert "Ann's private panel" not in screen_text(app)
    await press(pilot, "enter", what="Ann's panel again")
    assert game_screen(app).viewer == 0


@sync
async def test_after_a_scout_out_of_turn_the_active_player_gets_a_curtain() -> None:
    """A leak once found by the key fuzzer: from Ann's panel another seat scouts; when its
    notice closes, Ann's panel (``1A Arc3 (Chmp)``) must not come back while that seat holds the
    terminal."""
    session = GameSession.new("orcz", PLAYERS, 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        _, scout = await _scout_from_anns_panel(app, pilot, session)
        await _pick(pilot, app.screen.players[0][0], "what the scout sees")
        assert isinstance(app.screen, NoticeScreen) and not app.screen.public
        check_screen(app, session)
        await press(pilot, "enter", what="after the scout")
        await _after_the_scout(app, pilot, session, scout)


@sync
async def test_esc_in_the_scout_card_picker_gives_ann_a_curtain() -> None:
    session = GameSession.new("orcz", PLAYERS, 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        _, scout = await _scout_from_anns_panel(app, pilot, session)
        moves = session.action_count
        await press(pilot, "escape", what="after the scout")
        await _after_the_scout(app, pilot, session, scout)
        assert session.action_count == moves  # the scout was kept


@sync
async def test_out_of_turn_questions_start_with_nothing_selected_and_enter_is_inert() -> None:
    """``s Enter Enter`` at Ann's panel spent her scout on a card she never chose."""
    session = GameSession.new("orcz", PLAYERS, 7)
    app = HotseatApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await _to_anns_panel(app, pilot, session)
        moves = session.action_count
        await press(pilot, "s", what="who scouts")
        who = app.screen
        assert isinstance(who, PickPlayerScreen)
        assert "▶" not in screen_text(app)  # nothing highlighted
        await keys(pilot, "enter", "enter", "enter")
        assert app.screen is who and session.action_count == moves
        await keys(pilot, "1")  # a digit chooses on the panel: Ann, still holding it
        assert who.players[0][1] == "Ann"
        await press(pilot, "enter", what="Ann's card picker")
        picker = app.screen
        assert isinstance(picker, ScoutScreen)  # Ann held the terminal: no curtain
        assert "▶" not in screen_text(app)
        await keys(pilot, "enter", "enter")
        assert app.screen is picker and session.action_count == moves
        await press(pilot, "escape", what="Ann's panel")
        assert app.screen is game_screen(app) and game_screen(app).viewer == 0


@sync
async def test_who_scouts_out_of_turn_offers_people_never_a_computer_player() -> None:
    # Found by the long key fuzz: alone with two computer players, Ann pressed s, chose Hal,
    # and was shown Hal's scout (which card Hal looked at, on Hal's private screen).
    import random

    from orcz.actions import Scout
    from tests.tui.driver import orcz_step

    session = GameSession.new("orcz", ["Ann", "Hal", "Kit"], 7, bots=(None, "random", "random"))
    app = HotseatApp(session, bot_pause=0)
    rng = random.Random(3)

    def scouts(seat: int) -> bool:
        return any(isinstance(a, Scout) for a in session.legal(seat))

    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(40):
            await settle(pilot)
            table = game_screen(app)
            if app.screen is table and table.viewer == 0 and scouts(0) and scouts(1):
                break
            await orcz_step(pilot, rng)
        else:
            raise AssertionError("no turn of Ann's where both Ann and Hal could scout")
        await press(pilot, "s", what="who scouts")
        assert isinstance(app.screen, PickPlayerScreen)
        assert [seat for seat, _ in app.screen.players] == [0]
