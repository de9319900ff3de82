"""The Orcz log: kept as compact records, read as Events, the same however it is read."""

from __future__ import annotations

import random

import orcz
from common.events import event_of
from common.log import records


def _fresh_log(state: orcz.State) -> tuple[object, ...]:
    """Every record turned into an event anew, past the logs read lately (common/log.py)."""
    return tuple(map(event_of, records(state.history)))


def test_a_log_read_after_earlier_ones_equals_the_log_read_from_scratch() -> None:
    rnd = random.Random(4)
    state = orcz.new_game(["A", "B", "C"], 11)
    seen = len(state.log)
    while not orcz.is_over(state):
        seat = state.pending.seat
        actions = orcz.legal_actions(state, seat)
        state = orcz.apply(state, actions[rnd.randrange(len(actions))])
        log = state.log  # built on the log read one step before
        assert len(log) > seen
        seen = len(log)
        if rnd.random() < 0.1:
            assert log == _fresh_log(state)
    assert state.log == _fresh_log(state)


def test_two_states_grown_from_one_keep_their_own_logs() -> None:
    state = orcz.new_game(["A", "B"], 3)
    state.log  # noqa: B018 (read it, so both branches build on it)
    first, second = orcz.legal_actions(state, state.pending.seat)[:2]
    one, two = orcz.apply(state, first), orcz.apply(state, second)
    assert one.log[: len(state.log)] == two.log[: len(state.log)] == state.log
    assert one.log != two.log
    assert one.log == _fresh_log(one) and two.log == _fresh_log(two)
