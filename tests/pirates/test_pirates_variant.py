"""The seed's Mastercraft variant (option ``multi_mastercraft``): «les joueurs
peuvent d'un commun accord décider d'autoriser l'utilisation de cartes Artisan multiples sur un
navire, mais l'emploi de celles-ci doit rester limité à un maximum d'une par section protégée»."""

from __future__ import annotations

import pytest

import pirates
from common import save
from common.errors import IllegalAction
from pirates import data as D
from pirates.actions import Mastercraft, Mend
from pirates.state import State
from tests.pirates.pirates_helpers import (
    act,
    board,
    check_invariants,
    fire,
    go,
    kinds,
    new,
    refused,
    rig,
)


def _two_crafts_in_hand() -> State:
    state = new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2", "mastercraft-3")}})
    return state._replace(multi_craft=True)


def _crafts_on(state: State, seat: int, first: str, second: str) -> State:
    """A Mastercraft on ``first`` and, the variant's, a further one on ``second``."""
    state = rig(state, seat, craft=first)
    card = next(c.index for c in D.TAVERN if c.kind == D.MASTERCRAFT
                and c.index in state.tavern_deck)
    state = rig(state, seat, cards=[D.TAVERN[card].id])
    hand = tuple(c for c in state.ships[seat].hand if c != card)
    return rig(state, seat, hand=hand,
               more_crafts=((D.SECTION_INDEX[second], card, False),))


def test_variant_several_mastercrafts_one_per_section() -> None:
    state = go(_two_crafts_in_hand(), {0: 6})
    state = act(state, Mastercraft(0, "sails"), Mastercraft(0, "hull"))
    ship = state.ships[0]
    assert ship.craft_at(D.SAILS) and ship.craft_at(D.HULL) and not ship.craft_at(D.CREW)
    offered = {a.section for a in pirates.legal_actions(state, 0) if isinstance(a, Mastercraft)}
    assert offered == {"crew", "cannons"}  # the third card: only a section without one
    words = refused(state, Mastercraft(0, "sails"), "mastercraft-section-fitted")
    assert words == "your sails has a Mastercraft already: one per section (Mastercraft variant)"
    check_invariants(state)
    mats = pirates.view(state, None)["players"][0]["mastercrafts"]
    assert mats == [{"section": "hull", "damaged": False}, {"section": "sails", "damaged": False}]


def test_without_the_variant_a_second_mastercraft_is_refused() -> None:
    state = go(new(rigs={0: {"cards": ("mastercraft-1", "mastercraft-2")}}), {0: 6})
    state = act(state, Mastercraft(0, "sails"))
    assert refused(state, Mastercraft(0, "hull"), "mastercraft-fitted")


def test_variant_each_mastercraft_takes_the_first_two_hits_on_its_own_section() -> None:
    """Two hits on the sails: its Mastercraft damaged, then destroyed; the one on the hull is
    untouched until the hull is hit, and the rings do not move."""
    state = _crafts_on(new()._replace(multi_craft=True), 0, "sails", "hull")
    state = board(go(state, {0: 2, 1: 2}))
    state = fire(state, 0, 1, "crew", [1, 1])
    before = state.ships[0].levels
    state = fire(state, 1, 0, "sails", [5, 6])
    anne = state.ships[0]
    assert anne.craft == -1 and anne.levels == before
    assert [(s, d) for s, _, d in anne.more_crafts] == [(D.HULL, False)]
    assert [k for k in kinds(state) if k.startswith("mastercraft_")] == [
        "mastercraft_damaged", "mastercraft_destroyed"]
    state = fire(state, 0, 1, "crew", [1, 1])
    state = fire(state, 1, 0, "hull", [5, 1])
    anne = state.ships[0]
    assert [(s, d) for s, _, d in anne.more_crafts] == [(D.HULL, True)]
    assert anne.levels == before
    check_invariants(state)


def test_variant_mend_mends_a_damaged_further_mastercraft_for_one_gold() -> None:
    state = _crafts_on(new()._replace(multi_craft=True), 0, "sails", "hull")
    state = go(state, {0: 6})
    card = state.ships[0].more_crafts[0][1]
    state = rig(state, 0, more_crafts=((D.HULL, card, True),))
    gold = state.ships[0].gold
    state = act(state, Mend(0))
    assert state.ships[0].more_crafts == ((D.HULL, card, False),)
    assert state.ships[0].gold == gold - D.MEND_COST


def test_the_variant_is_a_new_game_option_and_is_saved_with_the_game() -> None:
    names = ["Ann", "Bob", "Cid"]
    assert not pirates.new_game(names, 3).multi_craft
    state = pirates.new_game(names, 3, multi_mastercraft=True)
    assert state.multi_craft and pirates.view(state, None)["options"] == {
        "multi_mastercraft": True}
    with pytest.raises(IllegalAction, match="true or false"):
        pirates.new_game(names, 3, multi_mastercraft="yes")
    record = save.Record("pirates", 3, tuple(names), None, {"multi_mastercraft": True}, ())
    again = save.from_dict(save.to_dict(record))
    _, states = save.replay(again)
    assert states[0].multi_craft


def test_the_command_line_offers_the_variant() -> None:
    from common.tui.cli import build_parser
    from common.tui.gameui import all_uis

    args = build_parser(all_uis()).parse_args(
        ["pirates", "--players", "Ann,Bob,Cid", "--multi-mastercraft"])
    assert args.multi_mastercraft is True
