"""Test-wide settings: property tests are reproducible on CI, exploratory elsewhere."""

from __future__ import annotations

import os
from collections.abc import Iterator

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


@pytest.fixture(autouse=True)
def no_key_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Curtains and notices take their key at once (``common.tui.keyguard``): the tests wait for
    the screen they press a key on. ``tests/tui/test_keyguard.py`` puts the guard back."""
    from common.tui.keyguard import KeyGuard

    monkeypatch.setattr(KeyGuard, "SECONDS", 0.0)

    from common.tui.numbered import TypedNumber

    # the digits of one number, pressed as a test presses them (waiting for the app in between)
    monkeypatch.setattr(TypedNumber, "WAIT", 30.0)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the developer's locale, and leaves English behind
    (``hotseat --lang fr`` sets the language for the whole process)."""
    from common import i18n

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def tips_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tips in real games (``common.tui.tips``) are off unless a test turns them on: the other
    tests' screens and snapshots stay as they are. ``tests/tui/test_tips.py`` and the key fuzzer
    turn them on."""
    from common.tui import settings

    monkeypatch.setitem(settings.DEFAULTS, "tips", False)
