"""The shared plumbing of the cores: the persistent log and the draft copy (common/log.py,
common/draft.py)."""

from __future__ import annotations

import pickle
from typing import Any, NamedTuple

import pytest

from common import log
from common.draft import Draft, quick_replace, replacer
from common.events import Event, EventKind

SAID = EventKind.of("said", "seat", "words")
WHISPERED = EventKind.of("whispered", "seat", "words", private_to="seat")


def test_appending_shares_the_earlier_log_and_reads_in_order() -> None:
    first = log.append(log.EMPTY, ((SAID, 0, "ahoy"),))
    second = log.append(first, ((SAID, 1, "avast"), (WHISPERED, 2, "gold")))
    assert log.append(second, ()) is second  # an apply that logs nothing adds no link
    assert second[0] is first
    assert [r[1:] for r in log.records(second)] == [(0, "ahoy"), (1, "avast"), (2, "gold")]
    assert log.events(second) == (
        Event("said", (("seat", 0), ("words", "ahoy"))),
        Event("said", (("seat", 1), ("words", "avast"))),
        Event("whispered", (("seat", 2), ("words", "gold")), frozenset({2})),
    )


def test_a_kind_builds_its_records_from_its_keys_by_name() -> None:
    assert SAID.record(words="ahoy", seat=1) == (SAID, 1, "ahoy")  # the declared order
    assert EventKind.of("calm").record() == (EventKind.of("calm"),)
    with pytest.raises(TypeError, match=r"said\.record"):
        SAID.record(seat=1)  # a key missing
    with pytest.raises(TypeError):
        SAID.record(seat=1, words="x", loud=True)  # a key not declared
    with pytest.raises(TypeError):
        SAID.record(1, "x")  # each key by name
    for keys in (("seat", "seat"), ("class",), ("KIND",), ("no space",)):
        with pytest.raises(ValueError, match="distinct names"):
            EventKind.of("bad", *keys)


def test_a_kind_is_declared_once_and_read_back_from_a_pickle_as_itself() -> None:
    assert EventKind.of("said", "seat", "words") is SAID
    assert EventKind.of("said", "seat", "words", private_to="seat") is not SAID
    history = log.append(log.EMPTY, (SAID.record(seat=0, words="hi"),
                                     WHISPERED.record(seat=1, words="gold")))
    again = pickle.loads(pickle.dumps(history))
    assert again == history and again[1][0][0] is SAID and again[1][1][0] is WHISPERED
    assert log.events(again) == log.events(history)


def test_a_seat_reads_the_public_records_and_its_own_private_ones() -> None:
    history = log.append(log.EMPTY, ((WHISPERED, 0, "map"), (SAID, 1, "hi"), (WHISPERED, 1, "x")))
    assert [r[1:] for r in log.records(log.seen_by(history, 1))] == [(1, "hi"), (1, "x")]
    assert [r[1:] for r in log.records(log.seen_by(history, 2))] == [(1, "hi")]


def test_a_reader_converts_only_what_was_added_since_a_log_it_read() -> None:
    converted: list[tuple[object, ...]] = []

    def convert(record: tuple[object, ...]) -> object | None:
        converted.append(record)
        return None if record[0] is WHISPERED else record[2]

    reader = log.Reader()
    history = log.append(log.EMPTY, ((SAID, 0, "a"), (WHISPERED, 0, "b")))
    assert reader.read(history, "words", convert) == ("a",)
    longer = log.append(history, ((SAID, 1, "c"),))
    assert reader.read(longer, "words", convert) == ("a", "c")
    assert len(converted) == 3  # the first two records were not converted again
    assert reader.read(longer, "other key", convert) == ("a", "c") and len(converted) == 6


class Toy(NamedTuple):
    name: str
    scores: tuple[int, ...]
    turn: int
    history: log.Log


class ToyDraft(Draft):
    __slots__ = Toy._fields
    STATE = Toy
    LISTS = ("scores",)
    name: str
    scores: list[int]
    turn: int
    history: log.Log


def test_a_draft_holds_every_field_by_name_and_freezes_back_with_its_records() -> None:
    toy = Toy("t", (1, 2), 0, log.EMPTY)
    draft = ToyDraft(toy)
    draft.scores[1] += 5
    draft.turn = 3
    draft.records.append((SAID, 0, "scored"))
    frozen = draft.freeze()
    assert type(frozen) is Toy
    assert frozen[:3] == ("t", (1, 7), 3)
    assert [r[2] for r in log.records(frozen.history)] == ["scored"]
    assert toy == ("t", (1, 2), 0, ())  # the state drafted is untouched
    assert ToyDraft(toy).freeze() == toy  # nothing changed, nothing logged: the same state


def test_a_state_whose_last_field_is_not_its_history_is_refused() -> None:
    class NoHistory(NamedTuple):
        name: str

    with pytest.raises(TypeError):
        type("Bad", (Draft,), {"__slots__": NoHistory._fields, "STATE": NoHistory})
    with pytest.raises(TypeError):
        type("BadList", (Draft,), {"__slots__": Toy._fields, "STATE": Toy, "LISTS": ("nope",)})
    with pytest.raises(TypeError):  # the fields must be slots: the copy is built twice as fast
        type("NoSlots", (Draft,), {"STATE": Toy})


def test_a_replacer_sets_just_its_fields_as_replace_does() -> None:
    toy = Toy("t", (1, 2), 0, log.EMPTY)
    scored = replacer(Toy, "scores", "turn")
    after = scored(toy, turn=4, scores=(3, 2))
    assert type(after) is Toy
    assert after == toy._replace(scores=(3, 2), turn=4) == ("t", (3, 2), 4, ())
    with pytest.raises(TypeError):  # each of its fields must be given, by name
        scored(toy, turn=4)
    with pytest.raises(TypeError):
        scored(toy, (3, 2), 4)
    with pytest.raises(TypeError):
        replacer(Toy, "nope")


class Plain(NamedTuple):
    name: str
    scores: tuple[int, ...]
    turn: int = 0


@quick_replace
class Quick(NamedTuple):
    name: str
    scores: tuple[int, ...]
    turn: int = 0


def test_a_quick_replace_does_what_the_standard_one_does() -> None:
    plain, quick = Plain("t", (1, 2)), Quick("t", (1, 2))
    for changes in ({}, {"turn": 4}, {"scores": (3,), "name": "u"}, {"turn": 1, "name": "v"}):
        after = quick._replace(**changes)
        assert type(after) is Quick
        assert tuple(after) == tuple(plain._replace(**changes))
    unknown: dict[str, Any] = {"turn": 2, "nope": 1}
    with pytest.raises(ValueError, match="nope"):
        quick._replace(**unknown)
    with pytest.raises(ValueError, match="nope"):
        plain._replace(**unknown)
    with pytest.raises(TypeError):
        quick._replace("u")  # type: ignore[call-arg]
    assert quick == ("t", (1, 2), 0)  # the record replaced is left as it was


def test_the_pirates_draft_holds_every_field_of_the_state() -> None:
    """As slots, from the state's field list: the fields are declared in the state alone
    (tests/common/test_draft_fields.py)."""
    from pirates.draft import DraftCore
    from pirates.state import State

    slots = {k for cls in DraftCore.__mro__ for k in getattr(cls, "__slots__", ())}
    assert set(State._fields) <= slots
