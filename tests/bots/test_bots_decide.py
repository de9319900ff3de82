"""Computer players decide only from what their seat may know, and play whole games."""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from typing import Any

import pytest

import common.bots
import orcz
import orcz.bot
import pirates
import pirates.sample
from common.bots import LEVELS, HardBot, Seen, choose, game_bots, make_bot, rollout
from common.rng import Rng
from orcz import data as D
from orcz.actions import Attack, Hold
from orcz.state import DEPLOY, FIGHT, Pending, Rank
from orcz.state import State as OrczState
from pirates import data as PD
from pirates.state import State as PiratesState


def orcz_deployment(seed: int, placements: int) -> OrczState:
    """A 3-player Orcz game after some random placements, still deploying."""
    rnd = random.Random(seed)
    state = orcz.new_game(["A", "B", "C"], seed)
    for _ in range(placements):
        seat = orcz.to_act(state)[0]
        state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
    assert state.pending.kind == DEPLOY
    return state


def swap_a_hidden_card(state: OrczState, seat: int) -> OrczState | None:
    """The same table but for one opponent's face-down card, swapped with a card of theirs behind
    the screen that may stand there too; and another order of the piles and generator."""
    partners = orcz.tables.partner_masks(False, False)
    for f, field in enumerate(state.fields):
        for position, rank in enumerate(field.column):
            hidden = rank.face_down_card()
            if rank.owner == seat or hidden < 0:
                continue
            up = rank.right if rank.down == 0 else rank.left
            hand = state.hands[rank.owner]
            for card in range(D.SCOUT_I):
                if hand >> card & 1 and partners[up] >> card & 1 and card != hidden:
                    left, right = (card, up) if rank.down == 0 else (up, card)
                    column = list(field.column)
                    column[position] = Rank(rank.owner, left, right, rank.down, False)
                    hands = list(state.hands)
                    hands[rank.owner] = hand & ~(1 << card) | 1 << hidden
                    fields = list(state.fields)
                    fields[f] = field._replace(column=tuple(column))
                    return state._replace(
                        fields=tuple(fields), hands=tuple(hands), rng=Rng(12345),
                        event_pile=tuple(reversed(state.event_pile)))
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_an_orcz_bot_decides_the_same_whatever_it_may_not_know(level: str) -> None:
    checked = 0
    for seed in range(12):
        state = orcz_deployment(seed, 4 + seed % 5)
        seat = orcz.to_act(state)[0]
        other = swap_a_hidden_card(state, seat)
        if other is None:
            continue
        assert orcz.view(other, seat) == orcz.view(state, seat)
        assert other != state
        bot = make_bot("orcz", level, seed=seed, rounds=2)
        assert choose(bot, state, seat, 9) == choose(bot, other, seat, 9)
        checked += 1
    assert checked >= 8


def pirates_mid_game(seed: int, steps: int) -> PiratesState:
    rnd = random.Random(seed)
    state = pirates.new_game(["A", "B", "C", "D"], seed)
    for _ in range(steps):
        seat = rnd.choice(pirates.to_act(state))
        state = pirates.apply(state, rnd.choice(pirates.legal_actions(state, seat)))
    return state


def other_hands_and_decks(state: PiratesState, seat: int) -> PiratesState:
    """Opponents' hands exchanged with cards of the Tavern deck (never parrots), the decks
    reordered: what ``seat`` may not know."""
    deck = list(state.tavern_deck)
    spare = [i for i, c in enumerate(deck) if pirates.data.TAVERN[c].kind != pirates.data.PARROT]
    ships = list(state.ships)
    for p, ship in enumerate(ships):
        if p == seat:
            continue
        hand = list(ship.hand)
        for h in range(len(hand)):
            if spare:
                d = spare.pop()
                hand[h], deck[d] = deck[d], hand[h]
        ships[p] = ship._replace(hand=tuple(sorted(hand)))
    deck.reverse()
    return state._replace(ships=tuple(ships), tavern_deck=tuple(deck),
                   legend_deck=tuple(reversed(state.legend_deck)), rng=Rng(999))


def copies_relabelled(state: PiratesState) -> PiratesState:
    """Every copy of each Tavern and Treasure card given another copy's number wherever it lies
    (hands, mats, decks, stacks, face up, discards, combat): the same cards at a real table."""
    return relabelled(state, reversed_copies(PD.TAVERN, lambda c: c.effect),
                      reversed_copies(PD.TREASURES, lambda c: c.id.split("#")[0]))


def reversed_copies(cards: Any, kind: Any) -> dict[int, int]:
    """Each card's index mapped to its kind's copy in the mirror position: a permutation."""
    copies: dict[str, list[int]] = {}
    for card in cards:
        copies.setdefault(kind(card), []).append(card.index)
    return {c: ids[-1 - n] for ids in copies.values() for n, c in enumerate(ids)}


