"""Names are people's names: each shows something, no two look alike, and one
length limit holds everywhere and is the one the user guide states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import common.tui.app as app_module
import orcz
from common.engine import MAX_NAME_LENGTH, check_players
from common.tui.cli import main
from common.tui.names import parse_names, parse_table

INVISIBLE = ["\u200d", "\u3164", "\u2800", "\u0301\u0302", "\u3164\u200d\u0301"]
ALIKE = [("Ann", "\u0410nn"), ("Ann", "Ann\u200d"), ("Bob", "B\u043eb"), ("Al", "AI")]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="must show at least one"):
        parse_names(f"{name},Bob", orcz)


@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_two_names_that_look_alike_are_refused_with_the_reason(first: str, second: str) -> None:
    with pytest.raises(ValueError, match="look alike") as refused:
        parse_names(f"{first},{second},Cid", orcz)
    assert ascii(second) in str(refused.value)  # the difference is spelled out


def test_names_that_differ_to_the_eye_are_welcome() -> None:
    names = ["Zoë", "Zoe", "👨\u200d👩\u200d👧", "李"]
    assert parse_names(",".join(names), orcz) == names


def test_a_computer_player_never_looks_like_a_person() -> None:
    names, _ = parse_table("\u0397al,Kit", "2", orcz)  # a Greek capital Eta: "Hal" to the eye
    assert "Hal" not in names


class NoApp:
    """The app must not start: the names are refused before."""

    def __init__(self, *_: Any, **__: Any) -> None:
        raise AssertionError("the game started with look-alike names")


def test_the_command_line_refuses_look_alike_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "HotseatApp", NoApp)
    assert main(["orcz", "--players", "Ann,\u0410nn,Cid"]) == 2
    assert "look alike" in capsys.readouterr().err


def test_one_name_limit_everywhere_and_the_guide_says_it() -> None:
    longest = "A" * MAX_NAME_LENGTH
    assert parse_names(f"{longest},Bob", orcz)[0] == longest
    assert check_players([longest, "Bob"], "Orcz", 2, 4)[0] == longest
    with pytest.raises(ValueError, match=f"at most {MAX_NAME_LENGTH} characters"):
        parse_names(f"{longest}A,Bob", orcz)
    guide = (Path(__file__).parents[2] / "docs" / "user-guide.md").read_text(encoding="utf-8")
    said = " ".join(guide.split())
    assert f"Player names are at most {MAX_NAME_LENGTH} characters" in said


def test_a_french_table_seats_computer_players_with_french_names() -> None:
    """Not Kit and Ivy among Hélène and Étienne; a name a person took is not offered again,
    and the first offered have initials unlike the people's."""
    from common.i18n import set_language

    set_language("fr")
    names, _ = parse_table("Hélène,Max", "2", orcz)
    assert names == ["Hélène", "Max", "Zoé", "Léo"]
    set_language("en")
    assert parse_table("Ann", "2", orcz)[0] == ["Ann", "Hal", "Kit"]
