"""Text rendering of Pirate's Cove views: cards in words, the map, mats, combat, status."""

from __future__ import annotations

import itertools
import random
import re

import pirates
from common.entries import players_of, view_lines
from common.i18n import set_language
from pirates import data as D
from pirates.actions import Fire, NavyFire
from pirates.ui import render as R
from pirates.ui.log_words import describe
from pirates.ui.picker import make_picker, volley_words
from tests.tui.pirates.states import NAMES, play

KIND_WORDS = {D.PARROT: "parrot:", D.BATTLE: "battle:", D.VOLLEY: "volley:",
              D.FAME: "fame card:", D.MASTERCRAFT: "section"}


def test_every_tavern_card_reads_with_its_effect() -> None:
    for card in D.TAVERN:
        text = R.card_text(card.id).plain
        name, _, words = text.partition(" — ")
        assert name == card.name and words, card.id
        if card.kind in KIND_WORDS:
            assert KIND_WORDS[card.kind] in words, card.id
        if card.kind == D.FAME:
            assert words == f"fame card: {card.fame} fame at the end"
        if card.kind == D.EVENT:
            assert words.split(":")[0] in ("before navigation", "after navigation",
                                           "island effects"), card.id


def test_treasure_cards_in_words() -> None:
    def card(gold: int = 0, chests: int = 0, cards: int = 0, fame: int = 0) -> dict[str, int]:
        return {"gold": gold, "chests": chests, "cards": cards, "fame": fame}
    assert R.treasure_words(card(2, 1)) == "2 gold, 1 chest"
    assert R.treasure_words(card(chests=3)) == "3 chests"
    assert R.treasure_words(card(3, cards=1)) == "3 gold, 1 Tavern card"
    assert R.treasure_words(card(chests=2, fame=1)) == "2 chests, 1 fame"
    assert R.treasure_words(card(cards=2), short=True) == "2cards"
    assert R.treasure_words(card(cards=1), short=True) == "1card"
    assert R.treasure_words(None) == "no card"
    for t in D.TREASURES:  # every card of the deck: the id spells what the words say
        words = R.treasure_words({"gold": t.gold, "chests": t.chests, "cards": t.cards,
                                  "fame": t.fame}, short=True)
        spelled = re.findall(r"(\d+)([gctf])", t.id.split("#")[0])
        short = {"g": "g", "c": "ch", "t": "card", "f": "fame"}
        assert words.split() == [f"{n}{short[k]}" + ("s" if k == "t" and n != "1" else "")
                                 for n, k in spelled]


def test_the_maps_treasure_in_french_keeps_a_space_before_carte() -> None:
    # the map said "1carte": a count run into a whole word
    set_language("fr")

    def card(gold: int = 0, chests: int = 0, cards: int = 0) -> dict[str, int]:
        return {"gold": gold, "chests": chests, "cards": cards, "fame": 0}
    assert R.treasure_words(card(chests=1, cards=1), short=True) == "1cf 1\u00a0carte"
    assert R.treasure_words(card(3, cards=1), short=True) == "3o 1\u00a0carte"
    assert R.treasure_words(card(cards=2), short=True) == "2\u00a0cartes"


def test_tags_are_distinct_letters_that_read_without_colour() -> None:
    assert R.player_tags(["Ann", "Abe", "bob", "?!"]) == ["A", "A2", "B", "4"]
    tag = R.ship_tag(1, ["A", "B"])
    assert tag.plain == "[B]"


