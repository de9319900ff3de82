"""Every kind of move of both games has its own words, in English and in French: the review
and a lesson's tutor ("a move that does it: …") never fall back on the move's internal name."""

from __future__ import annotations

from typing import Any

import pytest

import orcz.actions
import pirates.actions
from common.i18n import set_language
from orcz.ui.render import action_words
from pirates.ui.screens import _ACTION_WORDS, describe_action

NAMES = ("Anne", "Bruno", "Cyril")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", sorted(orcz.actions.CODEC.types))
def test_every_orcz_move_has_its_own_words(lang: str, kind: str) -> None:
    set_language(lang)
    fallback = action_words({"type": "no_such_move", "seat": 1}, NAMES)
    words = action_words({"type": kind, "seat": 1, "target": 2, "shares": [0, 0, 1],
                          "payments": [0, 0, 1], "left": "archer-1", "right": "infantry-2",
                          "battlefield": "urth", "face_down": "left"}, NAMES)
    assert "Bruno" in words and words != fallback
    if lang == "fr":
        assert kind not in words and kind.replace("_", " ") not in words


def test_an_unknown_orcz_move_is_said_in_french_without_its_internal_name() -> None:
    set_language("fr")
    assert action_words({"type": "no_such_move", "seat": 0}, NAMES) == "Anne joue un coup"


def test_every_pirates_move_has_its_own_words() -> None:
    """The review words a move by its kind's phrase: one for each kind the codec knows."""
    assert set(_ACTION_WORDS) == set(pirates.actions.TYPES)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_pirates_move_is_worded_in_the_language_in_use(lang: str) -> None:
    set_language(lang)
    move: dict[str, Any] = {"type": "fire", "seat": 0, "target": 2, "section": "hull"}
    said = describe_action(move, NAMES)
    assert said == {"en": "Anne fires at Cyril's hull",
                    "fr": "Anne tire sur Cyril (coque)"}[lang]
