"""Test-wide settings: property tests are reproducible on CI, exploratory elsewhere."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("deep", max_examples=3000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else
                                     "default"))


@pytest.fixture(autouse=True)
def strict_holder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private draw for a seat that does not hold the terminal raises (``common.tui.holder``)
    instead of quietly drawing nothing: a path that would leak fails the test."""
    from common.tui.holder import Holder

    monkeypatch.setattr(Holder, "strict", True)