def test_the_panel_announces_the_dice_and_faces_the_next_volley_throws() -> None:
    """Over seeded games, at every volley a seat decides (its own or the Royal Navy's): the
    dice the view and the picker's prompt announce are the dice thrown, and the faces it says
    hit (5 and 6; only 6s under Smoke; 3 to 6 with Grapeshot) are those that count."""
    checked: dict[int, int] = {3: 0, 5: 0, 6: 0}
    for seed in range(14):
        rng = random.Random(seed)
        for state in play(3 + seed % 3, seed):
            view = pirates.view(state, None)
            volley = (view["combat"] or {}).get("next_volley")
            if not volley or state.parrots:
                continue
            seat = pirates.to_act(state)[0]
            legal = pirates.legal_actions(state, seat)
            shots = [a for a in legal if isinstance(a, Fire | NavyFire)]
            if not shots:
                continue
            own = pirates.view(state, seat)
            prompt = make_picker(own, legal, lambda a: "").prompt()
            assert volley_words(own) in prompt and f"{volley['dice']} di" in prompt
            action = rng.choice(shots)
            after = pirates.view(pirates.apply(state, action), None)
            fired = next(e for e in after["log"][len(view["log"]):]
                         if e["kind"] in ("volley", "navy_volley"))
            face = {t["target"]: t["hits_on"] for t in volley["targets"]}[action.target]
            assert len(fired["dice"]) == volley["dice"]
            assert fired["hits"] == sum(d >= face for d in fired["dice"])
            checked[face] += 1
    assert checked[5] > 50 and checked[6] > 0 and checked[3] > 0, checked


def test_the_map_lists_every_island_in_order_with_ships_raiders_and_treasure() -> None:
    for state in list(play(5, 3))[::7]:
        view = pirates.view(state, None)
        tags = R.player_tags(p["name"] for p in view["players"])
        for wide in (False, True):
            text = R.map_text(view, tags, "wide" if wide else "compact").plain
            starts = [text.index(D.ISLAND_NAMES[n]) for n in range(1, 8)]
            assert starts == sorted(starts)
            blocks = text.split("\n")
            for island in view["islands"]:
                block = _block(text, island["name"])
                ships = [p["seat"] for p in view["players"] if p["island"] == island["number"]]
                assert [f"[{tags[s]}]" in block for s in range(len(tags))] == \
                    [s in ships for s in range(len(tags))]
                for legend in island["legends"]:
                    raider = D.LEGEND_BY_ID[legend["id"]]
                    assert raider.name.split()[-1] in block
                    cb = view["combat"] or {}
                    hull = cb["legend_hull"] if cb.get("island") == island["number"] and \
                        cb.get("legend_hull") is not None else legend["hull"]
                    if not legend["sunk"]:
                        assert f"hull {hull}/{raider.hull}" in block
                        assert f"{raider.dice} dice" in block and f"{raider.fame} fame" in block
                if island.get("treasure"):
                    assert R.treasure_words(island["treasure"], short=not wide) in block
            assert blocks


def _block(text: str, name: str) -> str:
    """The lines of one island: from its name to the next island's."""
    start = text.index(name)
    ends = [text.find(n, start + 1) for n in D.ISLAND_NAMES.values()]
    ends = [e for e in ends if e > start]
    return text[start:min(ends) if ends else len(text)]


def test_a_mat_shows_rings_values_purse_and_fittings() -> None:
    for state in list(play(4, 5))[::23]:
        view = pirates.view(state, None)
        tags = R.player_tags(NAMES[:4])
        for seat, p in enumerate(view["players"]):
            full = R.mat_text(view, seat, tags).plain
            for section in D.SECTIONS:
                line = next(x for x in full.split("\n") if x.strip().startswith(section))
                level = p["levels"][section]
                if level < 0:
                    assert "destroyed" in line
                else:
                    assert line.split()[1][level] == str(level)
                    assert str(p["values"][section]) in line.split()[2]
            assert (" CRIPPLED" in full) == p["crippled"]
            assert f"gold {p['gold']}," in full and f"fame {p['fame']}," in full
            assert f"{p['cards_in_hand']} card" in full
            medium = R.mat_text(view, seat, tags, "medium").plain
            assert medium.count("\n") == 2 and f"gold {p['gold']}," in medium
            compact = R.mat_text(view, seat, tags, "compact").plain
            assert compact.count("\n") == 1
            assert f"★{p['fame']} {p['gold']}g" in compact.split("\n")[0]
            # the name's line is full at 80×24: a crippled ship says so on its sections' line
            assert ("CRIPPLED" in compact.split("\n")[1]) == p["crippled"]
            assert len(compact.split("\n")[0]) <= 36


