"""Hand-offs: the curtains a whole game costs, against the floor its secrets force.

Seeded whole games are played through the app's keys (headless, Textual's ``Pilot``), every seat
a person, with a scripted policy: a person who could play a card plays one about half of the
times they could (claiming a window with their number, opening their hand with ``o`` at a
public decision, playing a scout in Orcz), and otherwise takes a random choice.

Two figures, counted apart so that one cannot follow from the other:

- **curtains**: counted from the screens, each ``CurtainScreen`` the app shows;
- **floor**: counted from the policy's decisions and the rules, never from the screens. It is
  ``secret_choices + hands_opened``:

  - ``secret_choices``: one per seat each time it makes a choice the rules make secret (Pirate's
    Cove: the outfitting, a course set without Lookout; Orcz: placing a rank from behind one's
    screen);
  - ``hands_opened``: each time the policy opened a hand (``o``, claiming a window) or played a
    hidden card (a Tavern card, a scout) without its hand already open.

  A seat whose hand is open stays so, costing nothing more, until another person decides at the
  terminal (the rules' classification below is the benchmark's own, from the rules texts: a
  build that puts a public decision behind a curtain pays for it).

Target: curtains ≤ 1.15 × floor for Pirate's Cove with 3 and 5 people and Orcz with 4.

Run: ``python tests/bench/handoffs.py`` (``--json`` prints one object per game, ``--seed`` and
``--games`` choose the games; ``--quick`` plays the first moves of one table, to check that the
bench runs, and judges no target). Saves go to a temporary folder, never the user's own.

The app runs as shipped, its key guard on: keys for a curtain or a notice are sent once it has
been on screen ``KeyGuard.SECONDS``, as a player's would be (``tests/bench/patience.py``). The
counts do not depend on it; the time a game takes does (the seconds waited are printed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from textual.pilot import Pilot

from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.curtain import CurtainScreen
from common.tui.end import EndScreen
from common.tui.table import TableScreen
from common.tui.window import WindowPicker
from pirates.offers import plays_card
from tests.bench import patience
from tests.tui import driver

TARGET = 1.15
QUICK_MOVES = 12  # --quick: the outfitting and the first courses of a 3-person table
GAMES = (("pirates", 3), ("pirates", 5), ("orcz", 4))
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
FIELDS = ("game", "players", "curtains", "secret_choices", "hands_opened", "floor", "ratio")

SECRET, CARD, PUBLIC = "secret", "card", "public"


# ---- what the rules make secret (the benchmark's own reading of the rules texts)

def pirates_kind(session: GameSession, step: int, data: dict[str, Any]) -> str:
    """Reference §10: only the Tavern cards in a hand are secret once the month's simultaneous
    choices (the outfitting; the courses, unless Lookout has them set openly) are revealed."""
    kind = data.get("type")
    if kind == "outfit":
        return SECRET
    if kind == "navigate":
        before = session.game.view(session._states[step], None)  # the state it was set in
        return SECRET if before.get("lookout_first") is None else PUBLIC
    return CARD if plays_card(session.game.action_from_json(data)) else PUBLIC


def orcz_kind(session: GameSession, step: int, data: dict[str, Any]) -> str:
    """Reference §10: the cards behind a player's screen and a face-down card are secret; a
    rank is placed from behind the screen; a scout shows its player a face-down card. Attack or
    hold, the hand-out, imposing and a challenge are announced (« le joueur annonce »)."""
    kind = data.get("type")
    if kind == "place_rank":
        return SECRET
    return CARD if kind == "scout" else PUBLIC


KINDS = {"pirates": pirates_kind, "orcz": orcz_kind}


@dataclass
class Tally:
    """The floor, from the policy's decisions and the moves the rules record."""

    secret_choices: int = 0
    hands_opened: int = 0
    open_seat: int | None = None  # the seat whose hand is open (no curtain needed again)

    @property
    def floor(self) -> int:
        return self.secret_choices + self.hands_opened

    def opened(self, seat: int) -> None:
        """The policy chose to open ``seat``'s hand (``o``, a claim)."""
        self.hands_opened += 1
        self.open_seat = seat

    def public(self, seat: int | None) -> None:
        """A decision at the public table by ``seat`` (None: the table's question): any other
        seat's open hand had to go down for it."""
        if seat is None or seat != self.open_seat:
            self.open_seat = None

    def move(self, seat: int, kind: str) -> None:
        """A move the rules recorded for ``seat``: a secret choice or a hidden card opens its
        hand unless it is already open."""
        if kind == PUBLIC or seat == self.open_seat:
            return
        if kind == SECRET:
            self.secret_choices += 1
        else:
            self.hands_opened += 1
        self.open_seat = seat


# ---- the policy: one move through the keys; says who decided at the table and whether it
# ---- opened a hand

Move = Callable[[Pilot[Any], random.Random], Coroutine[Any, Any, "Decision"]]


@dataclass
class Decision:
    """What the policy just did: ``public`` for a decision taken at the public table (``seat``
    None: the whole table's question), ``opened`` when it chose to open ``seat``'s hand."""

    seat: int | None = None
    public: bool = False
    opened: bool = False


