"""Every event the Orcz rules log is one of the declared kinds, with its keys in order
(orcz/event_kinds.py), checked on the source for every call (tests/common/event_calls.py)."""

from __future__ import annotations

from pathlib import Path

from orcz import event_kinds as E
from tests.common.event_calls import check_logging, declared, kinds_used, logging_calls

ORCZ = Path(__file__).resolve().parents[2] / "orcz"
DECLARED = declared(E)


def orcz_calls() -> list:
    return logging_calls("orcz")


def test_every_event_logged_names_a_declared_kind_and_gives_its_keys_in_order() -> None:
    assert len(check_logging("orcz", DECLARED)) > 25


def test_every_declared_kind_is_logged_somewhere() -> None:
    assert set(DECLARED) == kinds_used(orcz_calls())


def test_no_rule_appends_a_record_by_hand() -> None:
    for path in sorted(ORCZ.glob("*.py")):
        assert "records.append((" not in path.read_text(), path.name