def test_speed_order_is_the_rules_order_ties_included() -> None:
    """Boarding: the turn order the rules drew (ties by dice); volleys: each exchange's order,
    raiders included, runs from the fastest down by the speeds the view gives."""
    boarding = volleys = 0
    for seed in range(8):
        for state in play(3 + seed % 3, seed):
            view = pirates.view(state, None)
            cb = view["combat"]
            if not cb or state.combat is None:
                continue
            assert len(cb["speeds"]) == len(cb["order"])
            if state.combat.boarding:
                assert cb["order"] == list(state.combat.order)
                boarding += 1
            elif view["log"][-1]["kind"] == "exchange":
                assert cb["order"] == view["log"][-1]["order"]
                assert cb["speeds"] == sorted(cb["speeds"], reverse=True)
                text = R.combat_text(view, R.player_tags(NAMES))
                assert text is not None and f"exchange {cb['exchange']}" in text.plain
                volleys += 1
    assert boarding > 20 and volleys > 5


def test_status_names_the_month_the_phase_and_who_is_awaited() -> None:
    state = next(iter(play(3, 2)))
    text = R.status_text(pirates.view(state, None)).plain
    # what is decided first: the line at 80 columns leaves out the parts after it first
    assert text == ("Spend 9 gold on the ship · Outfitting (secret) · waiting for Ann, Bob, "
                    "Cid · Before month 1")
    for state in play(3, 2):
        view = pirates.view(state, None)
        text = R.status_text(view).plain
        if view["over"]:
            assert text == "The game is over."
            continue
        what = R.deciding(view)
        assert text.startswith(what[:1].upper() + what[1:] + " · " if what
                               else R.phase_name(view))
        names = ", ".join(NAMES[s] for s in view["to_act"])
        assert f" · waiting for {names} · " in text
        if view["month"]:
            assert text.endswith(f" · Month {view['month']}/12")


def test_standings_reveal_every_fame_card() -> None:
    *_, last = play(3, 4)
    view = pirates.view(last, None)
    result = pirates.result(last)
    text = R.standings_text(view, result, R.player_tags(NAMES[:3])).plain
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line[:2] in ("1.", "2.", "3.")]
    assert [lines[i].split()[2] for i in rows] == [r["name"] for r in result["standings"]]
    for i, standing in zip(rows, result["standings"], strict=True):
        assert lines[i].endswith(f" {standing['fame']}\u00a0fame")  # held whole
        cards = view["players"][standing["seat"]]["fame_cards"]
        worth = sum(D.TAVERN_BY_EFFECT[c].fame for c in cards)
        # the sum in no-break spaces: never split across two lines
        assert lines[i + 1].strip() == "fame cards: " + (
            "\u00a0+\u00a0".join(str(D.TAVERN_BY_EFFECT[c].fame) for c in cards)
            + f"\u00a0=\u00a0{worth}" if cards else "none")


def test_results_summarise_reveals_and_whole_combats_and_skip_passes() -> None:
    seen = set()
    states = list(play(4, 6))
    for before, after in itertools.pairwise(states):
        old = len(pirates.view(before, None)["log"])
        view = pirates.view(after, None)
        entries = view["log"][old:]
        notice = R.results_text(entries, view)
        kinds = {e["kind"] for e in entries}
        if kinds <= {"window_pass", "boarding_pass", "outfit_chosen", "navigation_chosen"}:
            assert notice is None
        if "navigation_revealed" in kinds:
            assert notice is not None and "Courses revealed" in notice.plain
            seen.add("navigation")
        if "combat_end" in kinds and "combat_start" not in kinds:
            assert notice is not None
            assert "Combat off" in notice.plain or "earlier line" in notice.plain
            end = next(e for e in entries if e["kind"] == "combat_end")
            where = D.ISLAND_NAMES[end["island"]] if end["island"] else "the final combat"
            summary = notice.plain.split("\n")[0]
            assert summary.startswith(f"⚔ {where}: ")
            for seat in end["survivors"]:
                assert NAMES[seat] in summary.split(" · ")[0]
            summaries = [x for x in notice.plain.split("\n") if x.startswith("⚔ ")]
            for flight in (e for e in entries if e["kind"] == "fled"):
                assert any(NAMES[flight["seat"]] in x.split("fled: ")[-1]
                           for x in summaries if "fled: " in x)
            seen.add("combat")
        if "effects_done" in kinds:
            assert notice is not None and "is done" in notice.plain
            seen.add("effects")
    assert seen == {"navigation", "combat", "effects"}