def relabelled(state: PiratesState, flip: dict[int, int],
               treasure: dict[int, int] | None = None) -> PiratesState:
    """``state`` with each Tavern card ``c`` put where ``flip[c]`` lies (a permutation), and each
    Treasure card ``t`` where ``treasure[t]`` lies."""
    def one(card: int, table: dict[int, int] = flip) -> int:
        return table.get(card, card)

    def many(cards: tuple[int, ...], table: dict[int, int] = flip) -> tuple[int, ...]:
        return tuple(one(c, table) for c in cards)

    ships = tuple(s._replace(hand=tuple(sorted(many(s.hand))), parrot=one(s.parrot),
                             craft=one(s.craft),
                             more_crafts=tuple((x, one(c), d) for x, c, d in s.more_crafts))
                  for s in state.ships)
    combat = state.combat and state.combat._replace(battle=many(state.combat.battle),
                                                    volley=many(state.combat.volley))
    treasure = treasure or {}
    return state._replace(ships=ships, combat=combat, tavern_deck=many(state.tavern_deck),
                          tavern_discard=many(state.tavern_discard),
                          parrots=tuple((p, one(c)) for p, c in state.parrots),
                          face_up=many(state.face_up, treasure),
                          stacks=tuple(many(stack, treasure) for stack in state.stacks),
                          treasure_discard=many(state.treasure_discard, treasure))


def pirates_twins(state: PiratesState, seat: int) -> list[PiratesState]:
    """States ``seat`` cannot tell from ``state``: other hands and decks, copies, and both."""
    hidden = other_hands_and_decks(state, seat)
    return [hidden, copies_relabelled(state), copies_relabelled(hidden)]


