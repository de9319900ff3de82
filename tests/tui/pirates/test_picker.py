"""The pickers of the private panel: every legal action reachable, nothing illegal offered,
the rules' reasons for what is refused, and the costs the rules give."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pirates
from common.tui.choices import Chosen, Moved, Picker, Refused
from common.words import plural
from pirates import data as D
from pirates.actions import Bury, Escape, Marque, Navigate, Outfit, SendNavy, Upgrade
from pirates.ui.picker import (
    Adjustable,
    BuryPicker,
    Menu,
    OutfitPicker,
    TreePicker,
    Unavailable,
    follow,
    make_picker,
    route,
)
from tests.tui.pirates.states import decisions, first_state, play, reasons


def leaves(menu: Menu) -> list[tuple[Any, bool]]:
    """Every (value, enabled) at the ends of a menu tree (sub-pickers are ends too)."""
    out: list[tuple[Any, bool]] = []
    for choice in menu.choices:
        if isinstance(choice.value, Menu):
            out.extend(leaves(choice.value))
        else:
            out.append((choice.value, choice.enabled))
    return out


def test_every_legal_action_of_random_games_is_reachable_through_its_picker() -> None:
    rng = random.Random(1)
    checked = 0
    for state, _seat, view, legal in decisions(range(12)):
        sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
        for action in sample:
            picker = make_picker(view, legal, reasons(state))
            steps = route(picker, action)
            assert steps is not None, (view["phase"], action)
            assert follow(picker, steps) == Chosen(action)
            checked += 1
    assert checked > 3000


def test_pickers_offer_only_legal_actions_and_explain_the_rest() -> None:
    """Every choice greyed out carries the rules' own reason, from the view (no made-up action
    asked about)."""
    words: set[str] = set()
    for state, _seat, view, legal in decisions(range(8)):
        picker = make_picker(view, legal, reasons(state))
        assert picker is not None
        if isinstance(picker, OutfitPicker):
            assert set(picker.legal.values()) == set(legal)
            continue
        assert isinstance(picker, TreePicker)
        for value, enabled in leaves(picker.stack[0]):
            if isinstance(value, Unavailable):
                assert not enabled
                assert value.reason and value.reason != "not offered now", view["phase"]
                words.add(value.reason)
            elif isinstance(value, Adjustable):
                assert set(value.legal.values()) <= set(legal)
                assert not isinstance(value.pick(0), Refused)  # it starts on a legal burial
            else:
                assert enabled and value in legal, value
    assert len(words) > 15


def test_a_refused_choice_shows_the_reason_and_keeps_the_picker_where_it_was() -> None:
    for state, _seat, view, legal in decisions(range(8)):
        picker = make_picker(view, legal, reasons(state))
        if not isinstance(picker, TreePicker):
            continue
        for index, choice in enumerate(picker.choices()):
            if not choice.enabled:
                outcome = picker.pick(index)
                assert isinstance(outcome, Refused) and outcome.reason
                assert picker.step == "1"
                return
    pytest.fail("no refused choice in these games")


def outfit_picker() -> tuple[OutfitPicker, int]:
    state = first_state(1, 3, lambda s: s.phase == "outfit")
    picker = make_picker(pirates.view(state, 0), pirates.legal_actions(state, 0), reasons(state))
    assert isinstance(picker, OutfitPicker)
    return picker, 0


def test_outfit_cost_is_the_rules_cost_table() -> None:
    """Costs into positions 2..7: 1, 2, 2, 3, 3, 4 (docs/pirates-rules.md); rings start on 1."""
    picker, seat = outfit_picker()
    assert picker.prompt() == "Outfit your ship: cost 0 of 9 gold, 9 left"
    picker.adjust(0, 2)  # hull 1 → 3: 1 + 2
    picker.adjust(1, 3)  # sails 1 → 4: 1 + 2 + 2
    assert picker.prompt() == "Outfit your ship: cost 8 of 9 gold, 1 left"
    assert picker.pick(0) == Moved()  # Enter shows the whole outfit first
    assert picker.prompt() == "Hull 3 · Sails 4 · Crew 1 · Cannons 1"
    assert picker.choices()[0].label == "Enter outfits: 8 of 9 gold"
    assert picker.pick(0) == Chosen(Outfit(seat, (3, 4, 1, 1)))
    assert picker.back() and picker.adjustable  # Esc: back to the rings
    picker.adjust(2, 1)  # crew 1 → 2: 1 more, all 9 spent
    assert picker.pick(3) == Moved() and picker.pick(0) == Chosen(Outfit(seat, (3, 4, 2, 1)))
    assert picker.back()
    picker.adjust(3, 1)  # cannons 1 → 2: 10 gold in all
    refused = picker.pick(3)
    assert refused == Refused("this outfit costs 10 gold and you have 9")


def test_outfit_rings_stay_on_the_track() -> None:
    picker, _ = outfit_picker()
    picker.adjust(0, -3)
    picker.adjust(1, 20)
    assert picker.values == [1, D.TOP_LEVEL, 1, 1]
    # sails 1 → 7: 1 + 2 + 2 + 3 + 3 + 4
    assert picker.prompt() == "Outfit your ship: cost 15 of 9 gold, 6 too many"
    assert "12" in picker.choices()[1].label  # sails on 7 are worth 12 speed
    hint = picker.preview()
    assert hint is not None and hint.plain.startswith("6 gold too many: lower a ring")
    assert "-6" not in hint.plain  # never a negative purse ("Gold left: -6")


def effects_state(test: Any) -> Any:
    for seed in range(40):
        try:
            return first_state(seed, 3 + seed % 3, test)
        except AssertionError:
            continue
    raise AssertionError("no such state")


def _effects_on(island: int) -> Any:
    def test(s: Any) -> bool:
        if s.phase != "island_effects" or s.parrots:
            return False
        seat = pirates.to_act(s)[0]
        return bool(s.ships[seat].island == island and "cove" not in s.done)
    return test


def test_upgrade_menu_shows_every_level_with_its_cost() -> None:
    """Each position above the ring at the rules' cost (S4: the gold of each position moved
    into); a ring no position of which is affordable is greyed out with the rules' reason."""
    seen = set()
    for seed in range(40):
        for state in play(3 + seed % 3, seed):
            if not _effects_on(D.HULL_ISLAND)(state):
                continue
            seat = pirates.to_act(state)[0]
            now, gold = state.ships[seat].levels[D.HULL], state.ships[seat].gold
            if now >= D.TOP_LEVEL:
                continue
            affordable = D.upgrade_cost(now, now + 1) <= gold
            if affordable in seen:
                continue
            seen.add(affordable)
            picker = make_picker(pirates.view(state, seat), pirates.legal_actions(state, seat),
                                 reasons(state))
            assert isinstance(picker, TreePicker)
            index = next(i for i, c in enumerate(picker.choices())
                         if c.label.startswith("Raise hull"))
            if not affordable:
                assert not picker.choices()[index].enabled
                assert picker.pick(index) == Refused(
                    f"a hull ring from {now} to {now + 1} costs "
                    f"{D.upgrade_cost(now, now + 1)} gold and you have {gold}")
                continue
            assert picker.pick(index) == Moved()
            rows = picker.choices()
            assert len(rows) == D.TOP_LEVEL - now
            for level, row in zip(range(now + 1, D.TOP_LEVEL + 1), rows, strict=True):
                cost = D.upgrade_cost(now, level)
                assert row.label.startswith(f"to {level} ") and f"for {cost} gold" in row.label
                assert row.enabled == (cost <= gold)
                if row.enabled:
                    assert row.value == Upgrade(seat, "hull", level)
            assert picker.back() and picker.step == "1"
        if len(seen) == 2:
            return
    pytest.fail(f"only {seen} seen")


