"""Each key's letter comes from the language in use (common/tui/keymap.py): no two bindings of
one screen share a key in any language, the French letters are the French words' (g / d for
gauche / droite, r for rester), and the key bar names Esc "Échap" in French."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from textual.binding import Binding

from common import i18n
from common.tui.app import APP_BINDINGS, HotseatApp
from common.tui.end import EndScreen
from common.tui.gameui import keymap_in_use
from common.tui.help import HelpScreen
from common.tui.learn_flow import LessonFlow
from common.tui.menu import ResumeScreen
from orcz.ui.screens import OrczTable
from pirates.ui.screens import PiratesTable
from tests.tui.driver import sync

# Keys whose bindings are on at different moments by design, never together: a split's +/−
# and, elsewhere, "-" as the AZERTY number row's 6; "n" is nobody (a card window) or impose
# nothing (Orcz's split).
APART = [{"adjust(-1)", "row_key(-1,'6')"}, {"adjust(1)", "row_key(1,'')"},
         {"nobody", "nothing"}]
SCREENS: list[type[Any]] = [OrczTable, PiratesTable, HelpScreen, EndScreen, ResumeScreen]


def bindings_of(screen: type[Any]) -> list[tuple[Binding, bool]]:
    """The screen's bindings (its classes', then the app's), each with whether it is the
    screen's own; a screen's binding overrides the app's on purpose only when the app's key
    was not moved by a language (e.g. q closes the help)."""
    own = [b for cls in screen.__mro__ for b in cls.__dict__.get("BINDINGS", ())
           if isinstance(b, Binding)]
    return [(b, True) for b in own] + [(b, False) for b in APP_BINDINGS if isinstance(b, Binding)]


def clashes(screen: type[Any], keymap: dict[str, str]) -> list[str]:
    by_key: dict[str, list[tuple[Binding, bool]]] = defaultdict(list)
    for binding, own in bindings_of(screen):
        keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
        for key in keys.split(","):
            by_key[key.strip()].append((binding, own))
    found = []
    for key, bound in by_key.items():
        actions = {b.action.removeprefix("app.") for b, _own in bound}
        if len(actions) < 2 or any(actions <= apart for apart in APART):
            continue
        moved = any(b.id in keymap for b, _own in bound if b.id)
        same_place = len({own for _b, own in bound}) == 1
        if moved or same_place:
            found.append(f"{key}: {sorted(actions)}")
    return found


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("screen", [*SCREENS, type("OrczLesson", (LessonFlow, OrczTable), {})],
                         ids=lambda s: getattr(s, "__name__", str(s)))
def test_no_two_bindings_of_a_screen_share_a_key(language: str, screen: type[Any]) -> None:
    i18n.set_language(language)
    assert clashes(screen, keymap_in_use()) == []


def same_words(screen: type[Any]) -> list[str]:
    """The words that two shown bindings of ``screen`` doing different things share on the
    key bar (a screen's binding overriding the app's on its key is one binding)."""
    by_words: dict[str, set[str]] = defaultdict(set)
    overridden = {b.key for b, own in bindings_of(screen) if own}
    for binding, own in bindings_of(screen):
        if binding.show and (own or binding.key not in overridden):
            by_words[i18n._(binding.description)].add(binding.action.removeprefix("app."))
    return [f"{words}: {sorted(actions)}" for words, actions in by_words.items()
            if len(actions) > 1]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("screen", [*SCREENS, type("OrczLesson", (LessonFlow, OrczTable), {})],
                         ids=lambda s: getattr(s, "__name__", str(s)))
def test_no_two_keys_of_a_screen_say_the_same_words(language: str, screen: type[Any]) -> None:
    # "^x Quitter" (leave the lesson) beside "^c Quitter" (quit hotseat) read as one Quit twice
    i18n.set_language(language)
    assert same_words(screen) == []


def test_the_check_sees_a_clash() -> None:
    """Giving Orcz's "hold" the glossary's key in French would be caught."""
    i18n.set_language("fr")
    keymap = {**keymap_in_use(), "orcz.hold": "l"}
    assert clashes(OrczTable, keymap) == ["l: [\"fight('hold')\", 'glossary']"]


def test_french_keys_are_the_french_words_letters() -> None:
    i18n.set_language("fr")
    keymap = keymap_in_use()
    assert {k: keymap[k] for k in ("orcz.left", "orcz.right", "orcz.hold", "orcz.scout",
                                   "app.undo", "pirates.done")} == {
        "orcz.left": "g", "orcz.right": "d", "orcz.hold": "r", "orcz.scout": "e",
        "app.undo": "z", "pirates.done": "t"}
    i18n.set_language("en")
    assert keymap_in_use() == {}  # English: the bindings' own keys


@sync
async def test_the_french_key_bar_says_echap_and_the_french_letters() -> None:
    from common.session import GameSession
    from common.tui.keybar import KeyBar
    from tests.tui.driver import wait_until

    def screen() -> str:
        return "\n".join(strip.text for strip in app.screen._compositor.render_strips())

    i18n.set_language("fr")
    app = HotseatApp(GameSession.new("orcz", ["Anne", "Bruno", "Hélène"], 12))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Passez le terminal" in screen(), "the curtain")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Où placer votre rang" in screen(), "the panel")
        for key in ("1", "1", "enter", "5"):  # a battlefield, the rank's two cards ("1" waits)
            before = screen()
            await pilot.press(key)
            await wait_until(pilot, lambda before=before: screen() != before, f"key {key}")
        await wait_until(pilot, lambda: "(g / d)" in screen(), "which card goes face down")
        bar = app.screen.query_one(KeyBar)
        assert "Échap" in bar.text and "esc" not in bar.text.split()
        assert app.get_key_display(Binding("escape", "back")) == "Échap"
        await pilot.press("g")  # gauche: the left card goes face down
        await wait_until(pilot, lambda: "Placer ce rang" in screen(), "the rank to confirm")
        assert "1A (Inf1)" in screen()