def pirates_differences(level: str, seeds: int = 16, rounds: int = 1) -> tuple[int, int]:
    """Twin pairs checked, and how many of them ``level`` decided differently."""
    pairs = differ = 0
    for seed in range(seeds):
        state = pirates_mid_game(seed, 40 + 23 * (seed % 8) + seed // 8)
        seat = pirates.to_act(state)[0]
        bot = make_bot("pirates", level, seed=seed, rounds=rounds)
        mine = choose(bot, state, seat, 5)
        for twin in pirates_twins(state, seat):
            if twin == state:
                continue
            assert pirates.view(twin, seat) == pirates.view(state, seat)
            pairs += 1
            differ += choose(bot, twin, seat, 5) != mine
    return pairs, differ


@pytest.mark.parametrize("level", LEVELS)
def test_a_pirates_bot_decides_the_same_whatever_it_may_not_know(level: str) -> None:
    pairs, differ = pirates_differences(level)
    assert pairs >= 40 and differ == 0


def cheating(monkeypatch: pytest.MonkeyPatch, sample: Any) -> None:
    """Plants a cheat: every bot's worlds come from ``sample`` (state, seat, rnd)."""
    real = common.bots.game_bots
    monkeypatch.setattr(common.bots, "game_bots",
                        lambda game: dataclasses.replace(real(game), sample=sample))


def test_the_twin_test_catches_a_bot_that_reads_the_hidden_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cheating(monkeypatch, lambda state, seat, rnd: state)  # the real game for a world
    assert pirates_differences("hard")[1] > 0


def test_the_twin_test_catches_a_bot_that_tells_copies_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted cheat draws its worlds as the sampler does, from a seed the copy numbers of
    the discards, the Treasure cards face up and the seat's hand give: what only the copies
    tell."""
    def peek(state: PiratesState, seat: int, rnd: random.Random) -> PiratesState:
        labels = (*state.tavern_discard, *state.ships[seat].hand, *state.face_up,
                  *state.treasure_discard)
        return pirates.sample.sample(state, seat, random.Random(hash(labels)))

    cheating(monkeypatch, peek)
    assert pirates_differences("hard")[1] > 0


def test_a_bot_reads_no_state_only_worlds() -> None:
    """What a bot is given holds a world sampled from the state, never the state itself."""
    state = orcz_deployment(3, 5)
    seat = orcz.to_act(state)[0]
    seen = Seen(game_bots("orcz"), state, seat, random.Random(1))
    held = [getattr(seen, name) for name in Seen.__slots__]
    assert all(value is not state for value in held)
    assert seen.view() == orcz.view(state, seat)
    assert set(seen.legal) == set(orcz.legal_actions(state, seat))
    blind = Seen(game_bots("orcz"), state, seat, random.Random(1), worlds=False)
    with pytest.raises(RuntimeError):
        blind.world()


@pytest.mark.parametrize("game", ["orcz", "pirates"])
@pytest.mark.parametrize("level", ["random", "normal"])
def test_bots_play_whole_games(game: str, level: str) -> None:
    rules = game_bots(game).rules
    for seed in range(3):
        players = 3 + seed % 2
        bots = [make_bot(game, level, seed=seed * 10 + i) for i in range(players)]
        state = rules.new_game([f"P{i}" for i in range(players)], seed)
        turn = 0
        while not rules.is_over(state):
            seat = rules.to_act(state)[0]
            action = choose(bots[seat], state, seat, turn)
            assert action in rules.legal_actions(state, seat)
            state = rules.apply(state, action)
            turn += 1
        assert rules.result(state)["over"]


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_hard_plays_a_whole_game_and_is_deterministic_for_a_seed(game: str) -> None:
    rules = game_bots(game).rules
    players = 2 if game == "orcz" else 3
    levels = ["hard"] + ["random"] * (players - 1)
    moves = []
    for _ in range(2):
        bots = [make_bot(game, level, seed=5 + i, rounds=1, width=3)
                for i, level in enumerate(levels)]
        state = rules.new_game([f"P{i}" for i in range(players)], 4)
        played = []
        while not rules.is_over(state):
            seat = rules.to_act(state)[0]
            action = choose(bots[seat], state, seat, len(played))
            played.append(action)
            state = rules.apply(state, action)
        moves.append(played)
    assert moves[0] == moves[1]


def test_hard_stops_when_its_time_is_spent() -> None:
    """With budgets of steps and rounds it could never spend, only the clock can stop it."""
    state = orcz.new_game(["A", "B", "C", "D"], 2)
    seat = orcz.to_act(state)[0]
    bot = HardBot("orcz", seed=1, seconds=0.05, steps=10**9, rounds=10**6)
    start = time.perf_counter()
    choose(bot, state, seat, 0)
    assert time.perf_counter() - start < 0.5


def _fight(attacker: Rank, defender: Rank, event: str | None) -> OrczState:
    """Seat 0's rear rank ``attacker`` behind ``defender`` on Lothari, seat 0 to decide."""
    state = orcz.new_game(["A", "B", "C"], 1)
    field = state.fields[0]._replace(column=(defender, attacker))
    return state._replace(fields=(field, *state.fields[1:]), event=event,
                          pending=Pending(FIGHT, 0, 0))


def _card(card_id: str) -> int:
    return D.CARD_BY_ID[card_id].index


@pytest.mark.parametrize(("defender_owner", "event", "choice"), [
    (1, None, Attack),  # archer 2 beats infantry 1, infantry 2 beats cavalry 1: both wings
    (0, None, Hold),  # the rank ahead is its own: a fight would only cost it cards
    (1, "storm", Hold),  # Storm: archer 1 no longer beats infantry 3, one wing only
])
def test_the_normal_orcz_bot_attacks_when_both_wings_win(
    defender_owner: int, event: str | None, choice: type
) -> None:
    archer = "archer-2" if event is None else "archer-1"
    infantry = "infantry-1" if event is None else "infantry-3"
    attacker = Rank(0, _card(archer), _card("infantry-2"), 0, True)
    defender = Rank(defender_owner, _card(infantry), _card("cavalry-1"), 0, True)
    world = _fight(attacker, defender, event)
    legal = orcz.legal_actions(world, 0)
    assert isinstance(orcz.bot.shortlist(world, 0, legal, 2)[0], choice)


def test_unknown_levels_and_games_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("orcz", "genius")
    with pytest.raises(KeyError):
        make_bot("chess", "random")


@pytest.mark.parametrize("game", ["orcz", "pirates"])
def test_hard_rollouts_stop_at_the_end_of_the_round_or_month(game: str) -> None:
    """A rollout ends where the round (Orcz) or month (Pirates) it began in ends,
    and is scored by the game's value function, in [0, 1]; a whole game by the winner's share,
    or a loser's place (the share of the rivals it beat, weighed below any win)."""
    support = game_bots(game)
    rules = support.rules
    state = rules.new_game(["A", "B", "C", "D"], 3)
    stage = support.stage(state)
    value, steps = rollout(support, state, 0, random.Random(1), stage)
    whole, all_steps = rollout(support, state, 0, random.Random(1))
    assert 0 < steps < all_steps
    assert 0.0 <= value <= 1.0
    places = importlib.import_module(f"{game}.bot").PLACES
    assert whole in (0.5, 1.0 / 3, 0.25, 1.0) or 0.0 <= whole <= places * 2 / 3
    # The same steps, played by hand, reach the next round or month.
    rnd = random.Random(1)
    for _ in range(steps):
        who = rules.to_act(state)[0]
        legal = rules.legal_actions(state, who)
        state = rules.apply(state, legal[0] if len(legal) == 1 else support.normal(
            state, who, legal, rnd))
    assert support.stage(state) != stage or rules.is_over(state)
    assert value == support.value(state, 0)