def test_burial_shows_its_fame_before_it_is_made() -> None:
    def test(s: Any) -> bool:
        if not _effects_on(D.TREASURE_ISLAND)(s):
            return False
        seat = pirates.to_act(s)[0]
        return s.ships[seat].chests >= 1 and s.ships[seat].gold >= 3 and "bury" not in s.done
    state = effects_state(test)
    seat = pirates.to_act(state)[0]
    ship = state.ships[seat]
    picker = make_picker(pirates.view(state, seat), pirates.legal_actions(state, seat),
                         reasons(state))
    assert isinstance(picker, TreePicker)
    bags = ship.gold // 3
    label = f"Bury treasure (up to {ship.chests + bags} fame)"
    index = next(i for i, c in enumerate(picker.choices()) if c.label == label)
    picker.pick(index)
    assert picker.adjustable and isinstance(picker.sub, BuryPicker)
    assert picker.prompt() == f"Bury treasure: {ship.chests + bags} fame"
    picker.adjust(1, -bags)
    preview = picker.preview()
    assert preview is not None and f"gives {ship.chests} fame" in preview.plain
    assert picker.pick(0) == Moved() and picker.confirming()  # Enter sums the burial up
    assert picker.prompt() == f"Bury {plural(ship.chests, 'chest')} for {ship.chests} fame?"
    assert picker.back() and picker.adjustable  # Esc: back to the amounts, as they were
    picker.pick(0)
    assert picker.pick(0) == Chosen(Bury(seat, ship.chests, 0))
    assert picker.back()  # from the summary to the amounts
    picker.adjust(0, -ship.chests)
    assert isinstance(picker.pick(0), Refused)  # nothing to bury
    assert picker.back() and not picker.adjustable


