"""Each tip's text held to the French seed (/work/shared/seeds/): each test names the rule
(a ruling P-R…, or the place in the rules reference) whose words the tip gives; and each
decision's tip comes while the decision waits, before anyone makes it."""

from __future__ import annotations

from typing import Any

from common.session import GameSession
from orcz.ui import tips as orcz_tips
from pirates.ui import tips as pirates_tips
from pirates.ui.picker import _island_label


def keys_of(tips: list[Any]) -> list[str]:
    return [tip.key for tip in tips]


def test_p_r33_the_treasure_map_doubles_only_for_its_player() -> None:
    # Seed: "Si vous capturez l'île désignée par cette carte … vous remportez le double"
    text = pirates_tips.tip("card:treasure_map").text
    assert "only its player" in text and "2×" in text
    assert "plunderer" not in text


def test_p_r33_the_courses_map_label_shows_only_on_the_card_players_panel() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    for seat, label_seen in ((0, True), (1, False), (2, False)):
        view: Any = dict(session.view(seat))
        view["treasure_map"] = {"island": 2, "seat": 0}
        assert ("2× chests" in _island_label(view, 2)) is label_seen, seat
        assert "2× chests" not in _island_label(view, 3)


def test_reference_flight_and_rout_give_their_fame_to_players_not_ships() -> None:
    # Seed (Fuite, Retrait forcé): "tous les autres joueurs encore présents", "aux joueurs
    # encore présents": a legendary pirate or the Navy left in the combat gains nothing
    for key in ("fled", "routed"):
        text = pirates_tips.tip(key).text
        assert "each player left" in text and "ship left" not in text, key


def test_reference_outfitting_tip_comes_before_the_first_outfit() -> None:
    session = GameSession.new("pirates", ["Ann", "Bob", "Cid"], 3)
    found = keys_of(pirates_tips.public_tips([], session.view(None)))
    assert found[0] == "outfit"
    # the legendary pirates wait for navigation, where a course meets them or not
    assert not any(key.startswith("legend:") for key in found)


def _view(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"phase": "navigation", "to_act": [0], "islands": [],
                            "players": [], "combat": None}
    return {**base, **changes}


def test_reference_navigation_tip_and_the_legendary_pirates_come_before_the_course() -> None:
    view = _view(islands=[{"legends": [{"id": "blackbeard"}]}, {}])
    assert keys_of(pirates_tips.public_tips([], view)) == ["navigation", "legend:blackbeard"]


def test_reference_boarding_and_volley_tips_come_at_their_stage() -> None:
    boarding = _view(phase="combat", combat={"stage": "boarding"})
    volleys = _view(phase="combat", combat={"stage": "volleys"})
    assert keys_of(pirates_tips.public_tips([], boarding)) == ["boarding"]
    assert keys_of(pirates_tips.public_tips([], volleys)) == ["volley"]
    # seed: dice = "le plus petit de son nombre de canons et d'équipages"; "un 5 ou un 6"
    text = pirates_tips.tip("volley").text
    assert "smaller of Crew and Cannons" in text and "5s and 6s hit" in text


def test_p_r29_the_coves_tip_comes_before_its_draw_not_after() -> None:
    at_cove = _view(phase="island_effects", to_act=[1],
                    players=[{"seat": 0, "island": 2}, {"seat": 1, "island": 7}])
    elsewhere = _view(phase="island_effects", to_act=[0],
                      players=[{"seat": 0, "island": 2}, {"seat": 1, "island": 7}])
    assert keys_of(pirates_tips.public_tips([], at_cove)) == ["cove"]
    assert keys_of(pirates_tips.public_tips([], elsewhere)) == []
    # the draw itself no longer brings the tip: it would come after the choice
    assert keys_of(pirates_tips.public_tips([{"kind": "cove_draw"}], elsewhere)) == []


def test_orcz_attack_tip_comes_with_the_first_fight_before_the_attack() -> None:
    view = {"event": None, "pending": {"kind": "fight", "seat": 0}}
    assert keys_of(orcz_tips.public_tips([], view))[:2] == ["fight:attack", "fight:wing"]
    assert keys_of(orcz_tips.public_tips([], {"pending": {"kind": "deploy", "seat": 0}})) == []
