"""The one helper that shortens a line: whole words, then "…", never a word cut
in two, and never wider than the room it is given."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from common.tui.fit import ELLIPSIS, fit_block, shorten, wrapped
from common.tui.keybar import key_line
from tests.tui.fitcheck import is_whole_words

WORDS = st.lists(st.text(alphabet="abcdé·:,—⚓☠12", min_size=1, max_size=9), min_size=1,
                 max_size=14)


@given(WORDS, st.integers(min_value=2, max_value=60))
def test_a_shortened_line_fits_and_ends_after_a_whole_word(words: list[str], width: int) -> None:
    full = " ".join(words)
    shown = shorten(full, width).plain
    assert cell_len(shown) <= width
    if cell_len(words[0]) + 1 <= width:  # a first word that fits is never cut
        assert is_whole_words(shown, full), (full, width, shown)


def test_shorten_by_hand() -> None:
    line = "Month 1/12 · Navigation (secret) · waiting for Ann, Bob, Cid, Dan, Eve"
    assert shorten(line, 80).plain == line
    assert shorten(line, 40).plain == "Month 1/12 · Navigation (secret)…"
    assert shorten(line, 58).plain == "Month 1/12 · Navigation (secret) · waiting for Ann, Bob…"
    assert shorten("Supercalifragilistic", 8).plain == "Superca…"  # one word: no choice


def test_a_block_keeps_its_lines_and_marks_what_it_left_out() -> None:
    hint = Text("Gold left: 9 (kept) · 2 dice. ↑↓ a section · ←→ or −/+ its ring · "
                "Enter: the whole outfit, to confirm")
    shown = fit_block(hint, 44, 2)
    lines = shown.plain.split("\n")
    assert len(lines) == 2 and all(cell_len(line) <= 44 for line in lines)
    assert lines[1].endswith(ELLIPSIS)
    joined = " ".join(line.strip() for line in lines)
    assert is_whole_words(joined, hint.plain), joined
    assert fit_block(hint, 44, 3).plain == hint.plain  # room enough: untouched


def test_wrapped_lines_are_what_the_screen_lays_out() -> None:
    lines = wrapped(Text("Powder Keg — volley: each hit also hits every hull here, yours too"),
                    44)
    assert [line.plain.strip() for line in lines] == [
        "Powder Keg — volley: each hit also hits", "every hull here, yours too"]


def test_the_key_bar_leaves_out_whole_keys_never_half_a_word() -> None:
    pairs = [("↑↓←→", "Move", False), ("1…", "Pick", False), ("s", "Scout", False),
             ("^b", "Step back", False), ("^r", "Restart", False), ("^x", "Leave", False),
             ("^c", "Quit", True), ("f1", "Help", True)]
    wide = key_line(pairs, 100, frozenset({"f1"})).plain
    assert wide == " ↑↓←→ Move  1… Pick  s Scout  ^b Step back  ^r Restart  ^x Leave  ^c Quit" \
                   "  f1 Help"
    one_gap = key_line(pairs, 76, frozenset({"f1"})).plain
    assert one_gap == " ↑↓←→ Move 1… Pick s Scout ^b Step back ^r Restart ^x Leave ^c Quit f1 Help"
    narrow = key_line(pairs, 50, frozenset({"f1"})).plain
    assert cell_len(narrow) <= 50
    assert narrow == " ↑↓←→ Move 1… Pick s Scout ^b Step back … f1 Help"


def test_a_battlefields_title_keeps_its_number_and_name_before_the_word_now() -> None:
    from orcz.ui.render import fit_title

    assert fit_title("▶NOW 3 Falladir", 16) == "▶NOW 3 Falladir"
    assert fit_title("▶NOW 3 Falladir", 14) == "▶ 3 Falladir"  # was "▶NOW 3 Fallad…"
    assert fit_title("3 Kingdom of Falladir", 14) == "3 Kingdom of…"


KEY_PAIRS = st.lists(st.tuples(st.text(alphabet="abc^12", min_size=1, max_size=3),
                               st.text(alphabet="Movepick ", min_size=1, max_size=12)
                               .map(str.strip).filter(bool),
                               st.booleans()),
                     min_size=1, max_size=14, unique_by=lambda pair: pair[0])


@given(KEY_PAIRS, st.integers(min_value=20, max_value=100))
def test_the_key_bar_takes_a_second_line_before_it_leaves_a_key_out(
        pairs: list[tuple[str, str, bool]], width: int) -> None:
    from common.tui.keybar import key_lines

    lines = key_lines(pairs, width).plain.split("\n")
    assert len(lines) <= 2 and all(cell_len(line) <= width for line in lines), lines
    whole = [f" {key} {words}" for key, words, _own in pairs]
    # a key is on a line whole, or (no room in two lines) left out with "…" to say so
    shown = [pair for pair in whole if any(pair.strip() in line for line in lines)]
    if len(shown) < len(whole):
        assert ELLIPSIS in lines[-1] and len(lines) == 2, lines  # two lines were not enough
        assert cell_len("".join(whole)) > width + 1, (lines, whole)
    if cell_len("".join(whole)) <= width:
        assert len(lines) == 1  # one line when it holds every key


def test_a_key_bar_of_two_lines_by_hand() -> None:
    from common.tui.keybar import key_lines

    pairs = [("↑↓←→", "Move", False), ("1…", "Pick", False), ("o", "Open hand", False),
             ("t", "Tips off", False), ("a", "Attack", False), ("h", "Hold", False),
             ("s", "Scout", False), ("g", "Glossary", True), ("^c", "Quit", True),
             ("f1", "Help", True)]
    assert key_lines(pairs, 78, frozenset({"f1"})).plain == (
        " ↑↓←→ Move 1… Pick o Open hand t Tips off a Attack h Hold s Scout g Glossary\n"
        " ^c Quit f1 Help")
    assert key_lines(pairs, 78, frozenset({"f1"}), rows=1).plain == (
        " ↑↓←→ Move 1… Pick o Open hand t Tips off a Attack h Hold s Scout … f1 Help")


def test_a_line_of_parts_keeps_its_first_and_leaves_the_others_out_whole() -> None:
    from common.tui.fit import fit_parts

    line = Text("▶ Fire or flee · Combat off Sail Island (exchange 1) · waiting for Eve · "
                "Month 3/12")
    assert fit_parts(line, 90).plain == line.plain
    assert fit_parts(line, 75).plain == ("▶ Fire or flee · Combat off Sail Island (exchange 1)"
                                         " · waiting for Eve")
    assert fit_parts(line, 40).plain == "▶ Fire or flee"  # never "(exchange…"
    assert fit_parts(line, 8).plain == "▶ Fire…"  # the first part alone too long: shortened
    warned = Text("▶ Fire or flee · Combat off Sail Island  ⚠ not saved")
    assert fit_parts(warned, 30).plain == "▶ Fire or flee  ⚠ not saved"  # the warning stays


def test_a_sum_and_a_count_are_never_split() -> None:
    from common.tui import nobreak  # noqa: F401  (the app's wrapping, as it runs)
    from common.tui.fit import unbroken

    assert unbroken("1 + 1 + 2 = 4") == "1\u00a0+\u00a01\u00a0+\u00a02\u00a0=\u00a04"
    assert unbroken("Battlefields cleared: 4 of 4", last=2) == \
        "Battlefields cleared: 4\u00a0of\u00a04"
    shown = wrapped(Text("fame cards: " + unbroken("1 + 1 + 2 + 3 = 7")), 20)
    assert [line.plain.strip() for line in shown] == ["fame cards:", "1\u00a0+\u00a01\u00a0+"
                                                      "\u00a02\u00a0+\u00a03\u00a0=\u00a07"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_map_key_shows_its_parts_whole_in_the_room_it_has(language: str) -> None:
    from common import i18n
    from pirates.ui.render import MAP_KEY, map_key

    i18n.set_language(language)
    parts = i18n._(MAP_KEY).split(" · ")
    for width, rows in ((38, 1), (38, 2), (30, 3), (120, 1)):
        lines = map_key(width, rows).plain.split("\n")
        assert len(lines) <= rows and all(cell_len(line) <= width for line in lines)
        shown = [part for line in lines for part in line.split(" · ")]
        assert all(part in parts for part in shown), (shown, parts)  # every part whole
        assert shown[0] == parts[0]  # the signs' key first
    assert map_key(200, 1).plain == i18n._(MAP_KEY)


def test_a_count_in_the_combat_box_stays_with_its_noun() -> None:
    from common.tui import nobreak  # noqa: F401  (the app's wrapping, as it runs)
    from pirates.ui.widgets import held_counts

    line = held_counts("Barbe-Noire est coulé ! 6 de renommée à chaque navire présent.")
    rows = [row.plain.strip() for row in wrapped(Text(line), 30)]
    assert any("6\u00a0de\u00a0renommée" in row for row in rows), rows
    assert held_counts("Ann 3, Bob 12 fame") == "Ann 3, Bob 12\u00a0fame"
