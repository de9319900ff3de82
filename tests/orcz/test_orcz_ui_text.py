"""The Orcz interface's words, tags and keys, on the pure parts:
render.py and picker.py, from real views."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import orcz
from common.tui.choices import Chosen, Moved, Refused
from common.tui.numbered import number_keys
from common.tui.tree import Unavailable
from orcz.actions import HandOut, Impose, PlaceRank
from orcz.ui.picker import DeployPicker, SplitPicker
from orcz.ui.render import (
    field_column,
    field_title,
    hand_text,
    header_text,
    pending_text,
    player_tags,
    rank_line,
    standings_text,
)
from tests.orcz.orcz_scenario import R, deploy, game, random_play

L, U = "lothari", "urth"


# ---------------------------------------------------------------- item 12: tags and keys

@pytest.mark.parametrize("names", [
    ["Ann", "Abe", "7", "?!"],
    ["1", "2", "3", "4"],
    ["Ann", "Ann", "Ann", "Ann"],
    ["Al", "Al", "A", "B"],
    ["李", "Ἀ", "__", "Bob"],
])
def test_player_tags_are_distinct_and_never_a_digit(names):
    tags = player_tags(names)
    assert len(set(tags)) == len(tags) == len(names)
    assert all(tag and not any(c.isdigit() for c in tag) for tag in tags), tags
    assert all(len(tag) <= 2 for tag in tags)


def test_a_rank_number_and_its_owner_tag_cannot_read_as_one_number():
    tags = player_tags(["1", "23"])
    line = rank_line({"owner": 1, "left": {"id": "infantry-1"}, "right": {"id": "archer-2"}},
                     "2", tags).plain
    assert re.match(r"^ 2[A-Z]", line), line


def full_hand_picker() -> DeployPicker:
    s = game(2)
    view = orcz.view(s, 0)
    return DeployPicker(view, orcz.legal_actions(s, 0),
                        lambda a: str(orcz.placement_refusal(s, a) or ""))


def test_card_keys_keep_their_meaning_from_left_to_right():
    picker = full_hand_picker()
    assert picker.pick(1) == Moved()  # Valley of Urth
    left = [c.value for c in picker.choices()]
    assert picker.pick(left.index("infantry-2")) == Moved()
    right = picker.choices()
    assert [c.value for c in right] == left  # same card, same position, same key
    used = right[left.index("infantry-2")]
    assert not used.enabled
    refused = picker.pick(left.index("infantry-2"))
    assert isinstance(refused, Refused) and "LEFT card" in refused.reason
    assert picker.step == "right"


def test_champion_and_shaman_have_keys_past_the_tenth_card():
    picker = full_hand_picker()
    picker.pick(1)
    cards = [c.value for c in picker.choices()]
    assert cards[10:12] == ["champion", "shaman"]
    labels = [c.label for c in picker.choices()]
    # their numbers, 11 and 12, typed in full: no punctuation key (AZERTY's "-" is its 6)
    assert labels[10:12] == ["Champion", "Shaman"]
    assert number_keys(10, len(cards)) == ["1", "1"] and number_keys(0, len(cards)) == [
        "1", "enter"]
    # the scout, never in a rank, comes last, ✗ with the rules' reason: no key is spent on it
    assert len(cards) == 13 and isinstance(cards[12], Unavailable) and labels[12] == "Scout"
    # index 10 (number 11) picks the champion as the left card
    assert picker.pick(10) == Moved() and picker.left == "champion"


def test_impose_offers_nothing_as_a_row_and_hand_out_does_not():
    view: dict[str, Any] = {
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
        "pending": {"kind": "impose", "seat": 0, "amount": 2, "candidates": [1, 2]},
    }
    legal = [Impose(0, U, s) for s in ((0, 2, 0), (0, 1, 1), (0, 0, 2), (0, 0, 0))]
    picker = SplitPicker(view, legal)
    rows = picker.choices()
    assert rows[-1].label == "Impose nothing" and len(rows) == 3
    assert picker.pick(2) == Chosen(Impose(0, U, (0, 0, 0)))
    assert picker.nothing() == Chosen(Impose(0, U, (0, 0, 0)))
    assert picker.pick(0) == Chosen(Impose(0, U, (0, 2, 0)))
    picker.adjust(0, -2)
    refused = picker.pick(0)  # zeros by +/- are not a silent "nothing"
    assert isinstance(refused, Refused) and "impose nothing" in refused.reason
    view["pending"]["kind"] = "hand_out"
    hand_out = SplitPicker(view, [HandOut(0, U, s) for s in ((0, 2, 0), (0, 1, 1), (0, 0, 2))])
    assert len(hand_out.choices()) == 2
    assert isinstance(hand_out.nothing(), Refused)


def test_split_texts_fit_the_panel_at_80_columns():
    view: dict[str, Any] = {
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "A very long name, really"}],
        "pending": {"kind": "impose", "seat": 0, "amount": 1, "candidates": [1, 2]},
    }
    picker = SplitPicker(view, [Impose(0, U, (0, 1, 0))])
    # the private panel is 2/3 of 80 columns less its border and padding: 48 columns
    for line in [picker.prompt(), *(picker.preview() or "").plain.splitlines(),
                 *(c.label for c in picker.choices())]:
        assert len(line) <= 48, line
    assert "goblin(s)" not in picker.prompt() and "1 goblin " in picker.prompt()


# ---------------------------------------------------------------- fit, words

NAMES = ["Annabelle-Marguerite", "Bob", "Cid", "Dee"]  # 20 letters: the longest seen so far


def test_status_line_fits_80_columns_with_a_long_name():
    kinds = set()
    for seed in range(4):
        for s in random_play(NAMES, seed):
            view = orcz.view(s, None)
            text = pending_text(view)
            kinds.add(view["pending"]["kind"])
            # 80 columns less the padding and the "▶ " mark
            assert len(text) <= 76, text
            assert "(s)" not in text
    assert {"deploy", "fight", "hand_out", "impose", "over"} <= kinds


def test_private_summary_with_a_scout_fits_the_panel():
    s = game(3, events=["storm"])
    s = deploy(s, {0: [R(U, "infantry-1", "archer-2")]}, stop_after=1)
    s = orcz.apply(s, orcz.Scout(1, U, 0, "right"))
    view = orcz.view(s, 1)
    text = hand_text(view).plain
    assert "scouted: Red's Arc2" in text
    assert len(text) <= 48, text  # the panel's width at 80 columns


def test_words_are_plain_in_the_header_and_standings():
    *_, state = random_play(["Ann", "Bob", "Cid"], 2)
    final = orcz.view(state, None)
    final["players"][0]["spent_heroes"] = ["shaman", "scout"]
    header = header_text(final, player_tags(["Ann", "Bob", "Cid"])).plain
    assert "(spent Sh Sc)" in header.replace("\u00a0", " ")
    standings = standings_text(final).plain
    for text in (header, standings):
        assert "(s)" not in text and " 1 goblins" not in text, text


def test_aside_line_says_strength():
    field = {"column": [], "aside": [{"owner": 0, "left": {"id": "infantry-4"},
                                      "right": {"id": "infantry-3"}, "revealed": True}],
             "aside_strength": 7}
    assert "aside: 7 strength" in field_column(field, ["A"]).plain


def test_battlefield_title_is_short_when_the_frame_is_narrow():
    field = {"id": "falladir", "name": "Kingdom of Falladir", "resolving": False}
    assert field_title(field, 2) == "3 Kingdom of Falladir"
    assert field_title(field, 2, width=20) == "3 Falladir"
    assert field_title(field, 2, width=40) == "3 Kingdom of Falladir"


def test_placement_preview_is_unchanged_by_stable_keys():
    picker = full_hand_picker()
    for index in (1, 0, 1):  # Urth, infantry 1, infantry 2
        picker.pick(index)
    picker.pick(1)  # right face down
    action = picker.pick(0)
    assert action == Chosen(PlaceRank(0, U, "infantry-1", "infantry-2", "right"))


# ---------------------------------------------------------------- item 6: names shown literally

MARKUP_NAMES = ["[/]", "[b]x", "Ann [link=x]"]


def test_names_that_look_like_markup_are_shown_literally():
    from orcz.ui.picker import FightPicker

    s = orcz.new_game(MARKUP_NAMES, 5, setup={
        "first_player": 0, "stacks": {f: [f"{f}-6-3"] for f in (L, U, "falladir", "thirst")},
        "events": ["storm"], "resolution_orders": [[U, L, "falladir", "thirst"]]})
    s = deploy(s, {0: [R(U, "infantry-2", "archer-2")], 1: [R(U, "infantry-1", "archer-1")],
                   2: [R(U, "infantry-3", "archer-3")]}, stop_after=3)
    s = orcz.apply(s, orcz.Scout(1, U, 0, "right"))
    tags = player_tags(MARKUP_NAMES)
    seen = orcz.view(s, 1)
    texts = [header_text(seen, tags).plain, hand_text(seen).plain,
             pending_text(orcz.view(s, None))]
    s = deploy(s)
    while s.pending.kind == "fight" and s.order[0] != 1:
        s = orcz.apply(s, orcz.Hold(s.pending.seat, orcz_scenario_field(s)))
    assert s.pending.kind == "fight" and s.order[0] == 1
    fight = FightPicker(orcz.view(s, s.pending.seat), orcz.legal_actions(s, s.pending.seat))
    fight.tags = tags
    texts.append((fight.preview() or "").plain)
    texts.append(pending_text(orcz.view(s, None)))
    joined = "\n".join(texts)
    for name in MARKUP_NAMES:
        assert name in joined, (name, joined)
    assert "[/]'s Arc2" in texts[1]  # the scouted card's owner


def orcz_scenario_field(s: orcz.State) -> str:
    from orcz.data import BATTLEFIELDS

    return BATTLEFIELDS[s.order[0]].id


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_top_lines_fit_four_rows_at_80_columns_whatever_the_event(language: str) -> None:
    from rich.console import Console

    from common import i18n
    from orcz import data as D
    from orcz.ui import names as N

    i18n.set_language(language)  # the conftest sets English back after the test

    names = ["Annabelle-Marguerite", "Bobby-Joe-Jim-Bob", "Cid the Third", "Dee"]
    view = orcz.view(orcz.new_game(names, 1), None)
    for p in view["players"]:
        p["spent_heroes"] = ["champion", "shaman", "scout"]
    console = Console(width=78)  # 80 less the padding
    for tile in D.EVENTS:
        view["event"] = {"id": tile.id, "kind": tile.kind, "name": tile.name, "text": tile.text}
        text = header_text(view, player_tags(names))
        assert len(console.render_lines(text, pad=False)) <= 4, tile.name  # #info's height
        assert (tile.text if language == "en" else N.event_text(tile.id)) in text.plain
        assert language == "en" or "Événement\u00a0:" in text.plain


def test_review_words_for_every_action_of_a_game_name_no_internal_kind():
    from orcz.ui.render import action_words

    names = ["Ann", "Bob", "Cid"]
    rnd = random.Random(5)
    s = orcz.new_game(names, 5)
    seen: set[str] = set()
    while not orcz.is_over(s):
        action = rnd.choice(orcz.legal_actions(s, orcz.to_act(s)[0]))
        data = orcz.action_to_json(action)
        words = action_words(data, names)
        seen.add(data["type"])
        assert "_" not in words and "?" not in words, words
        assert names[data["seat"]] in words
        s = orcz.apply(s, action)
    assert {"place_rank", "hold"} <= seen
    assert action_words({"type": "impose", "seat": 0, "battlefield": "urth",
                         "payments": [0, 0, 2]}, names) == \
        "Ann has the bank paid on Valley of Urth: Cid 2"
    assert action_words({"type": "impose", "seat": 0, "battlefield": "urth",
                         "payments": [0, 0, 0]}, names) == "Ann imposes nothing on Valley of Urth"
    assert action_words({"type": "hand_out", "seat": 1, "battlefield": "thirst",
                         "shares": [1, 0, 1]}, names) == \
        "Bob hands out on Desert of Thirst: Ann 1, Cid 1"


def test_status_line_with_the_challenge_clock_fits_80_columns():
    from orcz.ui.render import clock_text

    s = orcz.new_game(["Annabelle", "Bob"], 1, orc_challenge=True)
    status = pending_text(orcz.view(s, None))
    for left, expired in ((14.2, False), (None, True)):
        line = "▶ " + status + clock_text(left, expired).plain
        assert len(line) <= 78, line  # 80 columns less the padding
    assert clock_text(0.3, False).plain.endswith("1 s")
    assert "c to challenge" in clock_text(None, True).plain
    assert clock_text(None, False).plain == ""


def test_lost_turn_news_is_short_and_names_the_player():
    from orcz.ui.render import news_words

    # O-R6: with only two cavalry left (champion and shaman spent in round 1), the turn is lost
    found = []
    for seed in range(40):
        for s in random_play(["Annabelle", "Bob", "Cid"], seed):
            lost = [e for e in orcz.events(s, None) if e["kind"] == "lost_turn"]
            if lost:
                found = lost
                break
        if found:
            break
    assert found, "no lost turn in 40 random games"
    words = news_words(found[:1], ["Annabelle", "Bob", "Cid"])
    assert words.startswith(["Annabelle", "Bob", "Cid"][found[0]["seat"]] + " lost a turn (")
    assert len(words) <= 40
    assert news_words([{"kind": "placed"}], ["A"]) == ""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_players_tag_is_never_split_from_their_name_in_the_header(language):
    # at 80x24 in French the strip wrapped as "... [Z]" / "Zoé (joués Éc) ..."
    from rich.console import Console

    import common.tui.app  # noqa: F401  (the app's wrapping, which keeps no-break spaces)
    from common.i18n import set_language

    set_language(language)
    names = ["Max", "Zoé", "Léo"]
    *_, state = random_play(names, 2)
    view = orcz.view(state, None)
    for p in view["players"]:
        p["spent_heroes"] = ["scout", "champion"]
    tags = player_tags(names)
    strip = header_text(view, tags).split("\n")[0]  # the players, without the event
    for width in range(30, 100):
        wrapped = strip.wrap(Console(width=width), width)
        lines = [line.plain.replace("\u00a0", " ") for line in wrapped]
        for seat, name in enumerate(names):
            assert len([line for line in lines if f"[{tags[seat]}] {name}" in line]) == 1, (
                width, lines)
        # each player's spent heroes whole on one line too
        assert all(line.count("(") == line.count(")") for line in lines), (width, lines)
