"""Every refusal names its rule with a code (docs/pirates-actions.md): one situation per code,
built from the rules text, and a property over seeded games that the listing and the checks
agree on every action."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import pirates
from pirates import data as D
from pirates.actions import (
    Action,
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Escape,
    Fire,
    Flee,
    Lookout,
    Marque,
    Mastercraft,
    Mend,
    Navigate,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    Privateering,
    Reload,
    SendNavy,
    Shipowner,
    TreasureMap,
    Upgrade,
)
from pirates.options import check
from pirates.state import State
from tests.pirates.pirates_helpers import (
    HULL,
    act,
    board,
    legends_at,
    new,
    outfit_all,
    pass_window,
    refused,
    rig,
    rigged,
    sail,
    second_parrot,
    start,
    two_at_hull_island,
    until_seat,
)

DOCS = Path(__file__).parents[2] / "docs" / "pirates-actions.md"


def window(*cards: str) -> State:
    """The window before navigation; seat 0 to act, holding ``cards``."""
    return new(rigs={0: {"cards": cards}})


def after_nav(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = ()) -> State:
    """The window after navigation: seat 0 on Hull Island, seat 1 on Sail Island, the others on
    Treasure Island; seat 0 to act."""
    state = sail(new(rigs={0: {"cards": cards0}, 1: {"cards": cards1}}), {0: 2, 1: 3})
    assert state.phase == "after_navigation" and state.seat == 0
    return state


def navy_out(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = ("letter_of_marque",)
             ) -> State:
    """Seat 0 has sent the Royal Navy to Cannon Island; seat 1 (on Sail Island) to act."""
    return act(after_nav(("royal_navy_in_pursuit-1", *cards0), cards1), SendNavy(0, 4))


def navy_out_again(card0: str) -> State:
    """As ``navy_out``, seat 0 holding ``card0`` and to act again (the others passed)."""
    return act(navy_out((card0,), ()), Pass(1), Pass(2), Pass(3))


def boarding(*cards: str, chests: int = 0) -> State:
    state = two_at_hull_island(s0={"cards": list(cards), "chests": chests})
    assert state.combat is not None and state.combat.boarding and state.seat == 0
    return state


def volley_turn(*cards: str) -> State:
    state = board(boarding(*cards))
    assert state.seat == 0
    return state


def combat_with(state: State, **changes: object) -> State:
    assert state.combat is not None
    return state._replace(combat=state.combat._replace(**changes))


def effects(island: int, **ship0: object) -> State:
    """Seat 0 alone on ``island`` (the black ship moved away), at its island-effects turn."""
    state = legends_at(new(), D.CREW_ISLAND if island != D.CREW_ISLAND else D.SAIL_ISLAND)
    state = rig(state, 0, **ship0)  # type: ignore[arg-type]
    return until_seat(pass_window(sail(state, {0: island})), 0, island)


def treasure_island(**ship1: object) -> State:
    state = rig(new(), 1, **ship1)  # type: ignore[arg-type]
    return until_seat(pass_window(sail(state, {0: 2})), 1, D.TREASURE_ISLAND)


def in_cove(done: frozenset[str] = frozenset()) -> State:
    state = effects(D.HULL_ISLAND)
    return rig(state, 0, island=D.COVE)._replace(island=D.COVE, done=done)


CASES: list[tuple[str, Callable[[], State], Action]] = [
    ("game-over", lambda: start()._replace(phase="over"), Navigate(0, 1)),
    ("no-such-seat", start, Outfit(9, (1, 1, 1, 1))),
    ("not-your-turn", window, Pass(1)),
    ("wrong-phase", start, Buy(0)),
    ("parrot-first", lambda: second_parrot(1), Done(1)),
    ("no-parrot", window, ParrotChoice(0, False)),
    ("parrot-swap-unaffordable", lambda: second_parrot(0), ParrotChoice(1, True)),
    ("no-such-card", boarding, PlayBattle(0, "cutlass")),
    ("card-not-held", window, Privateering(0, 1)),
    ("no-such-section", lambda: effects(2, cards=["shipowner"]), Shipowner(0, "mast")),
    ("malformed", window, Navigate(0, "Tortuga")),  # type: ignore[arg-type]
    # Outfitting: rings on 1..7, within 9 gold.
    ("outfit-range", start, Outfit(0, (0, 1, 1, 1))),
    ("outfit-unaffordable", start, Outfit(0, (4, 4, 1, 1))),
    # P-R7: nobody sails to Pirate's Cove.
    ("no-such-course", lambda: pass_window(outfit_all(start())), Navigate(0, D.COVE)),
    # The window before navigation.
    ("already-in-play", lambda: window("treasure_map")._replace(treasure_map=(2, 1)),
     TreasureMap(0)),
    ("own-ship", lambda: window("privateering"), Privateering(0, 0)),
    ("no-such-seat", lambda: window("lookout"), Lookout(0, 7)),
    # The Royal Navy and the Letter of Marque (P-R18).
    ("navy-at-sea", lambda: navy_out_again("royal_navy_in_pursuit-2"), SendNavy(0, 5)),
    ("navy-outer-island", lambda: after_nav(("royal_navy_in_pursuit-1",)), SendNavy(0, 6)),
    ("navy-own-island", lambda: after_nav(("royal_navy_in_pursuit-1",)), SendNavy(0, 2)),
    ("no-navy", lambda: after_nav(("letter_of_marque",)), Marque(0, 4)),
    ("navy-already-there", navy_out, Marque(1, 4)),
    ("navy-sender-island", navy_out, Marque(1, 2)),
    ("navy-own-island", navy_out, Marque(1, 3)),
    ("navy-outer-island", navy_out, Marque(1, 6)),
    ("navy-yours", lambda: navy_out_again("letter_of_marque"), Marque(0, 5)),
    # Escape: to an empty outer island or Treasure Island.
    ("escape-island", lambda: after_nav(("escape",)), Escape(0, D.COVE)),
    ("escape-own-island", lambda: after_nav(("escape",)), Escape(0, 2)),
    ("escape-occupied", lambda: after_nav(("escape",)), Escape(0, 3)),
    # Boarding rounds, then volleys.
    ("boarding-over", volley_turn, Pass(0)),
    ("boarding-over", lambda: volley_turn("smoke-1"), PlayBattle(0, "smoke")),
    ("not-a-battle-card", lambda: boarding("grapeshot-1"), PlayBattle(0, "grapeshot")),
    ("overboard-chests", lambda: boarding("smoke-1"), PlayBattle(0, "smoke", 2)),
    ("overboard-chests", lambda: boarding("overboard", chests=2), PlayBattle(0, "overboard", 3)),
    ("boarding", boarding, Fire(0, 1, HULL)),
    ("boarding", boarding, NavyFire(0, 1, HULL)),
    ("not-navy-turn", volley_turn, NavyFire(0, 1, HULL)),
    ("not-a-volley-card", lambda: volley_turn("smoke-1"), PlayVolley(0, "smoke")),
    ("becalmed", lambda: combat_with(volley_turn("grapeshot-1"), becalmed=True),
     PlayVolley(0, "grapeshot")),
    ("tiebreak-no-cards", lambda: combat_with(volley_turn("grapeshot-1"), island=0),
     PlayVolley(0, "grapeshot")),
    ("tiebreak-no-flight", lambda: combat_with(volley_turn(), island=0), Flee(0)),
    ("must-fire-after-volley", lambda: act(volley_turn("grapeshot-1"), PlayVolley(0, "grapeshot")),
     Flee(0)),
    ("must-reload", lambda: combat_with(volley_turn(), reload=(1, -1, -1, -1)), Fire(0, 1, HULL)),
    ("no-reload", volley_turn, Reload(0)),
    ("own-ship", volley_turn, Fire(0, 0, HULL)),
    ("not-in-combat", volley_turn, Fire(0, 2, HULL)),
    ("raider-first", lambda: board(rigged({0: 1, 1: 1})), Fire(0, 1, HULL)),
    ("raider-hull-only", lambda: board(rigged({0: 1, 1: 1})), Fire(0, D.LEGEND_SHIP, "sails")),
    # Island effects.
    ("wrong-island", lambda: effects(2), Upgrade(0, "sails", 2)),
    ("wrong-island", lambda: effects(2), Buy(0)),
    ("wrong-island", treasure_island, Upgrade(1, "hull", 2)),
    ("wrong-island", lambda: effects(2), Bury(0, 1, 0)),
    ("upgrade-level", lambda: effects(2), Upgrade(0, "hull", 1)),
    ("upgrade-unaffordable", lambda: effects(2, gold=0), Upgrade(0, "hull", 4)),
    ("buy-limit", lambda: effects(1)._replace(bought=3), Buy(0)),
    ("tavern-empty", lambda: effects(1)._replace(tavern_deck=(), tavern_discard=()), Buy(0)),
    ("buy-unaffordable", lambda: rig(effects(1), 0, gold=1), Buy(0)),
    ("once-per-visit", lambda: treasure_island()._replace(done=frozenset({"double"})),
     DoubleUpgrade(1, HULL)),
    ("once-per-visit", lambda: treasure_island(chests=2)._replace(done=frozenset({"bury"})),
     Bury(1, 1, 0)),
    ("section-at-top", lambda: treasure_island(levels=(7, 1, 1, 1)), DoubleUpgrade(1, HULL)),
    ("upgrade-unaffordable", lambda: treasure_island(gold=1), DoubleUpgrade(1, HULL)),
    ("bury-nothing", treasure_island, Bury(1, 0, 0)),
    ("bury-chests", lambda: treasure_island(chests=1), Bury(1, 2, 0)),
    ("bury-unaffordable", lambda: treasure_island(gold=5), Bury(1, 0, 2)),
    ("cove-first", in_cove, Done(0)),
    ("cove-done", lambda: in_cove(frozenset({"cove"})), CoveDraw(0, True)),
    ("wrong-island", lambda: effects(2), CoveDraw(0, False)),
    ("mastercraft-fitted", lambda: effects(2, cards=["mastercraft-1"], craft="sails"),
     Mastercraft(0, HULL)),
    ("mastercraft-section-fitted",
     lambda: effects(2, cards=["mastercraft-1"], craft="sails")._replace(multi_craft=True),
     Mastercraft(0, "sails")),
    ("nothing-to-mend", lambda: effects(2), Mend(0)),
    ("mend-unaffordable",
     lambda: rig(effects(2, craft="sails", craft_damaged=True), 0, gold=0), Mend(0)),
    ("section-at-top", lambda: effects(2, cards=["shipowner"], levels=(1, 7, 1, 1)),
     Shipowner(0, "sails")),
    ("section-destroyed", lambda: effects(2, cards=["shipowner"], levels=(1, 1, -1, 1)),
     Shipowner(0, "crew")),
]


@pytest.mark.parametrize(("code", "build", "action"), CASES,
                         ids=[f"{c[0]}-{type(c[2]).__name__}" for c in CASES])
def test_each_rule_refuses_with_its_code(
    code: str, build: Callable[[], State], action: Action
) -> None:
    state = build()
    assert action not in pirates.legal_actions(state, action.seat)
    refused(state, action, code)


def test_the_royal_navy_turn_is_its_controllers_to_name_a_target() -> None:
    state = board(act(after_nav(("royal_navy_in_pursuit-1",)), SendNavy(0, 3), Pass(1),
                      Pass(2), Pass(3), Pass(0)))
    assert state.combat is not None and state.combat.island == 3  # seat 1 against the Navy
    assert state.seat == 0  # the Navy (speed 20) fires first, by its controller
    refused(state, Fire(0, 1, HULL), "navy-turn")


def test_refusals_say_what_the_rule_asks() -> None:
    assert refused(effects(2, gold=0), Upgrade(0, "hull", 4), "upgrade-unaffordable") == (
        "a hull ring from 1 to 4 costs 5 gold and you have 4")  # 1 + 2 + 2; 4 gold plundered
    assert refused(effects(2), Upgrade(0, "sails", 2), "wrong-island") == (
        "Hull Island upgrades the hull only")
    assert "Sail Island" in refused(navy_out(), Marque(1, 3), "navy-own-island")
    assert "Hull Island" in refused(navy_out(), Marque(1, 2), "navy-sender-island")


def test_every_documented_code_is_raised_above() -> None:
    table = DOCS.read_text(encoding="utf-8").split("## Refusal codes", 1)[1].split("\n## ")[0]
    documented = {part.strip("` ") for line in table.splitlines() if line.startswith("| `")
                  for part in line.split("|")[1].split(",")}
    assert documented == {c[0] for c in CASES} | {"navy-turn"}


# --------------------------------------------------------------------------- the property

_OLD_WORDS = ("cannot afford that, or it is not offered", "is not legal now with those details")


def candidates(state: State, seat: int, rnd: random.Random) -> Iterator[Action]:
    """A broad set of actions for ``seat``, legal or not, with fields in and out of range."""
    seats = range(-1, state.seat_count + 1)
    islands = range(0, 9)
    sections = (*D.SECTIONS, "mast")
    cards = (*D.EFFECT_NAMES, "cutlass")
    yield from (Pass(seat), TreasureMap(seat), Buy(seat), Done(seat), Flee(seat),
                Reload(seat), Mend(seat), ParrotChoice(seat, True), ParrotChoice(seat, False),
                CoveDraw(seat, True), CoveDraw(seat, False), Pass(rnd.choice(seats)))
    for _ in range(12):
        yield Outfit(seat, tuple(rnd.randint(0, 8) for _ in range(4)))  # type: ignore[arg-type]
    for i in islands:
        yield from (Navigate(seat, i), SendNavy(seat, i), Marque(seat, i), Escape(seat, i))
    for s in seats:
        yield from (Privateering(seat, s), Lookout(seat, s))
    for name in sections:
        yield from (Shipowner(seat, name), Mastercraft(seat, name), DoubleUpgrade(seat, name))
        yield from (Upgrade(seat, name, level) for level in range(0, 9))
        for target in range(-2, state.seat_count + 1):
            yield from (Fire(seat, target, name), NavyFire(seat, target, name))
    for effect in cards:
        yield from (PlayVolley(seat, effect), PlayBattle(seat, effect))
        yield PlayBattle(seat, effect, rnd.randint(1, 3))
    yield from (Bury(seat, c, b) for c in range(-1, 4) for b in range(-1, 4))


def sampled_states(games: int) -> Iterator[tuple[State, random.Random]]:
    for seed in range(games):
        rnd = random.Random(seed)
        state = pirates.new_game(["A", "B", "C", "D", "E"][: 3 + seed % 3], seed)
        step = 0
        while not pirates.is_over(state):
            seat = rnd.choice(pirates.to_act(state))
            if step % 7 == 0:
                yield state, rnd
            state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
            step += 1


def test_the_listing_offers_exactly_what_the_checks_allow() -> None:
    """Seeded random games: every listed action passes every check, and every action left out
    is refused by a rule (a code, never 'malformed' for a well-formed action) in its words."""
    codes: set[str] = set()
    for state, rnd in sampled_states(6):
        for seat in pirates.to_act(state):
            legal = set(pirates.legal_actions(state, seat))
            for action in candidates(state, seat, rnd):
                found = check(state, action)
                assert (found is None) == (action in legal), (action, found)
                if found is not None:
                    assert found.code not in ("malformed", "not-offered"), (action, found)
                    assert not any(old in str(found) for old in _OLD_WORDS)
                    codes.add(found.code)
    assert len(codes) > 30, codes
