"""Every event the Pirates rules log is one of the declared kinds, with its keys in order
(pirates/event_kinds.py), checked on the source for every call (tests/common/event_calls.py)."""

from __future__ import annotations

from pirates import event_kinds as E
from tests.common.event_calls import check_logging, declared, kinds_used, logging_calls

DECLARED = declared(E)


def test_every_emit_names_a_declared_kind_and_gives_its_keys_in_order() -> None:
    calls = check_logging("pirates", DECLARED)
    assert len(calls) > 60


def test_every_declared_kind_is_logged_somewhere() -> None:
    assert set(DECLARED) == kinds_used(logging_calls("pirates"))


def test_private_kinds_are_read_by_the_seat_they_name() -> None:
    private = {name for name, kind in DECLARED.items() if kind.private >= 0}
    assert private == {"OUTFIT_SECRET", "NAVIGATION_SECRET", "DREW_CARD"}
    assert all(DECLARED[name].keys[DECLARED[name].private] == "seat" for name in private)

