"""The one helper that shortens a line: whole words, then "…", never a word cut
in two, and never wider than the room it is given."""

from __future__ import annotations

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