def test_every_picker_is_a_shell_picker() -> None:
    for state, _seat, view, legal in decisions(range(2)):
        assert isinstance(make_picker(view, legal, reasons(state)), Picker)


def all_menus(menu: Menu) -> list[Menu]:
    """A menu and every menu below it."""
    found = [menu]
    for choice in menu.choices:
        if isinstance(choice.value, Menu):
            found.extend(all_menus(choice.value))
    return found


def test_every_menu_fits_the_seven_rows_of_the_grid_at_80x24() -> None:
    """The grid shows 7 rows in the smallest terminal and does not scroll."""
    for state, _seat, view, legal in decisions(range(16)):
        picker = make_picker(view, legal, reasons(state))
        if isinstance(picker, TreePicker):
            for menu in all_menus(picker.stack[0]):
                assert len(menu.choices) <= 7, menu.prompt


def test_an_islands_key_is_its_number_in_every_menu() -> None:
    """Navigation, Royal Navy in Pursuit, Letter of Marque and Escape: the choice at key k is
    island k, those not offered greyed out in their place."""
    island_types = (Navigate, SendNavy, Marque, Escape)
    checked = set()

    def offers_an_island(legal: list[Any]) -> bool:
        return any(isinstance(a, island_types) for a in legal)

    for state, _seat, view, legal in decisions(range(30), offers_an_island):
        picker = make_picker(view, legal, reasons(state))
        if not isinstance(picker, TreePicker):
            continue
        for menu in all_menus(picker.stack[0]):
            actions = [c.value for c in menu.choices if isinstance(c.value, island_types)]
            if not actions:
                continue
            for key, choice in enumerate(menu.choices, start=1):
                assert choice.label.startswith(D.ISLAND_NAMES[key]), (key, choice.label)
                if choice.enabled:
                    assert choice.value.island == key
            checked.add(type(actions[0]).__name__)
    assert {"Navigate", "SendNavy", "Escape"} <= checked, checked


def test_p_r33_the_island_a_treasure_map_marks_says_so_in_its_players_course_menu() -> None:
    """At 80×24 the map's key is cut: the course menu of the card's player names the marked
    island's doubled chests itself, and only that island's; another seat's menu says nothing,
    since the map doubles only for its player (P-R33)."""
    def navigating(legal: list[Any]) -> bool:
        return any(isinstance(a, Navigate) for a in legal)

    seen = {True: 0, False: 0}
    for state, _seat, view, legal in decisions(range(30), navigating):
        mark = view.get("treasure_map")
        if not mark:
            continue
        picker = make_picker(view, legal, reasons(state))
        assert isinstance(picker, TreePicker)
        labels = [c.label for c in picker.stack[0].choices]
        marked = [i + 1 for i, label in enumerate(labels) if "✠ 2× chests" in label]
        holder = mark["seat"] == view["seat"]
        assert marked == ([mark["island"]] if holder else []), labels
        seen[holder] += 1
    assert seen[True] and seen[False]
