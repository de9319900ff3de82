"""Every rule at work: each event, card and ruling listed below happens on the
board in a lesson to be taken when it comes up, and its EFFECT is seen there: an event, a move or
the learner's view that shows it happening (the payment a Favour adds to, the wing a ground
decides), or a move of the learner's the rules refuse because of it. A tag or a word alone does
not count. The numbers are worked out by hand from the rules text (/work/shared/reference/)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from common import lessons as L
from common.errors import IllegalAction


@dataclass(frozen=True)
class Effect:
    """What shows an item at work in one step: every sign (the step's words, and an event,
    move or view of it), no event of ``absent`` (kind, fields), and, if given, the learner's
    move ``refused`` (its JSON without the seat) refused by the rules with that code."""

    signs: tuple[L.Sign, ...]
    absent: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    refused: tuple[Mapping[str, Any], str] | None = None


def _names(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value


def _sign(words: str, event: str | tuple[str, ...] = (), fields: Mapping[str, Any] | None = None,
          action: str | tuple[str, ...] = (), view: Mapping[str, Any] | None = None) -> L.Sign:
    return L.Sign(words, _names(event), fields or {}, _names(action), view or {})


_INFANTRY = [f"infantry-{n}" for n in range(1, 5)]
_ARCHERS = [f"archer-{n}" for n in range(1, 4)]
_CAVALRY = [f"cavalry-{n}" for n in range(1, 4)]

# Orcz, the enemy of the scenes: Dwarf Warband, main 4, secondary 2, at 3 players.
ORCZ: dict[str, Effect] = {
    # the strongest winner alone gets main + 2 = 6
    "Llovar's Favour": Effect((_sign("Favour", event="payment", fields={
        "reason": "reward", "amount": 6}, view={"event.kind": "favour"}),)),
    # main 4 halved = 2
    "Llovar's Wrath": Effect((_sign("Wrath", event="payment", fields={
        "reason": "reward", "amount": 2}, view={"event.kind": "wrath"}),)),
    # the strongest gets main 4, and the other participant nothing: no hand-out
    "Llovar's Whim": Effect((
        _sign("Whim", event="payment", fields={"reason": "reward", "amount": 4},
              view={"event.kind": "whim"}),
        _sign("Whim", event="battle", fields={"won": True, "participants": [0, 1]})),
        absent=(("payment", {"reason": "hand_out"}),)),
    # an infantry beats an archer: only the higher strength decides
    "Storm": Effect((_sign("Storm", event="wing", fields={
        "attacker_card": _INFANTRY, "defender_card": _ARCHERS, "winner": "attacker"},
        view={"event.kind": "storm"}),)),
    # a cavalry beats an infantry
    "Open Ground": Effect((_sign("Open Ground", event="wing", fields={
        "attacker_card": _CAVALRY, "defender_card": _INFANTRY, "winner": "attacker"},
        view={"event.kind": "open-ground"}),)),
    # an archer beats a cavalry
    "Heavy Ground": Effect((_sign("Heavy Ground", event="wing", fields={
        "attacker_card": _CAVALRY, "defender_card": _ARCHERS, "winner": "defender"},
        view={"event.kind": "heavy-ground"}),)),
    # champion and two archers, shaman spent: no rank without the champion, the turn is lost
    "Confusion": Effect((_sign("Confusion", event="lost_turn", fields={"seat": 0},
                               view={"event.kind": "confusion",
                                     "hand": {"contains": "champion"}}),)),
    # the one open battlefield holds 3 ranks (3 players): the turns left are lost
    "Diversion": Effect((_sign("Diversion", event="lost_turn", fields={
        "reason": "every open battlefield is full"}, view={
        "event.kind": "diversion", "battlefields.urth.column.len": 3}),)),
    "Fog": Effect((_sign("Fog", view={"event.kind": "fog", "hand": {"contains": "scout"}}),),
                  refused=({"type": "scout", "battlefield": "urth", "rank": 0, "side": "left"},
                           "fog")),
    # a tie of 2 under Favour: (4 + 2) // 2 + 2 = 5 each
    "O-R12 under Favour": Effect((_sign("O-R12", event="payment", fields={
        "reason": "tie_reward", "amount": 5, "payee": 0}, view={"event.kind": "favour"}),
        _sign("O-R12", event="payment", fields={
            "reason": "tie_reward", "amount": 5, "payee": 1}))),
    # a tie of 2 under Wrath: (4 + 2) // 2 = 3, halved: 1 each
    "O-R12 under Wrath": Effect((_sign("O-R12", event="payment", fields={
        "reason": "tie_reward", "amount": 1, "payee": 0}, view={"event.kind": "wrath"}),
        _sign("O-R12", event="payment", fields={
            "reason": "tie_reward", "amount": 1, "payee": 1}))),
    # a tie of 2 under Whim: (4 + 2) // 2 = 3 each, as without it
    "O-R17": Effect((_sign("O-R17", event="payment", fields={
        "reason": "tie_reward", "amount": 3, "payee": 0}, view={"event.kind": "whim"}),
        _sign("O-R17", event="payment", fields={
            "reason": "tie_reward", "amount": 3, "payee": 1}))),
    "O-R6 under Diversion": Effect((_sign("O-R6", event="lost_turn", fields={
        "reason": "every open battlefield is full"}, view={"event.kind": "diversion"}),)),
    "a defender keeping both cards becomes the rear rank and attacks": Effect((
        _sign("kept both", event="fight_outcome", fields={
            "outcome": "mixed", "defender": 1, "defender_kept": 2}),
        _sign("rear rank", event="attack", fields={"seat": 1}))),
    "attacking one's own rank after a shaman skip": Effect((
        _sign("shaman", event="shaman_skip"),
        _sign("your own", event="fight_outcome", fields={"attacker": 0, "defender": 0}))),
    "impose nothing": Effect((_sign("impose nothing", event="imposed_nothing", fields={
        "seat": 0}, action="impose"),)),
    "a cleared battlefield refuses ranks": Effect(
        (_sign("cleared", view={"battlefields.lothari.cleared": True,
                                "pending.kind": "deploy", "pending.seat": 0}),),
        refused=({"type": "place_rank", "battlefield": "lothari", "left": "infantry-1",
                  "right": "infantry-2", "face_down": "left"}, "battlefield-cleared")),
}

# Pirate's Cove: Anne is the learner (seat 0), Bart seat 1.
PIRATES: dict[str, Effect] = {
    # Crew 7 gives 5 dice, Cannons 1 gives 2: the volley rolls the Crew's 5
    "Grappling Hooks": Effect((_sign("Grappling Hooks", view={
        "log.kind=battle_card.card=grappling_hooks.len": 1,
        "log.kind=volley.ship=0.-1.dice.len": 5, "players.0.values.cannons": 2}),)),
    "Becalmed": Effect((_sign("Becalmed", event="battle_card", fields={"card": "becalmed"}),),
                       refused=({"type": "volley_card", "card": "grapeshot"}, "becalmed")),
    "the outfit reveal": Effect((_sign("revealed together", event="outfits_revealed",
                                       action="outfit"),)),
    "mending a Mastercraft": Effect((_sign("mend", event="mastercraft_mended", fields={
        "seat": 0}, action="mend"),)),
    # a parrot's death costs 2 fame; with 1 fame the track stops at 0
    "P-R15": Effect((_sign("never goes below 0", event="parrot_killed", fields={"seat": 0},
                           view={"players.0.fame": 0}),)),
    "P-R27": Effect((_sign("P-R27", event="parrot_healed", fields={"seat": 0}),)),
    "P-R18": Effect((_sign("Letter of Marque", event="letter_of_marque", fields={
        "seat": 0, "island": 5}, view={"royal_navy.island": 5}),)),
    "P-R19": Effect((_sign("Escape", event="escape", fields={"seat": 0, "island": 2}),
                     _sign("Escape", event="plunder", fields={"seat": 0, "island": 2}))),
    "P-R20": Effect((_sign("Privateering|half", event=("privateering_loot",
                                                       "privateering_fame"), fields={
        "seat": 0, "victim": 1}),)),
    # the firer's own hull is hit too
    "P-R22": Effect((_sign("Powder Keg", event="powder_keg", fields={"seat": 0}),
                     _sign("Powder Keg", event="damaged", fields={"seat": 0, "section": "hull"}))),
    "P-R33": Effect((_sign("map", event="treasure_map", fields={"seat": 0}),
                     _sign("map", event="plunder", fields={"seat": 0, "doubled": True}))),
    "the Flying Dutchman's regeneration": Effect((_sign("Dutchman", event="legend_regains",
                                                        fields={"legend": "flying_dutchman"}),)),
    "Blackbeard sinking": Effect((_sign("Blackbeard", event="legend_sunk",
                                        fields={"legend": "blackbeard"}),)),
    "a sunk pirate replaced": Effect((_sign("replace", event="legend_moves",
                                            fields={"replaced": True}),)),
    # on Treasure Island the combat ends when the pirate sinks, both players still there
    "P-R32": Effect((_sign("Treasure Island", event="legend_sunk", fields={"island": 6}),
                     _sign("Treasure Island", event="combat_end", fields={
                         "island": 6, "survivors": [0, 2]}))),
    "P-R23": Effect((_sign("Full Broadside", event="volley", fields={
        "ship": 0, "cards": ["full_broadside"], "at_legend": ["blackbeard", "flying_dutchman"],
        "section": "hull"}),)),
    # Grapeshot's recoil with Silver's parrot aboard and no Mastercraft on the Cannons
    "P-R9": Effect((_sign("Silver", event="grapeshot_recoil", fields={"seat": 0}),
                    _sign("Silver", event="parrot_killed", fields={"seat": 0, "card": "silver"}))),
}

ITEMS: dict[str, dict[str, Effect]] = {"orcz": ORCZ, "pirates": PIRATES}


def _steps(lesson: L.Lesson) -> Iterator[tuple[L.Run, L.Window]]:
    """Each step as the learner meets it, with its window (the lesson played as expected)."""
    run = L.start(lesson)
    for window in L.windows(lesson):
        yield run, window
        step = run.step
        assert step is not None
        run = L.advance(run, L.expected_action(run) if step.kind == L.TASK else None)


def _refuses(run: L.Run, move: Mapping[str, Any], code: str) -> bool:
    try:
        run.game.apply(run.state, run.game.action_from_json({"seat": run.lesson.seat, **move}))
    except IllegalAction as err:
        return err.code == code
    return False


def seen(effect: Effect, run: L.Run, window: L.Window) -> bool:
    players = run.lesson.players
    if any(L.observed(L.Observable("", (sign,)), window, players) for sign in effect.signs):
        return False
    if any(e.get("kind") == kind and L._fits(fields, e)
           for kind, fields in effect.absent for e in window.events):
        return False
    return effect.refused is None or _refuses(run, *effect.refused)


def where_seen(game: str, effect: Effect, lessons: tuple[L.Lesson, ...] | None = None
               ) -> list[str]:
    """The steps (``<lesson>#<step>``) of the lessons to take when a rule comes up that show
    ``effect`` at work."""
    chosen = L.read_tracks(game).when_it_happens if lessons is None else lessons
    return [f"{lesson.id}#{run.index + 1}" for lesson in chosen if not lesson.capstone
            for run, window in _steps(lesson) if seen(effect, run, window)]


CASES = [(game, item) for game, table in ITEMS.items() for item in table]


@pytest.mark.parametrize(("game", "item"), CASES)
def test_the_item_happens_on_the_board_in_a_lesson(game: str, item: str) -> None:
    """In a lesson to take when it comes up: the essentials stay at most 20 minutes."""
    assert where_seen(game, ITEMS[game][item]), f"{game}: {item} is never seen at work"


def test_a_step_removed_stops_its_item_being_seen() -> None:
    """Orcz lesson 07 without its Wrath step: Wrath's halved reward is seen nowhere."""
    lesson = next(x for x in L.read_lessons("orcz") if x.id == "07_events")
    effect = ORCZ["Llovar's Wrath"]
    assert where_seen("orcz", effect, (lesson,))
    kept = tuple(s for s in lesson.steps if s.rules != ("O:events/llovars-wrath",))
    assert len(kept) == len(lesson.steps) - 1
    renumbered = tuple(
        L.Step(**{**s.__dict__, "number": n}) for n, s in enumerate(kept, start=1))
    cut = L.Lesson(**{**lesson.__dict__, "steps": renumbered})
    assert where_seen("orcz", effect, (cut,)) == []


# The words that name each Orcz item in the French lessons (the seed's names; ruling ids as
# they are): the same effects must be seen in the lessons read in French.
ORCZ_FR_WORDS = {
    "Llovar's Favour": ("Faveur",), "Llovar's Wrath": ("Colère",),
    "Llovar's Whim": ("Caprice", "Caprice"), "Storm": ("Tempête",),
    "Open Ground": ("Terrain dégagé",), "Heavy Ground": ("Terrain lourd",),
    "Confusion": ("Confusion",), "Diversion": ("Diversion",), "Fog": ("Brouillard",),
    "O-R12 under Favour": ("O-R12", "O-R12"), "O-R12 under Wrath": ("O-R12", "O-R12"),
    "O-R17": ("O-R17", "O-R17"), "O-R6 under Diversion": ("O-R6",),
    "a defender keeping both cards becomes the rear rank and attacks": (
        "gardé ses deux cartes", "dernier rang"),
    "attacking one's own rank after a shaman skip": ("shaman", "votre propre"),
    "impose nothing": ("n'imposez rien",), "a cleared battlefield refuses ranks": ("conquis",),
}


def test_every_orcz_item_happens_on_the_board_in_a_french_lesson() -> None:
    from dataclasses import replace

    from common.i18n import set_language

    assert set(ORCZ_FR_WORDS) == set(ORCZ)
    set_language("fr")
    lessons = L.read_tracks("orcz").when_it_happens
    english = {lesson.id: lesson.title for lesson in L.read_lessons("orcz", "en")}
    assert all(lesson.title != english[lesson.id] for lesson in lessons)  # read in French
    steps = [(lesson, run, window) for lesson in lessons if not lesson.capstone
             for run, window in _steps(lesson)]
    unseen = []
    for item, effect in ORCZ.items():
        words = ORCZ_FR_WORDS[item]
        french = replace(effect, signs=tuple(replace(sign, words=word) for sign, word in zip(
            effect.signs, words, strict=True)))
        if not any(seen(french, run, window) for _, run, window in steps):
            unseen.append(item)
    assert unseen == []
