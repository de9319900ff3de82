"""One source of truth for legality: in every state of many seeded games, a core
accepts an action exactly when its listing offers it to the seat that takes it. The candidates
are every listed action of every seat plus near misses: a listed action with one field changed to
a value that field took elsewhere in the game (another battlefield, card, seat, share...). Both
cores follow this one policy, whichever of their copies (listing or check) a rule reads."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

import pytest

import orcz
import pirates
from common.engine import GameModule
from common.errors import IllegalAction

GAMES = [(orcz, (2, 3, 4), {}), (orcz, (4,), {"orc_challenge": True}), (pirates, (3, 4, 5), {})]


def accepted(game: GameModule, state: Any, action: Any) -> bool:
    try:
        game.apply(state, action)
    except IllegalAction:
        return False
    return True


def near_misses(action: Any, pool: dict[str, set[Any]], rnd: random.Random) -> list[Any]:
    """``action`` with one field changed at a time to values that field took elsewhere."""
    out = []
    for field in dataclasses.fields(action):
        values = sorted(pool[field.name] - {getattr(action, field.name)}, key=repr)
        for value in rnd.sample(values, min(3, len(values))):
            out.append(dataclasses.replace(action, **{field.name: value}))
    return out


def check_state(game: GameModule, state: Any, players: int, pool: dict[str, set[Any]],
                rnd: random.Random) -> int:
    listed = {seat: game.legal_actions(state, seat) for seat in range(players)}
    for actions in listed.values():
        for action in actions:
            for field in dataclasses.fields(action):
                pool[field.name].add(getattr(action, field.name))
    candidates = [a for actions in listed.values()
                  for a in rnd.sample(actions, min(6, len(actions)))]
    candidates += [m for a in list(candidates) for m in near_misses(a, pool, rnd)]
    for action in candidates:
        seat = action.seat
        offered = 0 <= seat < players and action in listed[seat]
        assert accepted(game, state, action) == offered, (
            f"{action!r} is {'listed' if offered else 'not listed'} for seat {seat} but "
            f"{'refused' if offered else 'accepted'}")
    return len(candidates)


@pytest.mark.parametrize(("game", "counts", "options"), GAMES,
                         ids=["orcz", "orcz-challenge", "pirates"])
def test_a_core_accepts_exactly_what_its_listing_offers(
        game: GameModule, counts: tuple[int, ...], options: dict[str, Any]) -> None:
    checked = 0
    for players in counts:
        for seed in (1, 2):
            rnd = random.Random(seed * 100 + players)
            state = game.new_game([f"P{i}" for i in range(players)], seed, **options)
            pool: dict[str, set[Any]] = defaultdict(set)
            step = 0
            while not game.is_over(state):
                if step % 3 == 0:
                    checked += check_state(game, state, players, pool, rnd)
                seat = rnd.choice(game.to_act(state))
                state = game.apply(state, rnd.choice(game.legal_actions(state, seat)))
                step += 1
    assert checked > 1000


def test_a_listing_that_forgets_an_action_the_rules_accept_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = orcz.legal_actions

    def forgetful(state: Any, seat: int) -> list[Any]:
        # forgets the placements on Lothari, which the rules' checks still accept
        return [a for a in real(state, seat) if getattr(a, "battlefield", "") != "lothari"]

    state = orcz.new_game(["Ann", "Bob", "Cid"], 3)
    pool: dict[str, set[Any]] = defaultdict(set)
    for action in real(state, orcz.to_act(state)[0]):  # what the fields took in the game
        for field in dataclasses.fields(action):
            pool[field.name].add(getattr(action, field.name))
    monkeypatch.setattr(orcz, "legal_actions", forgetful)
    with pytest.raises(AssertionError, match=r"not listed for seat .* but accepted"):
        check_state(orcz, state, 3, pool, random.Random(1))
