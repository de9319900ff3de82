"""A step's ``board``: the region framed and the exact rank, enemy, section or island marked in
it; a typo is refused at load with a readable reason naming the step."""

from __future__ import annotations

import pytest

from common import lessons as L
from common.lessons import targets as T
from orcz import data as OD
from pirates import data as PD
from tests.lessons.test_lessons_engine import GOOD

PIRATES = ("Anne", "Bart")


def test_an_exact_target_is_its_region_and_its_part() -> None:
    target = L.parse_target("battlefield:urth:rank2", "orcz")
    assert (target.region, target.part, target.number) == ("battlefield:urth", "rank2", 2)
    section = L.parse_target("ship:Anne:cannons", "pirates", PIRATES)
    assert (section.region, section.which, section.part, section.number) == \
        ("ship:Anne", "Anne", "cannons", 0)
    assert L.parse_target("island:6", "pirates", PIRATES).region == "island:6"
    assert L.parse_target("hand", "orcz").region == "hand"
    card = L.parse_target("hand:Bart:treasure_map", "pirates", PIRATES, seat=1)
    assert (card.region, card.part) == ("hand:Bart", "treasure_map")


@pytest.mark.parametrize(("board", "game", "words"), [
    ("battlefield:urt", "orcz", "the battlefield is one of lothari, urth, falladir, thirst"),
    ("battlefield:urth:rnk2", "orcz", "the part is one of 'enemy', rank and its number ('rank1')"),
    ("battlefield:urth:rank0", "orcz", "not 'rank0'"),
    ("battlefields:urth", "orcz", "'battlefields' is named whole"),
    ("ship:Ann:cannons", "pirates", "the ship is a player's: one of Anne, Bart, not 'Ann'"),
    ("island:2:hull", "pirates", "'island' is named whole"),
    ("ship:Anne:guns", "pirates", "the part is one of 'hull', 'sails', 'crew', 'cannons'"),
    ("island:9", "pirates", "the island is one of 1, 2, 3, 4, 5, 6, 7, not '9'"),
    ("hand:cav3", "orcz", "the hand on screen is the learner's, Anne, not 'cav3'"),
    ("hand:Anne:cav3", "orcz", "the card is one of 'infantry-1', 'infantry-2'"),
    ("hand:Anne:archer2", "orcz", "not 'archer2'"),
    ("hand:Bart:smoke", "pirates", "the hand on screen is the learner's, Anne, not 'Bart'"),
    ("hand:Anne:treasure-map", "pirates", "the card is one of 'flint'"),
    ("combat:1", "pirates", "'combat' is named whole"),
    ("ship:Anne:crew:2", "pirates", "at most kind:which:part"),
    ("mast", "pirates", "no part of the table is called 'mast'"),
])
def test_a_target_with_a_typo_is_refused_saying_what_is_wrong(
    board: str, game: str, words: str
) -> None:
    with pytest.raises(ValueError, match="board") as caught:
        L.parse_target(board, game, PIRATES)
    assert words in str(caught.value)


def test_a_lesson_whose_board_has_a_typo_fails_at_load_naming_its_step() -> None:
    text = GOOD.replace('board = "battlefield:urth"\ntext = "Place',
                        'board = "battlefield:urth:rnak1"\ntext = "Place')
    assert text != GOOD
    with pytest.raises(L.LessonError) as caught:
        L.load(text, "typo")
    assert caught.value.step == 2
    assert "rnak1" in str(caught.value)


def test_an_exact_target_loads() -> None:
    text = GOOD.replace('board = "battlefield:urth"\ntext = "Place',
                        'board = "battlefield:urth:enemy"\ntext = "Place')
    assert L.load(text, "exact").steps[1].target.part == "enemy"


def test_the_targets_words_are_the_games_own() -> None:
    orcz, pirates = T.board_words("orcz"), T.board_words("pirates")
    assert orcz["hand"]["parts"] == [card.id for card in OD.CARDS]
    assert pirates["hand"]["parts"] == list(dict.fromkeys(card.effect for card in PD.TAVERN))
    assert orcz["battlefield"]["which"] == [field.id for field in OD.BATTLEFIELDS]
    assert sorted(pirates["ship"]["parts"]) == sorted(PD.SECTIONS)
    islands = [str(n) for n in sorted(PD.ISLAND_NAMES) if n != PD.OPEN_SEA]
    assert pirates["island"]["which"] == islands


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_every_lessons_board_is_a_target_of_its_game(game: str) -> None:
    for lesson in L.read_lessons(game):
        for step in lesson.steps:
            assert L.parse_target(step.board, game, lesson.players, lesson.seat) == step.target


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_a_steps_card_is_in_the_learners_hand_when_the_step_is_shown(game: str) -> None:
    """A step that marks a card of the hand marks one that is there (or nothing would be)."""
    cards = 0
    for lesson in L.read_lessons(game):
        run = L.start(lesson)
        while not run.finished:
            step = run.step
            assert step is not None
            if step.target.kind == "hand" and step.target.part:
                cards += 1
                assert step.target.part in run.view()["hand"], (lesson.id, step.number)
            run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)
    assert cards >= 3  # the lessons use it