def test_the_review_words_every_kind_of_action() -> None:
    from pirates.actions import TYPES
    from pirates.ui.screens import describe_action

    players = tuple(NAMES)
    seen = set()
    for state in play(5, 1):
        for seat in pirates.to_act(state):
            for action in pirates.legal_actions(state, seat)[:30]:
                data = pirates.action_to_json(action)
                words = describe_action(data, players)
                assert words.startswith(NAMES[seat] + " "), words  # not the "Ann: kind" fallback
                assert "?" not in words, words
                seen.add(data["type"])
    assert len(seen) >= len(TYPES) - 8  # the rarer cards may not come up in one game


def test_mats_mark_computer_seats_and_the_map_marks_the_treasure_map() -> None:
    for state in (s for seed in range(20) for s in play(3, seed)):
        view = pirates.view(state, None)
        if view["treasure_map"] is None:
            continue
        tags = R.player_tags(NAMES[:3])
        for mode in ("full", "medium", "compact"):
            assert "computer" not in R.mat_text(view, 1, tags, mode).plain
        assert "(computer)" in R.mat_text(view, 1, tags, "full", computer=True).plain
        assert " cpu" in R.mat_text(view, 1, tags, "compact", computer=True).plain
        marked = view["treasure_map"]["island"]
        lines = R.map_text(view, tags, "line").plain.split("\n")
        assert [("✠" in line) for line in lines[-8:-1]] == [n == marked for n in range(1, 8)]
        return
    raise AssertionError("no Treasure Map played in these games")


def test_a_volley_whose_captain_does_not_decide_next_reaches_a_notice() -> None:
    """Each volley's dice are shown publicly before the panel goes to another seat."""
    shown = 0
    for seed in range(6):
        states = list(play(3 + seed % 3, seed))
        for before, after in itertools.pairwise(states):
            old = pirates.view(before, None)
            view = pirates.view(after, None)
            entries = view["log"][len(old["log"]):]
            fired = [e for e in entries if e["kind"] == "volley" and e["ship"] >= 0]
            if not fired or fired[0]["ship"] in view["to_act"]:
                continue
            notice = R.results_text(entries, view)
            line = describe(fired[0], players_of(view))
            assert notice is not None and line in notice.plain
            shown += 1
    assert shown > 20


def test_the_panels_secret_outfitting_says_the_numbers_its_log_line_says() -> None:
    # A newcomer's stumble: the panel gave ring positions (hull 1, sails 3, …) under
    # the same words as the log line, which gives what the mat shows. The mat's first ring is
    # worth 3 on the Hull, 5 on the Sails, 2 on the Crew and the Cannons; the Sails' third 7,
    # the Crew's and the Cannons' second 3.
    from pirates.actions import Outfit
    from tests.pirates.pirates_helpers import act, start

    state = act(start(), Outfit(0, (1, 3, 2, 2)))
    view = pirates.view(state, 0)
    panel = R.my_choice_text(view)
    assert panel is not None
    assert panel.plain == "Your secret outfitting: hull 3, sails 7, crew 3, cannons 3"
    own_lines = [line for line in view_lines("pirates", view) if "secret outfitting" in line]
    assert own_lines == ["Your secret outfitting: hull 3, sails 7, crew 3, cannons 3."]


def test_a_long_treasure_on_the_map_never_runs_into_what_follows() -> None:
    # "1ch 1card" fills the 9-cell column, French's "1cf 1 carte" overflows it: the ship's tag
    # or raider after it read as "1 carte[B]", "1 carte☠"
    for language, words in (("en", "1ch 1card "), ("fr", "1cf 1\u00a0carte ")):
        set_language(language)
        view = pirates.view(next(play(3, 1)), None)
        tags = R.player_tags(p["name"] for p in view["players"])
        island = view["islands"][1]
        island["treasure"] = {"gold": 0, "chests": 1, "cards": 1, "fame": 0}
        view["players"][0]["island"] = island["number"]
        line = R.island_line(view, island, tags).plain
        assert words in line, line