def table_of(app: Any) -> TableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def pirates_move(pilot: Pilot[Any], rng: random.Random) -> Decision:
    """A card about half the times one could be played, else a random choice."""
    if not isinstance(pilot.app.screen, TableScreen):  # a curtain, a notice: Enter
        await driver.pirates_step(pilot, rng)
        return Decision()
    table = driver.pirates_table(pilot.app)
    assert table is not None and table.picker is not None
    if isinstance(table.picker, WindowPicker):
        seats = table.picker.seats
        said = await driver.claim(pilot, table, rng)
        claimant = next((s for s, name in seats if said == f"claim {name}"), None)
        return Decision(claimant, opened=True) if claimant is not None else Decision(public=True)
    if table.viewer is None:
        seat = table.public_seat
        said = await driver.pirates_step(pilot, rng)  # ``o`` half the time when it may help
        return Decision(seat, opened=said == "open hand", public=said != "open hand")
    seat = table.viewer
    legal = table.session.legal(seat)
    cards = [a for a in legal if plays_card(a)]
    action = rng.choice(cards) if cards else rng.choice(legal)
    before = table.session.action_count
    await driver.press_route(pilot, table, action, rng)
    assert table.session.action_count > before, f"the keys did not make {action}"
    return Decision(seat)


async def orcz_move(pilot: Pilot[Any], rng: random.Random) -> Decision:
    """A scout now and then when one may be played, else a random choice."""
    top = pilot.app.screen
    if isinstance(top, CurtainScreen):  # Enter (the driver's own step may undo there)
        await driver.press(pilot, "enter", what=f"{top.player}'s curtain to lift")
        return Decision()
    if not isinstance(top, TableScreen):  # a notice, a question of who: the driver's way
        await driver.orcz_step(pilot, rng, True)
        return Decision()
    table = driver.game_screen(pilot.app)
    seat = table.viewer if table.viewer is not None else table.public_seat
    said = await driver.orcz_step(pilot, rng, True)
    if said == "scout":  # "Who plays a scout?" is asked at the table: the hand shown goes
        return Decision(seat, public=True)  # down; the scout is counted from its move
    return Decision(seat, public=table.viewer is None)


MOVES: dict[str, Move] = {"pirates": pirates_move, "orcz": orcz_move}


def count_curtains(app: HotseatApp) -> list[CurtainScreen]:
    """Every curtain the app shows, as it is pushed (so none is missed between two looks)."""
    shown: list[CurtainScreen] = []
    push = app.push_screen

    def counted(screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, CurtainScreen):
            shown.append(screen)
        return push(screen, *args, **kwargs)

    app.push_screen = counted  # type: ignore[method-assign]
    return shown


async def play(game: str, players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    """One game (or its first ``moves`` policy moves), its figures."""
    session = GameSession.new(game, list(NAMES[:players]), seed)
    app = HotseatApp(session, bot_pause=0)
    curtains = count_curtains(app)
    tally, kind, move = Tally(), KINDS[game], MOVES[game]
    rng = random.Random(seed)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(moves or 40000):
            await driver.settle(pilot)
            if isinstance(pilot.app.screen, EndScreen):
                break
            before = session.action_count
            done = await move(pilot, rng)
            if done.public:
                tally.public(done.seat)
            if done.opened and done.seat is not None:
                tally.opened(done.seat)
            for step in range(before, session.action_count):
                data = session.record.actions[step]
                tally.move(int(data["seat"]), kind(session, step, data))
        else:
            if moves is None:
                raise AssertionError("the game did not end")
    session.release()
    floor = tally.floor
    return {"game": game, "players": players, "seed": seed, "curtains": len(curtains),
            "secret_choices": tally.secret_choices, "hands_opened": tally.hands_opened,
            "floor": floor, "ratio": round(len(curtains) / floor, 3) if floor else None,
            "moves": session.action_count}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--games", type=int, default=1, help="seeds per table")
    parser.add_argument("--only", choices=("pirates", "orcz"), help="one game's tables")
    parser.add_argument("--quick", action="store_true",
                        help=f"the first {QUICK_MOVES} moves of one table: the bench runs")
    args = parser.parse_args(argv)
    os.environ["HOTSEAT_DATA_DIR"] = tempfile.mkdtemp(prefix="hotseat-handoffs-")
    patience.install()  # the key guard as shipped: keys wait for it as a player does
    worst = 0.0
    for game, players in GAMES:
        if (args.only and game != args.only) or (args.quick and (game, players) != GAMES[0]):
            continue
        for seed in range(args.seed, args.seed + args.games):
            start = time.perf_counter()
            waited = patience.waited[0]
            row = asyncio.run(play(game, players, seed, QUICK_MOVES if args.quick else None))
            worst = max(worst, row["ratio"] or 0.0)
            if args.json:
                print(json.dumps({k: row[k] for k in FIELDS}), flush=True)
            else:
                print(f"{game:8} {players} people, seed {seed}: {row['curtains']:4} curtains, "
                      f"floor {row['floor']:4} ({row['secret_choices']} secret choices + "
                      f"{row['hands_opened']} hands opened), ratio {row['ratio']} "
                      f"(target ≤ {TARGET}); {row['moves']} moves, "
                      f"{time.perf_counter() - start:.0f} s ("
                      f"{patience.waited[0] - waited:.0f} s of it waiting for the key guard)",
                      flush=True)
    return 0 if worst <= TARGET or args.quick else 1


if __name__ == "__main__":
    raise SystemExit(main())
