"""Screen snapshots at 80×24 of the screens that once cut text: a hand of four
cards read to its last card, a course with a long label, the outfitting hint with the status
line and key bar of five captains, an Orcz lesson's tall battlefield, the Pirate's Cove
capstone's combat, and the review's log. Update with --snapshot-update."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from common.session import GameSession
from common.tui.app import HotseatApp
from tests.tui.test_fit_reachable import NAMES, _big_hand_at_navigation, lesson_step, session_until

SMALL = (80, 24)


def test_a_hand_of_four_cards_read_to_its_last_card(snap_compare: Any) -> None:
    app = HotseatApp(session_until("pirates", 5, 5, _big_hand_at_navigation))
    assert snap_compare(app, press=["enter", *["down"] * 10], terminal_size=SMALL)


def test_the_outfitting_hint_status_and_key_bar_of_five_captains(snap_compare: Any) -> None:
    app = HotseatApp(GameSession.new("pirates", NAMES, 5))
    assert snap_compare(app, press=["enter", "down", "up"], terminal_size=SMALL)


def test_a_course_with_a_long_label_lists_every_island(snap_compare: Any) -> None:
    async def course(pilot: Pilot[Any]) -> None:
        await lesson_step(pilot, pilot.app, "pirates", "16", 3)

    app = HotseatApp(learn="pirates", beat_seconds=600)
    assert snap_compare(app, run_before=course, terminal_size=SMALL)


def test_the_capstones_combat_shows_every_ship(snap_compare: Any) -> None:
    async def combat(pilot: Pilot[Any]) -> None:
        await lesson_step(pilot, pilot.app, "pirates", "16", 4, again=2)

    app = HotseatApp(learn="pirates", beat_seconds=600)
    assert snap_compare(app, run_before=combat, terminal_size=SMALL)


def test_an_orcz_battlefield_taller_than_its_frame_says_so(snap_compare: Any) -> None:
    async def board(pilot: Pilot[Any]) -> None:
        await lesson_step(pilot, pilot.app, "orcz", "10", 3)

    app = HotseatApp(learn="orcz", beat_seconds=600)
    assert snap_compare(app, run_before=board, terminal_size=SMALL)


def test_the_reviews_log_wraps_at_the_end_of_an_orcz_game(snap_compare: Any) -> None:
    app = HotseatApp(session_until("orcz", 4, 7, lambda s: bool(s.view(None)["over"])))
    assert snap_compare(app, press=["r", "end"], terminal_size=SMALL)
