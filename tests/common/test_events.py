"""Event visibility: the one filter behind logs, views and replays."""

from __future__ import annotations

from common.events import Event, filter_log, visible_to


def test_public_events_are_seen_by_everyone_and_spectators() -> None:
    event = Event.make("placed", seat=0)
    assert visible_to(event, 0) and visible_to(event, 3) and visible_to(event, None)


def test_private_events_are_seen_by_their_seats_only() -> None:
    event = Event.make("scout_seen", visible=(2,), card="cavalry-3")
    assert visible_to(event, 2)
    assert not visible_to(event, 1)
    assert not visible_to(event, None)
    assert filter_log([event, Event.make("x")], 1) == [Event.make("x")]


def test_as_dict_is_json_ready() -> None:
    event = Event.make("battle", strengths=(1, 2), won=True)
    assert event.as_dict() == {"kind": "battle", "strengths": [1, 2], "won": True,
                               "private": False}
