"""Event visibility: the one filter behind logs, views and replays."""

from __future__ import annotations

import pytest

from common.events import Event, EventKind, event_of, filter_log, visible_to


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


def test_a_compact_record_reads_as_the_event_it_stands_for() -> None:
    kind = EventKind.of("placed_hidden", "seat", "battlefield", "card", private_to="seat")
    event = event_of((kind, 2, "urth", "archer-1"))
    assert event == Event.make("placed_hidden", visible=[2], seat=2, battlefield="urth",
                               card="archer-1")
    assert visible_to(event, 2) and not visible_to(event, 1) and not visible_to(event, None)


def test_a_public_record_is_seen_by_everyone() -> None:
    kind = EventKind.of("round_start", "round", "first")
    event = event_of((kind, 3, 1))
    assert event.visible is None and event.get("round") == 3 and event.get("first") == 1


def test_a_record_with_the_wrong_number_of_values_is_refused() -> None:
    kind = EventKind.of("round_start", "round", "first")
    with pytest.raises(ValueError):
        event_of((kind, 3))


def test_the_orcz_log_reads_records_as_the_same_events_every_time() -> None:
    import orcz

    state = orcz.new_game(["A", "B"], 5)
    first, again = state.log, state.log
    assert first == again and all(isinstance(e, Event) for e in first)
    assert [e.kind for e in first[:3]] == ["game_start", "round_start", "enemy_revealed"]
